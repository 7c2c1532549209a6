"""PYR-MQ-1..7: the Mêlée Quota."""

from fractions import Fraction

import pytest

from game.rules.model import Figure, Rank, Status, WeaponClass
from game.rules.pyrates import (
    Participant,
    SideFacts,
    defends_obstacle,
    dice_for_quota,
    melee_quotas,
    quota_contributions,
    side_quota,
)
from game.rules.pyrates.config import PYRATES


def fig(fid, side="a", **kw):
    return Figure(id=fid, name=fid, side=side, x=0.0, y=0.0, **kw)


def P(f, **kw):
    return Participant(f, **kw)


def test_PYR_MQ_2_ranks():
    side = [
        P(fig("cap", rank=Rank.CAPTAIN)),
        P(fig("off", rank=Rank.OFFICER)),
        P(fig("tar")),
        P(fig("boy", rank=Rank.NONCOMBATANT)),
    ]
    q = quota_contributions(PYRATES, side)
    assert [(ln.figure, ln.amount, ln.rule) for ln in q.lines] == [
        ("cap", 3, "PYR-MQ-2"),
        ("off", 2, "PYR-MQ-2"),
        ("tar", 1, "PYR-MQ-2"),
        ("boy", Fraction(1, 2), "PYR-MQ-2"),
    ]
    assert q.total == Fraction(13, 2) and q.mq == 7


def test_PYR_MQ_2_wounded_ranks():
    side = [
        P(fig("cap", rank=Rank.CAPTAIN, wounds=1, status=Status.WOUNDED)),
        P(fig("off", rank=Rank.OFFICER, wounds=1)),
        P(fig("tar", wounds=1)),
        P(fig("boy", rank=Rank.NONCOMBATANT, wounds=1)),
        P(fig("civ", type="civilian")),
    ]
    assert [ln.amount for ln in quota_contributions(PYRATES, side).lines] == [
        2,
        1,
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(1, 2),
    ]


def test_PYR_MQ_7_three_wounded_crew_round_up():
    q = quota_contributions(PYRATES, [P(fig(f"w{i}", wounds=1)) for i in range(3)])
    assert q.total == Fraction(3, 2)
    assert q.mq == 2 == side_quota(Fraction(3, 2))
    assert dice_for_quota(q.total) == [(4, 0)]


def test_PYR_MQ_7_rounds_total_not_each_figure():
    # two wounded crew: 1/2 + 1/2 = 1 (rounding each would give 2)
    assert quota_contributions(PYRATES, [P(fig("a", wounds=1)), P(fig("b", wounds=1))]).mq == 1
    assert side_quota(0) == 0
    with pytest.raises(ValueError):
        side_quota(-1)


def test_PYR_MQ_1_excluded_figures_count_zero():
    side = [
        P(fig("kd", status=Status.KNOCKED_DOWN)),
        P(fig("dis", status=Status.DISARMED)),
        P(fig("cap", status=Status.CAPTIVE)),
        P(fig("captor"), holding_captive=True),
        P(fig("ok")),
    ]
    q = quota_contributions(PYRATES, side)
    assert q.total == 1
    assert [ln.rule for ln in q.lines] == ["PYR-MQ-1"] * 4 + ["PYR-MQ-2"]
    assert "holding a captive" in q.lines[3].reason


def test_PYR_MQ_1_supporting_figures_count():
    q = quota_contributions(PYRATES, [P(fig("e")), P(fig("s"), engaged=False)])
    assert q.total == 2 and "supporting" in q.lines[1].reason


def test_PYR_MQ_3_formation_needs_drilled_btb_same_party():
    a = fig("a", drilled=True, party="line")
    b = fig("b", drilled=True, party="line", wounds=1)
    c = fig("c", drilled=True, party="other")
    d = fig("d", drilled=False, party="line")
    side = [
        P(a, contacts=frozenset({"b", "c", "d"})),
        P(b, contacts=frozenset({"a"})),
        P(c, contacts=frozenset({"a"})),
        P(d, contacts=frozenset({"a"})),
    ]
    q = quota_contributions(PYRATES, side)
    form = {ln.figure: ln.amount for ln in q.lines if ln.rule == "PYR-MQ-3"}
    assert form == {"a": 1, "b": Fraction(1, 2)}


def test_PYR_MQ_3_knocked_down_partner_gives_no_formation():
    a = fig("a", drilled=True)
    b = fig("b", drilled=True, status=Status.KNOCKED_DOWN)
    q = quota_contributions(PYRATES, [P(a, contacts=frozenset({"b"})), P(b, contacts=frozenset({"a"}))])
    assert not [ln for ln in q.lines if ln.rule == "PYR-MQ-3"]
    assert quota_contributions(PYRATES, [P(fig("x"), in_formation=True)]).total == 2  # caller override


def test_PYR_MQ_4_reach_mounted_and_lancer():
    side = [
        P(fig("pike", melee_class=WeaponClass.REACH, melee_weapon="boarding pike")),
        P(fig("horse", mounted=True, melee_class=WeaponClass.GENERAL)),
        P(fig("lancer", mounted=True, lancer=True, melee_class=WeaponClass.REACH)),
    ]
    q = quota_contributions(PYRATES, side)
    bonus = {ln.figure: ln.amount for ln in q.lines if ln.rule == "PYR-MQ-4"}
    assert bonus == {"pike": 1, "horse": 1, "lancer": 2}
    assert q.total == 3 + 4


def test_PYR_MQ_4_reach_in_close_quarters_goes_to_the_enemy():
    a = SideFacts(
        (
            P(fig("pike", melee_class=WeaponClass.REACH), close_quarters=True),
            P(fig("lancer", mounted=True, lancer=True), close_quarters=True),
        )
    )
    b = SideFacts((P(fig("tar", side="b")),))
    qa, qb = melee_quotas(PYRATES, a, b)
    assert qa.total == 2
    assert qb.total == 1 + 1 + 2
    gains = [ln for ln in qb.lines if ln.rule == "PYR-MQ-4"]
    assert [(ln.figure, ln.amount) for ln in gains] == [("pike", 1), ("lancer", 2)]


def test_PYR_MQ_5_advantageous_only_for_engaged():
    q = quota_contributions(PYRATES, [P(fig("e"), advantageous=True), P(fig("s"), engaged=False, advantageous=True)])
    assert [ln.figure for ln in q.lines if ln.rule == "PYR-MQ-5"] == ["e"]
    assert q.total == 3


def test_PYR_MQ_5_defends_obstacle():
    assert defends_obstacle(False, [(True, True)])
    assert not defends_obstacle(True, [(True, True)])  # both moved
    assert not defends_obstacle(False, [(True, False)])  # neither moved
    assert not defends_obstacle(False, [(False, True)])  # no obstacle on that line
    assert defends_obstacle(False, [(False, True), (True, True)])


def test_PYR_MQ_6_flashing_blades():
    qa, qb = melee_quotas(PYRATES, SideFacts((P(fig("a")),), flashing_blades=1), [P(fig("b", side="b"))])
    assert qa.total == 2 and qb.total == 1
    assert qa.lines[-1].rule == "PYR-MQ-6"


def test_PYR_MQ_1_lines_are_tuples_of_four():
    q = quota_contributions(PYRATES, [P(fig("a"))])
    fid, amount, reason, rule = q.lines[0]
    assert (fid, amount, rule) == ("a", 1, "PYR-MQ-2") and reason
