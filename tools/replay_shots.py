"""Screenshots for docs/playing.md "Replays and branches": the step-through replay with bookmarks,
and "Play on from here", at 1280×720 and 1920×1080, driven by keys as a player would.

Run under a real (virtual) display:
  xvfb-run -a -s "-screen 0 1920x1080x24" python tools/replay_shots.py docs/screens
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "tests" / "data" / "records" / "boarding_action_seed11.json"


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def shots(out: Path, size) -> None:
    from game.match import load_record
    from game.ui.app import App
    from game.ui.scenes.replay import open_replay

    w, h = size
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / RECORD.name  # the bookmarks are written into the record: a copy's
        shutil.copy(RECORD, copy)
        app = App(size)
        open_replay(app, load_record(copy), at=0)
        frame(app, n=3)
        for _ in range(4):
            frame(app, [key(pygame.K_RIGHTBRACKET)], n=2)  # turn 5
        frame(app, [key(pygame.K_b)], n=2)
        for _ in range(5):
            frame(app, [key(pygame.K_RIGHTBRACKET)], n=2)  # turn 10
        frame(app, [key(pygame.K_PAGEDOWN)], n=2)
        frame(app, [key(pygame.K_b)], n=2)
        for _ in range(3):
            frame(app, [key(pygame.K_RIGHT, pygame.KMOD_SHIFT)], n=2)
        frame(app, [key(pygame.K_TAB, pygame.KMOD_SHIFT)], n=2)  # back to the second bookmark
        frame(app, n=30)
        pygame.image.save(app.screen, str(out / f"replay-bookmark-{w}x{h}.png"))
        frame(app, [key(pygame.K_p)], n=3)
        pygame.image.save(app.screen, str(out / f"replay-play-on-{w}x{h}.png"))
        app.quit()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")
    out.mkdir(parents=True, exist_ok=True)
    for size in ((1280, 720), (1920, 1080)):
        shots(out, size)


if __name__ == "__main__":
    main()
