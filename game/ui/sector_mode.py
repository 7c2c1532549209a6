"""Escarmouche groups move sector to sector (ESC-SEC-1): while a group of the person at the screen
chooses its action, the sectors it may enter are drawn hatched with their names, its own sector
outlined; hovering a sector says whether the group may go there (and why not), a click there moves
it. A click on an enemy still shoots or assaults through the option list and the figure menus.
"""

from __future__ import annotations

import pygame

from game.rules.refusals import Cause, Refusal

from . import fonts
from .input_modes import BAD, OK, Mode, _label, _refusal_lines, dashed_line

HATCH = (120, 230, 150)


def sector_moves(pending) -> dict[str, object]:
    """{sector id: the move option into it} of an Escarmouche group's action question."""
    info = pending.info if pending is not None and isinstance(pending.info, dict) else {}
    if pending is None or "sector" not in info or "group" not in info:
        return {}
    return {d.option: d for d in pending.options if d.kind == "move" and d.option and d.x is None}


def sector_at(match, x: float, y: float) -> str | None:
    try:
        return match.table.sector_at(x, y) or None
    except Exception:  # noqa: BLE001 - off every sector (or a map without sectors)
        return None


class SectorMode(Mode):
    name = "sector"

    def __init__(self):
        self.mouse: tuple[float, float] | None = None
        self.sector: str | None = None
        self.refused: Refusal | None = None

    @property
    def hint(self) -> str:
        return "Click a hatched sector to move the group there · the list holds its other actions"

    def on_motion(self, scene, wx, wy) -> None:
        self.mouse = (wx, wy)
        p = scene.match.pending
        moves = sector_moves(p)
        self.sector = sector_at(scene.match, wx, wy)
        here = p.info.get("sector") if p is not None and isinstance(p.info, dict) else None
        if self.sector is None or self.sector in moves:
            self.refused = None
        elif self.sector == here:
            self.refused = Refusal(
                Cause.NOT_OFFERED, detail=f"the group already stands in {self.sector}: hold it from the list"
            )
        else:
            self.refused = Refusal(
                Cause.NOT_OFFERED,
                detail=f"{self.sector} is not next to {here}: a group moves one sector at a time",
                rule="ESC-SEC-1",
            )

    def on_click(self, scene, wx, wy, fid) -> bool:
        self.on_motion(scene, wx, wy)
        d = sector_moves(scene.match.pending).get(self.sector or "")
        if d is None:
            scene.toast(self.refused.words() if self.refused else "no sector there", BAD)
            return True
        scene.decide(d)
        return True

    def draw(self, scene, dst) -> None:
        m = scene.match
        p = m.pending
        moves = sector_moves(p)
        if not moves:
            return
        cam = scene.camera
        here = p.info.get("sector")
        for s in m.table.map.sectors:
            pts = [cam.to_screen(x, y) for x, y in s.points]
            if s.id in moves:
                _hatch(dst, pts, HATCH)
                pygame.draw.polygon(dst, (0, 0, 0), pts, 4)
                pygame.draw.polygon(dst, HATCH, pts, 2)
            elif s.id == here:
                for a, b in zip(pts, pts[1:] + pts[:1]):
                    dashed_line(dst, (0, 0, 0), a, b, 5, 10)
                    dashed_line(dst, (255, 255, 255), a, b, 2, 10)
            else:
                continue
            cx = sum(x for x, _ in pts) // len(pts)
            cy = sum(y for _, y in pts) // len(pts)
            t = fonts.outlined(
                s.id + (" (here)" if s.id == here else ""), fonts.scaled(16, dst.get_size()), (255, 255, 255)
            )
            dst.blit(t, t.get_rect(center=(cx, cy)))
        if self.mouse is None or self.sector is None:
            return
        mx, my = cam.to_screen(*self.mouse)
        if self.sector in moves:
            n = len(p.info.get("group") or ())
            _label(dst, f"Move the group ({n} figures) to {self.sector}", (mx, my), OK, 15)
        elif self.refused is not None:
            _refusal_lines(dst, self.refused.words(), (mx, my))


def _hatch(dst, pts, colour) -> None:
    """Diagonal lines across a polygon (the pattern tells it apart without its colour)."""
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    r = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).clip(dst.get_clip())
    if r.w <= 0 or r.h <= 0:
        return
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    for k in range(-r.h, r.w, 10):
        pygame.draw.line(layer, (*colour, 110), (k, r.h), (k + r.h, 0), 1)
    mask = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - r.x, y - r.y) for x, y in pts])
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    dst.blit(layer, r.topleft)
