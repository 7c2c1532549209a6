"""INI-SEIZE-2 "can engage in melee or reach its objective in one move", measured as a move is charged
(RNG-MOVE-1): the cost of the path the table's search finds, not a straight line; the engaging
moves offered (``destinations.contact_points``) go the same way, so the offers and the bonus agree."""

from dataclasses import replace

from game.match import Match
from game.rules.decisions import Decision
from game.rules.dice import Dice, ScriptedDice
from game.rules.events import DiceRolled, Moved
from game.rules.flow import Ctx
from game.rules.rangers.events import ActionTaken
from game.table import TacticalMap, Zone
from tests.rules.rangers.flow_helpers import has, mini, pick

FRENCH_ACTIVE = [1, 20]
PAD = [10, 11, 9, 12] * 30


def _match(positions, zones, *, orders=(), faces=()):
    sc = mini()
    figs = tuple(
        replace(f, x=float(positions[f.id][0]), y=float(positions[f.id][1])) for f in sc.figures if f.id in positions
    )
    sc = replace(sc, figures=figs, preset="initiative", orders=tuple(orders))
    return Match(
        sc,
        options={"reactive_shooting": False},
        dice=ScriptedDice(FRENCH_ACTIVE + list(faces) + PAD),
        tmap=TacticalMap.open_ground(24, 24, zones=list(zones)),
    )


def _factors(m, fid, d):
    """INI-SEIZE-1/2 as the seize flow counts them, asked of the match's state (its dice untouched)."""
    return m.preset.seize_factors(Ctx(m.state, Dice(0), m.table), fid, d)


def _to_seize(m):
    """The French (active) take one action that moves nobody; the Rangers are asked to seize."""
    assert m.pending.side == "french"
    m.apply(
        pick(m, "load", figure="marine_1") if has(m, "load", figure="marine_1") else pick(m, "aim", figure="marine_1")
    )
    assert m.pending.kind == "seize" and m.pending.side == "rangers"


# a pond across the table's middle with a narrow way round at either end
POND = Zone.rect("pond", 1.5, 7.0, 21.0, 3.5, terrain="impassable")
FORD = Zone.rect("ford", 11.0, 10.5, 2.0, 1.0, name="ford")
CARD = {"id": "take_the_ford", "side": "rangers", "figures": ["rogers"], "objective": "place:ford"}


def test_INI_SEIZE_2_an_objective_across_a_pond_is_not_in_one_move_by_air():
    # Rogers stands 5.5 in from the ford's centre as the crow flies, over 20 in by the way round the
    # pond: the order card gives +4 and no +2, and a natural 10 (10 + 2 leadership + 4 = 16 < 18) fails
    m = _match({"rogers": (12, 5.5), "marine_1": (22, 22)}, [POND, FORD], orders=[CARD], faces=[10])
    _to_seize(m)
    card = Decision("seize", figure="rogers", option="order", label="take_the_ford")
    _rate, _lead, fac, reasons = _factors(m, "rogers", card)
    assert fac == 4 and reasons == ["+4 order card"]
    m.apply(card)
    roll = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1"][-1]
    assert roll.faces == (10,) and roll.total == 16 and not roll.success


def test_INI_SEIZE_2_an_objective_in_one_move_by_path_gives_the_bonus_and_the_move_goes_there():
    # without the pond the ford is 5.5 in off: +2 and +4, and a natural 10 seizes (18 ≥ 18); the card's
    # move follows the same plan and ends on the ford's centre
    m = _match({"rogers": (12, 5.5), "marine_1": (22, 22)}, [FORD], orders=[CARD], faces=[10])
    _to_seize(m)
    card = Decision("seize", figure="rogers", option="order", label="take_the_ford")
    _rate, _lead, fac, reasons = _factors(m, "rogers", card)
    assert fac == 6 and "+2 can engage/reach/shoot" in reasons
    m.apply(card)
    roll = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1"][-1]
    assert roll.success
    mv = [e for e in m.log if isinstance(e, Moved) and e.figure == "rogers"][-1]
    assert mv.rule == "INI-ORD-1" and mv.path[-1] == (12.0, 11.0)


# a wall of rock between a ranger and a warrior, short enough to walk round
ROCK = Zone.rect("rock", 11.0, 11.5, 2.0, 1.0, terrain="impassable")


def test_INI_SEIZE_2_an_enemy_reachable_round_an_obstacle_can_be_engaged_in_one_move():
    m = _match({"ranger_1": (12, 10.5), "warrior_1": (12, 14), "marine_1": (22, 22)}, [ROCK], faces=[])
    _to_seize(m)
    # the engaging move is offered, by a path round the rock that fits the move
    assert has(m, "seize", figure="ranger_1", option="engage", target="warrior_1")
    engage = pick(m, "seize", figure="ranger_1", option="engage", target="warrior_1")
    _rate, _lead, fac, reasons = _factors(m, "ranger_1", engage)
    assert fac == 2 and "+2 can engage/reach/shoot" in reasons
    ctx = Ctx(m.state, Dice(0), m.table)
    from game.rules.rangers import destinations as D

    pts = D.contact_points(ctx, "ranger_1", "warrior_1", ctx.fig("ranger_1").move, limit=3)
    assert pts
    for _x, _y, plan in pts:
        assert len(plan.points) > 2  # round the rock, not straight through it
        assert plan.cost <= ctx.fig("ranger_1").move + 0.002
        assert ctx.table.path_cost("ranger_1", [plan.points[0], plan.points[-1]]) is None


def test_INI_SEIZE_2_an_enemy_only_reachable_the_long_way_round_gives_no_bonus():
    # the same rock, now too long to walk round in one move
    wide = Zone.rect("rock", 2.0, 11.5, 20.0, 1.0, terrain="impassable")
    m = _match({"ranger_1": (12, 10.5), "warrior_1": (12, 14), "marine_1": (22, 22)}, [wide], faces=[])
    _to_seize(m)
    # the engaging seize is not offered (it would fail to reach), and declared anyway gets no +2
    assert not has(m, "seize", figure="ranger_1", option="engage", target="warrior_1")
    engage = Decision("seize", figure="ranger_1", option="engage", target="warrior_1")
    _rate, _lead, fac, reasons = _factors(m, "ranger_1", engage)
    assert fac == 0 and not reasons
    ctx = Ctx(m.state, Dice(0), m.table)
    from game.rules.rangers import destinations as D

    assert not D.contact_points(ctx, "ranger_1", "warrior_1", ctx.fig("ranger_1").move, limit=3)
    assert not any(isinstance(e, ActionTaken) and e.figure == "ranger_1" for e in m.log)


def test_INI_SEIZE_2_the_seized_engaging_move_walks_the_path_the_bonus_was_measured_on():
    m = _match({"ranger_1": (12, 10.5), "warrior_1": (12, 14), "marine_1": (22, 22)}, [ROCK], faces=[17])
    _to_seize(m)
    m.apply(pick(m, "seize", figure="ranger_1", option="engage", target="warrior_1"))
    assert [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1"][-1].success  # 17 + 2 ≥ 18
    assert m.pending.kind == "destination"
    m.apply(m.pending.default)
    mv = [e for e in m.log if isinstance(e, Moved) and e.figure == "ranger_1"][-1]
    assert len(mv.path) > 2 and mv.cost <= 6.0 + 0.002
    r, w = m.figure("ranger_1"), m.figure("warrior_1")
    assert ((r.x - w.x) ** 2 + (r.y - w.y) ** 2) ** 0.5 <= 1.0 + 0.02  # in base contact
