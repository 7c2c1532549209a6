"""RNG-STAT-1 profiles, RNG-TRAIT-1 traits, RNG-PTS-1 points and rosters."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.model import Figure
from game.rules.rangers import (
    TRAIT_POINTS,
    apply_traits,
    figure_points,
    figure_weapons,
    is_leader,
    profile,
    validate_roster,
)


def test_RNG_STAT_1_profiles_match_the_table():
    assert tuple(profile("enlisted")) == (14, 6, 2, 6.0, 20)
    assert tuple(profile("Native American")) == (14, 6, 2, 6.0, 20)
    assert tuple(profile("Enlisted Man")) == (14, 6, 2, 6.0, 20)
    assert tuple(profile("militia")) == (12, 5, 2, 6.0, 10)
    assert tuple(profile("civilian")) == (10, 4, 1, 6.0, 5)


def test_RNG_STAT_1_unknown_type_is_refused_by_name():
    with pytest.raises(ValueError, match="grenadier.*RNG-STAT-1"):
        profile("grenadier")


def test_RNG_TRAIT_1_profile_traits():
    assert apply_traits("enlisted", []) == (14, 6, 2, 6, 3)
    assert apply_traits("enlisted", ["fast"]) == (14, 6, 2, 8, 4)
    assert apply_traits("militia", ["veteran"]) == (14, 5, 2, 6, 3)
    assert apply_traits("civilian", ["athletic"]) == (10, 5, 1, 6, 3)
    assert apply_traits("native", ["Keen-Eyed", "Legendary Leader", "veteran", "athletic", "fast"]) == (16, 7, 2, 8, 4)
    # traits acting on rolls leave the profile alone
    assert apply_traits("enlisted", ["tough", "lucky", "strongman", "initiative", "determined", "leader"]) == (
        14,
        6,
        2,
        6,
        3,
    )


def test_RNG_TRAIT_1_unknown_trait_is_refused():
    with pytest.raises(ValueError, match="RNG-TRAIT-1"):
        apply_traits("enlisted", ["invisible"])


def test_RNG_TRAIT_1_leader_traits():
    assert is_leader(["leader"]) and is_leader(["legendary_leader"]) and not is_leader(["veteran"])


def test_RNG_PTS_1_figure_costs():
    assert figure_points("civilian", [], []) == 5
    assert figure_points("militia", ["musket"], []) == 30
    assert figure_points("enlisted", ["musket", "hatchet"], ["leader"]) == 80
    assert figure_points("native", ["tomahawk", "musket"], ["legendary_leader", "fast"]) == 20 + 30 + 60
    assert figure_points("enlisted", ["pistol", "sword"], ["veteran", "lucky"]) == 20 + 20 + 20
    assert figure_points("militia", ["improvised"], []) == 10
    # a musket used as a club is the same musket
    assert figure_points("militia", ["musket", "musket"], []) == 30


@given(
    st.sampled_from(["enlisted", "native", "militia", "civilian"]),
    st.sets(st.sampled_from(["improvised", "hatchet", "pistol", "musket"])),
    st.sets(st.sampled_from(sorted(TRAIT_POINTS))),
)
def test_RNG_PTS_1_cost_is_cumulative(type_, weapons, traits):
    base = profile(type_).points
    w = {"improvised": 0, "hatchet": 10, "pistol": 10, "musket": 20}
    assert figure_points(type_, weapons, traits) == base + sum(w[x] for x in weapons) + sum(
        TRAIT_POINTS[t] for t in traits
    )


def _fig(fid, side, type_="enlisted", melee="fists", missile=None, traits=()):
    return Figure(
        id=fid, name=fid, side=side, x=0, y=0, type=type_, melee_weapon=melee, missile=missile, traits=frozenset(traits)
    )


def test_RNG_PTS_1_validate_roster_legal():
    a = [_fig("a1", "a", melee="sword", missile="musket", traits=["leader"]), _fig("a2", "a", "militia")]
    b = [_fig("b1", "b", missile="musket", traits=["leader"]), _fig("b2", "b", "militia", missile="pistol")]
    assert sum(figure_points(f.type, figure_weapons(f), f.traits) for f in a) == 20 + 30 + 30 + 10
    assert validate_roster({"a": a, "b": b}) == []


def test_RNG_PTS_1_validate_roster_limit_difference_and_leaders():
    a = [("enlisted", ["musket"], ["leader"]), ("enlisted", ["musket"], [])]  # 70 + 40 = 110
    b = [("militia", [], ["leader"])]  # 40
    problems = validate_roster({"a": a, "b": b}, points_limit=100)
    assert any("'a'" in p and "110 points is over the limit of 100" in p for p in problems)
    assert any("70 points apart" in p for p in problems)
    assert validate_roster({"a": a, "b": b}, max_difference=None) == []
    assert validate_roster({"a": a, "b": b}, max_difference=100) == []
    none = validate_roster({"a": [("militia", [], [])]}, max_difference=None)
    assert len(none) == 1 and "no figure has Leader" in none[0]
    two = validate_roster(
        {
            "a": [
                {"id": "x", "type": "militia", "traits": ["leader"]},
                {"id": "y", "type": "militia", "traits": ["legendary_leader"]},
            ]
        }
    )
    assert len(two) == 1 and "2 figures (x, y)" in two[0]


def test_RNG_PTS_1_unpriced_weapon_is_a_problem_not_a_crash():
    problems = validate_roster({"a": [_fig("archer", "a", missile="crossbow", traits=["leader"])]})
    assert len(problems) == 1 and "'archer'" in problems[0] and "crossbow" in problems[0] and "RNG-PTS-1" in problems[0]
