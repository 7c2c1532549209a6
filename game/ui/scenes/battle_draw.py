"""The battle screen's drawing (mixin of BattleScene): the map and figures with their marks and
overlays, the cached side panel, the status line, the objective bar and the figure card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.flow import Answer

from .. import fonts
from ..figures_render import draw_figures
from ..table_labels import TableLabels
from .battle_host import BattleHost

if TYPE_CHECKING:
    from ..figures_render import FigureStyle
    from ..melee_panel import DicePanel
    from ..targeting import TargetHover


class BattleDraw(BattleHost):
    """Mixin of BattleScene: everything ``draw`` puts on the screen (the state it reads is set in
    BattleScene.__init__, set_match and layout)."""

    top_h: int
    bar_rect: pygame.Rect
    panel_rect: pygame.Rect
    style: FigureStyle
    hover: str | None
    highlight: tuple
    target_hover: TargetHover
    dice_panel: DicePanel
    toasts: list[list]
    narration: list[list]
    speed: int
    _panel: pygame.Surface
    _panel_key: tuple
    _shown: tuple | None = None

    if TYPE_CHECKING:

        def acting_figure(self) -> str | None: ...

    def draw(self, surf: pygame.Surface) -> None:
        w, _h = self.size
        surf.fill((16, 17, 22), (0, 0, w, self.top_h))
        hold = self.hold_open()
        self.renderer.draw(surf, self.camera, hold_open=hold)
        p = self.match.pending
        ready: set[str | None] = set()
        if p is not None and p.answer is Answer.FIGURE and p.side in self.humans:
            ready = {d.figure for d in p.options if d.figure}
        seen = self.match.ruleset.observe(self.match.state, "")
        acted = set(seen.acted or ())
        sel = self.selected or (self.acting_figure() if p is not None and p.kind == "action" else None)
        from ..scenario_overlay import draw_fire, draw_night, draw_sleepers

        draw_night(surf, self.map_rect, self.match.state)
        draw_fire(surf, self.camera, seen.fire, hold_open=hold, t=pygame.time.get_ticks() / 1000.0)
        self.table_labels = TableLabels(self.map_rect)  # this frame's words on the table, none over another
        draw_figures(
            surf,
            self.camera,
            self.match.state,
            self.style,
            positions=self.positions(),
            selected=sel,
            hover=self.hover,
            highlight=self.highlight,
            acted=acted,
            ready=ready,
            disrupted=seen.disrupted,
            hold_open=hold,
            labels=self.table_labels,
        )
        draw_sleepers(surf, self.camera, self.match.state, seen.sleepers, hold_open=hold)
        from ..figure_marks import MarkFacts, draw_marks

        self._marks = getattr(self, "_marks", None) or MarkFacts()
        draw_marks(surf, self.camera, self.match, self._marks, self.positions(), hold, pygame.time.get_ticks() / 1000.0)
        old = surf.get_clip()
        surf.set_clip(self.map_rect)
        self.mode_obj.draw(self, surf)
        self.target_hover.draw(self, surf)
        self.draw_overlays(surf)
        surf.set_clip(old)
        self.draw_panel(surf)
        self.draw_status(surf)
        from ..objective_bar import draw_objective_bar

        draw_objective_bar(surf, self.bar_rect, self.match, style=self.style, cards=self.own_cards(), **self.bar_who())
        card_fid = getattr(self, "card_pin", None) or (None if self.target_hover.shown else self.hover)
        if card_fid:  # the figure card, beside the figure, inside the map
            from ..figure_card import draw_card

            f = self.match.state.figures.get(card_fid)
            if f is not None:
                x, y = self.positions().get(card_fid, (f.x, f.y))
                draw_card(
                    surf, self.match, card_fid, self.camera.to_screen(x, y), self.map_rect, viewer=self.card_viewer()
                )
        self.hints.draw(self, surf)  # a hint's pointer to what it speaks of

    def draw_panel(self, surf) -> None:
        """The side panel is drawn into a cached surface and redrawn only when its content changes."""
        lp, dp = self.log_panel, self.dice_panel
        key = (
            self.panel_rect.size,
            len(lp.entries),
            lp.scroll,
            lp.selected,
            id(dp.rows[0]) if dp.rows else None,
            len(dp.rows),
            min(1.0, dp.age / 0.25),
        )
        if getattr(self, "_panel_key", None) != key or getattr(self, "_panel", None) is None:
            if getattr(self, "_panel", None) is None or self._panel.get_size() != self.size:
                self._panel = (
                    pygame.Surface(self.size).convert() if pygame.display.get_surface() else pygame.Surface(self.size)
                )
            p = self._panel
            pygame.draw.rect(p, (34, 36, 44), self.panel_rect)
            pygame.draw.line(p, (90, 80, 60), self.panel_rect.topleft, self.panel_rect.bottomleft, 2)
            dp.draw(p)
            lp.draw(p)
            self._panel_key = key
        surf.blit(self._panel, self.panel_rect, self.panel_rect)

    def draw_status(self, surf) -> None:
        self.size[0]
        right = self.map_rect.right - 8
        bits = [f"{self.match.scenario.title}", f"seed {self.match.seed}", self.mode]
        if self.mode == "demo":
            bits.append("paused" if self.paused else f"{self.speed}×")
        t = fonts.text(" · ".join(bits), fonts.scaled(13, self.size), (170, 170, 180))
        x = max(self.buttons_right() + 8, right - t.get_width())
        surf.blit(t, (x, (self.top_h - t.get_height()) // 2))
        worker = getattr(self, "ai_worker", None)
        if worker is not None and worker.shows_cue():
            self.draw_thinking(surf)
        # the hint wraps inside the map: a long one would otherwise run on over the log's newest line
        size = fonts.scaled(14, self.size)
        y = self.map_rect.bottom - 6
        for line in reversed(self.hint_lines()):
            tt = fonts.outlined(line, size, (255, 240, 200))
            y -= tt.get_height()
            surf.blit(tt, (self.map_rect.x + 8, y))
        # the sides' counts and "Your cards" are in the objective bar above the map

    def hint_lines(self) -> list[str]:
        """The input mode's hint, wrapped to the map's width at this window's size."""
        hint = self.mode_obj.hint
        if not hint:
            return []
        return fonts.wrap(hint, self.map_rect.w - 18, fonts.scaled(14, self.size), bold=True)

    def above_hint(self) -> pygame.Rect:
        """The map less the hint lines along its foot: where a card or panel may go without hiding them."""
        n = len(self.hint_lines())
        r = self.map_rect.copy()
        if n:
            r.h -= n * (fonts.font(fonts.scaled(14, self.size), bold=True).get_linesize() + 2) + 10
        return r

    def draw_thinking(self, surf) -> None:
        """The cue that the computer is choosing its move (a decision over a third of a second):
        the deciding side's name and three dots that fill in turn, so the window shows it is alive."""
        p = self.match.pending
        if p is None:
            return
        dots = 1 + int(pygame.time.get_ticks() / 400) % 3
        words = f"{self.match.state.side(p.side).name} is thinking" + "." * dots
        t = fonts.outlined(words, fonts.scaled(15, self.size), (255, 236, 170))
        r = self.map_rect
        surf.blit(t, (r.centerx - t.get_width() // 2, r.y + 8))

    def bar_need(self) -> int:
        from ..objective_bar import bar_height

        cards = self.match.ruleset.observe(self.match.state, "").deals_cards and bool(self.humans)
        return bar_height(self.match, self.size, self.bar_rect.w, cards=cards, **self.bar_who())

    def bar_who(self) -> dict:
        """Who is who in the objective bar ("(you)", the AI's level): the same for its layout and drawing."""
        return {"humans": self.humans, "solo": self.mode == "solo", "ai_levels": {} if self.viewer else self.ai_levels}

    def card_viewer(self) -> str | None:
        """The side whose hidden things the screen may show: the human side in solo; in hot-seat the
        side that is deciding, and only after its hand-over screen (``may_see``), so the other
        player's hand never reaches the screen; nobody in the demo."""
        p = self.match.pending
        if self.mode == "solo":
            return next(iter(sorted(self.humans)), None)
        if self.mode == "hotseat":
            return p.side if p is not None and self.may_see(p.side) else None
        return None

    def shown_state(self):
        """The match's state as the screen may show it: ``Ruleset.public_view`` for ``card_viewer``
        (everything hidden when nobody is at the screen). Copied once per decision and viewer."""
        m, viewer = self.match, self.card_viewer()
        count = (len(m.log), len(m.decisions), viewer)
        hit = self._shown  # (state, question, counts, view): the state and question by identity
        if hit is None or hit[0] is not m.state or hit[1] is not m.pending or hit[2] != count:
            hit = self._shown = (m.state, m.pending, count, m.ruleset.public_view(m.state, viewer or ""))
        return hit[3]

    def own_cards(self) -> list[str]:
        """The chance cards (PYR-CARD-*) of the player at the screen (``card_viewer``), read from
        what that side may see (``shown_state``), in the ruleset's words."""
        side = self.card_viewer()
        if not side:
            return []
        hand = self.match.ruleset.observe(self.shown_state(), side).hand
        return [self.match.ruleset.term("card", c) for c in hand]

    def buttons_right(self) -> int:
        return max((b.rect.right for b in self.buttons.values()), default=0)

    def draw_overlays(self, surf) -> None:
        y = self.map_rect.y + 12
        size = fonts.scaled(20, self.size)
        for text, _colour, ttl in self.narration:
            for line in fonts.wrap(text, self.map_rect.w - 40, size, bold=True):  # inside the window at any size
                t = fonts.outlined(line, size, (255, 236, 180))
                t.set_alpha(int(255 * min(1.0, ttl)))
                surf.blit(t, t.get_rect(midtop=(self.map_rect.centerx, y)))
                y += t.get_height()
            y += 2
        y = self.map_rect.bottom - 60
        for text, colour, ttl in reversed(self.toasts):
            size = fonts.scaled(15, self.size)
            lines = fonts.wrap(text, self.map_rect.w - 80, size)
            for line in reversed(lines[:3]):
                t = fonts.outlined(line, size, colour)
                t.set_alpha(int(255 * min(1.0, ttl)))
                surf.blit(t, t.get_rect(midbottom=(self.map_rect.centerx, y)))
                y -= t.get_height()
            y -= 4
