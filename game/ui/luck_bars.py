"""Luck as bars: each side's mean percentile against the average (a line at 50 %)."""

from __future__ import annotations

import pygame

from . import fonts
from .strength_chart import SIDE_COLOURS, TEXT


def draw_luck(dst: pygame.Surface, rep, area: pygame.Rect) -> None:
    names = dict(rep.sides)
    order = [s for s, _ in rep.sides]
    rows = sorted(rep.luck, key=lambda x: order.index(x.side))
    if not rows:
        return
    size = max(12, area.h // (len(rows) + 1) // 2)
    h = area.h // (len(rows) + 1)
    name_w = max(fonts.font(size).size(fonts.safe(names.get(x.side, x.side)))[0] for x in rows) + 12
    bar = pygame.Rect(area.x + name_w, area.y, area.w - name_w - 60, h)
    for i, x in enumerate(rows):
        y = area.y + i * h + h // 4
        colour = SIDE_COLOURS[order.index(x.side) % len(SIDE_COLOURS)]
        dst.blit(fonts.text(names.get(x.side, x.side), size, colour), (area.x, y))
        pygame.draw.rect(dst, (40, 42, 52), (bar.x, y, bar.w, h // 2))
        pygame.draw.rect(dst, colour, (bar.x, y, round(bar.w * x.mean), h // 2))
        t = fonts.text(f"{round(x.mean * 100)} %", size, TEXT)
        dst.blit(t, (bar.x + bar.w + 8, y))
    mid = bar.x + bar.w // 2
    bottom = area.y + len(rows) * h
    pygame.draw.line(dst, (240, 240, 240), (mid, area.y), (mid, bottom), 2)
    t = fonts.text("average dice", max(11, size - 3), TEXT)
    dst.blit(t, (mid - t.get_width() // 2, bottom))
