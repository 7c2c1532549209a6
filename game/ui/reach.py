"""Reach on the table: where the acting figure can end this activation, worked out off the frame
loop and drawn so a colour-blind player can tell its parts apart.

``reach_of`` asks, for every point of a 0.5 in grid within the figure's movement, the very question
a click there asks (``spot_pick.spot_verdict``: the offered options near the spot, then the rules'
own validator), so the shading is the rules' answer, not an estimate. ``ReachWorker`` runs it on a
clone of the match in a background thread once per question; ``draw_reach`` draws the reachable
cells hatched with their outline, the link ends within reach with the level they lead to, the
charge reach as a dashed ring and the weapon's range as a dotted ring, each labelled in words.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field

import pygame

from game.rules.decisions import Decision

from . import fonts
from .spot_pick import free_reach, has_point, moving_unit, spot_verdict, unit_centre

GRID = 0.5
REACH_COL = (120, 230, 150)
CHARGE_COL = (255, 150, 90)
RANGE_COL = (255, 225, 120)
LINK_COL = (120, 200, 255)
LEVEL_WORDS = {"hold": "below decks", "deck": "the deck", "rigging": "the rigging"}


@dataclass
class Reach:
    """What ``reach_of`` found for one figure and one question."""

    fid: str
    cells: frozenset[tuple[int, int]] = frozenset()
    """Grid points (i, j) = (x / GRID, y / GRID) where a click takes a legal option."""
    tried: int = 0
    """Grid points asked."""
    links: tuple[tuple[float, float, str, str], ...] = ()
    """(x, y, level, words) of each climb, hatch or crossing end on offer."""
    charge: float | None = None
    """The charge reach in inches, edge to edge."""
    weapon: tuple[str, float] | None = None
    """The missile weapon's name and range in inches."""
    radius: float = 0.5
    level: str = "deck"
    centre: tuple[float, float] = (0.0, 0.0)
    refusals: dict = field(default_factory=dict)
    """(i, j) -> the rules' Refusal for a grid point inside the movement circle that no click takes."""


def grid_points(x: float, y: float, radius: float, width: float, height: float):
    """(i, j) of the 0.5 in grid points within ``radius`` of (x, y) and on the map."""
    i0, i1 = math.floor((x - radius) / GRID), math.ceil((x + radius) / GRID)
    j0, j1 = math.floor((y - radius) / GRID), math.ceil((y + radius) / GRID)
    for j in range(max(j0, 1), j1 + 1):
        for i in range(max(i0, 1), i1 + 1):
            px, py = i * GRID, j * GRID
            if px < width and py < height and math.hypot(px - x, py - y) <= radius:
                yield i, j


def reach_of(match, pending, fid: str, *, stop=None) -> Reach | None:
    """Every grid point within the figure's movement that a click there would make legal, asked as
    the click asks it; None when the question takes no destination for that figure."""
    st = match.state
    if pending is None:
        return None
    info = pending.info if isinstance(pending.info, dict) else {}
    unit = moving_unit(pending)
    if unit is not None:  # a close-combat unit: the spots its centre may be carried to
        c = unit_centre(match, pending)
        reach = free_reach(match, pending, None)
        if c is None or reach is None:
            return None
        f = None
        cx, cy, fid = c[0], c[1], unit
    else:
        f = st.figures.get(fid)
        reach = free_reach(match, pending, fid) if f is not None else None
        if f is None or reach is None:
            return None
        cx, cy = f.x, f.y
    cells, refusals = set(), {}
    n = 0
    for i, j in grid_points(cx, cy, reach + 0.01, match.table.width, match.table.height):
        if stop is not None:
            if stop():
                return None
            time.sleep(0)  # in the background: hand the interpreter back to the frame loop between spots
        n += 1
        cands, why = spot_verdict(match, pending, fid, i * GRID, j * GRID)
        if cands:
            cells.add((i, j))
        elif why is not None:
            refusals[(i, j)] = why
    links = []
    for d in pending.options:
        if d.figure == fid and has_point(d) and d.option in ("climb", "cross"):
            links.append((d.x, d.y, *_link_words(match, d)))
    charge = info.get("charge")
    weapon = None
    rng = match.ruleset.weapon_range(f) if f is not None else None
    if f is not None and f.missile and rng is not None:
        weapon = (f.missile.replace("_", " "), rng)
    return Reach(
        fid,
        frozenset(cells),
        n,
        tuple(links),
        float(charge) if isinstance(charge, (int, float)) and not isinstance(charge, bool) else None,
        weapon,
        0.5 if f is None else f.radius,
        "deck" if f is None else f.level,
        (cx, cy),
        refusals,
    )


