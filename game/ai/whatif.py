""" "What happens next?": from one moment of a battle, N seeded AI-against-AI continuations, and the
distribution of their outcomes (who wins with a 95 % Wilson interval, in how many turns, which
figures fall most often), each with its seed so any one can be played again as a replay.

A continuation starts from the asking side's view of the moment: the match at that decision, cloned
with new dice to come and everything that side may not see re-dealt (``Match.clone_redealt``), so
the odds say nothing the side could not know. The seeds come from the player's typed seed or a fresh
one drawn for the question (``first_seed``), never from the match's dice.

A job is plain values, so continuations run on any of simulate's executors (local, processes, dask:
game/ai/batch.py): (index, record text, at, asking side, seed, levels, scenario reference).
"""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from dataclasses import dataclass, field

#: decisions a continuation may take before it is given up (a flow that never ends)
MAX_DECISIONS = 20_000


class Cancelled(Exception):
    """The player stopped the run."""


def first_seed() -> int:
    """A fresh seed for a question nobody typed a seed for: the asking side's own draw."""
    import secrets

    return secrets.randbits(31)


def seed_of(base: int, index: int) -> int:
    """The seed of continuation ``index`` of a run seeded ``base``."""
    return (int(base) * 1_000_003 + 7_919 * (index + 1)) % (2**31)


def ai_seed(seed: int, side_index: int) -> int:
    """The AI seed of one side in one continuation."""
    return (seed * 2_654_435_761 + 97 * (side_index + 1)) % (2**62)


@dataclass
class Outcome:
    """One continuation's end."""

    index: int
    seed: int
    winner: str | None
    turns: int
    decisions: int
    fallen: list[str]
    """Figures in play at the moment and out of play at the end."""
    reason: str = ""
    error: str = ""


@dataclass
class WhatIf:
    """A run's table."""

    at: int
    """Decisions made before the moment."""
    turn: int
    """Game turn of the moment."""
    side: str
    """The asking side."""
    levels: dict[str, str]
    base_seed: int
    sides: list[tuple[str, str]]
    names: dict[str, str] = field(default_factory=dict)
    """Figure names by id."""
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def played(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.error]

    def wins(self) -> list[tuple[str | None, int, float, float, float]]:
        """(side or None for a draw, games, rate, low, high) with 95 % Wilson intervals."""
        from .plot import wilson

        games = self.played
        n = len(games)
        c = Counter(o.winner for o in games)
        rows = []
        for sid in [s for s, _ in self.sides] + [None]:
            k = c.get(sid, 0)
            if sid is None and not k:
                continue
            rate, lo, hi = wilson(k, n) if n else (0.0, 0.0, 1.0)
            rows.append((sid, k, rate, lo, hi))
        return rows

    def turns(self) -> dict[int, int]:
        """Games ended at each game turn."""
        return dict(sorted(Counter(o.turns for o in self.played).items()))

    def median_turns(self) -> float:
        games = self.played
        return statistics.median(o.turns for o in games) if games else 0.0

    def fallen(self, most: int = 6) -> list[tuple[str, int]]:
        """(figure id, games it fell in), most often first."""
        c = Counter(f for o in self.played for f in o.fallen)
        return sorted(c.items(), key=lambda kv: (-kv[1], self.names.get(kv[0], kv[0])))[:most]

    def to_json(self) -> dict:
        return {
            "at": self.at,
            "turn": self.turn,
            "side": self.side,
            "levels": self.levels,
            "seed": self.base_seed,
            "games": len(self.played),
            "errors": [{"seed": o.seed, "error": o.error} for o in self.outcomes if o.error],
            "wins": [
                {"side": s, "games": k, "rate": round(r, 4), "low": round(lo, 4), "high": round(hi, 4)}
                for s, k, r, lo, hi in self.wins()
            ],
            "turns": {str(k): v for k, v in self.turns().items()},
            "fallen": [{"figure": f, "games": n} for f, n in self.fallen(most=100)],
            "continuations": [
                {"index": o.index, "seed": o.seed, "winner": o.winner, "turns": o.turns, "decisions": o.decisions}
                for o in sorted(self.played, key=lambda o: o.index)
            ],
        }


# -- one continuation -----------------------------------------------------------------------------
_BASES: dict = {}
"""The match at the moment, per worker, keyed by the record's text digest and the moment: a
continuation clones it instead of replaying the record again. At most two kept."""


