""" "What happens next?": the player picks who asks, the AI levels, how many games, where they run
and a seed; the continuations run on a thread (game/ai/whatif.py) with a progress bar and a Stop;
the table shows who wins (95 % interval), in how many turns, which figures fall most often and
every continuation's seed, each opening as a replay."""

from __future__ import annotations

import threading

import pygame
import pygame_gui

from .. import fonts
from ..widgets import button, label
from .base import Scene

GAMES = (10, 20, 40, 100)
LEVELS = ("easy", "normal", "hard", "random")
LEVEL_WORDS = {"easy": "easy", "normal": "normal", "hard": "hard", "random": "random moves"}
EXECUTORS = (("local", "this process"), ("processes", "all cores"), ("dask", "a Dask cluster"))


class WhatIfScene(Scene):
    def __init__(self, app, record, at: int, asking: str | None = None, *, sides_allowed=None):
        """``record``: the battle; ``at``: decisions made before the moment; ``asking``: the side whose
        view the continuations start from (None: the side to move there); ``sides_allowed``: the sides
        that may ask (a game in progress: only the side at the screen)."""
        super().__init__(app)
        from game.match import replay

        self.record = record
        self.at = at
        base = replay(record, app.scenario_dirs(), verify=False, upto=at).match
        self.turn = base.state.turn
        self.over = base.over
        self.sides = [(s.id, s.name) for s in base.state.sides]
        allowed = [s for s, _ in self.sides if sides_allowed is None or s in sides_allowed]
        self.allowed = allowed or [self.sides[0][0]]
        to_move = base.pending.side if base.pending is not None else self.allowed[0]
        self.asking = asking if asking in self.allowed else (to_move if to_move in self.allowed else self.allowed[0])
        self.levels = {s: "normal" for s, _ in self.sides}
        self.games = 40
        self.executor = "local"
        self.seed_text = ""
        self.result = None
        self.done = 0
        self.error = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._box: dict = {}
        self._opening: threading.Thread | None = None
        self._shown = -1

    # -- the run ---------------------------------------------------------------------------------------
    def start(self) -> None:
        from game.ai.whatif import first_seed, run

        if self.running:
            return
        text = self.seed_text.strip()
        seed = int(text) if text.isdigit() else first_seed()
        self.seed_text = str(seed)
        self._stop.clear()
        self.result, self.done, self.error = None, 0, ""
        box = self._box = {}
        rec, at, side, games, levels = self.record, self.at, self.asking, self.games, dict(self.levels)
        executor = (self.executor, None)
        dirs = self.app.scenario_dirs()

        def work() -> None:
            from game.ai.whatif import Cancelled
            from game.match.replay import scenario_for

            def progress(done, n, w) -> None:
                box["done"], box["result"] = done, w

            try:
                sc = scenario_for(rec, dirs)
                box["result"] = run(
                    rec,
                    at,
                    side,
                    games=games,
                    levels=levels,
                    seed=seed,
                    executor=executor,
                    on_progress=progress,
                    cancelled=self._stop.is_set,
                    scenario=sc,
                )
                box["finished"] = True
            except Cancelled:
                box["stopped"] = True
            except Exception as e:  # noqa: BLE001 - one line on the page; the window stays
                from game.schema.text import one_line

                box["error"] = one_line(f"The games could not be played: {' '.join(str(e).split())}", 160)

        self._thread = threading.Thread(target=work, name="what-if", daemon=True)
        self._thread.start()
        self.app._rebuild()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        self._stop.set()

    def wait(self, timeout: float = 600.0) -> None:
        """Until the run ends (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)
        self.update(0.0)

    def open_continuation(self, index: int) -> None:
        """Continuation ``index`` played again, on a thread, then shown as a replay."""
        from game.ai.whatif import continuation
        from game.match.replay import scenario_for

        w = self.result
        if w is None or self._opening is not None:
            return
        o = next((o for o in w.played if o.index == index), None)
        if o is None:
            return
        box = self._box
        rec, at, side, levels, dirs = self.record, self.at, w.side, dict(w.levels), self.app.scenario_dirs()

        def work() -> None:
            try:
                start, decisions = continuation(rec, at, side, o.seed, levels, scenario_for(rec, dirs))
                box["open"] = (start, decisions, o)
            except Exception as e:  # noqa: BLE001 - one line on the page; the window stays
                from game.schema.text import one_line

                box["error"] = one_line(f"That game could not be played again: {' '.join(str(e).split())}", 160)

        self._opening = threading.Thread(target=work, name="what-if-open", daemon=True)
        self._opening.start()
        self.msg_text = f"Playing game {index + 1} again…"
        self.app._rebuild()

    def wait_open(self, timeout: float = 120.0) -> None:
        if self._opening is not None:
            self._opening.join(timeout)
        self.update(0.0)

    # -- the page --------------------------------------------------------------------------------------
    msg_text = ""

    def build(self) -> None:
        from ..theme import ui_metrics

        m = self.manager
        w, h = self.size
        p = ui_metrics(m).px
        names = dict(self.sides)
        label(m, (0, p(10), w, p(50)), "What happens next?", object_id="#title")
        if self.over:
            sub = "The battle is over at this moment: pick an earlier one."
        else:
            sub = (
                f"From turn {self.turn}, decision {self.at} of {len(self.record.decisions)}, as "
                f"{names[self.asking]} know it: the other side's hidden cards are dealt afresh and the dice are new"
            )
        for i, line in enumerate(fonts.wrap(sub, w - p(60), ui_metrics(m).small)[:2]):
            label(m, (p(30), p(60) + i * p(20), w - p(60), p(20)), line, object_id="#small")
        y, bh, x = p(108), p(38), p(30)
        self.ask_btn = button(m, (x, y, p(300), bh), f"Asking: {names[self.asking]}"[:40])
        if len(self.allowed) < 2:
            self.ask_btn.disable()
        x += p(310)
        self.level_btns = {}
        for sid, name in self.sides:
            short = name if len(name) <= 16 else name[:15] + "…"
            self.level_btns[sid] = button(m, (x, y, p(240), bh), f"{short}: {LEVEL_WORDS[self.levels[sid]]}")
            x += p(250)
        y += bh + p(8)
        x = p(30)
        self.games_btn = button(m, (x, y, p(140), bh), f"{self.games} games")
        x += p(150)
        ex = dict(EXECUTORS)[self.executor]
        self.exec_btn = button(m, (x, y, p(230), bh), f"Run on {ex}")
        x += p(240)
        label(m, (x, y, p(60), bh), "Seed", object_id="#small")
        x += p(64)
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, p(150), bh), m)
        self.seed_entry.set_text(self.seed_text)
        self.seed_entry.set_allowed_characters("numbers")
        x += p(160)
        if self.running:
            self.run_btn = button(m, (x, y, p(130), bh), "Stop")
        else:
            self.run_btn = button(m, (x, y, p(130), bh), "Play them")
            if self.over:
                self.run_btn.disable()
        y += bh + p(8)
        self.bar = GamesBar(pygame.Rect(p(30), y, w - p(60), p(22)), m, self.progress_words)
        self.bar.set_current_progress(100.0 * self.done / max(1, self.games))
        y += p(30)
        self.table = pygame_gui.elements.UITextBox(
            self.table_html(), pygame.Rect(p(30), y, w - p(60), h - y - p(80)), m
        )
        self._shown = self.done
        self.back_btn = button(m, (p(30), h - p(64), p(160), p(44)), "Back")
        self.msg = label(m, (p(200), h - p(58), w - p(230), p(30)), self.msg_text or self.error, object_id="#small")

    def progress_words(self) -> str:
        if not self.done and not self.running:
            return ""
        return f"{self.done} of {counted_games(self.games)} played" + ("…" if self.running else "")

    def table_html(self) -> str:
        from html import escape

        from game.rules.counting import counted

        w = self.result
        if w is None:
            return (
                "Each game plays the battle on from this moment, both sides moved by the AI at the levels "
                "above. Press <b>Play them</b>."
            )
        names = dict(self.sides)
        out = [f"<b>{len(w.played)} of {self.games} games played</b> (seed {w.base_seed})<br>"]
        for sid, k, rate, lo, hi in w.wins():
            who = escape(names.get(sid, "")) + " win" if sid else "A draw"
            out.append(f"{who}: {k} ({rate * 100:.0f} %, likely between {lo * 100:.0f} and {hi * 100:.0f} %)<br>")
        turns = w.turns()
        if turns:
            out.append(f"<br><b>Ends at turn</b> (middle game: turn {w.median_turns():g})<br>")
            n_all = max(1, len(w.played))
            for t, n in turns.items():
                out.append(f"turn {t}: {counted(n, 'game')} ({100 * n / n_all:.0f} %)<br>")
        fallen = w.fallen()
        if fallen:
            out.append("<br><b>Fall most often</b><br>")
            out += [f"{escape(w.names.get(f, f))}: in {counted(n, 'game')}<br>" for f, n in fallen]
        if w.played:
            out.append("<br><b>Each game</b> (open one to watch it)<br>")
            for o in w.played:
                who = escape(names.get(o.winner, "")) + " win" if o.winner else "a draw"
                out.append(
                    f"<a href='game:{o.index}'>Game {o.index + 1}</a>: {who} at turn {o.turns} (seed {o.seed})<br>"
                )
        bad = [o for o in w.outcomes if o.error]
        if bad:
            out.append(f"<br>{counted(len(bad), 'game')} could not be played to its end.<br>")
        return "".join(out)

    # -- input -----------------------------------------------------------------------------------------
    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is getattr(self, "seed_entry", None):
            self.seed_text = self.seed_entry.get_text()
            return
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            kind, _, n = str(getattr(event, "link_target", "")).partition(":")
            if kind == "game" and n.isdigit():
                self.open_continuation(int(n))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stop()
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.back_btn:
            self.stop()
            self.app.pop()
        elif el is self.run_btn:
            if self.running:
                self.stop()
            else:
                self.start()
        elif self.running:
            return  # the settings hold while games run
        elif el is self.ask_btn:
            i = self.allowed.index(self.asking)
            self.asking = self.allowed[(i + 1) % len(self.allowed)]
            self.app._rebuild()
        elif el is self.games_btn:
            self.games = GAMES[(GAMES.index(self.games) + 1) % len(GAMES)] if self.games in GAMES else 40
            self.app._rebuild()
        elif el is self.exec_btn:
            keys = [k for k, _ in EXECUTORS]
            self.executor = keys[(keys.index(self.executor) + 1) % len(keys)]
            self.app._rebuild()
        else:
            for sid, b in self.level_btns.items():
                if el is b:
                    self.levels[sid] = LEVELS[(LEVELS.index(self.levels[sid]) + 1) % len(LEVELS)]
                    self.app._rebuild()

    def update(self, dt: float) -> None:
        box = self._box
        if "open" in box:
            start, decisions, o = box.pop("open")
            self._opening = None
            self.msg_text = ""
            names = dict(self.sides)
            who = f"{names.get(o.winner, '')} win" if o.winner else "a draw"
            start.seed = o.seed  # the number that plays this game again, shown in the status line
            from .continuation import ContinuationScene

            self.app.push(ContinuationScene(self.app, start, decisions, f"Game {o.index + 1}: {who}"))
            return
        changed = False
        if "result" in box and box["result"] is not self.result:
            self.result = box["result"]
            changed = True
        done = box.get("done", self.done)
        if done != self.done:
            self.done = done
            changed = True
        for key in ("finished", "stopped", "error"):
            if key in box:
                if key == "error":
                    self.error = box["error"]
                    self._opening = None
                elif key == "stopped":
                    self.msg_text = f"Stopped after {counted_games(self.done)}."
                del box[key]
                changed = True
        if changed and self.app.top is self:
            self.app._rebuild()

    def draw(self, surf) -> None:
        surf.fill((18, 18, 24))

    def leave(self) -> None:
        self.stop()


def open_what_if(replay) -> bool:
    """ "What happens next?" from a replay's moment, for the sides that may ask; False (and a word
    why) where none may or the game is over there."""
    sides = sides_that_may_ask(replay)
    if not sides or replay.match.over:
        replay.toast("What happens next? is asked of a moment of a finished game, or by the side at the screen.")
        return False
    replay.app.push(WhatIfScene(replay.app, replay.source, replay.k, sides_allowed=sides))
    return True


def sides_that_may_ask(replay) -> list[str]:
    """Who may ask "What happens next?" of a replay's moment: any side of a finished game (or of a game
    no person plays); in a game's own past only the side at the screen (its seat); in a solo save its
    player's side; nobody in an unfinished hot-seat save (no side is known to be at the screen, and a
    continuation from a side's view turns on that side's real cards)."""
    sides = [s.id for s in replay.match.state.sides]
    if replay.live is not None:
        return [replay.seat] if replay.seat in sides else []
    if replay.timeline.marks[replay.timeline.last].side is None:  # over at the record's end
        return list(sides)
    meta = replay.source.meta if isinstance(replay.source.meta, dict) else {}
    humans = h if isinstance(h := meta.get("humans"), list) else []
    if meta.get("mode") == "hotseat":
        return []
    if meta.get("mode") == "solo":
        return [s for s in sides if s in humans]
    return list(sides)


def counted_games(n: int) -> str:
    from game.rules.counting import counted

    return counted(n, "game")


class GamesBar(pygame_gui.elements.UIProgressBar):
    """The progress bar in words ("3 of 40 games played…"), not its own percentage."""

    def __init__(self, rect, manager, words):
        self.words = words  # before the bar is built: it loads its font only if it has words then
        super().__init__(rect, manager)

    def status_text(self) -> str:
        return self.words() or " "
