"""The after-action chart: each side's fighting strength decision by decision, the game turns along
the bottom, the decisive moments as numbered marks a click opens. Draws an ``AfterAction``
(game/report/after_action.py); pixels only here."""

from __future__ import annotations

import pygame

from . import fonts

#: a side's line colour by its place in the scenario
SIDE_COLOURS = ((235, 110, 90), (110, 170, 240), (140, 210, 120), (230, 200, 90))
GRID = (60, 62, 72)
TEXT = (200, 200, 205)
MARK = (250, 220, 120)


class StrengthChart:
    def __init__(self, report, rect: pygame.Rect, size: int = 14):
        self.report = report
        self.rect = pygame.Rect(rect)
        self.size = size
        self.marks: list[tuple[pygame.Rect, int]] = []
        """(clickable box, index into report.moments) of each drawn mark."""

    def _plot(self) -> pygame.Rect:
        pad = fonts.font(self.size).get_linesize()
        r = self.rect
        return pygame.Rect(r.x + pad * 2 + 8, r.y + pad + 4, r.w - pad * 2 - 16, r.h - pad * 3 - 8)

    def x_of(self, k: int) -> int:
        plot = self._plot()
        n = max(1, len(self.report.strength) - 1)
        return plot.x + round(plot.w * k / n)

    def draw(self, dst: pygame.Surface) -> None:
        rep = self.report
        plot = self._plot()
        pygame.draw.rect(dst, (26, 28, 36), self.rect)
        pygame.draw.rect(dst, GRID, self.rect, 1)
        top = max((max(s.values()) for s in rep.strength if s), default=1.0) or 1.0
        small = max(11, self.size - 2)
        for frac in (0.0, 0.5, 1.0):
            y = plot.bottom - round(plot.h * frac)
            pygame.draw.line(dst, GRID, (plot.x, y), (plot.right, y))
            t = fonts.text(f"{top * frac:.0f}", small, TEXT)
            dst.blit(t, (plot.x - t.get_width() - 6, y - t.get_height() // 2))
        last_x = -999
        for turn, k in rep.turns:
            x = self.x_of(k)
            pygame.draw.line(dst, GRID, (x, plot.y), (x, plot.bottom))
            t = fonts.text(str(turn), small, TEXT)
            if x - last_x > t.get_width() + 6:
                dst.blit(t, (x - t.get_width() // 2, plot.bottom + 4))
                last_x = x
        cap = fonts.text("game turn", small, TEXT)
        dst.blit(cap, (plot.right - cap.get_width(), plot.bottom + 4 + cap.get_height()))
        lx = plot.x
        for i, (sid, name) in enumerate(rep.sides):
            colour = SIDE_COLOURS[i % len(SIDE_COLOURS)]
            pts = [
                (self.x_of(k), plot.bottom - round(plot.h * s.get(sid, 0.0) / top)) for k, s in enumerate(rep.strength)
            ]
            if len(pts) >= 2:
                step = []  # a step line: strength holds between decisions
                for (x0, y0), (x1, _y1) in zip(pts, pts[1:]):
                    step += [(x0, y0), (x1, y0)]
                step.append(pts[-1])
                pygame.draw.lines(dst, colour, False, step, 2)
            key = fonts.text(f"— {name}", small, colour)
            dst.blit(key, (lx, self.rect.y + 4))
            lx += key.get_width() + 18
        self.marks = []
        for i, mo in enumerate(rep.moments):
            x = self.x_of(mo.decision + 1)
            y = plot.y + 10
            pygame.draw.line(dst, MARK, (x, y), (x, plot.bottom), 1)
            r = max(9, self.size // 2 + 3)
            pygame.draw.circle(dst, MARK, (x, y), r)
            t = fonts.text(str(i + 1), small, (20, 20, 20))
            dst.blit(t, (x - t.get_width() // 2, y - t.get_height() // 2))
            self.marks.append((pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6), i))

    def mark_at(self, pos) -> int | None:
        """The moment whose mark is under ``pos``, or None."""
        for box, i in self.marks:
            if box.collidepoint(pos):
                return i
        return None
