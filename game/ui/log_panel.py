"""The combat log: every event as one readable line with its rule ID; dice faces drawn, never hidden.

Hand-rolled rather than a pygame_gui ``UITextBox``: the text box re-parses and re-lays out its
whole HTML text on every append (measured in tools/bench.py ``frame``: 58–78 ms for one append to a
500-line log on this machine, against 0.27 ms to append and draw here), and it cannot report which line was clicked.
Here each entry is rendered once when it arrives; a frame blits only the visible lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import fonts
from .dice_art import die_face
from .log_words import format_event

BG = (24, 26, 32)
FG = (226, 222, 210)
MUTED = (140, 140, 150)
SEL = (70, 60, 35)
KIND_COLOURS = {
    "DiceRolled": (240, 215, 130),
    "TurnStarted": (150, 200, 255),
    "PlayerTurnStarted": (150, 200, 255),
    "GameOver": (255, 150, 120),
    "StatusChanged": (255, 160, 150),
    "Moved": (200, 225, 200),
}
SIZE = 14
LINE_H = 18
DIE = 14


@dataclass
class Entry:
    text: str
    rule: str
    figures: tuple[str, ...]
    kind: str
    dice: tuple[tuple[int, int], ...] = ()
    surfs: list | None = None
    width: int = 0
    event: object = None
    """The event the line says (its dice open the "Why?")."""


def split_rule(text: str, rule: str) -> str:
    tail = f" ({rule})"
    return text[: -len(tail)] if rule and text.endswith(tail) else text


class LogPanel:
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.entries: list[Entry] = []
        self.scroll = 0  # lines scrolled up from the bottom
        self.selected: int | None = None
        self._layout: list[tuple[int, int]] = []  # (entry index, line index) for every visual line
        self._dirty = True
        self.why: int | None = None
        """The entry whose dice were just clicked: the battle opens its "Why?" (take_why)."""
        self.size, self.line_h, self.die = SIZE, LINE_H, DIE
        self._scale()

    def _scale(self) -> None:
        """Text size for the window (fonts.scaled): 14 px at 800 px high, up to ~25 at 1440."""
        disp = pygame.display.get_surface() if pygame.display.get_init() else None
        size = fonts.scaled(SIZE, disp.get_size()) if disp is not None else SIZE
        size = min(size, max(SIZE, self.rect.w // 26))  # a narrow panel keeps ~40 characters a line
        if size != getattr(self, "size", None):
            self.size = size
            self.line_h = max(LINE_H, fonts.font(size).get_linesize())
            self.die = max(DIE, size)
            for e in self.entries:
                e.surfs = None
            self._dirty = True

    def set_rect(self, rect: pygame.Rect) -> None:
        if rect.size != self.rect.size:
            self._dirty = True
            for e in self.entries:
                e.surfs = None
        self.rect = pygame.Rect(rect)
        self._scale()

    def clear(self) -> None:
        self.entries.clear()
        self.selected = None
        self.scroll = 0
        self._dirty = True

    def add(self, ev, state=None) -> None:
        text = split_rule(format_event(ev, state), ev.rule)
        dice: tuple[tuple[int, int], ...] = ()
        faces = getattr(ev, "faces", None)
        if faces:
            dice = tuple((int(getattr(ev, "die", 6)), int(f)) for f in faces)
        self.entries.append(Entry(text, ev.rule, tuple(ev.figures()), type(ev).__name__, dice, event=ev))
        self._dirty = True

    def _render(self, e: Entry) -> None:
        width = self.rect.w - 12
        colour = KIND_COLOURS.get(e.kind, FG)
        rule = fonts.text(e.rule, max(11, self.size - 3), MUTED) if e.rule else None
        lead = 0
        if e.dice:
            lead = min(len(e.dice), 6) * (self.die + 2) + 4
        avail = width - lead - (rule.get_width() + 6 if rule else 0)
        lines = fonts.wrap(e.text, max(40, avail), self.size)
        surfs = []
        for i, line in enumerate(lines):
            s = pygame.Surface((width, self.line_h), pygame.SRCALPHA)
            x = 0
            if i == 0 and e.dice:
                for die, face in e.dice[:6]:
                    s.blit(die_face(die, face, self.die), (x, 2))
                    x += self.die + 2
                x += 4
            elif e.dice:
                x = lead
            s.blit(fonts.render(line, self.size, colour), (x, 0))  # once: not via the text cache, whose
            # 4,096 slots would otherwise fill with copies of log lines (~15 KB each) kept here already
            if i == 0 and rule:
                s.blit(rule, (width - rule.get_width(), 3))
            surfs.append(s)
        e.surfs = surfs
        e.width = self.rect.w

    def _relayout(self) -> None:
        self._layout = []
        for i, e in enumerate(self.entries):
            if e.surfs is None or e.width != self.rect.w:
                self._render(e)
            assert e.surfs is not None, "just rendered"
            for j in range(len(e.surfs)):
                self._layout.append((i, j))
        self._dirty = False

    @property
    def visible_lines(self) -> int:
        return max(1, (self.rect.h - 8) // self.line_h)

    def handle_event(self, event) -> tuple[str, ...] | None:
        """Wheel scrolls; a click selects a line and returns the figures it involves."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll = max(0, min(self.scroll + event.y * 3, max(0, len(self._layout) - self.visible_lines)))
                return ()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self._dirty:
                self._relayout()
            row = (event.pos[1] - self.rect.y - 4) // self.line_h
            first = max(0, len(self._layout) - self.visible_lines - self.scroll)
            k = first + row
            if 0 <= k < len(self._layout) and row < self.visible_lines:
                idx, line = self._layout[k]
                e = self.entries[idx]
                if e.dice and line == 0 and event.pos[0] < self.rect.x + 6 + self.dice_width(e):
                    self.why = idx  # a click on the dice asks why they came out as they did
                    self.selected = idx
                    return e.figures
                self.selected = None if self.selected == idx else idx
                return self.entries[idx].figures if self.selected is not None else ()
            return ()
        return None

    def dice_width(self, e: Entry) -> int:
        """Pixels the line's dice take at its start (the "Why?" click area)."""
        return min(len(e.dice), 6) * (self.die + 2) + 4 if e.dice else 0

    def take_why(self):
        """The event whose dice were clicked since the last call, or None."""
        i, self.why = self.why, None
        return self.entries[i].event if i is not None and i < len(self.entries) else None

    def reveal(self, index: int) -> None:
        """Scroll so that entry ``index``'s first line is in view."""
        if self._dirty:
            self._relayout()
        at = next((k for k, (i, j) in enumerate(self._layout) if i == index and j == 0), None)
        if at is None:
            return
        n = self.visible_lines
        first = max(0, len(self._layout) - n - self.scroll)
        if not first <= at < first + n:
            self.scroll = max(0, len(self._layout) - n - at)

    def dice_spot(self, index: int) -> tuple[int, int] | None:
        """Screen point of entry ``index``'s first die when its line is visible (tests click there)."""
        if self._dirty:
            self._relayout()
        first = max(0, len(self._layout) - self.visible_lines - self.scroll)
        for k in range(first, min(len(self._layout), first + self.visible_lines)):
            if self._layout[k] == (index, 0):
                return (self.rect.x + 6 + self.die // 2, self.rect.y + 4 + (k - first) * self.line_h + self.line_h // 2)
        return None

    def draw(self, dst: pygame.Surface) -> None:
        if self._dirty:
            self._relayout()
        pygame.draw.rect(dst, BG, self.rect)
        pygame.draw.rect(dst, (70, 70, 80), self.rect, 1)
        n = self.visible_lines
        first = max(0, len(self._layout) - n - self.scroll)
        y = self.rect.y + 4
        old = dst.get_clip()
        dst.set_clip(self.rect)
        for k in range(first, min(len(self._layout), first + n)):
            i, j = self._layout[k]
            if i == self.selected:
                pygame.draw.rect(dst, SEL, (self.rect.x + 2, y, self.rect.w - 4, self.line_h))
            surfs = self.entries[i].surfs
            assert surfs is not None, "laid out entries are rendered"
            dst.blit(surfs[j], (self.rect.x + 6, y))
            y += self.line_h
        if self.scroll:
            t = fonts.text(f"▼ {self.scroll} more lines below", max(11, self.size - 3), MUTED)
            dst.blit(t, (self.rect.right - t.get_width() - 6, self.rect.bottom - t.get_height() - 2))
        dst.set_clip(old)
