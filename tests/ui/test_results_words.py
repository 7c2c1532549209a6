"""The results page, the turning point and the demo's concession in a player's words, over seeded
games of every scenario: names, never ids; no event class names, snake_case or "(s)"; plurals right.
And the narration banners wrap inside the map at every window size."""

from __future__ import annotations

import re

import pytest
from seeded_games import games


def _event_class_names() -> set[str]:
    import game.rules.presets  # noqa: F401 - every system's events imported
    from game.rules.events import Event

    out, todo = set(), [Event]
    while todo:
        c = todo.pop()
        for sub in c.__subclasses__():
            out.add(sub.__name__)
            todo.append(sub)
    return out


def _ids_named_otherwise(m) -> set[str]:
    st = m.state
    ids = {s.id for s in st.sides if s.id != s.name}
    ids |= {f.id for f in st.figures.values() if f.id != f.name}
    # an id that is also a word of some display name ("surgeon" of "Dr Mercer, surgeon") is no sign
    named = {
        w.lower() for n in [*(s.name for s in st.sides), *(f.name for f in st.figures.values())] for w in n.split()
    }
    return {i for i in ids if i.lower() not in named}


def _faults(text: str, ids: set[str], classes: set[str]) -> list[str]:
    words = set(re.findall(r"[A-Za-z0-9_]+", text))
    lower = {w.lower() for w in words}
    out = [w for w in words if "_" in w]
    out += [w for w in words & classes]
    out += [w for w in lower & ids if len(w) > 2]
    if "(s)" in text:
        out.append("(s)")
    return out


@pytest.mark.parametrize("i", range(len(games())))
def test_results_turning_point_and_concession_in_a_players_words(i):
    from game.ai.concede import concession, turning_point
    from game.ui.scenes.results import summarise

    sid, m = games()[i]
    classes = _event_class_names()
    ids = _ids_named_otherwise(m)
    head, cas, did = summarise(m)
    st = m.state
    texts = [head, *did, *(line for lines in cas.values() for line in lines)]
    texts.append(turning_point(m.log, st.figures, {s.id: s.name for s in st.sides}) or "")
    c = concession(m)
    texts.append(c[1] if c else "")
    for t in texts:
        assert not _faults(t, ids, classes), (sid, t, _faults(t, ids, classes))
    if st.winner:
        assert head == f"{st.side(st.winner).name} win"
    for lines in cas.values():
        for line in lines:
            assert not re.search(r"\b1 wounds\b|\b([02-9]|\d\d+) wound\b", line), line


def test_counted_and_possessive_words():
    from game.ai.concede import possessive
    from game.ui.scenes.results import counted

    assert counted(1, "wound") == "1 wound" and counted(2, "wound") == "2 wounds"
    assert counted(1, "roll of the dice", "rolls of the dice") == "1 roll of the dice"
    assert possessive("Royalist raiders") == "Royalist raiders'"
    assert possessive("Crew of the Sea Wolf") == "Crew of the Sea Wolf's"


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (2560, 1440)])
def test_narration_banners_wrap_inside_the_map_at_every_size(app_factory, size):
    import pygame

    app = app_factory(size)
    scene = app.start_battle(app.find_scenario("farm_skirmish"), mode="demo", seed=10)
    app.step([], 1 / 60)
    long = (
        "Turning point — turn 2: Royalist raiders lost Musketeer Eloi, Pikeman Colin, Pikeman Denis and "
        "Musketeer Fulbert; Villagers of Beaulieu lost Farmhand Jacques, and the fight swung to Villagers of Beaulieu"
    )
    scene.narration = [[long, None, 5.0], ["Royalist raiders concede: " + long, None, 5.0]]
    scene.toasts = []
    drawn = []

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kw):
            r = source.get_rect(topleft=dest.topleft if hasattr(dest, "topleft") else dest)
            drawn.append(r)
            return super().blit(source, dest, *args, **kw)

    surf = Recording(size, pygame.SRCALPHA)
    scene.draw_overlays(surf)
    assert len(drawn) > 2  # the two banners took several lines
    m = scene.map_rect
    assert all(m.left <= r.left and r.right <= m.right for r in drawn), (m, drawn)


@pytest.mark.parametrize("i", range(len(games())))
def test_after_action_report_and_why_in_a_players_words(i):
    """The report's moments, figure lines and luck, and every roll's Why?: names, never ids."""
    from game.match import record_of
    from game.report.after_action import build
    from game.ui.report_words import figure_line, luck_sentence
    from game.ui.why_words import lines

    sid, m = games()[i]
    classes = _event_class_names()
    ids = _ids_named_otherwise(m)
    rep = build(record_of(m))
    texts = [mo.sentence for mo in rep.moments]
    texts += [f"{p.name}: {figure_line(p)}" for p in rep.figures]
    texts += [luck_sentence(rep, x) for x in rep.luck]
    for ev in m.log:
        if m.ruleset.roll_parts(ev) is not None:
            head, body, _ = lines(ev, m)
            texts += [head, *body]
    for t in texts:
        assert not _faults(re.sub(r"<[^>]+>", " ", t), ids, classes), (sid, t, _faults(t, ids, classes))
