"""The pyrates rules as amended: the changed catalog entries and the deviations fixed,
each driven through the Match door with scripted dice (PYR-ALLOC-3, PYR-MOR-3, PYR-DUEL-3,
PYR-WIN-3, PYR-DIS-2/3, PYR-SEQ-1, GEN-CHOICE-1)."""

from flow_helpers import Decision, answer, choose, fig, match

from game.rules.decisions import Item
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, Moved, Note
from game.rules.model import Status
from game.rules.pyrates.events import ItemResolved, QuotaSet, RoundTallied

TURN_A = [6, 1]  # RNG-TURN-1 roll-off: A takes the first player-turn
PAD = [2, 3, 4, 5] * 40  # later dice nobody looks at
NOTHING = [1, 2, 4]  # 3d6, no match


def of(events, cls, **kw):
    return [e for e in events if isinstance(e, cls) and all(getattr(e, k) == v for k, v in kw.items())]


def drive(m, answers, stop=(), limit=200):
    """Answer with ``answers[kind]``, else the default, until a ``stop`` question is pending."""
    for _ in range(limit):
        if m.pending is None or m.pending.kind in stop:
            return
        m.apply(answers.get(m.pending.kind) or m.auto())


def tally_of(m, camp):
    t = of(m.log, RoundTallied)[-1]
    return next(x for x in t.tallies if x[0] == camp)[1:]


# -- PYR-ALLOC-3 (amended) -------------------------------------------------------------------------------
def test_PYR_ALLOC_3_passing_withholds_damage_it_counts_for_nothing():
    # A: pair (1 W), B nothing. A passes instead of striking: the wound is withheld, not unallocated
    m = match(
        [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10)], dice=ScriptedDice(TURN_A + [3, 3, 1] + NOTHING + [5, 2] + PAD)
    )
    assert m.pending.kind == "tap" and m.pending.side == "A"
    answer(m, "tap", Decision("pass"))
    t = of(m.log, RoundTallied)[-1]
    assert tally_of(m, "A")[:3] == (0, 0, 0)  # not 1 wound, as the old ruling had it
    assert t.decided_by == "roll-off"
    assert any(isinstance(e, Note) and e.rule == "PYR-ALLOC-3" and "withholds" in e.message for e in m.log)


def test_PYR_ALLOC_3_damage_nothing_could_take_still_counts():
    # A captain (MQ 3, 5d6): two pair = 2 W; one enemy in reach takes one item, B1 saves it (6);
    # the second wound could not be given to anyone: unallocated, counts for A
    figs = [fig("A1", "A", 9, 10, rank="captain"), fig("B1", "B", 10, 10)]
    m = match(figs, dice=ScriptedDice(TURN_A + [2, 2, 3, 3, 6] + NOTHING + [6] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w"),)))
    answer(m, "pushback", choose("save"))
    assert m.figure("B1").status == Status.UNWOUNDED
    assert tally_of(m, "A")[:2] == (0, 1)
    assert of(m.log, RoundTallied)[-1].winner == "A"


def test_PYR_ALLOC_3_pass_withholds_only_what_could_still_be_given():
    # A: two pair = 2 W, one enemy in reach of its one tapper: passing withholds one wound; the other
    # could never have been given and stays unallocated
    figs = [fig("A1", "A", 9, 10, rank="captain"), fig("B1", "B", 10, 10)]
    m = match(figs, dice=ScriptedDice(TURN_A + [2, 2, 3, 3, 6] + NOTHING + PAD))
    answer(m, "tap", Decision("pass"))
    assert tally_of(m, "A")[:2] == (0, 1)


# -- PYR-MOR-3 (amended) ---------------------------------------------------------------------------------
def test_PYR_MOR_3_only_those_near_the_fight_flee_the_rest_stay_shaken():
    # mêlée 1: A1 (boats) v B1, A4 (boats) 2 in behind A1; mêlée 2 far off: A3 (boats) v B2
    figs = [
        fig("A1", "A", 9, 10, party="boats"),
        fig("B1", "B", 10, 10),
        fig("A4", "A", 6, 10, party="boats"),
        fig("A3", "A", 20, 3, party="boats"),
        fig("B2", "B", 21, 3),
    ]
    # mêlée 1: A nothing, B three of a kind, A1's save 2 fails, boats' morale natural 6
    # mêlée 2: A nothing, B three of a kind, A3's save 2 fails, boats' morale natural 1
    dice = TURN_A + NOTHING + [4, 4, 4] + [2, 6] + NOTHING + [4, 4, 4] + [2, 1] + PAD
    m = match(figs, dice=ScriptedDice(dice))
    answers = {"activate": Decision("pass"), "pushback": choose("save")}
    drive(m, answers, stop=("tap",))
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "kd"),)))
    drive(m, answers, stop=("tap",))
    assert m.figure("A4").status == Status.FLED  # 2 in from a participant: saw the rout
    flight = of(m.log, Moved, figure="A4", rule="PYR-MOR-3")[-1]  # a full move away, then off the table
    assert flight.how == "flee" and flight.path[-1][0] < 6.0 - 3.0
    assert m.figure("A3").status == Status.UNWOUNDED  # of the party, far off: stays
    assert m.state.system.mor_shaken == ["boats"]
    answer(m, "tap", Decision("tap", figure="B2", items=(Item("A3", "kd"),)))
    drive(m, answers, stop=("activate", "action"))
    tests = of(m.log, DiceRolled, rule="PYR-MOR-2")
    assert [t.who for t in tests] == ["boats", "boats"]
    # the second test: +1 lost half its figures, +1 shaken by the earlier rout (once only)
    assert tests[0].modifier == 0 and tests[1].modifier == 2
    assert m.state.system.mor_shaken == []


