"""Duels between leaders (PYR-DUEL-1..5) and Mutinous Dog points (PYR-MDP-1).

A challenge is an activation action of a Captain or Leader (``Decision("challenge", figure, target)``).
The challenged side accepts or refuses (refusal: +1 MDP); if accepted it chooses the weapons (pistols
only when both carry a pistol). Then the preset runs the step ``duel`` once per exchange/round until
the duel ends, and goes back to ``activate``. Progress lives in the state's ``duel`` (plain JSON):

    {"a": challenger, "b": challenged, "weapons": "blades"|"pistols", "round": n, "exchange": n,
     "panache": [side ids that used it], "home": {fid: [x, y]}, "by": side id of the challenger}

Digital rulings made here (see the report in the module functions):
- a duellist's camp is its side; supporters are not placed and add nothing (PYR-DUEL-2 allows this);
- after the duel both duellists are carried back to where they stood (seconds carry them off), so
  the duel leaves no mêlée behind; a knocked-down duellist is simply out of play;
- blades: at most 6 rounds (PYR-SEQ-2), then a draw; no morale tests inside a duel, one for the
  loser's party after it (PYR-DUEL-3). Pistols (PYR-DUEL-4) live in duel_pistols.py, blades rounds and
  the end of a duel in duel_blades.py, where the duellists stand in duel_meet.py, MDP in mdp.py.
"""

from __future__ import annotations

from ..decisions import Decision, IllegalDecision, choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Rank, Status
from .duel_blades import blades_round, finish
from .duel_meet import behind, meet
from .duel_pistols import pistol_exchange, pistol_shot  # noqa: F401  (re-exported)
from .engage import engagements
from .mdp import add_mdp
from .sight import sees
from .state import pyr

HAIL = 12.0
SUPPORT_REACH = 6.0
MAX_SUPPORTERS = 2
PISTOL_GAP = 2.0


# -- PYR-DUEL-1 the challenge -----------------------------------------------------------------------------
def can_duel(f) -> bool:
    return f.in_play and f.status not in (Status.DISARMED, Status.CAPTIVE) and (f.rank == Rank.CAPTAIN or f.is_leader)


def challenge_targets(ctx, fid: str, engaged) -> list[str]:
    """PYR-DUEL-1: enemy leaders not in mêlée within hailing distance (12 in, LoS); ``engaged(fid)``
    tells whether a figure is in mêlée. Under a treaty only after an Offence (the state's ``offence``)."""
    st = ctx.state
    f = st.figures[fid]
    p = pyr(st)
    if not can_duel(f) or engaged(fid) or p.duel:
        return []
    if p.treaty and not offence_given(st):
        return []
    out = []
    fought = {frozenset((d["a"], d["b"])) for d in p.duels or ()}
    for g in ctx.enemies(fid):
        if not can_duel(g) or g.level != f.level or engaged(g.id):
            continue
        if frozenset((fid, g.id)) in fought:  # PYR-DUEL-3: the same two leaders never duel again
            continue
        if ctx.table.edge_distance(fid, g.id) > HAIL + 1e-9:
            continue
        if not sees(ctx, fid, g.id).clear:
            continue
        out.append(g.id)
    return out


def offence_given(state) -> bool:
    """PYR-DUEL-1: under a parley or truce a challenge needs an Offence: scenario option ``offence``
    (given before play) or a hostile act since (``give_offence``)."""
    return bool(pyr(state).offence or state.options.get("offence"))


def give_offence(ctx, side: str, how: str) -> None:
    """PYR-DUEL-1 digital ruling: while a treaty holds, the first charge or shot by either side is the
    Offence that frees challenges (the scenario trigger is the option ``offence``)."""
    st = ctx.state
    if pyr(st).treaty and not offence_given(st):
        pyr(st).offence = True
        ctx.emit(Note(rule="PYR-DUEL-1", who=side, message=f"{st.side(side).name} gives Offence ({how})"))


def both_pistols(a, b) -> bool:
    return a.missile == "pistol" and b.missile == "pistol"


