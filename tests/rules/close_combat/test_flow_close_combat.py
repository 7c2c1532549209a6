"""PRE-OD6-1 flow: phases, engage (OD6-ENG-3), rolls and results on the board, rally, locks, breaks."""

from pathlib import Path

import pytest

from game.ai import RandomController, play_out
from game.match import Decision, IllegalDecision, Match, record_of, replay
from game.rules.close_combat import CombatRolled, PieceResolved, UnitBroken
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, TurnStarted
from game.rules.refusals import Cause
from game.scenario import load_scenario
from game.scenario.loader import parse_scenario

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "scenarios"


def piece(pid, side, x, y, facing, cv=3, unit=None, qv=4, **kw):
    return {
        "id": pid,
        "side": side,
        "x": x,
        "y": y,
        "facing": facing,
        "cv": cv,
        "qv": qv,
        "width": 2.0,
        "depth": 1.0,
        "unit": unit or f"{side}_regiment",
        **kw,
    }


def lines(red_x=10.5, blue_x=12.5, n=6):
    """The source's lines of six 2"x1" pieces (pikes, CV 5, in rows 3 and 4), rows 2" apart."""
    out = []
    for i in range(n):
        cv = 5 if i in (2, 3) else 3
        out.append(piece(f"R{i + 1}", "red", red_x, 5.0 + 2 * i, 0.0, cv))
        out.append(piece(f"B{i + 1}", "blue", blue_x, 5.0 + 2 * i, 180.0, cv))
    return out


def scenario(figures, w=30, h=20, **options):
    data = {
        "title": "t",
        "map": f"open:{w}x{h}",
        "preset": "close-combat-d6",
        "turn_limit": 6,
        "options": {"break_after": 2, **options},
        "sides": [{"id": "red"}, {"id": "blue"}],
        "figures": figures,
        "victory": [{"type": "rout", "side": "red"}, {"type": "rout", "side": "blue"}],
    }
    return parse_scenario(data, "test.toml")


def engage(m, unit="red_regiment"):
    m.apply(Decision("act", option=unit))
    opts = [d for d in m.pending.options if d.kind == "engage"]
    assert opts, [d.describe() for d in m.pending.options]
    return opts, m.apply(opts[0])


# -- PRE-OD6-1 ------------------------------------------------------------------------------------------


def test_PRE_OD6_1_one_roll_off_then_fixed_alternating_phases():
    m = Match(scenario(lines(8.5, 20.5)), dice=ScriptedDice([3, 5] + [4] * 60))
    assert m.pending.side == "blue" and m.pending.kind == "activate"
    rolls = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "PRE-OD6-1"]
    assert len(rolls) == 2
    for side in ("blue", "red", "blue", "red"):
        assert m.pending.side == side
        m.apply(Decision("pass"))
    turns = [e for e in m.log if isinstance(e, TurnStarted)]
    assert [t.turn for t in turns] == [1, 2, 3] and {t.first for t in turns} == {"blue"}
    assert len([e for e in m.log if isinstance(e, DiceRolled) and e.rule == "PRE-OD6-1"]) == 2


