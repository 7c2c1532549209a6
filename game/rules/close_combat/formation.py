"""OD6 geometry for the close-combat-d6 flow: rigid formation moves, sweeps, engage candidates.

Rectangles are the close_combat ``Piece``s built from the state's figures (OD6-PIECE-2). The table
models every base as a circle, so it is used only for the static map:

**Digital ruling (rectangle sweeps, GEO-SWEEP-1 for OD6 pieces):** a move (translation, possibly
with a turn) is clear when (1) the piece, interpolated along the straight centre path in steps of at
most 0.25" and 10°, never overlaps another piece by more than 0.01" (touching at the end is fine);
(2) three circles of diameter = the piece's depth spread along its width (centre and both wings)
each sweep clear of obstacles, walls and impassable ground on the table (``Tabletop.sweep_clear``
with every base ignored); and (3) its four corners end on the map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..flow import Ctx
from ..implements import implements
from .config import CLOSE_COMBAT, close_combat_config
from .contact import TOUCH, apart, gap, illegal_contacts, penetration
from .locks import lock_counts
from .matching import pair_pieces
from .pieces import EDGES, Piece

SWEEP_STEP = 0.25
SWEEP_TURN = 10.0
OVERLAP = 0.01
PROBE = "__od6_probe"


def move_allowance(state) -> float:
    """OD6-SEQ-1 [HOUSE]: the scenario's ``move`` option (0–24"), else the configuration's
    ``move_allowance``."""
    default = close_combat_config(state).move_allowance
    v = state.options.get("move", default)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 24 else default


def norm_deg(a: float) -> float:
    a = round(a % 360.0, 6)
    return 0.0 if a >= 360.0 else a + 0.0


def place(p: Piece, x: float, y: float, facing: float | None = None) -> Piece:
    return p.at(round(x, 3) + 0.0, round(y, 3) + 0.0, p.facing if facing is None else norm_deg(facing))


def transform(pieces: Sequence[Piece], pivot: tuple[float, float], turn: float, dx: float, dy: float) -> list[Piece]:
    """Rigid move: turn every piece by ``turn`` degrees about ``pivot``, then translate by (dx, dy)."""
    return [p.at(x, y, f) for p, (x, y, f) in zip(pieces, _spots(pieces, pivot, turn, dx, dy))]


def _spots(
    pieces: Sequence[Piece], pivot: tuple[float, float], turn: float, dx: float, dy: float
) -> list[tuple[float, float, float]]:
    """Where ``transform`` puts each piece, (x, y, facing) as ``place`` rounds them, without the pieces."""
    t = math.radians(turn)
    c, s = math.cos(t), math.sin(t)
    out = []
    for p in pieces:
        rx, ry = p.x - pivot[0], p.y - pivot[1]
        nx, ny = pivot[0] + rx * c - ry * s + dx, pivot[1] + rx * s + ry * c + dy
        out.append((round(nx, 3) + 0.0, round(ny, 3) + 0.0, norm_deg(p.facing + turn)))
    return out


def _interp(a: Piece, b: Piece, t: float) -> Piece:
    turn = ((b.facing - a.facing + 180.0) % 360.0) - 180.0
    return a.at(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.facing + turn * t)


def _within(a: Piece, b: Piece, d: float) -> bool:
    """``gap(a, b) <= d``, asking ``gap`` only when the cheap ``apart`` test cannot say no."""
    return not apart(a, b, d) and gap(a, b) <= d


def near(pieces: Sequence[Piece], others: Iterable[Piece], slack: float = 0.1) -> list[Piece]:
    """Those of ``others`` whose bounding circle comes within ``slack`` of a piece's (broad phase)."""
    out = []
    for q in others:
        dq = q.reach
        if any(math.hypot(p.x - q.x, p.y - q.y) <= p.reach + dq + slack for p in pieces):
            out.append(q)
    return out


