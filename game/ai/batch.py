"""Running simulate's games somewhere: in this process, in a process pool, or on a Dask cluster,
and the pieces that keep a long batch cheap: self-contained jobs, one JSON line per
finished game, resuming from those lines, and a summary built by streaming.

A job is plain values: (index, scenario, preset, seed, levels, keep record). ``scenario`` is a
packaged scenario id (every worker has the package), or for a scenario file a ``bundle``: its
text and the texts of its map and tilesets, which a worker writes once into a folder of its own
(named by their digest) and loads from there, so a worker needs no source tree.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing as mp
import os
import re
import tempfile
from collections import Counter
from pathlib import Path

from .metrics import MetricsSum
from .play_measures import MeasuresSum

EXECUTORS = ("local", "processes", "dask")
#: latency histogram: HIST_PER_DECADE log-spaced bins per decade from HIST_LOW ms, HIST_BINS bins
#: (1 µs .. 1000 s); a percentile is read as its bin's upper edge (within 12 %)
HIST_LOW = 1e-3
HIST_PER_DECADE = 20
HIST_BINS = 9 * HIST_PER_DECADE
#: errors kept by name in the summary (the rest are only counted)
ERRORS_KEPT = 50
_TSX = re.compile(r"<tileset\b[^>]*\bsource=\"([^\"]+)\"")


class ExecutorError(ValueError):
    """A bad --executor value (the CLI prints one line and exits 2)."""


def parse_executor(text: str | None) -> tuple[str, str | None]:
    """'local' | 'processes' | 'dask' | 'dask=ADDRESS' -> (kind, address)."""
    kind, _, addr = (text or "processes").partition("=")
    if kind not in EXECUTORS or (addr and kind != "dask") or (_ and not addr):
        raise ExecutorError(f"simulate: --executor {text!r}: give local, processes, dask or dask=ADDRESS")
    return kind, addr or None


# -- self-contained scenarios --------------------------------------------------------------------
def bundle(path: str | Path) -> dict:
    """The texts a worker needs to load the scenario file at ``path``: {"main": name, "files": {name:
    text}} with the scenario, its map and the map's tilesets (names relative to the scenario)."""
    p = Path(path)
    files = {p.name: p.read_text(encoding="utf-8")}
    from game.scenario import load_scenario

    sc = load_scenario(p)
    mp = None if sc.map.startswith("open:") else Path(sc.map)
    if mp is not None:
        mp = Path(mp)
        rel = os.path.relpath(mp, p.parent)
        text = mp.read_text(encoding="utf-8")
        files[rel] = text
        for src in _TSX.findall(text):
            tsx = (mp.parent / src).resolve()
            files[os.path.normpath(os.path.join(os.path.dirname(rel), src))] = tsx.read_text(encoding="utf-8")
    return {"main": p.name, "files": files}


def unpack(b: dict) -> str:
    """Write a bundle once per worker (a folder named by its digest) and return its scenario path."""
    digest = hashlib.sha256(json.dumps(b, sort_keys=True).encode()).hexdigest()[:20]
    root = Path(tempfile.gettempdir()) / f"boarders-sim-{digest}"
    main = root / "scenario" / b["main"]
    if not main.exists():
        tmp = Path(tempfile.mkdtemp(prefix="boarders-sim-"))
        for name, text in b["files"].items():
            q = (tmp / "scenario" / name).resolve()
            if not str(q).startswith(str(tmp.resolve())):  # names come from our own bundle, but stay inside
                q = tmp / "scenario" / Path(name).name
            q.parent.mkdir(parents=True, exist_ok=True)
            q.write_text(text, encoding="utf-8")
        try:
            os.replace(tmp, root)
        except OSError:  # another worker got there first
            pass
    return str(main)


# -- one JSON line per game ----------------------------------------------------------------------
def done_seeds(path: str | Path) -> set[int]:
    """Seeds of the games already in a --out file (a torn last line is ignored)."""
    out = set()
    for r in read_lines(path):
        out.add(r["seed"])
    return out