def test_PYR_MOR_3_a_far_member_engaged_elsewhere_does_not_withdraw_with_the_party():
    # as above: when mêlée 1 ends (PYR-WIN-6) the losing party withdraws, but A3 fights its own mêlée
    figs = [
        fig("A1", "A", 9, 10, party="boats"),
        fig("B1", "B", 10, 10),
        fig("A3", "A", 20, 3, party="boats"),
        fig("B2", "B", 21, 3),
    ]
    dice = TURN_A + NOTHING + [4, 4, 4] + [2, 6] + PAD
    m = match(figs, dice=ScriptedDice(dice))
    drive(m, {"pushback": choose("save")}, stop=("tap",))
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "kd"),)))
    drive(m, {"pushback": choose("save")}, stop=("tap", "withdraw", "activate", "action"))
    assert m.figure("A1").status == Status.KNOCKED_DOWN
    assert not of(m.log, Moved, figure="A3")
    assert (m.figure("A3").x, m.figure("A3").y) == (20.0, 3.0)


# -- PYR-WIN-3 -------------------------------------------------------------------------------------------
def _lost_round(**kw):
    """A1 (party "crew") loses round 1 to B1 (B pair: 1 W, A1's save 2 fails); A2 of the same party
    stands far off, not fighting."""
    figs = [fig("A1", "A", 9, 10, party="crew"), fig("B1", "B", 10, 10), fig("A2", "A", 3, 3, party="crew")]
    m = match(figs, dice=ScriptedDice(TURN_A + NOTHING + [3, 3, 1] + [2] + PAD), **kw)
    drive(m, {"activate": Decision("pass"), "pushback": choose("save")}, stop=("tap",))
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "w"),)))
    drive(m, {"pushback": choose("save")}, stop=("withdraw",))
    assert m.pending.side == "A"
    return m


def test_PYR_WIN_3_withdrawal_moves_every_figure_of_the_party_fighters_or_not():
    m = _lost_round()
    answer(m, "withdraw", choose("withdraw"))
    moved = {e.figure for e in of(m.log, Moved, rule="PYR-WIN-4")}
    assert moved == {"A1", "A2"}  # A2 never fought, but is of the losing party (PYR-WIN-5)


def test_PYR_WIN_3_no_strike_colours_in_a_tavern_brawl():
    m = _lost_round()  # nobody boards
    assert {o.option for o in m.pending.options} == {"fight_on", "withdraw"}


def test_PYR_WIN_3_boardees_strike_abandon_or_fight_on_no_plain_retreat():
    m = _lost_round(boarder=("B",))  # B boards A's ship: A is the boardee
    assert {o.option for o in m.pending.options} == {"fight_on", "strike_colours"}  # no water on this map
    assert m.pending.default == choose("fight_on")


def test_PYR_WIN_3_boarders_retreat_or_fight_on_never_strike():
    m = _lost_round(boarder=("A",))
    assert {o.option for o in m.pending.options} == {"fight_on", "withdraw"}


