"""The main menu's start with the player's scenario packs: 20 packs (their checks cached, and not
yet cached) against none, in the same run. Each figure is the median time from building the menu
to the end of its first frame, in a warm process (imports done), 1280x720, SDL's dummy driver.

    tools/bench_packs.py [--quick]
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
PACKS = 20
SOURCES = ("boarding_action", "pike_and_shot", "duel_on_the_quarterdeck", "harbour_tavern")


def _menu_ms(repeat: int) -> float:
    from game.ui.scenes.app import App
    from game.ui.scenes.menu import MenuScene

    app = App((1280, 720))
    times = []
    for _ in range(repeat):
        app.pack_cache = None  # read from its file, as at a start
        app.frame = 0
        t0 = time.perf_counter()
        app.reset_to(MenuScene(app))
        app.step([], 1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    app.quit()
    return round(statistics.median(times), 1)


def run(quick: bool = False) -> dict[str, float | str]:
    sys.path.insert(0, str(ROOT / "tests" / "scenario"))
    from packs_kit import make_pack  # type: ignore[import-not-found]  # tests/scenario, put on the path above

    repeat = 3 if quick else 7
    home = Path(tempfile.mkdtemp(prefix="boarders-bench-packs-"))
    saved = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")}
    try:
        for k in saved:
            os.environ[k] = str(home / k.lower())
        from game.match.scenario_check import scan_packs
        from game.paths import cache_dir, scenarios_dir

        _menu_ms(1)  # imports and fonts, once
        none = _menu_ms(repeat)
        folder = scenarios_dir(create=True)
        for i in range(PACKS):
            make_pack(folder / f"pack {i:02d}", f"pack_{i:02d}", f"Pack {i}", SOURCES[i % len(SOURCES)])
        shutil.rmtree(cache_dir(), ignore_errors=True)
        uncached = _menu_ms(1)  # the checks wait for the frames after the first
        scan_packs()  # every pack checked: the cache knows them all
        cached = _menu_ms(repeat)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(home, ignore_errors=True)
    return {
        "menu_first_frame_ms_no_packs": none,
        "menu_first_frame_ms_20_packs_cached": cached,
        "menu_first_frame_ms_20_packs_uncached": uncached,
        "ratio_20_packs_cached_over_none": round(cached / none, 2),
    }


if __name__ == "__main__":
    print(run("--quick" in sys.argv))
