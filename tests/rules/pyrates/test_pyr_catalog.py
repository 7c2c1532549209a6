"""Catalog rules of the pyrates mêlée driven through the Match with scripted dice (PYR-*, GEN-*, GEO-*).

Each test names the rule ID it checks; the dice are scripted so every outcome is forced, never lucky.
"""

import math
from fractions import Fraction

from flow_helpers import GENERAL, REACH, Decision, answer, auto_until, choose, fig, match

from game.rules.decisions import Item
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, Moved, Note, StatusChanged
from game.rules.model import Status
from game.rules.pyrates.config import PYRATES
from game.rules.pyrates.events import (
    HandScored,
    ItemResolved,
    MeleeRoundStarted,
    QuotaSet,
    RoundResult,
    RoundTallied,
    ShotResolved,
    TapDeclared,
)
from game.rules.pyrates.quota import Participant, SideFacts, melee_quotas
from game.table import Obstacle, TacticalMap, Zone

TURN_A = [6, 1]  # RNG-TURN-1 roll-off: A takes the first player-turn
PAD = [2, 3, 4, 5] * 40  # later dice nobody looks at


def of(events, cls, **kw):
    return [e for e in events if isinstance(e, cls) and all(getattr(e, k) == v for k, v in kw.items())]


def drive(m, answers, stop=(), limit=200):
    """Answer with ``answers[kind]`` (a decision or a list used in order), else the default."""
    answers = {k: (list(v) if isinstance(v, list) else v) for k, v in answers.items()}
    for _ in range(limit):
        if m.pending is None or m.pending.kind in stop:
            return
        k = m.pending.kind
        a = answers.get(k)
        if isinstance(a, list):
            m.apply(a.pop(0) if a else m.auto())
        else:
            m.apply(a if a is not None else m.auto())


# -- GEN / GEO -------------------------------------------------------------------------------------------
def test_GEN_ROUND_1_quota_fractions_exact_and_rounded_up_once():
    crew = [fig(f"C{i}", "A", i, 0, status=Status.WOUNDED, wounds=1) for i in range(3)]
    qa, _ = melee_quotas(PYRATES, SideFacts(tuple(Participant(f) for f in crew), 0, "A"), SideFacts((), 0, "B"))
    assert qa.total == Fraction(3, 2) and isinstance(qa.total, Fraction)
    assert qa.mq == 2  # ceil(3/2), not 3 × ceil(1/2)


def test_GEO_BASE_1_pushback_is_one_base_depth_of_the_victim():
    # a 2 in base is pushed back 2 in: base depth = diameter
    figs = [fig("A1", "A", 8.5, 10), fig("V", "B", 10, 10, base=2.0)]
    m = match(figs, dice=ScriptedDice(TURN_A + [3, 3, 1] + [2, 5, 6] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "w"),)))
    answer(m, "pushback", choose("pushback"))
    v = m.figure("V")
    assert (v.x, v.y) == (12.0, 10.0)
    mv = of(m.log, Moved, figure="V", how="pushback")[-1]
    assert mv.path == ((10.0, 10.0), (12.0, 10.0)) and mv.cost == 2.0


def test_GEO_FACE_1_pyrates_ignores_facing():
    def run(facing):
        figs = [fig("A1", "A", 9, 10, facing=facing), fig("B1", "B", 10, 10, facing=-facing), fig("A9", "A", 2, 2)]
        m = match(figs, seed=7, turn_limit=2)
        for _ in range(400):
            if m.pending is None:
                break
            m.apply(m.auto())
        return [e for e in m.log]

    assert run(0.0) == run(135.0)


def test_GEO_OBS_1_obstacle_kinds_cover_standable_and_los():
    wall = Obstacle.box("wall", 10, 4, 1, 8, kind="single", cover="hard", blocks_los=True)
    hedge = Obstacle.box("hedge", 16, 4, 1, 8, kind="linear", cover="soft", blocks_los=False)
    barrel = Obstacle.circle("barrel", 4, 12, 0.6, standable=True)
    tmap = TacticalMap.open_ground(24, 16, obstacles=[wall, hedge, barrel])
    figs = [fig("A1", "A", 8, 8), fig("B1", "B", 13, 8), fig("B2", "B", 18, 8), fig("A2", "A", 4, 14)]
    m = match(figs, tmap=tmap)
    assert not m.table.line_of_sight("A1", "B1").clear  # blocks_los
    s = m.table.line_of_sight("B1", "B2")
    assert s.clear and s.cover == "soft"  # seen through the hedge, in its soft cover
    kinds = {o.id: (o.kind, o.cover) for o in tmap.obstacles}
    assert kinds == {"wall": ("single", "hard"), "hedge": ("linear", "soft"), "barrel": ("single", None)}
    assert not m.table.on_standable("A2")
    m.table.place("A2", 4, 12, 0.5, "deck")  # standing on the barrel top
    assert m.table.on_standable("A2")


