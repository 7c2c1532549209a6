"""Duelling pistols at 2 in (PYR-DUEL-4): who fires first, the shots on the PYR-DMG-1 table with
saves, the reply, honour satisfied, second pistols, then blades or a draw. Called by the duel step
(duel.py) with the duel's progress in the state's ``duel``."""

from __future__ import annotations

from ..decisions import choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Status, WeaponClass
from .cards import pistol_dice, pistol_first
from .config import pyrates_config
from .duel_meet import meet
from .events import ItemResolved
from .hands import _classify_sorted, hand_damage
from .saves import save_modifiers, save_passes, save_target


# -- PYR-DUEL-4 pistols --------------------------------------------------------------------------------------
def pistol_shot(ctx, shooter: str, target: str, n: int, du: dict):
    """One duelling pistol shot: n d6 on PYR-DMG-1; the items are resolved on the target one at a
    time, knockdowns first, each with a save (PYR-SAVE-1/2, blow of a General weapon); the shooter
    may make one knockdown a disarm attempt (capture is not allowed)."""
    st = ctx.state
    f = st.figures[shooter]
    ev = ctx.roll("PYR-DUEL-4", who=shooter, purpose=f"duelling pistol at {st.figures[target].name} ({n}d6)", n=n)
    dmg = hand_damage(_classify_sorted(tuple(sorted(ev.faces))))
    ctx.emit(Note(rule="PYR-DMG-1", who=shooter, message=f"{f.name}'s shot: {dmg.text()}"))
    items = ["kd"] * dmg.knockdowns + ["w"] * dmg.wounds
    if dmg.knockdowns:
        d = yield ask(
            f.side,
            "duel_disarm",
            f"{f.name}: make a knockdown a disarm attempt?",
            [choose("no"), choose("disarm")],
            default=choose("no"),
            rule="PYR-DUEL-4",
        )
        if d.option == "disarm":
            items[0] = "disarm"
    hurt = False
    for it in items:
        v = st.figures[target]
        if not v.in_play or v.status == Status.DISARMED:
            break
        mods = save_modifiers(v, WeaponClass.GENERAL, close_quarters=ctx.table.zone_of(target).close_quarters)
        tn = save_target(pyrates_config(st), mods)
        sv = ctx.roll("PYR-SAVE-1", who=target, purpose="save", target=tn, natural_fail={1})
        if save_passes(sv.faces[0], tn):
            ctx.emit(ItemResolved(rule="PYR-DUEL-4", tapper=shooter, victim=target, item=it, outcome="saved"))
            continue
        hurt = True
        if it == "disarm":
            ctx.set_status(target, Status.DISARMED, rule="PYR-DIS-1", cause=f"pistol-disarmed by {f.name}")
            out = "disarmed"
        elif it == "kd" or v.is_wounded:
            ctx.set_status(
                target,
                Status.KNOCKED_DOWN,
                rule="PYR-DUEL-4",
                cause=f"shot by {f.name}",
                wounds=v.wounds + (1 if it == "w" else 0),
            )
            out = "knocked_down"
        else:
            ctx.set_status(target, Status.WOUNDED, rule="PYR-DUEL-4", cause=f"shot by {f.name}", wounds=1)
            out = "wounded"
        ctx.emit(ItemResolved(rule="PYR-DUEL-4", tapper=shooter, victim=target, item=it, outcome=out))
    return hurt


@implements("PYR-DUEL-4")
def pistol_exchange(ctx, du: dict):
    """PYR-DUEL-4: who fires first (1d6 each, equal → both at once, 4d6 each); first shot 4d6; the
    survivor replies 5d6 unhurt / 3d6 wounded. Blood drawn ends the duel; no damage → honour satisfied
    (either may declare it: draw) or a second pistol; then blades if either wishes, else a draw."""
    st = ctx.state
    a, b = du["a"], du["b"]
    du["exchange"] += 1
    ra = ctx.roll("PYR-DUEL-4", who=a, purpose="who fires first")
    rb = ctx.roll("PYR-DUEL-4", who=b, purpose="who fires first")
    hurt = {a: False, b: False}
    who = pistol_first(ra.faces[0], rb.faces[0])
    if who is None:
        ctx.emit(Note(rule="PYR-DUEL-4", message="both fire at once"))
        hurt[b] = yield from pistol_shot(ctx, a, b, pistol_dice("simultaneous"), du)
        hurt[a] = yield from pistol_shot(ctx, b, a, pistol_dice("simultaneous"), du)
    else:
        first, second = (a, b) if who == "a" else (b, a)
        hurt[second] = yield from pistol_shot(ctx, first, second, pistol_dice("first"), du)
        s = st.figures[second]
        if s.in_play and s.status != Status.DISARMED:
            hurt[first] = yield from pistol_shot(ctx, second, first, pistol_dice("reply", s.is_wounded), du)
    if hurt[a] or hurt[b]:
        fa, fb = st.figures[a], st.figures[b]
        out_a = not fa.in_play or fa.status == Status.DISARMED
        out_b = not fb.in_play or fb.status == Status.DISARMED
        if out_a != out_b:
            return b if out_a else a
        if out_a and out_b:
            return "draw"
        if hurt[a] != hurt[b]:
            return b if hurt[a] else a
        return "draw"
    # no damage in this exchange
    for fid in (a, b):
        f = st.figures[fid]
        d = yield ask(
            f.side,
            "duel_honour",
            f"{f.name}: no blood drawn: declare honour satisfied?",
            [choose("satisfied"), choose("continue")],
            default=choose("satisfied"),
            rule="PYR-DUEL-4",
        )
        if d.option == "satisfied":
            ctx.emit(Note(rule="PYR-DUEL-4", who=fid, message="honour is satisfied"))
            return "draw"
    if du["exchange"] < 2:
        ctx.emit(Note(rule="PYR-DUEL-4", message="second pistols"))
        return None
    for fid in (a, b):
        f = st.figures[fid]
        d = yield ask(
            f.side,
            "duel_blades",
            f"{f.name}: the pistols are spent: take to blades?",
            [choose("draw"), choose("blades")],
            default=choose("draw"),
            rule="PYR-DUEL-4",
        )
        if d.option == "blades":
            du["weapons"] = "blades"
            meet(ctx, a, b, 0.0)
            ctx.emit(Note(rule="PYR-DUEL-4", message="to blades"))
            return None
    return "draw"
