"""One mêlée round as a flow (PYR-SEQ-1): cards, quota, dice with rerolls, taps with saves and
pushbacks, tally, morale, result and winner effects. Every player choice is an Ask with a stated
automatic default (GEN-CHOICE-1).

Everything between rounds lives in the mêlée step's ``cur`` (``PyratesState.ms``, plain JSON).
"""

from __future__ import annotations

from ..decisions import Decision, choose
from ..flow import ask
from ..implements import implements
from .acrobatics import acrobatics
from .aftermath import (  # noqa: F401
    PARTY_REACH,
    has_water,
    in_party_reach,
    morale,
    rat_after_round,
    ship_point,
    winner_effects,
    withdraw_remaining,
)
from .cards import FLASHING_BLADES, OPPORTUNE_SHOT
from .config import pyrates_config
from .engage import party_key
from .events import DieRerolled, HandScored, MeleeRoundStarted, QuotaSet, RoundResult, RoundTallied
from .hands import Damage, _classify_sorted, hand_damage
from .items import _drop_captive, resolve_item, rigging_fall  # noqa: F401
from .mdp import camp_mdp
from .quota import SideFacts, line_text, melee_quotas
from .rolls import auto_reroll_choice, dice_for_quota
from .round_state import (  # noqa: F401
    ITEM_KINDS,
    LOCAL,
    Round,
    _moved,
    cards_of,
    holding_captors,
    local_ids,
    participants,
    spend_card,
)
from .shooting import resolve_shot, shot_target_number
from .state import pyr
from .tally import Tally, tally_decider
from .taps import (  # noqa: F401
    allocation,
    auto_items,
    legal_tappers,
    resolve_assigned,
    resolve_tap,
    tap_options,
    targets_for,
    unallocated,
    validate_tap,
)


# -- the round ------------------------------------------------------------------------------------
@implements("PYR-CARD-1", "PYR-DICE-3", "PYR-SEQ-2", "PYR-WIN-2")
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
    ms = pyr(st).melee()
    for f in r.group:
        if f not in ms["fought"]:
            ms["fought"].append(f)
    ctx.emit(
        MeleeRoundStarted(
            rule="PYR-SEQ-1",
            melee=ms.get("n", 1),
            round=cur["round"],
            sides=tuple((c, tuple(f for f in r.group if r.camp(f) == c)) for c in camps),
            rat=r.rat,
        )
    )
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
    qa, qb = melee_quotas(pyrates_config(st), SideFacts(tuple(parts[a]), 0, a), SideFacts(tuple(parts[b]), 0, b))
    base_mq = {a: qa.mq, b: qb.mq}
    fb = {a: 0, b: 0}
    for c in camps:
        if FLASHING_BLADES in cards_of(st, c):
            other = b if c == a else a
            dflt = "play" if base_mq[c] <= base_mq[other] and cur["round"] == 1 else "no"
            d = yield ask(
                c,
                "flashing_blades",
                f"{st.side(c).name}: play Flashing Blades (+1 Mêlée Quota)?",
                [choose("play"), choose("no")],
                default=choose(dflt),
                info={"quotas": dict(base_mq)},  # the round's chance with and without the card
                rule="PYR-CARD-1",
            )
            if d.option == "play":
                spend_card(ctx, c, FLASHING_BLADES, "PYR-CARD-1")
                fb[c] = 1
    if fb[a] or fb[b]:  # else the same facts as above: the same quotas
        qa, qb = melee_quotas(
            pyrates_config(st), SideFacts(tuple(parts[a]), fb[a], a), SideFacts(tuple(parts[b]), fb[b], b)
        )
    quotas = {a: qa, b: qb}
    r.quotas = {c: q.mq for c, q in quotas.items()}
    for c in camps:
        q = quotas[c]
        ctx.emit(QuotaSet(rule="PYR-MQ-7", who=c, total=str(q.total), mq=q.mq, lines=tuple(map(line_text, q.lines))))

    # (4) dice (PYR-DICE-1..2); PYR-DICE-3: both pools are complete before any allocation
    pool = {}
    for c in camps:
        pool[c] = yield from roll_pool_flow(ctx, c, quotas[c].mq)

    # (5) allocation (PYR-ALLOC)
    yield from allocation(r, camps, pool)

    # (6) tally (PYR-WIN-1)
    tallies = {}
    if pyr(st).mdp:
        mdp = {c: camp_mdp(st, c) for c in camps}
    else:  # no side has Mutinous Dog points: every camp has 0
        mdp = {}
    for c in camps:
        cr = r.credit.get(c, {"kd": 0, "w": 0, "push": 0})
        left = unallocated(r, c, pool[c])  # PYR-ALLOC-3: withheld damage counts for nothing
        tallies[c] = Tally(cr["kd"] + left.knockdowns, cr["w"] + left.wounds, cr["push"], mdp.get(c, 0))
    w, by = tally_decider(tallies[a], tallies[b])
    if w is None:
        winner, evs = ctx.dice.roll_off("PYR-WIN-1", [a, b])
        ctx.emit(*evs)
    else:
        winner = a if w == "a" else b
    ctx.emit(
        RoundTallied(
            rule="PYR-WIN-1",
            tallies=tuple((c, t.kd, t.wounds, t.pushbacks, t.mdp) for c, t in tallies.items()),
            winner=winner,
            decided_by=by,
        )
    )

    r.tally_winner = winner
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
        ctx.emit(
            RoundResult(
                rule="PYR-WIN-2" if fled_camps else "PYR-WIN-6",
                winner="" if len(fled_camps) == 2 else winner,
                loser=loser,
                choice="ended",
            )
        )
        if len(fled_camps) < 2:
            withdraw_remaining(r, loser)
        cur["next"] = "end"
        return
    # (9) winner effects (PYR-WIN-3..6)
    yield from winner_effects(r, cur, winner, loser, loser in fled_camps, quotas)