# -- PYR-ENG-1 / PYR-SEQ-1 -------------------------------------------------------------------------------
def test_PYR_ENG_1_separate_melees_resolved_separately_support_links_join():
    figs = [
        fig("A1", "A", 4, 4),
        fig("B1", "B", 5, 4),
        fig("S", "A", 4, 5),  # S supports A1
        fig("A2", "A", 15, 10),
        fig("B2", "B", 16, 10),
    ]
    m = match(figs, seed=1)
    auto_until(m, "tap")
    starts = of(m.log, MeleeRoundStarted)
    assert len(starts) == 1 and dict(starts[0].sides) == {"A": ("A1", "S"), "B": ("B1",)}
    drive(m, {"withdraw": choose("withdraw")}, stop=("activate", "action"))
    mel = {e.melee for e in of(m.log, MeleeRoundStarted)}
    assert mel == {1, 2}
    second = [e for e in of(m.log, MeleeRoundStarted) if e.melee == 2][0]
    assert dict(second.sides) == {"A": ("A2",), "B": ("B2",)}


def test_PYR_SEQ_1_round_steps_in_order():
    figs = [fig("A1", "A", 9, 10), fig("P", "A", 6, 10, missile="pistol", loaded=True), fig("B1", "B", 10, 10)]
    # shot misses (20) and hits A1 instead? no: B1 is engaged only with A1, so A1 is hit (pick d1) -- wound 5,
    # save 6 saves; A 3d6 pair, B 3d6 three of a kind; B allocates first
    m = match(figs, dice=ScriptedDice(TURN_A + [20, 1, 5, 6] + [1, 1, 3] + [4, 4, 4] + PAD), cards=True)
    m.state.system.cards = {"A": ["opportune_shot", "flashing_blades"], "B": []}
    answer(m, "activate", Decision("pass"))
    order = []
    answer(m, "opportune_shot", Decision("shoot", figure="P", target="B1", option="pistol"))
    answer(m, "flashing_blades", choose("play"))
    drive(m, {}, stop=("withdraw", "activate", "action", "reaction"))
    steps = {
        ShotResolved: "shot",
        QuotaSet: "mq",
        HandScored: "dice",
        TapDeclared: "alloc",
        RoundTallied: "tally",
        RoundResult: "result",
    }
    for e in m.log:
        name = steps.get(type(e))
        if isinstance(e, Note) and e.rule == "PYR-CARD-1":
            name = "blades"
        if isinstance(e, DiceRolled) and e.rule == "PYR-MOR-2":
            name = "morale"
        if name and (not order or order[-1] != name):
            order.append(name)
    want = ["shot", "blades", "mq", "dice", "alloc", "tally"]
    assert order[:6] == want
    assert of(m.log, QuotaSet, who="A")[0].mq == 2  # A1 1 (saved the shot) + Flashing Blades


# -- PYR-ALLOC-4 ------------------------------------------------------------------------------------------
def test_PYR_ALLOC_4_knocked_down_removed_at_once_wounded_still_tap_several_tappers():
    figs = [fig("A1", "A", 9, 10), fig("A2", "A", 11, 10), fig("B1", "B", 10, 10)]
    # A 4d6 two pair (2 W), B 3d6 pair (1 W): A first. B1's saves 2 and 3 fail; A1's save 1 fails
    m = match(figs, dice=ScriptedDice(TURN_A + [2, 2, 3, 3] + [4, 4, 1] + [2, 1, 3] + [1] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w"),)))
    assert m.figure("B1").status == Status.WOUNDED  # surrounded (GEO-SUR-1 b): no pushback, the save failed
    # B1, wounded, still taps
    assert m.pending.kind == "tap" and m.pending.side == "B" and m.pending.info["tappers"] == ["B1"]
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "w"),)))
    answer(m, "pushback", choose("save"))
    assert m.figure("A1").status == Status.WOUNDED
    # a second tapper gives B1 another item: the second wound knocks it down and it leaves the table at once
    answer(m, "tap", Decision("tap", figure="A2", items=(Item("B1", "w"),)))
    assert m.figure("B1").status == Status.KNOCKED_DOWN
    assert "B1" not in m.table.figures()
    assert [e.tapper for e in of(m.log, ItemResolved, victim="B1")] == ["A1", "A2"]


# -- chance cards ------------------------------------------------------------------------------------------
def test_PYR_CARD_1_flashing_blades_adds_one_to_the_quota():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A9", "A", 2, 2)]
    m = match(figs, dice=ScriptedDice(TURN_A + PAD))
    m.state.system.cards = {"A": ["flashing_blades"], "B": []}
    answer(m, "activate", Decision("pass"))
    assert m.pending.kind == "flashing_blades" and m.pending.default == choose("play")
    answer(m, "flashing_blades", choose("play"))
    assert [q.mq for q in of(m.log, QuotaSet, who="A")] == [2]
    assert m.state.system.cards["A"] == []
    assert of(m.log, HandScored, who="A")[0].faces.__len__() == 4  # MQ 2 → 4d6


