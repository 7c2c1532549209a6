"""Every character the screen draws has a glyph in the font that draws it: log lines of seeded games
of every scenario (Escarmouche's card suits among them), option rows, the Auto button, the click menu
and the question box. A missing glyph draws as an empty box."""

from __future__ import annotations

import os
from functools import cache

import pygame.freetype
import pytest
from seeded_games import games, option_labels, questions

from game.ui import fonts
from game.ui.log_words import format_event

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SUITS = set("♠♥♦♣")


@cache
def _face(path: str | None) -> pygame.freetype.Font:
    pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


def _missing(path: str | None, s: str) -> set[str]:
    """The characters of ``s`` the font file at ``path`` has no glyph for (freetype answers None;
    pygame.font would answer with the font's empty box)."""
    face = _face(path)
    return {c for c, m in zip(s, face.get_metrics(s)) if m is None and c not in " \n"}


def test_the_fallback_font_is_shipped_with_its_licence():
    path = fonts.fallback_path()
    assert os.path.isfile(path)
    assert os.path.isfile(os.path.join(os.path.dirname(path), "DejaVu-LICENSE.txt"))
    assert not _missing(path, "→←≤≥▼★◀▶♠♥♦♣")


def test_drawn_text_takes_what_the_main_font_lacks_from_the_fallback():
    main = fonts._font_path(False)
    assert _missing(main, "→♥")  # the reason for the fallback: without it these draw as boxes
    parts = fonts.runs("Ace of ♥ → 3")
    assert parts == [(False, "Ace of "), (True, "♥"), (False, " "), (True, "→"), (False, " 3")]
    surf = fonts.render("Ace of ♥ → 3", 16, (255, 255, 255))
    assert surf.get_width() == fonts.measure("Ace of ♥ → 3", 16)
    assert surf.get_height() == fonts.font(16).get_height()


# one worker plays the shared seeded games once for every test that reads them (--dist loadgroup)
@pytest.mark.xdist_group("seeded_games")
def test_every_log_line_of_seeded_games_of_every_scenario_has_its_glyphs():
    bad, seen = [], set()
    for sid, m in games():
        for ev in m.log:
            line = format_event(ev, m.state)
            seen |= set(line)
            for from_fallback, part in fonts.runs(line):
                path = fonts.fallback_path() if from_fallback else fonts._font_path(False)
                lost = _missing(path, part)
                if lost:
                    bad.append(f"{sid}: {line!r}: no glyph for {''.join(sorted(lost))!r}")
    assert seen & SUITS, "the Escarmouche games dealt no card: the suits went untested"
    assert not bad, "\n".join(bad[:30])


@pytest.mark.xdist_group("seeded_games")
def test_option_rows_auto_and_question_box_of_seeded_games_have_their_glyphs():
    """pygame_gui widgets draw with the main font alone: their text is spelled with what it has."""
    main = fonts._font_path(False)
    bad = [f"{sid}: {t!r}" for t, sid in option_labels().items() if _missing(main, fonts.safe(t))]
    bad += [f"{sid}: {q!r}" for q, sid in questions().items() if _missing(main, fonts.safe_html(q))]
    assert any("→" in t for t in option_labels()), "no arrow among the option rows: the test lost its subject"
    assert not bad, "\n".join(bad[:30])


def _battle(app, path, seed=1):
    from game.match import Match
    from game.scenario import load_scenario
    from game.ui.scenes.battle import BattleScene

    m = Match(load_scenario(path), seed=seed)
    scene = BattleScene(app, m, mode="solo", human=m.pending.side, ai="easy")
    app.reset_to(scene)
    return scene


@pytest.mark.parametrize("name", ["farm_skirmish", "boarding_action", "pike_and_shot"])
def test_the_option_list_auto_button_and_click_menu_on_screen_have_their_glyphs(app_factory, name):
    from game.ui.spot_pick import listed_options

    app = app_factory((1280, 720))
    scene = _battle(app, os.path.join(MAPS, f"{name}.toml"))
    main = fonts._font_path(False)
    texts = [item["text"] for item in scene.options_list.item_list]
    if getattr(scene, "auto_button", None) is not None:
        texts.append(scene.auto_button.text)
    m = scene.match
    scene.open_context_menu([d for _, d in listed_options(m.pending, m.state)][:6], (200, 200))
    assert scene.context_menu is not None
    texts += [item["text"] for item in scene.context_menu[0].item_list]
    bad = [t for t in texts if _missing(main, t)]
    assert texts and not bad, bad
    app.quit()
