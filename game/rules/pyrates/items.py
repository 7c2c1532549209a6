"""PYR-SEQ-1 step (5), one item of a tap resolved: Main Gauche, Dodge/Duck, pushback election and
follow-up, the save and its effect, disarm and capture, falls from the rigging (PYR-ALLOC-2)."""

from __future__ import annotations

from ..decisions import Item, choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Status
from .cards import DODGE_DUCK, main_gauche_result
from .config import pyrates_config
from .dismount import offer_dismount
from .events import ItemResolved
from .falls import drop_effect, drop_modifier, drop_result, falls_from_rigging
from .pushback import ai_takes_pushback, may_follow_up, push_direction, pushback_option
from .round_state import Round, _moved, cards_of, spend_card
from .saves import save_chance, save_modifiers, save_outcome, save_passes, save_target
from .state import pyr


@implements("PYR-CARD-4", "PYR-DIS-3", "PYR-PUSH-5")
def resolve_item(r: Round, camp: str, tapper: str, it: Item):
    ctx, st = r.ctx, r.st
    victim, item = it.target, it.text  # the events and the question's info keep the item's text
    f = st.figures[tapper]
    v = st.figures[victim]
    if not v.in_play:
        ctx.emit(ItemResolved(rule="PYR-ALLOC-2", tapper=tapper, victim=victim, item=item, outcome="wasted"))
        return "wasted"
    base = it.kind
    mg, sneaky = "mg" in it.extras, "sneaky" in it.extras
    # PYR-DIS-3: capture by force only in a round after the disarm; a blow in the disarm's own
    # round is an ordinary wound or knockdown
    kind = "capture" if v.status == Status.DISARMED and victim not in r.disarmed_now else base
    strike_cls = f.offhand if mg and f.offhand is not None else f.melee_class
    vside = v.side
    if mg:
        ev = ctx.roll("PYR-MG-1", who=tapper, purpose="main gauche")
        if main_gauche_result(ev.faces[0]) == "wasted":
            ctx.emit(ItemResolved(rule="PYR-MG-1", tapper=tapper, victim=victim, item=item, outcome="wasted"))
            return "wasted"
    zone = ctx.table.zone_of(victim)
    mods = save_modifiers(
        v,
        strike_cls,
        close_quarters=zone.close_quarters,
        defending=r.defends(victim),
        supported=r.eng.supported(victim),
        attacker_mounted=f.mounted,
    )
    target = save_target(pyrates_config(st), mods)
    # PYR-CARD-4 Dodge/Duck
    if DODGE_DUCK in cards_of(st, vside):
        worst = kind in ("kd", "disarm", "capture") or v.is_wounded
        dflt = "dodge" if worst and target >= 4 else "no"
        d = yield ask(
            vside,
            "dodge",
            f"{v.name} is given a {item.upper()} by {f.name}: play Dodge/Duck?",
            [choose("dodge"), choose("no")],
            default=choose(dflt),
            rule="PYR-CARD-4",
        )
        if d.option == "dodge":
            spend_card(ctx, vside, DODGE_DUCK, "PYR-CARD-4")
            ctx.emit(ItemResolved(rule="PYR-CARD-4", tapper=tapper, victim=victim, item=item, outcome="dodged"))
            return "dodged"
    # PYR-PUSH-1..3 election before the save
    srcs = r.push_sources.get(victim) if r.push_sources else None
    direction = push_direction((v.x, v.y), [(st.figures[t].x, st.figures[t].y) for t in srcs] if srcs else [(f.x, f.y)])
    dist = 2 * v.radius
    # the geometry (a sweep, the encirclement test) is asked only when the item and the victim
    # allow a pushback at all: both are pure queries, and either refusal leaves no option, while
    # with both clear the option is the one allowed here (pushback_option's defaults: not
    # surrounded, a clear sweep)
    option = pushback_option(
        kind, victim_wounded=v.is_wounded, mounted=v.mounted, disarmed=v.status == Status.DISARMED, sneaky=mg or sneaky
    ).option
    if option is not None:
        sweep = direction is not None and ctx.table.sweep_clear(victim, direction[0] * dist, direction[1] * dist)
        if not sweep or r.surrounded(victim):
            option = None
    if option is not None:
        # PYR-PUSH-6 is the automatic answer, except in a duel (PYR-DUEL-3: a jump back concedes)
        dflt = option if not r.duel and ai_takes_pushback(option, target) else "save"
        d = yield ask(
            vside,
            "pushback",
            f"{v.name}: {option.replace('_', ' ')} instead, or save on {target}+?",
            [choose(option), choose("save")],
            default=choose(dflt),
            info={
                "save_target": target,
                "odds": {"save": str(save_chance(target))},
                "victim": victim,
                "tapper": tapper,
                "item": item,
                "option": option,
                "kind": kind,
            },
            rule="PYR-PUSH-1",
        )
        if d.option != "save":
            assert direction is not None, "a pushback is offered only along a clear push direction"
            nx, ny = v.x + direction[0] * dist, v.y + direction[1] * dist
            ctx.move(victim, nx, ny, rule="PYR-PUSH-2", how="pushback", cost=dist)
            _moved(st, victim)
            r.give(camp, "push")
            out = "pushback"
            if option == "pushback_wounded":
                ctx.set_status(victim, Status.WOUNDED, rule="PYR-PUSH-1", cause="pushed back wounded", wounds=1)
                r.give(camp, "w")
                out = "pushback_wounded"
            ctx.emit(
                ItemResolved(
                    rule="PYR-PUSH-1",
                    tapper=tapper,
                    victim=victim,
                    item=item,
                    outcome=out,
                    credit="w+push" if out == "pushback_wounded" else "push",
                )
            )
            if out == "pushback_wounded":
                yield from rigging_fall(r, camp, victim)
            # PYR-PUSH-4 follow-up
            f = st.figures[tapper]
            if (
                f.in_play
                and r.follow_up
                and may_follow_up(f.is_wounded, ctx.table.sweep_clear(tapper, direction[0] * dist, direction[1] * dist))
            ):
                d2 = yield ask(
                    f.side,
                    "follow_up",
                    f"{f.name}: follow up?",
                    [choose("follow"), choose("stay")],
                    default=choose("follow"),
                    rule="PYR-PUSH-4",
                )
                if d2.option == "follow":
                    ctx.move(
                        tapper,
                        f.x + direction[0] * dist,
                        f.y + direction[1] * dist,
                        rule="PYR-PUSH-4",
                        how="follow_up",
                        cost=dist,
                    )
                    _moved(st, tapper)
            return out
    # PYR-SAVE-1..3
    ev = ctx.roll("PYR-SAVE-1", who=victim, purpose="save", target=target, natural_fail=_NATURAL_1, target_parts=mods)
    saved = save_passes(ev.faces[0], target)
    res = save_outcome(kind, saved, v.is_wounded)
    out = "saved"
    credit = ""
    if not saved and v.mounted and v.can_dismount and res.status in (Status.WOUNDED, Status.KNOCKED_DOWN):
        dm = yield from offer_dismount(ctx, victim, res.status)
        if dm:  # PYR-MNT-2: the horse takes it; dismounted wounded still counts as a wound
            credit = "w" if dm == "dismounted_wounded" else ""
            if credit:
                r.give(camp, credit)
            ctx.emit(ItemResolved(rule="PYR-MNT-2", tapper=tapper, victim=victim, item=item, outcome=dm, credit=credit))
            return dm
    if res.status is not None and not saved:
        if res.status == Status.WOUNDED:  # a figure disarmed this round stays disarmed, wounded
            ctx.set_status(
                victim,
                Status.DISARMED if v.status == Status.DISARMED else Status.WOUNDED,
                rule="PYR-SAVE-3",
                cause=f"{f.name}'s blow",
                wounds=1,
            )
            out, credit = "wounded", "w"
        elif res.status == Status.KNOCKED_DOWN:
            ctx.set_status(
                victim,
                Status.KNOCKED_DOWN,
                rule="PYR-SAVE-3",
                cause=f"{f.name}'s blow",
                wounds=v.wounds + (1 if kind == "w" else 0),
            )
            out, credit = "knocked_down", "kd"
            r.lose(victim)
            _drop_captive(st, victim)
        elif res.status == Status.DISARMED:
            ctx.set_status(victim, Status.DISARMED, rule="PYR-DIS-1", cause=f"disarmed by {f.name}")
            p = pyr(st)
            if p.disarmed_by is None:
                p.disarmed_by = {}
            p.disarmed_by[victim] = tapper
            r.disarmed_now.add(victim)
            out, credit = "disarmed", "kd"
        elif res.status == Status.CAPTIVE:
            # PYR-DIS-3: the captor is the disarming figure (the striker if the disarmer is gone)
            captor = (pyr(st).disarmed_by or {}).pop(victim, "")
            if not captor or captor not in st.figures or not st.figures[captor].in_play:
                captor = tapper
            ctx.set_status(victim, Status.CAPTIVE, rule="PYR-DIS-3", cause=f"captured by {st.figures[captor].name}")
            pyr(st).captives[victim] = captor
            out, credit = "captive", "kd"
            r.lose(victim)
    elif saved and kind == "capture":
        ctx.set_status(victim, Status.WOUNDED if v.is_wounded else Status.UNWOUNDED, rule="PYR-DIS-3", cause="re-arms")
        (pyr(st).disarmed_by or {}).pop(victim, None)
        out = "rearmed"
    if credit:
        r.give(camp, credit)
    ctx.emit(ItemResolved(rule="PYR-SAVE-3", tapper=tapper, victim=victim, item=item, outcome=out, credit=credit))
    if out == "wounded":
        yield from rigging_fall(r, camp, victim)
    if out == "disarmed":
        d = yield ask(
            vside,
            "surrender",
            f"{v.name} is disarmed: surrender it (captive) or keep fighting?",
            [choose("keep"), choose("surrender")],
            default=choose("keep"),
            rule="PYR-DIS-2",
        )
        if d.option == "surrender":
            ctx.set_status(victim, Status.CAPTIVE, rule="PYR-DIS-2", cause="surrendered")
            pyr(st).captives[victim] = tapper
            r.lose(victim)
    return out