def test_PYR_CARD_2_opportune_shot_miss_hits_a_figure_engaged_with_the_target():
    figs = [
        fig("A1", "A", 9, 10),
        fig("P", "A", 6, 10, missile="pistol", loaded=True),
        fig("B1", "B", 10, 10),
        fig("B2", "B", 10, 11),
    ]
    # the shot misses (20); one of the figures engaged with B1 (only A1) is hit (pick 1): wound 5, save 1 fails
    m = match(figs, dice=ScriptedDice(TURN_A + [20, 1, 5, 1] + PAD))
    m.state.system.cards = {"A": ["opportune_shot"], "B": []}
    answer(m, "activate", Decision("pass"))
    assert m.pending.kind == "opportune_shot" and m.pending.default == choose("no")
    assert Decision("shoot", figure="P", target="B1", option="pistol") in m.pending.options
    answer(m, "opportune_shot", Decision("shoot", figure="P", target="B1", option="pistol"))
    assert m.figure("A1").status == Status.WOUNDED
    assert of(m.log, ShotResolved)[-1].target == "A1"
    assert not m.figure("P").loaded and m.state.system.cards["A"] == []
    assert of(m.log, QuotaSet, who="A")[0].mq == 1  # the shot came before the quota: A1 wounded counts 1/2


def _one_on_one(cards_b=(), cards_a=(), dice=()):
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A9", "A", 2, 2)]
    m = match(figs, dice=ScriptedDice(TURN_A + list(dice) + PAD))
    m.state.system.cards = {"A": list(cards_a), "B": list(cards_b)}
    answer(m, "activate", Decision("pass"))
    return m


def test_PYR_CARD_4_dodge_duck_cancels_an_item_before_pushback_or_save():
    # A 3d6 three of a kind (1 KD), B nothing
    m = _one_on_one(cards_b=["dodge_duck"], dice=[5, 5, 5, 1, 2, 4])
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"),)))
    assert m.pending.kind == "dodge" and m.pending.side == "B"
    n = len(m.log)
    answer(m, "dodge", choose("dodge"))
    new = m.log[n:]
    assert of(new, ItemResolved, victim="B1")[0].outcome == "dodged"
    assert not of(new, DiceRolled, rule="PYR-SAVE-1")  # no save, no pushback election
    assert m.figure("B1").status == Status.UNWOUNDED and m.state.system.cards["B"] == []
    tally = of(m.log, RoundTallied)[-1]
    assert tally.tallies[0][1:4] == (0, 0, 0)  # credited to nobody


def test_PYR_CARD_5_sneaky_attack_victim_cannot_push_back():
    m = _one_on_one(cards_a=["sneaky_attack"], dice=[3, 3, 1, 1, 2, 4, 2])
    assert Decision("tap", figure="A1", items=(Item("B1", "w", ("sneaky",)),)) in m.pending.options
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w", ("sneaky",)),)))
    # no pushback question: the save (2, fails) is rolled at once
    assert m.figure("B1").status == Status.WOUNDED
    assert m.state.system.cards["A"] == []
    assert any(isinstance(e, Note) and e.rule == "PYR-CARD-5" for e in m.log)


# -- PYR-DIS-3 ---------------------------------------------------------------------------------------------
def test_PYR_DIS_3_not_surrendered_next_round_capture_saved_rearms():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10)]
    # round 1: A three of a kind → disarm, B's save 2 fails; round 2: B has MQ 0, A pair → W = capture, save 6
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 4, 1, 2, 3, 2] + [5, 5, 1, 6] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "disarm"),)))
    answer(m, "pushback", choose("save"))
    answer(m, "surrender", choose("keep"))
    assert m.figure("B1").status == Status.DISARMED
    answer(m, "withdraw", choose("fight_on"))
    assert of(m.log, QuotaSet, who="B")[-1].mq == 0  # PYR-DIS-2
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w"),)))  # no pushback for a disarmed figure
    assert m.figure("B1").status == Status.UNWOUNDED
    assert of(m.log, ItemResolved, victim="B1")[-1].outcome == "rearmed"


