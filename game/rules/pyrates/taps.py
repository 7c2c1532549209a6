"""PYR-SEQ-1 step (5), casualty allocation: who may tap, the tap options, their validation and the
alternating taps (PYR-ALLOC-1..5, PYR-SUR-1)."""

from __future__ import annotations

import math

from ..decisions import PASS, Decision, IllegalDecision, Item, choose
from ..events import Note
from ..flow import Answer, ask
from ..implements import implements
from ..model import Status, WeaponClass
from ..refusals import Cause, refused
from .alloc import first_allocator
from .cards import SNEAKY_ATTACK
from .events import TapDeclared
from .hands import Damage
from .items import resolve_item
from .round_state import ITEM_KINDS, Round, _moved, cards_of, holding_captors, spend_card
from .tap_options import special_tap_options


# -- (5) allocation ----------------------------------------------------------------------------------
def _pool_after(pool: Damage, items) -> Damage:
    kd = w = 0
    for it in items:
        kind = it.kind
        if kind == "kd" or kind == "disarm":
            kd += 1
        elif kind == "w":
            w += 1
    return Damage(pool.knockdowns - kd, pool.wounds - w)


@implements("PYR-ALLOC-4")
def legal_tappers(r: Round, camp: str) -> list[str]:
    """PYR-ALLOC-2, PYR-ALLOC-4: untapped figures of ``camp`` that can strike someone. Knocked-down figures left
    the table when they fell, so they never tap; wounded figures still do."""
    st = r.st
    captors = holding_captors(st, r.eng)
    out = []
    for fid in r.group:
        f = st.figures[fid]
        if fid in r.tapped or not f.in_play or r.camp(fid) != camp or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        if fid in captors:
            continue
        if r.rat and fid != r.rat and r.rat not in r.eng.pairs.get(fid, {}):
            continue
        if targets_for(r, fid):
            out.append(fid)
    return out


def targets_for(r: Round, fid: str, cls: WeaponClass | None = None) -> list[str]:
    t = r.eng.strikable(fid, cls)
    if r.rat:
        t = [x for x in t if x == r.rat or fid == r.rat]
    return t


def auto_items(r: Round, fid: str, pool: Damage, targets: list[str] | None = None) -> tuple[Item, ...]:
    """Default tap: one item per strikable enemy, KD first, W to wounded enemies first. ``targets``:
    ``targets_for(r, fid)`` when the caller has it."""
    st = r.st
    if targets is None:
        targets = targets_for(r, fid)
    kd, w = pool.knockdowns, pool.wounds
    items = []
    order = sorted(targets, key=lambda t: (st.figures[t].status != Status.DISARMED, not st.figures[t].is_wounded))
    for t in order:
        if kd > 0:
            items.append(Item(t, "kd"))
            kd -= 1
        elif w > 0:
            items.append(Item(t, "w"))
            w -= 1
    return tuple(items)


@implements("PYR-ALLOC-2")
def tap_options(r: Round, camp: str, tappers: list[str], left: Damage) -> list[Decision]:
    """PYR-ALLOC-2 options for ``camp``: per tapper its default tap, single KD / W taps and the
    special single-item taps (tap_options.py), each option once, first place kept."""
    st = r.st
    opts = []
    for t in tappers:
        targets = targets_for(r, t)
        items = auto_items(r, t, left, targets)
        if items:
            opts.append(Decision("tap", figure=t, items=items))
        for v in targets:
            if left.knockdowns:
                opts.append(Decision("tap", figure=t, items=(Item(v, "kd"),)))
            if left.wounds:
                opts.append(Decision("tap", figure=t, items=(Item(v, "w"),)))
        off = st.figures[t].offhand
        opts += special_tap_options(
            st, r.eng, camp, t, left, targets, targets_for(r, t, off) if off is not None else [], cards_of(st, camp)
        )
    return list(dict.fromkeys(opts))


