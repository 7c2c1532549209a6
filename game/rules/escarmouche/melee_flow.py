"""The ESC melee as match steps (PRE-ESC-1): pairing, duels, results, rounds.

The state's ``melee`` (plain JSON) holds one melee in progress::

    {"sector": "g3_2", "came_from": "g2_2", "attacker": "red", "defender": "blue",
     "attackers": [...], "defenders": [...],   # figures still fighting in the sector
     "round": 1, "duels": [[[att ids], [def ids]], ...], "next_duel": 0}

Steps: ``melee_round`` (ESC-PAIR-1 attacker's pairing, ESC-PAIR-2 defender's extras, ESC-DUEL-1
attacker's order) → ``melee_duel`` once per duel (ESC-ADV advantages, ESC-DUEL-1 draws from the
ESC-DECK-1 deck, ESC-DUEL-2/3 winner's pick, ESC-MULTI-1/ESC-RES-1/2 results and evictions) →
``melee_round_end`` (ESC-RND-1 break off, next round or the end) → back to ``activate``.
"""

from __future__ import annotations

import itertools

from ..counting import agreeing
from ..decisions import Decision, IllegalDecision, Item
from ..events import Note
from ..flow import Ctx, Flow, ask
from ..model import Status
from ..rangers.turns import no_questions
from .advantages import advantages
from .cards import Card, card_effect
from .config import escarmouche_config
from .deck import Deck
from .duel import DEFAULT_PREFERENCE, Duel, default_pick, draw_count, duel_winner, resolve_duel, winning_options
from .events import CardsDrawn, DeckReshuffled, DuelWon
from .melee_start import MeleeStart, _rotations, enemy_sectors, public_dicts
from .pairing import (
    auto_extras,
    auto_pairing,
    build_duels,
    unpaired_defenders,
    validate_extras,
    validate_order,
    validate_pairing,
)
from .placing import place_in_sector
from .resolve import apply_results, eviction_options, round_end
from .state import esc


def _pairs(dec: Decision) -> dict[str, str]:
    """A pairing or extras answer's items as {figure: the figure it is paired with}."""
    return {i.target: i.kind for i in dec.items}


