"""The command line: `python -m game …`, also installed as `boarders`.

Any error prints one line on stderr and exits with status 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_OK, EXIT_MISMATCH, EXIT_ERROR = 0, 1, 2


class CliError(Exception):
    """An error to report on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, status 2, instead of usage + message
        raise CliError(f"{self.prog}: {message}")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT (e.g. 1280x800)") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is outside 320x240..7680x4320")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    from game import __version__

    p = _Parser(prog="boarders", description="Boarders Away! - tabletop skirmish on screen")
    p.add_argument("--version", action="version", version=f"boarders {__version__}", help="print the version and exit")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play a scenario (the default)")
    play.add_argument("scenario", nargs="?", default=None, help="scenario id or .toml file")
    play.add_argument(
        "--mode",
        choices=("hotseat", "solo", "demo"),
        default=None,
        help="hotseat: two players at one machine; solo: you against the AI; demo: AI against AI "
        "(default: the main menu)",
    )
    play.add_argument("--frames", type=int, default=None, help="run this many frames, then stop")
    play.add_argument("--screenshot", default=None, help="save the last frame to this PNG")
    play.add_argument("--size", type=_size, default=None, help="window size WIDTHxHEIGHT")
    play.add_argument("--seed", type=int, default=None, help="dice seed (default: from the clock; headless: 1)")
    play.add_argument("--preset", default=None, help="ruleset to play instead of the scenario's own")
    play.add_argument("--side", default=None, help="solo: the side you play")
    from game.ai.simulate import LEVELS

    play.add_argument("--ai", default="normal", choices=LEVELS, help=f"AI level ({', '.join(LEVELS)})")
    play.add_argument("--headless", action="store_true", help="no window: print the battle log")

    sim = sub.add_parser("simulate", help="play many headless AI games")
    sim.add_argument("scenario", help="scenario id or .toml file")
    sim.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    sim.add_argument("--seed", type=int, default=0, help="first game's seed; game i uses seed+i (default 0)")
    sim.add_argument(
        "--ai", default="normal,normal", help="AI level per side, LEVEL or LEVEL,LEVEL (default normal,normal)"
    )
    sim.add_argument("--preset", default=None, help="ruleset to play instead of the scenario's own")
    sim.add_argument("--jobs", type=int, default=None, help="worker processes (default: the cores)")
    sim.add_argument("--record-dir", default=None, help="write each game's record (JSON) into this folder")
    sim.add_argument("--json", action="store_true", help="print the results as JSON")
    sim.add_argument("--plot", default=None, help="draw win rates and game lengths into this PNG (needs matplotlib)")
    sim.add_argument(
        "--executor",
        default="processes",
        metavar="local|processes|dask[=ADDRESS]",
        help="where the games run: this process, a process pool (default), or a Dask cluster "
        "(dask: a local one; dask=tcp://HOST:8786: that scheduler)",
    )
    sim.add_argument("--out", default=None, metavar="FILE.jsonl", help="append one JSON line per finished game")
    sim.add_argument("--resume", action="store_true", help="skip the seeds already in --out")

    rep = sub.add_parser("replay", help="replay a record or save")
    rep.add_argument("file", help="a record or save (.json)")
    rep.add_argument("--verify", action="store_true", help="exit 0 if every hash matches, 1 at the first mismatch")
    rep.add_argument(
        "--scenario",
        default=None,
        metavar="PATH",
        help="the scenario .toml the record was played on (when it is not in maps/)",
    )

    wi = sub.add_parser("whatif", help="play a save or record on many times from one moment and count who wins")
    wi.add_argument("file", help="a save or record (.json)")
    wi.add_argument("--games", type=int, default=40, help="continuations to play (default 40)")
    wi.add_argument("--at", type=int, default=None, help="decisions made before the moment (default: all, the save's)")
    wi.add_argument(
        "--side", default=None, help="the side asking: its view, the other's cards re-dealt (default: to move)"
    )
    wi.add_argument(
        "--ai", default="normal,normal", help="AI level per side, LEVEL or LEVEL,LEVEL (default normal,normal)"
    )
    wi.add_argument("--seed", type=int, default=None, help="seed of the run (default: a fresh one, printed)")
    wi.add_argument(
        "--executor", default="processes", metavar="local|processes|dask[=ADDRESS]", help="where the games run"
    )
    wi.add_argument("--jobs", type=int, default=None, help="worker processes (default: the cores)")
    wi.add_argument("--json", action="store_true", help="print the table as JSON")
    wi.add_argument("--scenario", default=None, metavar="PATH", help="the scenario .toml, when not in maps/")

    chk = sub.add_parser("check-map", help="validate Tiled maps")
    chk.add_argument("files", nargs="+", help="Tiled .tmx files")
    chk.add_argument(
        "--root",
        default=None,
        help="the scenario pack's folder every file a map names must lie in "
        "(default: nearest folder upward with a .tiled-project, else the map's folder)",
    )

    chs = sub.add_parser("check-scenario", help="validate scenario files")
    chs.add_argument("files", nargs="+", help="scenario .toml files")

    odds = sub.add_parser("odds", help="exact odds tables")
    osub = odds.add_subparsers(dest="system", parser_class=_Parser)
    o1 = osub.add_parser("pyrates", help="Pyrates poker-dice mêlée: hands and damage for a Mêlée Quota")
    o1.add_argument("--mq", type=str, required=True, help="Mêlée Quota (e.g. 7 or 7/2)")
    o2 = osub.add_parser("escarmouche", help="Escarmouche card duels")
    o2.add_argument(
        "--draws", type=int, nargs=2, required=True, metavar=("A", "B"), help="cards drawn by each side (1 to 8)"
    )
    o3 = osub.add_parser("close-combat", help="opposed d6 close combat")
    o3.add_argument(
        "--cv", type=int, nargs=2, required=True, metavar=("A", "B"), help="each side's combat value (0 to 20)"
    )

    sc = sub.add_parser("scenarios", help="list the scenarios")
    sc.add_argument("--json", action="store_true", help="print them as JSON")
    sc.add_argument("--ids", action="store_true", help="print their ids only, one a line (for shell completion)")

    from game.completion import SHELLS

    comp = sub.add_parser("completion", help="print a shell completion script (e.g. boarders completion bash)")
    comp.add_argument("shell", choices=SHELLS, help="the shell: " + ", ".join(SHELLS))
    _log_options(p, sub)
    return p


