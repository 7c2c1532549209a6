"""One mêlée round as a flow (PYR-SEQ-1): cards, quota, dice with rerolls, taps with saves and
pushbacks, tally, morale, result and winner effects. Every player choice is an Ask with a stated
automatic default (GEN-CHOICE-1).

Everything between rounds lives in ``state.data["ms"]["cur"]`` (plain JSON).
"""
from __future__ import annotations

import math
from fractions import Fraction
from operator import is_

from ..decisions import PASS, Decision, IllegalDecision, choose
from ..events import DiceRolled, Note
from ..flow import ask
from ..model import Rank, Status, WeaponClass
from .acrobatics import acrobatics
from .cards import DODGE_DUCK, FLASHING_BLADES, OPPORTUNE_SHOT, SNEAKY_ATTACK, main_gauche_result
from .engage import Engagements, engagements_of, party_key
from .events import (DieRerolled, HandScored, ItemResolved, MeleeRoundStarted, QuotaSet, RoundResult,
                     RoundTallied, TapDeclared)
from .falls import drop_effect, drop_modifier, drop_result, falls_from_rigging
from .hands import Damage, _classify_sorted, hand_damage
from .alloc import first_allocator
from .morale import lost_half, morale_target_modifiers
from .mounted import offer_dismount
from .pushback import ai_takes_pushback, may_follow_up, push_direction, pushback_option
from .quota import Participant, SideFacts, line_text, melee_quotas, participant
from .rolls import auto_reroll_choice, dice_for_quota
from .saves import save_modifiers, save_outcome, save_passes, save_target
from .shooting import resolve_shot, shot_target_number
from .tally import Tally, tally_decider
from .tap_options import special_tap_options

MAX_ROUNDS = 6
LOCAL = 3.0
ITEM_KINDS = ("kd", "w", "disarm")


def local_ids(state, group: list[str], margin: float = LOCAL) -> set[str]:
    """Figures in play within ``margin`` of the mêlée's bounding box (engagement look-ups)."""
    figures = state.figures
    figs = [figures[g] for g in group if g in figures]
    if not figs:
        return set()
    xs = [f.x for f in figs]
    ys = [f.y for f in figs]
    x0, x1 = min(xs) - margin, max(xs) + margin
    y0, y1 = min(ys) - margin, max(ys) + margin
    # the box first: the same figures pass, in the same order, with fewer in_play look-ups
    return {f.id for f in figures.values() if x0 <= f.x <= x1 and y0 <= f.y <= y1 and f.in_play}


def holding_captors(state) -> set[str]:
    """PYR-DIS-2: captors holding a captive in a mêlée (prisoners of resolved mêlées, PYR-DIS-4, excepted)."""
    captives = state.data.get("captives")
    if not captives:  # asked for every tapper and participant list: mostly no captive at all
        return set()
    pris = state.data.get("prisoners", {})
    return {k for c, k in captives.items() if k and c not in pris}


def cards_of(state, side: str) -> list[str]:
    try:  # asked many times a round: no {} and [] built for setdefault when the hand exists
        return state.data["cards"][side]
    except KeyError:
        return state.data.setdefault("cards", {}).setdefault(side, [])


def spend_card(ctx, side: str, card: str, rule: str) -> None:
    hand = cards_of(ctx.state, side)
    hand.remove(card)
    ctx.emit(Note(rule=rule, who=side, message=f"{ctx.state.side(side).name} plays {card.replace('_', ' ').title()}"))


class Round:
    """The state of one round while it runs (local to the step; never stored)."""

    def __init__(self, ctx, cur: dict):
        self.ctx = ctx
        self.st = ctx.state
        self.cur = cur
        self.rat = cur.get("rat") or ""
        self.eng: Engagements | None = None
        self._refresh_memo: tuple | None = None
        self.group: list[str] = []
        self.credit: dict[str, dict[str, int]] = {}
        self.lost: dict[str, int] = {}
        self.cut_free = False
        self.tapped: set[str] = set()
        self.push_sources: dict[str, list[str]] | None = None
        self.follow_up = True
        self.quotas: dict[str, int] = {}
        """Each camp's Mêlée Quota this round, once announced (public: the QuotaSet events)."""

    # -- geometry -----------------------------------------------------------------------------
    def refresh(self) -> Engagements:
        # asked after every item of every tap: unchanged figures (frozen, compared by identity) and
        # group give the same local ids and engagements
        seeds = self.group or self.cur["seeds"]
        st = self.st
        figures = st.figures
        memo = self._refresh_memo
        if memo is None:
            # a new round mostly starts where the last one on this ctx ended (the same group, no
            # figure changed between): its answer is kept on the ctx, for the same state and table
            memo = self.ctx.__dict__.get("_round_refresh")
            if memo is not None and not (memo[3] is st and memo[4] is self.ctx.table and memo[5] is st.sides
                                         and memo[6] is st.options.get("allies")):
                memo = None
        if memo is not None and memo[1] == seeds and len(memo[0]) == len(figures) \
                and all(map(is_, memo[0], figures.values())):
            self.eng = memo[2]
            self._refresh_memo = memo
            return self.eng
        figs = tuple(figures.values())
        ids = local_ids(st, seeds)
        self.eng = engagements_of(self.ctx, only=ids)
        self._refresh_memo = self.ctx._round_refresh = (figs, list(seeds), self.eng, st, self.ctx.table,
                                                        st.sides, st.options.get("allies"))
        return self.eng

    def camp(self, fid: str) -> str:
        c = self.eng.camp.get(fid)  # camps are side ids, never None
        return c if c is not None else self.st.figures[fid].side

    def enemies_on_table(self, fid: str) -> list[str]:
        f = self.st.figures[fid]
        foes = self.st.enemies_of(f.side)  # a side or two: a list tests membership as fast as a set
        lv = f.level  # the cheap tests first: the same figures pass, in order
        return [g.id for g in self.st.figures.values() if g.level == lv and g.side in foes and g.in_play]

    def surrounded(self, fid: str) -> bool:
        engaged = self.eng.enemies(fid)
        if not engaged:
            return False
        try:
            return bool(self.ctx.table.surrounded(fid, engaged, enemies=self.enemies_on_table(fid)))
        except TypeError:
            return bool(self.ctx.table.surrounded(fid, engaged))

    def defends(self, fid: str) -> bool:
        """PYR-MQ-5: touches an obstacle crossed by the line to an engaged enemy that moved into that
        contact this player-turn while this figure did not."""
        moved = self.st.data.get("moved_pt", ())  # a short list: tested in place
        if fid in moved:
            return False
        for e, across in self.eng.pairs.get(fid, {}).items():
            if across and e in moved:
                return True
        return False

    def give(self, camp: str, what: str, n: int = 1) -> None:
        c = self.credit.setdefault(camp, {"kd": 0, "w": 0, "push": 0})
        c[what] += n

    def lose(self, fid: str) -> None:
        k = party_key(self.st.figures[fid])
        self.lost[k] = self.lost.get(k, 0) + 1


