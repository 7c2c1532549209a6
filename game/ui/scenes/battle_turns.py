"""The battle's pace (mixin of BattleScene): the AI sides answer one decision at a time (in a thread,
paced by the demo speed), a hot-seat side gets its hand-over screen, and the match's end shows the
turning point and the results (or the next demo)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .battle_host import BattleHost


class BattleTurns(BattleHost):
    """Mixin of BattleScene: ``advance`` each frame, ``hand_over``, ``on_match_over``, ``next_demo``
    (the state it reads is set in BattleScene.__init__)."""

    controllers: dict[str, Any]
    ai_timer: float
    step_once: bool
    seen: dict[str, int]
    end_timer: float
    results_shown: bool
    narration: list[list]
    speed: int

    if TYPE_CHECKING:

        def standing_order(self, p) -> bool: ...
        def session_meta(self) -> dict: ...

    def advance(self, dt: float) -> None:
        if self.modal is not None or getattr(self, "leave_dialog", None) is not None:
            return  # a question is open: the game behind it waits for the answer
        m = self.match
        if m.over or getattr(self, "_conceded", None):
            self.end_timer += dt
            if self.anims or self.end_timer < 1.5:
                return
            self.on_match_over()
            return
        p = m.pending
        if p is None:
            return
        if p.side in self.humans:
            if self.standing_order(p):
                return
            if self.mode == "hotseat" and self.looking != p.side:
                self.hand_over(p.side)
            return
        # the AI thinks on a clone in a thread (game/ui/ai_worker.py) from the moment it is asked,
        # through animations and the delay; the frame loop only polls (settings "ai_thread": False
        # decides on the frame loop, as before)
        threaded = bool(self.app.settings.get("ai_thread", True))
        worker = getattr(self, "ai_worker", None)
        if threaded:
            if worker is None:
                from game.ui.ai_worker import AIWorker

                worker = self.ai_worker = AIWorker()
            worker.think(m, self.controllers[p.side])
        if self.anims:
            return
        if self.mode == "demo" and self.paused and not self.step_once:
            return
        self.ai_timer += dt
        delay = float(self.app.settings.get("ai_delay", 0.5)) / (self.speed if self.mode == "demo" else 1)
        if self.ai_timer < delay and not self.step_once:
            return
        err = None
        if threaded:
            assert worker is not None, "made above when threaded"
            got = worker.ready(m)
            if got is None:
                return  # still thinking: draw this frame, ask again on the next
            d, err = got
        else:
            try:
                d = self.controllers[p.side].decide(m)
            except Exception as e:  # noqa: BLE001
                err = e
        self.ai_timer = 0.0
        self.step_once = False
        if err is not None:  # an AI fault must not kill the window: fall back to auto
            self.toast(f"AI error ({err}); playing the default", (255, 140, 130))
            d = m.auto()
        self.decide(d, by_human=False)

    def hand_over(self, side: str) -> None:
        from .handover import HandoverScene

        since = self.seen.get(side, 0)
        events = self.match.log[since:]
        self.looking = side
        self.seen[side] = len(self.match.log)
        self.handed_at = len(self.match.decisions)  # undo stops here
        ho = HandoverScene(self.app, self.match, side, events, first=since == 0)
        ho.orders = self.orders.get(side)
        self.app.push(ho)

    def on_match_over(self) -> None:
        if not getattr(self, "_turning_told", False):
            self._turning_told = True
            from game.ai.concede import turning_point  # the narration names the turning point

            st = self.match.state
            tp = turning_point(self.match.log, st.figures, {s.id: s.name for s in st.sides})
            if tp:
                self.narration.append([f"Turning point — {tp}", None, 6.0])
        if self.mode == "demo" and self.end_timer < 3.0:
            return  # the last banners first, then the results
        if not self.results_shown:
            self.results_shown = True
            # the demo shows each game's results for a few seconds (any key or click goes on sooner)
            then = self.next_demo if self.mode == "demo" else None
            self.app.show_results(self.match, self.session_meta(), then=then)

    def next_demo(self) -> None:
        scen = [s for s in self.app.scenarios() if not s.tutorial] or [self.match.scenario]
        ids = [s.id for s in scen]
        i = (ids.index(self.match.scenario.id) + 1) % len(ids) if self.match.scenario.id in ids else 0
        try:
            scene = self.app.start_battle(scen[i], mode="demo", seed=self.match.seed + 1, ai=self.ai_level)
        except Exception:  # noqa: BLE001 - a broken scenario: replay this one with a new seed
            scene = self.app.start_battle(self.match.scenario, mode="demo", seed=self.match.seed + 1, ai=self.ai_level)
        scene.speed = self.speed
