"""The battle: the table, the figures, the pending question, the dice and the combat log.

Reads ``match.state``, ``match.pending`` and events; every human choice goes through
``decide`` → ``pending.check`` → ``match.apply``. AI sides answer through their controllers, one
decision at a time, paced so that a person can follow (demo speed 1×–8×).
"""

from __future__ import annotations

import itertools
import math
import threading

import pygame

from game.rules.decisions import Decision, IllegalDecision
from game.rules.flow import Answer, Ask

from ..camera import Camera
from ..figures_render import FigureStyle, figure_at
from ..input_modes import Mode
from ..log_panel import LogPanel
from ..map_render import MapRenderer, tmap_of
from ..melee_panel import DicePanel, dice_row
from ..route_mode import RouteMode
from ..sector_mode import SectorMode, sector_moves
from ..spot_pick import option_label  # noqa: F401 - kept importable from here
from ..tap_mode import TapMode
from ..targeting import TargetHover
from ..widgets import button
from .base import Scene
from .battle_draw import BattleDraw
from .battle_input import DEMO_SPEEDS, BattleInput
from .battle_options import OptionsPanel
from .battle_seats import Seats
from .battle_turns import TurnDriver

TOP = 40
"""The top bar's height at 1280×800; ``BattleScene.top_h`` is this window's (theme.py)."""
ANIM_SPEED = 10.0  # inches per second a moving base travels on screen


def ai_controller(level: str, seed: int):
    from game.ai import make_controller

    try:
        return make_controller(level, seed)
    except ValueError:
        return make_controller("random", seed)


def warm_paths(table) -> threading.Thread:
    """Build the map's search graphs off the frame loop (``pathing.prepare``; ~0.35 s of CPU on the
    boarding map's first load) so the first hover preview that needs a path does not stall a frame.
    What it builds is kept by map content; a preview asked sooner builds the same."""
    from game.table import pathing

    th = threading.Thread(target=pathing.prepare, args=(table,), name="path-warmup", daemon=True)
    th.start()
    return th


