"""PRE-ESC-1 starting a melee (ESC-ENG-1/2): attackers into the sector, civilians flee; the sector helpers the melee steps share."""

from __future__ import annotations

from dataclasses import asdict
from typing import TypeVar

from ..decisions import Decision
from ..events import Note
from ..flow import Ctx, Flow, ask
from ..model import Figure, Status
from .engage import civilian_flight, is_civilian, public_view
from .events import MeleeStarted
from .placing import place_in_sector
from .resolve import centroid, default_eviction
from .state import esc

#: at most this many representative pairings / orders are offered (any legal one is accepted)
MAX_OPTIONS = 6
_T = TypeVar("_T")


def enemy_sectors(ctx: Ctx, side: str, exclude: tuple[str, ...] = ()) -> set[str]:
    """Sectors holding an in-play figure of an enemy of ``side`` (ids in ``exclude`` ignored)."""
    foes = set(ctx.state.enemies_of(side))
    return {ctx.table.sector_of(f.id) for f in ctx.state.in_play() if f.side in foes and f.id not in exclude}


def public_dicts(figs: list[Figure]) -> list[dict]:
    """ESC-ENG-3: what the other side may see of these figures (the leader only is revealed)."""
    return [asdict(p) for p in public_view(figs)]


def _rotations(seq: list[_T], limit: int = MAX_OPTIONS) -> list[list[_T]]:
    out = []
    for k in range(min(len(seq), limit)):
        out.append(seq[k:] + seq[:k])
    return out


class MeleeStart:
    """Mix-in: starting a melee of PRE-ESC-1."""

    # -- starting --------------------------------------------------------------------------------------
    def start_melee(self, ctx: Ctx, side: str, came_from: str, attackers: list[str], sector: str) -> Flow:
        """After a passed Resolve: civilians in the sector flee (ESC-CIV-1), the attackers enter, and
        the melee starts if defenders remain."""
        st = ctx.state
        foes = set(st.enemies_of(side))
        in_sector = [f for f in st.in_play() if f.side in foes and ctx.table.sector_of(f.id) == sector]
        # ESC-CIV-1: civilians never fight; they drop what they carry and leave (none free: captured)
        for civ in [f for f in in_sector if is_civilian(f)]:
            yield from self._civilian_flees(ctx, civ, sector)
        defenders = [f.id for f in in_sector if not is_civilian(f) and ctx.fig(f.id).in_play]
        for fid in sorted(attackers):
            place_in_sector(ctx, fid, sector, rule="ESC-ENG-1", how="charge")
            esc(st).moved_this_turn.append(fid)
        if not defenders:
            ctx.emit(Note(rule="ESC-ENG-1", message=f"{st.side(side).name} takes {sector} without a fight"))
            return
        dside = ctx.fig(defenders[0]).side
        esc(st).melee = {
            "sector": sector,
            "came_from": came_from,
            "attacker": side,
            "defender": dside,
            "attackers": sorted(attackers),
            "defenders": sorted(defenders),
            "round": 1,
            "duels": [],
            "next_duel": 0,
        }
        ctx.emit(MeleeStarted(rule="ESC-ENG-1", sector=sector, attackers=len(attackers), defenders=len(defenders)))
        st.phase = "melee_round"

    def _civilian_flees(self, ctx: Ctx, civ: Figure, sector: str) -> Flow:
        opts = civilian_flight(ctx.table.adjacent_sectors(sector), enemy_sectors(ctx, civ.side))
        if not opts:
            ctx.set_status(civ.id, Status.CAPTIVE, rule="ESC-CIV-1", cause="no free sector to flee to: captured")
            return
        dflt = self._far_sector(ctx, civ.side, opts)
        if len(opts) > 1:
            dec = yield ask(
                civ.side,
                "flee",
                f"{civ.name} (civilian) drops what they carry: flee to which sector?",
                [Decision("flee", figure=civ.id, option=s) for s in opts],
                default=Decision("flee", figure=civ.id, option=dflt),
                info={"figure": civ.id},
                rule="ESC-CIV-1",
            )
            dflt = dec.option_name
        ctx.emit(Note(rule="ESC-CIV-1", who=civ.id, message=f"{civ.name} drops what they carry and flees to {dflt}"))
        place_in_sector(ctx, civ.id, dflt, rule="ESC-CIV-1", how="flee")

    def _far_sector(self, ctx: Ctx, side: str, options: list[str]) -> str:
        """ESC-RES-2 AI default: farthest from the enemy centroid."""
        foes = set(ctx.state.enemies_of(side))
        c = centroid((f.x, f.y) for f in ctx.state.in_play() if f.side in foes)
        far = default_eviction(options, ctx.table.sector_centre, c)
        assert far is not None, "asked only with somewhere to go"
        return far