def _log_options(p: argparse.ArgumentParser, sub) -> None:
    """--log-level on the command line and on every command (game/logfile.py)."""
    from game.logfile import LEVELS as LOG_LEVELS

    text = f"how much the log file keeps: {', '.join(LOG_LEVELS)} (default info)"
    p.add_argument("--log-level", choices=LOG_LEVELS, default=None, help=text)
    for parser in sub.choices.values():
        parser.add_argument("--log-level", choices=LOG_LEVELS, default=argparse.SUPPRESS, help=text)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {
        "play",
        "simulate",
        "replay",
        "whatif",
        "check-map",
        "check-scenario",
        "odds",
        "scenarios",
        "completion",
        "-h",
        "--help",
        "--version",
    }
    try:
        if argv and argv[0] not in commands and not argv[0].startswith("-"):
            from game.cli_suggest import unknown_word

            problem = unknown_word(argv[0], sorted(c for c in commands if not c.startswith("-")))
            if problem:
                raise CliError(problem)
        if not argv or argv[0] not in commands:
            argv = ["play", *argv]
        args = build_parser().parse_args(argv)
        from game.logfile import start_logging

        start_logging(args)
        return COMMANDS[args.command](args)
    except SystemExit as e:  # --help and --version end here, with argparse's status
        return e.code if isinstance(e.code, int) else EXIT_OK
    except CliError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except OSError as e:  # the file it could not read or write, then why
        where = e.filename if e.filename is not None else None
        print(f"error: {_one_line(f'{where}: {e.strerror or e}' if where else e)}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as e:  # ScenarioError, MapError, SaveError are ValueErrors
        print(f"error: {_one_line(e)}", file=sys.stderr)
        return EXIT_ERROR
    except (RecursionError, MemoryError) as e:  # an untrusted file that got past a reader's bounds
        print(f"error: {_one_line(type(e).__name__ + ': ' + str(e))}", file=sys.stderr)
        return EXIT_ERROR


def _one_line(e: BaseException | str) -> str:
    from game.schema.text import one_line

    return one_line(" ".join(str(e).split()) or type(e).__name__)


# -- subcommands ---------------------------------------------------------------------------------
def cmd_play(args) -> int:
    from game.play import run_play

    return run_play(args)


def cmd_simulate(args) -> int:
    try:
        from game.ai.simulate import run_simulate
    except ImportError:
        raise CliError("simulate: batch simulation arrives with the AI; not built yet") from None
    return run_simulate(args)


def cmd_replay(args) -> int:
    from game.match import load_record, replay
    from game.schema.text import one_line

    # a record is anyone's file: every line that quotes it is escaped and kept to one line
    rec = load_record(args.file)
    res = replay(rec, verify=args.verify, scenario=getattr(args, "scenario", None))
    if args.verify:
        if res.ok:
            print(one_line(f"{args.file}: {len(rec.decisions)} decisions, every state hash matches"))
            if rec.branch:  # a branch names its parent by content, never by a path
                b = rec.branch
                print(
                    one_line(
                        f"a branch of {b['title']!r} (record {b['parent'][:12]}…) from its decision {b['at']}, "
                        f"with fresh dice (seed {b['seed']})"
                    )
                )
            return EXIT_OK
        print(one_line(f"{args.file}: mismatch at {res.reason}"))
        return EXIT_MISMATCH
    from game.ui.log_words import format_event

    for ev in res.match.log:
        print(one_line(format_event(ev, res.match.state), 4000))
    if not res.ok:
        print(one_line(f"stopped: {res.reason}"), file=sys.stderr)
        return EXIT_MISMATCH
    return EXIT_OK


def cmd_whatif(args) -> int:
    from game.ai.whatif import run_cli

    return run_cli(args)


def cmd_check_map(args) -> int:
    from game.table import check_map, load_map, map_summary

    bad = False
    for f in args.files:
        problems = check_map(f, root=args.root)
        if problems:
            bad = True
            for line in problems:
                print(line, file=sys.stderr)
        else:
            print(map_summary(load_map(f, root=args.root)))
    return EXIT_ERROR if bad else EXIT_OK


def cmd_check_scenario(args) -> int:
    from game.match.scenario_check import check_scenario, scenario_summary

    bad = False
    for f in args.files:
        problems = check_scenario(f)
        if problems:
            bad = True
            for line in problems:
                print(line, file=sys.stderr)
        else:
            print(scenario_summary(f))
    return EXIT_ERROR if bad else EXIT_OK


def cmd_odds(args) -> int:
    if args.system is None:
        raise CliError("odds: name a system: pyrates, escarmouche or close-combat")
    if args.system == "pyrates":
        from fractions import Fraction

        from game.rules.pyrates import odds_report

        try:
            mq = Fraction(args.mq)
        except (ValueError, ZeroDivisionError):
            raise CliError(f"odds pyrates: --mq {args.mq!r} is not a number") from None
        if not 0 <= mq <= 60:
            raise CliError("odds pyrates: --mq must be between 0 and 60")
        print(odds_report(mq))
    elif args.system == "escarmouche":
        from game.rules.escarmouche import odds_report_escarmouche

        a, b = args.draws
        if not (1 <= a <= 8 and 1 <= b <= 8):
            raise CliError("odds escarmouche: --draws must be 1 to 8 cards each")
        print(odds_report_escarmouche(a, b))
    else:
        from game.rules.close_combat import odds_report_close_combat

        a, b = args.cv
        if not (0 <= a <= 20 and 0 <= b <= 20):
            raise CliError("odds close-combat: --cv must be 0 to 20 each")
        print(odds_report_close_combat(a, b))
    return EXIT_OK


def _shown_map(path: str) -> str:
    """A scenario's map as a user can read it: relative to the shipped maps/ folder or the current one."""
    from game.scenario import MAPS_DIR

    if path.startswith("open:"):
        return path
    for base in (MAPS_DIR, Path.cwd()):
        try:
            return Path(path).resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            continue
    return path


def cmd_scenarios(args) -> int:
    from game.match.scenario_check import scan_packs
    from game.scenario import MAPS_DIR, scan_scenarios
    from game.scenario.packs import default_folder

    good, bad = scan_scenarios()
    if getattr(args, "ids", False):  # for shell completion: quick (no full check), quiet
        ids = [s.id for s in good] + [s.id for pk in scan_packs(check=False) for s in pk.scenarios]
        print("\n".join(ids))
        return EXIT_OK
    for line in bad:  # a bad file is named, and hides nothing
        print(line, file=sys.stderr)
    if not good and not bad:
        raise CliError(
            f"scenarios: no scenarios found in {MAPS_DIR} (the install lacks its maps/ folder: "
            "reinstall with `python -m pip install --force-reinstall boarders-away`)"
        )
    packs = scan_packs(taken=[s.id for s in good])
    for pack in packs:  # a bad pack is named with its reason; the others still list
        for line in pack.problems:
            print(line, file=sys.stderr)
    listed = [(None, s) for s in good] + [(pack.name, s) for pack in packs for s in pack.scenarios]
    rows = [
        {
            "id": s.id,
            "title": s.title,
            "preset": s.preset,
            "map": _shown_map(s.map),
            "blurb": s.blurb,
            "sides": [x.id for x in s.sides],
            "figures": len(s.figures),
            "turn_limit": s.turn_limit,
            "pack": pack_name,
        }
        for pack_name, s in listed
    ]
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return EXIT_OK
    from game.schema.text import one_line

    for r in rows:
        if r["pack"] is None:
            print(one_line(f"{r['id']:<24} {r['preset']:<16} {r['title']} — {r['blurb']}", 4000))
    print(f"\nYour own scenario packs, in {default_folder()}:")
    if not packs:
        print("  none yet: put a pack's folder there (maps/README.md shows one)")
    for pack in packs:
        state = "" if pack.ok else f" ({len(pack.problems)} problem{'s' if len(pack.problems) > 1 else ''}, above)"
        print(f"  {pack.name}{state}")
        for r in rows:
            if r["pack"] == pack.name:
                print(one_line(f"    {r['id']:<22} {r['preset']:<16} {r['title']} — {r['blurb']}", 4000))
    return EXIT_OK


def cmd_completion(args) -> int:
    from game.completion import completion_script

    print(completion_script(build_parser(), args.shell), end="")
    return EXIT_OK


COMMANDS = {
    "completion": cmd_completion,
    "play": cmd_play,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "whatif": cmd_whatif,
    "check-map": cmd_check_map,
    "check-scenario": cmd_check_scenario,
    "odds": cmd_odds,
    "scenarios": cmd_scenarios,
}
