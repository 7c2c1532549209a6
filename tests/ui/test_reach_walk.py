"""Walking the reach: for the first two player-turns of every shipped scenario, at each question
where a figure or a unit picks its spot on the table, the battle screen (real App, dummy video
driver, posted pygame events) is hovered over the 0.5 in grid and over every enemy, and:

* each refused spot and each enemy that cannot be charged or shot carries a typed refusal whose
  cause is one of the closed list (``refusals.Cause``), and its words hold no coordinate pair, no
  snake_case and no id of the scenario that differs from its display name;
* the reach shading (``reach.ReachWorker``, what the screen draws) marks exactly the grid points
  where the rules accept the spot: every shaded point's decision is legal and, applied to a copy
  of the match, ends the figure there; no point outside it is accepted.

An Escarmouche group moves sector to sector: each sector is hovered, and those it may not enter
say why. The default suite walks a sample (every fourth grid point by posted events, every grid point
against the rules, the first questions of each player-turn); ``-m slow`` walks every point and every
question by posted events.
"""

from __future__ import annotations

import glob
import math
import os
import re

import pygame
import pytest

from game.ai import make_controller
from game.match import Match
from game.rules.refusals import Cause, Refusal
from game.scenario import load_scenario
from game.ui.sector_mode import sector_moves
from game.ui.spot_pick import SNAP

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(glob.glob(os.path.join(MAPS, "*.toml")))
COORDS = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)")
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
#: causes a spot or an enemy hover may give (the question-level ones never come from a spot)
SPOT_CAUSES = set(Cause) - {Cause.INCOMPLETE, Cause.NOT_ITS_TURN}


def ids_of(m) -> tuple[set[str], list[str]]:
    """The scenario's ids that differ from what a player is shown for them, and the names shown."""
    out = {f.id for f in m.state.figures.values() if f.id != f.name}
    out |= {o.id for o in getattr(m.table.map, "obstacles", ()) if o.id != o.name}
    out |= {k.id for k in m.table.map.links if k.id != k.name}
    out |= {s.id for s in m.state.sides if s.id != s.name}
    names = sorted({f.name for f in m.state.figures.values()}, key=len, reverse=True)
    return {i for i in out if len(i) > 2}, names


def check_words(r: Refusal, ids, where: str) -> None:
    assert isinstance(r, Refusal) and isinstance(r.cause, Cause), where
    assert r.cause in SPOT_CAUSES, (where, r)
    text = r.words()
    assert text and not COORDS.search(text), (where, text)
    assert not SNAKE.search(text), (where, text)
    ids, names = ids
    rest = text
    for n in names:  # an id may be a word of a display name ("Dr Mercer, surgeon"): names first
        rest = rest.replace(n, " ")
    words = set(re.findall(r"[A-Za-z0-9_]+", rest))
    assert not (words & ids), (where, text, words & ids)


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def hover(app, scene, x, y):
    pos = scene.camera.to_screen(x, y)
    if not scene.map_rect.collidepoint(pos):
        return False
    scene.mode_obj._at = 0.0  # the screen re-plans at most every THROTTLE s: each hover here is a new one
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)])
    return True


def screen_for(app, m):
    from game.ui.scenes.battle import BattleScene

    scene = BattleScene(app, m, mode="hotseat")
    app.reset_to(scene)
    frame(app, n=2)
    if type(app.top).__name__ == "HandoverScene":
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], n=2)
    assert app.top is scene
    return scene


