#!/usr/bin/env python3
"""Run every file of a bad-input corpus through the command line, each under hard limits.

    tools/check_corpus.py scenarios|saves|maps [FOLDER] [--cpu S] [--mem MB]

Each file (those named in the folder's manifest.json if it has one, else every file) goes through
what a user would run (``check-scenario FILE`` / ``replay FILE --verify`` / ``check-map FILE``)
in this one process, after the imports, with:

* a CPU-time limit per file (ITIMER_PROF, default 1 s): a file still running at the limit is
  interrupted and reported as ``limit: cpu`` — a bound, not a timing measurement;
* an address-space limit (RLIMIT_AS) of the process's size after the imports plus --mem MB
  (default 256): a file that needs more fails with MemoryError, reported as ``limit: memory``.

Prints one JSON object {file: {"code", "err", "limit"}} (``err``: what went to stderr), for
tests/proof/test_proof_bad_inputs.py. Linux only (RLIMIT_AS, /proc/self/statm).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
DEFAULT = {
    "scenarios": ROOT / "tests" / "data" / "bad_scenarios",
    "saves": ROOT / "tests" / "data" / "bad_saves",
    "maps": ROOT / "tests" / "data" / "bad_maps",
}
COMMANDS = {"scenarios": ["check-scenario"], "saves": ["replay", "--verify"], "maps": ["check-map"]}


class CpuLimit(BaseException):
    """Raised by the profiling timer: not an Exception, so no reader's handler can swallow it."""


def _on_timer(signum, frame):
    raise CpuLimit()


def _vm_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def command_for(kind: str, path: str) -> list[str]:
    cmd = COMMANDS[kind]
    return [cmd[0], path, *cmd[1:]]


def run(kind: str, folder: Path, cpu_s: float = 1.0, mem_mb: int = 256) -> dict:
    import game.match  # noqa: F401 - every reader imported before the limit is set
    import game.match.scenario_check  # noqa: F401
    import game.table  # noqa: F401
    from game.cli import main

    manifest = folder / "manifest.json"
    if manifest.is_file():
        files = sorted(folder / name for name in json.loads(manifest.read_text()))
    else:
        files = sorted(p for p in folder.iterdir() if p.is_file())
    # warm the imports that the first file triggers lazily
    warm = {
        "scenarios": ["check-scenario", str(ROOT / "tests" / "data" / "scenarios" / "tiny.toml")],
        "saves": ["replay", str(files[0])],
        "maps": ["check-map", str(ROOT / "maps" / "boarding_action.tmx")],
    }
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        main(warm[kind])
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _vm_bytes() + mem_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (cap if hard == resource.RLIM_INFINITY else min(cap, hard), hard))
    signal.signal(signal.SIGPROF, _on_timer)
    out = {}
    for p in files:
        err, limit, code = io.StringIO(), None, None
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                signal.setitimer(signal.ITIMER_PROF, cpu_s)
                try:
                    code = main(command_for(kind, str(p)))
                finally:
                    signal.setitimer(signal.ITIMER_PROF, 0)
        except CpuLimit:
            limit = "cpu"
        except MemoryError:
            limit = "memory"
        except BaseException as e:  # noqa: BLE001 - reported, the run goes on
            limit = f"raised {type(e).__name__}: {str(e)[:200]}"
        out[p.name] = {"code": code, "err": err.getvalue(), "limit": limit}
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    return out


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=sorted(DEFAULT))
    ap.add_argument("folder", nargs="?")
    ap.add_argument("--cpu", type=float, default=1.0)
    ap.add_argument("--mem", type=int, default=256)
    a = ap.parse_args(argv)
    res = run(a.kind, Path(a.folder) if a.folder else DEFAULT[a.kind], a.cpu, a.mem)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