def _link_words(match, d: Decision) -> tuple[str, str]:
    from game.rules.refusals import link_thing, obstacle_thing

    f = match.state.figures[d.figure]
    if d.option == "cross":
        return f.level, f"cross the {obstacle_thing(d.label or '', match.table).name}"
    lk = next((k for k in match.table.map.links if k.id == d.label), None)
    if lk is None:
        return f.level, "climb"
    other = lk.level_b if lk.level_a == f.level else lk.level_a
    return other, f"{link_thing(lk).name}: to {LEVEL_WORDS.get(other, other)}"


def question_key(match, fid: str | None) -> tuple:
    return (id(match), len(match.decisions), fid)


class ReachWorker:
    """``reach_of`` on a clone of the match, in a background thread, one question at a time."""

    def __init__(self):
        self._lock = threading.Lock()
        self._key: tuple | None = None
        self._result: Reach | None = None
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()

    def want(self, match, fid: str | None) -> Reach | None:
        """The reach for this question and figure: None until it is worked out (started on the
        first call for a new question)."""
        key = question_key(match, fid)
        with self._lock:
            if key == self._key:
                return self._result
            self._cancel.set()
            self._key, self._result = key, None
        if fid is None or match.pending is None:
            return None
        self._cancel = cancel = threading.Event()
        copy = match.clone()
        self._thread = threading.Thread(target=self._run, args=(key, copy, fid, cancel), name="reach", daemon=True)
        self._thread.start()
        return None

    def _run(self, key, copy, fid, cancel) -> None:
        try:
            got = reach_of(copy, copy.pending, fid, stop=cancel.is_set)
        except Exception:  # noqa: BLE001 - a preview must never take the window down
            got = None
        with self._lock:
            if self._key == key and not cancel.is_set():
                self._result = got

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the current job is done (tests and screenshots)."""
        t = self._thread
        if t is not None:
            t.join(timeout)

    def stop(self) -> None:
        self._cancel.set()


_SURF_MEMO: dict = {}


def _cells_surface(reach: Reach, ppi: int) -> tuple[pygame.Surface, float, float]:
    """The hatched, outlined cells at this scale, with the world point of its top-left corner."""
    key = (id(reach), ppi)
    got = _SURF_MEMO.get(key)
    if got is not None:
        return got
    _SURF_MEMO.clear()
    if not reach.cells:
        s = pygame.Surface((1, 1), pygame.SRCALPHA)
        _SURF_MEMO[key] = (s, 0.0, 0.0)
        return _SURF_MEMO[key]
    i0 = min(i for i, _ in reach.cells)
    j0 = min(j for _, j in reach.cells)
    i1 = max(i for i, _ in reach.cells)
    j1 = max(j for _, j in reach.cells)
    c = GRID * ppi
    w, h = int((i1 - i0 + 1) * c) + 2, int((j1 - j0 + 1) * c) + 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    ox, oy = (i0 - 0.5) * GRID, (j0 - 0.5) * GRID
    cells = reach.cells
    for i, j in cells:
        x, y = int((i - i0) * c), int((j - j0) * c)
        r = pygame.Rect(x, y, int((i - i0 + 1) * c) - x, int((j - j0 + 1) * c) - y)
        s.fill((*REACH_COL, 46), r)
    # the hatching: diagonal lines across the whole surface, kept only where a cell is
    hatch = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(6, int(c * 0.6))
    for k in range(-h, w, step):
        pygame.draw.line(hatch, (*REACH_COL, 120), (k, h), (k + h, 0), 1)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    for i, j in cells:
        x, y = int((i - i0) * c), int((j - j0) * c)
        mask.fill((255, 255, 255, 255), pygame.Rect(x, y, int((i - i0 + 1) * c) - x, int((j - j0 + 1) * c) - y))
    hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(hatch, (0, 0))
    # the outline: each cell edge with no reachable neighbour across it
    for i, j in cells:
        x0, y0 = int((i - i0) * c), int((j - j0) * c)
        x1, y1 = int((i - i0 + 1) * c), int((j - j0 + 1) * c)
        if (i - 1, j) not in cells:
            pygame.draw.line(s, (*REACH_COL, 230), (x0, y0), (x0, y1), 2)
        if (i + 1, j) not in cells:
            pygame.draw.line(s, (*REACH_COL, 230), (x1 - 1, y0), (x1 - 1, y1), 2)
        if (i, j - 1) not in cells:
            pygame.draw.line(s, (*REACH_COL, 230), (x0, y0), (x1, y0), 2)
        if (i, j + 1) not in cells:
            pygame.draw.line(s, (*REACH_COL, 230), (x0, y1 - 1), (x1, y1 - 1), 2)
    _SURF_MEMO[key] = (s, ox, oy)
    return _SURF_MEMO[key]


def _ring(dst, colour, centre, radius: int, dash: int, gap: int, width: int = 2) -> None:
    """A ring of dashes (dash, gap in pixels along the circumference): dashed or dotted."""
    if radius <= 2 or radius > 4000:
        return
    cx, cy = centre
    n = max(8, int(2 * math.pi * radius / (dash + gap)))
    span = dash / radius
    for k in range(n):
        a0 = 2 * math.pi * k / n
        if dash <= 3:
            pygame.draw.circle(dst, colour, (int(cx + radius * math.cos(a0)), int(cy + radius * math.sin(a0))), width)
            continue
        pts = [(cx + radius * math.cos(a0 + span * t / 4), cy + radius * math.sin(a0 + span * t / 4)) for t in range(5)]
        pygame.draw.lines(dst, colour, False, pts, width)


def draw_reach(dst, cam, reach: Reach, state) -> None:
    """The reach: hatched cells with their outline, link ends, the charge ring, the weapon ring."""
    s, ox, oy = _cells_surface(reach, cam.ppi)
    dst.blit(s, cam.to_screen(ox, oy))
    c = cam.to_screen(*reach.centre)
    if reach.charge:
        r = int((reach.charge + reach.radius) * cam.ppi)
        _ring(dst, (0, 0, 0), c, r, 12, 8, 4)
        _ring(dst, CHARGE_COL, c, r, 12, 8, 2)
        _ring_label(dst, f"charge {reach.charge:g} in", c, r, CHARGE_COL, -0.9)
    if reach.weapon:
        name, rng = reach.weapon
        r = int((rng + reach.radius) * cam.ppi)
        _ring(dst, (0, 0, 0), c, r, 2, 8, 3)
        _ring(dst, RANGE_COL, c, r, 2, 8, 2)
        _ring_label(dst, f"{name} {rng:g} in", c, r, RANGE_COL, -2.2)
    for x, y, level, _words in reach.links:
        p = cam.to_screen(x, y)
        up = level == "rigging"
        down = level == "hold"
        tri = (
            [(p[0], p[1] - 9), (p[0] - 8, p[1] + 6), (p[0] + 8, p[1] + 6)]
            if up
            else [(p[0], p[1] + 9), (p[0] - 8, p[1] - 6), (p[0] + 8, p[1] - 6)]
            if down
            else None
        )
        if tri:
            pygame.draw.polygon(dst, (0, 0, 0), tri, 0)
            pygame.draw.polygon(dst, LINK_COL, tri, 2)
        else:
            pygame.draw.rect(dst, (0, 0, 0), (p[0] - 6, p[1] - 6, 12, 12), 0)
            pygame.draw.rect(dst, LINK_COL, (p[0] - 6, p[1] - 6, 12, 12), 2)


def _ring_label(dst, text: str, centre, radius: int, colour, angle: float) -> None:
    t = fonts.outlined(text, fonts.scaled(13, dst.get_size()), colour)
    x = centre[0] + radius * math.cos(angle)
    y = centre[1] + radius * math.sin(angle)
    r = t.get_rect(center=(int(x), int(y)))
    r.clamp_ip(dst.get_clip())
    dst.blit(t, r)