def participants(r: Round, camp: str) -> list[Participant]:
    st, eng = r.st, r.eng
    captors = holding_captors(st)
    out = []
    for fid in r.group:
        f = st.figures[fid]
        if not f.in_play or r.camp(fid) != camp:
            continue
        zone = r.ctx.table.zone_of(fid)
        engaged = eng.engaged(fid)
        contacts = frozenset(list(eng.pairs.get(fid, {})) + eng.support.get(fid, []))
        out.append(participant(f, engaged, zone.close_quarters, engaged and (zone.advantageous or r.defends(fid)),
                               contacts, fid in captors, party_key(f)))
    return out


# -- the round ------------------------------------------------------------------------------------
def melee_round(ctx, cur: dict, first_camp: str):
    """Generator: one round of the current mêlée. Returns (via cur) what happens next:
    cur["next"] = "react" (fight on), "end" (mêlée over) or "carry" (PYR-SEQ-2 cap)."""
    st = ctx.state
    r = Round(ctx, cur)
    r.refresh()
    if r.rat:
        if r.rat not in r.eng.figs or not r.eng.engaged(r.rat):
            cur["next"] = "end"
            return
        r.group = [r.rat] + r.eng.enemies(r.rat)
    else:
        r.group = r.eng.group(cur["seeds"])
    if not r.group:
        cur["next"] = "end"
        return
    camps = sorted({r.camp(f) for f in r.group}, key=lambda c: (c != first_camp, c))
    if len(camps) < 2:
        cur["next"] = "end"
        return
    camps = camps[:2]
    cur["round"] = cur.get("round", 0) + 1
    cur["seeds"] = list(r.group)
    ms = st.data["ms"]
    for f in r.group:
        if f not in ms["fought"]:
            ms["fought"].append(f)
    ctx.emit(MeleeRoundStarted(rule="PYR-SEQ-1", melee=ms.get("n", 1), round=cur["round"],
                               sides=tuple((c, tuple(f for f in r.group if r.camp(f) == c)) for c in camps),
                               rat=r.rat))
    a, b = camps

    # (1) Opportune Shots (PYR-CARD-2)
    for c in camps:
        yield from opportune_shot(r, c)
    r.refresh()
    acro = False
    for c in camps:  # PYR-CARD-3 Acrobatics (before MQ, like the other cards)
        acro = (yield from acrobatics(r, c)) or acro
        r.refresh()
    if acro:
        if r.rat and not r.eng.engaged(r.rat):
            yield from rat_after_round(r, cur, "")
            return
        if not r.rat and len({r.camp(f) for f in r.eng.group(r.group)}) < 2:
            ctx.emit(RoundResult(rule="PYR-CARD-3", winner="", loser="", choice="ended"))
            cur["next"] = "end"
            return
    if r.rat:
        r.group = [g for g in r.group if st.figures[g].in_play]
    else:
        r.group = r.eng.group(r.group) or [g for g in r.group if st.figures[g].in_play]

    # (2) Flashing Blades and (3) quotas (PYR-MQ, PYR-CARD-1)
    parts = {c: participants(r, c) for c in camps}
    qa, qb = melee_quotas(SideFacts(tuple(parts[a]), 0, a), SideFacts(tuple(parts[b]), 0, b))
    base_mq = {a: qa.mq, b: qb.mq}
    fb = {a: 0, b: 0}
    for c in camps:
        if FLASHING_BLADES in cards_of(st, c):
            other = b if c == a else a
            dflt = "play" if base_mq[c] <= base_mq[other] and cur["round"] == 1 else "no"
            d = yield ask(c, "flashing_blades", f"{st.side(c).name}: play Flashing Blades (+1 Mêlée Quota)?",
                          [choose("play"), choose("no")], default=choose(dflt), rule="PYR-CARD-1")
            if d.option == "play":
                spend_card(ctx, c, FLASHING_BLADES, "PYR-CARD-1")
                fb[c] = 1
    if fb[a] or fb[b]:  # else the same facts as above: the same quotas
        qa, qb = melee_quotas(SideFacts(tuple(parts[a]), fb[a], a), SideFacts(tuple(parts[b]), fb[b], b))
    quotas = {a: qa, b: qb}
    r.quotas = {c: q.mq for c, q in quotas.items()}
    for c in camps:
        q = quotas[c]
        ctx.emit(QuotaSet(rule="PYR-MQ-7", who=c, total=str(q.total), mq=q.mq,
                          lines=tuple(map(line_text, q.lines))))

    # (4) dice (PYR-DICE-1..2); PYR-DICE-3: both pools are complete before any allocation
    pool = {}
    for c in camps:
        pool[c] = yield from roll_pool_flow(ctx, c, quotas[c].mq)

    # (5) allocation (PYR-ALLOC)
    yield from allocation(r, camps, pool)

    # (6) tally (PYR-WIN-1)
    tallies = {}
    if st.data.get("mdp"):
        from .duel import camp_mdp  # PYR-MDP-1: allied sides' points count together
        mdp = {c: camp_mdp(st, c) for c in camps}
    else:  # no side has Mutinous Dog points: every camp has 0
        mdp = {}
    for c in camps:
        cr = r.credit.get(c, {"kd": 0, "w": 0, "push": 0})
        left = pool[c]
        tallies[c] = Tally(cr["kd"] + left.knockdowns, cr["w"] + left.wounds, cr["push"], mdp.get(c, 0))
    w, by = tally_decider(tallies[a], tallies[b])
    if w is None:
        winner, evs = ctx.dice.roll_off("PYR-WIN-1", [a, b])
        ctx.emit(*evs)
    else:
        winner = a if w == "a" else b
    ctx.emit(RoundTallied(rule="PYR-WIN-1", tallies=tuple((c, t.kd, t.wounds, t.pushbacks, t.mdp)
                                                         for c, t in tallies.items()),
                          winner=winner, decided_by=by))

    # (7) morale (PYR-MOR)
    fled_camps = yield from morale(r, camps, winner)
    cur["fled"] = list(fled_camps)

    # (8) result
    if len(fled_camps) == 1:
        loser = fled_camps[0]
        winner = b if loser == a else a
    else:
        loser = b if winner == a else a
    r.refresh()
    if r.rat:
        yield from rat_after_round(r, cur, winner)
        return
    group = r.eng.group(r.group)
    if len(fled_camps) == 2 or not group:
        ctx.emit(RoundResult(rule="PYR-WIN-2" if fled_camps else "PYR-WIN-6",
                             winner="" if len(fled_camps) == 2 else winner, loser=loser, choice="ended"))
        if len(fled_camps) < 2:
            withdraw_remaining(r, loser)
        cur["next"] = "end"
        return
    # (9) winner effects (PYR-WIN-3..6)
    yield from winner_effects(r, cur, winner, loser, loser in fled_camps, quotas)