def test_PYR_DIS_3_not_surrendered_unsaved_capture_takes_captive():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A9", "A", 2, 2)]
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 4, 1, 2, 3, 2] + [5, 5, 1, 3] + PAD))
    answer(m, "activate", Decision("pass"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "disarm"),)))
    answer(m, "pushback", choose("save"))
    answer(m, "surrender", choose("keep"))
    answer(m, "withdraw", choose("fight_on"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w"),)))
    assert m.figure("B1").status == Status.CAPTIVE
    assert m.state.system.captives == {"B1": "A1"}


# -- PYR-CR-1/2 cornered rats --------------------------------------------------------------------------------
def _cornered(extra_dice=()):
    # V is hemmed in by A1 (west), A2 (east), A3 (south); B9 is V's party far to the north
    figs = [
        fig("V", "B", 10, 10),
        fig("A1", "A", 9, 10),
        fig("A2", "A", 11, 10),
        fig("A3", "A", 10, 11),
        fig("B9", "B", 10, 3),
        fig("A9", "A", 22, 15),
    ]
    # round: A 5d6 nothing, B 3d6 nothing, tally tie → roll-off A
    m = match(figs, dice=ScriptedDice(TURN_A + [1, 2, 3, 4, 6] + [1, 2, 4] + [6, 1] + list(extra_dice) + PAD))
    drive(m, {"activate": Decision("pass")}, stop=("withdraw",))
    answer(m, "withdraw", choose("withdraw"))
    return m


def test_PYR_CR_1_cornered_figure_surrenders_or_fights_as_a_rat():
    m = _cornered()
    assert m.pending.kind == "cornered" and m.pending.side == "B" and m.pending.default == choose("rat")
    answer(m, "cornered", choose("surrender"))
    assert m.figure("V").status == Status.CAPTIVE
    m = _cornered()
    answer(m, "cornered", choose("rat"))
    assert of(m.log, MeleeRoundStarted)[-1].rat == "V"


def test_PYR_CR_2_rat_cuts_free_then_bolts_for_its_party():
    # rat round: A 5d6 nothing, B (V alone) 3d6 pair → V pushes A1 back: cut free
    m = _cornered([1, 2, 3, 4, 6, 4, 4, 1])
    answer(m, "cornered", choose("rat"))
    answer(m, "tap", Decision("tap", figure="V", items=(Item("A1", "w"),)))
    answer(m, "pushback", choose("pushback"))
    answer(m, "follow_up", choose("stay"))
    answer(m, "escape", choose("stay"))  # PYR-SUR-1: it was surrounded when it tapped
    drive(m, {}, stop=("activate", "action"))
    res = [e for e in of(m.log, RoundResult) if e.rule == "PYR-CR-2"]
    assert res and res[-1].choice == "cut_free"
    mv = of(m.log, Moved, figure="V", how="retreat")[-1]
    assert mv.rule == "PYR-CR-2" and mv.path[0] == (10.0, 10.0)
    assert mv.path[-1][1] < 10.0  # toward B9 in the north
    length = sum(math.dist(p, q) for p, q in zip(mv.path, mv.path[1:]))
    assert length <= 4.0 + 1e-9
    foes = [m.figure(a) for a in ("A1", "A2", "A3")]
    for p, q in zip(mv.path, mv.path[1:]):

        def gap(pt):
            return min(math.hypot(f.x - pt[0], f.y - pt[1]) - 1.0 for f in foes)

        assert gap(q) >= min(1.0, gap(p)) - 1e-6


# -- morale and results --------------------------------------------------------------------------------------
def _morale_tests(m, party):
    return [e for e in of(m.log, DiceRolled, rule="PYR-MOR-2") if e.who == party]


def test_PYR_MOR_1_a_cornered_figure_that_surrenders_makes_its_retreating_party_test_at_once():
    # V withdraws, is hemmed in and surrenders: a cornered rat lost; its party (V and B9) tests at
    # once, before anything else happens, and fails on a natural 6
    m = _cornered([6])
    answer(m, "cornered", choose("surrender"))
    log = list(m.log)
    gave_up = next(i for i, e in enumerate(log) if isinstance(e, StatusChanged) and e.figure == "V")
    assert log[gave_up].status == Status.CAPTIVE.value and log[gave_up].rule == "PYR-CR-1"
    test = log[gave_up + 1]
    assert isinstance(test, DiceRolled) and test.rule == "PYR-MOR-2" and test.who == "side:B"
    assert test.faces == (6,) and not test.success
    # PYR-MOR-3: B9 stood 6 in off, too far to see the rout: it stays, shaken
    assert m.figure("B9").in_play
    assert any(isinstance(e, Note) and e.rule == "PYR-MOR-3" for e in log[gave_up:])


def test_PYR_MOR_1_a_cornered_rat_that_fights_on_is_not_yet_lost():
    m = _cornered()
    answer(m, "cornered", choose("rat"))
    assert not _morale_tests(m, "side:B")


def test_PYR_MOR_1_a_rat_knocked_down_in_its_own_fight_makes_its_party_test():
    # the rat's round: A three of a kind (one KD), B nothing; V's save (2) fails; side B tests (6)
    m = _cornered([5, 5, 5, 1, 2] + [1, 2, 3] + [2] + [6])
    answer(m, "cornered", choose("rat"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "kd"),)))
    if m.pending.kind == "pushback":
        answer(m, "pushback", choose("save"))
    assert m.figure("V").status == Status.KNOCKED_DOWN
    rat_round = of(m.log, MeleeRoundStarted)[-1]
    assert rat_round.rat == "V"
    test = _morale_tests(m, "side:B")
    assert len(test) == 1 and test[0].faces == (6,) and not test[0].success
    assert m.log.index(rat_round) < m.log.index(test[0])


def test_PYR_MOR_1_a_figure_that_falls_into_the_sea_is_lost_and_its_party_tests_at_the_round_end():
    # A1, in the rigging beside the sea, is wounded (B's pair, save 2), falls (1) and its owner drops
    # it into the sea: at the round's end side A tests (natural 6: fails)
    rig = Zone.rect("yard", 8, 4, 5, 10, level="rigging", rigging=True, close_quarters=True, height=8)
    sea = Zone.rect("sea", 13.5, 0, 10.5, 16, terrain="impassable", water=True)
    figs = [
        fig("A1", "A", 12, 8, level="rigging"),
        fig("B1", "B", 11, 8, level="rigging"),
        fig("A9", "A", 3, 3),
        fig("B9", "B", 3, 12),
    ]
    dice = TURN_A + [1, 2, 4] + [4, 4, 1] + [2, 1, 6] + PAD
    m = match(figs, dice=ScriptedDice(dice), tmap=TacticalMap.open_ground(24, 16, zones=[rig, sea]))
    answer(m, "activate", Decision("pass"))
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "w"),)))
    assert m.pending.kind == "fall" and m.pending.side == "A"
    answer(m, "fall", choose("sea"))
    assert m.figure("A1").status == Status.FLED
    tally = of(m.log, RoundTallied)[-1]
    test = _morale_tests(m, "side:A")
    assert len(test) == 1 and not test[0].success
    assert m.log.index(tally) < m.log.index(test[0])  # at the end of the round
    assert not _morale_tests(m, "side:B")


