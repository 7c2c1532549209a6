"""Exact odds of one opposed-d6 pair for the screen and the AI (``CloseCombatRuleset.attack_odds``).

``combat_odds`` (OD6-ROLL-1) gives each (winner, kind); OD6-RES-1/2 turn them into what befalls
the loser: a triple, or a double on a piece already Disrupted, removes it; a double Disrupts it; a
simple win moves it back, and a tie moves both back.
"""

from __future__ import annotations

from fractions import Fraction

from ..ruleset import BACK, DOWN, OUT, Effect, Odds
from .config import close_combat_config
from .odds import combat_odds
from .state import od6

ZERO = Fraction(0)


def disrupted(view, pid: str) -> bool:
    """OD6-RES-2: the piece carries a Disrupted mark (public)."""
    return pid in od6(view).disrupted


def pair_odds(view, a_id: str, b_id: str, mods_a: int = 0, mods_b: int = 0) -> Odds:
    """OD6-ROLL-1, OD6-RES-1/2: piece ``a_id`` fights ``b_id`` on their combat values (and the
    OD6-ROLL-2 modifiers each has)."""
    a, b = view.figures[a_id], view.figures[b_id]
    odds = combat_odds(int(a.cv), int(b.cv), mods_a, mods_b)
    hurt = {a_id: [ZERO, ZERO, ZERO], b_id: [ZERO, ZERO, ZERO]}  # out, down, back
    win = ZERO
    for (w, kind), p in odds.items():
        if w is None:
            hurt[a_id][2] += p
            hurt[b_id][2] += p
            continue
        loser = b_id if w == "a" else a_id
        if w == "a":
            win += p
        if kind == "triple" or (kind == "double" and disrupted(view, loser)):
            hurt[loser][0] += p
        elif kind == "double":
            hurt[loser][1] += p
        else:
            hurt[loser][2] += p
    effects = tuple(Effect(f, ((OUT, o), (DOWN, d), (BACK, k))) for f, (o, d, k) in hurt.items())
    return Odds(rule="OD6-ROLL-1", success=win, effects=effects, dice="d6 v d6")


def engage_odds(view, table, decision) -> Odds | None:
    """OD6-ENG-2/3, OD6-ROLL-2: the first round of an engage option, every pair it makes: the unit
    (``decision.option``) placed as the candidate its ``label`` names, the pairs matched there,
    each with its flank support. ``success`` is the lead piece's pair's win; ``effects`` hold what
    may befall every paired piece of both sides. None when the candidate is not found."""
    from ..flow import Ctx
    from .formation import Board, engage_candidates, move_allowance, unit_key
    from .matching import pair_pieces
    from .roll import round_modifiers

    dis = list(od6(view).disrupted)
    board = Board.of(Ctx(view, None, table), dis)  # type: ignore[arg-type]  # the board rolls nothing
    lead, target = board.pieces.get(decision.figure or ""), board.pieces.get(decision.target or "")
    if lead is None or target is None:
        return None
    movers = [
        p for p in board.pieces.values() if p.side == lead.side and unit_key(view.figures[p.id]) == decision.option
    ]
    movers = [p for p in sorted(movers, key=lambda p: p.id) if board.free(p.id)]
    cand = next(
        (
            c
            for c in engage_candidates(board, movers, [target], allowance=move_allowance(view))
            if c.key == decision.option_label
        ),
        None,
    )
    if cand is None:
        return None
    for e in cand.ends:
        board.pieces[e.id] = e
    pairs = pair_pieces(
        sorted(board.friends_of(lead.side), key=lambda p: p.id), sorted(board.enemies_of(lead.side), key=lambda p: p.id)
    )
    mods = round_modifiers(board, lead.side, pairs, dis, close_combat_config(view))
    effects: list[Effect] = []
    success = ZERO
    for a, b in sorted(pairs.items()):
        o = pair_odds(view, a, b, *mods[a])
        effects.extend(o.effects)
        if a == lead.id:
            success = o.success
    return Odds(rule="OD6-ENG-2", success=success, effects=tuple(effects), dice="d6 v d6")