def roll_pool_flow(ctx, camp: str, mq: int):
    """PYR-DICE-1/2: each hand rolled, then rerolls one die at a time as decisions."""
    kd = w = 0
    for k, (n, rr) in enumerate(dice_for_quota(mq)):
        ev = ctx.roll("PYR-DICE-1", who=camp, purpose=f"mêlée hand {k + 1} ({n}d6, {rr} rerolls)", n=n)
        faces = list(ev.faces)
        left = rr
        used = 0
        while left > 0:
            auto = auto_reroll_choice(faces, left)
            opts = _reroll_options(n)
            dflt = opts[-1] if auto is None else opts[auto]
            d = yield ask(camp, "reroll", f"{camp} hand {k + 1} [{' '.join(map(str, faces))}]: reroll a die "
                          f"({left} left) or stop?", opts, default=dflt,
                          info={"faces": list(faces), "rerolls_left": left, "hand": k + 1}, rule="PYR-DICE-2")
            if d.option == "stop":
                break
            i = int(d.option.split(":")[1])
            new = ctx.dice.face(6)
            old = faces[i]
            faces[i] = new
            left -= 1
            used += 1
            ctx.emit(DieRerolled(rule="PYR-DICE-2", who=camp, hand_no=k + 1, index=i, old=old, new=new,
                                 faces=tuple(faces), rerolls_left=left))
        hand = _classify_sorted(tuple(sorted(faces)))
        dmg = hand_damage(hand)
        # (rule, who, hand_no, faces, hand, knockdowns, wounds, rerolls_used), positional
        ctx.emit(HandScored("PYR-DMG-1", camp, k + 1, tuple(faces), hand.value, dmg.knockdowns, dmg.wounds, used))
        kd += dmg.knockdowns
        w += dmg.wounds
    return Damage(kd, w)  # the hands' sum


_REROLL_OPTIONS: dict[int, tuple[Decision, ...]] = {}


def _reroll_options(n: int) -> tuple[Decision, ...]:
    """PYR-DICE-2 answers for a hand of n dice: reroll:0 … reroll:n-1, then stop (built once per n)."""
    got = _REROLL_OPTIONS.get(n)
    if got is None:
        got = _REROLL_OPTIONS[n] = tuple(choose(f"reroll:{i}") for i in range(n)) + (choose("stop"),)
    return got


