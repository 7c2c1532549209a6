"""The after-action report of a battle, built by replaying its record once.

- **Fighting strength** of each side after every decision: ``game.ai.concede.strength`` on the
  replayed state (the measure the turning-point banner and the AI use), so the chart is the state's,
  not a second reckoning from events.
- **Decisive moments**: the decisions that moved the difference between the two strongest sides
  most, each a sentence with the figures it struck down and the rule that rolled for it, and the
  decision's index so the replay can open there.
- **Each figure's part**: blows struck, times hurt, saves made of saves rolled, inches moved.
- **Luck**: each roll's mid-percentile in the exact distribution its rules compute
  (``Ruleset.roll_parts``), and each side's mean: one half is average dice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

#: decisions shown as decisive moments, at most
MOMENTS = 4
#: a swing smaller than this is no moment (a scratch on a figure of value 1 is 0.5)
SMALLEST_SWING = 0.5
#: statuses that count as a figure hurt
HURT = {"wounded", "knocked_down", "out_of_action", "captive", "fled", "dead", "disarmed"}
#: what a status reads as in a moment's sentence
FELL = {
    "wounded": "wounded",
    "knocked_down": "cut down",
    "out_of_action": "put out of action",
    "captive": "taken prisoner",
    "fled": "fled",
    "dead": "killed",
    "disarmed": "disarmed",
}
#: fields naming the one who strikes, by the field naming the one struck
STRIKERS = (("tapper", "victim"), ("attacker", "defender"), ("attacker", "target"), ("figure", "target"))


@dataclass(frozen=True)
class Moment:
    """One decisive decision."""

    decision: int
    """Index of the decision (the replay opens at the state after it: ``decision + 1`` applied)."""
    turn: int
    """Game turn it fell in."""
    swing: float
    """Change of (strength of the first side − strength of the second) it caused."""
    toward: str
    """Side id the fight swung toward."""
    sentence: str
    """The moment in a player's words."""
    rule: str
    """The rule that decided it (the roll's rule, else the status change's)."""


@dataclass(frozen=True)
class FigurePart:
    """What one figure did and suffered."""

    figure: str
    name: str
    side: str
    blows: int = 0
    """Blows struck: tap items, shots, attacks, opposed rolls as the striker, duels won."""
    hurt: int = 0
    """Times wounded, cut down, taken or routed."""
    saves_made: int = 0
    saves_rolled: int = 0
    inches: float = 0.0
    """Distance moved, in inches."""
    fate: str = ""
    """Its status at the end, in words ("" when unhurt)."""


@dataclass(frozen=True)
class SideLuck:
    """One side's dice against their expected values."""

    side: str
    rolls: int
    """Rolls judged (tests, roll-offs, hands, opposed rolls)."""
    mean: float
    """Mean mid-percentile, 0..1: 0.5 is average dice."""
    good: int
    """Rolls above the middle of their distribution."""


@dataclass
class AfterAction:
    """The report: see the module's docstring."""

    sides: list[tuple[str, str]]
    """(id, name) of each side, in scenario order."""
    strength: list[dict[str, float]] = field(default_factory=list)
    """Strength by side at the start (index 0) and after each decision (index k + 1)."""
    turns: list[tuple[int, int]] = field(default_factory=list)
    """(game turn, index into ``strength`` where it began)."""
    moments: list[Moment] = field(default_factory=list)
    figures: list[FigurePart] = field(default_factory=list)
    luck: list[SideLuck] = field(default_factory=list)
    rolls: list[tuple[int, str, Fraction]] = field(default_factory=list)
    """(decision index, side, mid-percentile) of every roll judged, in order."""

    def side_name(self, sid: str) -> str:
        return dict(self.sides).get(sid, sid)


def build(match_or_record, extra_dirs=()) -> AfterAction:
    """The report of a match (its record is replayed) or of a record."""
    from game.match import record_of, replay
    from game.match.replay import replay_onto

    rec = record_of(match_or_record) if hasattr(match_or_record, "pending") else match_or_record
    m = replay(rec, extra_dirs, verify=False, upto=0).match
    per_decision = [list(m.log)]  # the set-up's events first
    states = [_strengths(m)]
    for k in range(len(rec.decisions)):
        seen = len(m.log)
        replay_onto(m, rec, k + 1, verify=False)  # a branched game's fresh dice where it reseeded
        per_decision.append(m.log[seen:])
        states.append(_strengths(m))
    return report(m, per_decision, states)


def _strengths(m) -> dict[str, float]:
    from game.ai.concede import strength

    return {s.id: strength(m.state.figures, s.id) for s in m.state.sides}


