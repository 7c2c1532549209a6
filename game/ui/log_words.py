"""The combat log in a player's words: one sentence per event, built from the event's fields.

Names, never ids or snake_case; moves as a distance and a compass direction (and the level climbed
to), never coordinates; results as sentences. Pure (no pygame): the headless demo, the replay CLI
and the hand-over screen print the same lines. Unknown event kinds fall back to the event's own
``text()``, cleaned the same way (ids to names, snake_case to words, coordinates dropped).

The vocabulary (``Namer``, ``compass``, ``card``, the item and status words) is in ``log_vocab``;
this module turns each event kind into its sentence.
"""

from __future__ import annotations

import math

from .log_vocab import (
    CHOICES,
    HOWS,
    LEVELS,
    OUTCOMES,
    STATUSES,
    _num,
    card,
    damage,
    item_words,
)
from .log_vocab import ITEM_EXTRAS as ITEM_EXTRAS
from .log_vocab import Namer as Namer
from .log_vocab import compass as compass
from .log_vocab import possessive as possessive
from .log_vocab import strip_rule as strip_rule
from .log_vocab import words as words


def say(ev, state=None) -> str:
    """The player's sentence for ``ev`` (without its rule ID)."""
    n = Namer(state)
    fn = _SAY.get(type(ev).__name__)
    if fn is not None:
        try:
            return fn(ev, n, state)
        except (AttributeError, TypeError, ValueError, KeyError):
            pass  # an event of the same name with other fields: the generic wording below
    return n.tidy(strip_rule(ev.text()))


# -- one function per event kind ------------------------------------------------------------------
def _dice(ev, n, state):
    who = n(ev.who) if ev.who else "The dice"
    faces = ", ".join(str(f) for f in ev.faces)
    s = f"{who} rolls {'a ' if len(ev.faces) == 1 else ''}{faces} for {n.tidy(words(ev.purpose)) or 'a roll'}"
    if ev.modifier:
        s += f", {'+' if ev.modifier > 0 else '−'}{abs(ev.modifier)} makes {ev.total}"
    if ev.target is not None:
        s += f", needing {ev.target} or {'less' if ev.roll_under else 'more'}"
    if ev.success is not None:
        s += ": success" if ev.success else ": fails"
    return s


def _moved(ev, n, state):
    name = n(ev.figure)
    verb = HOWS.get(ev.how, words(ev.how))
    dist = 0.0
    for (x0, y0), (x1, y1) in zip(ev.path, ev.path[1:]):
        dist += math.hypot(x1 - x0, y1 - y0)
    s = f"{name} {verb}"
    if dist >= 0.05 and ev.path:
        (xa, ya), (xb, yb) = ev.path[0], ev.path[-1]
        s += f" {_num(dist)} in"
        if math.hypot(xb - xa, yb - ya) >= 0.05:
            s += f" {compass(xb - xa, yb - ya)}"
    if ev.level:
        s += " " + LEVELS.get(ev.level, f"to the {words(ev.level)}")
    return s


#: causes that repeat a status in other words ("is cut down (killed (Hearts))" says "(Hearts)")
SAME_AS = {"knocked_down": ("killed", "cut down")}


def _status(ev, n, state):
    s = f"{n(ev.figure)} {STATUSES.get(ev.status, 'is ' + words(ev.status))}"
    cause = n.tidy(ev.cause)
    for said in (words(ev.status), *SAME_AS.get(ev.status, ())):
        if cause.startswith(said + " (") and cause.endswith(")"):  # "wounded (Diamonds)": say it once
            cause = cause[len(said) + 2 : -1]
            break
    return s + (f" ({cause})" if cause else "")


def _turn(ev, n, state):
    return f"Turn {ev.turn} begins; first to move: {n(ev.first)}"


def _player_turn(ev, n, state):
    return f"{possessive(n(ev.side))} player-turn"


def _game_over(ev, n, state):
    who = f"{n(ev.winner)} win" if ev.winner else "Nobody wins"  # a side is a company: they win
    return f"Game over: {who} — {n.tidy(ev.reason)}" if ev.reason else f"Game over: {who}"


def _note(ev, n, state):
    return n.tidy(strip_rule(ev.message))


def _hand(ev, n, state):
    label = ev.label.lower()  # the hand's name, as the event gives it
    return (
        f"{possessive(n(ev.who))} hand {ev.hand_no} shows {', '.join(map(str, ev.faces))}: {label}, "
        f"{damage(ev.knockdowns, ev.wounds)}"
    )