# -- (1) Opportune Shot -----------------------------------------------------------------------------
def opportune_shot(r: Round, camp: str):
    st, ctx = r.st, r.ctx
    if OPPORTUNE_SHOT not in cards_of(st, camp):
        return
    engaged_parties = {party_key(st.figures[f]) for f in r.group if r.camp(f) == camp and r.eng.engaged(f)}
    opts = []
    for f in st.figures.values():
        if not f.in_play or r.camp(f.id) != camp or r.eng.engaged(f.id) or party_key(f) not in engaged_parties:
            continue
        if not (f.missile and f.loaded):
            continue
        for t in r.group:
            if r.camp(t) == camp or not st.figures[t].in_play:
                continue
            tn = shot_target_number(ctx, f.id, t, weapon=f.missile, check_melee=False)
            if tn:
                opts.append(Decision("shoot", figure=f.id, target=t, option=f.missile))
    if not opts:
        return
    d = yield ask(camp, "opportune_shot", f"{st.side(camp).name}: play Opportune Shot?", [choose("no")] + opts,
                  default=choose("no"), rule="PYR-CARD-2")
    if d.kind != "shoot":
        return
    spend_card(ctx, camp, OPPORTUNE_SHOT, "PYR-CARD-2")

    def misdirect(target):
        near = r.eng.enemies(target)
        if not r.eng.engaged(target) or not near:
            return None
        return ctx.dice.pick(near)

    out = resolve_shot(ctx, d.figure, d.target, weapon=d.option, rule="PYR-CARD-2", misdirect=misdirect)
    if out == "knocked_down":
        pass


# -- (5) allocation ----------------------------------------------------------------------------------
def _pool_after(pool: Damage, items) -> Damage:
    kd = w = 0
    for _, it in items:
        kind = it.split("+", 1)[0]
        if kind == "kd" or kind == "disarm":
            kd += 1
        elif kind == "w":
            w += 1
    return Damage(pool.knockdowns - kd, pool.wounds - w)


def legal_tappers(r: Round, camp: str) -> list[str]:
    """PYR-ALLOC-2, PYR-ALLOC-4: untapped figures of ``camp`` that can strike someone. Knocked-down figures left
    the table when they fell, so they never tap; wounded figures still do."""
    st = r.st
    captors = holding_captors(st)
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


_SINGLE_TAPS: dict[tuple[str, str, str], Decision] = {}


def _single_tap(fid: str, victim: str, item: str) -> Decision:
    """``Decision("tap", figure=fid, items=((victim, item),))``, built once (decisions are frozen)."""
    key = (fid, victim, item)
    got = _SINGLE_TAPS.get(key)
    if got is None:
        if len(_SINGLE_TAPS) > 4096:  # many rosters in one process: start over rather than grow
            _SINGLE_TAPS.clear()
        got = _SINGLE_TAPS[key] = Decision("tap", figure=fid, items=((victim, item),))
    return got


def auto_items(r: Round, fid: str, pool: Damage, targets: list[str] | None = None) -> tuple[tuple[str, str], ...]:
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
            items.append((t, "kd"))
            kd -= 1
        elif w > 0:
            items.append((t, "w"))
            w -= 1
    return tuple(items)


def tap_options(r: Round, camp: str, tappers: list[str], left: Damage) -> list[Decision]:
    """PYR-ALLOC-2 options for ``camp``: per tapper its default tap, single KD / W taps and the
    special single-item taps (tap_options.py), each option once, first place kept."""
    st = r.st
    cards = cards_of(st, camp)
    kd, w = left.knockdowns, left.wounds
    opts = []
    for t in tappers:
        targets = targets_for(r, t)
        items = auto_items(r, t, left, targets)
        # the only repeat an option list can hold: a one-item default tap is also a single tap
        # (targets are distinct, specials carry other items, tappers differ): it keeps its place
        # and the single is not listed again
        one = items[0] if len(items) == 1 else None
        if one is not None:
            opts.append(_single_tap(t, one[0], one[1]))
        elif items:
            opts.append(Decision("tap", t, None, None, None, None, items))  # (kind, figure, …, items)
        for v in targets:
            if kd and one != (v, "kd"):
                opts.append(_single_tap(t, v, "kd"))
            if w and one != (v, "w"):
                opts.append(_single_tap(t, v, "w"))
        off = st.figures[t].offhand
        opts += special_tap_options(st, r.eng, camp, t, left, targets,
                                    targets_for(r, t, off) if off is not None else [], cards)
    return opts


def validate_tap(r: Round, camp: str, pool: Damage, tappers: list[str], d: Decision) -> None:
    st = r.st
    if d.kind != "tap":
        raise IllegalDecision("answer with a tap (a figure and its items) or pass")
    if d.figure not in tappers:
        raise IllegalDecision(f"{d.figure} cannot tap now: choose one of {', '.join(tappers)} (PYR-ALLOC-2)")
    f = st.figures[d.figure]
    if not d.items:
        raise IllegalDecision("a tap gives at least one item")
    seen = set()
    mg = sneaky = 0
    for t, it in d.items:
        parts = it.split("+")
        kind, flags = parts[0], parts[1:]
        if kind not in ITEM_KINDS or any(x not in ("mg", "sneaky") for x in flags) or len(set(flags)) != len(flags):
            raise IllegalDecision(f"unknown item {it!r}: kd, w or disarm, optionally +mg / +sneaky (PYR-ALLOC-2)")
        if t in seen:
            raise IllegalDecision(f"{t} is given more than one item in one tap (PYR-ALLOC-2)")
        seen.add(t)
        cls = f.offhand if "mg" in flags else None
        if "mg" in flags:
            mg += 1
            if f.offhand is None:
                raise IllegalDecision(f"{f.name} has no off-hand weapon for a Main Gauche (PYR-MG-1)")
        if t not in targets_for(r, d.figure, cls):
            raise IllegalDecision(f"{d.figure} cannot strike {t} (PYR-ALLOC-2)")
        if "sneaky" in flags:
            sneaky += 1
        if kind == "disarm":
            v = st.figures[t]
            if v.status == Status.DISARMED or r.eng.pairs[d.figure].get(t) or r.eng.support.get(t):
                raise IllegalDecision(f"{t} cannot be disarmed: it must be in BtB with {d.figure} and with no "
                                      f"friendly figure (PYR-DIS-1)")
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
    queued = [] if st.options.get("simultaneous_allocation") else None
    tappers_of = _TappersMemo(r)
    while passes < 2:
        r.refresh()
        left = pool[turn]
        tappers = tappers_of(turn) if not left.empty else []
        if not tappers:
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
        info = {"pool": left.to_json(), "tappers": list(tappers),
                "pools": {c: pool[c].to_json() for c in camps},
                "tappers_by_side": {camp: list(tappers),
                                    other: list(tappers_of(other)) if not pool[other].empty else []},
                "tapped": sorted(r.tapped), "quotas": dict(r.quotas), "first": first}
        d = yield ask(camp, "tap", f"{st.side(camp).name}: tap a figure ({left.text()} left) or pass",
                      opts, default=dflt,
                      validate=lambda dec, _c=camp, _l=left, _t=tuple(tappers): validate_tap(r, _c, _l, list(_t), dec),
                      info=info, rule="PYR-ALLOC-2")
        if d.kind == "pass":
            ctx.emit(Note(rule="PYR-ALLOC-1", who=camp, message=f"{st.side(camp).name} passes"))
            passes += 1
            turn = b if turn == a else a
            continue
        passes = 0
        pool[turn] = _pool_after(left, d.items)
        if queued is not None:  # PYR-ALLOC-5: assign now, resolve once both sides have passed
            queued.append((camp, d, r.surrounded(d.figure)))
            r.tapped.add(d.figure)
            for _t, it in d.items:
                if "+sneaky" in it:
                    spend_card(ctx, camp, SNEAKY_ATTACK, "PYR-CARD-5")
            ctx.emit(Note(rule="PYR-ALLOC-5", who=camp, message=f"{st.figures[d.figure].name} assigns "
                          + ", ".join(f"{it} to {st.figures[t].name}" for t, it in d.items)))
        else:
            yield from resolve_tap(r, camp, d)
        turn = b if turn == a else a
    if queued:
        yield from resolve_assigned(r, queued)


