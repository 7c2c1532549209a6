"""Who sits at the battle's screen: what the person there may see (hot-seat hides the other side's
cards and options until its hand-over), the standing orders that answer for a side without a
hand-over, the record's ``meta`` (session.py), and the questions put to that person: Save and quit /
Quit / Cancel, and "figures have not acted: end the turn?"."""

from __future__ import annotations

import pygame
import pygame_gui

from ..theme import scene_metrics
from ..widgets import button, label
from .battle_host import BattleHost


class Seats(BattleHost):
    """Mixin of BattleScene."""

    def may_see(self, side: str | None) -> bool:
        """May the person at the screen see ``side``'s hidden things (cards, its options)? In hot-seat
        only once that side's hand-over screen has been passed; in solo the human side; never in the demo."""
        if side is None or self.viewer or side not in self.humans:
            return False
        return self.mode != "hotseat" or self.looking == side

    def standing_order(self, p) -> bool:
        """A human side's standing order "auto" answers this question with its stated default
        (GEN-CHOICE-1) without handing the screen over; "ask" leaves it to the person."""
        from ..session import order_for

        name = order_for(p.kind)
        if name is None or p.default is None or self.orders.get(p.side, {}).get(name, "auto") != "auto":
            return False
        if self.mode == "hotseat" and self.looking == p.side:
            return False  # the person is at the screen already: asking costs no hand-over
        self.decide(p.default, by_human=False)
        return True

    def session_meta(self) -> dict:
        from ..session import make_meta

        return make_meta(
            self.mode,
            self.humans,
            self.ai_levels,
            self.ai_seeds,
            self.orders,
            turn=self.match.state.turn,
            title=self.match.scenario.title,
        )

    def past_seat(self) -> str | None:
        """The side whose hidden things this game's past may show: the person at the screen's
        (solo: the human side; hot-seat: the side past its hand-over); nobody's in the demo."""
        if self.mode == "solo":
            return next(iter(sorted(self.humans)), None)
        if self.mode == "hotseat" and self.looking is not None and self.may_see(self.looking):
            return self.looking
        return None

    def open_past(self) -> None:
        """This game so far, to step through (read-only; Esc comes back to the game as it stands)."""
        from .replay import open_replay

        rec = self.record()
        open_replay(self.app, rec, at=len(rec.decisions), seat=self.past_seat(), live=self)

    # -- leaving a game: Save and quit / Quit / Cancel -------------------------------------------
    def in_game(self) -> bool:
        return not self.viewer and self.mode != "demo" and not self.match.over

    def ask_leave(self, then: str) -> bool:
        """Menu or window close during a game: ask first (``then`` is "menu" or "quit"). Returns
        False when there is nothing to ask (a demo, a replay, a finished match)."""
        if not self.in_game():
            return False
        self.close_leave()
        w, h = self.size
        um = scene_metrics(self)  # sized from the theme's font
        r = pygame.Rect(0, 0, um.px(460), um.px(150))
        r.center = (w // 2, h // 2)
        m = self.manager
        panel = pygame_gui.elements.UIPanel(r, starting_height=5, manager=m)
        ask = "Leave this battle for the main menu?" if then == "menu" else "Leave this battle and quit the game?"
        label(m, (10, um.px(12), r.w - 20, um.px(30)), ask, container=panel)
        bw, by, bh = (r.w - 40) // 3, um.px(70), um.px(40)
        save_b = button(m, (10, by, bw, bh), "Save and quit", container=panel)
        quit_b = button(m, (20 + bw, by, bw, bh), "Quit", container=panel)
        cancel_b = button(m, (30 + 2 * bw, by, bw, bh), "Cancel", container=panel)
        self.leave_dialog = (panel, {save_b: "save", quit_b: "quit", cancel_b: "cancel"}, then)
        return True

    def close_leave(self) -> None:
        d = getattr(self, "leave_dialog", None)
        if d is not None:
            d[0].kill()
        self.leave_dialog = None

    def on_close(self) -> bool:
        """The window's close button: ask (a second close while asking quits)."""
        if getattr(self, "leave_dialog", None) is not None:
            return False
        return self.ask_leave("quit")

    def leave_choice(self, choice: str) -> None:
        assert self.leave_dialog is not None, "a choice comes from the open dialog"
        then = self.leave_dialog[2]
        self.close_leave()
        if choice == "cancel":
            return
        if choice == "save" and self.save() is None:
            return  # the toast says why; stay in the game
        if then == "menu":
            self.app.to_menu()
        else:
            self.app.running = False

    # -- ending a turn with figures unused: asked once (dialog.py) -------------------------------
    def ask_end_turn(self, unused: int) -> None:
        """Ending the turn with figures that could still act asks once (E again, or the button, ends it)."""
        from ..dialog import Dialog

        self.close_modal()
        what = "1 figure has" if unused == 1 else f"{unused} figures have"
        self.modal = Dialog(
            self.manager,
            self.size,
            f"{what} not acted. End the turn?",
            [("end", "End the turn"), ("keep", "Keep playing"), ("never", "End it, and stop asking")],
            tag="end_turn",
        )

    def close_modal(self) -> None:
        if self.modal is not None:
            self.modal.close()
        self.modal = None

    def modal_choice(self, key: str) -> None:
        """A button of the open modal question (the end-turn question; the leave question has its own)."""
        assert self.modal is not None, "a choice comes from the open question"
        tag = self.modal.tag
        self.close_modal()
        if tag == "end_turn" and key in ("end", "never"):
            if key == "never":
                from ..settings import save_settings

                self.app.settings["ask_end_turn"] = False
                save_settings(self.app.settings)
                self.toast("Ending a turn no longer asks (Settings turns it back on)")
            self.end_turn_now()

    def end_turn_now(self) -> bool:
        p = self.match.pending
        end = next((d for d in p.options if d.kind == "pass"), None) if p is not None else None
        if end is None or not self.is_human_turn():
            return False
        self.decide(end)
        return True

    # -- standing orders (session.ORDER_KINDS): per side, from that side's own turn ---------------
    def orders_side(self) -> str | None:
        """The side whose orders the person at the screen may change: solo, the human side; hot-seat,
        the side whose hand-over was passed last."""
        if self.viewer or self.mode == "demo":
            return None
        if self.mode == "solo":
            return next(iter(self.humans), None)
        return self.looking if self.looking in self.humans else None

    def toggle_orders_panel(self) -> None:
        op = getattr(self, "orders_panel", None)
        if op is not None:
            op[0].kill()
            self.orders_panel = None
            return
        from ..session import ORDER_NAMES

        side = self.orders_side()
        if side is None:
            self.toast("standing orders are set by a player on their own turn")
            return
        um = scene_metrics(self)
        step = um.button_h + 6
        r = pygame.Rect(self.map_rect.x + 8, self.map_rect.y + 80, um.px(330), step * (len(ORDER_NAMES) + 1) + 24)
        m = self.manager
        panel = pygame_gui.elements.UIPanel(r, starting_height=5, manager=m)
        label(
            m,
            (8, 6, r.w - 16, um.button_h - 4),
            f"Standing orders: {self.match.state.side(side).name}",
            container=panel,
        )
        btns = {}
        for i, (k, name) in enumerate(ORDER_NAMES.items()):
            val = self.orders[side][k]
            b = button(
                m,
                (8, step * (i + 1), r.w - 16, um.button_h),
                f"{name}: {'automatic answer' if val == 'auto' else 'ask me'}",
                container=panel,
                tool_tip="Click to switch between asking you and the automatic answer",
            )
            btns[b] = k
        self.orders_panel = (panel, btns, side)
