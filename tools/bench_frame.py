"""The `frame` benchmark: battle frame time at 1920×1080 against a bare full-screen blit+flip.

Run: ``python tools/bench_frame.py [--quick] [--json]``; ``run(quick) -> dict`` is the section
entry point for tools/bench.py. The dummy SDL driver makes flip free, so the baseline (one
full-screen blit and a flip, same run, same process) is what the battle frame is compared with.

Figures: the boarding map (maps/boarding_action.tmx) with 40 figures (game.ui.sample), the side
panel with prompt, dice and log, demo mode playing at 1×. Also measured: the map-drawing
alternatives (cached pre-scaled surface vs per-tile blits vs per-frame smoothscale) and a
pygame_gui UITextBox append against the hand-rolled log panel.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1920, 1080)


def _env():
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def _stats(ms: list[float]) -> dict:
    s = sorted(ms)
    p99 = s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]
    return {"median_ms": round(statistics.median(s), 3), "p99_ms": round(p99, 3), "n": len(s)}


def baseline(pygame, screen, n: int) -> dict:
    bg = pygame.Surface(screen.get_size()).convert()
    bg.fill((40, 60, 80))
    ms = []
    for _ in range(n):
        t = time.perf_counter()
        screen.blit(bg, (0, 0))
        pygame.display.flip()
        ms.append((time.perf_counter() - t) * 1000)
    return _stats(ms)


def first_frame(runs: int = 3) -> dict:
    """Seconds from a fresh interpreter's start to the first battle frame on screen.

    A player's Python has its bytecode cache: pip compiles the wheel's modules when it installs
    them and an editable install writes ``__pycache__`` on its first start. So the figure
    (``warm_s``, the median of ``runs`` starts after one that fills the cache) is taken with a
    bytecode cache in a fresh ``PYTHONPYCACHEPREFIX`` folder, even where the environment sets
    PYTHONDONTWRITEBYTECODE (this machine does). ``no_bytecode_s`` is one start that compiles the
    game's ~190 modules from source, as every start does under PYTHONDONTWRITEBYTECODE.
    """
    import tempfile

    code = (
        "import time; t0=time.perf_counter()\n"
        "import os; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='dummy'\n"
        "from game.ui.scenes.app import App\nfrom game.ui.sample import boarding_scenario\n"
        "app=App((1920,1080)); app.start_battle(boarding_scenario(), mode='demo', seed=1)\n"
        "app.step([], 1/60); print(time.perf_counter()-t0)\n"
    )

    def start(env: dict) -> float:
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
        )
        try:
            return float(out.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise RuntimeError(out.stderr[-2000:]) from None

    base = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    no_bytecode = start({**base, "PYTHONDONTWRITEBYTECODE": "1"})
    with tempfile.TemporaryDirectory(prefix="bench-pyc-") as prefix:
        env = {k: v for k, v in base.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = prefix
        start(env)  # fills the cache
        warm = [start(env) for _ in range(runs)]
    return {"no_bytecode_s": round(no_bytecode, 3), "warm_s": round(statistics.median(warm), 3)}


def map_alternatives(pygame, renderer, cam, n: int) -> dict:
    screen = pygame.display.get_surface()
    out = {}
    ms = []
    for _ in range(n):
        t = time.perf_counter()
        renderer.draw(screen, cam)
        ms.append((time.perf_counter() - t) * 1000)
    out["cached_surface"] = _stats(ms)
    tile = max(4, int(cam.ppi))  # one tile per inch at this zoom (a 32 px tile on a 32 px/inch map)
    tile_s = pygame.Surface((tile, tile)).convert()
    tile_s.fill((120, 100, 70))
    vw, vh = cam.viewport.size
    ms = []
    for _ in range(max(5, n // 4)):
        t = time.perf_counter()
        for y in range(0, vh, tile):
            for x in range(0, vw, tile):
                screen.blit(tile_s, (cam.viewport.x + x, cam.viewport.y + y))
        ms.append((time.perf_counter() - t) * 1000)
    out["per_tile_blits"] = _stats(ms)
    src = renderer.ground(cam.ppi // 2 or 1)
    ms = []
    for _ in range(max(5, n // 4)):
        t = time.perf_counter()
        area = pygame.Rect(0, 0, min(src.get_width(), vw // 2), min(src.get_height(), vh // 2))
        screen.blit(pygame.transform.smoothscale(src.subsurface(area), (area.w * 2, area.h * 2)), cam.viewport.topleft)
        ms.append((time.perf_counter() - t) * 1000)
    out["smoothscale_each_frame"] = _stats(ms)
    return out


def log_alternatives(pygame, manager_factory, n_lines: int = 500) -> dict:
    import pygame_gui

    from game.rules.events import Note
    from game.ui.log_panel import LogPanel

    m = manager_factory()
    html = "<br>".join(f"Line {i}: Captain Rouge moves 3.2 in (RNG-MOVE-1)" for i in range(n_lines))
    box = pygame_gui.elements.UITextBox(html, pygame.Rect(0, 0, 400, 400), m)
    t = time.perf_counter()
    for i in range(10):
        box.append_html_text(f"<br>Appended {i} (RNG-MOVE-1)")
    tb = (time.perf_counter() - t) * 100
    lp = LogPanel(pygame.Rect(0, 0, 400, 400))
    for i in range(n_lines):
        lp.add(Note(rule="RNG-MOVE-1", message=f"Line {i}: Captain Rouge moves 3.2 in"))
    lp.draw(pygame.display.get_surface())
    t = time.perf_counter()
    for i in range(10):
        lp.add(Note(rule="RNG-MOVE-1", message=f"Appended {i}"))
        lp.draw(pygame.display.get_surface())
    lpt = (time.perf_counter() - t) * 100
    box.kill()
    return {"uitextbox_append_ms": round(tb, 3), "log_panel_append_and_draw_ms": round(lpt, 3), "lines": n_lines}


def run(quick: bool = False) -> dict:
    _env()
    import pygame

    from game.ui.sample import boarding_scenario
    from game.ui.scenes.app import App
    from game.ui.widgets import make_manager

    n = 60 if quick else 400
    scen = boarding_scenario()
    if scen is None:
        return {"skipped": "maps/boarding_action.tmx is missing"}
    app = App(SIZE)
    app.settings["edge_pan"] = False
    sc = app.start_battle(scen, mode="demo", seed=1, ai="random")
    for _ in range(10):  # warm the caches (zoom-step surface, sprites, text)
        app.step([], 1 / 60)
    bg = pygame.Surface(app.screen.get_size()).convert()
    bg.fill((40, 60, 80))
    ms, bms = [], []
    for _ in range(n):  # interleaved, so machine noise hits the baseline and the battle alike
        t = time.perf_counter()
        app.screen.blit(bg, (0, 0))
        pygame.display.flip()
        bms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        app.step(pygame.event.get(), 1 / 60)
        ms.append((time.perf_counter() - t) * 1000)
    base = _stats(bms)
    frame = _stats(ms)
    res = {
        "size": list(SIZE),
        "figures": len(sc.match.state.figures),
        "baseline_blit_flip": base,
        "battle_frame": frame,
        "ratio_median": round(frame["median_ms"] / max(1e-6, base["median_ms"]), 2),
        "ratio_p99": round(frame["p99_ms"] / max(1e-6, base["p99_ms"]), 2),
        "ratio_p99_vs_baseline_median": round(frame["p99_ms"] / max(1e-6, base["median_ms"]), 2),
        "goals": {"ratio_median": 4.0, "ratio_p99": 8.0, "first_frame_s": 1.0},
        "map_drawing": map_alternatives(pygame, sc.renderer, sc.camera, max(10, n // 4)),
        "log": log_alternatives(pygame, lambda: make_manager(SIZE)),
    }
    app.quit()
    ff = first_frame(2 if quick else 3)
    res["first_frame_s"] = ff["warm_s"]
    res["first_frame_no_bytecode_s"] = ff["no_bytecode_s"]
    return res


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    res = run(quick="--quick" in argv)
    if "--json" in argv:
        print(json.dumps(res, indent=1))
    else:
        for k, v in res.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