def _base(rec_text: str, at: int, ref, scenario=None):
    from game.match import replay
    from game.match.record import parse_record

    from .simulate import _scenario

    if scenario is None and ref is not None:
        scenario = _scenario(ref)
    key = (hashlib.sha256(rec_text.encode()).hexdigest(), at, getattr(scenario, "content_hash", "") or str(ref)[:200])
    m = _BASES.get(key)
    if m is None:
        rec = parse_record(rec_text, "record")
        m = replay(rec, verify=False, upto=at, scenario=scenario).match  # a branch's reseeds too
        while len(_BASES) >= 2:
            _BASES.pop(next(iter(_BASES)))
        _BASES[key] = m
    return m


def start_of(rec_text: str, at: int, side: str, seed: int, ref=None, scenario=None):
    """The continuation's first position: the match at the moment as ``side`` may know it, with
    new dice (``seed``) and what it may not see re-dealt."""
    return _base(rec_text, at, ref, scenario).clone_redealt(side, seed)


def controllers(m, seed: int, levels: dict[str, str]) -> dict:
    from .controller import make_controller

    return {s.id: make_controller(levels[s.id], ai_seed(seed, i)) for i, s in enumerate(m.state.sides)}


def play_on(start, seed: int, levels: dict[str, str]):
    """Play ``start`` (a copy is played) to its end by the AI; (the ended match, its decisions)."""
    m = start.clone()
    first = len(m.decisions)
    ctl = controllers(m, seed, levels)
    n = 0
    while not m.over:
        p = m.pending
        assert p is not None, "a match not over has a question"
        m.apply(ctl[p.side].decide(m))
        n += 1
        if n > MAX_DECISIONS:
            raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    return m, m.decisions[first:]


def run_one(job: tuple) -> dict:
    """One continuation, as plain values (any executor's worker calls this)."""
    index, rec_text, at, side, seed, levels, ref = job
    try:
        start = start_of(rec_text, at, side, seed, ref)
        standing = {f.id for f in start.state.figures.values() if f.in_play}
        m, decisions = play_on(start, seed, levels)
        fallen = sorted(fid for fid in standing if not m.state.figures[fid].in_play)
        return {
            "index": index,
            "seed": seed,
            "winner": m.winner,
            "turns": m.state.turn,
            "decisions": len(decisions),
            "fallen": fallen,
            "reason": m.state.end_reason,
        }
    except Exception as e:  # noqa: BLE001 - reported per continuation, the run goes on
        return {"index": index, "seed": seed, "error": f"{type(e).__name__}: {e}"}


# -- a run ----------------------------------------------------------------------------------------
def scenario_ref(scenario, executor: str):
    """How a worker finds the scenario: None (this process has it), its path, or a bundle of its
    texts for a Dask worker elsewhere."""
    path = getattr(scenario, "path", "") or ""
    if executor == "local" or not path:
        return None if executor == "local" else getattr(scenario, "id", None)
    if executor == "dask":
        from .batch import bundle

        return bundle(path)
    return str(path)


def run(
    rec,
    at: int,
    side: str,
    *,
    games: int = 40,
    levels: dict[str, str] | None = None,
    seed: int | None = None,
    executor: tuple[str, str | None] = ("local", None),
    workers: int = 2,
    on_progress=None,
    cancelled=None,
    scenario=None,
) -> WhatIf:
    """Run ``games`` continuations of record ``rec`` from after its first ``at`` decisions, as
    ``side`` knows it. ``on_progress(done, games, whatif)`` after each; ``cancelled()`` true stops
    the run (Cancelled is raised). ``levels``: AI level per side (normal for each by default)."""
    from game.match.replay import scenario_for

    from .batch import run_jobs

    at = max(0, min(int(at), len(rec.decisions)))
    base_seed = first_seed() if seed is None else int(seed)
    text = rec.dumps()
    kind, address = executor
    sc = scenario_for(rec, scenario=scenario)
    ref = scenario_ref(sc, kind)
    base = _base(text, at, None, sc)
    if base.over:
        raise ValueError("the battle is over at that moment: nothing happens next")
    sides = [(s.id, s.name) for s in base.state.sides]
    if side not in dict(sides):
        raise ValueError(f"no side {side!r} in this battle; sides: {', '.join(s for s, _ in sides)}")
    lv = {s: (levels or {}).get(s, "normal") for s, _ in sides}
    out = WhatIf(at, base.state.turn, side, lv, base_seed, sides, {f.id: f.name for f in base.state.figures.values()})
    jobs = ((i, text, at, side, seed_of(base_seed, i), lv, ref) for i in range(games))

    def take(r: dict) -> None:
        out.outcomes.append(
            Outcome(
                r["index"],
                r["seed"],
                r.get("winner"),
                r.get("turns", 0),
                r.get("decisions", 0),
                list(r.get("fallen", [])),
                r.get("reason", ""),
                r.get("error", ""),
            )
        )
        if on_progress is not None:
            on_progress(len(out.outcomes), games, out)
        if cancelled is not None and cancelled():
            raise Cancelled

    def job_or_stop(js):
        for j in js:
            if cancelled is not None and cancelled():
                raise Cancelled
            yield j

    run_jobs(job_or_stop(jobs), run_one, kind, address, workers, take)
    out.outcomes.sort(key=lambda o: o.index)
    return out


