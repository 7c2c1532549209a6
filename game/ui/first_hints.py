"""First-time hints in a normal game: the first time a player meets motivation, the hand-over and a
reaction, a few lines say what is going on. Each is shown once (remembered in the settings), and
Settings turns them off. They are keyed to the Match's question (its kind and who is asked), never
to places on the screen.
"""

from __future__ import annotations

import pygame
import pygame_gui

from . import fonts
from .theme import ui_metrics
from .widgets import button

HINTS = {
    "motivation": (
        "Your turn: click a figure with a white ring (or Tab, then Enter) to activate it. It rolls a die "
        "and acts on 3 or less. Your captain and other leaders never roll: they always act, so they are a "
        "good start. E ends the turn."
    ),
    "handover": (
        "Hot-seat: two players share this screen. Between turns this page hides the table, so neither "
        "player sees the other's cards and choices. The player named above presses Enter when ready."
    ),
    "reactions": (
        "The enemy has charged. Your figures that are not in a fight may each move up to 2 inches: to "
        "join it, to stand beside a friend in it, or to get away. Enter takes the automatic answer; "
        "O sets standing orders that answer these for you."
    ),
}
SHOW_FOR = 30.0
"""Seconds a hint stays unless dismissed."""


def seen(settings) -> set[str]:
    got = settings.get("hints_seen")
    return {k for k in got if isinstance(k, str)} if isinstance(got, list) else set()


def take(app, key: str) -> bool:
    """Should the ``key`` hint be shown now? True once: it is then remembered as seen."""
    s = app.settings
    if not s.get("first_hints", True) or key in seen(s):
        return False
    s["hints_seen"] = sorted(seen(s) | {key})
    from game.settings import save_settings

    save_settings(s)
    return True


def hint_for(battle) -> str | None:
    """Which hint the battle's question calls for (None: none)."""
    if battle.viewer or battle.mode == "demo" or not battle.is_human_turn():
        return None
    p = battle.match.pending
    if p is None or not battle.may_see(p.side):
        return None
    from .session import order_for

    if p.kind == "activate":
        return "motivation"
    if order_for(p.kind) == "reactions":
        return "reactions"
    return None


class FirstHints:
    """The first-time hints of a normal game, each once for the player (remembered in the settings)."""

    show_for = SHOW_FOR

    def next(self, battle, showing: str | None) -> tuple[str, str] | None:
        want = hint_for(battle)
        if want is not None and want != showing and take(battle.app, want):
            return want, HINTS[want]
        return None

    @staticmethod
    def points_at(key: str) -> str:
        """What on screen a first-time hint speaks of (hint_pointer.target_rect)."""
        return {"motivation": "ready", "reactions": "options"}.get(key, "")

    def off(self, battle) -> None:
        from game.settings import save_settings

        battle.app.settings["first_hints"] = False
        save_settings(battle.app.settings)
        battle.toast("No more hints (Settings turns them back on)")


class HintBox:
    """The shown hint: a panel at the map's top left with "Got it" and "No more hints". Its
    ``source`` says which hint the game calls for now (``FirstHints``, or the lesson's own)."""

    def __init__(self, source=None):
        self.source = source if source is not None else FirstHints()
        self.key: str | None = None
        self.text = ""
        self.left = 0.0
        self.panel = None
        self.buttons: dict = {}
        self.shown: list[str] = []
        """Every hint shown in this battle, in order."""

    def update(self, battle, dt: float) -> None:
        if self.key is not None:
            self.left -= dt
            if self.left <= 0:
                self.close()
        got = self.source.next(battle, self.key)
        if got is not None:
            if self.panel is not None:
                self.panel.kill()  # the hint before it gives way
            self.key, self.text = got
            self.left = self.source.show_for
            self.shown.append(self.key)
            self.build(battle)

    def build(self, battle) -> None:
        """(Re)make the panel: after the manager was reset, or for a new hint."""
        self.panel = None
        self.buttons = {}
        if self.key is None:
            return
        m = battle.manager
        um = ui_metrics(m)
        pad = um.px(10)
        r = battle.map_rect
        width = min(um.px(440), r.w - 2 * pad)
        lines = fonts.wrap(self.text, width - 2 * pad - 8, um.button)
        line_h = fonts.font(um.button).get_linesize()
        bh = um.button_h
        height = pad + line_h * len(lines) + pad + bh + pad + 4
        # the map's top left corner: the toasts and the hint bar keep the bottom
        rect = pygame.Rect(r.x + pad, r.y + pad, width, height)
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=4, manager=m)
        for i, line in enumerate(lines):
            pygame_gui.elements.UILabel(
                pygame.Rect(pad, pad + i * line_h, width - 2 * pad, line_h + 2), line, m, container=self.panel
            )
        y = pad + line_h * len(lines) + pad
        got = button(m, (pad, y, um.text_w("Got it", um.px(30)), bh), "Got it", container=self.panel)
        no_w = um.text_w("No more hints", um.px(30))
        no = button(m, (width - pad - no_w - 6, y, no_w, bh), "No more hints", container=self.panel)
        self.buttons = {got: "got", no: "off"}

    def target(self, battle):
        """The screen rect the shown hint points at, or None (no hint, nothing named, or not on screen)."""
        if self.key is None or self.panel is None:
            return None
        from .hint_pointer import target_rect

        what = self.source.points_at(self.key) if hasattr(self.source, "points_at") else ""
        return target_rect(battle, what) if what else None

    def draw(self, battle, surf) -> None:
        """The pointer from the shown hint to the thing it speaks of."""
        rect = self.target(battle)
        if rect is not None:
            from .hint_pointer import draw_pointer

            draw_pointer(surf, pygame.Rect(self.panel.rect), rect, pygame.time.get_ticks() / 1000.0)

    def on_button(self, battle, el) -> bool:
        what = self.buttons.get(el)
        if what is None:
            return False
        if what == "off":
            self.source.off(battle)
        self.close()
        return True

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.panel = None
        self.buttons = {}
        self.key = None
