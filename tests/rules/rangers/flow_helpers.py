"""Helpers for the flow tests of the rangers and initiative presets: small in-code set-ups."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.match import Match
from game.rules.decisions import Decision
from game.rules.dice import ScriptedDice
from game.scenario import load_scenario

DATA = Path(__file__).resolve().parents[2] / "data" / "scenarios"


def mini():
    return load_scenario(DATA / "forest_mini_rangers.toml")


def setup(
    positions: dict,
    *,
    preset: str = "rangers",
    options: dict | None = None,
    faces=None,
    seed: int = 0,
    changes: dict | None = None,
    orders=None,
):
    """A match on the mini scenario with only the figures named in ``positions`` (id → (x, y)),
    each optionally changed (``changes``: id → field values); scripted dice when ``faces`` given."""
    sc = mini()
    figs = []
    for f in sc.figures:
        if f.id in positions:
            x, y = positions[f.id]
            figs.append(replace(f, x=float(x), y=float(y), **(changes or {}).get(f.id, {})))
    sc = replace(sc, figures=tuple(figs), preset=preset, orders=tuple(orders or ()))
    dice = ScriptedDice(faces) if faces is not None else None
    return Match(sc, seed=seed, options=options or {}, dice=dice)


def events_of(m, cls):
    return [e for e in m.log if isinstance(e, cls)]


def pick(m, kind=None, **fields) -> Decision:
    """The pending option matching the given fields (first one)."""
    for o in m.pending.options:
        if kind is not None and o.kind != kind:
            continue
        if all(getattr(o, k) == v for k, v in fields.items()):
            return o
    raise AssertionError(f"no option {kind} {fields} in {[o.describe() for o in m.pending.options]}")


def has(m, kind=None, **fields) -> bool:
    try:
        pick(m, kind, **fields)
        return True
    except AssertionError:
        return False
