"""`python -m game play`: the window when there is a display, else the boarding demo as a printed log."""

from __future__ import annotations

import os
import sys

from .rules.counting import counted

DEFAULT_SCENARIO = "boarding_action"


def has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform in ("win32", "darwin")


def run_play(args) -> int:
    wants_window = not args.headless and (has_display() or args.frames is not None or args.screenshot)
    if wants_window:
        from game.startup import run_window  # one line for each start-up failure

        code = run_window(args)
        if code is not None:
            return code
    elif not args.headless:
        print("no display: playing the boarding demo headless", file=sys.stderr)
    return run_headless(args.scenario or DEFAULT_SCENARIO, seed=args.seed, preset=args.preset, level=args.ai)


def run_headless(
    scenario_ref: str, *, seed: int | None = None, preset: str | None = None, level: str = "normal", out=None
) -> int:
    """Play AI against AI and print the battle as a readable log."""
    from game.ai import make_controller, play_out
    from game.match import Match
    from game.scenario import find_scenario, load_scenario
    from game.ui.log_words import format_event

    out = out or sys.stdout
    scenario = load_scenario(scenario_ref) if scenario_ref.endswith(".toml") else find_scenario(scenario_ref)
    seed = 1 if seed is None else seed
    try:
        ctrl = {s.id: make_controller(level, seed + i) for i, s in enumerate(scenario.sides)}
    except ValueError:
        print(f"AI level {level!r} is not built yet; the demo plays the random baseline", file=sys.stderr)
        ctrl = {s.id: make_controller("random", seed + i) for i, s in enumerate(scenario.sides)}
    from game.schema.text import one_line  # names and titles come from the file: one line each
    from game.ui.narration import headline  # pure: no pygame

    match = Match(scenario, seed=seed, preset=preset)
    print(one_line(f"{scenario.title} — {scenario.blurb} (preset {match.preset_name}, seed {seed})", 4000), file=out)
    memo: dict = {}

    def show(events) -> None:
        for ev in events:
            print(one_line(format_event(ev, match.state), 4000), file=out)
            line = headline(ev, match, memo)
            if line:  # the key events stand out, as the window's narration does
                print(one_line(f"  >> {line}", 4000), file=out)

    show(match.log)
    play_out(match, ctrl, on_events=show)
    st = match.state
    winner = st.side(st.winner).name if st.winner else "nobody"
    print(
        one_line(
            f"Result: {winner} — {st.end_reason} after {counted(st.turn, 'turn')}, {len(match.decisions)} decisions",
            4000,
        ),
        file=out,
    )
    return 0