def _n_items(d: Decision) -> int:
    return len(d.items)


class _TappersMemo:
    """``legal_tappers(r, camp)`` kept while nothing it reads changes: the same Engagements, the
    same (frozen) figures and no new tapped figure. A pass or a saved blow changes none of them, and
    the side not on turn is asked for its tappers (the tap's info) before its own turn."""

    def __init__(self, r: Round):
        self.r = r
        self.known: dict[str, tuple] = {}

    def __call__(self, camp: str) -> list[str]:
        r = self.r
        figs = tuple(r.st.figures.values())
        got = self.known.get(camp)
        if (got is not None and got[0] is r.eng and got[1] == len(r.tapped) and len(got[2]) == len(figs)
                and all(map(is_, got[2], figs))):
            return got[3]
        tappers = legal_tappers(r, camp)
        self.known[camp] = (r.eng, len(r.tapped), figs, tappers)
        return tappers


def resolve_tap(r: Round, camp: str, d: Decision, declared_surrounded: bool | None = None):
    """PYR-ALLOC-2 / PYR-SUR-1: resolve a tap's items one at a time. ``declared_surrounded`` is the
    tapper's status when an assigned tap was declared (PYR-ALLOC-5; its cards were spent then)."""
    ctx, st = r.ctx, r.st
    tapper = d.figure
    surrounded = r.surrounded(tapper) if declared_surrounded is None else declared_surrounded
    r.tapped.add(tapper)
    for _t, it in d.items:
        if "+sneaky" in it and declared_surrounded is None:
            spend_card(ctx, camp, SNEAKY_ATTACK, "PYR-CARD-5")
    ctx.emit(TapDeclared(rule="PYR-ALLOC-2", tapper=tapper, side=camp, items=d.items, surrounded=surrounded))
    cut = False
    for victim, item in d.items:
        out = yield from resolve_item(r, camp, tapper, victim, item)
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
            opts = [choose(f"dir:{dg}") for dg in dirs] + [choose("stay")]
            dd = yield ask(st.figures[tapper].side, "escape", f"{f.name} may break out of the encirclement",
                           opts, default=choose(f"dir:{best}"), rule="PYR-SUR-1")
            if dd.option != "stay":
                deg = int(dd.option.split(":")[1])
                ctx.move(tapper, f.x + dist * math.cos(math.radians(deg)), f.y + dist * math.sin(math.radians(deg)),
                         rule="PYR-SUR-1", how="escape", cost=dist)
                _moved(st, tapper)


def resolve_assigned(r: Round, queued):
    """PYR-ALLOC-5: every assignment resolved in assignment order; a pushback's direction sums the
    blows of every tapper that assigned an item to that victim (PYR-PUSH-3)."""
    sources: dict[str, list[str]] = {}
    for _c, d, _s in queued:
        for t, _it in d.items:
            sources.setdefault(t, []).append(d.figure)
    r.push_sources = sources
    for camp, d, sur in queued:
        r.refresh()
        yield from resolve_tap(r, camp, d, declared_surrounded=sur)


def _moved(st, fid):
    mv = st.data.setdefault("moved_pt", [])
    if fid not in mv:
        mv.append(fid)