class BattleScene(Seats, BattleInput, OptionsPanel, BattleDraw, Scene):
    _panel: pygame.Surface  # the side panel, redrawn only when what it shows changes

    def __init__(
        self,
        app,
        match,
        *,
        mode: str = "hotseat",
        human: str | None = None,
        ai: str = "normal",
        viewer: bool = False,
        ai_levels: dict | None = None,
        ai_seeds: dict | None = None,
        orders: dict | None = None,
        notice: str = "",
    ):
        from ..session import DEFAULT_ORDERS, SeededController, controller_seed

        super().__init__(app)
        self.mode = mode if mode in ("hotseat", "solo", "demo") else "hotseat"
        self.viewer = viewer
        self.ai_level = ai
        sides = [s.id for s in match.state.sides]
        if self.mode == "demo" or viewer:
            self.humans = set()
        elif self.mode == "solo":
            self.humans = {human if human is not None and human in sides else sides[0]}
        else:
            self.humans = set(sides)
        # each AI side: its level and seed (kept in the record's meta so Resume brings the same AI back)
        self.ai_levels = {s: (ai_levels or {}).get(s, ai) for s in sides if s not in self.humans}
        self.ai_seeds = {
            s: (ai_seeds or {}).get(s, controller_seed(match.seed, i))
            for i, s in enumerate(sides)
            if s not in self.humans
        }
        self.controllers = {s: SeededController(self.ai_levels[s], self.ai_seeds[s]) for s in self.ai_levels}
        # standing orders: in hot-seat the automatic answer by default (no hand-over), in solo "ask me"
        base = DEFAULT_ORDERS if self.mode == "hotseat" else {k: "ask" for k in DEFAULT_ORDERS}
        self.orders = {s: {**base, **(orders or {}).get(s, {})} for s in sides}
        self.log_panel = LogPanel(pygame.Rect(0, 0, 300, 200))
        self.dice_panel = DicePanel(pygame.Rect(0, 0, 300, 150))
        self.set_match(match)
        self.mode_obj: Mode = Mode()
        self.selected: str | None = None
        self.hover: str | None = None
        self.highlight: tuple = ()
        self.toasts: list[list] = []  # [text, colour, ttl]
        self.narration: list[list] = []
        self._narrated: dict = {}  # what the narration already said (game/ui/narration.py)
        if notice:
            self.toast(notice, ttl=8.0)
        if self.mode == "demo":  # the demo opens by naming the scenario it plays
            self.narration.append([f"{match.scenario.title} (seed {match.seed})", None, 4.0])
        self.anims: dict[str, list] = {}  # fid -> [points, travelled, total]
        self.turns = TurnDriver(self)
        self.paused = False
        self.speed = (
            int(app.settings.get("demo_speed", 1)) if int(app.settings.get("demo_speed", 1)) in DEMO_SPEEDS else 1
        )
        self.looking: str | None = None
        self.bookmarks: list[dict] = []  # moments marked while looking at this game's past (saved in meta)
        self.human_decisions: dict[int, str] = {}  # decision index -> the side whose person made it
        self.handed_at = 0  # decisions made before the last hand-over
        self._drag = None
        self._shown_pending = None
        self.option_widgets: list = []
        self.option_map: dict = {}
        self.mouse = (0, 0)
        self.target_hover = TargetHover()
        self.context_menu = None  # a pop-up list when a click on a figure could mean several options
        self.modal = None  # a question that holds the battle (dialog.py)
        from ..first_hints import HintBox
        from ..tutorial import Lesson, is_lesson

        # first-time hints (first_hints.py), or the lesson's own in "Learn to play" (tutorial.py)
        self.hints = HintBox(Lesson() if is_lesson(match.scenario) else None)
        self._route_for: Ask | None = None  # the question the route preview was opened for
        if self.mode == "hotseat" and self.match.pending is not None:
            self.looking = None  # the first player is handed the screen too

    # -- the match -------------------------------------------------------------------------------------
    def set_match(self, match) -> None:
        self.match = match
        self.path_warmup = warm_paths(match.table)
        self.style = FigureStyle(match.state)
        renderer = getattr(self, "renderer", None)  # none before the first match
        if renderer is None or renderer.tmap is not tmap_of(match.table):
            self.renderer = MapRenderer(tmap_of(match.table))
            self.renderer.show_grid = self.renderer.show_grid and self.app.settings.get("show_grid", True)
            if self.app.settings.get("show_overlay"):
                self.renderer.show_overlay = True
        self.log_panel.clear()
        for ev in match.log:
            self.log_panel.add(ev, match.state)
        self.dice_panel.rows = []
        recent = []  # the latest dice rows, even when later events rolled none
        for ev in reversed(match.log):
            if dice_row(ev):
                recent.append(ev)
                if len(recent) >= 8:
                    break
        self.dice_panel.show(recent[::-1], match.state)
        if self.dice_panel.wants_room != getattr(self, "_room", None) and getattr(self, "map_rect", None) is not None:
            self.layout()
        self._shown_pending = None

    def leave(self) -> None:
        """The scene is left for good: its AI thread ends (it held the match until the program did)."""
        self.turns.close()
        super().leave()

    @property
    def pending(self):
        return self.match.pending

    def is_human_turn(self) -> bool:
        p = self.match.pending
        return p is not None and p.side in self.humans and not self.viewer

    def decide(self, d: Decision, *, by_human: bool = True) -> list:
        p = self.match.pending
        if p is None:
            return []
        try:
            p.check(d)
            idx = len(self.match.decisions)
            events = self.match.apply(d)
        except IllegalDecision as e:
            self.toast(str(e), (255, 140, 130))
            return []
        if by_human:
            self.human_decisions[idx] = p.side
        self.close_context_menu()
        self.on_events(events)
        if self.mode == "demo" and not self.match.over and not getattr(self, "_conceded", None):
            from game.ai.concede import concession  # a demo game that is settled ends here

            c = concession(self.match)
            if c is not None:
                self._conceded = c[1]
                self.narration.append([c[1], None, 6.0])
        self.mode_obj = Mode()
        if self.match.pending is not None and self.match.pending.kind != "action":
            self.selected = None
        return events

    def on_events(self, events) -> None:
        st = self.match.state
        if not self.viewer and self.mode != "demo" and any(type(e).__name__ == "PlayerTurnStarted" for e in events):
            self.autosave()
        for ev in events:
            self.log_panel.add(ev, st)
            name = type(ev).__name__
            if name == "Moved" and len(ev.path) >= 2:
                total = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(ev.path, ev.path[1:]))
                if total > 0.01:
                    self.anims[ev.figure] = [list(ev.path), 0.0, total]
            if self.mode == "demo":  # key events only: grapples, falls, colours, alarm, fire
                from ..narration import headline

                line = headline(ev, self.match, self._narrated)
                if line:
                    self.narration.append([line, None, 3.0])
                    self.narration = self.narration[-3:]
        self.log_panel.scroll = 0
        if getattr(self.app, "sounds", None) is not None:  # game/ui/sound.py picks the effects
            self.app.sounds.play_for(events, self.humans)
        self.dice_panel.show(events, st)
        if getattr(self, "map_rect", None) is not None and (
            self.dice_panel.wants_room != getattr(self, "_room", None) or self.bar_rect.h != self.bar_need()
        ):
            self.layout()  # more room for the dice, or a goal that now takes another line

    def positions(self) -> dict:
        out = {}
        for fid, (pts, done, _total) in self.anims.items():
            d = done
            for a, b in itertools.pairwise(pts):
                seg = math.hypot(b[0] - a[0], b[1] - a[1])
                if d <= seg and seg > 0:
                    t = d / seg
                    out[fid] = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    break
                d -= seg
            else:
                out[fid] = pts[-1]
        return out

    def toast(self, text: str, colour=(240, 230, 200), ttl: float = 3.5) -> None:
        # the same words again (a second bookmark saved in the same file) renew the line showing them
        self.toasts = [t for t in self.toasts if t[0] != text][-2:] + [[text, colour, ttl]]

    # -- layout and widgets -------------------------------------------------------------------------------
    @property
    def metrics(self):
        """Widget sizes for this window (theme.py): the theme's fonts and the heights made from them."""
        from ..theme import ui_metrics

        return ui_metrics(self.manager)

    def layout(self):
        w, h = self.size
        um = self.metrics
        top = self.top_h = um.top
        # 340 px from 1280 px wide: an option row's words; a narrower window keeps its map
        pw = max(340 if w >= 1280 else 320, min(um.px(440), w // 4))
        self.bar_rect = pygame.Rect(0, top, w - pw, 0)  # the objective bar has its own strip
        bar = self.bar_rect.h = self.bar_need()
        self.map_rect = pygame.Rect(0, top + bar, w - pw, h - top - bar)
        self.panel_rect = pygame.Rect(w - pw, top, pw, h - top)
        ask_h = max(self.ask_need(pw, h), int((h - top) * 0.46))  # the option list keeps ≥ 6 rows at 1280×720
        # a mêlée, a card duel or an opposed roll has more to show than a single die: give it room
        dice_h = max(um.px(150), int((h - top - ask_h) * (0.62 if self.dice_panel.wants_room else 0.38)))
        self._room = self.dice_panel.wants_room
        self.ask_rect = pygame.Rect(w - pw, top, pw, ask_h)
        self.dice_panel.set_rect(pygame.Rect(w - pw + 4, top + ask_h + 4, pw - 8, dice_h - 8))
        self.log_panel.set_rect(pygame.Rect(w - pw + 4, top + ask_h + dice_h, pw - 8, h - top - ask_h - dice_h - 4))
        if getattr(self, "camera", None) is None:  # the first layout
            tm = tmap_of(self.match.table)
            self.camera = Camera(tm.width, tm.height, self.map_rect)
        else:
            self.camera.set_viewport(self.map_rect)

    def build(self) -> None:
        self.context_menu = None  # the manager was reset: its widgets are gone
        self.leave_dialog = None
        self.modal = None
        self.orders_panel = None
        self.layout()
        m = self.manager
        x = 6
        self.buttons = {}

        um = self.metrics

        def add(key, text, w, tip=None):
            nonlocal x
            w = max(um.px(w), um.text_w(text))  # the label whole, at this window's font
            self.buttons[key] = button(m, (x, 5, w, um.button_h), text, tool_tip=tip)
            x += w + 4

        add("menu", "Menu", 64, "Back to the main menu (asks first during a game)")
        if not self.viewer:
            add("save", "Save", 60, "Ctrl+S: save to your saves folder")
            if self.mode != "demo":
                add("undo", "Undo", 60, "Ctrl+Z: undo your last decision since your hand-over, if no dice followed")
                add("end_turn", "End turn (E)", 110, "E: end your player-turn (when choosing the next figure)")
                add("orders", "Orders (O)", 90, "O: standing orders — ask me, or take the automatic answer")
        add("measure", "Tape (M)", 84, "Measuring tape")
        add("sight", "Sight (L)", 84, "Line of sight and cover")
        add("overlay", "Zones (T)", 86, "Show zones, obstacles, ladders")
        add("rules", "Rules (F1)", 90, "Rules reference")
        if not self.viewer:
            add("past", "Past (H)", 76, "H: step back through this game so far (it waits meanwhile)")
        if self.mode != "demo" and not self.viewer:
            add("howto", "How to play", 100, "The turn, moving and the mêlée in five paragraphs")
        if self.mode == "demo" and not self.viewer:
            add("pause", "Resume" if self.paused else "Pause", 72, "Space")
            add("step", "Step", 54, "N: one decision")
            for s in DEMO_SPEEDS:
                add(f"speed{s}", f"{s}×", 40, f"Demo speed {s}×")
        self.extra_buttons(add)
        self.hints.build(self)
        self._shown_pending = None
        self.option_widgets = []
        self.rebuild_options()

    def extra_buttons(self, add) -> None:
        """Hook for the replay viewer's controls."""

    # -- per frame ---------------------------------------------------------------------------------------------
    def hold_open(self) -> bool:
        return any(f.level == "hold" and f.in_play for f in self.match.state.figures.values())

    def update(self, dt: float) -> None:
        keys = pygame.key.get_pressed() if not self.manager.get_focus_set() else None
        self.camera.update(dt, keys, self.mouse, pygame.mouse.get_focused(), self.app.settings.get("edge_pan", True))
        anim_speed = (
            ANIM_SPEED * float(self.app.settings.get("anim_speed", 1.0)) * (self.speed if self.mode == "demo" else 1)
        )
        for fid in list(self.anims):
            a = self.anims[fid]
            a[1] += anim_speed * dt
            if a[1] >= a[2]:
                del self.anims[fid]
        for lst in (self.toasts, self.narration):
            for t in lst:
                t[-1] -= dt
            lst[:] = [t for t in lst if t[-1] > 0]
        self.dice_panel.update(dt)
        if self.map_rect.collidepoint(self.mouse):
            self.hover = figure_at(self.match.state, self.camera, *self.mouse, self.positions(), self.hold_open())
            wx, wy = self.camera.to_world(*self.mouse)
            self.mode_obj.on_motion(self, wx, wy)
        else:
            self.hover = None
        self.target_hover.update(self, self.hover if type(self.mode_obj) in (Mode, RouteMode) else None)
        if self.viewer:
            self.update_viewer(dt)
            return
        if self.match.pending is not self._shown_pending:
            self.rebuild_options()
        self.hints.update(self, dt)
        p = self.match.pending
        if p is not None and p.answer is Answer.ITEMS and self.is_human_turn() and type(self.mode_obj) is Mode:
            self.mode_obj = TapMode()  # taps are made on the table: tapper, then its targets
        elif (
            p is not None
            and self.is_human_turn()
            and self.may_see(p.side)
            and type(self.mode_obj) is Mode
            and sector_moves(p)
        ):
            self.mode_obj = SectorMode()  # an Escarmouche group: the sectors it may enter, on the table
        elif (
            p is not None
            and self._route_for is not p
            and self.is_human_turn()
            and self.may_see(p.side)
            and type(self.mode_obj) is Mode
            and self.point_kinds()
        ):
            self._route_for = p  # preview first: hovering shows the route at once (Esc stops it for this question)
            self.mode_obj = RouteMode(self.acting_figure())
        self.turns.advance(dt)

    def update_viewer(self, dt: float) -> None:
        """Hook for the replay viewer."""
