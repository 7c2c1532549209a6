"""Scenario victory conditions: rout, strike colours, capture, hold a zone, turn limit."""

from game.rules.model import Figure, SideInfo, Status
from game.rules.state import MatchState
from game.rules.victory import Verdict, check_victory, judge_victory
from game.scenario.model import Victory

SIDES = (SideInfo("red", "Red"), SideInfo("blue", "Blue"))


def state(**status):
    figs = {}
    for i, side in enumerate(["red"] * 4 + ["blue"] * 4):
        fid = f"{side}{i}"
        figs[fid] = Figure(id=fid, name=fid, side=side, x=float(i), y=1.0, status=status.get(fid, Status.UNWOUNDED))
    return MatchState(sides=SIDES, figures=figs)


def test_rout_when_enemy_below_fraction():
    st = state(blue4=Status.KNOCKED_DOWN, blue5=Status.FLED, blue6=Status.CAPTIVE)
    assert check_victory(st, [Victory("rout", "red", below=0.25)])[0] == "red"
    assert check_victory(st, [Victory("rout", "red", below=0.0)]) is None


def test_last_side_standing_wins_without_a_condition():
    st = state(**{f"blue{i}": Status.KNOCKED_DOWN for i in range(4, 8)})
    assert check_victory(st, []) == ("red", "the other side has no figure left")


def test_strike_colours_and_capture():
    st = state()
    st.book.struck = ["blue"]
    assert check_victory(st, [Victory("strike_colours", "red")])[0] == "red"
    st2 = state(red1=Status.CAPTIVE)
    assert check_victory(st2, [Victory("capture", "blue", figure="red1")])[0] == "blue"


def test_hold_zone_counts_consecutive_turn_ends():
    st = state()
    cond = [Victory("hold_zone", "red", zone="deck", turns=2)]
    holders = iter([{"red"}, {"red", "blue"}, {"red"}, {"red"}])

    def hold(zone):
        return next(holders)

    assert check_victory(st, cond, zone_holders=hold, turn_ended=True) is None
    assert check_victory(st, cond, zone_holders=hold, turn_ended=True) is None  # contested: count resets
    assert check_victory(st, cond, zone_holders=hold, turn_ended=True) is None
    assert check_victory(st, cond, zone_holders=hold, turn_ended=True)[0] == "red"
    assert check_victory(st, cond, zone_holders=lambda z: {"red"}, turn_ended=False) is None


def test_turn_limit_draw_or_defender():
    st = state()
    st.turn = 6
    assert check_victory(st, [], turn_ended=True, turn_limit=6) == (None, "turn limit (6) reached")
    assert check_victory(st, [], turn_ended=False, turn_limit=6) is None
    assert check_victory(st, [Victory("turn_limit", "blue")], turn_ended=True, turn_limit=6)[0] == "blue"


def test_GEN_TURN_1_verdict_says_whether_the_turn_limit_ended_the_game():
    st = state()
    st.turn = 6
    assert judge_victory(st, [], turn_ended=True, turn_limit=6) == Verdict(None, "turn limit (6) reached", True)
    held = judge_victory(st, [Victory("turn_limit", "blue")], turn_ended=True, turn_limit=6)
    assert held is not None and held.winner == "blue" and held.at_turn_limit
    st.book.struck = ["blue"]  # an objective met on the last turn is not the limit's doing
    met = judge_victory(st, [Victory("strike_colours", "red")], turn_ended=True, turn_limit=6)
    assert met == Verdict("red", "Blue struck her colours") and not met.at_turn_limit


def test_scn_pts_1_points_decide_at_the_limit_only_on_a_greater_share():
    conds = [Victory("points", "red"), Victory("points", "blue")]
    st = state(blue4=Status.KNOCKED_DOWN)  # red keeps 4 of 4, blue 3 of 4
    st.turn = 10
    assert judge_victory(st, conds, turn_ended=True, turn_limit=10) == Verdict(
        "red", "Red wins on points at the turn limit (4 of 4 left)", at_turn_limit=True
    )
    st.turn = 9  # before the limit points decide nothing
    assert judge_victory(st, conds, turn_ended=True, turn_limit=10) is None
    even = state(blue4=Status.KNOCKED_DOWN, red0=Status.FLED)
    even.turn = 10
    # an even share leaves the limit's other conditions to decide: a side holding out, else a draw
    assert judge_victory(even, conds, turn_ended=True, turn_limit=10).winner is None
    held = judge_victory(even, conds + [Victory("turn_limit", "blue")], turn_ended=True, turn_limit=10)
    assert held.winner == "blue" and held.at_turn_limit