@dataclass
class Board:
    """The in-play pieces of a match state, with the table for the static map."""

    ctx: Ctx
    pieces: dict[str, Piece]

    @classmethod
    def of(cls, ctx: Ctx, disrupted: Iterable[str] = ()) -> Board:
        dis = set(disrupted)
        return cls(ctx, {f.id: Piece.from_figure(f, f.id in dis) for f in ctx.state.in_play()})

    # -- relations ------------------------------------------------------------------------------------
    def enemies_of(self, side: str) -> list[Piece]:
        foes = set(self.ctx.state.enemies_of(side))
        return [p for p in self.pieces.values() if p.side in foes]

    def friends_of(self, side: str) -> list[Piece]:
        return [p for p in self.pieces.values() if p.side == side]

    def pairs(self, side: str) -> dict[str, str]:
        """OD6-ENG-2: maximum matching of ``side``'s pieces (attackers) to enemy pieces."""
        return pair_pieces(
            sorted(self.friends_of(side), key=lambda p: p.id), sorted(self.enemies_of(side), key=lambda p: p.id)
        )

    def locks(self, side: str) -> dict[str, int]:
        """OD6-LOCK-1 lock counts of every piece, with ``side``'s pairs."""
        return lock_counts(sorted(self.pieces.values(), key=lambda p: p.id), self.pairs(side))

    def touching_enemy(self, pid: str) -> bool:
        p = self.pieces[pid]
        return any(_within(p, q, TOUCH + 1e-9) for q in near([p], self.enemies_of(p.side)))

    def free(self, pid: str) -> bool:
        """May move freely: not Disrupted (OD6-DIS-1) and touching no enemy piece."""
        p = self.pieces[pid]
        return not p.disrupted and not self.touching_enemy(pid)

    # -- clearance ------------------------------------------------------------------------------------
    def on_map(self, p: Piece) -> bool:
        w, h = self.ctx.table.width, self.ctx.table.height
        return all(-1e-9 <= x <= w + 1e-9 and -1e-9 <= y <= h + 1e-9 for x, y in p.polygon())

    def overlaps(self, moved: Sequence[Piece], ignore: Iterable[str] = ()) -> bool:
        ids = {p.id for p in moved} | set(ignore)
        for m in moved:
            for q in self.pieces.values():
                if q.id in ids:
                    continue
                if math.hypot(m.x - q.x, m.y - q.y) > m.reach + q.reach + 0.05:
                    continue
                if penetration(m, q) > OVERLAP:
                    return True
        return False

    def sweep_clear(self, starts: Sequence[Piece], ends: Sequence[Piece], ignore: Iterable[str] = ()) -> bool:
        """The module doc's ruling, for pieces moving together from ``starts`` to ``ends``."""
        ids = {p.id for p in starts} | set(ignore)
        others = [q for q in self.pieces.values() if q.id not in ids]
        try:
            for a, b in zip(starts, ends):
                if not self.on_map(b):
                    return False
                dist = math.hypot(b.x - a.x, b.y - a.y)
                turn = abs(((b.facing - a.facing + 180.0) % 360.0) - 180.0)
                n = max(1, math.ceil(dist / SWEEP_STEP), math.ceil(turn / SWEEP_TURN))
                reach = dist + a.reach + 0.05
                near = [q for q in others if math.hypot(q.x - a.x, q.y - a.y) <= reach + q.reach]
                for k in range(1, n + 1 if near else 1):  # nothing near: no step can overlap
                    pk = b if k == n else _interp(a, b, k / n)
                    for q in near:
                        if penetration(pk, q) > OVERLAP:
                            return False
                if not self._static_clear(a, b):
                    return False
            return True
        finally:
            self.ctx.table.remove(PROBE)

    def _static_clear(self, a: Piece, b: Piece) -> bool:
        """Part (2) of the ruling, with the table's probe base (``sweep_clear`` removes it after the
        last piece: moving a placed base is cheap, placing one anew builds its pymunk shape)."""
        t = self.ctx.table
        r = max(0.05, min(a.width, a.depth) / 2.0)
        off = max(0.0, (a.width - a.depth) / 2.0)
        ign = [f.id for f in self.ctx.state.in_play()]
        for k in (-1.0, 0.0, 1.0):
            ax, ay = a.x + a.right_dir[0] * off * k, a.y + a.right_dir[1] * off * k
            bx, by = b.x + b.right_dir[0] * off * k, b.y + b.right_dir[1] * off * k
            t.place(PROBE, ax, ay, r, "deck")
            if not t.sweep_clear(PROBE, round(bx - ax, 3), round(by - ay, 3), ignore=ign):
                return False
        return True

    def move_clear(self, starts: Sequence[Piece], ends: Sequence[Piece], *, may_touch_enemy: bool) -> str | None:
        """Why a move of these pieces is not allowed, or None. Without ``may_touch_enemy`` the
        pieces must end touching no enemy (that would be an engage)."""
        if self.overlaps(ends):
            return "the pieces would overlap another piece"
        foes = near(ends, self.enemies_of(starts[0].side)) if starts else []
        if may_touch_enemy:
            bad = illegal_contacts(list(ends), foes)
            if bad:
                return "a contact with an enemy must be full and front-on, never partial or side-to-side (OD6-ENG-1)"
        else:
            for e in ends:
                if any(_within(e, q, TOUCH + 1e-9) for q in near([e], foes)):
                    return "a move may not touch an enemy piece: engage instead"
        if not self.sweep_clear(starts, ends):
            return "the way is blocked (GEO-SWEEP-1)"
        return None

    def can_move_back(self, pid: str, dx: float, dy: float) -> bool:
        """OD6-RES-3: GEO-SWEEP-1 for a move-back (the module doc's ruling)."""
        a = self.pieces[pid]
        b = a.moved(dx, dy)
        return self.sweep_clear([a], [b])

    def apply_move(self, pid: str, dx: float, dy: float) -> None:
        self.pieces[pid] = self.pieces[pid].moved(dx, dy)

    def drop(self, pid: str) -> None:
        self.pieces.pop(pid, None)


