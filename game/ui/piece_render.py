"""OD6 pieces on screen: rectangles of their true size in inches with a facing mark (OD6-PIECE-2).

A piece is ``width`` wide (its front and rear edges) and ``depth`` deep (its flanks); ``facing`` is
the front's outward normal in degrees, clockwise on screen because y grows downward (the rules'
``Piece`` frame). The corners are computed in inches and converted with the camera, so a piece is
drawn exactly where the rules think it is: touching pieces touch on screen, corner locks show at
corners. Drawn as polygons every frame (a dozen pieces cost far less than a rotated sprite cache).
"""

from __future__ import annotations

import math

import pygame
import pygame.gfxdraw

RIM = (20, 16, 12)
#: fraction of the depth given to the front band that marks the facing
FRONT_BAND = 0.28


def is_piece(fig) -> bool:
    """An OD6 rectangular base (roster width > 0), as opposed to a round base (GEO-BASE-1)."""
    return getattr(fig, "width", 0.0) > 0.0


def frame(facing: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """(forward, right) unit vectors of a facing in degrees (y down, so clockwise on screen)."""
    t = math.radians(facing)
    fx, fy = math.cos(t), math.sin(t)
    return (fx, fy), (-fy, fx)


def piece_size(fig) -> tuple[float, float]:
    """(width, depth) in inches; a roster depth of 0 means the OD6-PIECE-2 default of 1"."""
    return fig.width, (fig.depth or 1.0)


def corners(
    x: float, y: float, facing: float, width: float, depth: float, grow: float = 0.0
) -> list[tuple[float, float]]:
    """World corners front-left, front-right, rear-right, rear-left; ``grow`` inches added all round."""
    (fx, fy), (rx, ry) = frame(facing)
    hd, hw = depth / 2.0 + grow, width / 2.0 + grow
    out = []
    for a, b in ((hd, -hw), (hd, hw), (-hd, hw), (-hd, -hw)):
        out.append((x + fx * a + rx * b, y + fy * a + ry * b))
    return out


def contains(fig, x: float, y: float, wx: float, wy: float, slack: float = 0.05, facing: float | None = None) -> bool:
    """The world point (wx, wy) lies on the piece drawn at (x, y) (with ``slack`` inches), facing
    its own way or ``facing``."""
    (fx, fy), (rx, ry) = frame(fig.facing if facing is None else facing)
    w, d = piece_size(fig)
    dx, dy = wx - x, wy - y
    return abs(dx * fx + dy * fy) <= d / 2.0 + slack and abs(dx * rx + dy * ry) <= w / 2.0 + slack


def _screen(cam, pts) -> list[tuple[int, int]]:
    return [(int(round(sx)), int(round(sy))) for sx, sy in (cam.to_screen(px, py) for px, py in pts)]


def _poly(dst, pts, colour) -> None:
    pygame.gfxdraw.filled_polygon(dst, pts, colour)
    pygame.gfxdraw.aapolygon(dst, pts, colour)


def draw_piece(
    dst: pygame.Surface, cam, fig, x: float, y: float, colour: tuple[int, int, int], *, emblem=None, dim: bool = False
) -> None:
    """The piece's body in its side colour with a dark rim, a lighter band along its front edge and
    a chevron pointing the way it faces; ``emblem(cx, cy, r)`` → points of the side's shape (an
    empty list draws a disc: the "circle" emblem)."""
    w, d = piece_size(fig)
    col = tuple(int(v * 0.55) for v in colour) if dim else tuple(colour)
    ppi = cam.ppi
    rim_in = max(1.0, ppi * 0.06) / ppi  # about 1/16" of rim, at least one pixel
    _poly(dst, _screen(cam, corners(x, y, fig.facing, w, d)), RIM)
    _poly(dst, _screen(cam, corners(x, y, fig.facing, w, d, -rim_in)), col)
    light = (245, 240, 225) if sum(colour) < 520 else (30, 30, 30)
    # the front band: the front edge is where contact, flank and rear are judged (OD6-ENG-1)
    (fx, fy), (rx, ry) = frame(fig.facing)
    band = d * FRONT_BAND
    inner_d, inner_w = d - 2 * rim_in, w - 2 * rim_in
    bx, by = x + fx * (inner_d / 2.0 - band / 2.0), y + fy * (inner_d / 2.0 - band / 2.0)
    band_col = tuple(min(255, int(v * 0.45 + lv * 0.55)) for v, lv in zip(col, light))
    _poly(dst, _screen(cam, corners(bx, by, fig.facing, inner_w, band)), band_col)
    # chevron on the front band pointing forward
    k = band * 0.9
    tip = (x + fx * (inner_d / 2.0), y + fy * (inner_d / 2.0))
    base_c = (tip[0] - fx * k, tip[1] - fy * k)
    chev = [tip, (base_c[0] + rx * k, base_c[1] + ry * k), (base_c[0] - rx * k, base_c[1] - ry * k)]
    _poly(dst, _screen(cam, chev), RIM)
    # the side's emblem in the rear part, so colour-blind players still tell sides apart
    if emblem is not None:
        er = min(inner_w, inner_d - band) * 0.28
        ex, ey = x - fx * band / 2.0, y - fy * band / 2.0
        pts = emblem(ex, ey, er)
        if pts:
            _poly(dst, _screen(cam, pts), light)
        else:
            cx, cy = cam.to_screen(ex, ey)
            r = max(1, int(er * ppi))
            pygame.gfxdraw.filled_circle(dst, int(cx), int(cy), r, light)
            pygame.gfxdraw.aacircle(dst, int(cx), int(cy), r, light)


def draw_outline(
    dst: pygame.Surface, cam, fig, x: float, y: float, colour: tuple[int, int, int], width_px: int
) -> None:
    """A ring round the piece (selection, hover, highlight), ``width_px`` pixels thick."""
    w, d = piece_size(fig)
    grow = (width_px / 2.0 + 1.0) / cam.ppi
    pygame.draw.polygon(dst, colour, _screen(cam, corners(x, y, fig.facing, w, d, grow)), max(1, width_px))


def draw_casualty(dst: pygame.Surface, cam, fig, x: float, y: float, colour: tuple[int, int, int]) -> None:
    """OD6-RES-2 casualty marker: the piece's outline, darkened and crossed."""
    w, d = piece_size(fig)
    pts = _screen(cam, corners(x, y, fig.facing, w, d))
    surf_col = (*[int(v * 0.4) for v in colour], 150)
    pygame.gfxdraw.filled_polygon(dst, pts, surf_col)
    lw = max(1, int(cam.ppi * d / 8))
    pygame.draw.line(dst, (230, 220, 200), pts[0], pts[2], lw)
    pygame.draw.line(dst, (230, 220, 200), pts[1], pts[3], lw)


def reach(fig) -> float:
    """Half the diagonal in inches: how far from its centre a piece can be drawn."""
    w, d = piece_size(fig)
    return math.hypot(w, d) / 2.0
