"""The battle's pace, an object the battle scene holds (``BattleScene.turns``): the AI sides answer
one decision at a time (in a thread, paced by the demo speed), a hot-seat side gets its hand-over
screen, and the match's end shows the turning point and the results (or the next demo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ai_worker import AIWorker

if TYPE_CHECKING:
    from .battle import BattleScene


class TurnDriver:
    """Asks whoever is to answer: the AI (``advance`` each frame), the next hot-seat player
    (``hand_over``), and at the end the results (``on_match_over``)."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.ai_timer = 0.0
        """Seconds since the AI last answered (its answer waits for the AI delay)."""
        self.step_once = False
        """The paused demo's next decision is asked for (N or the step button)."""
        self.end_timer = 0.0
        """Seconds since the match ended (the last banners show before the results)."""
        self.results_shown = False
        self.turning_told = False
        self.worker: AIWorker | None = None
        """The AI's thread (ai_worker.py), made when the AI is first asked."""
        self.seen: dict[str, int] = {}
        """Hot-seat: side -> the log's length when that player last looked."""

    def close(self) -> None:
        """The scene is left for good: the AI's thread ends (it held the match until the program did)."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def advance(self, dt: float) -> None:
        sc = self.scene
        if sc.modal is not None or getattr(sc, "leave_dialog", None) is not None:
            return  # a question is open: the game behind it waits for the answer
        m = sc.match
        if m.over or getattr(sc, "_conceded", None):
            self.end_timer += dt
            if sc.anims or self.end_timer < 1.5:
                return
            self.on_match_over()
            return
        p = m.pending
        if p is None:
            return
        if p.side in sc.humans:
            if sc.standing_order(p):
                return
            if sc.mode == "hotseat" and sc.looking != p.side:
                self.hand_over(p.side)
            return
        # the AI thinks on a clone in a thread (game/ui/ai_worker.py) from the moment it is asked,
        # through animations and the delay; the frame loop only polls (settings "ai_thread": False
        # decides on the frame loop, as before)
        threaded = bool(sc.app.settings.get("ai_thread", True))
        worker = self.worker
        if threaded:
            if worker is None:
                worker = self.worker = AIWorker()
            worker.think(m, sc.controllers[p.side])
        if sc.anims:
            return
        if sc.mode == "demo" and sc.paused and not self.step_once:
            return
        self.ai_timer += dt
        delay = float(sc.app.settings.get("ai_delay", 0.5)) / (sc.speed if sc.mode == "demo" else 1)
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
                d = sc.controllers[p.side].decide(m)
            except Exception as e:  # noqa: BLE001
                err = e
        self.ai_timer = 0.0
        self.step_once = False
        if err is not None:  # an AI fault must not kill the window: fall back to auto
            sc.toast(f"AI error ({err}); playing the default", (255, 140, 130))
            d = m.auto()
        sc.decide(d, by_human=False)

    def hand_over(self, side: str) -> None:
        from .handover import HandoverScene

        sc = self.scene
        since = self.seen.get(side, 0)
        events = sc.match.log[since:]
        sc.looking = side
        self.seen[side] = len(sc.match.log)
        sc.handed_at = len(sc.match.decisions)  # undo stops here
        ho = HandoverScene(sc.app, sc.match, side, events, first=since == 0)
        ho.orders = sc.orders.get(side)
        sc.app.push(ho)

    def on_match_over(self) -> None:
        sc = self.scene
        if not self.turning_told:
            self.turning_told = True
            from game.ai.concede import turning_point  # the narration names the turning point

            st = sc.match.state
            tp = turning_point(sc.match.log, st.figures, {s.id: s.name for s in st.sides})
            if tp:
                sc.narration.append([f"Turning point — {tp}", None, 6.0])
        if sc.mode == "demo" and self.end_timer < 3.0:
            return  # the last banners first, then the results
        if not self.results_shown:
            self.results_shown = True
            # the demo shows each game's results for a few seconds (any key or click goes on sooner)
            then = self.next_demo if sc.mode == "demo" else None
            sc.app.show_results(sc.match, sc.session_meta(), then=then)

    def next_demo(self) -> None:
        sc = self.scene
        scen = [s for s in sc.app.scenarios() if not s.tutorial] or [sc.match.scenario]
        ids = [s.id for s in scen]
        i = (ids.index(sc.match.scenario.id) + 1) % len(ids) if sc.match.scenario.id in ids else 0
        try:
            nxt = sc.app.start_battle(scen[i], mode="demo", seed=sc.match.seed + 1, ai=sc.ai_level)
        except Exception:  # noqa: BLE001 - a broken scenario: replay this one with a new seed
            nxt = sc.app.start_battle(sc.match.scenario, mode="demo", seed=sc.match.seed + 1, ai=sc.ai_level)
        nxt.speed = sc.speed
