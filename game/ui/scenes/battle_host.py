"""What the battle screen's parts share: BattleScene is built from mixins (seats, input, options
panel), and each reads state that another part sets. The declarations live here once, so each part
is type-checked against the same names; nothing here runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from .base import Scene

if TYPE_CHECKING:
    from game.match.match import Match
    from game.rules.decisions import Decision

    from ..camera import Camera
    from ..dialog import Dialog
    from ..first_hints import HintBox
    from ..input_modes import Mode
    from ..log_panel import LogPanel
    from ..map_render import MapRenderer


class BattleHost(Scene):
    """The battle scene's shared attributes (set in BattleScene.__init__, set_match, layout and build)."""

    match: Match
    mode: str  # "hotseat", "solo" or "demo"
    viewer: bool
    humans: set[str]
    ai_level: str
    ai_levels: dict[str, str]
    ai_seeds: dict[str, int]
    orders: dict[str, dict[str, str]]  # side -> standing order name -> "auto" / "ask"
    looking: str | None  # hot-seat: the side whose hand-over was passed
    human_decisions: dict[int, str]
    bookmarks: list[dict]  # moments marked in this game's past ({"at", "label"}), kept in its saves
    handed_at: int
    paused: bool
    selected: str | None
    mode_obj: Mode
    anims: dict[str, list]
    log_panel: LogPanel
    renderer: MapRenderer
    #: made by the first layout(), which build() runs before any event, update or draw
    camera: Camera
    map_rect: pygame.Rect
    ask_rect: pygame.Rect
    buttons: dict[str, pygame_gui.elements.UIButton]
    option_widgets: list[pygame_gui.core.UIElement]
    option_map: dict[str, Decision | tuple[str, str]]
    context_menu: tuple[pygame_gui.elements.UISelectionList, dict[str, Decision]] | None
    leave_dialog: tuple[pygame_gui.elements.UIPanel, dict[pygame_gui.elements.UIButton, str], str] | None
    orders_panel: tuple[pygame_gui.elements.UIPanel, dict[pygame_gui.elements.UIButton, str], str] | None
    modal: Dialog | None  # a question that holds the battle until it is answered (dialog.py)
    hints: HintBox  # first-time hints (first_hints.py)
    mouse: tuple[int, int]
    _drag: tuple[int, int, bool] | None  # mouse-down point, and whether it moved (a pan, not a click)
    _shown_pending: Any

    if TYPE_CHECKING:
        # defined by BattleScene or by another mixin
        def is_human_turn(self) -> bool: ...
        def decide(self, d: Decision, *, by_human: bool = True) -> list: ...
        def toast(self, text: str, colour=(240, 230, 200), ttl: float = 3.5) -> None: ...
        def may_see(self, side: str | None) -> bool: ...
        def positions(self) -> dict: ...
        def hold_open(self) -> bool: ...
        def set_match(self, match) -> None: ...
        def point_kinds(self) -> list[str]: ...
        def toggle_orders_panel(self) -> None: ...
        def close_context_menu(self) -> None: ...
        def ask_leave(self, then: str) -> bool: ...
        def leave_choice(self, choice: str) -> None: ...
        def save(self) -> str | None: ...
        def ask_end_turn(self, unused: int) -> None: ...
        def close_modal(self) -> None: ...
        def modal_choice(self, key: str) -> None: ...
        def ready_figures(self) -> list[str]: ...
        def open_past(self) -> None: ...
        def record(self): ...
