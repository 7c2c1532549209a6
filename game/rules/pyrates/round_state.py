"""The state of one mêlée round while it runs (PYR-SEQ-1): the Round, its participants (PYR-MQ-1),
the local engagement look-ups and the chance-card hands it spends from."""

from __future__ import annotations

from ..counting import agreeing
from ..events import Note
from ..implements import implements
from ..model import Status
from .engage import Engagements, engagements_of, party_key
from .hands import Damage
from .quota import Participant
from .state import pyr

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


def _near_ids(ctx, group: tuple[str, ...]) -> frozenset[str]:
    """``local_ids`` of the group, kept in the state's Facts: a round refreshes after every item of
    every tap, mostly with no figure changed, and the same set (hash kept) keys its engagements."""
    return frozenset(local_ids(ctx.state, list(group)))


@implements("PYR-DIS-2")
def holding_captors(state, eng: Engagements | None = None) -> set[str]:
    """PYR-DIS-2: captors holding a captive in a mêlée (prisoners of resolved mêlées, PYR-DIS-4,
    excepted). With ``eng``: a captor engaged with an enemy that can fight (a rescuer attacking it)
    is not idle: it counts for MQ and may strike again, so it is left out."""
    captives = pyr(state).captives
    if not captives:  # asked for every tapper and participant list: mostly no captive at all
        return set()
    pris = pyr(state).prisoners or {}
    held = {k for c, k in captives.items() if k and c not in pris}
    if eng is not None and held:
        figs = state.figures
        held = {k for k in held if not any(figs[e].status != Status.DISARMED for e in eng.pairs.get(k, ()))}
    return held


def cards_of(state, side: str) -> list[str]:
    cards = pyr(state).cards
    try:  # asked many times a round: no [] built for setdefault when the hand exists
        return cards[side]
    except KeyError:
        return cards.setdefault(side, [])


def spend_card(ctx, side: str, card: str, rule: str) -> None:
    hand = cards_of(ctx.state, side)
    hand.remove(card)
    ctx.emit(
        Note(
            rule=rule,
            who=side,
            message=agreeing(ctx.state.side(side).name, "plays", "play") + f" {card.replace('_', ' ').title()}",
        )
    )


class Round:
    """The state of one round while it runs (local to the step; never stored)."""

    eng: Engagements
    """The round's engagements, made by refresh(), which whoever makes a Round calls first."""

    def __init__(self, ctx, cur: dict):
        self.ctx = ctx
        self.st = ctx.state
        self.cur = cur
        self.rat = cur.get("rat") or ""
        self.group: list[str] = []
        self.credit: dict[str, dict[str, int]] = {}
        self.lost: dict[str, int] = {}
        self.cut_free = False
        self.tapped: set[str] = set()
        self.push_sources: dict[str, list[str]] | None = None
        self.follow_up = True
        self.quotas: dict[str, int] = {}
        """Each camp's Mêlée Quota this round, once announced (public: the QuotaSet events)."""
        self.withheld: dict[str, Damage] = {}
        """PYR-ALLOC-3: damage a camp could still allocate when it passed for the last time."""
        self.tally_winner = ""
        """PYR-WIN-1: the camp that won this round's tally (PYR-MOR-2's −1), once tallied."""
        self.fled_parties: set[str] = set()
        """PYR-MOR-3: parties that failed morale this round."""
        self.duel = False
        """A duel's round (PYR-DUEL-3: the default answer to a wound is the save)."""
        self.disarmed_now: set[str] = set()
        """PYR-DIS-3: figures disarmed this round (capture by force only in a later round)."""

    # -- geometry -----------------------------------------------------------------------------
    def refresh(self) -> Engagements:
        """The engagements among the figures near this round's mêlée (asked after every item of
        every tap: the state's Facts keeps them while no figure changes)."""
        ctx = self.ctx
        near = ctx.state.facts.ask(_near_ids, ctx, tuple(self.group or self.cur["seeds"]))
        self.eng = engagements_of(ctx, only=near)
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

    @implements("PYR-MQ-5")
    def defends(self, fid: str) -> bool:
        """PYR-MQ-5: touches an obstacle crossed by the line to an engaged enemy that moved into that
        contact this player-turn while this figure did not."""
        moved = pyr(self.st).moved_pt  # a short list: tested in place
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
    captors = holding_captors(st, eng)
    out = []
    for fid in r.group:
        f = st.figures[fid]
        if not f.in_play or r.camp(fid) != camp:
            continue
        zone = r.ctx.table.zone_of(fid)
        engaged = eng.engaged(fid)
        contacts = frozenset(list(eng.pairs.get(fid, {})) + eng.support.get(fid, []))
        out.append(
            Participant(
                f,
                engaged,
                zone.close_quarters,
                engaged and (zone.advantageous or r.defends(fid)),
                contacts,
                fid in captors,
                party=party_key(f),
            )
        )
    return out


def _moved(st, fid):
    mv = pyr(st).moved_pt
    if fid not in mv:
        mv.append(fid)
