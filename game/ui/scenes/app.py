"""The game window: a scene stack over one pygame_gui manager, capped at 60 FPS.

Entry point ``run_app(args)`` (from ``python -m game play``). With ``--frames N`` it runs N frames
and stops; with ``--screenshot PNG`` it saves the last frame. Without ``--mode`` it opens the main
menu; with one it goes straight into that battle (demo: the AI plays every side).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path

import pygame

#: The desktop's name for the game: the .desktop file's and the AppStream component's id, the
#: icon's file name, and the window's class, by which a desktop matches the window to its entry.
APP_ID = "io.github.boarders_away.BoardersAway"

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
DEFAULT_SCENARIO = "boarding_action"
#: The exit status when the scenario the command line named was refused (as the headless CLI's).
EXIT_REFUSED = 2


def name_the_window() -> None:
    """The window's class and app id, which SDL reads from the environment when it makes the window.
    Importing pygame under X11 sets the class to the script's name (``__main__.py``, ``boarders``)
    unless it is set already: that value is replaced, one the player set stays."""
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS") in (None, "", script):
        os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_ID
    for var in ("SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        os.environ.setdefault(var, APP_ID)
    os.environ.setdefault("SDL_APP_NAME", "Boarders Away!")


def set_window_icon() -> None:
    """The game's icon in the title bar and task switcher (tools/make_icon.py draws it). Set before
    the window opens, as SDL asks on some platforms; an install without it keeps SDL's own."""
    from game.resources import asset_path

    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
    except (OSError, pygame.error) as e:
        print(f"window icon: {e}", file=sys.stderr)