_NATURAL_1 = frozenset({1})
"""PYR-SAVE-1: a natural 1 always fails."""


def _drop_captive(st, fid):
    """A knocked-down captor lets its captive go (the captive stays captive, PYR-DIS-4 keeps it)."""
    caps = pyr(st).captives
    for c, k in list(caps.items()):
        if k == fid:
            caps[c] = ""


@implements("PYR-RIG-2")
def rigging_fall(r: Round, camp: str, fid: str):
    """PYR-RIG-2 / PYR-DROP-1: a figure in the rigging that becomes wounded may fall."""
    ctx, st = r.ctx, r.st
    f = st.figures[fid]
    if not f.in_play or not ctx.table.zone_of(fid).rigging:
        return
    ev = ctx.roll("PYR-RIG-2", who=fid, purpose="fall from the rigging")
    if not falls_from_rigging(ev.faces[0]):
        return
    land = ctx.table.fall_landing(fid)
    if land is None:
        ctx.emit(Note(rule="PYR-RIG-2", who=fid, message=f"{f.name} clings on: no clear deck below"))
        return
    if land.sea_possible:
        d = yield ask(
            f.side,
            "fall",
            f"{f.name} falls: into the sea (out of the fight) or onto the deck?",
            [choose("deck"), choose("sea")],
            default=choose("deck"),
            rule="PYR-RIG-2",
        )
        if d.option == "sea":
            ctx.set_status(fid, Status.FLED, rule="PYR-RIG-2", cause="fell into the sea")
            r.lose(fid)
            return
    ctx.move(fid, land.x, land.y, rule="PYR-RIG-2", how="fall", level=land.level)
    dr = ctx.roll("PYR-DROP-1", who=fid, purpose="drop table", modifier=drop_modifier(land.drop))
    eff = drop_effect(drop_result(dr.faces[0], land.drop), st.figures[fid].is_wounded)
    if eff == "knocked_down":
        ctx.set_status(fid, Status.KNOCKED_DOWN, rule="PYR-DROP-1", cause="fall", wounds=2)
        r.give(camp, "kd")
        r.lose(fid)
    elif eff == "wounded":
        ctx.set_status(fid, Status.WOUNDED, rule="PYR-DROP-1", cause="fall", wounds=1)
        r.give(camp, "w")