def resolve_item(r: Round, camp: str, tapper: str, victim: str, item: str):
    ctx, st = r.ctx, r.st
    f = st.figures[tapper]
    v = st.figures[victim]
    if not v.in_play:
        ctx.emit(ItemResolved(rule="PYR-ALLOC-2", tapper=tapper, victim=victim, item=item, outcome="wasted"))
        return "wasted"
    parts = item.split("+")
    base, flags = parts[0], parts[1:]
    mg, sneaky = "mg" in flags, "sneaky" in flags
    kind = "capture" if v.status == Status.DISARMED else base
    strike_cls = f.offhand if mg and f.offhand is not None else f.melee_class
    vside = v.side
    if mg:
        ev = ctx.roll("PYR-MG-1", who=tapper, purpose="main gauche")
        if main_gauche_result(ev.faces[0]) == "wasted":
            ctx.emit(ItemResolved(rule="PYR-MG-1", tapper=tapper, victim=victim, item=item, outcome="wasted"))
            return "wasted"
    zone = ctx.table.zone_of(victim)
    mods = save_modifiers(v, strike_cls, close_quarters=zone.close_quarters, defending=r.defends(victim),
                          supported=r.eng.supported(victim), attacker_mounted=f.mounted)
    target = save_target(mods)
    # PYR-CARD-4 Dodge/Duck
    if DODGE_DUCK in cards_of(st, vside):
        worst = kind in ("kd", "disarm", "capture") or v.is_wounded
        dflt = "dodge" if worst and target >= 4 else "no"
        d = yield ask(vside, "dodge", f"{v.name} is given a {item.upper()} by {f.name}: play Dodge/Duck?",
                      [choose("dodge"), choose("no")], default=choose(dflt), rule="PYR-CARD-4")
        if d.option == "dodge":
            spend_card(ctx, vside, DODGE_DUCK, "PYR-CARD-4")
            ctx.emit(ItemResolved(rule="PYR-CARD-4", tapper=tapper, victim=victim, item=item, outcome="dodged"))
            return "dodged"
    # PYR-PUSH-1..3 election before the save
    srcs = r.push_sources.get(victim) if r.push_sources else None
    direction = push_direction((v.x, v.y), [(st.figures[t].x, st.figures[t].y) for t in srcs] if srcs
                               else [(f.x, f.y)])
    dist = 2 * v.radius
    pb_item = kind + ("+mg" if mg else "") + ("+sneaky" if sneaky else "")
    # the geometry (a sweep, the encirclement test) is asked only when the item and the victim
    # allow a pushback at all: both are pure queries, and either refusal leaves no option, while
    # with both clear the option is the one allowed here (pushback_option's defaults: not
    # surrounded, a clear sweep)
    option = pushback_option(pb_item, victim_wounded=v.is_wounded, mounted=v.mounted,
                             disarmed=v.status == Status.DISARMED).option
    if option is not None:
        sweep = direction is not None and ctx.table.sweep_clear(victim, direction[0] * dist, direction[1] * dist)
        if not sweep or r.surrounded(victim):
            option = None
    if option is not None:
        dflt = option if ai_takes_pushback(option, target) else "save"
        d = yield ask(vside, "pushback", f"{v.name}: {option.replace('_', ' ')} instead, or save on {target}+?",
                      [choose(option), choose("save")], default=choose(dflt),
                      info={"save_target": target, "victim": victim, "tapper": tapper, "item": item,
                            "option": option, "kind": kind}, rule="PYR-PUSH-1")
        if d.option != "save":
            nx, ny = v.x + direction[0] * dist, v.y + direction[1] * dist
            ctx.move(victim, nx, ny, rule="PYR-PUSH-2", how="pushback", cost=dist)
            _moved(st, victim)
            r.give(camp, "push")
            out = "pushback"
            if option == "pushback_wounded":
                ctx.set_status(victim, Status.WOUNDED, rule="PYR-PUSH-1", cause="pushed back wounded", wounds=1)
                r.give(camp, "w")
                out = "pushback_wounded"
            ctx.emit(ItemResolved(rule="PYR-PUSH-1", tapper=tapper, victim=victim, item=item, outcome=out,
                                  credit="w+push" if out == "pushback_wounded" else "push"))
            if out == "pushback_wounded":
                yield from rigging_fall(r, camp, victim)
            # PYR-PUSH-4 follow-up
            f = st.figures[tapper]
            if f.in_play and r.follow_up and may_follow_up(f.is_wounded, ctx.table.sweep_clear(tapper, direction[0] * dist,
                                                                               direction[1] * dist)):
                d2 = yield ask(f.side, "follow_up", f"{f.name}: follow up?", [choose("follow"), choose("stay")],
                               default=choose("follow"), rule="PYR-PUSH-4")
                if d2.option == "follow":
                    ctx.move(tapper, f.x + direction[0] * dist, f.y + direction[1] * dist, rule="PYR-PUSH-4",
                             how="follow_up", cost=dist)
                    _moved(st, tapper)
            return out
    # PYR-SAVE-1..3
    ev = ctx.roll("PYR-SAVE-1", who=victim, purpose="save", target=target, natural_fail=_NATURAL_1)
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
            ctx.emit(ItemResolved(rule="PYR-MNT-2", tapper=tapper, victim=victim, item=item, outcome=dm,
                                  credit=credit))
            return dm
    if res.status is not None and not saved:
        if res.status == Status.WOUNDED:
            ctx.set_status(victim, Status.WOUNDED, rule="PYR-SAVE-3", cause=f"{f.name}'s blow", wounds=1)
            out, credit = "wounded", "w"
        elif res.status == Status.KNOCKED_DOWN:
            ctx.set_status(victim, Status.KNOCKED_DOWN, rule="PYR-SAVE-3", cause=f"{f.name}'s blow",
                           wounds=v.wounds + (1 if kind == "w" else 0))
            out, credit = "knocked_down", "kd"
            r.lose(victim)
            _drop_captive(st, victim)
        elif res.status == Status.DISARMED:
            ctx.set_status(victim, Status.DISARMED, rule="PYR-DIS-1", cause=f"disarmed by {f.name}")
            st.data.setdefault("disarmed_by", {})[victim] = tapper
            out, credit = "disarmed", "kd"
        elif res.status == Status.CAPTIVE:
            ctx.set_status(victim, Status.CAPTIVE, rule="PYR-DIS-3", cause=f"captured by {f.name}")
            st.data.setdefault("captives", {})[victim] = tapper
            out, credit = "captive", "kd"
            r.lose(victim)
    elif saved and kind == "capture":
        ctx.set_status(victim, Status.WOUNDED if v.is_wounded else Status.UNWOUNDED, rule="PYR-DIS-3",
                       cause="re-arms")
        st.data.get("disarmed_by", {}).pop(victim, None)
        out = "rearmed"
    if credit:
        r.give(camp, credit)
    ctx.emit(ItemResolved(rule="PYR-SAVE-3", tapper=tapper, victim=victim, item=item, outcome=out, credit=credit))
    if out == "wounded":
        yield from rigging_fall(r, camp, victim)
    if out == "disarmed":
        d = yield ask(vside, "surrender", f"{v.name} is disarmed: surrender it (captive) or keep fighting?",
                      [choose("keep"), choose("surrender")], default=choose("keep"), rule="PYR-DIS-2")
        if d.option == "surrender":
            ctx.set_status(victim, Status.CAPTIVE, rule="PYR-DIS-2", cause="surrendered")
            st.data.setdefault("captives", {})[victim] = tapper
            r.lose(victim)
    return out


