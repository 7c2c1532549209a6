"""Figure: evolve (``dataclasses.replace``) and the derived ``in_play`` slot."""

import copy
import dataclasses

import pytest

from game.rules.model import FIGURE_FIELDS, OUT_OF_PLAY, Figure, Rank, Status, WeaponClass

BASE = Figure(
    id="a1",
    name="Anne",
    side="A",
    x=1.5,
    y=2.25,
    rank=Rank.CAPTAIN,
    melee_class=WeaponClass.GENERAL,
    traits=frozenset({"leader"}),
    flags=frozenset({"pike"}),
    missile="pistol",
)

#: a value for every field, different from BASE's
OTHER = {
    "id": "b2",
    "name": "Bob",
    "side": "B",
    "x": 7.125,
    "y": 3.0,
    "base": 1.25,
    "level": "rigging",
    "party": "p",
    "command": "c",
    "type": "native",
    "rank": Rank.OFFICER,
    "av": 12,
    "dv": 5,
    "max_wounds": 1,
    "move": 8.0,
    "melee_class": WeaponClass.REACH,
    "melee_weapon": "pike",
    "offhand": WeaponClass.CLOSE,
    "missile": None,
    "thrown": True,
    "traits": frozenset({"fast"}),
    "armoured": True,
    "drilled": True,
    "mounted": True,
    "lancer": True,
    "can_dismount": True,
    "flags": frozenset(),
    "facing": 90.0,
    "status": Status.FLED,
    "wounds": 1,
    "loaded": True,
    "aim": 2,
    "cv": 3,
    "qv": 4,
    "width": 2.0,
    "depth": 1.0,
    "unit": "u",
    "points": 20,
}


def _same(a: Figure, b: Figure) -> None:
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b) and type(a) is type(b)
    for name in FIGURE_FIELDS:
        assert getattr(a, name) is getattr(b, name), name
    assert a.in_play == b.in_play


def test_other_covers_every_field():
    assert set(OTHER) == set(FIGURE_FIELDS)
    assert all(OTHER[n] != getattr(BASE, n) for n in FIGURE_FIELDS)


def test_evolve_leaves_the_original_alone_and_refuses_unknown_fields():
    before = dataclasses.astuple(BASE)
    BASE.evolve(x=9.0, status=Status.CAPTIVE)
    assert dataclasses.astuple(BASE) == before
    with pytest.raises(TypeError):
        BASE.evolve(colour="red")
    with pytest.raises(dataclasses.FrozenInstanceError):
        BASE.evolve(x=2.0).x = 3.0


@pytest.mark.parametrize("status", list(Status) + [s.value for s in Status])
def test_in_play_is_the_status_not_out_of_play_however_the_figure_was_made(status):
    want = status not in OUT_OF_PLAY
    assert Figure(id="f", name="f", side="A", x=0.0, y=0.0, status=status).in_play is want
    assert dataclasses.replace(BASE, status=status).in_play is want
    assert BASE.evolve(status=status).in_play is want
    assert copy.copy(BASE.evolve(status=status)).in_play is want
    assert copy.deepcopy(BASE.evolve(status=status)).in_play is want


def test_in_play_is_not_a_field_and_cannot_be_set():
    assert "in_play" not in FIGURE_FIELDS
    assert "in_play" not in repr(BASE)
    with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):  # as any non-field of a frozen slotted class
        BASE.in_play = False