def continuation(rec, at: int, side: str, seed: int, levels: dict[str, str], scenario=None):
    """Continuation ``seed`` played again: (its first position, its decisions), for the replay."""
    from game.match.replay import scenario_for

    start = start_of(rec.dumps(), at, side, seed, None, scenario_for(rec, scenario=scenario))
    _, decisions = play_on(start, seed, levels)
    return start, decisions


# -- the command line ------------------------------------------------------------------------------
def run_cli(args) -> int:
    """``boarders whatif FILE``: the table as text (or JSON); exit 0, or 2 with one line for a bad file
    or option (the caller prints ValueErrors)."""
    import json
    import sys

    from game.match import load_record, replay

    from .batch import parse_executor
    from .simulate import cores, parse_ai

    rec = load_record(args.file)
    at = len(rec.decisions) if args.at is None else args.at
    if not 0 <= at <= len(rec.decisions):
        raise ValueError(f"whatif: --at {at}: the record has {len(rec.decisions)} decisions")
    if args.games < 1:
        raise ValueError("whatif: --games must be at least 1")
    ai = parse_ai(args.ai)
    executor = parse_executor(args.executor)
    base = replay(rec, verify=False, upto=at, scenario=args.scenario).match
    if base.over:
        raise ValueError(f"{args.file}: the battle is over at decision {at}: give an earlier --at")
    sides = [s.id for s in base.state.sides]
    side = args.side or (base.pending.side if base.pending is not None else sides[0])
    levels = {s: ai[i % 2] for i, s in enumerate(sides)}

    def progress(done, n, w) -> None:
        if not args.json:
            print(f"\r{done}/{n} games", end="", file=sys.stderr, flush=True)

    w = run(
        rec,
        at,
        side,
        games=args.games,
        levels=levels,
        seed=args.seed,
        executor=executor,
        workers=args.jobs or cores(),
        on_progress=progress,
        scenario=args.scenario,
    )
    if not args.json:
        print(file=sys.stderr)
        print(table_text(w))
    else:
        print(json.dumps(w.to_json(), indent=1, sort_keys=True))
    return 0 if not any(o.error for o in w.outcomes) else 1


def table_text(w: WhatIf) -> str:
    """The run's table in a player's words (names, never ids)."""
    names = dict(w.sides)
    lines = [
        f"From turn {w.turn} (decision {w.at}), as {names[w.side]} know it: {len(w.played)} games, "
        f"AI {', '.join(f'{names[s]} {lv}' for s, lv in w.levels.items())}, seed {w.base_seed}"
    ]
    for sid, k, rate, lo, hi in w.wins():
        who = f"{names[sid]} win" if sid else "Draw"
        lines.append(f"  {who:<32} {k:4d}  {100 * rate:5.1f} %  (95 % {100 * lo:.1f} to {100 * hi:.1f})")
    lines.append("  ends at turn: " + ", ".join(f"{t}: {n}" for t, n in w.turns().items()))
    fallen = w.fallen()
    if fallen:
        lines.append("  fall most often: " + ", ".join(f"{w.names.get(f, f)} ({n})" for f, n in fallen))
    lines.append("  games (seed → winner, turn):")
    for o in w.played:
        lines.append(
            f"    {o.index + 1:3d}  seed {o.seed}  {names.get(o.winner, 'draw') if o.winner else 'draw'}, turn {o.turns}"
        )
    for o in w.outcomes:
        if o.error:
            lines.append(f"    {o.index + 1:3d}  seed {o.seed}  could not be played: {o.error}")
    return "\n".join(lines)
