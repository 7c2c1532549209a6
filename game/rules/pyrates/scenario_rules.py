"""Scenario rules the `pyrates` preset honours when a scenario's [options] ask for them.

They are [HOUSE] rules of the scenarios (maps/README.md, "Scenario rules"), not of a source text, so
their events cite ``SCN-*`` ids documented there:

* ``alarm = "PARTY"`` — **SCN-ALARM-1/2** (Cutting Out): the figures of that party start asleep
  (they do not activate, react or shoot) until the alarm is raised: at once by the first shot or the
  first mêlée, or by a spotting roll of an awake figure of their side that sees an enemy aboard
  their ship at the end of a player-turn (1d6 ≥ ``alarm_spot``, default 5; night ``sight_limit``
  applies).
* ``fire = {ship, spread, cell, scorch}`` — **SCN-FIRE-1/2** (Fire in the Hold): the map's ``fire``
  obstacles seed burning cells (squares of ``cell`` inches) on their level; at each game turn's end
  the fire spreads ``spread`` times (a die picks the burning cell, 1d6 the direction: 1 north,
  2 east, 3 south, 4 west, 5 through the deck to the other level, 6 it does not spread) over the
  ship's deck and her hold; then every figure standing in a burning cell rolls 1d6 and on
  ``scorch`` or less takes a wound, no save (a wounded figure is knocked down).

Everything is in the Pyrates state (``asleep``, ``alarm``, ``fire``) and every roll comes
from the match's Dice, so replays reproduce it.
"""

from __future__ import annotations

import math

from game.rules.events import Note
from game.rules.model import Status

from .sight import sees
from .state import pyr

ALARM_SPOT = 5
FIRE_CELL = 2.0
FIRE_SPREAD = 3
FIRE_SCORCH = 3
#: 1d6 → (di, dj) of the spread; 5 crosses between deck and hold; 6 nothing
FIRE_DIRECTIONS = {1: (0, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0)}


# -- SCN-ALARM ---------------------------------------------------------------------------------
def setup_alarm(ctx) -> None:
    """SCN-ALARM-1: the party named by option ``alarm`` starts asleep."""
    st = ctx.state
    party = st.options.get("alarm")
    if not isinstance(party, str) or not party:
        return
    sleepers = sorted(f.id for f in st.figures.values() if f.party == party and f.in_play)
    pyr(st).asleep = sleepers
    pyr(st).alarm = False
    if sleepers:
        ctx.emit(
            Note(rule="SCN-ALARM-1", message=f"{len(sleepers)} of the watch below sleep until the alarm is raised")
        )


def asleep(state, fid: str) -> bool:
    return fid in (pyr(state).asleep or ())


def raise_alarm(ctx, why: str) -> None:
    """SCN-ALARM-2: the sleepers wake and may act from now on."""
    st = ctx.state
    if not pyr(st).asleep:
        return
    pyr(st).asleep = []
    pyr(st).alarm = True
    ctx.emit(Note(rule="SCN-ALARM-2", message=f"The watch raises the alarm ({why}): the watch below turns out!"))


def spot(ctx) -> None:
    """SCN-ALARM-1: at a player-turn's end each awake figure of the sleepers' side that sees an
    enemy aboard their ship (the side's ``ship`` zone) rolls 1d6; on ``alarm_spot`` or more it
    raises the alarm."""
    st = ctx.state
    sleepers = pyr(st).asleep
    if not sleepers:
        return
    side = st.figures[sleepers[0]].side
    target = _int_option(st.options.get("alarm_spot"), ALARM_SPOT)
    ship = st.side(side).ship
    # a boarder is spotted once aboard: boats alongside in the dark are not (the side's ship zone)
    foes = [
        g
        for g in st.figures.values()
        if g.in_play
        and g.side in st.enemies_of(side)
        and (not ship or ctx.table.zone_at(g.x, g.y, g.level).ship == ship)
    ]
    for f in st.in_play(side):
        if f.id in sleepers or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        seen = next((g for g in foes if g.level == f.level and sees(ctx, f.id, g.id).clear), None)
        if seen is None:
            continue
        ev = ctx.roll("SCN-ALARM-1", who=f.id, purpose=f"spots {seen.name}?", target=target)
        if ev.success:
            raise_alarm(ctx, f"{f.name} spots {seen.name}")
            return


def _int_option(v, default: int) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else default


# -- SCN-FIRE ----------------------------------------------------------------------------------
def fire_config(options) -> dict | None:
    cfg = options.get("fire")
    if not isinstance(cfg, dict):
        return None
    return {
        "ship": str(cfg.get("ship", "")),
        "spread": _int_option(cfg.get("spread"), FIRE_SPREAD),
        "cell": float(cfg.get("cell", FIRE_CELL)),
        "scorch": _int_option(cfg.get("scorch"), FIRE_SCORCH),
    }


