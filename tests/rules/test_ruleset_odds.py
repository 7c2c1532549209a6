"""Each system's ``Ruleset.odds``/``attack_odds`` equal the numbers its flows roll.

Each test sweeps every face the flow's own roller can show (``ScriptedDice``), or plays the flow's
own function on a copy, and counts: the frequencies must be the ruleset's exact odds.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from game.match.match import Match
from game.rules.decisions import Decision, choose
from game.rules.dice import Dice, ScriptedDice
from game.rules.flow import Ask, Ctx
from game.rules.model import Status
from game.rules.pyrates.config import PYRATES
from game.rules.ruleset import BACK, DOWN, OUT, WOUNDED
from game.scenario import find_scenario


def _match(name: str, seed: int = 1) -> Match:
    return Match(find_scenario(name), seed=seed)


def _offered_shot(m: Match, limit: int = 3000) -> Decision:
    """Play the automatic answers until a shot is offered; that shot."""
    for _ in range(limit):
        p = m.pending
        if p is None:
            break
        d = next((o for o in p.options if o.kind == "shoot" and o.figure and o.target), None)
        if d is not None:
            return d
        m.apply(m.auto())
    pytest.skip("no shot offered")


def _pairs(m: Match):
    st = m.state
    for a in st.in_play():
        for b in st.in_play():
            if b.side in st.enemies_of(a.side):
                yield a, b


def test_pyr_shoot_pre_pyr_1_attack_odds_are_resolve_shot_frequencies():
    """PRE-PYR-1: a shot's odds (hit, wound roll, save) are the frequencies of the flow's own
    ``resolve_shot`` over every d20, d6 and save face."""
    from game.rules.pyrates.shooting import resolve_shot

    m = _match("harbour_tavern", 1)
    d = _offered_shot(m)
    a, b = m.state.figures[d.figure], m.state.figures[d.target]
    o = m.ruleset.odds(m.state, m.table, m.pending, d)
    assert o is not None and o.success

    reactive = m.pending.kind == "reactive_shot"  # a reactive shot is rolled with its own modifier (INI-RSHOOT-1)

    def shot(*faces):
        ctx = Ctx(m.state.copy(), ScriptedDice(list(faces)), m.table.clone(), m.scenario)
        return resolve_shot(ctx, a.id, b.id, weapon=d.option, reactive=reactive)

    # every d20 face (a hit needs no more than the wound and save dice of the hit below) …
    hits = sum(shot(n, 6, 6) != "miss" for n in range(1, 21))
    assert o.success == Fraction(hits, 20)
    # … and every wound and save face after a hit
    counts: dict[str, int] = {}
    for wound, save in itertools.product(range(1, 7), range(1, 7)):
        out = shot(1, wound, save)
        counts[out] = counts.get(out, 0) + 1
    eff = o.effect(b.id)
    assert eff is not None
    assert eff.chance(OUT) == o.success * Fraction(counts.get("knocked_down", 0), 36)
    assert eff.chance(WOUNDED) == o.success * Fraction(counts.get("wounded", 0), 36)
    assert o.success == Fraction(o.target or 0, 20)


def test_pyr_save_1_pushback_save_odds_and_tap_odds_are_the_save_faces():
    """PYR-SAVE-1/2: the "save" answer's odds count the d6 faces that pass; a tap's odds the faces
    that fail against the victim's modifiers."""
    from game.rules.pyrates.saves import save_modifiers, save_passes, save_target

    rs = _match("boarding_action").ruleset
    for target in range(2, 7):
        ask = Ask("A", "pushback", "", (choose("pushback"), choose("save")), info={"save_target": target})
        o = rs.odds(None, None, ask, choose("save"))
        assert o.success == Fraction(sum(save_passes(n, target) for n in range(1, 7)), 6)
    m = _match("boarding_action", 3)
    a, b = next(_pairs(m))
    o = m.ruleset.attack_odds(m.state, m.table, a.id, b.id, "tap")
    t = save_target(PYRATES, save_modifiers(b, a.melee_class, attacker_mounted=a.mounted))
    assert o.target >= t  # close quarters and support only raise the save
    assert o.success == Fraction(sum(not save_passes(n, o.target) for n in range(1, 7)), 6)


