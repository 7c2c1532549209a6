"""Rules reference (F1): a player-facing entry for every rule the log cites, the chance cards and the
duel terms, with a search box that filters as one types; and the keys.

Drawn by hand rather than in a pygame_gui ``UITextBox``: the text box lays out its whole HTML on
every change (measured: ~3 s for the full reference on a loaded 2-core machine, every keystroke in
the search box), while here the text is wrapped once per query and width and each frame blits only
the visible lines from the text cache.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame_gui

from .. import fonts
from ..rules_text import search
from ..widgets import button, label
from .base import Scene

KEYS = (
    (
        "Click a figure: activate or select · right-click a figure: pin its card · click the table: move · "
        "right-click elsewhere / Esc: cancel"
    ),
    "Wheel / + -: zoom · drag, arrows, WASD, screen edge: pan · Home: fit",
    "M: tape · L: line of sight · T: zones · Ctrl+Z: undo · Ctrl+S: save · F11: full screen · F1: rules",
    "Demo: Space pause · N step · 1–4 speed 1×–8×",
    (
        "Marks on the table: gold outline — in the mêlée being fought · red strokes — engaged · red dashed "
        "ring with ticks — surrounded (cannot be pushed back) · cyan dashed ring — may react now · white "
        "dashed base and arrow — where a pushback would put the figure · chevron — up in the rigging or "
        "down in the hold · red rim and bandage — wounded · grey and roped — captive · cross — knocked down"
    ),
    "Select a line of the log, then F1: the reference opens at the rule that line cites.",
)
BG = (27, 28, 34)
HEAD = (224, 184, 87)
ID = (224, 184, 87)
TEXT = (232, 226, 210)


@lru_cache(maxsize=32)
def reference_lines(query: str, width: int, size: int) -> tuple[tuple[str, str, int], ...]:
    """(text, kind, indent) lines of the reference for ``query``, wrapped to ``width`` px; kind is
    "head", "id" (a rule ID or term, with its text on the same line) or "text"."""
    secs, terms = search(query)
    out: list[tuple[str, str, int]] = []
    bold = fonts.font(size, True)
    gap = bold.size("  ")[0]
    id_w = max((bold.size(r)[0] for _, items in secs for r, _ in items), default=0) + gap

    def entry(key: str, text: str, key_w: int) -> None:
        lines = fonts.wrap(text, max(80, width - key_w), size) or [""]
        out.append((key + "\t" + lines[0], "id", key_w))
        out.extend((ln, "text", key_w) for ln in lines[1:])

    if not query.strip():
        out.append(("Keys", "head", 0))
        for k in KEYS:
            out.extend((ln, "text", 0) for ln in fonts.wrap(k, width, size))
        out.append(("", "text", 0))
    if terms:
        out.append(("Terms and cards", "head", 0))
        term_w = max(bold.size(k)[0] for k, _ in terms) + gap
        for k, x in terms:
            entry(k, x, term_w)
        out.append(("", "text", 0))
    for title, items in secs:
        out.append((title, "head", 0))
        for rid, text in items:
            entry(rid, text, id_w)
        out.append(("", "text", 0))
    if not secs and not terms:
        out.append(("Nothing matches.", "text", 0))
    return tuple(out)


class RulesScene(Scene):
    def __init__(self, app, query: str = ""):
        super().__init__(app)
        self.query = query

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        from ..theme import ui_metrics

        p = ui_metrics(m).px  # laid out for 1280×800, grown with the theme's fonts
        label(m, (30, p(12), min(p(420), w - 60), p(50)), "Rules reference", object_id="#title")
        sw = max(p(160), min(p(420), w - p(520)))
        label(m, (w - 30 - sw - p(70), p(24), p(66), p(30)), "Search")
        self.search = pygame_gui.elements.UITextEntryLine(pygame.Rect(w - 30 - sw, p(22), sw, p(34)), m)
        self.search.set_text(self.query)
        self.back = button(m, (30, h - p(60), p(160), p(44)), "Back")
        self.rect = pygame.Rect(30, p(70), w - 60, h - p(140))
        self.size_px = fonts.scaled(15, (w, h))
        self.line_h = fonts.font(self.size_px).get_linesize()
        self.scroll = 0
        self._wrap()

    def _wrap(self) -> None:
        self.lines = reference_lines(self.query, self.rect.w - 24, self.size_px)
        self.scroll = 0
        self._surfs: dict[int, pygame.Surface] = {}  # rendered lines of this query, dropped with it

    def _line(self, i: int) -> pygame.Surface:
        """Line ``i`` rendered once (not through fonts.text: hundreds of wide lines would crowd the
        shared text cache, whose slots are counted, not their bytes)."""
        s = self._surfs.get(i)
        if s is None:
            text, kind, indent = self.lines[i]
            size = self.size_px
            if kind == "head":
                s = fonts.render(text, size + 2, HEAD, True)
            elif kind == "id":
                key, _, body = text.partition("\t")
                k = fonts.render(key, size, ID, True)
                b = fonts.render(body, size, TEXT)
                s = pygame.Surface((indent + b.get_width(), max(k.get_height(), b.get_height())), pygame.SRCALPHA)
                s.blit(k, (0, 0))
                s.blit(b, (indent, 0))
            else:
                b = fonts.render(text or " ", size, TEXT)
                s = pygame.Surface((indent + b.get_width(), b.get_height()), pygame.SRCALPHA)
                s.blit(b, (indent, 0))
            self._surfs[i] = s
        return s

    @property
    def visible(self) -> int:
        return max(1, (self.rect.h - 12) // self.line_h)

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.query = self.search.get_text()
            self._wrap()
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * 3)
        elif event.type == pygame.KEYDOWN and not consumed:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_DOWN):
                self._scroll(self.visible - 2 if event.key == pygame.K_PAGEDOWN else 1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_UP):
                self._scroll(-(self.visible - 2) if event.key == pygame.K_PAGEUP else -1)

    def _scroll(self, n: int) -> None:
        self.scroll = max(0, min(self.scroll + n, max(0, len(self.lines) - self.visible)))

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        r = self.rect
        pygame.draw.rect(surf, BG, r)
        pygame.draw.rect(surf, (90, 80, 60), r, 1)
        old = surf.get_clip()
        surf.set_clip(r)
        y = r.y + 6
        for i in range(self.scroll, min(len(self.lines), self.scroll + self.visible)):
            surf.blit(self._line(i), (r.x + 12, y))
            y += self.line_h
        if len(self.lines) > self.visible:  # where we are in the reference
            frac = self.scroll / max(1, len(self.lines) - self.visible)
            bh = max(20, r.h * self.visible // len(self.lines))
            by = r.y + int((r.h - bh) * frac)
            pygame.draw.rect(surf, (110, 100, 70), (r.right - 6, by, 4, bh))
        surf.set_clip(old)
