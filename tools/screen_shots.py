"""Screenshots for docs/playing.md: a climb preview, a hand-over, the End-turn control.

Run under a real (virtual) display:
  xvfb-run -a -s "-screen 0 1920x1080x24" python tools/screen_shots.py docs
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "tests" / "ui" / "data" / "boarding_reach.json"


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def enter():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def shots(out: Path, size) -> None:
    from game.match import load_record, replay
    from game.ui.scenes.app import App
    from game.ui.scenes.battle import BattleScene

    w = size[0]
    app = App(size)
    m = replay(load_record(RECORD), verify=False, upto=40).match
    scene = BattleScene(app, m, mode="hotseat")
    app.reset_to(scene)
    frame(app, n=3)
    pygame.image.save(app.screen, str(out / f"screen-handover-{w}.png"))  # the hand-over screen
    frame(app, [enter()], n=3)
    p = m.pending
    assert p is not None, "the record stops mid-game"
    d = next(d for d in p.options if d.option == "climb" and (d.label or "").startswith("mainmast_shrouds"))
    assert d.figure is not None and d.x is not None and d.y is not None, "a climb names its figure and spot"
    f = m.state.figures[d.figure]
    scene.camera.centre_on((f.x + d.x) / 2, (f.y + d.y) / 2)
    for _ in range(3):
        scene.camera.zoom(1, scene.camera.to_screen((f.x + d.x) / 2, (f.y + d.y) / 2))
    frame(app, n=2)
    pos = scene.camera.to_screen(d.x, d.y)
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)], n=4)
    pygame.image.save(app.screen, str(out / f"screen-climb-{w}.png"))
    # the End-turn control: the next question that asks which figure acts (End turn lit)
    scene.decide(d)
    for _ in range(400):
        p = scene.match.pending
        assert p is not None, "the game goes on until the End-turn question"
        if p.kind == "activate" and type(app.top).__name__ == "BattleScene" and scene.may_see(p.side):
            break
        if type(app.top).__name__ == "HandoverScene":
            frame(app, [enter()], n=2)
            continue
        if scene.may_see(p.side) and p.default is not None:
            scene.decide(p.default)
        frame(app, n=1)
    scene.camera.fit()
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)], n=1)
    b = scene.buttons["end_turn"]
    frame(
        app,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)],
        n=30,
    )
    pygame.image.save(app.screen, str(out / f"screen-endturn-{w}.png"))
    app.quit()


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    out.mkdir(parents=True, exist_ok=True)
    for size in ((1280, 720), (1920, 1080)):
        shots(out, size)
    print("written to", out)
