"""The camera: which part of the table (inches) shows in the map viewport (pixels).

Zoom moves in fixed steps of pixels per inch, so the map renderer can cache one pre-scaled
surface per step. Panning is in inches and frame-rate independent (speed × dt).
"""

from __future__ import annotations

import pygame

#: pixels per inch at each zoom step
ZOOM_STEPS = (8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 40, 48, 56, 64)
#: Pixels of the table's pre-scaled ground at most (4 bytes each): a big table zooms in less far,
#: so the window's memory stays bounded whatever the map (a 200-inch table stops at 14 px/inch).
MAX_GROUND_PIXELS = 2896 * 2896
PAN_SPEED = 900.0  # screen pixels per second for keys and screen edges
EDGE = 12  # pixels from the viewport border that pan the view


class Camera:
    def __init__(self, map_w: float, map_h: float, viewport: pygame.Rect):
        self.map_w, self.map_h = float(map_w), float(map_h)
        self.viewport = pygame.Rect(viewport)
        self.step = 0
        #: the closest zoom step whose ground fits MAX_GROUND_PIXELS (the farthest step always does)
        self.top = max(
            [i for i, p in enumerate(ZOOM_STEPS) if self.map_w * p * self.map_h * p <= MAX_GROUND_PIXELS] or [0]
        )
        self.ox = 0.0  # inches at the viewport's left edge
        self.oy = 0.0
        self.fit()

    # -- zoom -----------------------------------------------------------------------------------
    @property
    def ppi(self) -> int:
        return ZOOM_STEPS[self.step]

    def fit(self) -> None:
        """Largest zoom step that shows the whole table, centred."""
        vw, vh = max(1, self.viewport.w), max(1, self.viewport.h)
        best = 0
        for i, p in enumerate(ZOOM_STEPS[: self.top + 1]):
            if self.map_w * p <= vw and self.map_h * p <= vh:
                best = i
        self.step = best
        self.centre_on(self.map_w / 2, self.map_h / 2)

    def set_viewport(self, rect: pygame.Rect) -> None:
        """A new viewport; when its size changed (a window resize, a new layout) the camera refits, so
        the table fills the new view instead of keeping a zoom picked for the old one."""
        rect = pygame.Rect(rect)
        if rect.size != self.viewport.size:
            self.viewport = rect
            self.fit()
            return
        cx, cy = self.centre()
        self.viewport = rect
        self.centre_on(cx, cy)

    def zoom(self, direction: int, anchor: tuple[int, int] | None = None) -> bool:
        """Zoom one step in (+1) or out (-1), keeping the table point under ``anchor`` fixed."""
        new = max(0, min(self.top, self.step + (1 if direction > 0 else -1)))
        if new == self.step:
            return False
        ax, ay = anchor if anchor is not None else self.viewport.center
        wx, wy = self.to_world(ax, ay)
        self.step = new
        self.ox = wx - (ax - self.viewport.x) / self.ppi
        self.oy = wy - (ay - self.viewport.y) / self.ppi
        self.clamp()
        return True

    # -- pan ------------------------------------------------------------------------------------
    def centre(self) -> tuple[float, float]:
        return (self.ox + self.viewport.w / 2 / self.ppi, self.oy + self.viewport.h / 2 / self.ppi)

    def centre_on(self, x: float, y: float) -> None:
        self.ox = x - self.viewport.w / 2 / self.ppi
        self.oy = y - self.viewport.h / 2 / self.ppi
        self.clamp()

    def pan_pixels(self, dx: float, dy: float) -> None:
        self.ox += dx / self.ppi
        self.oy += dy / self.ppi
        self.clamp()

    def clamp(self) -> None:
        vw, vh = self.viewport.w / self.ppi, self.viewport.h / self.ppi
        margin = 2.0
        if vw >= self.map_w + 2 * margin:
            self.ox = (self.map_w - vw) / 2
        else:
            self.ox = min(max(self.ox, -margin), self.map_w + margin - vw)
        if vh >= self.map_h + 2 * margin:
            self.oy = (self.map_h - vh) / 2
        else:
            self.oy = min(max(self.oy, -margin), self.map_h + margin - vh)

    def update(self, dt: float, keys, mouse_pos, focused: bool, edge_pan: bool = True) -> None:
        """Pan by held keys (arrows / WASD) and by the mouse at the viewport edge."""
        dx = dy = 0.0
        if keys is not None:
            if keys[pygame.K_LEFT] or keys[pygame.K_a]:
                dx -= 1
            if keys[pygame.K_RIGHT] or keys[pygame.K_d]:
                dx += 1
            if keys[pygame.K_UP] or keys[pygame.K_w]:
                dy -= 1
            if keys[pygame.K_DOWN] or keys[pygame.K_s]:
                dy += 1
        if edge_pan and focused and mouse_pos is not None and self.viewport.collidepoint(mouse_pos):
            mx, my = mouse_pos
            v = self.viewport
            if mx < v.left + EDGE:
                dx -= 1
            elif mx >= v.right - EDGE:
                dx += 1
            if my < v.top + EDGE:
                dy -= 1
            elif my >= v.bottom - EDGE:
                dy += 1
        if dx or dy:
            self.pan_pixels(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    # -- conversions ------------------------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        p = self.ppi
        return (int(round(self.viewport.x + (x - self.ox) * p)), int(round(self.viewport.y + (y - self.oy) * p)))

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        p = self.ppi
        return (self.ox + (sx - self.viewport.x) / p, self.oy + (sy - self.viewport.y) / p)

    def visible_world(self) -> tuple[float, float, float, float]:
        return (self.ox, self.oy, self.ox + self.viewport.w / self.ppi, self.oy + self.viewport.h / self.ppi)
