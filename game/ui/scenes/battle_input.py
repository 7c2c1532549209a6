"""The battle's input: mouse on the table and panel, keys, buttons, saves and undo."""
from __future__ import annotations

import time

import pygame
import pygame_gui

from game.rules.decisions import Decision

from .. import fonts
from ..figures_render import figure_at
from ..input_modes import MeasureMode, Mode, PointMode, SightMode
from ..targeting import options_on
from .battle_options import option_label

DEMO_SPEEDS = (1, 2, 4, 8)


class BattleInput:
    """Mixin of BattleScene: turns events into decisions and camera moves."""

    # -- input -------------------------------------------------------------------------------------------
    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if self.context_menu is not None and event.ui_element is self.context_menu[0]:
                choice = self.context_menu[1].get(event.text)
                self.close_context_menu()
                if isinstance(choice, Decision) and self.is_human_turn():
                    self.decide(choice)
                return
            choice = self.option_map.get(event.text)
            if isinstance(choice, Decision) and self.is_human_turn():
                self.decide(choice)
            elif isinstance(choice, tuple) and self.is_human_turn():
                fid = self.acting_figure()
                if fid:
                    self.mode_obj = PointMode(choice[1], fid)
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
            t = option_label(d, st)
            if d.kind == "charge":
                t = f"Charge {st.figures[d.target].name}" if d.target in st.figures else t
            while t in texts:
                t += " "
            texts[t] = d
        w = max(200, max(fonts.text(t, 14).get_width() for t in texts) + 40)
        h = 24 * len(texts) + 8
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
        if not isinstance(self.mode_obj, PointMode) and type(self.mode_obj) is Mode:
            p = self.match.pending
            if not (p is not None and p.kind == "action"):
                self.selected = None
        self.mode_obj = Mode()

    def acting_figure(self) -> str | None:
        p = self.match.pending
        if p is None:
            return None
        fid = p.info.get("figure") if isinstance(p.info, dict) else None
        if fid:
            return fid
        figs = {d.figure for d in p.options if d.figure}
        if len(figs) == 1:
            return next(iter(figs))
        return self.selected

    def click_map(self, pos) -> None:
        wx, wy = self.camera.to_world(*pos)
        fid = figure_at(self.match.state, self.camera, pos[0], pos[1], self.positions(), self.hold_open())
        if type(self.mode_obj) is not Mode:
            self.mode_obj.on_click(self, wx, wy, fid)
            return
        if not self.is_human_turn():
            if fid:
                self.selected = fid
            return
        p = self.match.pending
        if fid:
            # a figure: the one option naming it (activate it, target it…), else just select it.
            # A charge targets the figure with its offered contact point, so it counts as targeting.
            acting = self.acting_figure()
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
            self.selected = fid
            return
        kinds = self.point_kinds()
        fid = self.acting_figure()
        if kinds and fid:
            self.mode_obj = PointMode(kinds[0], fid)
            self.mode_obj.on_click(self, wx, wy, None)

    def on_key(self, event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and k == pygame.K_s:
            self.save()
        elif ctrl and k == pygame.K_z:
            self.undo()
        elif k == pygame.K_ESCAPE:
            if self.context_menu is not None:
                self.close_context_menu()
            elif type(self.mode_obj) is not Mode:
                self.mode_obj = Mode()
            else:
                self.selected = None
                self.highlight = ()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and hasattr(self.mode_obj, "confirm"):
            self.mode_obj.confirm(self)
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

    def build_pause(self) -> None:
        b = self.buttons.get("pause")
        if b is not None:
            b.set_text("Resume" if self.paused else "Pause")

    def on_button(self, el) -> None:
        key = next((k for k, b in self.buttons.items() if b is el), None)
        if el is getattr(self, "auto_button", None) and self.is_human_turn() and self.match.pending is not None:
            if self.match.pending.default is not None:
                self.decide(self.match.pending.default)
            return
        if key == "menu":
            self.app.to_menu()
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
        self.app.push(RulesScene(self.app))

    # -- saves and undo ------------------------------------------------------------------------------------
    def save(self) -> str | None:
        from game.match import SaveError, save

        from ..paths import saves_dir
        try:
            path = saves_dir() / f"{self.match.scenario.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
            save(self.match, path)
        except (OSError, SaveError) as e:
            self.toast(f"could not save: {e}", (255, 140, 130))
            return None
        self.toast(f"Saved to {path}")
        return str(path)

    def undo(self) -> bool:
        """Take back the last decision if a person made it and it rolled no dice (rebuilt by replay)."""
        from game.match import record_of, replay
        n = len(self.match.decisions)
        if self.viewer or self.mode == "demo" or n == 0 or (n - 1) not in self.human_decisions:
            self.toast("nothing of yours to undo")
            return False
        prev = replay(record_of(self.match), self.app.scenario_dirs(), verify=False, upto=n - 1).match
        since = self.match.log[len(prev.log):]
        if any(type(e).__name__ == "DiceRolled" or getattr(e, "faces", None) for e in since):
            self.toast("cannot undo: dice were rolled after that decision", (255, 140, 130))
            return False
        self.human_decisions.discard(n - 1)
        cam = self.camera
        self.set_match(prev)
        self.camera = cam
        self.mode_obj = Mode()
        self.anims.clear()
        self.toast("undone")
        return True