def report(m, per_decision: list[list], states: list[dict[str, float]]) -> AfterAction:
    """The report from the replayed match ``m`` (at its end), the events of its set-up and of each
    decision (``per_decision[k + 1]`` for decision k) and the strengths before and after each."""
    st = m.state
    out = AfterAction(sides=[(s.id, s.name) for s in st.sides], strength=states)
    turn = 0
    owner = _owners(st)
    parts: dict[str, dict] = {fid: {"blows": 0, "hurt": 0, "sm": 0, "sr": 0, "in": 0.0} for fid in st.figures}
    swings: list[tuple[float, int, int]] = []
    a, b = _two_sides(states)
    for k, events in enumerate(per_decision):
        for ev in events:
            kind = type(ev).__name__
            if kind == "TurnStarted" and getattr(ev, "turn", 0) != turn:
                turn = ev.turn
                out.turns.append((turn, k))
            _count(ev, kind, parts, st)
            rp = m.ruleset.roll_parts(ev)
            if rp is not None:
                for who, pct in rp.luck:
                    side = owner(who)
                    if side:
                        out.rolls.append((k - 1, side, pct))
        if k and a and b:
            before, after = states[k - 1], states[k]
            swing = (after[a] - after[b]) - (before[a] - before[b])
            if abs(swing) >= SMALLEST_SWING:
                swings.append((swing, k - 1, turn))
    swings.sort(key=lambda s: (-abs(s[0]), s[1]))
    for swing, d, t in sorted(swings[:MOMENTS], key=lambda s: s[1]):
        out.moments.append(_moment(m, per_decision[d + 1], d, t, swing, a, b))
    for fid, f in st.figures.items():
        p = parts[fid]
        status = getattr(f.status, "value", f.status)
        out.figures.append(
            FigurePart(
                fid,
                f.name,
                f.side,
                p["blows"],
                p["hurt"],
                p["sm"],
                p["sr"],
                round(p["in"], 1),
                FELL.get(status, "") if status != "unwounded" else "",
            )
        )
    out.figures.sort(key=lambda p: ([s for s, _ in out.sides].index(p.side), -p.blows, p.name))
    for sid, _ in out.sides:
        mine = [float(p) for _, s, p in out.rolls if s == sid]
        if mine:
            out.luck.append(SideLuck(sid, len(mine), sum(mine) / len(mine), sum(1 for p in mine if p > 0.5)))
    return out


def _two_sides(states) -> tuple[str | None, str | None]:
    """The two sides strongest at the start (the chart's swing is between them)."""
    if not states or len(states[0]) < 2:
        return None, None
    a, b = sorted(states[0], key=lambda s: -states[0][s])[:2]
    return a, b


def _owners(st):
    """who (a figure, a side or a party tag) -> its side id, or ""."""
    sides = {s.id for s in st.sides}
    parties = {f.party: f.side for f in st.figures.values() if getattr(f, "party", "")}

    def owner(who: str) -> str:
        if who in st.figures:
            return st.figures[who].side
        if who in sides:
            return who
        if who in parties:
            return parties[who]
        head, _, tail = who.partition(":")  # "side:pirates", or a side's group in a sector, "raiders:B3"
        return tail if tail in sides else (head if head in sides else "")

    return owner


def _count(ev, kind: str, parts: dict, st) -> None:
    if kind == "Moved" and ev.figure in parts and ev.how not in ("fall", "pushback"):
        parts[ev.figure]["in"] += sum(math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(ev.path, ev.path[1:]))
        return
    if kind == "StatusChanged" and ev.figure in parts:
        if ev.status in HURT:
            parts[ev.figure]["hurt"] += 1
        return
    if kind == "DiceRolled":
        if ev.who in parts and ev.target is not None and "save" in ev.purpose:
            parts[ev.who]["sr"] += 1
            parts[ev.who]["sm"] += 1 if ev.success else 0
        return
    if kind == "DuelWon" and getattr(ev, "winner", "") in parts:
        parts[ev.winner]["blows"] += 1
        return
    if not any(hasattr(ev, f) for f in ("outcome", "hit", "winner")):
        return  # a blow has a result; naming a target alone (facing it, an action's aim) is none
    for hitter, struck in STRIKERS:
        who = getattr(ev, hitter, None)
        if isinstance(who, str) and who in parts and getattr(ev, struck, None):
            parts[who]["blows"] += 1
            return


def _moment(m, events, d: int, turn: int, swing: float, a, b) -> Moment:
    st = m.state
    toward = a if swing > 0 else b
    fell: dict[str, list[str]] = {}
    rule = last_roll = ""
    for ev in events:  # the rule: the roll just before the first fall, else the fall's own
        if m.ruleset.roll_parts(ev) is not None:
            last_roll = ev.rule
        if type(ev).__name__ == "StatusChanged" and ev.figure in st.figures and ev.status in FELL:
            f = st.figures[ev.figure]
            fell.setdefault(f.side, []).append(f"{f.name} {FELL[ev.status]}")
            rule = rule or last_roll or ev.rule
    name = dict((s.id, s.name) for s in st.sides)
    said = "; ".join(f"{name.get(s, s)}: {', '.join(x)}" for s, x in fell.items()) or "blows landed"
    rule = rule or (events[0].rule if events else "")
    sentence = f"Turn {turn}: {said}. The fight swung {abs(swing):.1f} toward {name.get(toward, toward)}"
    return Moment(d, turn, swing, toward, sentence + (f" ({rule})." if rule else "."), rule)