def test_pyr_dice_2_reroll_odds_expected_is_the_mean_hand():
    """PYR-DICE-2: with one reroll left, the odds of rerolling a die are the mean 2×KD + W over its
    six faces; stopping keeps the hand's score."""
    from game.rules.pyrates.hands import hand_score

    rs = _match("boarding_action").ruleset
    faces = [2, 2, 5, 6, 1]
    ask = Ask("A", "reroll", "", (choose("stop"),), info={"faces": faces, "rerolls_left": 1})
    assert rs.odds(None, None, ask, choose("stop")).expected == float(hand_score(faces))
    for i in range(len(faces)):
        mean = Fraction(sum(hand_score(faces[:i] + [f] + faces[i + 1 :]) for f in range(1, 7)), 6)
        assert rs.odds(None, None, ask, choose("reroll", number=i)).expected == float(mean)


def test_pyr_win_1_fight_on_odds_are_the_tally_of_the_announced_quotas():
    from game.rules.pyrates.odds import side_damage_odds, tally_win_odds

    rs = _match("boarding_action").ruleset
    ask = Ask("A", "withdraw", "", (choose("fight_on"), choose("withdraw")), info={"quotas": {"A": 3, "B": 2}})
    o = rs.odds(None, None, ask, choose("fight_on"))
    assert o.success == tally_win_odds(side_damage_odds(3), side_damage_odds(2))


def _wound_sweep(roll_first, mod: int, lucky: bool, wounds: int, max_wounds: int):
    """Frequencies of (dead, wounded) over every face of a d20 attack roll and the d6 wound roll."""
    from game.rules.rangers.wounds import apply_wounds, roll_wounds

    dead = hurt = 0
    for n, w in itertools.product(range(1, 21), range(1, 7)):
        dice = ScriptedDice([n, w])
        hit, crit = roll_first(dice)
        if not hit:
            continue
        dealt = roll_wounds(dice, mod + (-2 if crit else 0), lucky=lucky).wounds
        if dealt:
            _, d = apply_wounds(wounds, dealt, max_wounds)
            dead += d
            hurt += not d
    return Fraction(dead, 120), Fraction(hurt, 120)


@pytest.mark.parametrize("scenario", ["forest_clearing", "forest_initiative"])
def test_rng_hand_1_attack_odds_are_the_rolled_frequencies(scenario):
    """RNG-HAND-1 + RNG-WND-1/2: a blow's odds are the frequencies of ``roll_hand_combat`` then
    ``roll_wounds`` (a critical −2) over every face, at the defender's full DV."""
    from game.rules.rangers.hand_combat import roll_hand_combat
    from game.rules.rangers.wounds import hand_weapon, wound_modifier

    m = _match(scenario, 2)
    a, b = next(_pairs(m))
    o = m.ruleset.attack_odds(m.state, m.table, a.id, b.id, "hand", full_defence=True)
    mod = wound_modifier(
        hand_combat=True,
        weapon_mod=hand_weapon(a.melee_weapon, a.missile)[1],
        strongman="strongman" in a.traits,
        target_tough="tough" in b.traits,
    )

    def first(dice):
        r = roll_hand_combat(dice, a.av, b.dv)
        return r.hit, r.critical

    dead, hurt = _wound_sweep(first, mod, "lucky" in b.traits, b.wounds, max(1, b.max_wounds))
    eff = o.effect(b.id)
    assert (eff.chance(OUT), eff.chance(WOUNDED)) == (dead, hurt)
    assert o.success == Fraction(sum(roll_hand_combat(ScriptedDice([n]), a.av, b.dv).hit for n in range(1, 21)), 20)


