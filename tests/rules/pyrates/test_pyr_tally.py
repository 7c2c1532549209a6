"""PYR-ALLOC-1 first allocator, PYR-WIN-1 tally, PYR-EX-1 worked example."""

from game.rules.model import Figure, WeaponClass
from game.rules.pyrates import (
    Damage,
    Tally,
    ai_takes_pushback,
    classify_hand,
    first_allocator,
    hand_damage,
    main_gauche_result,
    pushback_option,
    save_modifiers,
    save_outcome,
    save_passes,
    save_target,
    tally_decider,
    tally_winner,
)
from game.rules.pyrates.config import PYRATES


def test_PYR_ALLOC_1_higher_score_first():
    assert first_allocator(Damage(2, 2), Damage(0, 2)) == "a"
    assert first_allocator(Damage(0, 1), Damage(1, 0)) == "b"


def test_PYR_ALLOC_1_tie_more_kd_then_roll_off():
    assert first_allocator(Damage(1, 0), Damage(0, 2)) == "a"  # both score 2
    assert first_allocator(Damage(0, 4), Damage(2, 0)) == "b"
    assert first_allocator(Damage(1, 1), Damage(1, 1)) is None
    assert first_allocator(Damage(), Damage()) is None


def test_PYR_WIN_1_order_of_criteria():
    assert tally_winner(Tally(kd=1), Tally(wounds=5, pushbacks=5)) == "a"
    assert tally_winner(Tally(kd=1, wounds=1), Tally(kd=1, wounds=2)) == "b"
    assert tally_winner(Tally(pushbacks=2), Tally(pushbacks=1)) == "a"
    assert tally_winner(Tally(mdp=1), Tally(mdp=0)) == "b"  # fewer MDP wins
    assert tally_winner(Tally(1, 1, 1, 1), Tally(1, 1, 1, 1)) is None  # roll-off
    assert tally_decider(Tally(mdp=2), Tally(mdp=1)) == ("b", "mutinous dog points")
    assert Tally(1, 2, 0, 0) + Tally(0, 1, 1, 0) == Tally(1, 3, 1, 0)


def test_PYR_EX_1_worked_example():
    """The source's mêlée example, step by step through the pure functions."""
    a_pool = hand_damage(classify_hand((2, 3, 4, 5, 6)))  # straight
    b_pool = hand_damage(classify_hand((3, 3, 5, 5, 1)))  # two pair
    assert (a_pool, b_pool) == (Damage(2, 2), Damage(0, 2))
    assert first_allocator(a_pool, b_pool) == "a"
    tally_a, tally_b = Tally(), Tally()
    pyrate = Figure(id="P1", name="P1", side="b", x=0, y=0)
    heroine = Figure(id="H", name="H", side="a", x=0, y=0)
    # H (Close weapon) KD → P1: P1 risks the save at 5–6, rolls 4 → knocked down
    target = save_target(PYRATES, save_modifiers(pyrate, WeaponClass.CLOSE))
    assert target == 5
    out = save_outcome("kd", save_passes(4, target), False)
    assert out.counts_as == "kd"
    tally_a += Tally(kd=1)
    # KD → P2: pushed back wounded (counts as a wound and a pushback, PYR-PUSH-5)
    assert pushback_option("kd", victim_wounded=False).option == "pushback_wounded"
    assert ai_takes_pushback("pushback_wounded", target)
    tally_a += Tally(wounds=1, pushbacks=1)
    # B: P2 gives W → H, who jumps back (no save)
    assert pushback_option("w", victim_wounded=False).option == "pushback"
    tally_b += Tally(pushbacks=1)
    # A passes with 2 W unallocated (PYR-ALLOC-3)
    tally_a += Tally(wounds=a_pool.wounds)
    # P3's Main Gauche (dagger) rolls 4: struck, no pushback, Close blow → H saves on 5–6, rolls 6
    assert main_gauche_result(4) == "struck"
    assert pushback_option("w", victim_wounded=False, sneaky=True).option is None
    h_target = save_target(PYRATES, save_modifiers(heroine, WeaponClass.CLOSE))
    assert h_target == 5 and save_outcome("w", save_passes(6, h_target), False).counts_as is None
    assert tally_a == Tally(kd=1, wounds=3, pushbacks=1)
    assert tally_b == Tally(kd=0, wounds=0, pushbacks=1)
    assert tally_winner(tally_a, tally_b) == "a"