def _reroll(ev, n, state):
    return (
        f"{n(ev.who)} rerolls a {ev.old} in hand {ev.hand_no} and gets a {ev.new} "
        f"({ev.rerolls_left} reroll{'s' if ev.rerolls_left != 1 else ''} left)"
    )


def _round_started(ev, n, state):
    sides = "; ".join(f"{n(s)}: {', '.join(n(i) for i in ids)}" for s, ids in ev.sides)
    rat = f", {n(ev.rat)} fights as a cornered rat" if ev.rat else ""
    return f"Mêlée {ev.melee}, round {ev.round}{rat} — {sides}"


def _quota(ev, n, state):
    lines = "; ".join(n.tidy(x) for x in ev.lines)
    exact = "" if str(ev.total) == str(ev.mq) else f"{ev.total} rounded up, "
    return (
        f"{n(ev.who)} fight with a Mêlée Quota of {ev.mq} ({exact}{lines})"
        if lines
        else f"{n(ev.who)} fight with a Mêlée Quota of {ev.mq}"
    )


def _tap(ev, n, state):
    if not ev.items:
        return f"{n(ev.tapper)} strikes no blow"
    its = ", ".join(f"{item_words(i)} at {n(t)}" for t, i in ev.items)
    return f"{n(ev.tapper)} strikes: {its}"


def _item(ev, n, state):
    t = possessive(n(ev.tapper))
    i = "blow" if not ev.item else f"blow ({item_words(ev.item)})"
    tpl = OUTCOMES.get(ev.outcome)
    if tpl is None:
        return f"{t} {i} on {n(ev.victim)}: {words(ev.outcome)}"
    return tpl.format(v=n(ev.victim), t=t, i=i)


def _tally(ev, n, state):
    parts = "; ".join(f"{n(s)} {damage(k, w)}, {p} pushback{'s' if p != 1 else ''}" for s, k, w, p, *_ in ev.tallies)
    how = words(ev.decided_by)
    return f"Tally: {parts}. {n(ev.winner)} wins the round on {how}" if ev.winner else f"Tally: {parts}"


def _round_result(ev, n, state):
    if ev.choice == "ended":
        return (f"{n(ev.winner)} wins the round" if ev.winner else "Nobody wins the round") + "; the mêlée ends"
    if ev.choice in ("duel_won", "duel_lost"):
        return f"{n(ev.winner)} wins the duel"
    won = f"{n(ev.winner)} wins the round" if ev.winner else "Nobody wins the round"
    if not ev.loser:
        return won
    return f"{won}; {n(ev.loser)} {CHOICES.get(ev.choice, words(ev.choice))}"


def _shot(ev, n, state):
    if hasattr(ev, "weapon"):  # Pyrates: the shot's end result
        weapon = words(ev.weapon)
        outcome = {
            "miss": "and misses",
            "saved": "and hits, but the save holds",
            "negligible": "and hits, to no effect",
        }.get(ev.outcome, f"— {n(ev.target)} {STATUSES.get(ev.outcome, words(ev.outcome))}")
        return f"{n(ev.figure)} fires {('a ' if weapon else '') + weapon} at {n(ev.target)} {outcome}".replace(
            "  ", " "
        )
    cov = f" in {ev.cover} cover" if ev.cover else ""
    r = "reacts and " if ev.reactive else ""
    return (
        f"{n(ev.attacker)} {r}shoots at {n(ev.target)}, {_num(ev.range_in)} in away{cov}: d20 rolls {ev.natural}, "
        f"{'a hit' if ev.hit else 'a miss'}"
    )


ACTIONS = {
    "hold": "holds and defends",
    "cover": "moves into cover",
    "aim": "takes aim",
    "load": "loads",
    "shoot": "shoots",
    "charge": "charges",
    "move": "moves",
    "retreat": "retreats",
    "flee": "flees",
    "attack": "attacks",
    "special": "takes a special action",
    "defend": "defends",
}


def _action(ev, n, state):
    s = f"{n(ev.figure)} {ACTIONS.get(ev.action, words(ev.action))}"
    if ev.target:
        s += f" {'at ' if ev.action in ('shoot', 'aim') else ''}{n(ev.target)}"
    if ev.detail and ev.action not in ("hold", "cover"):
        s += f" ({n.tidy(ev.detail)})"
    return s