# -- PYR-DIS-2 / PYR-DIS-3 -----------------------------------------------------------------------------------
def test_PYR_DIS_3_capture_only_in_a_later_round_and_the_captor_is_the_disarmer():
    # A1 (captain) and A2 both engage B1. Round 1: A straight (2 KD 2 W): A1 disarms B1 (save 2 fails),
    # A2 wounds it in the same round (save 2 fails): an ordinary wound, not a capture.
    # Round 2: A pair (1 W): A2's blow is a capture (save 3 fails): B1 is A1's captive.
    figs = [fig("A1", "A", 9, 10, rank="captain"), fig("A2", "A", 10, 11), fig("B1", "B", 10, 10)]
    dice = TURN_A + [1, 2, 3, 4, 5] + NOTHING + [2, 2] + [5, 5, 1, 6, 2] + [3] + PAD
    m = match(figs, dice=ScriptedDice(dice))
    answer(m, "reroll", choose("stop"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "disarm"),)))
    answer(m, "pushback", choose("save"))
    answer(m, "surrender", choose("keep"))
    answer(m, "tap", Decision("tap", figure="A2", items=(Item("B1", "w"),)))
    last = of(m.log, ItemResolved, victim="B1")[-1]
    assert last.outcome == "wounded" and last.item == "w"
    assert m.figure("B1").status == Status.DISARMED and m.figure("B1").is_wounded
    drive(m, {}, stop=("withdraw",))
    answer(m, "withdraw", choose("fight_on"))
    drive(m, {}, stop=("reroll", "tap"))
    if m.pending.kind == "reroll":
        answer(m, "reroll", choose("stop"))
    answer(m, "tap", Decision("tap", figure="A2", items=(Item("B1", "w"),)))
    assert of(m.log, ItemResolved, victim="B1")[-1].outcome == "captive"
    assert m.figure("B1").status == Status.CAPTIVE
    assert m.state.system.captives["B1"] == "A1"  # the disarming figure, not the striker


def test_PYR_DIS_2_a_captor_attacked_by_a_rescuer_counts_for_mq_and_strikes_again():
    # A1 disarms B1, which surrenders (captive of A1); B2 stands in BtB with A1 (not with B1)
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("B2", "B", 8, 10)]
    dice = TURN_A + [4, 4, 4] + [1, 2, 3, 5] + [2] + [1] + [3, 3, 1] + NOTHING + PAD
    m = match(figs, dice=ScriptedDice(dice))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "disarm"),)))
    drive(m, {"pushback": choose("save")}, stop=("surrender",))
    answer(m, "surrender", choose("surrender"))
    assert m.state.system.captives == {"B1": "A1"}
    drive(m, {}, stop=("withdraw",))
    answer(m, "withdraw", choose("fight_on"))
    drive(m, {}, stop=("tap",))
    assert of(m.log, QuotaSet, who="A")[-1].mq == 1  # the captor, attacked by B2, counts again
    assert any(o.kind == "tap" and o.figure == "A1" for o in m.pending.options)


# -- PYR-SEQ-1 / PYR-MOR-1 / PYR-WIN-1: an Opportune Shot is part of the round --------------------------------
def test_PYR_SEQ_1_opportune_shot_knockdown_counts_in_the_tally_and_morale():
    figs = [
        fig("A1", "A", 9, 10),
        fig("P", "A", 6, 10, missile="pistol", loaded=True),
        fig("B1", "B", 10, 10, status=Status.WOUNDED, wounds=1),
        fig("B2", "B", 9, 11),
    ]
    # the shot hits (1), one wound (5) on wounded B1, save 1 fails: down. Then nothing v nothing
    dice = TURN_A + [1, 5, 1] + NOTHING + NOTHING + [1] + PAD
    m = match(figs, dice=ScriptedDice(dice))
    m.state.system.cards = {"A": ["opportune_shot"], "B": []}
    answer(m, "activate", Decision("pass"))
    answer(m, "opportune_shot", Decision("shoot", figure="P", target="B1", option="pistol"))
    assert m.figure("B1").status == Status.KNOCKED_DOWN
    drive(m, {}, stop=("withdraw", "activate", "action"))
    t = of(m.log, RoundTallied)[-1]
    assert t.winner == "A" and t.decided_by == "knockdowns"
    assert tally_of(m, "A")[0] == 1
    assert [e.who for e in of(m.log, DiceRolled, rule="PYR-MOR-2")] == ["side:B"]


# -- GEN-CHOICE-1: the break-out's automatic answer ------------------------------------------------------------
def _surrounded(dice):
    # A1 (captain, MQ 3) surrounded by three enemies at 120°
    figs = [
        fig("A1", "A", 10, 10, rank="captain"),
        fig("B1", "B", 11, 10),
        fig("B2", "B", 9.5, 10.866),
        fig("B3", "B", 9.5, 9.134),
    ]
    return match(figs, dice=ScriptedDice(TURN_A + dice + PAD))


def test_GEN_CHOICE_1_breakout_default_stays_when_no_enemy_is_left_in_contact():
    # four of a kind: 3 KD, one for each enemy; three failed saves
    m = _surrounded([6, 6, 6, 6, 1] + [1, 2, 3, 5, 6] + [2, 2, 2])
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"), Item("B2", "kd"), Item("B3", "kd"))))
    drive(m, {"pushback": choose("save")}, stop=("escape",))
    assert m.pending.kind == "escape"
    assert m.pending.default == choose("stay")


