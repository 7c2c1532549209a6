"""GEN-DICE-1..3: the match's only randomness, pinned so a Python upgrade that changes it is caught."""

import json

import pytest

from game.rules.dice import Dice, DiceExhausted, ScriptedDice

SEED_42_FIRST_20_D6 = [6, 1, 1, 6, 3, 2, 2, 2, 6, 1, 6, 6, 5, 1, 5, 4, 1, 1, 1, 2]


def test_GEN_DICE_1_first_20_d6_of_seed_42_are_pinned():
    d = Dice(42)
    assert [d.d6() for _ in range(20)] == SEED_42_FIRST_20_D6


def test_GEN_DICE_1_state_round_trips_through_json():
    d = Dice(7)
    for _ in range(13):
        d.d20()
    state = json.loads(json.dumps(d.state()))
    e = Dice(0)
    e.set_state(state)
    assert [d.d6() for _ in range(50)] == [e.d6() for _ in range(50)]


def test_GEN_DICE_1_clone_is_independent():
    d = Dice(3)
    c = d.clone()
    assert c.faces(10) == d.faces(10)
    c.d6()
    assert c.count == d.count + 1


def test_GEN_DICE_1_different_seeds_differ():
    assert Dice(1).faces(20) != Dice(2).faces(20)


def test_GEN_DICE_2_roll_under_and_over_tests():
    under = ScriptedDice([3]).roll("RNG-MOT-1", target=3, roll_under=True)
    assert under.success is True and under.total == 3
    over = ScriptedDice([4]).roll("PYR-SAVE-1", modifier=1, target=6)
    assert over.success is False and over.total == 5
    nat = ScriptedDice([1]).roll("PYR-SAVE-1", modifier=5, target=2, natural_fail={1})
    assert nat.success is False


def test_GEN_DICE_1_roll_is_an_event_with_its_rule():
    ev = ScriptedDice([5, 2]).roll("PYR-DICE-1", who="h", purpose="hand", n=2)
    assert ev.rule == "PYR-DICE-1" and ev.faces == (5, 2) and ev.success is None
    assert "[5 2]" in ev.text()


def test_GEN_DICE_3_roll_off_rerolls_ties():
    d = ScriptedDice([4, 4, 2, 5])
    winner, events = d.roll_off("GEN-DICE-3", ["a", "b"])
    assert winner == "b" and [e.faces[0] for e in events] == [4, 4, 2, 5]


def test_GEN_DICE_3_roll_off_bonus():
    winner, _ = ScriptedDice([3, 4]).roll_off("RNG-TURN-1", ["a", "b"], bonus={"a": 2})
    assert winner == "a"


def test_scripted_dice_fail_loudly_when_exhausted():
    d = ScriptedDice([1, 2])
    d.faces(2)
    with pytest.raises(DiceExhausted):
        d.d6()


def test_scripted_dice_refuse_impossible_faces():
    with pytest.raises(ValueError):
        ScriptedDice([7]).d6()


def test_GEN_DICE_1_fingerprint_memo_equals_the_full_digest():
    # fingerprint() is memoised per draw count and digests the MT pool once per twist; it must stay
    # the digest of the whole state (it is hashed into every record)
    from game.rules.dice import hash_words

    def full(d):
        _, internal, _ = d._rng.getstate()
        return f"{internal[-1]}:{hash_words(internal)}:{d.count}"

    d = Dice(11)
    for i in range(1500):  # past two twists of the 624-word pool
        assert d.fingerprint() == full(d)
        if i % 9 == 0:
            d = d.clone()
        if i % 5:
            d.d6()
        else:
            d.shuffle(list(range(8)))
    d.set_state(Dice(5).state())
    assert d.fingerprint() == full(d)


