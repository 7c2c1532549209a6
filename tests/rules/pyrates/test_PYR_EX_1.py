"""PYR-EX-1 replayed step by step through the Match with scripted dice.

Heroine H (A, dagger = Close) in BtB with pyrates P1 (west), P2 (east), P3 (south; cutlass + dagger).
Two B pikemen S1, S2 support P3 from a close-quarters hatchway, so their Reach gives A +1 MQ each
(PYR-MQ-4): A's quota is 3 (5d6, no reroll) and rolls a straight; B's is 5 (5d6 + 2 rerolls) and
stops on two pair.
"""

from flow_helpers import CLOSE, REACH, Decision, answer, choose, fig, scenario

from game.match import Match
from game.rules.decisions import Item
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, Moved
from game.rules.model import Status
from game.rules.pyrates.events import ItemResolved, QuotaSet, RoundResult, RoundTallied, TapDeclared
from game.table import TacticalMap, Zone

FACES = [
    6,
    1,  # RNG-TURN-1 roll-off: A first
    1,
    2,
    3,
    4,
    5,  # A's hand: straight (2 KD + 2 W)
    2,
    2,
    3,
    3,
    6,  # B's hand: two pair (2 W)
    4,  # P1's save (needs 5-6): fails
    4,  # P3's Main Gauche: struck
    6,  # H's save (needs 5-6): saved
    2,
]  # B's morale (lost P1): passes


def build():
    figures = [
        fig("H", "A", 10, 10, CLOSE, "dagger", name="Heroine"),
        fig("P1", "B", 9, 10),
        fig("P2", "B", 11, 10),
        fig("P3", "B", 10, 11, offhand=CLOSE),
        fig("S1", "B", 10, 12, REACH, "boarding pike"),
        fig("S2", "B", 9.134, 11.5, REACH, "boarding pike"),
    ]
    tmap = TacticalMap.open_ground(24, 16, zones=[Zone.rect("hatch", 8.5, 11.4, 2.1, 1.2, close_quarters=True)])
    sc = scenario(figures)
    return Match(sc, seed=1, dice=ScriptedDice(FACES), tmap=tmap, options={"cards": False})


def test_PYR_EX_1_worked_example():
    m = build()
    quotas = {e.who: e.mq for e in m.log if isinstance(e, QuotaSet)}
    assert quotas == {"A": 3, "B": 5}
    # B has two rerolls on its two pair: it stops
    answer(m, "reroll", choose("stop"))
    # A allocates first (straight beats two pair, PYR-ALLOC-1): H taps KD→P1, KD→P2
    assert m.pending.kind == "tap" and m.pending.side == "A"
    answer(m, "tap", Decision("tap", figure="H", items=(Item("P1", "kd"), Item("P2", "kd"))))
    # P1 could be pushed back wounded instead; it saves, needing 5-6, and rolls 4
    assert m.pending.info["save_target"] == 5
    ev = answer(m, "pushback", choose("save"))
    assert m.figure("P1").status == Status.KNOCKED_DOWN
    assert any(isinstance(e, DiceRolled) and e.rule == "PYR-SAVE-1" and e.faces == (4,) and e.target == 5 for e in ev)
    # P2 takes pushed-back-wounded: moved d away from H
    answer(m, "pushback", choose("pushback_wounded"))
    assert m.figure("P2").status == Status.WOUNDED and (m.figure("P2").x, m.figure("P2").y) == (12.0, 10.0)
    # H follows up, leaving P3, staying in BtB with P2
    answer(m, "follow_up", choose("follow"))
    assert (m.figure("H").x, m.figure("H").y) == (11.0, 10.0)
    # H was surrounded when the tap was declared (PYR-SUR-1): it may break out; it stays
    if m.pending.kind == "escape":
        answer(m, "escape", choose("stay"))
    # B taps P2 (wounded, engaged): W→H; H jumps back d (no save), back in BtB with P3
    assert m.pending.kind == "tap" and m.pending.side == "B"
    answer(m, "tap", Decision("tap", figure="P2", items=(Item("H", "w"),)))
    ev = answer(m, "pushback", choose("pushback"))
    assert (m.figure("H").x, m.figure("H").y) == (10.0, 10.0)
    # A has no untapped engaged figure: passes (its 2 W stay unallocated). B taps P3: Main Gauche
    assert m.pending.kind == "tap" and m.pending.side == "B"
    assert Decision("tap", figure="H", items=(Item("P1", "w"),)) not in m.pending.options
    ev = answer(m, "tap", Decision("tap", figure="P3", items=(Item("H", "w", ("mg",)),)))
    # rolls 4 → struck; H may not push back; the blow is Close so H saves on 5-6; rolls 6 → saved
    saves = [e for e in ev if isinstance(e, DiceRolled) and e.rule == "PYR-SAVE-1"]
    assert saves and saves[0].target == 5 and saves[0].faces == (6,) and saves[0].success
    assert m.figure("H").status == Status.UNWOUNDED
    tally = next(e for e in ev if isinstance(e, RoundTallied))
    assert dict((t[0], t[1:4]) for t in tally.tallies) == {"A": (1, 3, 1), "B": (0, 0, 1)}
    assert tally.winner == "A"
    # expected end state
    assert m.figure("P1").status == Status.KNOCKED_DOWN
    assert m.figure("P2").status == Status.WOUNDED and "H" not in m.table.contacts("P2")
    assert "P3" in m.table.contacts("H")
    items = [(e.victim, e.outcome) for e in m.log if isinstance(e, ItemResolved)]
    assert items == [("P1", "knocked_down"), ("P2", "pushback_wounded"), ("H", "pushback"), ("H", "saved")]
    assert [e.tapper for e in m.log if isinstance(e, TapDeclared)] == ["H", "P2", "P3"]
    # B lost the round and is asked to fight on or withdraw (PYR-WIN-3)
    assert m.pending.kind == "withdraw" and m.pending.side == "B"
    answer(m, "withdraw", choose("fight_on"))
    assert any(isinstance(e, RoundResult) and e.choice == "fight_on" for e in m.log)


def test_PYR_EX_1_moves_are_recorded_as_events():
    m = build()
    answer(m, "reroll", choose("stop"))
    answer(m, "tap", Decision("tap", figure="H", items=(Item("P1", "kd"), Item("P2", "kd"))))
    answer(m, "pushback", choose("save"))
    answer(m, "pushback", choose("pushback_wounded"))
    answer(m, "follow_up", choose("follow"))
    moves = [(e.figure, e.how, e.path[-1]) for e in m.log if isinstance(e, Moved)]
    assert moves == [("P2", "pushback", (12.0, 10.0)), ("H", "follow_up", (11.0, 10.0))]