def cell_key(level: str, i: int, j: int) -> str:
    return f"{level}:{i}:{j}"


def parse_cell(key: str) -> tuple[str, int, int]:
    level, i, j = key.rsplit(":", 2)
    return level, int(i), int(j)


def cell_rect(key: str, cell: float) -> tuple[str, float, float, float]:
    """(level, x, y, size) of a burning cell, for drawing."""
    level, i, j = parse_cell(key)
    return level, i * cell, j * cell, cell


def burning_at(state, x: float, y: float, level: str) -> bool:
    fire = pyr(state).fire
    if not fire:
        return False
    c = fire["cell"]
    return cell_key(level, int(math.floor(x / c)), int(math.floor(y / c))) in set(fire["cells"])


def _on_ship(table, cfg, level: str, i: int, j: int) -> bool:
    """A cell can burn if its centre is on the ship's deck (deck) or inside a hold zone (hold)."""
    c = cfg["cell"]
    x, y = (i + 0.5) * c, (j + 0.5) * c
    if not (0 <= x < table.width and 0 <= y < table.height):
        return False
    z = table.zone_at(x, y, level)
    if z.water or z.terrain == "impassable":
        return False
    if level == "deck":
        return not cfg["ship"] or z.ship == cfg["ship"]
    return z.level == level


def setup_fire(ctx) -> None:
    """SCN-FIRE-1: the map's fire obstacles seed the burning cells."""
    st = ctx.state
    cfg = fire_config(st.options)
    if cfg is None:
        return
    tmap = getattr(ctx.table, "map", None)
    c = cfg["cell"]
    cells = set()
    for o in getattr(tmap, "obstacles", ()):
        if not o.id.startswith("fire"):
            continue
        x0, y0, x1, y1 = o.bounds()
        for i in range(int(math.floor(x0 / c)), int(math.floor(x1 / c)) + 1):
            for j in range(int(math.floor(y0 / c)), int(math.floor(y1 / c)) + 1):
                cx, cy = (i + 0.5) * c, (j + 0.5) * c
                # a cell whose centre the fire covers, or the cell holding the fire's centre
                if x0 <= cx <= x1 and y0 <= cy <= y1:
                    cells.add(cell_key(o.level, i, j))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        cells.add(cell_key(o.level, int(math.floor(mx / c)), int(math.floor(my / c))))
    pyr(st).fire = {**cfg, "cells": sorted(cells)}
    ctx.emit(Note(rule="SCN-FIRE-1", message=f"Fire! {len(cells)} patches of the ship are ablaze"))


def spread_fire(ctx) -> None:
    """SCN-FIRE-1 then SCN-FIRE-2, at a game turn's end."""
    st = ctx.state
    fire = pyr(st).fire
    if not fire or not fire["cells"]:
        return
    cells = list(fire["cells"])
    known = set(cells)
    grown = 0
    for _ in range(max(0, fire["spread"])):
        pick = ctx.roll("SCN-FIRE-1", purpose="fire: which patch spreads", sides=len(cells)).faces[0]
        level, i, j = parse_cell(cells[pick - 1])
        way = ctx.roll("SCN-FIRE-1", purpose="fire: which way (1-4 NESW, 5 deck/hold)").faces[0]
        if way == 6:
            continue
        if way == 5:
            nl, ni, nj = ("deck" if level != "deck" else "hold"), i, j
        else:
            di, dj = FIRE_DIRECTIONS[way]
            nl, ni, nj = level, i + di, j + dj
        key = cell_key(nl, ni, nj)
        if key in known or not _on_ship(ctx.table, fire, nl, ni, nj):
            continue
        known.add(key)
        cells.append(key)
        grown += 1
    fire["cells"] = sorted(known)
    if grown:
        ctx.emit(Note(rule="SCN-FIRE-1", message=f"The fire spreads: {len(known)} patches ablaze"))
    scorch(ctx)


def scorch(ctx) -> None:
    """SCN-FIRE-2: a figure standing in a burning cell rolls 1d6; on ``scorch`` or less it is
    wounded, no save (a wounded figure is knocked down)."""
    st = ctx.state
    fire = pyr(st).fire
    assert fire is not None, "the ship burns"
    burning = set(fire["cells"])
    c = fire["cell"]
    for f in list(st.figures.values()):
        if not f.in_play or cell_key(f.level, int(math.floor(f.x / c)), int(math.floor(f.y / c))) not in burning:
            continue
        ev = ctx.roll("SCN-FIRE-2", who=f.id, purpose="scorched by the fire", target=fire["scorch"], roll_under=True)
        if not ev.success:
            continue
        if f.is_wounded:
            ctx.set_status(f.id, Status.KNOCKED_DOWN, rule="SCN-FIRE-2", cause="fire", wounds=f.wounds + 1)
        else:
            ctx.set_status(f.id, Status.WOUNDED, rule="SCN-FIRE-2", cause="fire", wounds=f.wounds + 1)