def test_GEN_DICE_1_counted_words_track_the_generator_index():
    # the dice count the generator's words instead of reading its state; the count must give the
    # same index as the state itself, across pool twists, copies and odd die sizes
    d = Dice(23)
    for i in range(3000):
        sides = (2, 3, 6, 7, 20, 100, 1000)[i % 7]
        d.face(sides)
        if i % 11 == 0:
            d.shuffle(list(range(i % 13)))
        if i % 97 == 0:
            d = d.clone()
        anchor = d._anchor
        if anchor is not None and anchor[1][1][-1] + d._words - anchor[0] <= 624:
            assert anchor[1][1][-1] + d._words - anchor[0] == d._rng.getstate()[1][-1]


def test_GEN_DICE_1_faces_and_shuffles_equal_random_randrange_and_shuffle():
    import random

    d, r = Dice(5), random.Random(5)
    for i in range(2000):
        sides = (1, 2, 6, 20, 33, 2**31 + 5)[i % 6]
        assert d.face(sides) == r.randrange(sides) + 1
        if i % 50 == 0:
            a, b = list(range(i % 40)), list(range(i % 40))
            d.shuffle(a)
            r.shuffle(b)
            assert a == b
    assert d._rng.getstate() == r.getstate()


def test_GEN_DICE_1_a_copy_that_never_rolled_still_fingerprints_and_clones_exactly():
    d = Dice(8)
    d.faces(700)
    snap = d.state()
    c = d.clone()
    assert c._gen is None  # rebuilt only when it rolls
    assert c.fingerprint() == d.fingerprint()
    cc = c.clone()
    assert cc.faces(50) == d.faces(50) == c.faces(50)
    assert c.state()[:2] == d.state()[:2] != snap[:2]


def test_GEN_DICE_1_uncounted_draws_fall_back_to_the_generator_state():
    from game.rules.dice import hash_words

    d = Dice(4)
    d.faces(10)
    d.fingerprint()
    d.face(2**40)  # too big for one word: not counted
    _, internal, _ = d._rng.getstate()
    assert d.fingerprint() == f"{internal[-1]}:{hash_words(internal)}:{d.count}"


def test_GEN_DICE_1_faces_in_one_loop_equal_face_by_face():
    # faces(n) draws n faces in one loop: the same faces, count, words and fingerprint as n face()
    a, b = Dice(31), Dice(31)
    for i in range(1500):
        n, sides = 1 + i % 6, (2, 6, 7, 20, 2**32 + 3)[i % 5]
        assert a.faces(n, sides) == tuple(b.face(sides) for _ in range(n))
        assert (a.count, a._words) == (b.count, b._words)
        if i % 37 == 0:
            a, b = a.clone(), b.clone()
            assert a.fingerprint() == b.fingerprint()
    assert a._rng.getstate() == b._rng.getstate()
    s = ScriptedDice([1, 2, 3, 4])  # a subclass drawing its own faces still goes face by face
    assert s.faces(3) == (1, 2, 3) and s.remaining == 1


def test_lesson_dice_answer_each_set_roll_once_and_the_rest_from_the_seed():
    from game.rules.dice import Dice, LessonDice

    d = LessonDice(7, [("RNG-MOT-1", "quill", [5]), ("PYR-DICE-1", "pirates", [4, 4, 4, 2, 2])])
    plain = Dice(7)
    assert d.roll("RNG-MOT-1", who="tam").faces == plain.roll("RNG-MOT-1", who="tam").faces  # not set: seeded
    assert d.roll("RNG-MOT-1", who="quill").faces == (5,)
    before = d.fingerprint()
    copy = d.clone()
    assert copy.fingerprint() == before and isinstance(copy, LessonDice)
    assert d.roll("PYR-DICE-1", who="pirates", n=3).faces == (4, 4, 4)  # the first n faces
    assert d.fingerprint() != before  # a set roll spent is part of the state
    assert d.roll("PYR-DICE-1", who="pirates", n=3).faces == plain.roll("PYR-DICE-1", who="pirates", n=3).faces
    assert copy.roll("PYR-DICE-1", who="pirates", n=5).faces == (4, 4, 4, 2, 2)  # the copy had not spent it
    restored = LessonDice(7, copy.script)
    restored.set_state(d.state())
    assert restored.spent == d.spent and restored.fingerprint() == d.fingerprint()
