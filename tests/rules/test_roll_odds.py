"""The arithmetic a roll carries (game/rules/roll_odds.py, Ruleset.roll_parts): exact chances
checked against every throw and against a seeded Monte Carlo run, luck as a mid-percentile that
averages one half, and the parts a rolled event carries summing to what it rolled with."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from game.rules.dice import Dice
from game.rules.roll_odds import pass_chance, percentile, sum_counts, sum_percentile


def _brute(n, sides, modifier, target, under, yes=(), no=()):
    good = total = 0
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        t = sum(faces) + modifier
        ok = t <= target if under else t >= target
        if n == 1 and faces[0] in yes:
            ok = True
        if n == 1 and faces[0] in no:
            ok = False
        good += ok
        total += 1
    return Fraction(good, total)


@pytest.mark.parametrize(
    "n,sides,mod,target,under,yes,no",
    [
        (1, 6, 0, 4, False, (), (1,)),  # a PYR-SAVE-1 save at 4+
        (1, 6, 1, 4, True, (1,), (6,)),  # a PYR-MOR-2 morale test with +1
        (1, 20, -2, 12, True, (), (20,)),  # a RNG-SHOOT-1 shot
        (2, 6, 0, 7, False, (), ()),
        (3, 6, 2, 12, True, (), ()),
    ],
)
def test_gen_dice_2_pass_chance_is_every_throw_counted(n, sides, mod, target, under, yes, no):
    assert pass_chance(n, sides, mod, target, under, yes, no) == _brute(n, sides, mod, target, under, yes, no)


def test_gen_dice_2_pass_chance_matches_a_seeded_monte_carlo_run_of_the_dice():
    dice = Dice(4242)
    n = 20_000
    passed = sum(
        bool(dice.roll("PYR-MOR-2", target=4, modifier=1, roll_under=True, natural_pass={1}, natural_fail={6}).success)
        for _ in range(n)
    )
    p = float(pass_chance(1, 6, 1, 4, True, (1,), (6,)))
    assert abs(passed / n - p) < 4 * (p * (1 - p) / n) ** 0.5


@pytest.mark.parametrize("n,sides", [(1, 6), (2, 6), (3, 6), (1, 20), (1, 72)])
def test_luck_of_a_fair_roll_averages_one_half_exactly(n, sides):
    counts = sum_counts(n, sides)
    whole = sides**n
    mean = sum(Fraction(c, whole) * sum_percentile(n, sides, n + i) for i, c in enumerate(counts))
    assert mean == Fraction(1, 2)
    low = sum(Fraction(c, whole) * sum_percentile(n, sides, n + i, low_is_good=True) for i, c in enumerate(counts))
    assert low == Fraction(1, 2)
    assert sum_percentile(n, sides, n * sides) > sum_percentile(n, sides, n)


def test_percentile_is_worse_plus_half_the_same():
    assert percentile([(1, 1), (2, 2), (3, 1)], 2) == Fraction(1, 4) + Fraction(1, 4)
    assert percentile([(1, 1), (2, 1)], 2) == Fraction(3, 4)


def test_gen_dice_2_a_rolled_test_carries_its_naturals_parts_and_exact_chance():
    ev = Dice(7).roll(
        "PYR-MOR-2",
        who="pirates",
        purpose="morale",
        modifier=1,
        target=4,
        roll_under=True,
        natural_pass={1},
        natural_fail={6},
        parts=[(2, "lost half its figures", "PYR-MOR-2"), (-1, "won the round's tally", "PYR-MOR-2")],
    )
    rp = ev.roll_parts()
    assert rp.natural_pass == (1,) and rp.natural_fail == (6,)
    assert sum(a for _, a, _ in rp.parts) == ev.modifier == 1
    assert rp.chance == Fraction(3, 6)  # natural 1, 2, 3 pass (1 + 1 = 2, 2 + 1 = 3, 3 + 1 = 4); 4, 5, 6 fail
    ((who, where),) = rp.luck
    assert who == "pirates" and where == sum_percentile(1, 6, ev.faces[0], low_is_good=True)


def test_gen_dice_3_a_roll_off_is_judged_higher_better_and_a_direction_is_not_judged():
    off = Dice(3).roll("GEN-DICE-3", who="a", purpose="roll-off")
    assert off.roll_parts().luck == (("a", sum_percentile(1, 6, off.faces[0])),)
    way = Dice(3).roll("SCN-FIRE-1", purpose="fire: which way")
    assert way.roll_parts().luck == () and way.roll_parts().chance is None


def test_pyr_dice_1_hand_parts_give_every_hand_its_chance_and_luck_on_the_throw():
    from game.rules.presets import get_ruleset
    from game.rules.pyrates.events import HandScored
    from game.rules.pyrates.hands import Hand, classify_hand
    from game.rules.pyrates.odds import hand_odds

    rs = get_ruleset("pyrates")
    ev = HandScored("PYR-DMG-1", "pirates", 1, (6, 6, 6, 2, 5), "three_of_a_kind", 1, 0, 1, (6, 6, 1, 2, 5))
    rp = rs.roll_parts(ev)
    assert sum(o.chance for o in rp.outcomes) == 1
    (got,) = [o for o in rp.outcomes if o.happened]
    assert got.words == classify_hand((6, 6, 1, 2, 5)).label == "Pair"  # judged as thrown, before the reroll
    odds = hand_odds(5, 0)
    worse = sum(p for h, p in odds.items() if list(Hand).index(h) < list(Hand).index(Hand.PAIR))
    assert rp.luck == (("pirates", worse + odds[Hand.PAIR] / 2),)


def test_od6_roll_1_combat_parts_count_the_36_face_pairs_and_split_luck():
    from game.rules.close_combat.events import CombatRolled
    from game.rules.close_combat.result import opposed_result, total
    from game.rules.presets import get_ruleset

    ev = CombatRolled("OD6-RES-1", "R1", "B1", (2, 6), (2, 0), (4, 6), "simple", "B1")
    rp = get_ruleset("close-combat-d6").roll_parts(ev)
    assert sum(o.chance for o in rp.outcomes) == 1
    (got,) = [o for o in rp.outcomes if o.happened]
    n = sum(
        1
        for a in range(1, 7)
        for b in range(1, 7)
        if (r := opposed_result(total(a, 2), total(b, 0))).winner == "b" and r.kind.value == "simple"
    )
    assert got.chance == Fraction(n, 36) and got.words == "a simple win for the defender"
    (a, pa), (d, pd) = rp.luck
    assert (a, d) == ("R1", "B1") and pa + pd == 1 and pa < Fraction(1, 2)
    assert rp.parts == (("OD6-ROLL-1", 2, "the attacker adds the difference"),)
    full = CombatRolled("OD6-RES-1", "R1", "B1", (2, 6), (2, 0), (4, 6), "simple", "B1", ((5, 0), (3, 0)))
    assert get_ruleset("close-combat-d6").roll_parts(full).parts == (
        ("OD6-ROLL-1", 5, "the attacker's combat value (compared, not added)"),
        ("OD6-ROLL-1", 3, "the defender's combat value (compared, not added)"),
        ("OD6-ROLL-1", 2, "the attacker adds the difference"),
    )


RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


@pytest.mark.parametrize(
    "name", ["duel_on_the_quarterdeck_seed1", "boarding_action_seed11", "farm_skirmish_seed5", "pike_and_shot_seed13"]
)
def test_gen_dice_2_the_parts_of_every_recorded_roll_add_up_to_what_was_rolled(name):
    """Morale tests and saves name their modifiers; a roll's chance can have given what it gave."""
    from game.match import load_record, replay

    res = replay(load_record(RECORDS / f"{name}.json"), verify=True)
    assert res.ok, res.reason  # the new fields change no hash
    m = res.match
    judged = 0
    for ev in m.log:
        rp = m.ruleset.roll_parts(ev)
        if rp is None:
            continue
        if ev.rule != "OD6-RES-1" and rp.parts:
            assert sum(a for _, a, _ in rp.parts) == rp.modifier, ev
        if rp.target_parts and ev.rule == "PYR-SAVE-1":
            assert rp.target == max(2, 6 - sum(a for _, a, _ in rp.target_parts)), ev
        if rp.chance is not None and rp.success is not None:
            assert (0 < rp.chance) if rp.success else (rp.chance < 1), ev
        for _, where in rp.luck:
            assert 0 <= where <= 1
            judged += 1
    assert judged > 0
