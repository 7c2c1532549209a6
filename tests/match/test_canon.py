"""The state hash's cached encodings (game/match/canon.py) equal a fresh canonical encoding."""

import dataclasses
import hashlib
import json
import random

from game.match import Match, canonical
from game.match.canon import FigureBytes, FiguresMemo, figure_bytes
from game.rules.model import Figure, Rank, Status, WeaponClass


def plain_canonical(obj) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def full_state_hash(m: Match) -> str:
    """The state hash computed from scratch, as it was before any caching."""
    st = m.state
    h = hashlib.sha256()
    h.update(plain_canonical(st.to_json(figures=False)))
    for f in st.figures.values():
        h.update(plain_canonical(f.to_json()))
    h.update(m.dice.fingerprint().encode())
    return h.hexdigest()


def some_figure(i=0):
    return Figure(
        id=f"f{i}",
        name=f"F {i}",
        side="A",
        x=1.5 + i,
        y=2.25,
        rank=Rank.CAPTAIN,
        melee_class=WeaponClass.GENERAL,
        melee_weapon="cutlass",
        traits=frozenset({"tough", "fast"}),
    )


CHANGES = [
    dict(x=3.125),
    dict(y=-0.0),
    dict(status=Status.WOUNDED, wounds=1),
    dict(traits=frozenset()),
    dict(aim=True),
    dict(aim=1),
    dict(facing=90.0),
    dict(facing=90),
    dict(name='Zoë "the" ,:{'),
    dict(offhand=WeaponClass.CLOSE),
    dict(missile="pistol", loaded=True),
    dict(flags=frozenset({"pike"})),
]


def test_canonical_equals_json_dumps_with_the_same_options():
    tree = {"b": [1, 1.0, True, None, -0.0, 1e-7, "é\n"], "a": {"z": {}, "y": []}, "c": 2**70}
    assert canonical(tree) == plain_canonical(tree)
    assert canonical('x"y') == plain_canonical('x"y') and canonical(0.1) == plain_canonical(0.1)


def test_figure_bytes_equal_the_canonical_json_of_the_figure():
    f = some_figure()
    assert figure_bytes(f) == plain_canonical(f.to_json())


def test_figure_bytes_updated_field_by_field_equal_a_fresh_encoding():
    rnd = random.Random(4)
    prev = FigureBytes(some_figure())
    f = prev.figure
    for _ in range(300):
        f = dataclasses.replace(f, **rnd.choice(CHANGES))
        prev = FigureBytes(f, prev)
        assert prev.bytes == plain_canonical(f.to_json())
    # built from another figure's bytes (a roster neighbour)
    g = some_figure(7)
    assert FigureBytes(g, prev).bytes == plain_canonical(g.to_json())


def test_figures_memo_follows_changes_additions_and_removals():
    rnd = random.Random(9)
    memo = FiguresMemo()
    figs = {f.id: f for f in (some_figure(i) for i in range(6))}
    for step in range(200):
        fid = rnd.choice(sorted(figs))
        r = rnd.random()
        if r < 0.1 and len(figs) > 2:
            del figs[fid]
        elif r < 0.2:
            g = some_figure(100 + step)
            figs[g.id] = g
        elif r < 0.7:
            figs[fid] = dataclasses.replace(figs[fid], **rnd.choice(CHANGES))
        copy = memo.copy() if step % 7 == 0 else None
        assert memo.bytes_of(figs) == b"".join(plain_canonical(f.to_json()) for f in figs.values())
        if copy is not None:
            assert copy.bytes_of(figs) == memo.bytes_of(figs)


def test_state_hash_equals_the_uncached_hash_all_game_long(tiny):
    from game.ai import RandomController

    m = Match(tiny, seed=5)
    ctrl = RandomController(3)
    n = 0
    while not m.over and n < 400:
        m.apply(ctrl.decide(m))
        assert m.hashes[-1] == full_state_hash(m)
        if n % 25 == 3:
            c = m.clone()
            assert c.state_hash() == full_state_hash(c) == m.hashes[-1]
        n += 1


def test_canonical_refuses_what_json_dumps_refuses():
    import pytest

    for bad in (float("nan"), {"x": float("inf")}, {1: "a", "b": 2}, {"s": {1, 2}}):
        with pytest.raises((ValueError, TypeError)):
            plain_canonical(bad)
        with pytest.raises((ValueError, TypeError)):
            canonical(bad)


def test_state_hasher_keeps_its_prefix_only_while_the_bytes_are_unchanged(tiny):
    m = Match(tiny, seed=3)
    first = m.state_hash()
    assert m.state_hash() == first == full_state_hash(m)  # the kept prefix, the dice hashed again
    m.state.system.duels = [1]  # changed in place: same figures, other bytes
    assert m.state_hash() == full_state_hash(m) != first
    m.state.system.duels.append(True)
    assert m.state_hash() == full_state_hash(m)
    m.state.system.duels[1] = 1  # equal to True in Python, not in JSON
    assert m.state_hash() == full_state_hash(m)
    m.state.system.duels = None  # not written: left out of the encoding again
    assert m.state_hash() == first
    m.dice.d6()  # only the dice moved on
    assert m.state_hash() == full_state_hash(m) != first
    fid = next(iter(m.state.figures))
    m.state.figures[fid] = dataclasses.replace(m.state.figures[fid], x=m.state.figures[fid].x + 0.5)
    assert m.state_hash() == full_state_hash(m)


def test_state_hasher_head_equals_the_canonical_state_without_figures(tiny):
    from game.match.canon import HEAD_KEYS, StateHasher

    m = Match(tiny, seed=2)
    st = m.state
    assert tuple(sorted(st.to_json(figures=False))) == HEAD_KEYS  # the pieces _head writes
    hasher = StateHasher()
    sides = st.sides
    for change in (
        dict(phase='x"y'),
        dict(turn=3),
        dict(turn=3.0),
        dict(turn=True),
        dict(over=1),
        dict(over=True),
        dict(active=None),
        dict(winner="A"),
        dict(end_reason="é"),
        dict(sides=tuple(reversed(sides))),
        dict(sides=sides),
        dict(options={"k": [1, 2.5]}),
        dict(preset="other"),
    ):
        for name, value in change.items():
            setattr(st, name, value)
        assert hasher._head(st) == plain_canonical(st.to_json(figures=False))
    figs = dict(st.figures)
    st.figures = {f"{k}x": f for k, f in figs.items()}  # other ids, the same figures
    assert hasher._head(st) == plain_canonical(st.to_json(figures=False))
    st.figures = figs
    st.system.moved_pt = [-0.0]
    assert hasher._head(st) == plain_canonical(st.to_json(figures=False))