def validate_tap(r: Round, camp: str, pool: Damage, tappers: list[str], d: Decision) -> None:
    st = r.st
    if d.kind != "tap":
        raise IllegalDecision("answer with a tap (a figure and its items) or pass")

    def name(fid) -> str:
        return st.figures[fid].name if fid in st.figures else "that figure"

    if d.figure not in tappers:
        raise refused(
            Cause.NOT_ITS_TURN,
            detail=f"{name(d.figure)} cannot tap now: choose one of {', '.join(name(t) for t in tappers)}",
            rule="PYR-ALLOC-2",
        )
    f = st.figures[d.figure]
    if not d.items:
        raise IllegalDecision("a tap gives at least one item")
    seen = set()
    mg = sneaky = 0
    for it in d.items:
        t, kind, flags = it
        if kind not in ITEM_KINDS or any(x not in ("mg", "sneaky") for x in flags) or len(set(flags)) != len(flags):
            raise IllegalDecision(f"unknown item {it.text!r}: kd, w or disarm, optionally +mg / +sneaky (PYR-ALLOC-2)")
        if t in seen:
            raise IllegalDecision(f"{name(t)} is given more than one item in one tap (PYR-ALLOC-2)")
        seen.add(t)
        cls = f.offhand if "mg" in flags else None
        if "mg" in flags:
            mg += 1
            if f.offhand is None:
                raise IllegalDecision(f"{f.name} has no off-hand weapon for a Main Gauche (PYR-MG-1)")
        if t not in targets_for(r, d.figure, cls):
            raise IllegalDecision(f"{name(d.figure)} cannot strike {name(t)} (PYR-ALLOC-2)")
        if "sneaky" in flags:
            sneaky += 1
        if kind == "disarm":
            v = st.figures[t]
            if v.status == Status.DISARMED or r.eng.pairs[d.figure].get(t) or r.eng.support.get(t):
                raise IllegalDecision(
                    f"{name(t)} cannot be disarmed: it must be in base contact with {name(d.figure)} and with no "
                    "friend of its own touching it (PYR-DIS-1)"
                )
    if mg > 1:
        raise IllegalDecision("only one item of a tap can be a Main Gauche (PYR-MG-1)")
    if sneaky > cards_of(st, camp).count(SNEAKY_ATTACK):
        raise IllegalDecision("you hold no Sneaky Attack card for that (PYR-CARD-5)")
    left = _pool_after(pool, d.items)
    if left.knockdowns < 0 or left.wounds < 0:
        raise IllegalDecision(f"the pool holds only {pool.text()} (PYR-ALLOC-2)")


def allocation(r: Round, camps: list[str], pool: dict[str, Damage]):
    ctx, st = r.ctx, r.st
    a, b = camps
    fa = first_allocator(pool[a], pool[b])
    if fa is None:
        if pool[a].empty:
            return
        first, evs = ctx.dice.roll_off("PYR-ALLOC-1", [a, b])
        ctx.emit(*evs)
    else:
        first = a if fa == "a" else b
    turn = first
    passes = 0
    queued: list[tuple[str, Decision, bool]] | None = [] if st.options.get("simultaneous_allocation") else None
    while passes < 2:
        r.refresh()
        left = pool[turn]
        tappers = legal_tappers(r, turn) if not left.empty else []
        if not tappers:
            r.withheld[turn] = Damage()  # nothing could take it: unallocated (PYR-ALLOC-3)
            passes += 1
            turn = b if turn == a else a
            continue
        opts = tap_options(r, turn, tappers, left)
        dflt = max(opts, key=_n_items)  # the first of the longest taps (every option is a tap)
        opts.append(PASS)
        camp = turn
        other = b if camp == a else a
        # public facts a player sees at the table when choosing a tap: both pools still to give,
        # who has tapped, who of either side may still tap, and the announced quotas
        info = {
            "pool": left.to_json(),
            "tappers": list(tappers),
            "pools": {c: pool[c].to_json() for c in camps},
            "tappers_by_side": {
                camp: list(tappers),
                other: list(legal_tappers(r, other)) if not pool[other].empty else [],
            },
            "tapped": sorted(r.tapped),
            "quotas": dict(r.quotas),
            "first": first,
        }
        d = yield ask(
            camp,
            "tap",
            f"{st.side(camp).name}: tap a figure ({left.text()} left) or pass",
            opts,
            default=dflt,
            validate=lambda dec, _c=camp, _l=left, _t=tuple(tappers): validate_tap(r, _c, _l, list(_t), dec),
            info=info,
            rule="PYR-ALLOC-2",
            answer=Answer.ITEMS,
        )
        if d.kind == "pass":
            r.withheld[camp] = withheld_damage(r, tappers, left)
            ctx.emit(Note(rule="PYR-ALLOC-1", who=camp, message=f"{st.side(camp).name} passes"))
            if not r.withheld[camp].empty:
                ctx.emit(
                    Note(
                        rule="PYR-ALLOC-3",
                        who=camp,
                        message=f"{st.side(camp).name} withholds {r.withheld[camp].text()}: it counts for nothing",
                    )
                )
            passes += 1
            turn = b if turn == a else a
            continue
        passes = 0
        pool[turn] = _pool_after(left, d.items)
        if queued is not None:  # PYR-ALLOC-5: assign now, resolve once both sides have passed
            queued.append((camp, d, r.surrounded(d.figure)))
            r.tapped.add(d.figure)
            for it in d.items:
                if "sneaky" in it.extras:
                    spend_card(ctx, camp, SNEAKY_ATTACK, "PYR-CARD-5")
            ctx.emit(
                Note(
                    rule="PYR-ALLOC-5",
                    who=camp,
                    message=f"{st.figures[d.figure].name} assigns "
                    + ", ".join(f"{it.text} to {st.figures[it.target].name}" for it in d.items),
                )
            )
        else:
            yield from resolve_tap(r, camp, d)
        turn = b if turn == a else a
    if queued:
        yield from resolve_assigned(r, queued)


