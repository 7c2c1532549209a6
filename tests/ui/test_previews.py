"""Odds previews before a charge or a shot: the numbers are the rules' exact odds, shown before a click."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from game.match import Match
from game.rules.pyrates import side_damage_odds, tally_win_odds
from game.ui.previews import Dealt, charge_preview, shot_preview, tally_win_chance


def drive_to(match, want, limit=3000):
    for _ in range(limit):
        p = match.pending
        if p is None:
            break
        if p.kind == "action" and any(d.kind == want for d in p.options):
            return p
        match.apply(match.auto())
    pytest.skip(f"no {want} option reached")


@pytest.fixture
def boarding(app_factory):
    app = app_factory()
    scen = app.find_scenario("boarding_action")
    return app, scen


def test_charge_preview_is_side_damage_odds(boarding):
    app, scen = boarding
    m = Match(scen, seed=3)
    p = drive_to(m, "charge")
    d = next(o for o in p.options if o.kind == "charge")
    before = m.state_hash()
    pv = charge_preview(m, d)
    assert m.state_hash() == before  # the preview plays the charge on a clone only
    assert not pv.error and len(pv.sides) == 2
    assert pv.sides[0].side == m.state.figures[d.figure].side
    for sp in pv.sides:
        assert sp.odds == {Dealt(d.knockdowns, d.wounds): p for d, p in side_damage_odds(sp.mq).items()}
        assert sum(sp.marginal("knockdowns").values()) == 1 == sum(sp.marginal("wounds").values())
    assert pv.win == tally_win_chance(pv.sides[0].odds, pv.sides[1].odds)
    assert pv.win == tally_win_odds(side_damage_odds(pv.sides[0].mq), side_damage_odds(pv.sides[1].mq))
    assert Fraction(0) < pv.win < Fraction(1)


def test_shot_preview_is_the_hit_number(boarding):
    app, scen = boarding
    from game.rules.flow import Ctx
    from game.rules.pyrates.shooting import shot_target_number

    m = Match(scen, seed=3)
    p = drive_to(m, "shoot")
    d = next(o for o in p.options if o.kind == "shoot")
    pv = shot_preview(m, d)
    tn = shot_target_number(Ctx(m.state, m.dice, m.table, m.scenario), d.figure, d.target, weapon=d.option)
    assert pv.hit == Fraction(tn, 20) and pv.target_number == tn
    assert pv.cover in (None, "soft", "hard")


def _battle_at(app, scen, want):
    m = Match(scen, seed=3)
    drive_to(m, want)
    scene = app.start_battle(scen, mode="hotseat", seed=3)
    scene.set_match(m)
    scene.looking = m.pending.side
    app.step([], 1 / 60)
    return scene, m


def _hover(app, scene, fid):
    f = scene.match.state.figures[fid]
    scene.camera.centre_on(f.x, f.y)
    pos = tuple(int(v) for v in scene.camera.to_screen(f.x, f.y))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    scene.mouse = pos
    app.step([], 1 / 60)
    return pos


def test_hovering_a_charge_target_shows_the_chart_then_click_charges(boarding):
    app, scen = boarding
    scene, m = _battle_at(app, scen, "charge")
    d = next(o for o in m.pending.options if o.kind == "charge")
    others = [o for o in m.pending.options if o.target == d.target and o != d]
    pos = _hover(app, scene, d.target)
    assert scene.hover == d.target
    shown = scene.target_hover.shown
    assert any(type(pv).__name__ == "ChargePreview" for pv in shown)
    n = len(m.decisions)
    click = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]
    app.step(click, 1 / 60)
    if others:  # charge or shoot: a small menu asks which
        assert scene.context_menu is not None
        scene.decide(scene.context_menu[1][next(t for t, o in scene.context_menu[1].items() if o == d)])
    assert m.decisions[n] == d


def test_PYR_PUSH_1_pushback_choice_shows_the_exact_save_odds():
    """The pushback election names the save target and the exact chance the flow states for the
    save (``info["odds"]["save"]``: the pyrates ruleset's odds of answering "save", PYR-SAVE-1)."""
    from game.rules.decisions import choose
    from game.rules.flow import Ask
    from game.ui.previews import choice_odds

    ask = Ask(
        side="A",
        kind="pushback",
        prompt="Bones: pushback instead, or save on 4+?",
        options=[choose("pushback"), choose("save")],
        default=choose("save"),
        info={"save_target": 4, "victim": "B0", "tapper": "A0", "item": "kd", "option": "pushback", "kind": "kd"},
    )
    from game.rules.presets import get_ruleset

    p = get_ruleset("pyrates").odds(None, None, ask, choose("save")).success
    ask.info["odds"] = {"save": str(p)}
    line = choice_odds(ask)
    assert "Save on 4+" in line and "1/2 (50%)" in line and "KD" in line and "Suggested: save" in line
    ask2 = Ask(
        side="A",
        kind="pushback",
        prompt="",
        options=[choose("save")],
        default=choose("save"),
        info={"save_target": 6, "kind": "w"},
    )
    ask2.info["odds"] = {"save": str(get_ruleset("pyrates").odds(None, None, ask2, choose("save")).success)}
    assert "1/6 (17%)" in choice_odds(ask2)
    assert choice_odds(Ask(side="A", kind="tap", prompt="", options=[], default=None)) == ""
