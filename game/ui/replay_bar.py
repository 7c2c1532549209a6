"""The replay's caption and time bar: the moment shown in words; the whole game as one strip, its game turns marked, the bookmarks as gold
flags, the moment shown as a bright line; a click on it goes to that moment."""

from __future__ import annotations

import pygame
import pygame_gui

from . import fonts

BACK = (30, 32, 40)
DONE = (96, 86, 60)
TURN = (150, 150, 160)
FLAG = (240, 200, 80)
NOW = (255, 246, 210)


CAPTION = 18


def caption(moment: str, k: int, last: int, bookmarked: bool, area: pygame.Rect, window) -> list[str]:
    """The caption above the bar: the moment, the decision it is, and whether it is bookmarked;
    wrapped to ``area``'s width, two lines at most."""
    line = f"{moment} · decision {k} of {last}" + (" · bookmarked" if bookmarked else "")
    return fonts.wrap(line, area.w - 24, fonts.scaled(CAPTION, window), bold=True)[:2]


def caption_height(lines: list[str], window) -> int:
    return len(lines) * (fonts.font(fonts.scaled(CAPTION, window), bold=True).get_linesize() + 2)


def draw_caption(surf, lines: list[str], area: pygame.Rect, window) -> None:
    y = area.y + 6
    for line in lines:
        t = fonts.outlined(line, fonts.scaled(CAPTION, window), (255, 236, 180))
        surf.blit(t, t.get_rect(midtop=(area.centerx, y)))
        y += t.get_height()


def turn_menu(manager, turns: list[int], now: int, where):
    """The menu of the game's turns showing ``now``. ``where``: its rect, or the menu it replaces
    (kept while it already shows ``now``; a menu's choice cannot be set, so a new one is made)."""
    items: list[str | tuple[str, str]] = [f"Turn {t}" for t in turns] or ["Turn 1"]
    want = f"Turn {now}" if f"Turn {now}" in items else items[0]
    if isinstance(where, pygame_gui.elements.UIDropDownMenu):
        shown = where.selected_option
        if (shown[0] if isinstance(shown, tuple) else shown) == want:
            return where
        rect = where.relative_rect
        where.kill()
        where = rect
    return pygame_gui.elements.UIDropDownMenu(items, want, where, manager)


class ReplayBar:
    def __init__(self):
        self.rect = pygame.Rect(0, 0, 0, 0)

    def x_of(self, k: int, last: int) -> int:
        return self.rect.x + (round(self.rect.w * k / last) if last else 0)

    def position_at(self, pos, last: int) -> int | None:
        """The position under a click, or None off the bar."""
        if not self.rect.inflate(0, 8).collidepoint(pos) or self.rect.w <= 0:
            return None
        return max(0, min(last, round((pos[0] - self.rect.x) / self.rect.w * last)))

    def draw(self, surf, k: int, timeline, bookmarks: list[int], size) -> None:
        r, last = self.rect, timeline.last
        if r.w <= 0:
            return
        pygame.draw.rect(surf, BACK, r, border_radius=4)
        done = r.copy()
        done.w = self.x_of(k, last) - r.x
        if done.w > 0:
            pygame.draw.rect(surf, DONE, done, border_radius=4)
        pygame.draw.rect(surf, (120, 110, 80), r, 1, border_radius=4)
        turns = timeline.turns()
        small = fonts.scaled(11, size)
        free = r.x  # a turn's number is written where the one before it has left room
        labels = []
        for t in turns:
            x = self.x_of(timeline.turn_start(t), last)
            pygame.draw.line(surf, TURN, (x, r.bottom - 6), (x, r.bottom - 1))
            lab = fonts.outlined(str(t), small, TURN, BACK, bold=False)
            if x + 2 >= free and x + 2 + lab.get_width() <= r.right:
                labels.append((lab, (x + 2, r.y + (r.h - lab.get_height()) // 2)))
                free = x + 2 + lab.get_width() + 6
        for at in bookmarks:
            x = self.x_of(at, last)
            pygame.draw.line(surf, FLAG, (x, r.y - 4), (x, r.bottom), 2)
            pygame.draw.polygon(surf, FLAG, [(x, r.y - 4), (x + 9, r.y), (x, r.y + 4)])
        x = self.x_of(k, last)
        pygame.draw.line(surf, NOW, (x, r.y - 2), (x, r.bottom + 2), 3)
        # the numbers last, edged in the bar's colour: a flag or the moment shown drawn over one
        # hid a digit ("10" read "0")
        for lab, where in labels:
            surf.blit(lab, where)