def test_PYR_MOR_3_failed_party_flees_and_a_figure_that_cannot_get_clear_surrenders():
    figs = [
        fig("B1", "B", 10, 10),
        fig("A1", "A", 9, 10),
        fig("B2", "B", 10, 13),
        fig("A2", "A", 9, 13),
        fig("A3", "A", 11, 13),
        fig("B3", "B", 12, 7),
    ]
    # mêlée 1: A three of a kind, B nothing; B1's save 2 fails; side:B morale natural 6 fails
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 4, 1, 2, 3, 2, 6] + PAD))
    drive(m, {"activate": Decision("pass")}, stop=("tap",))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"),)))
    answer(m, "pushback", choose("save"))
    assert m.figure("B1").status == Status.KNOCKED_DOWN
    assert m.figure("B2").status == Status.CAPTIVE  # surrounded: it cannot flee
    assert m.figure("B3").status == Status.FLED  # within 4 in of the mêlée: it flees
    causes = {e.figure: e.rule for e in of(m.log, StatusChanged) if e.figure in ("B2", "B3")}
    assert causes == {"B2": "PYR-MOR-3", "B3": "PYR-MOR-3"}


def test_PYR_WIN_2_party_that_flees_loses_the_round_whatever_the_tally():
    # one mêlée: B1 and B2 both engage A1, B2 also engages A2
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A2", "A", 8.5, 10.866), fig("B2", "B", 9.5, 10.866)]
    # A 4d6 three of a kind (1 KD); B 4d6 four of a kind (3 KD): B allocates first and wins the tally 3–1
    dice = TURN_A + [3, 3, 3, 1] + [5, 5, 5, 5] + [1] + [1] + [1, 6] + PAD
    m = match(figs, dice=ScriptedDice(dice))
    drive(
        m,
        {
            "pushback": choose("save"),
            "tap": [
                Decision("tap", figure="B1", items=(Item("A1", "kd"),)),
                Decision("tap", figure="A2", items=(Item("B2", "kd"),)),
            ],
        },
        stop=("activate", "action"),
    )
    tally = of(m.log, RoundTallied)[0]
    assert tally.winner == "B"
    assert m.figure("B1").status == Status.FLED
    res = of(m.log, RoundResult)[0]
    assert (res.rule, res.winner, res.loser) == ("PYR-WIN-2", "A", "B")


def test_PYR_WIN_4_bold_retreat_away_from_enemies_ending_unengaged():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A9", "A", 2, 2)]
    m = match(figs, dice=ScriptedDice(TURN_A + [1, 2, 4, 1, 2, 4, 6, 1] + PAD))
    answer(m, "activate", Decision("pass"))
    answer(m, "withdraw", choose("withdraw"))
    mv = of(m.log, Moved, figure="B1", how="retreat")[-1]
    assert mv.rule == "PYR-WIN-4"
    a = m.figure("A1")
    d = [math.hypot(x - a.x, y - a.y) for x, y in mv.path]
    assert all(q > p for p, q in zip(d, d[1:]))
    assert sum(math.dist(p, q) for p, q in zip(mv.path, mv.path[1:])) <= 4.0 + 1e-9
    assert d[-1] - 1.0 > 0.02  # unengaged


def test_PYR_WIN_4_boarders_retreat_toward_their_own_ship():
    from game.match import Match
    from game.rules.model import SideInfo
    from game.scenario.model import Scenario

    tmap = TacticalMap.open_ground(24, 16, zones=[Zone.rect("own", 8, 0, 6, 3, name="own", ship="brig")])
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A9", "A", 2, 2)]
    sc = Scenario(
        id="t",
        title="t",
        blurb="",
        map="open:24x16",
        preset="pyrates",
        sides=(SideInfo("A", "A"), SideInfo("B", "B", boarder=True, ship="brig")),
        figures=tuple(figs),
    )
    m = Match(sc, dice=ScriptedDice(TURN_A + [1, 2, 4, 1, 2, 4, 6, 1] + PAD), tmap=tmap, options={"cards": False})
    answer(m, "activate", Decision("pass"))
    assert choose("strike_colours") not in m.pending.options  # boarders do not strike colours
    answer(m, "withdraw", choose("withdraw"))
    mv = of(m.log, Moved, figure="B1", how="retreat")[-1]
    assert mv.path[-1][1] < 10.0 - 2.0  # north, toward the brig, not straight east