def test_GEN_CHOICE_1_breakout_default_escapes_while_an_enemy_is_in_contact():
    # full house: 2 KD; B3 is still in contact after both fall
    m = _surrounded([6, 6, 6, 1, 1] + [1, 2, 3, 5, 6] + [2, 2])
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"), Item("B2", "kd"))))
    drive(m, {"pushback": choose("save")}, stop=("escape",))
    assert m.pending.kind == "escape"
    assert m.pending.default.option == "dir" and m.pending.default.number is not None


# -- PYR-DUEL-3 (amended) ------------------------------------------------------------------------------------
def _leaders():
    return [
        fig("A1", "A", 6, 8, rank="captain", traits=frozenset({"leader"})),
        fig("B1", "B", 12, 8, rank="captain", traits=frozenset({"leader"})),
    ]


def _duel(dice, figs=None):
    m = match(figs or _leaders(), dice=ScriptedDice(TURN_A + dice))
    answer(m, "activate", Decision("activate", figure="A1"))
    answer(m, "action", Decision("challenge", figure="A1", target="B1"))
    answer(m, "duel_accept", choose("accept"))
    return m


def test_PYR_DUEL_3_a_conceding_loser_gives_a_mdp_and_its_party_tests_morale():
    # nothing v nothing (captains roll 5d6); B1 asks quarter; B's party tests morale: natural 6 fails
    figs = _leaders() + [fig("B2", "B", 14, 8), fig("B3", "B", 23, 15)]
    m = _duel([1, 2, 4, 5, 6, 1, 2, 4, 5, 6] + [6] + PAD, figs)
    answer(m, "duel_quarter", choose("fight_on"))
    answer(m, "duel_quarter", choose("quarter"))
    assert m.state.system.duels[-1]["winner"] == "A1"
    assert m.state.system.mdp["B"] == 1
    tests = of(m.log, DiceRolled, rule="PYR-MOR-2")
    assert [t.who for t in tests] == ["side:B"]
    # the duellist fled with the supporter who stood by it; B3, far off, stays
    assert m.figure("B1").status == Status.FLED and m.figure("B2").status == Status.FLED
    assert m.figure("B3").in_play


def test_PYR_DUEL_3_the_same_two_leaders_never_duel_again():
    m = _duel([1, 2, 4, 5, 6, 1, 2, 4, 5, 6] + [1] + PAD)
    answer(m, "duel_quarter", choose("fight_on"))
    answer(m, "duel_quarter", choose("quarter"))
    assert m.figure("B1").in_play  # morale held (natural 1)
    for _ in range(100):
        p = m.pending
        if p.kind == "activate" and p.side == "B" and Decision("activate", figure="B1") in p.options:
            break
        m.apply(m.auto())
    answer(m, "activate", Decision("activate", figure="B1"))
    assert not any(o.kind == "challenge" for o in m.pending.options)


def test_PYR_DUEL_3_in_a_duel_the_default_answer_to_a_wound_is_the_save():
    # A pair (1 W), B nothing: PYR-PUSH-6 would jump back (save needs 6), a duellist saves
    m = _duel([3, 3, 1, 2, 5, 1, 2, 4, 5, 6] + PAD)
    answer(m, "panache", choose("no"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w"),)))
    assert m.pending.kind == "pushback" and choose("pushback") in m.pending.options
    assert m.pending.default == choose("save")


def test_PYR_DUEL_3_disarm_then_capture_in_a_later_round_wins_the_duel():
    # round 1: A three of a kind → disarm (save 2 fails), B keeps fighting; round 2: B has MQ 0,
    # A pair → a wound given to the disarmed rival is a capture (save 3 fails): A1 wins
    m = _duel([4, 4, 4, 1, 2] + [1, 2, 4, 5, 6] + [2] + [5, 5, 1, 6, 2] + [3] + [1] + PAD)
    answer(m, "panache", choose("no"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "disarm"),)))
    answer(m, "pushback", choose("save"))
    answer(m, "surrender", choose("keep"))
    assert m.figure("B1").status == Status.DISARMED
    assert m.state.system.duel  # a disarm alone does not end the duel
    drive(m, {}, stop=("panache",))
    assert of(m.log, Note, rule="PYR-DUEL-2")[-1].message == "duel, round 2"
    answer(m, "panache", choose("no"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w"),)))
    assert m.figure("B1").status == Status.CAPTIVE
    assert m.state.system.duels[-1]["winner"] == "A1"
    assert m.state.system.prisoners == {"B1": "A1"}