# -- engage candidates (OD6-ENG-3) ----------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A placement of moving pieces with one piece's front in full contact with a target's edge."""

    key: str
    """"<piece>><target>:<edge>:<offset>" — names the candidate in a decision."""
    lead: str
    target: str
    edge: str
    offset: float
    ends: tuple[Piece, ...]
    pairs: int
    travel: float
    """Largest centre movement of any piece, inches."""


def contact_placements(lead: Piece, target: Piece) -> list[tuple[str, float, float, float, float]]:
    """(edge, offset, x, y, facing) placing ``lead`` with its front in full contact with each edge of
    ``target`` (OD6-ENG-1: front against front, flank or rear): centred, and with ends aligned."""
    out = []
    for edge, (p, q) in target.edges().items():
        ex, ey = q[0] - p[0], q[1] - p[1]
        ln = math.hypot(ex, ey)
        ux, uy = ex / ln, ey / ln
        nx, ny = target.normal(edge)
        mx, my = (p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0
        k = abs(lead.width - ln) / 2.0
        facing = math.degrees(math.atan2(-ny, -nx))
        for off in sorted({0.0, round(k, 3), round(-k, 3)}):
            x = mx + ux * off + nx * lead.depth / 2.0
            y = my + uy * off + ny * lead.depth / 2.0
            out.append((edge, off, x, y, facing))
    return out


def engage_candidates(
    board: Board,
    movers: Sequence[Piece],
    targets: Sequence[Piece],
    *,
    allowance: float = CLOSE_COMBAT.move_allowance,
    rigid: bool = True,
) -> list[Candidate]:
    """OD6-ENG-3 candidates: the movers' formation moved rigidly (or one piece alone when not
    ``rigid``) so that one of them has full front contact with a front, flank or rear of a target;
    each centre moves ≤ allowance; no overlaps, no illegal enemy contacts. Sweeps are not checked
    here (``legal_candidates`` does, best first). Sorted by pairs (desc), travel, key."""
    out: dict[tuple, Candidate] = {}
    foes = board.enemies_of(movers[0].side) if movers else []
    for lead in movers:
        for tgt in targets:
            if math.hypot(lead.x - tgt.x, lead.y - tgt.y) > allowance + lead.reach + tgt.reach + 0.5:
                continue
            for edge, off, x, y, facing in contact_placements(lead, tgt):
                turn = ((facing - lead.facing + 180.0) % 360.0) - 180.0
                group = movers if rigid else [lead]
                # the ends' places first: most placements go too far or repeat one already found
                spots = _spots(group, (lead.x, lead.y), turn, x - lead.x, y - lead.y)
                travel = max(math.hypot(ex - s.x, ey - s.y) for s, (ex, ey, _) in zip(group, spots))
                if travel > allowance + 1e-6:
                    continue
                sig = tuple((s.id, ex, ey, ef) for s, (ex, ey, ef) in zip(group, spots))
                if sig in out:
                    continue
                ends = [s.at(ex, ey, ef) for s, (ex, ey, ef) in zip(group, spots)]
                if board.overlaps(ends):
                    continue
                close = near(ends, foes)
                if illegal_contacts(list(ends), close):
                    continue
                pairs = len(pair_pieces(list(ends), close))
                if pairs == 0:
                    continue
                key = f"{lead.id}>{tgt.id}:{edge}:{off:g}"
                out[sig] = Candidate(key, lead.id, tgt.id, edge, off, tuple(ends), pairs, round(travel, 3))
    return sorted(out.values(), key=lambda c: (-c.pairs, c.travel, c.key))


def candidate_edge(key: str) -> str:
    """The target's edge (front, right, rear, left) an engage candidate's ``key`` names, "" if
    none: keys are written "<lead>><target>:<edge>:<offset>" by ``engage_candidates``."""
    return next((e for e in EDGES if f":{e}:" in key), "")


@implements("OD6-ENG-3")
def legal_candidates(
    board: Board, movers: Sequence[Piece], cands: Sequence[Candidate], limit: int = 8
) -> tuple[int, list[Candidate]]:
    """OD6-ENG-3: (best pair count among candidates whose sweep is clear, up to ``limit`` of those
    candidates at that count). The engage options; anything fewer is refused."""
    best = 0
    legal: list[Candidate] = []
    by_id = {p.id: p for p in movers}
    for c in cands:
        if best and c.pairs < best:
            break
        starts = [by_id[e.id] for e in c.ends]
        if board.sweep_clear(starts, list(c.ends)):
            best = max(best, c.pairs)
            legal.append(c)
            if len(legal) >= limit:
                break
    return best, legal


def translate_limit(
    board: Board, movers: Sequence[Piece], ux: float, uy: float, most: float, gap_left: float = 0.1
) -> float:
    """How far (≤ most) the movers can translate along (ux, uy) without overlapping a piece or coming
    within ``gap_left`` of an enemy: walked in 0.25" steps, the last step refined, then the whole
    move checked once (``Board.move_clear``). Returns a multiple of 0.01"."""
    movers = list(movers)
    foes = board.enemies_of(movers[0].side)
    ids = {m.id for m in movers}
    others = [q for q in board.pieces.values() if q.id not in ids]
    pool = near(movers, others, slack=most + 0.5)
    foe_pool = [q for q in pool if q in foes]

    def ok(d: float) -> bool:
        ends = [m.moved(ux * d, uy * d) for m in movers]
        if not all(board.on_map(e) for e in ends):
            return False
        for e in ends:
            for q in near([e], pool, slack=gap_left + 0.05):
                if penetration(e, q) > OVERLAP:
                    return False
                if q in foe_pool and _within(e, q, gap_left):
                    return False
        return True

    steps = max(1, math.ceil(most / SWEEP_STEP))
    lo = 0.0
    hi = None
    for k in range(1, steps + 1):
        d = min(most, k * SWEEP_STEP)
        if ok(d):
            lo = d
        else:
            hi = d
            break
    if hi is not None:
        for _ in range(8):
            mid = (lo + hi) / 2.0
            if ok(mid):
                lo = mid
            else:
                hi = mid
    dist = math.floor(lo * 100) / 100.0
    while dist > 0:
        ends = [m.moved(ux * dist, uy * dist) for m in movers]
        if board.move_clear(movers, ends, may_touch_enemy=False) is None:
            return dist
        dist = math.floor((dist - SWEEP_STEP) * 100) / 100.0
    return 0.0


def unit_key(fig) -> str:
    """OD6-PIECE-1: a piece's unit (its roster ``unit`` tag, else the piece alone)."""
    return fig.unit or fig.id