def withheld_damage(r: Round, tappers: list[str], left: Damage) -> Damage:
    """PYR-ALLOC-3: what a camp declines when it passes with ``tappers`` still able to strike: as many
    items as they could still give (one per strikable enemy per tapper), knockdowns first; the
    rest of ``left`` could not have been allocated and stays unallocated."""
    room = sum(len(targets_for(r, t)) for t in tappers)
    kd = min(left.knockdowns, room)
    return Damage(kd, min(left.wounds, room - kd))


@implements("PYR-ALLOC-3")
def unallocated(r: Round, camp: str, left: Damage) -> Damage:
    """PYR-ALLOC-3: the damage left in ``camp``'s pool that counts for PYR-WIN-1 (left minus withheld)."""
    w = r.withheld.get(camp)
    if w is None or w.empty:
        return left
    return Damage(left.knockdowns - w.knockdowns, left.wounds - w.wounds)


def _n_items(d: Decision) -> int:
    return len(d.items)


@implements("PYR-ALLOC-5", "PYR-SUR-1")
def resolve_tap(r: Round, camp: str, d: Decision, declared_surrounded: bool | None = None):
    """PYR-ALLOC-2 / PYR-SUR-1: resolve a tap's items one at a time. ``declared_surrounded`` is the
    tapper's status when an assigned tap was declared (PYR-ALLOC-5; its cards were spent then)."""
    ctx, st = r.ctx, r.st
    tapper = d.figure_id
    surrounded = r.surrounded(tapper) if declared_surrounded is None else declared_surrounded
    r.tapped.add(tapper)
    for it in d.items:
        if "sneaky" in it.extras and declared_surrounded is None:
            spend_card(ctx, camp, SNEAKY_ATTACK, "PYR-CARD-5")
    ctx.emit(
        TapDeclared(
            rule="PYR-ALLOC-2",
            tapper=tapper,
            side=camp,
            items=tuple((it.target, it.text) for it in d.items),
            surrounded=surrounded,
        )
    )
    cut = False
    for it in d.items:
        out = yield from resolve_item(r, camp, tapper, it)
        if out in ("knocked_down", "pushback", "pushback_wounded", "captive"):
            cut = True
        r.refresh()
    if cut and tapper == r.rat:
        r.cut_free = True
    if surrounded and cut and st.figures[tapper].in_play:
        # PYR-SUR-1: the surrounded tapper may break out a base depth in a free direction
        dirs = ctx.table.free_directions(tapper)
        if dirs:
            f = st.figures[tapper]
            foes = r.enemies_on_table(tapper)
            dist = 2 * f.radius

            def score(deg):
                x = f.x + dist * math.cos(math.radians(deg))
                y = f.y + dist * math.sin(math.radians(deg))
                return min((math.hypot(st.figures[e].x - x, st.figures[e].y - y) for e in foes), default=0.0)

            best = max(dirs, key=lambda dg: (round(score(dg), 6), -dg))
            opts = [choose("dir", dg) for dg in dirs] + [choose("stay")]
            # GEN-CHOICE-1: the automatic answer breaks out only while an enemy is still in contact
            # (with none left there is nothing to escape, and the move would only give ground)
            dflt = choose("dir", best) if r.eng.engaged(tapper) else choose("stay")
            dd = yield ask(
                st.figures[tapper].side,
                "escape",
                f"{f.name} may break out of the encirclement",
                opts,
                default=dflt,
                rule="PYR-SUR-1",
            )
            if dd.option == "dir":
                deg = dd.option_number
                ctx.move(
                    tapper,
                    f.x + dist * math.cos(math.radians(deg)),
                    f.y + dist * math.sin(math.radians(deg)),
                    rule="PYR-SUR-1",
                    how="escape",
                    cost=dist,
                )
                _moved(st, tapper)


def resolve_assigned(r: Round, queued):
    """PYR-ALLOC-5: every assignment resolved in assignment order; a pushback's direction sums the
    blows of every tapper that assigned an item to that victim (PYR-PUSH-3)."""
    sources: dict[str, list[str]] = {}
    for _c, d, _s in queued:
        for it in d.items:
            sources.setdefault(it.target, []).append(d.figure)
    r.push_sources = sources
    for camp, d, sur in queued:
        r.refresh()
        yield from resolve_tap(r, camp, d, declared_surrounded=sur)