class MeleeFlow(MeleeStart):
    """Mix-in: the melee steps of PRE-ESC-1 (the preset supplies ``wound`` and the turn steps)."""

    # -- a round: pairing and order (ESC-PAIR-1/2, ESC-DUEL-1) --------------------------------------------
    def phase_melee_round(self, ctx: Ctx) -> Flow:
        st = ctx.state
        m = esc(st).melee
        assert m is not None, "a melee is running"
        atts, defs = m["attackers"], m["defenders"]
        aside, dside = m["attacker"], m["defender"]
        # ESC-PAIR-1: the attacker pairs each of his figures with a defender
        auto = auto_pairing(atts, defs)
        opts = []
        for rot in _rotations(defs):
            p = auto_pairing(atts, rot)
            d = Decision("pair", items=tuple(Item(a, p[a]) for a in atts))
            if d not in opts:
                opts.append(d)
        dflt = Decision("pair", items=tuple(Item(a, auto[a]) for a in atts))

        def check_pairing(dec: Decision) -> None:
            if dec.kind != "pair":
                raise IllegalDecision("answer with a pairing (kind 'pair', items [attacker, defender])")
            if len({i.target for i in dec.items}) != len(dec.items):
                raise IllegalDecision("each attacker is paired once (ESC-PAIR-1)")
            validate_pairing(atts, defs, _pairs(dec))

        dec = yield ask(
            aside,
            "pair",
            f"{st.side(aside).name}: pair your figures with the defenders in {m['sector']} (round {m['round']})",
            opts,
            default=dflt,
            validate=check_pairing,
            info={"attackers": list(atts), "defenders": public_dicts([ctx.fig(f) for f in defs]), "round": m["round"]},
            rule="ESC-PAIR-1",
        )
        pairing = _pairs(dec)
        extras: dict[str, str] = {}
        if unpaired_defenders(defs, pairing):
            # ESC-PAIR-2: unpaired defenders join duels of the defender's choice
            base = auto_extras(defs, pairing)
            left = list(base)
            eopts = []
            for rot in _rotations(list(pairing)):
                e = {dd: rot[i % len(rot)] for i, dd in enumerate(left)}
                d = Decision("extras", items=tuple(Item(dd, e[dd]) for dd in left))
                if d not in eopts:
                    eopts.append(d)
            edflt = Decision("extras", items=tuple(Item(dd, base[dd]) for dd in left))

            def check_extras(dec: Decision) -> None:
                if dec.kind != "extras":
                    raise IllegalDecision("answer with extras (kind 'extras', items [defender, attacker])")
                validate_extras(defs, pairing, _pairs(dec))

            dec = yield ask(
                dside,
                "extras",
                f"{st.side(dside).name}: add your unpaired defenders to duels",
                eopts,
                default=edflt,
                validate=check_extras,
                info={
                    "unpaired": left,
                    "attackers": public_dicts([ctx.fig(a) for a in atts]),
                    "pairing": dict(pairing),
                },
                rule="ESC-PAIR-2",
            )
            extras = _pairs(dec)
        duels = build_duels(atts, defs, pairing, extras)
        order = list(range(len(duels)))
        if len(duels) > 1:
            # ESC-DUEL-1: duels one at a time in the attacker's chosen order
            if len(duels) <= 3:
                perms = [list(p) for p in itertools.permutations(order)]
            else:
                perms = _rotations(order) + [order[::-1]]
            oopts = []
            for perm in perms:
                d = Decision("order", numbers=tuple(perm))
                if d not in oopts:
                    oopts.append(d)

            def check_order(dec: Decision) -> None:
                if dec.kind != "order" or not dec.numbers:
                    raise IllegalDecision("answer with an order (kind 'order', numbers (0, 1, …))")
                validate_order(duels, dec.numbers)

            dec = yield ask(
                aside,
                "order",
                f"{st.side(aside).name}: choose the order of the duels",
                oopts,
                default=oopts[0],
                validate=check_order,
                info={"duels": [[list(x.attackers), list(x.defenders)] for x in duels]},
                rule="ESC-DUEL-1",
            )
            order = list(dec.numbers)
        duels = validate_order(duels, order)
        m["duels"] = [[list(x.attackers), list(x.defenders)] for x in duels]
        m["next_duel"] = 0
        ctx.emit(
            Note(
                rule="ESC-PAIR-1",
                message="; ".join(f"{'+'.join(x.attackers)} v {'+'.join(x.defenders)}" for x in duels),
            )
        )
        st.phase = "melee_duel"

    # -- one duel -------------------------------------------------------------------------------------------
    def phase_melee_duel(self, ctx: Ctx) -> Flow:
        st = ctx.state
        m = esc(st).melee
        assert m is not None, "a melee is running"
        k = m["next_duel"]
        atts, defs = m["duels"][k]
        m["next_duel"] = k + 1
        st.phase = "melee_duel" if m["next_duel"] < len(m["duels"]) else "melee_round_end"
        atts = [a for a in atts if a in m["attackers"] and ctx.fig(a).in_play]
        defs = [d for d in defs if d in m["defenders"] and ctx.fig(d).in_play]
        if not atts or not defs:
            return
        duel = Duel(tuple(atts), tuple(defs))
        deck = Deck.from_json(esc(st).deck)
        first_round = m["round"] == 1
        hands: dict[str, list[Card]] = {}
        for fid in list(atts) + list(defs):
            f = ctx.fig(fid)
            opp = [ctx.fig(o) for o in (defs if fid in atts else atts)]
            adv = advantages(
                f, opp, assaulting=fid in atts, first_round=first_round, in_structure=ctx.table.zone_of(fid).structure
            )
            n = draw_count(adv)
            # never ask for more cards than exist outside this duel (ESC-DECK-1)
            n = max(1, min(n, len(deck.cards) + len(deck.discards)))
            cards = []
            for _ in range(n):
                before = deck.reshuffles
                cards.extend(deck.draw(1, ctx.dice))
                if deck.reshuffles != before:
                    ctx.emit(DeckReshuffled(rule="ESC-DECK-1", cards=len(deck.cards) + 1))
            hands[fid] = cards
            ctx.emit(
                CardsDrawn(rule="ESC-DUEL-1", figure=fid, cards=tuple(str(c) for c in cards), advantages=tuple(adv))
            )
        # ESC-DUEL-3: the winner of each pairwise comparison picks the card that counts
        picks: dict[tuple[str, str], Card] = {}
        for other in duel.many:
            lone = duel.lone
            w = duel_winner(hands[lone], hands[other])
            wid, lid = (lone, other) if w == "a" else (other, lone)
            opts = winning_options(hands[wid], hands[lid])
            if len(opts) > 1:
                wf = ctx.fig(wid)
                dflt = default_pick(opts, DEFAULT_PREFERENCE)
                dec = yield ask(
                    wf.side,
                    "card",
                    f"{wf.name} beats {ctx.fig(lid).name}: choose the card that counts "
                    f"(Hearts kill, Diamonds wound, Spades/Clubs evict)",
                    [Decision("card", figure=wid, target=lid, option=str(c)) for c in opts],
                    default=Decision("card", figure=wid, target=lid, option=str(dflt)),
                    info={
                        "figure": wid,
                        "victim": lid,
                        "cards": [str(c) for c in opts],
                        "effects": {str(c): card_effect(c).value for c in opts},
                    },
                    rule="ESC-DUEL-3",
                )
                picks[(wid, lid)] = Card.parse(dec.option_name)
        results = resolve_duel(duel, hands, picks)
        for r in results:
            ctx.emit(
                DuelWon(rule="ESC-RES-1", winner=r.winner, victim=r.loser, card=str(r.card), effect=r.effect.value)
            )
        deck.discard()
        esc(st).deck = deck.to_json()
        # ESC-MULTI-1: kills, then wounds (a second wound kills), then evictions
        fates = apply_results(escarmouche_config(ctx.state), results, {f: ctx.fig(f).wounds for f in duel.figures})
        for fid in sorted(fates, key=lambda x: (not fates[x].killed, x)):
            fate = fates[fid]
            f = ctx.fig(fid)
            if fate.killed:
                cause = "second wound" if fate.wounds >= 2 and fate.wounded else "killed (Hearts)"
                ctx.set_status(fid, Status.KNOCKED_DOWN, rule="ESC-RES-1", cause=cause, wounds=fate.wounds)
            elif fate.wounded:
                ctx.set_status(fid, Status.WOUNDED, rule="ESC-RES-1", cause="wounded (Diamonds)", wounds=fate.wounds)
            if not ctx.fig(fid).in_play:
                self._leave_melee(m, fid)
        for fid in sorted(f for f in fates if fates[f].evicted and ctx.fig(f).in_play):
            yield from self._evict(ctx, m, fid)

    def _leave_melee(self, m: dict, fid: str) -> None:
        for key in ("attackers", "defenders"):
            if fid in m[key]:
                m[key].remove(fid)

    def _evict(self, ctx: Ctx, m: dict, fid: str) -> Flow:
        """ESC-RES-2: an evicted attacker returns whence it came; an evicted defender goes to an
        adjacent sector free of enemies (its side chooses; auto: farthest from the enemy centroid),
        or is killed when there is none."""
        f = ctx.fig(fid)
        if fid in m["attackers"]:
            self._leave_melee(m, fid)
            place_in_sector(ctx, fid, m["came_from"], rule="ESC-RES-2", how="evicted")
            return
        self._leave_melee(m, fid)
        opts = eviction_options(ctx.table.adjacent_sectors(m["sector"]), enemy_sectors(ctx, f.side))
        if not opts:
            ctx.set_status(fid, Status.KNOCKED_DOWN, rule="ESC-RES-2", cause="evicted with nowhere to go: killed")
            return
        dest = self._far_sector(ctx, f.side, opts)
        if len(opts) > 1:
            dec = yield ask(
                f.side,
                "evict",
                f"{f.name} is evicted: to which sector?",
                [Decision("evict", figure=fid, option=s) for s in opts],
                default=Decision("evict", figure=fid, option=dest),
                info={"figure": fid},
                rule="ESC-RES-2",
            )
            dest = dec.option_name
        place_in_sector(ctx, fid, dest, rule="ESC-RES-2", how="evicted")

    # -- after the round (ESC-RND-1) -------------------------------------------------------------------
    def phase_melee_round_end(self, ctx: Ctx) -> Flow:
        st = ctx.state
        m = esc(st).melee
        assert m is not None, "a melee is running"
        atts = [a for a in m["attackers"] if ctx.fig(a).in_play]
        defs = [d for d in m["defenders"] if ctx.fig(d).in_play]
        m["attackers"], m["defenders"] = atts, defs
        aside, dside = m["attacker"], m["defender"]
        brk_a = brk_d = False
        dest = None
        if atts and defs:
            stay = Decision("choose", option="fight_on")
            dec = yield ask(
                aside,
                "break_off",
                f"{st.side(aside).name}: break off the melee in {m['sector']} "
                f"(back to {m['came_from']}) or fight another round?",
                [stay, Decision("choose", option="break_off")],
                default=stay,
                info={"attackers": atts, "defenders": public_dicts([ctx.fig(d) for d in defs])},
                rule="ESC-RND-1",
            )
            brk_a = dec.option == "break_off"
            if not brk_a:
                opts = eviction_options(ctx.table.adjacent_sectors(m["sector"]), enemy_sectors(ctx, dside))
                if opts:
                    dec = yield ask(
                        dside,
                        "break_off",
                        f"{st.side(dside).name}: break off the melee in "
                        f"{m['sector']} (to an adjacent sector free of enemies) or fight on?",
                        [stay] + [Decision("choose", option="break_off", label=s) for s in opts],
                        default=stay,
                        info={"defenders": defs, "attackers": public_dicts([ctx.fig(a) for a in atts])},
                        rule="ESC-RND-1",
                    )
                    if dec.option != "fight_on":
                        brk_d, dest = True, dec.option_label
        end = round_end(len(atts), len(defs), brk_a, brk_d)
        if end.value == "next_round":
            m["round"] += 1
            m["duels"], m["next_duel"] = [], 0
            ctx.emit(Note(rule="ESC-RND-1", message=f"the melee in {m['sector']} goes on: round {m['round']}"))
            st.phase = "melee_round"
            return
        if end.value == "attacker_breaks_off":
            for a in atts:
                place_in_sector(ctx, a, m["came_from"], rule="ESC-RND-1", how="retreat")
        elif end.value == "defender_breaks_off":
            assert dest is not None, "the defenders chose where to break off to"
            for dd in defs:
                place_in_sector(ctx, dd, dest, rule="ESC-RND-1", how="retreat")
        text = {
            "attacker_holds": agreeing(st.side(aside).name, "takes", "take") + f" {m['sector']}",
            "defender_holds": agreeing(st.side(dside).name, "holds", "hold") + f" {m['sector']}",
            "attacker_breaks_off": agreeing(st.side(aside).name, "breaks off", "break off"),
            "defender_breaks_off": agreeing(st.side(dside).name, "breaks off and gives up", "break off and give up")
            + f" {m['sector']}",
            "empty": f"nobody is left standing in {m['sector']}",
        }[end.value]
        ctx.emit(Note(rule="ESC-RND-1", message=f"the melee ends: {text}"))
        esc(st).melee = None
        st.phase = "activate"
        yield from no_questions()
