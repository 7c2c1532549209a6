"""game/ai/metrics.py: play-test metrics from a game's events."""

from game.ai.metrics import game_metrics, summarise_metrics
from game.rules.escarmouche.events import MeleeStarted
from game.rules.events import DiceRolled, GameOver, Moved, Note, StatusChanged, TurnStarted
from game.rules.pyrates.events import MeleeRoundStarted
from game.rules.rangers.events import ActionTaken, AttackResolved

SIDES = {"a1": "a", "a2": "a", "a3": "a", "b1": "b", "b2": "b", "b3": "b"}
NAMES = {"a1": "Captain Ash", "b1": "Captain Birch"}


def test_metrics_count_what_issue_19_asks_for():
    ev = [
        TurnStarted(rule="RNG-TURN-1", turn=1, first="a"),
        ActionTaken(rule="INI-TOME-1", figure="a1", action="tome"),  # moves nobody
        ActionTaken(rule="INI-TOME-1", figure="a1", action="tome"),
        Moved(rule="INI-TOME-1", figure="a2"),  # moves a2
        AttackResolved(rule="RNG-HAND-1", attacker="a2", defender="b2"),
        AttackResolved(rule="RNG-HAND-1", attacker="b2", defender="a2"),
        MeleeRoundStarted(rule="PYR-SEQ-1", melee=1, round=1),
        MeleeRoundStarted(rule="PYR-SEQ-1", melee=1, round=2),
        DiceRolled(rule="PYR-MOR-2", who="b", purpose="morale", faces=(6,)),
        StatusChanged(rule="PYR-MOR-3", figure="b2", status="fled"),
        StatusChanged(rule="PYR-MOR-3", figure="b3", status="fled"),
        Note(rule="PYR-DUEL-1", who="a1", message="Captain Ash challenges Captain Birch to a duel"),
        Note(rule="PYR-DUEL-2", who="b1", message="Captain Birch accepts: blades"),
        Note(rule="PYR-DUEL-1", who="b1", message="Captain Birch challenges Captain Ash to a duel"),
        Note(rule="PYR-DUEL-2", who="a1", message="Captain Ash accepts: blades"),
        GameOver(rule="GEN-TURN-1", winner="a", reason="b is routed"),
    ]
    g = game_metrics(ev, SIDES, NAMES)
    assert g["decided"] and g["hand_attacks"] == 2 and g["melees"] == 1 + 1
    assert g["morale_max_share"] == round(2 / 3, 4)
    assert (g["tome_calls"], g["tome_idle"]) == (2, 1)
    assert (g["duels"], g["duel_repeats"], g["duel_max_same_pair"]) == (2, 1, 2)
    held = GameOver(rule="GEN-TURN-1", winner="a", reason="a holds out to the turn limit", at_turn_limit=True)
    limit = game_metrics([held], SIDES)
    assert not limit["decided"]
    s = summarise_metrics([g, limit])
    assert s["decided_share"] == 0.5 and s["morale_within_third_share"] == 0.5 and s["tome_idle"] == 1


def test_ESC_ENG_1_GEN_TURN_1_metrics_read_event_classes_and_fields_not_words():
    esc = [
        MeleeStarted(rule="ESC-ENG-1", sector="g2_1", attackers=2, defenders=1),
        Note(rule="ESC-ENG-1", message="melee in g3_1: 1 attackers against 1 defenders"),  # words only
    ]
    assert game_metrics(esc, SIDES)["melees"] == 1
    # the turn limit is the event's flag, whatever the reason's words
    assert game_metrics([GameOver(rule="GEN-TURN-1", winner="a", reason="the turn limit")], SIDES)["decided"]
    assert not game_metrics([GameOver(rule="GEN-TURN-1", winner="a", reason="x", at_turn_limit=True)], SIDES)["decided"]
