"""Figures: round bases at true inch size, side colour plus a side emblem shape, status markers.

Base sprites are pre-rendered per (colour, emblem, pixel size) and re-used every frame; only
markers that change (wounded, loaded, aim…) are blitted on top, also from cached sprites.
OD6 pieces (a roster ``width``) are rectangles of their true size with a facing mark, drawn by
:mod:`game.ui.piece_render` (OD6-PIECE-2); a Disrupted piece carries a "DS" marker.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame
import pygame.gfxdraw

from . import fonts, piece_render
from .figure_art import figure_sprite
from .table_labels import TableLabels, label_size

#: below this many pixels across a base shows the side's colour and emblem only (the art would blur)
ART_MIN_PX = 16

#: one emblem per side, in scenario order, so sides differ in shape as well as colour
SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross")
RIGGING_LIFT = 0.3  # inches a figure in the rigging is drawn above its shadow

MARKERS = {
    # status/flag: (letter, background)
    "wounded": ("W", (190, 30, 30)),
    "knocked_down": ("KD", (60, 60, 60)),
    "disarmed": ("D", (120, 100, 40)),
    "captive": ("C", (90, 40, 120)),
    "loaded": ("L", (30, 90, 200)),
    "aim": ("A", (20, 20, 20)),
    "disrupted": ("DS", (200, 110, 20)),
}


def side_shape(index: int) -> str:
    return SHAPES[index % len(SHAPES)]


def emblem_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in (-90, 30, 150)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + i * 36)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if shape == "cross":
        k, t = r, r * 0.35
        return [
            (cx - t, cy - k),
            (cx + t, cy - k),
            (cx + t, cy - t),
            (cx + k, cy - t),
            (cx + k, cy + t),
            (cx + t, cy + t),
            (cx + t, cy + k),
            (cx - t, cy + k),
            (cx - t, cy + t),
            (cx - k, cy + t),
            (cx - k, cy - t),
            (cx - t, cy - t),
        ]
    return []


@lru_cache(maxsize=256)
def base_sprite(colour: tuple[int, int, int], shape: str, diameter: int, dim: bool = False) -> pygame.Surface:
    """A base: rim, side colour, a light emblem of the side's shape."""
    d = max(6, diameter)
    s = pygame.Surface((d + 2, d + 2), pygame.SRCALPHA)
    c = d // 2 + 1
    r = d // 2
    col = tuple(int(v * 0.55) for v in colour) if dim else colour
    rim = (20, 16, 12)
    pygame.gfxdraw.filled_circle(s, c, c, r, rim)
    pygame.gfxdraw.aacircle(s, c, c, r, rim)
    inner = max(2, r - max(1, d // 12))
    pygame.gfxdraw.filled_circle(s, c, c, inner, col)
    pygame.gfxdraw.aacircle(s, c, c, inner, col)
    light = (245, 240, 225) if sum(colour) < 520 else (30, 30, 30)
    er = inner * 0.55
    if shape == "circle":
        pygame.gfxdraw.filled_circle(s, c, c, max(1, int(er)), light)
        pygame.gfxdraw.aacircle(s, c, c, max(1, int(er)), light)
    else:
        pts = emblem_points(shape, c, c, er)
        pygame.gfxdraw.filled_polygon(s, pts, light)
        pygame.gfxdraw.aapolygon(s, pts, light)
    return s


@lru_cache(maxsize=64)
def shadow_sprite(diameter: int) -> pygame.Surface:
    d = max(6, diameter)
    s = pygame.Surface((d + 2, d + 2), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, 90), (1, d // 4, d, d // 2 + d // 4))
    return s


@lru_cache(maxsize=64)
def marker_sprite(key: str, size: int) -> pygame.Surface:
    letter, bg = MARKERS[key]
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.gfxdraw.filled_circle(s, r, r, r - 1, (*bg, 235))
    pygame.gfxdraw.aacircle(s, r, r, r - 1, (255, 255, 255))
    t = fonts.text(letter, max(7, int(size * (0.5 if len(letter) > 1 else 0.7))), (255, 255, 255), True)
    s.blit(t, t.get_rect(center=(r, r)))
    return s


LEVEL_MARKS = {"rigging": ((120, 200, 255), -1), "hold": ((150, 110, 70), 1)}


@lru_cache(maxsize=8)
def level_sprite(level: str, size: int) -> pygame.Surface:
    """A chevron badge: pointing up for a figure in the rigging, down for one in the hold."""
    colour, way = LEVEL_MARKS[level]
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.gfxdraw.filled_circle(s, r, r, r - 1, (20, 20, 24, 230))
    k = size * 0.28
    pts = [(r - k, r - way * k * 0.6), (r + k, r - way * k * 0.6), (r, r + way * k)]
    pygame.draw.polygon(s, colour, pts)
    return s


@lru_cache(maxsize=32)
def ring_sprite(diameter: int, colour: tuple[int, int, int], width: int) -> pygame.Surface:
    d = diameter + 2 * width + 4
    s = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(s, colour, (d // 2, d // 2), diameter // 2 + width + 1, width)
    return s


@lru_cache(maxsize=32)
def acted_sprite(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.gfxdraw.filled_circle(s, size // 2, size // 2, size // 2 - 1, (40, 40, 40, 220))
    w = max(1, size // 6)
    pygame.draw.lines(
        s, (140, 230, 140), False, [(size * 0.25, size * 0.5), (size * 0.45, size * 0.7), (size * 0.75, size * 0.3)], w
    )
    return s


@lru_cache(maxsize=64)
def casualty_sprite(colour: tuple[int, int, int], diameter: int) -> pygame.Surface:
    d = max(6, diameter)
    s = pygame.Surface((d + 2, d + 2), pygame.SRCALPHA)
    c, r = d // 2 + 1, d // 2
    pygame.gfxdraw.filled_circle(s, c, c, r, (*[int(v * 0.4) for v in colour], 150))
    w = max(1, d // 8)
    k = int(r * 0.6)
    pygame.draw.line(s, (230, 220, 200), (c - k, c - k), (c + k, c + k), w)
    pygame.draw.line(s, (230, 220, 200), (c - k, c + k), (c + k, c - k), w)
    return s


class FigureStyle:
    """Per-side colour and emblem, looked up once per match."""

    def __init__(self, state):
        self.colour = {s.id: tuple(s.colour) for s in state.sides}
        self.shape = {s.id: side_shape(i) for i, s in enumerate(state.sides)}
        self.roles: dict[str, str] = {}

    def role(self, f) -> str:
        """The figure's picture (figure_art.role_of), worked out once per figure."""
        r = self.roles.get(f.id)
        if r is None:
            from .figure_art import role_of

            r = self.roles[f.id] = role_of(f)
        return r


def markers_of(fig, disrupted=()) -> list[str]:
    out = []
    if fig.id in disrupted:  # OD6-DIS-1: the state keeps the marker, not the figure
        out.append("disrupted")
    st = getattr(fig.status, "value", fig.status)
    if fig.wounds > 0 or st == "wounded":
        out.append("wounded")
    if st in ("disarmed", "captive"):
        out.append(st)
    if fig.loaded:
        out.append("loaded")
    if fig.aim:
        out.append("aim")
    return out


def draw_figures(
    dst: pygame.Surface,
    cam,
    state,
    style: FigureStyle,
    *,
    positions: dict | None = None,
    selected: str | None = None,
    hover: str | None = None,
    highlight=(),
    acted=(),
    ready=(),
    disrupted=frozenset(),
    hold_open: bool = False,
    labels: TableLabels | None = None,
) -> None:
    """Every figure on the table, bottom level first; knocked-down figures as casualty tokens; the
    hovered one's name placed with ``labels`` (the frame's other labels on the table); pieces in
    ``disrupted`` (``Observation.disrupted``) carry the OD6-DIS-1 marker."""
    positions = positions or {}
    ppi = cam.ppi
    old = dst.get_clip()
    dst.set_clip(cam.viewport)
    vx0, vy0, vx1, vy1 = cam.visible_world()
    order = {"hold": 0, "deck": 1, "rigging": 2}
    figs = sorted(state.figures.values(), key=lambda f: order.get(f.level, 1))
    msize = max(9, min(18, int(ppi * 0.45)))
    for f in figs:
        st = getattr(f.status, "value", f.status)
        if st == "fled":
            continue
        x, y = positions.get(f.id, (f.x, f.y))
        if piece_render.is_piece(f):
            _draw_piece(
                dst,
                cam,
                f,
                x,
                y,
                st,
                style,
                msize,
                disrupted=disrupted,
                selected=selected,
                hover=hover,
                highlight=highlight,
                acted=acted,
                ready=ready,
            )
            continue
        if x + f.base < vx0 or x - f.base > vx1 or y + f.base < vy0 or y - f.base > vy1:
            continue
        d = max(6, int(round(f.base * ppi)))
        sx, sy = cam.to_screen(x, y)
        if st == "knocked_down":
            spr = casualty_sprite(style.colour.get(f.side, (200, 200, 200)), d)
            dst.blit(spr, spr.get_rect(center=(sx, sy)))
            continue
        if f.level == "hold" and not hold_open:
            continue
        if f.level == "rigging":
            sh = shadow_sprite(d)
            dst.blit(sh, sh.get_rect(center=(sx + d // 6, sy + d // 6)))
            sy -= int(RIGGING_LIFT * ppi)
        dim = f.level == "hold" or f.id in acted
        if d >= ART_MIN_PX:  # big enough to read: the role's picture on the side-coloured base
            look = st if st in ("captive", "disarmed") else ("wounded" if f.wounds > 0 or st == "wounded" else "")
            spr = figure_sprite(
                style.role(f),
                style.colour.get(f.side, (200, 200, 200)),
                style.shape.get(f.side, "circle"),
                d,
                look or "unwounded",
                dim,
            )
        else:
            spr = base_sprite(style.colour.get(f.side, (200, 200, 200)), style.shape.get(f.side, "circle"), d, dim)
        rect = spr.get_rect(center=(sx, sy))
        dst.blit(spr, rect)
        if f.id in ready:
            ring = ring_sprite(d, (250, 250, 250), max(1, d // 14))
            dst.blit(ring, ring.get_rect(center=(sx, sy)))
        if f.id in highlight:
            ring = ring_sprite(d, (255, 120, 40), max(2, d // 8))
            dst.blit(ring, ring.get_rect(center=(sx, sy)))
        if f.id == selected:
            ring = ring_sprite(d, (255, 220, 60), max(2, d // 7))
            dst.blit(ring, ring.get_rect(center=(sx, sy)))
        elif f.id == hover:
            ring = ring_sprite(d, (200, 230, 255), max(1, d // 10))
            dst.blit(ring, ring.get_rect(center=(sx, sy)))
        if f.level in LEVEL_MARKS and d >= ART_MIN_PX:  # which level it stands on: up in the rigging, down in the hold
            lm = level_sprite(f.level, msize)
            dst.blit(lm, lm.get_rect(center=(sx - d // 2, sy - d // 4)))
        mk = markers_of(f, disrupted)
        for i, key in enumerate(mk):
            m = marker_sprite(key, msize)
            ang = math.radians(-45 + 40 * i)
            mx = sx + int((d / 2) * math.cos(ang))
            my = sy + int((d / 2) * math.sin(ang))
            dst.blit(m, m.get_rect(center=(mx, my)))
        if f.id in acted:
            a = acted_sprite(msize)
            dst.blit(a, a.get_rect(center=(sx - d // 2 + 2, sy - d // 2 + 2)))
        if f.aim > 1 and ppi >= 16:
            t = fonts.outlined(str(f.aim), max(9, msize - 4))
            dst.blit(t, (sx + d // 2, sy))
    if hover and hover in state.figures:
        f = state.figures[hover]
        x, y = positions.get(f.id, (f.x, f.y))
        sx, sy = cam.to_screen(x, y)
        if f.level == "rigging":
            sy -= int(RIGGING_LIFT * ppi)
        st = getattr(f.status, "value", f.status)
        label = (
            f"{f.name}"
            + (f" ({st.replace('_', ' ')})" if st != "unwounded" else "")
            + (f" [{f.level}]" if f.level != "deck" else "")
        )
        t = fonts.outlined(label, label_size(dst.get_size()))
        half = piece_render.reach(f) if piece_render.is_piece(f) else f.base / 2
        (labels or TableLabels(cam.viewport)).blit(dst, t, (sx, sy - int(half * ppi) - 4))
    dst.set_clip(old)


def figure_at(state, cam, sx: int, sy: int, positions: dict | None = None, hold_open: bool = True) -> str | None:
    """Id of the figure whose drawn base (or its true spot) is under a screen point, top level first."""
    positions = positions or {}
    best, best_d = None, 1e9
    wx, wy = cam.to_world(sx, sy)
    for f in state.figures.values():
        st = getattr(f.status, "value", f.status)
        if st == "fled" or (f.level == "hold" and not hold_open):
            continue
        x, y = positions.get(f.id, (f.x, f.y))
        if piece_render.is_piece(f):
            # a rectangle: the click must land on it (OD6-PIECE-2), nearest centre wins among overlaps
            d = math.hypot(wx - x, wy - y)
            if piece_render.contains(f, x, y, wx, wy) and d < best_d + (0.0 if st != "knocked_down" else 0.5):
                best, best_d = f.id, d
            continue
        cands = [(x, y)]
        if f.level == "rigging":
            cands.append((x, y - RIGGING_LIFT))
        for cx, cy in cands:
            d = math.hypot(wx - cx, wy - cy)
            if d <= f.radius + 0.05 and d < best_d + (0.0 if st != "knocked_down" else 0.5):
                best, best_d = f.id, d
    return best


def _draw_piece(
    dst,
    cam,
    f,
    x: float,
    y: float,
    st: str,
    style: FigureStyle,
    msize: int,
    *,
    disrupted,
    selected,
    hover,
    highlight,
    acted,
    ready,
) -> None:
    """One OD6 piece: its rectangle (piece_render), rings as outlines, markers along its rear edge."""
    reach = piece_render.reach(f)
    vx0, vy0, vx1, vy1 = cam.visible_world()
    if x + reach < vx0 or x - reach > vx1 or y + reach < vy0 or y - reach > vy1:
        return
    colour = style.colour.get(f.side, (200, 200, 200))
    if st == "knocked_down":
        piece_render.draw_casualty(dst, cam, f, x, y, colour)
        return
    shape = style.shape.get(f.side, "circle")
    piece_render.draw_piece(
        dst, cam, f, x, y, colour, emblem=lambda cx, cy, r: emblem_points(shape, cx, cy, r), dim=f.id in acted
    )
    d = max(6, int(round(min(piece_render.piece_size(f)) * cam.ppi)))
    if f.id in ready:
        piece_render.draw_outline(dst, cam, f, x, y, (250, 250, 250), max(1, d // 14))
    if f.id in highlight:
        piece_render.draw_outline(dst, cam, f, x, y, (255, 120, 40), max(2, d // 8))
    if f.id == selected:
        piece_render.draw_outline(dst, cam, f, x, y, (255, 220, 60), max(2, d // 7))
    elif f.id == hover:
        piece_render.draw_outline(dst, cam, f, x, y, (200, 230, 255), max(1, d // 10))
    # markers in a row along the rear edge, away from the front where the fighting is
    (fx, fy), (rx, ry) = piece_render.frame(f.facing)
    w, dep = piece_render.piece_size(f)
    mk = markers_of(f, disrupted)
    step = msize / cam.ppi
    for i, key in enumerate(mk):
        off = (i - (len(mk) - 1) / 2.0) * step * 1.1
        mx, my = x - fx * dep / 2.0 + rx * off, y - fy * dep / 2.0 + ry * off
        m = marker_sprite(key, msize)
        dst.blit(m, m.get_rect(center=cam.to_screen(mx, my)))
    if f.id in acted:
        a = acted_sprite(msize)
        cx, cy = piece_render.corners(x, y, f.facing, w, dep)[3]
        dst.blit(a, a.get_rect(center=cam.to_screen(cx, cy)))