_NATURAL_1 = frozenset({1})
"""PYR-SAVE-1: a natural 1 always fails."""


def _drop_captive(st, fid):
    """A knocked-down captor lets its captive go (the captive stays captive, PYR-DIS-4 keeps it)."""
    caps = st.data.get("captives", {})
    for c, k in list(caps.items()):
        if k == fid:
            caps[c] = ""


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
        d = yield ask(f.side, "fall", f"{f.name} falls: into the sea (out of the fight) or onto the deck?",
                      [choose("deck"), choose("sea")], default=choose("deck"), rule="PYR-RIG-2")
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


PARTY_REACH = 4.0


def in_party_reach(st, g, group) -> bool:
    """PYR-WIN-5: an untagged figure within 4 in (edge to edge) of a mêlée participant belongs to its
    side's party in that mêlée."""
    return any(math.hypot(g.x - st.figures[p].x, g.y - st.figures[p].y) - g.radius - st.figures[p].radius
               <= PARTY_REACH + 1e-9 for p in group)


# -- (7) morale -----------------------------------------------------------------------------------------
def morale(r: Round, camps: list[str], tally_winner: str):
    ctx, st = r.ctx, r.st
    fled = []
    if not r.lost:  # no party lost a figure: no test (PYR-MOR-1)
        return fled
    starting: dict[str, int] = {}
    gone: dict[str, int] = {}
    party_of = {}  # a figure's party never changes with its status: keyed once
    for f in st.figures.values():
        k = party_of[f.id] = party_key(f)
        starting[k] = starting.get(k, 0) + 1
        if not f.in_play:
            gone[k] = gone.get(k, 0) + 1
    for key in sorted(r.lost):
        members = [st.figures[fid] for fid, k in party_of.items() if k == key]
        if not members:
            continue
        side = members[0].side
        camp = r.camp(members[0].id) if members[0].id in r.eng.camp else side
        if camp not in camps:
            continue
        in_melee = [g for g in members if g.in_play and g.id in r.group]
        captain = [g for g in st.figures.values() if g.side == side and g.rank == Rank.CAPTAIN]
        cap_down = any(not g.in_play for g in captain)
        lead = [g for g in st.figures.values() if g.side == side and g.in_play
                and (g.rank == Rank.CAPTAIN or g.is_leader)]
        near = any(math.hypot(l.x - m.x, l.y - m.y) - l.radius - m.radius <= 6.0 and l.level == m.level
                   for l in lead for m in in_melee) if in_melee else False
        mods = morale_target_modifiers(lost_half_starting=lost_half(gone.get(key, 0), starting.get(key, 0)),
                                       captain_down=cap_down, tally_winner=camp == tally_winner,
                                       leader_within_6=near)
        ev = ctx.roll("PYR-MOR-2", who=key, purpose="morale", modifier=sum(m.amount for m in mods), target=4,
                      roll_under=True, natural_pass={1}, natural_fail={6})
        if ev.success:
            continue
        # PYR-MOR-3: the party flees
        if camp not in fled:
            fled.append(camp)
        for g in members:
            if not g.in_play:
                continue
            if key.startswith("side:") and g.id not in r.group and not in_party_reach(st, g, r.group):
                continue
            if r.eng.engaged(g.id) and (r.surrounded(g.id)
                                        or not has_free_direction(ctx, g.id, r.eng.enemies(g.id))):
                ctx.set_status(g.id, Status.CAPTIVE, rule="PYR-MOR-3", cause="cannot flee: surrenders")
            else:
                ctx.set_status(g.id, Status.FLED, rule="PYR-MOR-3", cause="party fails morale")
        r.refresh()
    return fled
    yield  # pragma: no cover


# -- (9) winner effects ------------------------------------------------------------------------------
def ship_point(ctx, side_id: str):
    """Centre of the side's own ship zone (boarders withdraw toward it), if the map has one."""
    st = ctx.state
    ship = st.side(side_id).ship
    tmap = getattr(ctx.table, "map", None)
    if not ship or tmap is None:
        return None
    pts = [p for z in tmap.zones if z.ship == ship for p in z.points]
    if not pts:
        return None
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def has_water(ctx) -> bool:
    tmap = getattr(ctx.table, "map", None)
    return bool(tmap and any(z.water for z in tmap.zones))