@pytest.mark.parametrize("scenario", ["forest_clearing", "forest_initiative"])
def test_rng_shoot_1_attack_odds_are_roll_shot_frequencies(scenario):
    """RNG-SHOOT-1 + RNG-WND-1: a shot's odds are the frequencies of ``roll_shot`` (range and cover
    from the table, a moving target as the preset judges it) then ``roll_wounds``."""
    from game.rules.rangers.shooting import roll_shot
    from game.rules.rangers.wounds import wound_modifier

    m = _match(scenario, 2)
    rs = m.ruleset
    d = _offered_shot(m)
    a, b = m.state.figures[d.figure], m.state.figures[d.target]
    o = rs.odds(m.state, m.table, m.pending, d)
    assert o is not None and o.success
    s = m.table.line_of_sight(a.id, b.id)
    moved = rs.odds_flow().target_moved(Ctx(m.state, ScriptedDice([]), m.table), b.id)

    def first(dice):
        r = roll_shot(
            dice,
            a.av,
            range_in=s.distance,
            aim=a.aim,
            cover=s.cover,
            target_moved=moved,
            keen_eyed="keen_eyed" in a.traits,
            weapon=a.missile,
        )
        return r.hit, False

    mod = wound_modifier(hand_combat=False, target_tough="tough" in b.traits)
    dead, hurt = _wound_sweep(first, mod, "lucky" in b.traits, b.wounds, max(1, b.max_wounds))
    eff = o.effect(b.id)
    assert (eff.chance(OUT), eff.chance(WOUNDED)) == (dead, hurt)


def test_ini_seize_1_seize_odds_are_the_seize_roll_frequencies():
    """INI-SEIZE-1/2: the odds of a seize answer are the frequencies of ``roll_seize`` with the
    flow's own factors (``seize_factors``)."""
    from game.rules.initiative.seize import roll_seize

    m = _match("forest_initiative", 2)
    rs = m.ruleset
    f = next(iter(m.state.in_play()))
    d = Decision("seize", figure=f.id, option="load")
    o = rs.odds(m.state, m.table, Ask(f.side, "seize", "", (d,)), d)
    rate, lead, fac, _ = rs.odds_flow().seize_factors(Ctx(m.state, ScriptedDice([]), m.table), f.id, d)
    wins = sum(roll_seize(ScriptedDice([n]), rate, lead, fac).success for n in range(1, 21))
    assert o.success == Fraction(wins, 20)


def test_esc_duel_1_duel_odds_and_a_wounded_figures_second_wound_kills():
    """ESC-DUEL-1..3, ESC-RES-1: a duel's effects are ``duel_odds``; a wounded loser's wound is a kill."""
    import dataclasses

    from game.rules.escarmouche.odds import duel_odds
    from game.rules.model import Status

    m = _match("farm_skirmish", 1)
    a, b = next(_pairs(m))
    o = m.ruleset.attack_odds(m.state, m.table, a.id, b.id, "duel", draws=(2, 1))
    d = duel_odds(2, 1)
    assert o.success == d.a_wins
    eb = o.effect(b.id)
    assert (eb.chance(OUT), eb.chance(WOUNDED), eb.chance(BACK)) == (
        d[("a", "killed")],
        d[("a", "wounded")],
        d[("a", "evicted")],
    )
    m.state.figures[b.id] = dataclasses.replace(b, status=Status.WOUNDED, wounds=1)
    o2 = m.ruleset.attack_odds(m.state, m.table, a.id, b.id, "duel", draws=(2, 1))
    assert o2.effect(b.id).chance(OUT) == d[("a", "killed")] + d[("a", "wounded")]