class App:
    def __init__(self, size=DEFAULT_SIZE, *, args=None, extra_dirs=(), fullscreen: bool | None = False):
        """``fullscreen``: open full-screen; None: as the player last chose (settings.json)."""
        from game.settings import load_settings

        from ..memory import limit_arenas
        from ..sound import Sounds
        from ..widgets import make_manager

        limit_arenas()  # before the window's threads start (memory.py)
        self.t0 = time.perf_counter()
        self.args = args
        self.extra_dirs = [Path(d) for d in extra_dirs]
        self.settings = load_settings()
        name_the_window()
        from ..stop_signals import StopSignals, keep_sdl_off_signals

        keep_sdl_off_signals()  # SIGTERM / SIGHUP are ours: autosave and close (stop_signals.py)
        self.stop_signals = StopSignals()  # installed while ``run`` runs the frame loop
        self.sounds = Sounds.from_settings(self.settings)  # the real audio device; silent without one
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        self.windowed_size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        self.fullscreen = False
        set_window_icon()
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
        """Log files of the crashes caught by ``run`` (a scene that raised)."""
        self.said: set[str] = set()
        """Refusals already printed (the menu's scan would name the same file again)."""
        self.exit_code = 0
        """EXIT_REFUSED once the scenario the command line named was refused (shown, then returned)."""
        self.scenario_problems: list[str] = []
        """One line per scenario file that could not be read (shown in the menu)."""
        self.pack_cache: dict | None = None
        """The scenario packs' check results by content (game/scenario/packs.py), read once."""
        if fullscreen is None:
            fullscreen = bool(self.settings.get("fullscreen"))
        if fullscreen:
            self.toggle_fullscreen(remember=False)

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
                log.warning("skipped a scenario file: %s", line)
        self.scenario_problems = problems
        return good

    def packs(self, shipped=()):
        """The player's scenario packs, known by their folders (``read_pack`` reads each);
        ``shipped``: the shipped scenarios, whose ids a pack may not reuse."""
        from game.scenario.packs import load_cache, unread_packs

        if self.pack_cache is None:
            self.pack_cache = load_cache()
        self.shipped_ids = [s.id for s in shipped]
        return unread_packs()

    def read_pack(self, pack):
        """``pack`` with its scenario files read (and checked, when the cache knows its content)."""
        from game.scenario.packs import read_pack

        return read_pack(pack.folder, getattr(self, "shipped_ids", ()), self.pack_cache)

    def check_pack(self, pack, packs=()):
        """``pack`` fully checked; the answer is kept in the cache file for the next start."""
        from game.match.scenario_check import check_pack
        from game.scenario.packs import save_cache

        if self.pack_cache is None:
            self.pack_cache = {}
        done = check_pack(pack, self.pack_cache)
        for line in done.problems:
            log.warning("scenario pack %s: %s", pack.name, line)
        save_cache(self.pack_cache, packs)
        return done

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
        from ..widgets import forget_dirty_rects

        self.manager.clear_and_reset()
        if self.top is not None:
            self.top.build()
        forget_dirty_rects(self.manager)
        if scene_changed:  # the widgets and scenes left behind are garbage now: free them for real (memory.py)
            from ..memory import release_scene_memory

            release_scene_memory()

    def push(self, scene) -> None:
        self.scenes.append(scene)
        self._rebuild(scene_changed=True)

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        if not self.scenes:
            from .menu import MenuScene

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
        from .menu import MenuScene

        self.reset_to(MenuScene(self))

    def show_results(self, match, meta, *, then=None) -> None:
        """The after-action report over the finished battle (``then``: what the demo does next)."""
        from .results import ResultsScene

        self.push(ResultsScene(self, match, meta, then=then))

    def show_replay(self, record, *, at: int = 0, **kw):
        """A record's replay at position ``at``, over the scene shown now (``kw``: the replay
        scene's seat, live, timeline, seeds)."""
        from .replay import open_replay

        return open_replay(self, record, at=at, **kw)

    # -- window ------------------------------------------------------------------------------------------
    def resized(self, size: tuple[int, int]) -> None:
        from ..theme import metrics, ui_metrics
        from ..widgets import make_manager

        screen = pygame.display.get_surface()
        assert screen is not None, "a resize comes from the open window"
        self.screen = screen
        size = self.screen.get_size()
        if metrics(size) != ui_metrics(self.manager):  # widget fonts scale with the window
            self.manager.clear_and_reset()
            self.manager = make_manager(size)
        else:
            self.manager.set_window_resolution(size)
        self._rebuild()

    def toggle_fullscreen(self, remember: bool = True) -> None:
        """Full screen on or off; ``remember``: the next start opens the same way (settings.json)."""
        self._switch_fullscreen()
        if remember and self.settings.get("fullscreen") != self.fullscreen:
            from game.settings import save_settings

            self.settings["fullscreen"] = self.fullscreen
            save_settings(self.settings)

    def _switch_fullscreen(self) -> None:
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
        from ..widgets import forget_dirty_rects

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
        from ..stop_signals import stop_for_signal

        if self.top is None:
            self.to_menu()
        stops = self.stop_signals
        stops.install()
        n = 0
        try:
            while self.running and (frames is None or n < frames):
                ms = self.clock.tick(self.fps)
                dt = min(ms / 1000.0, 0.1)
                try:
                    self.step(pygame.event.get(), dt)
                except Exception as e:  # noqa: BLE001 - a crash inside a game must not close the window
                    self.crashed(e)
                n += 1
                if stops.asked is not None:
                    stop_for_signal(self, stops.asked)
        finally:
            stops.restore()
        if screenshot:
            out = Path(screenshot)
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(out))
        self.quit()
        return 0

    def crashed(self, exc: BaseException) -> None:
        """A scene raised: log the traceback, then a screen that offers to save the game so far and
        returns to the menu. A crash of that screen itself (or a storm of them) is not caught."""
        from .crash import CrashScene, write_crash_log

        match = next((s.match for s in reversed(self.scenes) if getattr(s, "match", None) is not None), None)
        log = write_crash_log(exc, match)
        self.crashes.append(log)
        print(
            f"error: the game hit {type(exc).__name__}: {str(exc)[:200]} (details: {log or 'no log'})", file=sys.stderr
        )
        if isinstance(self.top, CrashScene) or len(self.crashes) > 20:
            raise exc
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

        from .battle import BattleScene

        seed = int(time.time()) % 100000 if seed is None else int(seed)
        match = Match(scenario, seed=seed, preset=preset)
        log.info("battle: %s (%s), preset %s, seed %d, %s", scenario.id, scenario.path, match.preset_name, seed, mode)
        scene = BattleScene(self, match, mode=mode, human=human, ai=ai, **kw)
        self.reset_to(scene)
        return scene

    def start_from_args(self, args) -> None:
        """The screen the command line asks for. A scenario named there that cannot be played (a
        bad file, a bad map, an unknown id) opens the menu with its one line on it, selects nothing
        else for it, and makes the exit status 2 (the command line's contract for a refused file)."""
        from .menu import MenuScene

        mode = getattr(args, "mode", None)
        ref = getattr(args, "scenario", None)
        if not mode and not ref:
            # `make play`: the main menu opens with Boarders Away! selected
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

        from .refused import RefusedScene

        text = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
        line = one_line(text if ref in text else f"{ref}: {text}")
        print(f"error: {line}", file=sys.stderr)
        self.exit_code = EXIT_REFUSED
        self.said.add(line)
        self.reset_to(RefusedScene(self, line))


def run_app(args) -> int:
    size = getattr(args, "size", None) or DEFAULT_SIZE
    # a window size, frame count or screenshot asked for on the command line is a window of that size
    chosen = any(getattr(args, k, None) is not None for k in ("size", "frames", "screenshot"))
    app = App(size, args=args, fullscreen=False if chosen else None)
    app.start_from_args(args)
    code = app.run(frames=getattr(args, "frames", None), screenshot=getattr(args, "screenshot", None))
    return code or app.exit_code