def test_PYR_WIN_5_tagged_party_tests_together_far_members_and_other_party_stay():
    figs = [
        fig("A1", "A", 9, 10, party="boats"),
        fig("B1", "B", 10, 10),
        fig("A3", "A", 2, 14, party="boats"),
        fig("A2", "A", 20, 3, party="gun"),
    ]
    # B three of a kind; A nothing; A1's save 2 fails; party "boats" morale natural 6
    m = match(figs, dice=ScriptedDice(TURN_A + [1, 2, 4] + [4, 4, 4] + [2, 6] + PAD))
    drive(m, {"activate": Decision("pass"), "pushback": choose("save")}, stop=("tap",))
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "kd"),)))
    drive(m, {"pushback": choose("save")}, stop=("activate", "action", "withdraw"))
    assert [e.who for e in of(m.log, DiceRolled, rule="PYR-MOR-2")] == ["boats"]
    # PYR-MOR-3 (amended): A3 is of the party but far from the fight: it stays, shaken
    assert m.figure("A3").status == Status.UNWOUNDED and m.figure("A3").in_play
    assert m.state.system.mor_shaken == ["boats"]
    assert m.figure("A2").status == Status.UNWOUNDED and m.figure("A2").in_play


def test_PYR_WIN_5_untagged_figures_within_4in_are_the_party_in_that_melee():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A2", "A", 6, 10), fig("A3", "A", 2, 14)]
    m = match(figs, dice=ScriptedDice(TURN_A + [1, 2, 4] + [4, 4, 4] + [2, 6] + PAD))
    drive(m, {"activate": Decision("pass")}, stop=("tap",))
    answer(m, "tap", Decision("tap", figure="B1", items=(Item("A1", "kd"),)))
    drive(m, {"pushback": choose("save")}, stop=("activate", "action", "withdraw"))
    assert m.figure("A2").status == Status.FLED  # 2 in from A1 (edge to edge)
    assert m.figure("A3").in_play  # more than 4 in from every participant


def test_PYR_WIN_6_melee_ends_when_no_winning_figure_is_engaged():
    # B's only engaged figure is knocked down: nobody of the winner is engaged; the loser's supporter withdraws
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("B2", "B", 11, 10), fig("A9", "A", 2, 2)]
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 4] + [1, 2, 3, 5] + [2, 1] + PAD))
    answer(m, "activate", Decision("pass"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"),)))
    drive(m, {"pushback": choose("save")}, stop=("activate", "action"))
    res = of(m.log, RoundResult)[0]
    assert (res.rule, res.winner, res.loser, res.choice) == ("PYR-WIN-6", "A", "B", "ended")
    mv = of(m.log, Moved, figure="B2", how="retreat")
    assert mv and mv[-1].rule == "PYR-WIN-6"


# -- PYR-REACT-2 / PYR-RIG-1 -----------------------------------------------------------------------------------
def test_PYR_REACT_2_between_rounds_winner_moves_first_one_move_each():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("A2", "A", 9, 12.5), fig("B2", "B", 11, 12.5)]
    # nothing rolled, tally tie → roll-off B wins; A fights on
    m = match(figs, dice=ScriptedDice(TURN_A + [1, 2, 4, 1, 2, 4, 1, 6] + PAD))
    drive(m, {"activate": Decision("pass"), "reaction": Decision("pass")}, stop=("withdraw",))
    answer(m, "withdraw", choose("fight_on"))
    assert m.pending.kind == "reaction" and m.pending.side == "B" and m.pending.rule == "PYR-REACT-2"
    mv = next(o for o in m.pending.options if o.figure == "B2" and o.option == "c")  # support B1
    answer(m, "reaction", mv)
    assert m.pending.kind == "reaction" and m.pending.side == "A"
    assert all(o.figure != "B2" for o in m.pending.options)
    answer(m, "reaction", Decision("pass"))
    # B has nobody left to move, A passed: round 2 starts with B2 supporting
    r2 = of(m.log, MeleeRoundStarted)[-1]
    assert r2.round == 2 and "B2" in dict(r2.sides)["B"]


def test_PYR_RIG_1_rigging_is_close_quarters_reach_helps_the_enemy():
    rig = Zone.rect("rig", 6, 6, 8, 8, rigging=True, close_quarters=True)
    figs = [fig("A1", "A", 9, 10, REACH, "boarding pike"), fig("B1", "B", 10, 10)]
    m = match(figs, seed=2, tmap=TacticalMap.open_ground(24, 16, zones=[rig]))
    q = {e.who: e.mq for e in of(m.log, QuotaSet)}
    assert q == {"A": 1, "B": 2}
    m2 = match(figs, seed=2)
    q2 = {e.who: e.mq for e in of(m2.log, QuotaSet)}
    assert q2 == {"A": 2, "B": 1}


# -- PYR-ALLOC-5 ------------------------------------------------------------------------------------------------
def test_PYR_ALLOC_5_simultaneous_allocation_assigns_all_then_resolves_in_order():
    from flow_helpers import scenario

    from game.match import Match

    figs = [fig("A1", "A", 9, 10), fig("A2", "A", 10, 9), fig("V", "B", 10, 10)]
    # A 4d6 two pair (2 W) allocates first; B 3d6 pair (1 W)
    dice = TURN_A + [2, 2, 3, 3] + [4, 4, 1] + [1, 2] + PAD
    m = Match(
        scenario(figs),
        dice=ScriptedDice(dice),
        tmap=TacticalMap.open_ground(24, 16),
        options={"cards": False, "simultaneous_allocation": True},
    )
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "w"),)))
    answer(m, "tap", Decision("tap", figure="V", items=(Item("A1", "w"),)))
    answer(m, "tap", Decision("tap", figure="A2", items=(Item("V", "w"),)))
    assert not of(m.log, ItemResolved)  # nothing resolved while assigning
    assert len([e for e in m.log if isinstance(e, Note) and e.rule == "PYR-ALLOC-5"]) == 3
    # first assignment: V may be pushed back along the sum of both blows (PYR-PUSH-3)
    assert m.pending.kind == "pushback" and m.pending.side == "B"
    answer(m, "pushback", choose("pushback"))
    v = m.figure("V")
    assert (v.x, v.y) == (10.707, 10.707)
    answer(m, "follow_up", choose("stay"))
    # V's own blow still lands though it has been pushed out of contact: assigned blows all resolve
    answer(m, "pushback", choose("save"))
    assert m.figure("A1").status == Status.WOUNDED
    assert [e.tapper for e in of(m.log, TapDeclared)] == ["A1", "V", "A2"]