def read_lines(path: str | Path):
    """The finished games of a --out file, one dict each, skipping lines that do not parse."""
    p = Path(path)
    if not p.exists():
        return
    with p.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if isinstance(r, dict) and isinstance(r.get("seed"), int):
                yield r


class LineWriter:
    """Appends one JSON line per finished game, whole, flushed and synced at once."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.fh = self.path.open("a+", encoding="utf-8")
        self.fh.seek(0, os.SEEK_END)
        if self.fh.tell():  # a batch killed mid-line: start on a fresh line
            self.fh.seek(self.fh.tell() - 1)
            last = self.fh.read(1)
            self.fh.seek(0, os.SEEK_END)
            if last != "\n":
                self.fh.write("\n")

    def write(self, r: dict) -> None:
        try:
            self.fh.write(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n")
            self.fh.flush()
            os.fsync(self.fh.fileno())
        except OSError as e:  # a full disk names the file it could not write
            raise OSError(e.errno, e.strerror, str(self.path)) from None

    def close(self) -> None:
        try:
            self.fh.close()
        except OSError as e:
            raise OSError(e.errno, e.strerror, str(self.path)) from None


# -- streamed summary ----------------------------------------------------------------------------
def hist_bin(ms: float) -> int:
    if ms <= HIST_LOW:
        return 0
    return min(HIST_BINS - 1, int(math.log10(ms / HIST_LOW) * HIST_PER_DECADE) + 1)


def bin_top(i: int) -> float:
    return HIST_LOW * 10 ** (i / HIST_PER_DECADE)


def histogram(values) -> dict[str, int]:
    """Sparse {bin: count} of millisecond values (JSON keys are strings)."""
    c = Counter(hist_bin(v) for v in values)
    return {str(k): v for k, v in sorted(c.items())}


class Hist:
    """A fixed-size log histogram of milliseconds, with count and max."""

    __slots__ = ("bins", "n", "max")

    def __init__(self):
        self.bins = [0] * HIST_BINS
        self.n = 0
        self.max = 0.0

    def add_sparse(self, sparse: dict, mx: float) -> None:
        for k, v in sparse.items():
            self.bins[int(k)] += v
            self.n += v
        self.max = max(self.max, mx)

    def add(self, ms: float) -> None:
        self.bins[hist_bin(ms)] += 1
        self.n += 1
        self.max = max(self.max, ms)

    def pct(self, q: float) -> float:
        if not self.n:
            return 0.0
        want = max(1, math.ceil(q * self.n))
        acc = 0
        for i, c in enumerate(self.bins):
            acc += c
            if acc >= want:
                return round(min(bin_top(i), self.max), 4)
        return round(self.max, 4)


#: per-game metrics kept in the summary (bounded: --out FILE.jsonl has every game's line)
PER_GAME_KEPT = 1000


class Summary:
    """simulate's summary, fed one game at a time: counters and fixed-size histograms, so its size
    does not grow with the number of games."""

    def __init__(self, ai: tuple[str, str]):
        self.games = 0
        self.errors: list[dict] = []
        self.error_count = 0
        self.draws = 0
        self.wins_by_side: Counter = Counter()
        self.sides: set[str] = set()
        self.wins_by_ai: Counter = Counter({lv: 0 for lv in dict.fromkeys(ai)})
        self.rules: Counter = Counter()
        self.ms = Hist()
        self.ms_by: dict[str, Hist] = {}
        self.game_s = Hist()
        self.decisions = Hist()
        self.turns: Counter = Counter()
        self.reasons: Counter = Counter()
        self.metrics = MetricsSum()
        self.measures = MeasuresSum()
        self.per_game: list[dict] = []  # the first PER_GAME_KEPT games' metrics; --out has every game's

    def add(self, r: dict) -> None:
        if "error" in r:
            self.error_count += 1
            if len(self.errors) < ERRORS_KEPT:
                self.errors.append({"seed": r["seed"], "error": r["error"]})
            return
        self.games += 1
        self.sides.update(r["levels"])
        w = r["winner"]
        if w is None:
            self.draws += 1
        else:
            self.wins_by_side[w] += 1
            self.wins_by_ai[r["levels"][w]] += 1
        self.rules.update(r["rules"])
        for lv, h in r["ms_hist"].items():
            mx = r["ms_max"][lv]
            self.ms.add_sparse(h, mx)
            self.ms_by.setdefault(lv, Hist()).add_sparse(h, mx)
        self.game_s.add(r["game_s"] * 1000.0)
        self.decisions.add(float(r["decisions"]))
        self.turns[r["turns"]] += 1
        self.reasons[r["reason"]] += 1
        if "measures" in r:
            self.measures.add(r["measures"])
        if "metrics" in r:
            self.metrics.add(r["metrics"])
            if len(self.per_game) < PER_GAME_KEPT:
                self.per_game.append(
                    {"seed": r["seed"], "winner": r["winner"], **r["metrics"], **r.get("measures", {})}
                )

    def result(self, **head) -> dict:
        out = dict(head)
        out.update(
            {
                "games": self.games,
                "errors": self.errors,
                "error_count": self.error_count,
                "draws": self.draws,
                "wins_by_side": {s: self.wins_by_side.get(s, 0) for s in sorted(self.sides)},
                "wins_by_ai": dict(self.wins_by_ai),
                "decision_ms": {
                    "median": self.ms.pct(0.5),
                    "p99": self.ms.pct(0.99),
                    "histogram": "log, 20 bins a decade",
                    "by_ai": {
                        lv: {"median": h.pct(0.5), "p99": h.pct(0.99), "max": round(h.max, 4), "n": h.n}
                        for lv, h in sorted(self.ms_by.items())
                    },
                },
                "game_s": {
                    "median": round(self.game_s.pct(0.5) / 1000.0, 4),
                    "p99": round(self.game_s.pct(0.99) / 1000.0, 4),
                },
                "turns": {str(k): v for k, v in sorted(self.turns.items())},
                "decisions": {"median": round(self.decisions.pct(0.5))},
                "end_reasons": dict(self.reasons.most_common()),
                "rules_fired": dict(sorted(self.rules.items())),
                "metrics": {"summed": self.metrics.result(), "per_game": self.per_game, "per_game_kept": PER_GAME_KEPT},
                "measures": self.measures.result(),
            }
        )
        return out


# -- executors -----------------------------------------------------------------------------------
def process_context():
    """The multiprocessing context the process pools start their workers with."""
    # not "fork": a process that has started SDL (the window, the frame bench) holds threads and
    # locks a forked child inherits half-taken, and the pool deadlocks; a fork server is started
    # clean, before any of that, and still forks its workers cheaply
    methods = mp.get_all_start_methods()
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_jobs(jobs, fn, kind: str, address: str | None, workers: int, on_result) -> None:
    """Run ``fn(job)`` for every job on the executor, calling ``on_result(result)`` in this process as
    each finishes (in whatever order). At most a few jobs per worker are in flight at once."""
    jobs = iter(jobs)
    if kind == "local" or workers <= 1 and kind == "processes":
        for j in jobs:
            on_result(fn(j))
        return
    if kind == "processes":
        with process_context().Pool(processes=workers) as pool:
            for r in pool.imap_unordered(fn, jobs, chunksize=1):
                on_result(r)
        return
    _run_dask(jobs, fn, address, workers, on_result)


def _run_dask(jobs, fn, address: str | None, workers: int, on_result) -> None:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ExecutorError(
            "simulate: --executor dask needs dask.distributed (pip install 'boarders-away[dask]')"
        ) from None
    cluster = None
    if address:
        client = Client(address)
    else:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
        )
        client = Client(cluster)
    try:
        width = max(2, 2 * sum(client.nthreads().values()) or workers)
        pending = as_completed()
        for j in jobs:
            pending.add(client.submit(fn, j, pure=False))
            if pending.count() >= width:
                break
        for fut in pending:
            on_result(fut.result())
            fut.release()
            nxt = next(jobs, None)
            if nxt is not None:
                pending.add(client.submit(fn, nxt, pure=False))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