def _attack(ev, n, state):
    how = {"retaliate": "strikes back at", "free": "gets a free blow at"}.get(ev.how, "attacks")
    rear = " from the rear" if ev.rear else ""
    res = "a critical hit" if ev.critical else "a hit" if ev.hit else "a miss"
    return f"{n(ev.attacker)} {how} {n(ev.defender)}{rear}: d20 rolls {ev.natural} against {ev.av} − {ev.dv}, {res}"


def _wounds(ev, n, state):
    if ev.dead:
        return f"{n(ev.target)} is killed"
    if ev.dealt == 0:
        return f"{n(ev.target)} takes a negligible wound"
    return f"{n(ev.target)} takes {ev.dealt} wound{'s' if ev.dealt != 1 else ''} ({ev.wounds} in all)"


def _faced(ev, n, state):
    return f"{n(ev.figure)} turns to face {n(ev.target)}"


def _morale(ev, n, state):
    return f"{possessive(n(ev.side))} morale is broken: {n.tidy(ev.reason)}"


def _aggression(ev, n, state):
    return (
        f"{n(ev.side)} spends {ev.points} aggression point{'s' if ev.points != 1 else ''} on the "
        f"{n.tidy(words(ev.purpose))} ({ev.left} left)"
    )


def _cards(ev, n, state):
    extra = f" (+{len(ev.advantages)} for {', '.join(words(a) for a in ev.advantages)})" if ev.advantages else ""
    return f"{n(ev.figure)} draws {' '.join(card(c) for c in ev.cards)}{extra}"


def _duel_won(ev, n, state):
    eff = {"killed": "who is killed", "wounded": "who is wounded", "evicted": "who is driven out"}.get(
        ev.effect, f"who is {words(ev.effect)}"
    )
    return f"{possessive(n(ev.winner))} {card(ev.card)} beats {n(ev.victim)}, {eff}"


def _reshuffled(ev, n, state):
    return f"The {ev.cards} discarded cards are shuffled into a new deck"


def _combat(ev, n, state):
    a, b = ev.totals
    kinds = {"simple": "a simple victory", "double": "a double victory", "triple": "a triple victory"}
    res = f"{n(ev.winner)} wins, {kinds.get(ev.kind, words(ev.kind))}" if ev.winner else "a tie"
    return f"{n(ev.attacker)} rolls {a} against {possessive(n(ev.defender))} {b}: {res}"


def _piece(ev, n, state):
    outs = {
        "eliminated": "is eliminated",
        "move_back": "moves back",
        "disrupted": "is disrupted",
        "moved_back": "moves back",
        "move_back_disrupted": "moves back, disrupted",
        "disrupted_move_back": "moves back, disrupted",
    }
    s = f"{n(ev.figure)} {outs.get(ev.outcome, words(ev.outcome))}"
    return s + (" (it could not move back)" if ev.blocked else "")


def _broken(ev, n, state):
    return f"{n(ev.unit)} breaks after {ev.losses} losses"


_SAY = {
    "DiceRolled": _dice,
    "Moved": _moved,
    "StatusChanged": _status,
    "TurnStarted": _turn,
    "PlayerTurnStarted": _player_turn,
    "GameOver": _game_over,
    "Note": _note,
    "HandScored": _hand,
    "DieRerolled": _reroll,
    "MeleeRoundStarted": _round_started,
    "QuotaSet": _quota,
    "TapDeclared": _tap,
    "ItemResolved": _item,
    "RoundTallied": _tally,
    "RoundResult": _round_result,
    "ShotResolved": _shot,
    "ActionTaken": _action,
    "AttackResolved": _attack,
    "WoundsDealt": _wounds,
    "Faced": _faced,
    "MoraleBroken": _morale,
    "AggressionSpent": _aggression,
    "CardsDrawn": _cards,
    "DuelWon": _duel_won,
    "DeckReshuffled": _reshuffled,
    "CombatRolled": _combat,
    "PieceResolved": _piece,
    "UnitBroken": _broken,
}


def format_event(ev, state=None) -> str:
    """The event's log line: ``say``'s sentence and the rule ID it cites."""
    rule = getattr(ev, "rule", "")
    text = say(ev, state)
    return f"{text} ({rule})" if rule else text