# -- PYR-MNT-1/2 ------------------------------------------------------------------------------------------------
def _rider_match(target_cls=GENERAL, zones=(), extra=(), dice=()):
    figs = [
        fig("R", "A", 4, 10, mounted=True, move=12.0),
        fig("B1", "B", 6.5, 10, target_cls),
        fig("B9", "B", 22, 2),
    ] + list(extra)
    return match(
        figs, dice=ScriptedDice(TURN_A + list(dice) + PAD), tmap=TacticalMap.open_ground(24, 16, zones=list(zones))
    )


def _ep(m):
    return [o for o in m.pending.options if o.kind == "charge" and o.option == "en_passant"]


def test_PYR_MNT_1_en_passant_strikes_in_passing_and_rides_on():
    # motivation 1; rider MQ 2 (ordinary + mounted) → 4d6 three of a kind (1 KD); B1's save 2 fails
    m = _rider_match(dice=[1, 3, 3, 3, 1, 2])
    answer(m, "activate", Decision("activate", figure="R"))
    ep = _ep(m)
    assert len(ep) == 1 and ep[0].target == "B1"
    assert m.pending.default.option is None  # the default charge is a plain one
    answer(m, "action", ep[0])
    assert of(m.log, HandScored, who="A")[0].faces == (3, 3, 3, 1)
    assert not of(m.log, HandScored, who="B")  # no return blows
    answer(m, "pushback", choose("save"))
    assert m.figure("B1").status == Status.KNOCKED_DOWN
    assert m.pending.kind == "en_passant_move" and m.pending.rule == "PYR-MNT-1"
    used = of(m.log, Moved, figure="R", how="charge")[-1].cost
    assert m.pending.info["move_left"] == round(12.0 - used, 3)
    answer(m, "en_passant_move", m.pending.default)
    r = m.figure("R")
    assert all(math.hypot(g.x - r.x, g.y - r.y) > 1.02 for g in (m.figure("B9"),))
    assert not of(m.log, MeleeRoundStarted)


def test_PYR_MNT_1_no_en_passant_against_reach_close_quarters_or_two_enemies():
    m = _rider_match(REACH, dice=[1])
    answer(m, "activate", Decision("activate", figure="R"))
    assert not _ep(m)
    m = _rider_match(zones=[Zone.rect("cq", 0, 0, 12, 16, close_quarters=True)], dice=[1])
    answer(m, "activate", Decision("activate", figure="R"))
    assert not _ep(m)
    m = _rider_match(extra=[fig("B2", "B", 5.5, 11.01)], dice=[1])  # B2 would touch the rider too
    answer(m, "activate", Decision("activate", figure="R"))
    assert m.pending.kind == "action" and not any(o.target == "B1" and o.option for o in m.pending.options)
    m = _rider_match(dice=[1])
    answer(m, "activate", Decision("activate", figure="R"))
    import pytest

    from game.rules.decisions import IllegalDecision

    plain = next(o for o in m.pending.options if o.kind == "charge" and o.target == "B1" and not o.option)
    foot = [fig("F", "A", 4, 10, move=12.0), fig("B1", "B", 6.5, 10), fig("B9", "B", 22, 2)]
    m2 = match(foot, dice=ScriptedDice(TURN_A + [1] + PAD))
    answer(m2, "activate", Decision("activate", figure="F"))
    with pytest.raises(IllegalDecision):
        m2.apply(Decision("charge", figure="F", target="B1", x=plain.x, y=plain.y, option="en_passant"))


def test_PYR_MNT_2_mounted_cannot_be_pushed_back_dismounts_instead_of_knockdown():
    figs = [fig("A1", "A", 9, 10), fig("R", "B", 10, 10, mounted=True, can_dismount=True)]
    # A three of a kind (1 KD); B nothing; R saves on 5+ (mounted vs foot) and rolls 2; horse: 3 in, direction 1 (0°)
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 4] + [1, 2, 3, 5] + [2, 3, 1] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("R", "kd"),)))
    assert m.pending.kind == "dismount" and m.pending.rule == "PYR-MNT-2"  # no pushback election for a rider
    answer(m, "dismount", choose("dismount"))
    r = m.figure("R")
    assert r.in_play and r.status == Status.WOUNDED and not r.mounted
    assert of(m.log, ItemResolved, victim="R")[-1].outcome == "dismounted_wounded"
    assert m.state.system.horses["R"] == [13.0, 10.0]
    assert of(m.log, RoundTallied)[0].tallies[0][1:3] == (0, 1)  # counts as a wound for A


