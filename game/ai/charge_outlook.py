"""What a charge may expect once the enemy has answered it: the exact chance that the charger's side
wins the first round of the mêlée the charge starts, *after* the enemy's reaction moves.

The charge is played on a throw-away copy of the match with dice of its own (``Match.clone``:
never the match's dice still to roll). Where the system lets the other side move before the fight
(Pyrates PYR-REACT-1, at the end of the player-turn), the system's own reaction step runs on the
charging side's public view of that copy, and each reactor answers as the normal AI would
(``levels_ctx.score_reaction``, as normal scores a reaction); the chance is then the ruleset's exact odds of the first round of the
mêlée that stands (``ruleset.attack_odds(…, "charge")``, PYR-MQ/PYR-DMG-1/PYR-WIN-1). In systems
that strike the charge's blow at once (RNG-ACT-1) the reactions the rules allow are those the
engine plays during the charge itself, and the chance is that of the charger's blow.

The same answer serves the AI (pricing a charge) and the screen (the charge preview, "if they
react as expected").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from game.rules.decisions import Decision, IllegalDecision
from game.rules.dice import Dice
from game.rules.flow import Ctx as RulesCtx

from .evaluate import Evaluator
from .levels_ctx import Ctx, argmax, score_reaction

#: the copy's dice (its rolls before the fight, e.g. motivation of the next figure, are not read)
OUTLOOK_SEED = 20_260_034


@dataclass(frozen=True)
class ChargeOutlook:
    """A charge's first round, before and after the enemy's reactions."""

    charger: str
    target: str
    chance: Fraction
    """The charger's side wins the first round's tally (a full tie counts one half), after reactions."""
    before: Fraction
    """The same chance where the figures stand straight after the charge, before any reaction."""
    reactors: tuple[str, ...] = ()
    """The enemy figures that made a reaction move, in order."""
    joined: tuple[str, ...] = ()
    """Figures of either side in the charger's mêlée after the reactions who were not in it before."""
    quotas: tuple[int, int] | None = None
    """Both sides' dice (Mêlée Quota) after the reactions, the charger's first; None where no pool is rolled."""
    rule: str = ""
    """The rule ID the odds come from."""


def charge_decision(match, charger_id: str, target_id: str) -> Decision | None:
    """The pending question's charge of ``charger_id`` on ``target_id`` (a plain one before a
    mounted pass), or None when none is offered."""
    ask = match.pending
    if ask is None:
        return None
    found = [d for d in ask.options if d.kind == "charge" and d.figure == charger_id and d.target == target_id]
    if not found:
        return None
    return min(found, key=lambda d: d.option is not None)


def charge_outlook(
    match,
    side: str,
    charger_id: str,
    target_id: str,
    *,
    charge: Decision | None = None,
    evaluator_for=None,
) -> ChargeOutlook | None:
    """The first round of the mêlée that ``charger_id``'s charge on ``target_id`` starts, as
    ``side`` may know it. ``match``: the match (or a ``PublicMatch``) whose pending question offers
    the charge; ``charge``: the offered Decision (default: the one ``charge_decision`` finds);
    ``evaluator_for(side) -> Evaluator``: the reactors' evaluations (default: built here). None
    where the system gives no odds for a charge or the charge is not offered."""
    d = charge if charge is not None else charge_decision(match, charger_id, target_id)
    if d is None or d.kind != "charge" or d.figure != charger_id or d.target != target_id:
        return None
    preset = match.preset
    if hasattr(preset, "_reaction_loop") and hasattr(preset, "resolve_action"):
        return _with_reactions(match, preset, side, d, evaluator_for)
    try:
        m = match.clone(dice_seed=OUTLOOK_SEED, lookahead=True)
        m.apply(d)
    except IllegalDecision:
        return None
    view = m.ruleset.public_view(m.state, side)
    first = m.ruleset.attack_odds(view, m.table, charger_id, target_id, "charge")
    if first is None:
        return None
    if first.error or not view.figures[charger_id].in_play or not view.figures[target_id].in_play:
        return ChargeOutlook(charger_id, target_id, Fraction(0), Fraction(0), rule=first.rule)
    return ChargeOutlook(charger_id, target_id, first.success, first.success, quotas=_quotas(first), rule=first.rule)


