"""The normal level scores the other presets with their own exact odds, never
fails back on an error for the kinds it knows, and never reads what ESC-ENG-3 hides."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from game.ai import levels
from game.ai import preset_odds as PO
from game.ai.scripted import make_scripted
from game.match.match import Match
from game.rules.escarmouche.config import ESCARMOUCHE
from game.scenario import find_scenario

#: one scenario per preset other than pyrates, and the ask kinds the normal level scores there
PRESET_SCENARIOS = {
    "escarmouche": "farm_skirmish",
    "close-combat-d6": "pike_and_shot",
    "rangers": "forest_clearing",
    "initiative": "forest_initiative",
}


def _scenario(name, turns):
    try:
        sc = find_scenario(name)
    except ValueError as e:
        pytest.skip(f"{name}: {e}")
    return dataclasses.replace(sc, turn_limit=min(sc.turn_limit or turns, turns))


@pytest.mark.parametrize("preset", sorted(PRESET_SCENARIOS))
def test_known_kinds_are_scored_without_falling_back(preset, monkeypatch):
    """Every scorer the normal level has for a kind runs to the end under the preset (an exception
    would silently fall back to the generic scoring)."""
    sc = _scenario(PRESET_SCENARIOS[preset], 3)
    seen = {}

    def strict(level, ctx):
        fn = levels.SCORERS.get(ctx.ask.kind)
        if fn is not None:
            scores = fn(level, ctx)  # raises here instead of falling back
            if scores is not None:
                assert len(scores) == len(ctx.ask.options)
                assert all(s == s for s in scores)  # no NaN
                seen[ctx.ask.kind] = seen.get(ctx.ask.kind, 0) + 1
                return scores
        return levels.generic(level, ctx)

    monkeypatch.setattr("game.ai.scripted.score_options", strict)
    for seed in (1, 2):
        m = Match(sc, seed=seed)
        ctl = {s.id: make_scripted("normal", 40 + i) for i, s in enumerate(sc.sides)}
        n = 0
        while not m.over and n < 3000:
            m.apply(ctl[m.pending.side].decide(m))
            n += 1
    assert seen, "no ask the normal level scores came up"


def _ctx(m, ask):
    ctl = make_scripted("normal", 1)
    return levels.Ctx(m, ask, ctl.evaluator(m, ask.side), None)


def _assault(ctx, group, sector):
    """The value of the offered assault of ``group`` on ``sector`` (the ask's info names the group)."""
    from game.rules.decisions import Decision

    ctx.ask = dataclasses.replace(ctx.ask, info={"group": list(group)})
    return PO.assault_value(ctx, Decision("assault", option=sector))


def test_od6_value_follows_the_exact_opposed_odds():
    """A stronger piece's engagement is worth more; equal pieces are a wash (OD6 symmetry)."""
    from game.rules.close_combat.odds import combat_odds

    sc = _scenario("pike_and_shot", 2)
    m = Match(sc, seed=1)
    ask = m.pending
    ctx = _ctx(m, ask)
    mine = next(f for f in m.state.in_play(ask.side))
    theirs = next(f for f in m.state.in_play() if f.side in ctx.ev.foes)
    st = m.state
    base = PO.od6_value(ctx, mine.id, theirs.id)
    st.figures[mine.id] = dataclasses.replace(mine, cv=theirs.cv + 2)
    stronger = PO.od6_value(ctx, mine.id, theirs.id)
    st.figures[mine.id] = dataclasses.replace(mine, cv=theirs.cv - 2)
    weaker = PO.od6_value(ctx, mine.id, theirs.id)
    assert weaker < base < stronger or weaker < stronger
    o = combat_odds(theirs.cv + 2, theirs.cv)
    assert sum(p for (w, _), p in o.items() if w == "a") > Fraction(1, 2)
    assert stronger > 0 > weaker


def test_assault_value_uses_duel_odds_and_not_hidden_flags():
    """ESC-ENG-3: the defenders' flags (pike, heavy cavalry…) are hidden: the attacker's estimate
    must not change when they do; more attackers (one more card each) make it better."""
    sc = _scenario("farm_skirmish", 2)
    m = Match(sc, seed=3)
    ask = m.pending
    ctx = _ctx(m, ask)
    mine = [f.id for f in m.state.in_play(ask.side) if f.type != "civilian" and "civilian" not in f.flags]
    foe = next(f for f in m.state.in_play() if f.side in ctx.ev.foes and f.type != "civilian")
    sector = m.table.sector_of(foe.id)
    one = _assault(ctx, mine[:1], sector)
    many = _assault(ctx, mine[:3], sector)
    assert many >= one
    for f in list(m.state.figures.values()):
        if f.side in ctx.ev.foes:
            m.state.figures[f.id] = dataclasses.replace(f, flags=frozenset(set(f.flags) | {"pike", "heavy_cavalry"}))
    assert _assault(ctx, mine[:1], sector) == one
    assert _assault(ctx, mine[:3], sector) == many


def test_esc_eng_3_assault_value_does_not_read_hidden_open_formation():
    """ESC-ENG-3 / ESC-ADV-2: cavalry against open formation is an advantage, but the defender's
    `open_formation` is one of its hidden abilities: a cavalry attacker's estimate must be the same
    whether the defenders have it or not (it read the hidden flag before)."""
    sc = _scenario("farm_skirmish", 2)
    m = Match(sc, seed=3)
    ask = m.pending
    ctx = _ctx(m, ask)
    mine = [f.id for f in m.state.in_play(ask.side) if f.type != "civilian" and "civilian" not in f.flags]
    for fid in mine[:2]:
        f = m.state.figures[fid]
        m.state.figures[fid] = dataclasses.replace(f, flags=frozenset(set(f.flags) | {"cavalry"}))
    foe = next(f for f in m.state.in_play() if f.side in ctx.ev.foes and f.type != "civilian")
    sector = m.table.sector_of(foe.id)
    foes = [f for f in m.state.figures.values() if f.side in ctx.ev.foes]
    for flags in (frozenset(), frozenset({"open_formation"})):  # foot, shown alike either way
        for f in foes:
            m.state.figures[f.id] = dataclasses.replace(f, flags=flags)
        if not flags:
            before = _assault(ctx, mine[:2], sector)
    assert _assault(ctx, mine[:2], sector) == before


def test_hand_value_is_the_exact_hit_and_wound_chance():
    """RNG-HAND-1 + RNG-WND-1: the value is P(wounds) × what they cost, from the rules' odds."""
    from game.rules.rangers.odds import hand_attack_wound_odds

    sc = _scenario("forest_clearing", 2)
    m = Match(sc, seed=2)
    ask = m.pending
    ctx = _ctx(m, ask)
    a = next(f for f in m.state.in_play(ask.side))
    v = next(f for f in m.state.in_play() if f.side in ctx.ev.foes and f.max_wounds >= 2 and f.wounds == 0)
    got = PO.hand_value(ctx, a.id, v.id, full_defence=True)
    from game.rules.rangers.wounds import hand_weapon, wound_modifier

    mod = wound_modifier(
        hand_combat=True,
        weapon_mod=hand_weapon(a.melee_weapon, a.missile)[1],
        strongman="strongman" in a.traits,
        target_tough="tough" in v.traits,
    )
    odds = hand_attack_wound_odds(a.av, v.dv, mod, lucky="lucky" in v.traits)
    want = float(odds[1]) * ctx.loss(v, "out" if v.max_wounds <= 1 else "wounded") + float(odds[2]) * ctx.loss(
        v, "out" if v.max_wounds <= 2 else "wounded"
    )
    assert got == pytest.approx(want)


def test_esc_eng_2_assault_odds_success_is_the_resolve_chance():
    """ESC-ENG-2: the assault's headline chance is the group passing its Resolve (4/6, 5/6 with a
    leader); the AI weighs the first round by it."""
    from game.rules.decisions import Decision
    from game.rules.escarmouche.engage import resolve_pass_chance

    sc = _scenario("farm_skirmish", 2)
    m = Match(sc, seed=3)
    ask = m.pending
    ctx = _ctx(m, ask)
    mine = [f for f in m.state.in_play(ask.side) if f.type != "civilian" and "civilian" not in f.flags]
    foe = next(f for f in m.state.in_play() if f.side in ctx.ev.foes and f.type != "civilian")
    sector = m.table.sector_of(foe.id)
    for group in ([f for f in mine if not f.is_leader][:2], mine[:3]):
        ctx.ask = dataclasses.replace(ask, info={"group": [f.id for f in group]})
        odds = ctx.odds(Decision("assault", option=sector))
        assert odds.success == resolve_pass_chance(ESCARMOUCHE, any(f.is_leader for f in group))


def test_rng_mor_1_a_broken_side_weighs_its_group_fleeing_on_a_failed_resolve():
    """RNG-MOR-1 (morale option): once broken, a group that fails its Resolve flees. The same
    assault is worth less to a broken side, by the failure's chance times the group's worth."""
    from game.rules.decisions import Decision

    sc = _scenario("farm_skirmish", 2)
    m = Match(sc, seed=3)
    ask = m.pending
    ctx = _ctx(m, ask)
    mine = [f.id for f in m.state.in_play(ask.side) if f.type != "civilian" and "civilian" not in f.flags][:2]
    foe = next(f for f in m.state.in_play() if f.side in ctx.ev.foes and f.type != "civilian")
    d = Decision("assault", option=m.table.sector_of(foe.id))
    ctx.ask = dataclasses.replace(ask, info={"group": mine})
    steady = PO.assault_value(ctx, d, mine, broken=False)
    broken = PO.assault_value(ctx, d, mine, broken=True)
    p_fail = 1.0 - float(ctx.odds(d).success)
    worth = sum(ctx.loss(m.state.figures[f], "out") for f in mine)
    assert broken == pytest.approx(steady - p_fail * worth)
    assert broken < steady