def test_PYR_MNT_2_dismount_instead_of_wound_and_only_with_a_dismounted_version():
    figs = [fig("A1", "A", 9, 10), fig("R", "B", 10, 10, mounted=True, can_dismount=True)]
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 1] + [1, 2, 3, 5] + [2, 6, 10] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("R", "w"),)))
    answer(m, "dismount", choose("dismount"))
    r = m.figure("R")
    assert r.status == Status.UNWOUNDED and not r.mounted
    assert m.state.system.horses["R"] == [14.243, 14.243]  # 6 in at 45°
    figs = [fig("A1", "A", 9, 10), fig("R", "B", 10, 10, mounted=True)]
    m = match(figs, dice=ScriptedDice(TURN_A + [4, 4, 1] + [1, 2, 3, 5] + [2] + PAD))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("R", "w"),)))
    assert m.figure("R").status == Status.WOUNDED and m.figure("R").mounted  # no dismounted version


def test_PYR_MNT_2_unhorsed_figure_walks_to_its_horse_and_remounts():
    figs = [fig("R", "A", 5, 10, can_dismount=True), fig("B9", "B", 22, 2)]
    m = match(figs, dice=ScriptedDice(TURN_A + [1] + PAD))
    m.state.system.horses = {"R": [8.0, 10.0]}
    answer(m, "activate", Decision("activate", figure="R"))
    rm = Decision("remount", figure="R", x=8.0, y=10.0)
    assert rm in m.pending.options
    answer(m, "action", rm)
    r = m.figure("R")
    assert (r.x, r.y) == (8.0, 10.0) and r.mounted and "R" not in m.state.system.horses


# -- RNG-MOT-3 under the pyrates preset --------------------------------------------------------------------------
def test_RNG_MOT_3_pyrates_failed_figure_holds_retreats_or_takes_cover():
    import pytest

    from game.rules.decisions import IllegalDecision

    zones = [Zone.rect("barrels", 4, 8, 2, 4, cover="hard"), Zone.rect("crates", 14, 12, 3, 3, cover="soft")]
    figs = [fig("A1", "A", 10, 10), fig("B1", "B", 16, 10)]
    m = match(figs, dice=ScriptedDice(TURN_A + [6] + PAD), tmap=TacticalMap.open_ground(24, 16, zones=zones))
    answer(m, "activate", Decision("activate", figure="A1"))
    p = m.pending
    assert p.kind == "unmotivated" and p.rule == "RNG-MOT-3" and p.default == Decision("hold", figure="A1")
    kinds = {o.kind for o in p.options}
    assert kinds == {"hold", "retreat", "cover"}
    assert all(o.x < 10 for o in p.options if o.kind == "retreat")  # away from B1
    # the crates are in cover too, but the way there passes within 3 in of B1
    with pytest.raises(IllegalDecision):
        m.apply(Decision("cover", figure="A1", x=15.0, y=13.0))
    with pytest.raises(IllegalDecision):
        m.apply(Decision("charge", figure="A1", target="B1", x=15.0, y=10.0))
    cover = next(o for o in p.options if o.kind == "cover")
    answer(m, "unmotivated", cover)
    a = m.figure("A1")
    assert 4 <= a.x <= 6 and 8 <= a.y <= 12
    assert of(m.log, Moved, figure="A1")[-1].rule == "RNG-MOT-3"


# -- PYR-PUSH-2: impassable ground blocks the pushback sweep ----------------------------------------------------
def _push_at_the_sea(sea_x):
    # A1 strikes V (a pair: one W) toward +x; the sea (impassable water) starts at sea_x
    sea = Zone.rect("sea", sea_x, 0, 24 - sea_x, 16, terrain="impassable", water=True)
    figs = [fig("A1", "A", 9, 10), fig("V", "B", 10, 10), fig("A9", "A", 2, 2), fig("B9", "B", 2, 14)]
    m = match(
        figs, dice=ScriptedDice(TURN_A + [3, 3, 1] + [2, 5, 6] + PAD), tmap=TacticalMap.open_ground(24, 16, zones=[sea])
    )
    answer(m, "activate", Decision("pass"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "w"),)))
    return m


def test_PYR_PUSH_2_the_sea_behind_the_victim_blocks_its_pushback():
    m = _push_at_the_sea(11.2)  # a base depth back would put V's base 0.3 in into the sea
    assert not (m.pending and m.pending.kind == "pushback" and choose("pushback") in m.pending.options)
    assert not of(m.log, Moved, figure="V", how="pushback")
    assert of(m.log, DiceRolled, rule="PYR-SAVE-1", who="V")  # it takes the save instead
    # with a base depth of deck before the sea the same blow may push it back
    m2 = _push_at_the_sea(11.6)
    assert m2.pending.kind == "pushback" and choose("pushback") in m2.pending.options
    answer(m2, "pushback", choose("pushback"))
    assert (m2.figure("V").x, m2.figure("V").y) == (11.0, 10.0)