def winner_effects(r: Round, cur: dict, winner: str, loser: str, loser_fled: bool, quotas):
    ctx, st = r.ctx, r.st
    group = r.eng.group(r.group)
    losers = [f for f in group if r.camp(f) == loser and st.figures[f].in_play]
    engaged_losers = [f for f in losers if r.eng.engaged(f)]
    if not engaged_losers:
        ctx.emit(RoundResult(rule="PYR-WIN-6", winner=winner, loser=loser, choice="ended"))
        withdraw_remaining(r, loser)
        cur["next"] = "end"
        return
    lside = st.side(loser)
    opts = [choose("withdraw")]
    if not loser_fled:
        opts.insert(0, choose("fight_on"))
    if not lside.boarder:
        opts.append(choose("strike_colours"))
        if has_water(ctx):
            opts.append(choose("abandon_ship"))
    dflt = "fight_on" if not loser_fled and quotas[loser].mq >= quotas[winner].mq else "withdraw"
    d = yield ask(loser, "withdraw", f"{lside.name} lost the round: fight on or withdraw?", opts,
                  default=choose(dflt), rule="PYR-WIN-3",
                  info={"quotas": {c: q.mq for c, q in quotas.items()}, "winner": winner, "loser": loser,
                        "fled": bool(loser_fled), "round": cur.get("round", 1)})
    ch = d.option
    ctx.emit(RoundResult(rule="PYR-WIN-3", winner=winner, loser=loser, choice=ch))
    if ch == "fight_on":
        cur["next"] = "react" if cur["round"] < MAX_ROUNDS else "carry"
        cur["winner"] = winner
        return
    if ch == "strike_colours":
        st.data.setdefault("struck", []).append(loser)
        for f in list(st.figures.values()):
            if f.side == loser and f.in_play:
                ctx.set_status(f.id, Status.CAPTIVE, rule="PYR-WIN-3", cause="colours struck")
        cur["next"] = "end"
        return
    if ch == "abandon_ship":
        for fid in losers:
            ctx.set_status(fid, Status.FLED, rule="PYR-WIN-3", cause="abandoned ship")
        cur["next"] = "end"
        return
    # withdraw: every figure of the losing party (in this mêlée) makes a bold retreat (PYR-WIN-4)
    toward = ship_point(ctx, loser) if lside.boarder else None
    rats = st.data["ms"].setdefault("rats", [])
    for fid in losers:
        f = st.figures[fid]
        if not f.in_play or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        r.refresh()
        cornered = r.eng.engaged(fid) and (r.surrounded(fid)
                                           or not has_free_direction(ctx, fid, r.eng.enemies(fid)))
        if cornered:
            dd = yield ask(f.side, "cornered", f"{f.name} is cornered: fight on as a cornered rat or surrender?",
                           [choose("rat"), choose("surrender")], default=choose("rat"), rule="PYR-CR-1")
            if dd.option == "surrender":
                ctx.set_status(fid, Status.CAPTIVE, rule="PYR-CR-1", cause="surrendered")
            elif fid not in rats:
                rats.append(fid)
            continue
        path = retreat(ctx, fid, toward=toward)
        if len(path) > 1:
            ctx.move(fid, path[-1][0], path[-1][1], rule="PYR-WIN-4", how="retreat", path=path,
                     cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])))
            _moved(st, fid)
        r.refresh()
        if r.eng.engaged(fid) and fid not in rats:
            rats.append(fid)
    cur["next"] = "end"


def withdraw_remaining(r: Round, loser: str) -> None:
    """PYR-WIN-6: the mêlée is over with no winning figure engaged; the losers still standing in it
    (supporters, figures left out of contact) must withdraw: a bold retreat (PYR-WIN-4)."""
    ctx, st = r.ctx, r.st
    toward = ship_point(ctx, loser) if st.side(loser).boarder else None
    for fid in r.group:
        f = st.figures[fid]
        if not f.in_play or r.camp(fid) != loser or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        path = retreat(ctx, fid, toward=toward)
        if len(path) > 1:
            ctx.move(fid, path[-1][0], path[-1][1], rule="PYR-WIN-6", how="retreat", path=path,
                     cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])))
            _moved(st, fid)


def rat_after_round(r: Round, cur: dict, winner: str):
    """PYR-CR-2: the rat fights on until down, captured or cut free; then it bolts for its party."""
    ctx, st = r.ctx, r.st
    rat = r.rat
    f = st.figures[rat]
    if not f.in_play or f.status in (Status.CAPTIVE, Status.DISARMED):
        if not f.in_play:
            ctx.emit(RoundResult(rule="PYR-CR-2", winner=winner, loser=f.side, choice="ended"))
        cur["next"] = "end"
        return
    if r.cut_free or not r.eng.engaged(rat):
        friends = [g for g in st.figures.values() if g.side == f.side and g.in_play and g.id != rat
                   and party_key(g) == party_key(f)]
        toward = None
        if friends:
            g = min(friends, key=lambda g: (math.hypot(g.x - f.x, g.y - f.y), g.id))
            toward = (g.x, g.y)
        path = retreat(ctx, rat, toward=toward, rat=True)
        if len(path) > 1:
            ctx.move(rat, path[-1][0], path[-1][1], rule="PYR-CR-2", how="retreat", path=path,
                     cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])))
            _moved(st, rat)
        ctx.emit(RoundResult(rule="PYR-CR-2", winner=winner, loser="", choice="cut_free"))
        cur["next"] = "end"
        return
    cur["next"] = "round" if cur["round"] < MAX_ROUNDS else "carry"
    yield from ()


from .moves import has_free_direction, retreat  # noqa: E402  (kept at the end: moves imports engage only)