@implements("PYR-DICE-1")
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
            d = yield ask(
                camp,
                "reroll",
                f"{ctx.state.side(camp).name}, hand {k + 1} [{' '.join(map(str, faces))}]: reroll a die ({left} left) or stop?",
                opts,
                default=dflt,
                info={"faces": list(faces), "rerolls_left": left, "hand": k + 1},
                rule="PYR-DICE-2",
            )
            if d.option == "stop":
                break
            i = d.option_number
            new = ctx.dice.face(6)
            old = faces[i]
            faces[i] = new
            left -= 1
            used += 1
            ctx.emit(
                DieRerolled(
                    rule="PYR-DICE-2",
                    who=camp,
                    hand_no=k + 1,
                    index=i,
                    old=old,
                    new=new,
                    faces=tuple(faces),
                    rerolls_left=left,
                )
            )
        hand = _classify_sorted(tuple(sorted(faces)))
        dmg = hand_damage(hand)
        # (rule, who, hand_no, faces, hand, knockdowns, wounds, rerolls_used), positional
        ctx.emit(
            HandScored("PYR-DMG-1", camp, k + 1, tuple(faces), hand.value, dmg.knockdowns, dmg.wounds, used, ev.faces)
        )
        kd += dmg.knockdowns
        w += dmg.wounds
    return Damage(kd, w)  # the hands' sum


_REROLL_OPTIONS: dict[int, tuple[Decision, ...]] = {}


def _reroll_options(n: int) -> tuple[Decision, ...]:
    """PYR-DICE-2 answers for a hand of n dice: reroll 0 … n-1, then stop (built once per n)."""
    got = _REROLL_OPTIONS.get(n)
    if got is None:
        got = _REROLL_OPTIONS[n] = tuple(choose("reroll", i) for i in range(n)) + (choose("stop"),)
    return got


# -- (1) Opportune Shot -----------------------------------------------------------------------------
@implements("PYR-CARD-2")
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
    d = yield ask(
        camp,
        "opportune_shot",
        f"{st.side(camp).name}: play Opportune Shot?",
        [choose("no")] + opts,
        default=choose("no"),
        rule="PYR-CARD-2",
    )
    if d.kind != "shoot":
        return
    spend_card(ctx, camp, OPPORTUNE_SHOT, "PYR-CARD-2")

    def misdirect(target):
        near = r.eng.enemies(target)
        if not r.eng.engaged(target) or not near:
            return None
        return ctx.dice.pick(near)

    before = {g: st.figures[g].wounds for g in r.group if st.figures[g].in_play}
    resolve_shot(ctx, d.figure, d.target, weapon=d.option, rule="PYR-CARD-2", misdirect=misdirect)
    # PYR-SEQ-1 / PYR-WIN-1 / PYR-MOR-1: the shot is part of the round: a figure it knocks down
    # counts in the round's tally for the shooter's camp and its party tests morale at the round's
    # end; a wound counts likewise. A misdirected shot that hits a friend credits nobody.
    for g, w in before.items():
        v = st.figures[g]
        if v.in_play and v.wounds == w:
            continue
        friend = r.camp(g) == camp
        if not v.in_play:
            r.lose(g)
            if not friend:
                r.give(camp, "kd")
        elif not friend:
            r.give(camp, "w")