def walk(app, m, every: int, stats: dict) -> None:
    """Hover the reach of the question ``m`` asks now and check it (see the module's doc)."""
    from game.ui.route_mode import RouteMode
    from game.ui.spot_pick import moving_unit, spot_verdict, unit_centre

    scene = screen_for(app, m)
    mode = scene.mode_obj
    assert isinstance(mode, RouteMode), type(mode).__name__
    p = m.pending
    unit = moving_unit(p)
    mover = unit or mode.fid
    if mover is None:  # a side's question (initiative): a figure is chosen from the list first
        return
    mode.reach.want(m, mover)
    mode.reach.wait(60)
    reach = mode.reach.want(m, mover)
    assert reach is not None and reach.fid == mover and reach.tried > 0
    ids = ids_of(m)
    cx, cy = reach.centre
    scene.camera.centre_on(cx, cy)
    frame(app)
    info = p.info
    allowance = float(info.get("move_left") or info.get("move") or info.get("allowance"))
    from game.ui.reach import GRID, grid_points

    pts = list(grid_points(cx, cy, allowance + 1.0, m.table.width, m.table.height))
    hovered = 0
    for k, (i, j) in enumerate(pts):
        x, y = i * GRID, j * GRID
        cands, why = spot_verdict(m, p, mode.fid, x, y)  # the rules' answer, as a click asks it
        inside = math.hypot(x - cx, y - cy) <= allowance + 0.01
        assert ((i, j) in reach.cells) == (bool(cands) and inside), (m.scenario.id, mover, x, y, why)
        if not cands:
            assert why is not None, (m.scenario.id, mover, x, y)
            check_words(why, ids, f"{m.scenario.id} {mover} spot")
            stats.setdefault("causes", set()).add(why.cause)
        if k % every == 0 and hover(app, scene, x, y):  # the same spot through the screen
            hovered += 1
            # the pointer lands on a pixel: the screen's answer is the rules' answer at that point
            wx, wy = mode.mouse
            assert math.hypot(wx - x, wy - y) <= 1.5 / scene.camera.ppi
            cands2, why2 = spot_verdict(m, p, mode.fid, wx, wy)
            if scene.target_hover.target is not None:
                continue  # a figure under the pointer: its own preview speaks (checked below)
            if cands2:
                assert mode.cands and mode.cands[0] == cands2[0] and mode.refused is None
            elif why2.cause == Cause.CROSS_FROM_OBSTACLE and mode.cands:
                # past a rail: the screen offers the walk up to it, a move the rules take
                p.check(mode.cands[0])
                assert mode.note.startswith("move up to the ") and "cross it next activation" in mode.note
                stats["walk_up"] = stats.get("walk_up", 0) + 1
            else:
                assert mode.refused == why2 and mode.why == why2.words()
                check_words(mode.refused, ids, f"{m.scenario.id} {mover} hovered spot")
    stats["hovered"] = stats.get("hovered", 0) + hovered
    stats["points"] = stats.get("points", 0) + len(pts)
    # a shaded spot is one the rules take: its decision applied to a copy ends the mover there
    for n, (i, j) in enumerate(sorted(reach.cells)):
        if n % max(1, len(reach.cells) // 6):
            continue
        cands, _ = spot_verdict(m, p, mode.fid, i * GRID, j * GRID)
        d = cands[0]
        c = m.clone()
        c.apply(d)
        if d.figure:  # where the click's decision puts the figure: the spot, or the offered end it snaps to
            f = c.state.figures[d.figure]
            assert math.hypot(d.x - i * GRID, d.y - j * GRID) <= SNAP + 0.01, (m.scenario.id, d)
            assert math.hypot(f.x - d.x, f.y - d.y) <= 0.01, (m.scenario.id, d)
        elif unit is not None and d.label is None:
            c2 = unit_centre(m, p)
            moved = [c.state.figures[q] for q in info["pieces"]]
            assert c2 is not None and any(abs(g.x - m.state.figures[g.id].x - d.x) < 0.01 for g in moved)
    # every enemy: a preview, or the rules' typed reasons for no charge and no shot
    st = m.state
    actor = scene.acting_figure()
    if actor is None or actor not in st.figures:
        return
    for g in st.figures.values():
        if not g.in_play or g.side not in st.enemies_of(st.figures[actor].side):
            continue
        if not hover(app, scene, g.x, g.y):
            continue
        th = scene.target_hover
        if th.target != g.id:
            continue  # another figure drawn over it
        stats["enemies"] = stats.get("enemies", 0) + 1
        if th.shown:
            continue
        assert th.refusals, (m.scenario.id, actor, g.id)
        for r in th.refusals:
            check_words(r, ids, f"{m.scenario.id} {actor} -> {g.id}")
            stats.setdefault("enemy_causes", set()).add(r.cause)


def walk_sectors(app, m, stats: dict) -> None:
    """An Escarmouche group's action: every sector hovered; those the group may enter are the move
    options, every other one says why in a typed refusal."""
    from game.ui.sector_mode import SectorMode

    scene = screen_for(app, m)
    mode = scene.mode_obj
    assert isinstance(mode, SectorMode), type(mode).__name__
    moves = sector_moves(m.pending)
    ids = ids_of(m)
    for sec in m.table.map.sectors:
        x = sum(px for px, _ in sec.points) / len(sec.points)
        y = sum(py for _, py in sec.points) / len(sec.points)
        scene.camera.centre_on(x, y)
        frame(app)
        assert hover(app, scene, x, y)
        assert mode.sector == sec.id
        if sec.id in moves:
            assert mode.refused is None
        else:
            check_words(mode.refused, ids, f"{m.scenario.id} sector")
            stats.setdefault("causes", set()).add(mode.refused.cause)
        stats["hovered"] = stats.get("hovered", 0) + 1
    stats["points"] = stats.get("points", 0) + len(m.table.map.sectors)


def play_two_player_turns(path: str, seed: int, visit) -> None:
    """The scenario's first two player-turns, the easy AI answering; ``visit(m)`` at each question
    answered on the table."""
    from game.ui.scenes.battle_options import point_kinds

    m = Match(load_scenario(path), seed=seed)
    ai = make_controller("easy", seed)
    turns: list = []
    for _ in range(600):
        if m.over:
            break
        key = (m.state.turn, m.state.active)
        if key not in turns:
            turns.append(key)
        if len(turns) > 2:
            break
        p = m.pending
        if p.kind in ("action", "destination", "motivate") and (point_kinds(p) or sector_moves(p)):
            visit(m)
        m.apply(ai.decide(m))


def run_scenario(app_factory, path: str, every: int, per_turn: int | None):
    app = app_factory((1280, 720))
    stats: dict = {}
    seen: dict = {}

    def visit(m):
        key = (m.state.turn, m.state.active)
        if per_turn is None or seen.get(key, 0) < per_turn:
            before = stats.get("points", 0)
            if sector_moves(m.pending):
                walk_sectors(app, m, stats)
            else:
                walk(app, m, every, stats)
            walked = stats.get("points", 0) > before
            seen[key] = seen.get(key, 0) + walked
            stats["questions"] = stats.get("questions", 0) + walked

    play_two_player_turns(path, 3, visit)
    return stats


@pytest.fixture(autouse=True)
def _no_throttle(monkeypatch):
    import game.ui.route_mode as rm

    monkeypatch.setattr(rm, "THROTTLE", 0.0)


@pytest.mark.parametrize("path", SCENARIOS, ids=[os.path.basename(p)[:-5] for p in SCENARIOS])
def test_reach_walk_sampled(app_factory, path):
    stats = run_scenario(app_factory, path, every=4, per_turn=1)
    if os.path.basename(path) == "farm_skirmish.toml":  # Escarmouche: sectors, not spots
        assert stats["questions"] >= 2 and stats["hovered"] >= 2 * 9, stats
        return
    assert stats["questions"] >= 1 and stats["hovered"] > 10 and stats["points"] > 100, stats


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=[os.path.basename(p)[:-5] for p in SCENARIOS])
def test_reach_walk_every_point(app_factory, path):
    stats = run_scenario(app_factory, path, every=1, per_turn=None)
    assert stats["questions"] >= 1 and stats["hovered"] > 9, stats