def _with_reactions(match, preset, side: str, d: Decision, evaluator_for) -> ChargeOutlook | None:
    """A system whose enemy reacts before the fight (PYR-REACT-1): the charge resolved by the
    system's own ``resolve_action`` on a copy of ``side``'s public view and of the table (any
    question it asks on the way declined or answered by its default, with dice of the copy's own), then
    its reaction step among the figures near the fight, then the odds of the round."""
    ruleset = match.ruleset
    view = ruleset.public_view(match.state, side)
    table = match.table.clone()
    ctx = RulesCtx(view, Dice(OUTLOOK_SEED), table, match.scenario)
    fid, tid = d.figure_id, d.target_id
    try:
        _answer_quietly(preset.resolve_action(ctx, fid, d))
    except IllegalDecision:
        return None
    first = ruleset.attack_odds(view, table, fid, tid, "charge")
    if first is None:
        return None
    if first.error or not view.figures[fid].in_play or not view.figures[tid].in_play:
        return ChargeOutlook(fid, tid, Fraction(0), Fraction(0), rule=first.rule)
    if view.active is None:
        return ChargeOutlook(fid, tid, first.success, first.success, quotas=_quotas(first), rule=first.rule)
    before_group = _group(first)
    copy = _ReactingMatch(match, view, table)
    reactors = _play_reactions(_reactions(preset._reaction_loop, ctx, view, fid, tid), copy, evaluator_for)
    after = ruleset.attack_odds(view, table, fid, tid, "charge")
    if after is None:
        return None
    chance = Fraction(0) if after.error else after.success
    joined = tuple(sorted(_group(after) - before_group))
    return ChargeOutlook(fid, tid, chance, first.success, tuple(reactors), joined, _quotas(after), rule=after.rule)


def _answer_quietly(gen) -> None:
    """Drive a flow, declining what may be declined (a reactive shot at the charger: the outlook is
    that of the charge that arrives), else taking the stated default (GEN-CHOICE-1)."""
    try:
        ask = next(gen)
        while True:
            no = next((o for o in ask.options if o.kind == "pass" or o.option == "no"), None)
            ask = gen.send(no or (ask.default if ask.default is not None else ask.options[0]))
    except StopIteration:
        pass


def first_round_chance(
    match, side: str, charger_id: str, target_id: str, *, charge: Decision | None = None, evaluator_for=None
) -> Fraction | None:
    """The chance that the charge wins its first round after the enemy's reactions (``charge_outlook``'s
    ``chance``); None where not applicable."""
    out = charge_outlook(match, side, charger_id, target_id, charge=charge, evaluator_for=evaluator_for)
    return None if out is None else out.chance


# -- the reactions, answered as normal would ----------------------------------------------------------------
class _ReactingMatch:
    """What the scorers read of a match, over the reacting copy's state."""

    def __init__(self, m, state, table):
        self.state = state
        self.table = table
        self.ruleset = m.ruleset
        self.scenario = m.scenario
        self.pending = None


def _reactions(loop, ctx, view, charger_id: str, target_id: str):
    """PYR-REACT-1 as the system runs it (``_reaction_loop``: each side that is not active moves
    its unengaged figures up to 2 in, one at a time, until it passes), among the figures within
    ``NEAR_FIGHT`` of the charger or its target: a figure farther off cannot reach that fight in one
    reaction move, and leaving the rest of the table out keeps the answer within the AI's time."""
    st = view
    active = st.active
    assert active is not None  # _with_reactions asks only while a player-turn runs
    a, b = st.figures[charger_id], st.figures[target_id]
    near = {
        f.id
        for f in st.figures.values()
        if f.in_play
        and min(
            math.hypot(f.x - a.x, f.y - a.y) - f.radius - a.radius,
            math.hypot(f.x - b.x, f.y - b.y) - f.radius - b.radius,
        )
        <= NEAR_FIGHT
    }
    reacted: list[str] = []
    for side in [s for s in st.enemies_of(active) if st.in_play(s)]:
        yield from loop(ctx, [side], reacted, near, "PYR-REACT-1")


#: edge distance from the charger or its target within which figures may still join its fight by
#: PYR-REACT-1 (a 2 in move ending engaged or supporting, from a figure the fight's others touch)
NEAR_FIGHT = 6.0


def _play_reactions(gen, m, evaluator_for) -> list[str]:
    seen: dict[str, Evaluator] = {}

    def ev(side: str):
        if side not in seen:
            seen[side] = (
                evaluator_for(side) if evaluator_for is not None else Evaluator(m.scenario, m.table, m.state, side)
            )
        return seen[side]

    reactors: list[str] = []
    try:
        ask = next(gen)
        while True:
            if ask.kind != "reaction":
                d = ask.default if ask.default is not None else ask.options[0]
            elif len(ask.options) == 1:
                d = ask.options[0]
            else:
                d = ask.options[argmax(score_reaction("normal", Ctx(m, ask, ev(ask.side), None)))]
            if d.kind == "react" and d.figure:
                reactors.append(d.figure)
            ask = gen.send(d)
    except StopIteration:
        pass
    return reactors


def _group(odds) -> set[str]:
    return {fid for pool in odds.pools for fid, _amount, _why in pool.lines if fid}


def _quotas(odds) -> tuple[int, int] | None:
    if len(odds.pools) < 2:
        return None
    return (odds.pools[0].size, odds.pools[1].size)
