"""The battle's input: mouse on the table and panel, keys, buttons, saves and undo."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game.rules.decisions import Decision
from game.rules.flow import Answer

from .. import fonts
from ..figures_render import figure_at
from ..input_modes import MeasureMode, Mode, SightMode
from ..reform_mode import TURN_STEP, ReformMode
from ..route_mode import RouteMode
from ..spot_pick import option_label
from ..tap_mode import TapMode
from ..targeting import options_on
from ..theme import scene_metrics
from .battle_host import BattleHost

DEMO_SPEEDS = (1, 2, 4, 8)


class BattleInput(BattleHost):
    """Mixin of BattleScene: turns events into decisions and camera moves."""

    # -- input -------------------------------------------------------------------------------------------
    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if self.context_menu is not None and event.ui_element is self.context_menu[0]:
                picked = self.context_menu[1].get(event.text)
                self.close_context_menu()
                if isinstance(picked, Decision) and self.is_human_turn():
                    self.decide(picked)
                return
            choice = self.option_map.get(event.text)
            if isinstance(choice, Decision) and self.is_human_turn():
                self.decide(choice)
            elif isinstance(choice, tuple) and choice[0] == "reform" and self.is_human_turn():
                self.mode_obj = ReformMode(self.match.pending, self.match.state)  # OD6-SEQ-1, piece by piece
            elif isinstance(choice, tuple) and self.is_human_turn():
                self.mode_obj = RouteMode(self.acting_figure(), choice[1])
                self._route_for = self.match.pending
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
            return
        if consumed:
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._drag is not None and (event.buttons[0] or event.buttons[1]):
                sx, sy, moved = self._drag
                dx, dy = event.pos[0] - sx, event.pos[1] - sy
                if moved or abs(dx) + abs(dy) > 5:
                    self.camera.pan_pixels(-dx, -dy)
                    self._drag = (event.pos[0], event.pos[1], True)
            return
        if event.type in (pygame.MOUSEWHEEL,):
            if self.log_panel.handle_event(event) is not None:
                return
            if isinstance(self.mode_obj, ReformMode) and self.mode_obj.turn(self, -TURN_STEP * event.y):
                return  # a piece in hand turns with the wheel instead of the zoom
            if self.map_rect.collidepoint(self.mouse):
                self.camera.zoom(event.y, self.mouse)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            figs = self.log_panel.handle_event(event)
            if figs is not None:
                self.highlight = figs
                return
            if not self.map_rect.collidepoint(event.pos):
                return
            if event.button in (1, 2):
                self._drag = (event.pos[0], event.pos[1], False)
            elif event.button == 3:
                fid = figure_at(
                    self.match.state, self.camera, event.pos[0], event.pos[1], self.positions(), self.hold_open()
                )
                self.card_pin = None if fid == getattr(self, "card_pin", None) else fid  # pin the card
                if fid is None:
                    self.cancel()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
            drag, self._drag = self._drag, None
            if drag is None or drag[2] or event.button != 1 or not self.map_rect.collidepoint(event.pos):
                return
            self.click_map(event.pos)

    def open_context_menu(self, options, pos) -> None:
        """A small list at the cursor when one click could mean several options (charge or shoot)."""
        self.close_context_menu()
        st = self.match.state
        texts: dict[str, Decision] = {}
        for d in options:
            t = fonts.safe(option_label(d, st))
            if d.kind == "charge":
                t = f"Charge {st.figures[d.target].name}" if d.target in st.figures else t
            while t in texts:
                t += " "
            texts[t] = d
        um = scene_metrics(self)  # the theme's row and font for this window (theme.py)
        w = max(um.px(200), max(um.text_w(t, 40) for t in texts))
        h = um.row * len(texts) + 8
        r = pygame.Rect(pos[0] + 8, pos[1] + 8, w, h)
        r.clamp_ip(self.map_rect)
        lst = pygame_gui.elements.UISelectionList(r, list(texts), self.manager)
        self.context_menu = (lst, texts)

    def close_context_menu(self) -> None:
        if self.context_menu is not None:
            self.context_menu[0].kill()
            self.context_menu = None

    def cancel(self) -> None:
        self.close_context_menu()
        if type(self.mode_obj) is Mode:
            p = self.match.pending
            if not (p is not None and p.kind == "action"):
                self.selected = None
        self.mode_obj = Mode()

    def acting_figure(self) -> str | None:
        from ..spot_pick import acting_figure

        return acting_figure(self.match.pending, self.selected)

    def click_map(self, pos) -> None:
        wx, wy = self.camera.to_world(*pos)
        fid = figure_at(self.match.state, self.camera, pos[0], pos[1], self.positions(), self.hold_open())
        p = self.match.pending
        route = isinstance(self.mode_obj, RouteMode)
        if type(self.mode_obj) is not Mode and not route:
            self.mode_obj.on_click(self, wx, wy, fid)
            return
        if not self.is_human_turn():
            if fid:
                self.selected = fid
            return
        assert p is not None, "a human turn has a question"
        acting = self.acting_figure()
        if fid:
            # a figure: the one option naming it (activate it, target it…), else just select it.
            # A charge targets the figure with its offered contact point, so it counts as targeting.
            targeted = options_on(p, acting, fid)
            own = [d for d in p.options if d.figure == fid and not d.target and d.x is None]
            if len(targeted) == 1:
                self.decide(targeted[0])
                return
            if len(targeted) > 1:
                self.open_context_menu(targeted, pos)
                return
            if len(own) == 1 and p.kind != "action":
                self.decide(own[0])
                return
            if not route:
                self.selected = fid
                return
        if route:  # the previewed option at this spot (spot_pick): a climb, a hatch, a crossing, a move
            self.mode_obj.on_click(self, wx, wy, fid)
            return
        if self.point_kinds() and acting:
            self.mode_obj = RouteMode(acting)
            self.mode_obj.on_click(self, wx, wy, None)

    def on_key(self, event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and k == pygame.K_s:
            self.save()
        elif ctrl and k == pygame.K_z:
            self.undo()
        elif self.modal is not None and k in (pygame.K_ESCAPE, pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.modal_choice("keep" if k == pygame.K_ESCAPE else "end")  # asked once: E again ends the turn
        elif k == pygame.K_ESCAPE:
            if self.context_menu is not None:
                self.close_context_menu()
            elif type(self.mode_obj) is not Mode:
                self.mode_obj = Mode()
            else:
                self.selected = None
                self.highlight = ()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(self.mode_obj, TapMode) and self.mode_obj.items:
            self.mode_obj.confirm(self)  # a tap being built: strike
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(self.mode_obj, ReformMode):
            self.mode_obj.confirm(self)  # a re-form being placed: re-form the unit
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET) and isinstance(self.mode_obj, ReformMode):
            self.mode_obj.turn(self, TURN_STEP if k == pygame.K_RIGHTBRACKET else -TURN_STEP)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode != "demo":
            self.take_auto()  # Enter on nothing: the automatic answer (GEN-CHOICE-1)
        elif k == pygame.K_c and isinstance(self.mode_obj, RouteMode):
            self.mode_obj.cycle(self)
        elif k == pygame.K_o and self.mode != "demo":
            self.toggle_orders_panel()
        elif k == pygame.K_e and self.mode != "demo":
            self.end_turn()
        elif k == pygame.K_TAB and self.mode != "demo":
            self.next_ready(back=bool(event.mod & pygame.KMOD_SHIFT))
        elif self.mode != "demo" and pygame.K_1 <= k <= pygame.K_9:
            self.pick_listed(k - pygame.K_1)
        elif k == pygame.K_m:
            self.mode_obj = Mode() if isinstance(self.mode_obj, MeasureMode) else MeasureMode()
        elif k == pygame.K_l:
            self.mode_obj = Mode() if isinstance(self.mode_obj, SightMode) else SightMode(self.selected)
        elif k == pygame.K_t:
            self.renderer.show_overlay = not self.renderer.show_overlay
        elif k == pygame.K_F1:
            self.open_rules()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(-1)
        elif k == pygame.K_HOME:
            self.camera.fit()
        elif self.mode == "demo" and k == pygame.K_SPACE:
            self.paused = not self.paused
            self.build_pause()
        elif self.mode == "demo" and k in (pygame.K_n, pygame.K_PERIOD):
            self.step_once = True
        elif self.mode == "demo" and pygame.K_1 <= k <= pygame.K_4:
            self.speed = DEMO_SPEEDS[k - pygame.K_1]

    # -- the keys a player expects (docs/playing.md "Keys") -----------------------------------------
    def take_auto(self) -> bool:
        p = self.match.pending
        if not self.is_human_turn() or p is None or p.default is None or not self.may_see(p.side):
            return False
        if p.answer is Answer.FIGURE and self.selected in self.ready_figures():  # the figure Tab chose
            self.decide(next(d for d in p.options if d.figure == self.selected))
            return True
        self.decide(p.default)
        return True

    def end_turn(self) -> bool:
        """E / the End-turn button: end the player-turn when the question allows it (RNG-TURN-1)."""
        p = self.match.pending
        if not self.is_human_turn() or p is None or not self.may_see(p.side):
            return False
        end = next((d for d in p.options if d.kind == "pass"), None)
        if end is None or p.kind != "activate":
            self.toast("finish this question first; End turn is offered when you choose the next figure")
            return False
        unused = len(self.ready_figures())
        if unused and self.app.settings.get("ask_end_turn", True):
            self.ask_end_turn(unused)
            return False
        self.decide(end)
        return True

    def ready_figures(self) -> list[str]:
        p = self.match.pending
        if p is None or not self.is_human_turn() or p.answer is not Answer.FIGURE:
            return []
        return list(dict.fromkeys(d.figure for d in p.options if d.figure))

    def next_ready(self, back: bool = False) -> str | None:
        """Tab: select (and centre on) the next figure that can act; a click or Enter activates it."""
        figs = self.ready_figures()
        if not figs:
            return None
        i = figs.index(self.selected) if self.selected in figs else -1
        fid = figs[(i + (-1 if back else 1)) % len(figs)]
        self.selected = fid
        f = self.match.state.figures[fid]
        self.camera.centre_on(f.x, f.y)
        self.toast(f"{f.name} can act: click it (or Enter) to activate")
        return fid

    def pick_listed(self, i: int) -> bool:
        """Keys 1–9: the numbered rows of the option list."""
        p = self.match.pending
        if not self.is_human_turn() or p is None or not self.may_see(p.side):
            return False
        from ..spot_pick import listed_options

        rows = listed_options(p, self.match.state)
        if i >= len(rows):
            return False
        self.decide(rows[i][1])
        return True

    def build_pause(self) -> None:
        b = self.buttons.get("pause")
        if b is not None:
            b.set_text("Resume" if self.paused else "Pause")

    def on_button(self, el) -> None:
        if self.hints.on_button(self, el):
            return
        chosen = self.modal.key_of(el) if self.modal is not None else None
        if chosen is not None:
            self.modal_choice(chosen)
            return
        d = getattr(self, "leave_dialog", None)
        if d is not None and el in d[1]:
            self.leave_choice(d[1][el])
            return
        op = getattr(self, "orders_panel", None)
        if op is not None and el in op[1]:
            k, side = op[1][el], op[2]
            self.orders[side][k] = "ask" if self.orders[side][k] == "auto" else "auto"
            self.toggle_orders_panel()
            self.toggle_orders_panel()
            return
        key = next((k for k, b in self.buttons.items() if b is el), None)
        if el is getattr(self, "auto_button", None) and self.is_human_turn() and self.match.pending is not None:
            if self.match.pending.default is not None:
                self.decide(self.match.pending.default)
            return
        if key == "menu":
            if not self.ask_leave("menu"):
                self.app.to_menu()
        elif key == "end_turn":
            if self.modal is not None and self.modal.tag == "end_turn":
                self.modal_choice("end")  # the button pressed again: asked once
            else:
                self.end_turn()
        elif key == "orders":
            self.toggle_orders_panel()
        elif key == "save":
            self.save()
        elif key == "undo":
            self.undo()
        elif key == "measure":
            self.mode_obj = MeasureMode()
        elif key == "sight":
            self.mode_obj = SightMode(self.selected)
        elif key == "overlay":
            self.renderer.show_overlay = not self.renderer.show_overlay
        elif key == "rules":
            self.open_rules()
        elif key == "howto":
            from .how_to_play import HowToPlayScene

            self.app.push(HowToPlayScene(self.app))
        elif key == "pause":
            self.paused = not self.paused
            self.build_pause()
        elif key == "step":
            self.step_once = True
        elif key and key.startswith("speed"):
            self.speed = int(key[5:])
        else:
            self.on_extra_button(key)

    def on_extra_button(self, key) -> None:
        """Hook for the replay viewer."""

    def open_rules(self) -> None:
        from .rules_ref import RulesScene

        lp = self.log_panel  # with a log line selected, F1 opens at the rule it cites
        rule = lp.entries[lp.selected].rule if lp.selected is not None and lp.selected < len(lp.entries) else ""
        self.app.push(RulesScene(self.app, query=rule))

    # -- saves and undo ------------------------------------------------------------------------------------
    def record(self):
        """The match's record with who plays it (``session.make_meta``) in ``meta``."""
        from game.match import record_of

        rec = record_of(self.match)
        rec.meta = self.session_meta()
        return rec

    def save(self) -> str | None:
        from game.match import SaveError, save

        from ..paths import saves_dir

        try:
            path = saves_dir() / f"{self.match.scenario.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
            save(self.record(), path)
        except (OSError, SaveError) as e:
            self.toast(f"could not save: {e}", (255, 140, 130))
            return None
        self.toast(f"Saved to {path}")
        return str(path)

    def autosave(self):
        """After every player-turn (session.autosave keeps the last five)."""
        from ..session import autosave

        return autosave(self.record())

    def undo_refusal(self) -> str:
        """Why the last decision may not be taken back ("" when it may): only the deciding person's
        own decision, made since that person's last hand-over (hot-seat), and never one followed by dice."""
        n = len(self.match.decisions)
        p = self.match.pending
        if self.viewer or self.mode == "demo" or n == 0 or (n - 1) not in self.human_decisions:
            return "nothing of yours to undo"
        side = self.human_decisions[n - 1]
        if self.mode == "hotseat" and (
            n - 1 < self.handed_at or self.looking != side or (p is not None and p.side != side)
        ):
            return "cannot undo: the screen has been handed over since that decision"
        return ""

    def undo(self) -> bool:
        """Take back the last decision if ``undo_refusal`` allows it and it rolled no dice (rebuilt by replay)."""
        from game.match import record_of, replay

        n = len(self.match.decisions)
        why = self.undo_refusal()
        if why:
            self.toast(why, (255, 140, 130))
            return False
        prev = replay(record_of(self.match), self.app.scenario_dirs(), verify=False, upto=n - 1).match
        since = self.match.log[len(prev.log) :]
        if any(type(e).__name__ == "DiceRolled" or getattr(e, "faces", None) for e in since):
            self.toast("cannot undo: dice were rolled after that decision", (255, 140, 130))
            return False
        self.human_decisions.pop(n - 1, None)
        cam = self.camera
        self.set_match(prev)
        self.camera = cam
        self.mode_obj = Mode()
        self.anims.clear()
        self.toast("undone")
        return True