@implements("PYR-DUEL-1")
def challenge(ctx, fid: str, target: str, stakes: bool = False):
    """PYR-DUEL-1/2: the challenged side accepts or refuses; weapons; the duellists meet. Returns True
    when a duel starts (the state's ``duel`` set). ``stakes``: the challenge wagers stakes (the
    challenge decision's option "stakes", PYR-DUEL-3), which the challenged side sees before it answers."""
    st = ctx.state
    a, b = st.figures[fid], st.figures[target]
    ctx.emit(Note(rule="PYR-DUEL-1", who=fid, message=f"{a.name} challenges {b.name} to a duel"))
    d = yield ask(
        b.side,
        "duel_accept",
        f"{b.name} is challenged by {a.name}: accept, or refuse (+1 Mutinous Dog point)?",
        [choose("accept"), choose("refuse")],
        default=choose("accept"),
        info={"challenger": fid, "challenged": target, "stakes": stakes},
        rule="PYR-DUEL-1",
    )
    if d.option == "refuse":
        ctx.emit(Note(rule="PYR-DUEL-1", who=target, message=f"{b.name} refuses and skulks like a scurvy dog"))
        add_mdp(ctx, b.side, +1, "refused a challenge", "PYR-DUEL-1")
        return False
    weapons = "blades"
    if both_pistols(a, b):
        dflt = "pistols" if st.options.get("duel_pistols") else "blades"
        d = yield ask(
            b.side,
            "duel_weapons",
            f"{b.name} chooses the weapons: blades or pistols at 2 in?",
            [choose("blades"), choose("pistols")],
            default=choose(dflt),
            rule="PYR-DUEL-4",
        )
        weapons = d.option
    pyr(st).duel = du = {
        "a": fid,
        "b": target,
        "weapons": weapons,
        "round": 0,
        "exchange": 0,
        "panache": [],
        "home": {fid: [a.x, a.y], target: [b.x, b.y]},
        "by": a.side,
    }
    if stakes:
        du["stakes"] = True
    ctx.emit(
        Note(
            rule="PYR-DUEL-2",
            who=target,
            message=f"{b.name} accepts: {weapons}" + (", stakes wagered" if stakes else ""),
        )
    )
    cands = {fid: supporter_candidates(ctx, fid), target: supporter_candidates(ctx, target)}
    meet(ctx, fid, target, PISTOL_GAP if weapons == "pistols" else 0.0)
    yield from attend(ctx, fid, target, cands)
    return True


def supporter_candidates(ctx, leader: str) -> list[str]:
    """PYR-DUEL-2 digital ruling: a duellist's would-be supporters are friendly figures free to act
    (in play, not in mêlée, not disarmed or captive) within 6 in of where it stood when challenged, on
    its level, nearest first (ties by id). Reason: 6 in is a leader's reach (RNG-MOT-2)."""
    st = ctx.state
    f = st.figures[leader]
    eng = engagements(st, ctx.table)
    out = []
    for g in st.in_play(f.side):
        if g.id == leader or g.level != f.level or g.status in (Status.DISARMED, Status.CAPTIVE) or eng.engaged(g.id):
            continue
        dist = ctx.table.edge_distance(leader, g.id)
        if dist <= SUPPORT_REACH + 1e-9:
            out.append((round(dist, 6), g.id))
    return [g for _, g in sorted(out)]


@implements("PYR-DUEL-2")
def attend(ctx, a: str, b: str, cands: dict[str, list[str]]):
    """PYR-DUEL-2: supporters are set up behind their duellist; the challenged side may limit them to
    two apiece. They add no MQ and no support (the duel rounds count the duellists only) and go back
    where they stood when the duel is over."""
    st = ctx.state
    du = pyr(st).duel
    assert du is not None, "a duel is running"
    limit = None
    if any(len(c) > MAX_SUPPORTERS for c in cands.values()):
        fb = st.figures[b]
        d = yield ask(
            fb.side,
            "duel_supporters",
            f"{fb.name}: limit the attendance to two supporters apiece?",
            [choose("two"), choose("all")],
            default=choose("two"),
            rule="PYR-DUEL-2",
        )
        limit = MAX_SUPPORTERS if d.option == "two" else None
    placed: list[tuple[str, str]] = []
    for me, other in ((a, b), (b, a)):
        for sid in cands[me][:limit]:
            spot = behind(ctx, me, other, sid, len([p for p in placed if p[0] == me]))
            if spot is None:
                continue
            du["home"][sid] = [st.figures[sid].x, st.figures[sid].y]
            ctx.move(sid, spot[0], spot[1], rule="PYR-DUEL-2", how="duel")
            placed.append((me, sid))
    if placed:
        du["supporters"] = [sid for _, sid in placed]


# -- the duel step ------------------------------------------------------------------------------------------
@implements("PYR-DUEL-3")
def duel_step(ctx):
    """One exchange of pistols or one round of blades; ends the duel when PYR-DUEL-3/4 says so."""
    st = ctx.state
    du = pyr(st).duel
    assert du is not None, "a duel is running"
    a, b = du["a"], du["b"]
    if not (st.figures[a].in_play and st.figures[b].in_play):
        yield from finish(ctx, None)
        return
    if du["weapons"] == "pistols":
        result = yield from pistol_exchange(ctx, du)
    else:
        result = yield from blades_round(ctx, du)
    if result is not None:
        yield from finish(ctx, result)


def validate_challenge(ctx, fid: str, d: Decision, engaged) -> None:
    if d.option not in (None, "stakes"):
        raise IllegalDecision(f'a challenge may only wager stakes (option "stakes"), not {d.option!r} (PYR-DUEL-3)')
    if d.target not in challenge_targets(ctx, fid, engaged):
        raise IllegalDecision(
            f"{ctx.fig(fid).name} cannot challenge {d.target}: a leader not in mêlée, within "
            f"{HAIL:g} in and in sight (PYR-DUEL-1)"
        )