def test_OD6_SEQ_1_one_action_per_unit_per_phase_and_moves_are_rigid():
    m = Match(scenario(lines(8.5, 20.5)), dice=ScriptedDice([5, 3] + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    fwd = next(d for d in m.pending.options if d.kind == "move" and d.label == "forward 3")
    m.apply(fwd)
    assert {m.figure(f"R{i}").x for i in range(1, 7)} == {11.5}
    assert m.pending.side == "blue"  # red's only unit has no action left


def test_OD6_SEQ_1_move_may_not_touch_an_enemy_and_any_clear_vector_is_accepted():
    m = Match(scenario(lines(8.5, 12.5)), dice=ScriptedDice([5, 3] + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    before = m.state_hash()
    with pytest.raises(IllegalDecision, match="engage instead") as e:
        m.apply(Decision("move", option="red_regiment", x=3.0, y=0.0))
    assert e.value.refusal.cause == Cause.ENDS_IN_CONTACT
    with pytest.raises(IllegalDecision, match="7 in away — .* moves 6 in") as e:
        m.apply(Decision("move", option="red_regiment", x=-7.0, y=0.0))
    assert e.value.refusal.cause == Cause.BEYOND_MOVE and e.value.refusal.limit == 6
    assert m.state_hash() == before
    m.apply(Decision("move", option="red_regiment", x=-1.25, y=0.5))
    assert m.figure("R1").x == 7.25 and m.figure("R1").y == 5.5


# -- OD6-ENG-3 --------------------------------------------------------------------------------------------


def test_OD6_ENG_3_engage_options_all_reach_the_best_pair_count():
    m = Match(scenario(lines(8.5, 12.5)), dice=ScriptedDice([5, 3] + [1] * 60))
    m.apply(Decision("act", option="red_regiment"))
    eng = [d for d in m.pending.options if d.kind == "engage"]
    assert eng and m.pending.default in eng  # auto: engage
    from game.rules.close_combat.formation import Board, engage_candidates
    from game.rules.flow import Ctx

    board = Board.of(Ctx(m.state, m.dice, m.table))
    movers = [board.pieces[f"R{i}"] for i in range(1, 7)]
    cands = engage_candidates(board, movers, board.enemies_of("red"))
    worse = [c for c in cands if c.pairs < 6]
    assert cands[0].pairs == 6 and worse
    # a placement engaging fewer pieces than the best is refused (OD6-ENG-3)
    with pytest.raises(IllegalDecision):
        m.apply(
            Decision(
                "engage",
                option="red_regiment",
                figure=worse[0].lead,
                target=worse[0].target,
                label=worse[0].key,
            )
        )
    ev = m.apply(eng[0])
    pairs = [e for e in ev if isinstance(e, CombatRolled)]
    assert len(pairs) == 6 and all(e.rule == "OD6-RES-1" for e in pairs)


def test_OD6_ENG_1_oblique_approach_lines_up_one_to_one():
    # blue stands 2" lower and 3" away: the engage moves on the oblique into a grid of full contacts
    figs = [piece(f"R{i}", "red", 8.5, 5.0 + 2 * (i - 1), 0.0) for i in range(1, 4)]
    figs += [piece(f"B{i}", "blue", 12.5, 6.0 + 2 * (i - 1), 180.0) for i in range(1, 4)]
    m = Match(scenario(figs), dice=ScriptedDice([5, 3] + [3] * 60))
    opts, ev = engage(m)
    assert len([e for e in ev if isinstance(e, CombatRolled)]) == 3
    assert {(m.figure(f"R{i}").x, m.figure(f"R{i}").y) for i in range(1, 4)} <= {
        (11.5, 6.0),
        (11.5, 8.0),
        (11.5, 10.0),
        (10.5, 6.0),
        (10.5, 8.0),
        (10.5, 10.0),
    }


# -- OD6-ROLL / OD6-RES: the source's example (OD6-EX-1, EX-3, EX-6) ---------------------------------------

EX1_FACES = [2, 6, 5, 5, 2, 1, 3, 2, 2, 5, 5, 4]


def ex1_match():
    m = Match(scenario(lines(8.5, 12.5)), dice=ScriptedDice([6, 1] + EX1_FACES + [2] + [4] * 40))
    engage(m)
    return m


def test_OD6_EX_1_first_round_results_on_the_board():
    m = ex1_match()
    log = m.log
    rolled = [(e.attacker, e.defender, e.totals, e.kind, e.winner) for e in log if isinstance(e, CombatRolled)]
    assert rolled == [
        ("R1", "B1", (2, 6), "triple", "B1"),
        ("R2", "B2", (5, 5), "tie", ""),
        ("R3", "B3", (2, 1), "double", "R3"),
        ("R4", "B4", (3, 2), "simple", "R4"),
        ("R5", "B5", (2, 5), "double", "B5"),
        ("R6", "B6", (5, 4), "simple", "R6"),
    ]
    assert not m.figure("R1").in_play  # casualty
    assert m.figure("R2").x == 10.5 and m.figure("B2").x == 13.5  # both back one depth
    assert m.figure("B3").x == 13.5 and "B3" in m.state.system.disrupted  # back and Disrupted
    assert m.figure("B4").x == 13.5 and m.figure("R4").x == 11.5
    assert m.figure("R5").x == 10.5 and "R5" in m.state.system.disrupted
    assert m.figure("B6").x == 13.5 and m.figure("B5").x == 12.5
    assert m.state.system.losses == {"red_regiment": 1}
    assert all(e.rule in ("OD6-RES-2", "OD6-RES-3") for e in log if isinstance(e, PieceResolved))


def test_OD6_EX_3_and_EX_6_rally_fails_and_corner_locks_hold_blue():
    m = ex1_match()
    # Blue's phase: B3 rolls 2 against QV 4, stays Disrupted (OD6-DIS-1)
    rally = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "OD6-DIS-1"]
    assert [(e.who, e.faces, e.success) for e in rally] == [("B3", (2,), False)]
    assert "B3" in m.state.system.disrupted and m.pending.side == "blue"
    m.apply(Decision("act", option="blue_regiment"))
    info = m.pending.info
    assert info["locks"]["B5"] == 2  # R4 and R6 at corners
    assert info["disrupted"] == ["B3"]
    # four Blue pieces can move: B1, B2, B4, B6 (OD6-EX-6)
    assert any(d.kind == "re_engage" for d in m.pending.options)
    m.apply(Decision("re_engage", option="blue_regiment"))
    movers = set()
    while m.pending.kind == "re_engage":
        movers.add(m.pending.info["figure"])
        m.apply(Decision("stay", figure=m.pending.info["figure"]))
    assert movers <= {"B1", "B2", "B4", "B6"} and movers


def test_OD6_RES_3_a_blocked_move_back_disrupts_in_place():
    figs = [
        piece("R1", "red", 8.5, 5.0, 0.0),
        piece("B1", "blue", 12.5, 5.0, 180.0),
        piece("B2", "blue", 13.5, 5.0, 180.0, unit="blue_reserve"),
    ]  # right behind B1's line
    m = Match(scenario(figs), dice=ScriptedDice([6, 1, 4, 3, 2] + [4] * 40))  # then B1's rally fails
    engage(m)
    res = [e for e in m.log if isinstance(e, PieceResolved)]
    assert [(e.figure, e.outcome, e.blocked, e.rule) for e in res] == [("B1", "disrupted_in_place", True, "OD6-RES-3")]
    assert m.figure("B1").x == 12.5 and "B1" in m.state.system.disrupted


def test_OD6_ROLL_2_flank_support_from_a_free_friend_in_side_contact():
    # B1 is 1" wide, so R2 (beside R1) touches no enemy: free to support. With equal widths R2 would
    # corner-lock B1 and a locked piece gives no support (OD6-LOCK-2).
    figs = [
        piece("R1", "red", 8.5, 5.0, 0.0),
        piece("R2", "red", 8.5, 7.0, 0.0),
        {**piece("B1", "blue", 12.5, 5.0, 180.0), "width": 1.0},
        piece("B9", "blue", 28, 18, 180.0, unit="far"),
    ]
    m = Match(scenario(figs), dice=ScriptedDice([6, 1, 3, 3] + [4] * 40))
    opts, ev = engage(m)
    rolled = [e for e in ev if isinstance(e, CombatRolled)]
    assert len(rolled) == 1 and rolled[0].bonus == (1, 0)  # R2 beside R1, unpaired


def test_OD6_DIS_1_natural_one_eliminates_a_disrupted_piece():
    figs = [
        piece("R1", "red", 8.5, 5.0, 0.0),
        piece("B1", "blue", 12.5, 5.0, 180.0),
        piece("B9", "blue", 28, 18, 180.0, unit="far"),
    ]
    m = Match(scenario(figs), dice=ScriptedDice([6, 1, 4, 2, 1] + [4] * 40))
    engage(m)  # 4 v 2: double, B1 Disrupted
    assert any(isinstance(e, PieceResolved) and e.figure == "B1" and e.outcome == "move_back_disrupted" for e in m.log)
    assert not m.figure("B1").in_play  # blue's rally: a natural 1
    assert m.state.system.losses == {"blue_regiment": 1}


def test_OD6_LOCK_2_a_singly_locked_piece_may_try_to_disengage():
    # B1 touches R1 only at a corner: one lock
    figs = [
        piece("R1", "red", 8.5, 5.0, 0.0),
        piece("B1", "blue", 9.5, 7.0, 180.0),
        piece("R9", "red", 1.5, 18, 0.0, unit="far"),
    ]
    m = Match(scenario(figs), dice=ScriptedDice([1, 6, 5] + [4] * 40))
    assert m.pending.side == "blue"
    m.apply(Decision("act", option="blue_regiment"))
    assert m.pending.info["locks"] == {"B1": 1}
    assert Decision("disengage", option="blue_regiment") in m.pending.options
    ev = m.apply(Decision("disengage", option="blue_regiment"))
    roll = next(e for e in ev if isinstance(e, DiceRolled) and e.rule == "OD6-LOCK-2")
    assert roll.success and m.figure("B1").x == 10.5


def test_OD6_PIECE_1_unit_breaks_on_the_loss_after_break_after():
    figs = lines(8.5, 12.5, n=3)
    m = Match(scenario(figs, break_after=1), dice=ScriptedDice([6, 1, 6, 2, 6, 2, 2, 2] + [4] * 40))
    opts, ev = engage(m)
    broken = [e for e in ev if isinstance(e, UnitBroken)]
    assert len(broken) == 1 and broken[0].unit == "blue_regiment" and broken[0].removed == ("B3",)
    assert not any(m.figure(f"B{i}").in_play for i in range(1, 4))
    assert m.over and m.winner == "red"


# -- whole games -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path,seed",
    [(DATA / "od6_open.toml", 1), (ROOT / "maps" / "pike_and_shot.toml", 2), (ROOT / "maps" / "pike_and_shot.toml", 5)],
)
def test_PRE_OD6_1_random_games_end_and_replay_identically(path, seed):
    sc = load_scenario(path)
    m = Match(sc, seed=seed)
    play_out(m, {s.id: RandomController(seed * 10 + i) for i, s in enumerate(sc.sides)})
    assert m.over and all(e.rule for e in m.log)
    res = replay(record_of(m), [path.parent])
    assert res.ok, res.reason
    assert res.match.state_hash() == m.state_hash()


def test_PRE_OD6_1_auto_game_fights_to_a_rout_and_clones_mid_step():

    sc = load_scenario(ROOT / "maps" / "pike_and_shot.toml")
    m = Match(sc, seed=3)
    n = 0
    while not m.over:
        if m.pending.kind == "re_engage" and n % 2 == 0:
            c = m.clone()
            assert c.state_hash() == m.state_hash() and c.pending == m.pending
        m.apply(m.auto())
        n += 1
    assert m.winner in ("red", "blue") and any(isinstance(e, UnitBroken) for e in m.log)