@pytest.mark.parametrize("disrupted", [False, True])
def test_od6_res_1_pair_odds_are_the_opposed_faces(disrupted):
    """OD6-ROLL-1, OD6-RES-1/2: over the 36 face pairs of ``opposed_result``, a triple (or a double
    on a Disrupted piece) removes the loser, a double Disrupts it, a simple win or a tie moves back."""
    from game.rules.close_combat.result import opposed_result
    from game.rules.close_combat.roll import net_bonus, total

    m = _match("pike_and_shot", 1)
    a, b = next(_pairs(m))
    if disrupted:
        m.state.system.disrupted = [b.id]
    o = m.ruleset.attack_odds(m.state, m.table, a.id, b.id, "hand")
    ba, bb = net_bonus(int(a.cv), int(b.cv))
    want = {OUT: 0, DOWN: 0, BACK: 0}
    for fa, fb in itertools.product(range(1, 7), repeat=2):
        r = opposed_result(total(fa, ba), total(fb, bb))
        kind = r.kind.value
        if r.winner is None:
            want[BACK] += 1
        elif r.winner == "a":
            if kind == "triple" or (kind == "double" and disrupted):
                want[OUT] += 1
            elif kind == "double":
                want[DOWN] += 1
            else:
                want[BACK] += 1
    eb = o.effect(b.id)
    assert {k: eb.chance(k) for k in want} == {k: Fraction(v, 36) for k, v in want.items()}


def _tap_offered(m: Match, limit: int = 4000) -> Decision:
    """Play the automatic answers until a tap is offered; that tap."""
    for _ in range(limit):
        p = m.pending
        if p is None:
            break
        d = next((o for o in p.options if o.kind == "tap" and o.items), None)
        if d is not None:
            return d
        m.apply(m.auto())
    pytest.skip("no tap offered")


def _landed(m: Match, tapper: str, item, faces) -> str:
    """``resolve_item`` on a copy, the victim saving (no Dodge/Duck, no pushback) on ``faces``."""
    from game.rules.pyrates.items import resolve_item
    from game.rules.pyrates.round_state import Round

    ctx = Ctx(m.state.copy(), ScriptedDice(list(faces)), m.table.clone(), m.scenario)
    r = Round(ctx, {"seeds": [tapper, item.target]})
    r.refresh()
    r.group = r.eng.group([tapper, item.target])
    gen = resolve_item(r, r.camp(tapper), tapper, item)
    answer = None
    try:
        while True:
            q = gen.send(answer)
            answer = choose("save") if q.kind == "pushback" else choose("no")
    except StopIteration as stop:
        return str(stop.value)


@pytest.mark.parametrize("main_gauche", [False, True])
def test_pyr_save_2_pyr_mg_1_tap_odds_are_resolve_item_frequencies(main_gauche):
    """PYR-SAVE-1/2 and PYR-MG-1: an offered tap's odds (the ruleset's ``odds`` of the tap decision)
    are the frequencies with which the flow's own ``resolve_item`` lands the blow over every Main
    Gauche and save face: the off-hand class and the 1–2 "wasted" included."""
    from game.rules.decisions import Item
    from game.rules.model import WeaponClass

    m = _match("boarding_action", 2)
    d = _tap_offered(m)
    it = d.items[0]
    if main_gauche:
        tapper = m.state.figures[d.figure]
        m.state.figures[d.figure] = tapper.evolve(offhand=WeaponClass.CLOSE)
        it = Item(it.target, "w", ("mg",))
        d = Decision("tap", figure=d.figure, items=(it,))
    o = m.ruleset.odds(m.state, m.table, m.pending, d)
    assert o is not None and o.rule == "PYR-SAVE-1" and 0 < o.success < 1
    faces = [(mg, s) for mg in range(1, 7) for s in range(1, 7)] if main_gauche else [(s,) for s in range(1, 7)]
    landed = sum(_landed(m, d.figure, it, f) not in ("saved", "wasted") for f in faces)
    assert o.success == Fraction(landed, len(faces))
    assert ("main gauche" in o.notes) == main_gauche
    plain = m.ruleset.attack_odds(m.state, m.table, d.figure, it.target, "tap")
    assert plain.target == o.target or main_gauche


