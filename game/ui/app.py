"""The game window: a scene stack over one pygame_gui manager, capped at 60 FPS.

Entry point ``run_app(args)`` (from ``python -m game play``). With ``--frames N`` it runs N frames
and stops; with ``--screenshot PNG`` it saves the last frame. Without ``--mode`` it opens the main
menu; with one it goes straight into that battle (demo: the AI plays every side).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
DEFAULT_SCENARIO = "boarding_action"
#: The exit status when the scenario the command line named was refused (as the headless CLI's).
EXIT_REFUSED = 2


class App:
    def __init__(self, size=DEFAULT_SIZE, *, args=None, extra_dirs=(), fullscreen: bool = False):
        from .settings import load_settings
        from .sound import Sounds
        from .widgets import make_manager

        self.t0 = time.perf_counter()
        self.args = args
        self.extra_dirs = [Path(d) for d in extra_dirs]
        self.settings = load_settings()
        self.sounds = Sounds.from_settings(self.settings)  # the real audio device; silent without one
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        self.windowed_size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption("Boarders Away!")
        self.manager = make_manager(self.screen.get_size())
        self.clock = pygame.time.Clock()
        self.scenes: list = []
        self.running = True
        self.frame = 0
        self.first_frame_s: float | None = None
        self.fps = int(self.settings.get("fps", 60)) or 60
        self.crashes: list[str] = []
        """Log files of the crashes caught by ``run`` (a scene that raised; issue 20)."""
        self.said: set[str] = set()
        """Refusals already printed (the menu's scan would name the same file again)."""
        self.exit_code = 0
        """EXIT_REFUSED once the scenario the command line named was refused (shown, then returned)."""
        self.scenario_problems: list[str] = []
        """One line per scenario file that could not be read (shown in the menu)."""
        if fullscreen:
            self.toggle_fullscreen()

    # -- scenario access ---------------------------------------------------------------------------
    def scenario_dirs(self) -> list[Path]:
        return list(self.extra_dirs)

    def scenarios(self):
        """Every good scenario; the bad files' one-line reasons go to ``scenario_problems``."""
        from game.scenario import scan_scenarios

        good, problems = scan_scenarios(self.extra_dirs)
        for line in problems:
            if line not in self.scenario_problems and line not in self.said:  # said once per session
                print(line, file=sys.stderr)
        self.scenario_problems = problems
        return good

    def find_scenario(self, ref: str):
        from game.scenario import find_scenario, load_scenario

        if ref.endswith(".toml"):
            p = Path(ref)
            if p.parent not in self.extra_dirs:
                self.extra_dirs.append(p.parent)
            return load_scenario(p)
        return find_scenario(ref, self.extra_dirs)

    # -- scene stack ---------------------------------------------------------------------------------
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def _rebuild(self, *, scene_changed: bool = False) -> None:
        from .widgets import forget_dirty_rects

        self.manager.clear_and_reset()
        if self.top is not None:
            self.top.build()
        forget_dirty_rects(self.manager)
        if scene_changed:  # the widgets and scenes left behind are garbage now: free them for real (memory.py)
            from .memory import release_scene_memory

            release_scene_memory()

    def push(self, scene) -> None:
        self.scenes.append(scene)
        self._rebuild(scene_changed=True)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        if not self.scenes:
            from .scenes.menu import MenuScene

            self.scenes.append(MenuScene(self))
        self._rebuild(scene_changed=True)

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def reset_to(self, scene) -> None:
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def to_menu(self) -> None:
        from .scenes.menu import MenuScene

        self.reset_to(MenuScene(self))

    # -- window ------------------------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        from .theme import metrics, ui_metrics
        from .widgets import make_manager

        screen = pygame.display.get_surface()
        assert screen is not None, "a resize comes from the open window"
        self.screen = screen
        size = self.screen.get_size()
        if metrics(size) != ui_metrics(self.manager):  # widget fonts scale with the window (issue 18)
            self.manager.clear_and_reset()
            self.manager = make_manager(size)
        else:
            self.manager.set_window_resolution(size)
        self._rebuild()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.screen.get_size()
            sizes = pygame.display.get_desktop_sizes() or [self.windowed_size]
            self.screen = pygame.display.set_mode(sizes[0], pygame.FULLSCREEN)
            self.fullscreen = True
        self.resized(self.screen.get_size())

    # -- the loop ---------------------------------------------------------------------------------------
    def step(self, events, dt: float) -> None:
        """One frame: route events, advance, draw, flip."""
        from .widgets import forget_dirty_rects

        for event in events:
            if event.type == pygame.QUIT:
                top = self.top
                if top is not None and getattr(top, "on_close", None) is not None and top.on_close():
                    continue  # a game in progress asks: Save and quit / Quit / Cancel
                self.running = False
                return
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
                if (w, h) != (event.w, event.h):
                    self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                self.windowed_size = (w, h)
                self.resized((w, h))
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            consumed = self.manager.process_events(event)
            top = self.top
            if top is not None:
                top.handle(event, consumed)
            if not self.running:
                return
        self.manager.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
            top = self.top
            top.draw(self.screen)
        self.manager.draw_ui(self.screen)
        forget_dirty_rects(self.manager)
        pygame.display.flip()
        self.frame += 1
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.t0

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        if self.top is None:
            self.to_menu()
        n = 0
        while self.running and (frames is None or n < frames):
            ms = self.clock.tick(self.fps)
            dt = min(ms / 1000.0, 0.1)
            try:
                self.step(pygame.event.get(), dt)
            except Exception as e:  # noqa: BLE001 - a crash inside a game must not close the window
                self.crashed(e)
            n += 1
        if screenshot:
            out = Path(screenshot)
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(out))
        self.quit()
        return 0

    def crashed(self, exc: BaseException) -> None:
        """A scene raised: log the traceback, then a screen that offers to save the game so far and
        returns to the menu. A crash of that screen itself (or a storm of them) is not caught."""
        from .scenes.crash import CrashScene, write_crash_log

        log = write_crash_log(exc)
        self.crashes.append(log)
        print(
            f"error: the game hit {type(exc).__name__}: {str(exc)[:200]} (details: {log or 'no log'})", file=sys.stderr
        )
        if isinstance(self.top, CrashScene) or len(self.crashes) > 20:
            raise exc
        match = next((s.match for s in reversed(self.scenes) if getattr(s, "match", None) is not None), None)
        try:
            self.reset_to(CrashScene(self, exc, log, match))
        except Exception:
            self.scenes.clear()
            raise

    def quit(self) -> None:
        for s in reversed(self.scenes):
            s.leave()
        self.scenes.clear()
        pygame.display.quit()

    # -- starting things ---------------------------------------------------------------------------------
    def start_battle(
        self,
        scenario,
        *,
        mode: str = "hotseat",
        seed: int | None = None,
        preset: str | None = None,
        human: str | None = None,
        ai: str = "normal",
        **kw,
    ):
        """Begin a new match in the battle scene (raises ScenarioError/ValueError for a bad choice);
        ``kw``: BattleScene's ai_levels, orders (session.py)."""
        from game.match import Match

        from .scenes.battle import BattleScene

        seed = int(time.time()) % 100000 if seed is None else int(seed)
        match = Match(scenario, seed=seed, preset=preset)
        scene = BattleScene(self, match, mode=mode, human=human, ai=ai, **kw)
        self.reset_to(scene)
        return scene

    def start_from_args(self, args) -> None:
        """The screen the command line asks for. A scenario named there that cannot be played (a
        bad file, a bad map, an unknown id) opens the menu with its one line on it, selects nothing
        else for it, and makes the exit status 2 (the command line's contract for a refused file)."""
        from .scenes.menu import MenuScene

        mode = getattr(args, "mode", None)
        ref = getattr(args, "scenario", None)
        if not mode and not ref:
            # `make play`: the main menu opens with Boarders Away! selected (issue 9)
            self.reset_to(MenuScene(self, preselect=DEFAULT_SCENARIO))
            return
        ref = ref or DEFAULT_SCENARIO
        try:
            scenario = self.find_scenario(ref)
            if not mode:
                from game.match import Match

                Match(scenario, seed=0, preset=getattr(args, "preset", None))  # its map and set-up, now
                self.reset_to(MenuScene(self, preselect=ref))
                return
            self.start_battle(
                scenario,
                mode=mode,
                seed=getattr(args, "seed", None),
                preset=getattr(args, "preset", None),
                human=getattr(args, "side", None),
                ai=getattr(args, "ai", "normal") or "normal",
            )
        except Exception as e:  # noqa: BLE001 - an untrusted file: said on the screen, never played instead
            self.refuse_start(ref, e)

    def refuse_start(self, ref: str, exc: BaseException) -> None:
        from game.schema.text import one_line

        from .scenes.refused import RefusedScene

        text = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
        line = one_line(text if ref in text else f"{ref}: {text}")
        print(f"error: {line}", file=sys.stderr)
        self.exit_code = EXIT_REFUSED
        self.said.add(line)
        self.reset_to(RefusedScene(self, line))


def run_app(args) -> int:
    size = getattr(args, "size", None) or DEFAULT_SIZE
    app = App(size, args=args)
    app.start_from_args(args)
    code = app.run(frames=getattr(args, "frames", None), screenshot=getattr(args, "screenshot", None))
    return code or app.exit_code
