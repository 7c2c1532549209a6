"""How to play: five short paragraphs with pictures (game/ui/how_to_play.py), from the menu and from
the battle. The page is drawn once per window size and scrolled (wheel, arrows, Page Up/Down) when
the window is too short for it."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import fonts
from ..how_to_play import SECTIONS, picture
from ..theme import ui_metrics
from ..widgets import button, label
from .base import Scene

BG = (22, 23, 29)
HEAD = (224, 184, 87)
TEXT = (232, 226, 210)


class HowToPlayScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        um = ui_metrics(m)
        p = um.px
        label(m, (p(30), p(12), p(600), p(50)), "How to play", object_id="#title")
        label(
            m,
            (p(32), p(58), p(600), p(22)),
            "The boarding games' rules in five paragraphs; F1 in a battle has every rule.",
            object_id="#small",
        )
        self.back = button(m, (p(30), h - p(60), p(160), p(44)), "Back")
        self.rules_btn = button(m, (p(200), h - p(60), p(200), p(44)), "Rules reference")
        # lines of a readable length: the page keeps to about 1150 px of a 1280×800 layout
        self.view = pygame.Rect(p(30), p(90), min(w - p(60), p(1150)), h - p(90) - p(72))
        self.page = self.render_page(self.view.w, fonts.scaled(16, (w, h)), fonts.scaled(20, (w, h)))
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    @staticmethod
    def render_page(width: int, size: int, head: int) -> pygame.Surface:
        """The whole page at this width: each section's picture on the left, its words on the right."""
        pic_w = max(160, width // 4)
        text_w = width - pic_w - 24
        line = fonts.font(size).get_linesize()
        blocks = []
        for sec in SECTIONS:
            lines = fonts.wrap(sec.text, text_w, size)
            text_h = fonts.font(head, True).get_linesize() + 6 + line * len(lines)
            pic_h = max(int(pic_w * 0.62), min(text_h, int(pic_w * 0.8)))
            blocks.append((sec, lines, max(text_h, pic_h), pic_h))
        total = sum(b[2] for b in blocks) + 24 * (len(blocks) - 1)
        page = pygame.Surface((width, max(1, total)), pygame.SRCALPHA)
        y = 0
        for sec, lines, bh, pic_h in blocks:
            pygame.draw.rect(page, (32, 33, 41), (0, y, pic_w, pic_h), border_radius=6)
            page.blit(picture(sec.picture, pic_w, pic_h), (0, y))
            x = pic_w + 24
            t = fonts.text(sec.title, head, HEAD, True)
            page.blit(t, (x, y))
            ty = y + t.get_height() + 6
            for ln in lines:
                page.blit(fonts.text(ln, size, TEXT), (x, ty))
                ty += line
            y += bh + 24
        return page

    def max_scroll(self) -> int:
        return 0 if self.page is None else max(0, self.page.get_height() - self.view.h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.rules_btn:
                from .rules_ref import RulesScene

                self.app.push(RulesScene(self.app))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
        elif event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: self.view.h - 40}
            step[pygame.K_PAGEUP] = -(self.view.h - 40)
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key in step:
                self.scroll_by(step[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self.max_scroll()

    def draw(self, surf) -> None:
        surf.fill(BG)
        if self.page is None:
            return
        surf.blit(self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h))
        if self.max_scroll():  # a thin bar says there is more below (or above)
            v = self.view
            bar_h = max(20, v.h * v.h // self.page.get_height())
            y = v.y + (v.h - bar_h) * self.scroll // self.max_scroll()
            pygame.draw.rect(surf, (90, 84, 66), (v.right + 6, y, 4, bar_h), border_radius=2)