def test_pyr_mq_5_tap_odds_count_a_defended_obstacle_as_the_flow_does():
    """PYR-MQ-5 in PYR-SAVE-2: a victim defending an obstacle saves at +1; the tap's odds carry it,
    and equal ``resolve_item``'s frequencies over every save face (seeded boarding game, seed 3,
    whose gunner taps a surgeon behind a rail)."""
    from game.rules.pyrates.round_state import Round

    m = _match("boarding_action", 3)
    for _ in range(4000):
        p = m.pending
        assert p is not None, "the game ended before a defended tap"
        if p.kind == "tap":
            d = next((o for o in p.options if o.kind == "tap" and o.items), None)
            if d is not None:
                r = Round(Ctx(m.state, Dice(0), m.table), {"seeds": [d.figure, d.items[0].target]})
                r.refresh()
                if r.defends(d.items[0].target):
                    break
        m.apply(m.auto())
    o = m.ruleset.odds(m.state, m.table, m.pending, d)
    assert "defending obstacle or advantageous position" in o.notes
    landed = sum(_landed(m, d.figure, d.items[0], (s,)) not in ("saved", "wasted") for s in range(1, 7))
    assert o.success == Fraction(landed, 6)


@pytest.mark.parametrize("edge", ["as_played", "moved_lucky_tough", "keen_eyed_wounded"])
def test_esc_res_1_rng_shoot_1_shot_odds_are_shoot_group_frequencies(edge):
    """RNG-SHOOT-1, RNG-WND-1 and ESC-RES-1 in Escarmouche: a shot's odds from ``attack_odds`` equal
    the frequencies of the flow's ``shoot_group`` over every d20 and wound face: hits (a moving
    target, Keen-eyed), wounds (Tough, Lucky: a negligible wound) and kills (a wounded target's
    second wound)."""
    m = _match("farm_skirmish", 1)
    d = _offered_shot(m)
    st0 = m.state
    if edge == "as_played":
        assert m.ruleset.attack_odds(st0, m.table, d.figure, d.target, "shot").success == Fraction(
            m.pending.info["odds"][d.target]
        )
    if edge == "moved_lucky_tough":
        st0.system.moved_this_turn.append(d.target)
        st0.figures[d.target] = st0.figures[d.target].evolve(traits=frozenset({"lucky", "tough"}))
    if edge == "keen_eyed_wounded":
        st0.figures[d.figure] = st0.figures[d.figure].evolve(traits=frozenset({"keen_eyed"}))
        st0.figures[d.target] = st0.figures[d.target].evolve(wounds=1, status=Status.WOUNDED)
    o = m.ruleset.attack_odds(st0, m.table, d.figure, d.target, "shot")
    assert o is not None and not o.error
    flow = m.ruleset.flow()
    hits, counts = 0, {OUT: 0, WOUNDED: 0}
    for hit, wound in itertools.product(range(1, 21), range(1, 7)):
        st = st0.copy()
        ctx = Ctx(st, ScriptedDice([hit, wound]), m.table.clone(), m.scenario)
        gen = flow.shoot_group(ctx, [d.figure])
        assert next(gen).kind == "shoot"
        with pytest.raises(StopIteration):
            gen.send(d)
        hits += any(getattr(e, "rule", "") == "RNG-WND-1" for e in ctx.events)
        v, before = st.figures[d.target], st0.figures[d.target]
        if not v.in_play:
            counts[OUT] += 1
        elif v.wounds > before.wounds:
            counts[WOUNDED] += 1
    assert o.success == Fraction(hits, 120)
    eff = o.effect(d.target)
    assert eff is not None
    assert eff.chance(OUT) == Fraction(counts[OUT], 120)
    assert eff.chance(WOUNDED) == Fraction(counts[WOUNDED], 120)
