"""Every text the window draws beyond the battle's log, in a player's words: the menu (every
scenario's line and blurb), Load, Settings, How to play, the F1 reference, the results page of
seeded games of every scenario, the hand-over page, the leave and end-turn dialogs, toasts, and the
battle screen's bars and labels. What is recorded is what reaches the screen: every string our
drawing code renders (fonts.render) and the words of every pygame_gui widget shown, frame by frame.
The faults are those of test_screen_words.py: a snake_case id, a side, figure or place id where its
display name differs, an event class name, a coordinate pair or "(s)"."""

from __future__ import annotations

import glob
import os

import pygame
import pytest
from seeded_games import games
from test_screen_words import _event_classes, _ids_named_otherwise, faults

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(glob.glob(os.path.join(MAPS, "*.toml")))


class Drawn:
    """The strings drawn while it records, with where they were drawn (the scene's class name)."""

    def __init__(self, app, monkeypatch):
        from game.ui import fonts

        self.app = app
        self.texts: dict[str, str] = {}
        real = fonts.render

        def render(s, size, colour, bold=False):
            self.add(s)
            return real(s, size, colour, bold)

        monkeypatch.setattr(fonts, "render", render)
        fonts.text.cache_clear()  # cached texts would be drawn without passing through render
        fonts._outlined.cache_clear()

    def add(self, s: str) -> None:
        if s and s.strip():
            self.texts.setdefault(s, type(self.app.top).__name__)

    def widgets(self) -> None:
        for el in self.app.manager.get_sprite_group().sprites():
            if not el.visible:
                continue
            for attr in ("text", "html_text", "window_display_title"):
                v = getattr(el, attr, None)
                if isinstance(v, str):
                    self.add(v)
            for item in getattr(el, "item_list", None) or ():
                if isinstance(item, dict) and isinstance(item.get("text"), str):
                    self.add(item["text"])
            for option in getattr(el, "options_list", None) or ():
                self.add(option[0] if isinstance(option, tuple) else str(option))

    def frames(self, n: int = 2, events=()) -> None:
        for i in range(n):
            self.app.step(list(events) if i == 0 else [], 1 / 30)
            self.widgets()


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)


def _all_ids() -> set[str]:
    """Every scenario's ids that differ from its display names, less any word a display name of any
    scenario uses ("quartermaster" is one scenario's id and another's "Quartermaster Morgan")."""
    ids: set[str] = set()
    named: set[str] = set()
    for _, m in games():
        ids |= _ids_named_otherwise(m)
        st = m.state
        named |= {
            w.lower() for n in [*(s.name for s in st.sides), *(f.name for f in st.figures.values())] for w in n.split()
        }
    return ids - named


def _shown_path(text: str) -> bool:
    """A file's path (the folder a save went to) is shown as the system spells it."""
    return "/" in text or "\\" in text


def _faults(drawn: Drawn) -> list[str]:
    classes, ids = _event_classes(), _all_ids()
    out = []
    for text, where in drawn.texts.items():
        checked = " ".join(w for w in text.split() if not _shown_path(w))
        f = faults(checked, ids, classes)
        if f:
            out.append(f"{where}: {text!r}: {', '.join(f)}")
    return sorted(set(out))


@pytest.mark.xdist_group("seeded_games")
def test_menus_pages_reference_and_results_speak_a_players_words(app_factory, monkeypatch):
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.how_to_play import HowToPlayScene
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.rules_ref import RulesScene, reference_lines
    from game.ui.scenes.settings import SettingsScene

    app = app_factory((1280, 720))
    drawn = Drawn(app, monkeypatch)
    app.reset_to(MenuScene(app))
    drawn.frames()
    for _ in range(len(SCENARIOS) + 4):  # every row of the list chosen in turn: its blurb and picture
        drawn.frames(1, [key(pygame.K_DOWN)])
    app.push(HowToPlayScene(app))
    for _ in range(12):
        drawn.frames(1, [key(pygame.K_PAGEDOWN)])
    app.reset_to(SettingsScene(app))
    drawn.frames()
    app.reset_to(RulesScene(app))
    drawn.frames()
    reference_lines.cache_clear()
    for text, _kind, _indent in reference_lines("", 1200, 15):  # the whole reference, not only its first page
        drawn.add(text.replace("\t", " "))
    for _sid, m in games():
        app.reset_to(ResultsScene(app, m, {"mode": "hotseat"}))
        drawn.frames()
    m = games()[0][1]
    app.reset_to(HandoverScene(app, m, m.state.sides[1].id, m.log))
    drawn.frames()
    # a save in the Load list, and the toast that says where it went
    sc = app.find_scenario(SCENARIOS[0])
    app.start_battle(sc, mode="hotseat", seed=3)
    drawn.frames()
    drawn.frames(1, [key(pygame.K_RETURN)])  # past the hand-over page
    assert app.top.save() is not None
    drawn.frames()
    app.reset_to(LoadScene(app))
    drawn.frames()
    assert len(drawn.texts) > 300, "too little was drawn: the recording lost its subject"
    where = set(drawn.texts.values())
    assert {"MenuScene", "HowToPlayScene", "SettingsScene", "RulesScene", "ResultsScene", "LoadScene"} <= where, where
    assert any(t.startswith("Saved to") for t in drawn.texts), "the save's toast was not drawn"
    bad = _faults(drawn)
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: os.path.basename(p)[:-5])
def test_battle_bars_labels_dialogs_and_toasts_speak_a_players_words(path, app_factory, monkeypatch):
    app = app_factory((1280, 720))
    drawn = Drawn(app, monkeypatch)
    app.start_battle(app.find_scenario(path), mode="hotseat", seed=4)
    drawn.frames(2)
    drawn.frames(1, [key(pygame.K_RETURN)])  # past the hand-over page
    scene = app.top
    assert hasattr(scene, "match"), type(scene).__name__
    drawn.frames(2)
    # every figure hovered: its name label, its card, its reach
    cam = scene.camera
    for f in list(scene.match.state.figures.values()):
        if f.in_play:
            drawn.frames(1, [motion(cam.to_screen(f.x, f.y))])
    drawn.frames(1, [pygame.event.Event(pygame.QUIT)])  # the window's close button: the leave question
    scene.close_leave()
    drawn.frames(1, [key(pygame.K_e)])  # End turn: the question, or the toast that says why not
    drawn.frames(1, [key(pygame.K_RETURN)])  # the turn ended, or the hand-over page passed
    drawn.frames(2)
    assert any("Leave this battle" in t for t in drawn.texts), "the leave question was not drawn"
    assert any("End the turn" in t or "End turn" in t for t in drawn.texts), "neither End turn nor its question"
    bad = _faults(drawn)
    assert not bad, "\n".join(bad[:40])
