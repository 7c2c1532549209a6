"""What the battle screen draws, in a player's words, over seeded games of every scenario: the log,
the narration banners, the question box, the option rows and Auto button, the figure card and the
verdict. None holds a snake_case id, a side, figure or place id where its display name differs, an
event class name, a coordinate pair or "(s)"."""

from __future__ import annotations

import glob
import os
import re

import pytest
from seeded_games import games, option_labels, questions

from game.ui.log_words import format_event

SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
COORD = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)")
TAG = re.compile(r"<[^>]+>")
MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(set(glob.glob(os.path.join(MAPS, "*.toml"))) - {os.path.join(MAPS, "learn_to_play.toml")})


def _event_classes() -> set[str]:
    import game.rules.presets  # noqa: F401 - every system's events imported
    from game.rules.events import Event

    out, todo = set(), [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__name__ not in out:
                out.add(sub.__name__)
                todo.append(sub)
    return out


def _ids_named_otherwise(m) -> set[str]:
    """Side, figure and victory-place ids that differ from every display name's words."""
    st = m.state
    ids = {s.id for s in st.sides if s.id != s.name} | {f.id for f in st.figures.values() if f.id != f.name}
    ids |= {c.zone for c in m.scenario.victory if c.zone and "_" in c.zone}
    named = {
        w.lower() for n in [*(s.name for s in st.sides), *(f.name for f in st.figures.values())] for w in n.split()
    }
    return {i.lower() for i in ids if i.lower() not in named and len(i) > 2}


def faults(text: str, ids: set[str], classes: set[str]) -> list[str]:
    text = TAG.sub(" ", text)
    words = set(re.findall(r"[A-Za-z0-9_]+", text))
    out = [f"snake_case {w!r}" for w in SNAKE.findall(text)]
    out += [f"class {w}" for w in words & classes]
    out += [f"id {w!r}" for w in {w.lower() for w in words} & ids]
    out += [f"coordinates {c!r}" for c in COORD.findall(text)]
    if "(s)" in text:
        out.append('"(s)"')
    return out


def _screen_texts(m) -> list[str]:
    from game.ui.figure_card import card_lines
    from game.ui.narration import headline

    st = m.state
    memo: dict = {}
    texts = []
    for ev in m.log:
        texts.append(format_event(ev, st))
        texts.append(headline(ev, m, memo) or "")
    for fid in st.figures:
        texts += [f"{lab} {val}" for lab, val in card_lines(m, fid, viewer=st.figures[fid].side)]
    return texts


@pytest.mark.xdist_group("seeded_games")
def test_log_banners_figure_cards_and_verdicts_of_seeded_games_speak_a_players_words():
    classes = _event_classes()
    bad = []
    for sid, m in games():
        ids = _ids_named_otherwise(m)
        for t in _screen_texts(m):
            f = faults(t, ids, classes)
            if f:
                bad.append(f"{sid}: {t!r}: {', '.join(f)}")
    assert not bad, "\n".join(sorted(set(bad))[:40])


@pytest.mark.xdist_group("seeded_games")
def test_verdicts_of_seeded_games_speak_a_players_words():
    classes = _event_classes()
    bad = [
        f"{sid}: {m.state.end_reason!r}: {', '.join(f)}"
        for sid, m in games()
        if (f := faults(m.state.end_reason, _ids_named_otherwise(m), classes))
    ]
    assert not bad, "\n".join(sorted(set(bad)))


@pytest.mark.xdist_group("seeded_games")
def test_questions_and_option_rows_of_seeded_games_speak_a_players_words():
    classes = _event_classes()
    ids_of = {sid: _ids_named_otherwise(m) for sid, m in games()}
    bad = []
    for text, sid in [*questions().items(), *option_labels().items()]:
        f = faults(text, ids_of[sid], classes)
        if f:
            bad.append(f"{sid}: {text!r}: {', '.join(f)}")
    assert not bad, "\n".join(sorted(set(bad))[:40])


def test_the_check_finds_each_fault():
    classes = {"MeleeResolved"}
    ids = {"capt_hale", "raiders"}
    assert faults("hold the quarter_deck", ids, classes)
    assert faults("Raiders win", ids, classes)
    assert faults("MeleeResolved at B2", ids, classes)
    assert faults("moves to (3.5, 4)", ids, classes)
    assert faults("held it for 2 turn(s)", ids, classes)
    assert not faults("<b>Royalist raiders'</b> turn: Captain Hale charges 4.1 in north", {"capt_hale"}, classes)


@pytest.mark.xdist_group("seeded_games")
def test_who_moves_first_reads_right_for_a_singular_or_a_plural_side():
    """'Crew of HMS Thetis' is one crew, 'Royalist raiders' are many: the turn's first mover is
    named without a verb that agrees with only one of them."""
    from game.ui.log_words import say
    from game.ui.narration import headline

    for sid, m in games():
        for ev in m.log:
            if type(ev).__name__ == "TurnStarted":
                name = m.state.side(ev.first).name
                for line in (say(ev, m.state), headline(ev, m, {})):
                    assert line is not None and line.endswith(f"first to move: {name}"), (sid, line)
                break


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: os.path.basename(p)[:-5])
def test_previews_of_a_seeded_game_speak_a_players_words(path):
    """The chance on each option row, the odds line of a choice, and the charge and shot previews
    of the first questions of a seeded game (a sample: previews play the round out exactly)."""
    from game.ai import make_controller
    from game.match import Match
    from game.scenario import load_scenario
    from game.ui.previews import charge_preview, choice_odds, option_chance, shot_preview
    from game.ui.spot_pick import listed_options

    classes = _event_classes()
    sc = load_scenario(path)
    m = Match(sc, seed=0)
    ai = {s.id: make_controller("easy", i) for i, s in enumerate(sc.sides)}
    ids = _ids_named_otherwise(m)
    bad = []
    for _ in range(40):
        if m.over:
            break
        p = m.pending
        texts = [choice_odds(p)]
        for text, d in listed_options(p, m.state):
            texts.append(text + option_chance(m, p, d))
        for d in [o for o in p.options if o.kind in ("charge", "shoot")][:3]:
            if d.kind == "charge":
                cp = charge_preview(m, d)
                texts += [cp.error, cp.toward, *(line for s in cp.sides for line in s.lines)]
            else:
                sp = shot_preview(m, d)
                texts += [sp.error, sp.cover or ""]
        bad += [f"{t!r}: {', '.join(f)}" for t in texts if (f := faults(t, ids, classes))]
        # a chance the row cannot name ("succeeds 0%" on a round fought duel by duel) says nothing
        bad += [f"{t!r}: a chance without its meaning" for t in texts if " · succeeds " in t]
        m.apply(ai[p.side].decide(m))
    assert not bad, "\n".join(sorted(set(bad))[:30])


@pytest.mark.xdist_group("seeded_games")
def test_a_status_and_its_cause_do_not_say_the_same_word_twice():
    seen = 0
    for sid, m in games():
        for ev in m.log:
            if type(ev).__name__ == "StatusChanged" and ev.status == "wounded":
                line = format_event(ev, m.state)
                seen += 1
                assert "wounded (wounded" not in line, (sid, line)
    assert seen, "no wound in the seeded games: the check lost its subject"
