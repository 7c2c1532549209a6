"""Preview first: while a figure of the person at the screen must choose a destination, hovering the
table shows the route a click there would take, its cost, the inches left and the level it ends on,
or the rules' reason why not — before any click. The click on the previewed spot makes the move.

Which option a spot takes comes from ``spot_pick.spot_candidates`` (climb, hatch, crossing, heading,
or any free destination the rules accept); when several reach one spot, C cycles among them. The
spots of offered climbs, hatches and crossings are marked so they can be found.
"""

from __future__ import annotations

import math
import time

import pygame

from game.rules.decisions import Decision, IllegalDecision
from game.rules.refusals import Cause, Refusal, unit_words

from .input_modes import BAD, OK, Mode, _refusal_lines, dashed_line, label_lines
from .reach import ReachWorker, draw_reach
from .refusal_marks import outline_things
from .spot_pick import Route, has_point, moving_unit, route_of, spot_verdict, unit_centre

MARK = (120, 200, 255)
THROTTLE = 0.08
LEVEL_NAMES = {"hold": "below decks", "deck": "the deck", "rigging": "the rigging"}


class RouteMode(Mode):
    name = "route"

    def __init__(self, fid: str | None, kind: str | None = None):
        self.fid = fid
        self.kind = kind  # a list row "Retreat: click on the table…" narrows the spot's options to that kind
        self.mouse: tuple[float, float] | None = None
        self._key: tuple[int, int, int] | None = None
        self.cands: list = []
        self.index = 0
        self.why = ""
        self.refused: Refusal | None = None  # the rules' typed reason (refusals.Refusal) when no option takes the spot
        self.note = ""  # what a route means beyond its cost ("cross it next activation")
        self.route: Route | None = None
        self.reach = ReachWorker()
        self._at = 0.0

    @property
    def hint(self) -> str:
        return (
            "Click a spot to move there (route, cost and level show on hover) · C: next option at this spot · "
            "click an enemy to charge or shoot · Esc/right-click: stop previewing"
        )

    @property
    def decision(self):
        return self.cands[self.index] if self.cands else None

    def refresh(self, scene, wx, wy, force: bool = False) -> None:
        key = (round(wx * 20), round(wy * 20), len(scene.match.decisions))  # re-plan per 1/20 inch
        if key == self._key and not force:
            return
        self._key = key
        m = scene.match
        cands, refusal = spot_verdict(m, m.pending, self.fid, wx, wy)
        note = ""
        if not cands and refusal is not None and refusal.cause == Cause.CROSS_FROM_OBSTACLE and self.fid:
            up = up_to_obstacle(m, self.fid, wx, wy)
            if up is not None:
                cands = [up]
                note = f"move up to the {refusal.things[0].name} — cross it next activation (RNG-MOVE-2)"
        if self.kind is not None:
            cands = [d for d in cands if d.kind == self.kind] or cands
        if [*cands] != [*self.cands]:
            self.index = 0
        self.cands, self.refused, self.note = cands, (None if cands else refusal), note
        self.why = "" if self.refused is None else self.refused.words()
        d = self.decision
        self.route = route_of(scene.match, d) if d is not None else None

    def on_motion(self, scene, wx, wy) -> None:
        # a spot the rules must search a path for can take tens of ms: while the cursor sweeps the
        # table the preview follows at most every THROTTLE seconds (a click always re-checks)
        self.mouse = (wx, wy)
        now = time.perf_counter()
        if now - self._at >= THROTTLE:
            self.refresh(scene, wx, wy)
            self._at = time.perf_counter()

    def cycle(self, scene) -> None:
        if len(self.cands) > 1:
            self.index = (self.index + 1) % len(self.cands)
            self.route = route_of(scene.match, self.decision)

    def on_click(self, scene, wx, wy, fid) -> bool:
        self.mouse = (wx, wy)
        self.refresh(scene, wx, wy)
        d = self.decision
        if d is None:
            scene.toast(self.why or "no option reaches that spot", BAD)
            return True
        scene.decide(d)
        return True

    def _draw_unit_move(self, scene, dst, d, mouse) -> None:
        """A close-combat unit's move: each piece's ghost where it would end, the way its centre
        goes, the inches, and the enemy pieces it could engage instead (the engage options)."""
        from .piece_render import corners, is_piece, piece_size

        cam = scene.camera
        st = scene.match.state
        p = scene.match.pending
        ids = [i for i in p.info.get("pieces", ()) if i in st.figures]
        locks = p.info.get("locks") or {}
        dis = set(p.info.get("disrupted") or ())
        movers = [i for i in ids if not locks.get(i) and i not in dis] or ids
        c = unit_centre(scene.match, p)
        for pid in movers:
            g = st.figures[pid]
            if is_piece(g):
                w, dp = piece_size(g)
                pts = [cam.to_screen(x, y) for x, y in corners(g.x + d.x, g.y + d.y, g.facing, w, dp)]
                pygame.draw.polygon(dst, (0, 0, 0), pts, 4)
                pygame.draw.polygon(dst, OK, pts, 2)
            else:
                pygame.draw.circle(dst, OK, cam.to_screen(g.x + d.x, g.y + d.y), max(3, int(g.radius * cam.ppi)), 2)
        if c is not None:
            a, b = cam.to_screen(*c), cam.to_screen(c[0] + d.x, c[1] + d.y)
            pygame.draw.line(dst, (0, 0, 0), a, b, 5)
            pygame.draw.line(dst, OK, a, b, 3)
        name = unit_words(st, d.option)
        how = f" ({d.label})" if d.label else ""
        lines = [f"Move {name}{how} · {math.hypot(d.x, d.y):.1f} in of {p.info.get('allowance', 0):g}"]
        engages = [o for o in p.options if o.kind == "engage" and o.option == d.option]
        if engages:
            foes = sorted({st.figures[o.target].name for o in engages if o.target in st.figures})
            lines.append("or engage " + ", ".join(foes[:3]) + ": click the enemy piece")
        else:
            lines.append("ends out of contact: no enemy piece touched")
        if len(self.cands) > 1:
            lines.append(f"option {self.index + 1} of {len(self.cands)} here — C for the next")
        label_lines(dst, lines, mouse, OK)

    def allowance(self, scene) -> float | None:
        p = scene.match.pending
        info = p.info if p is not None and isinstance(p.info, dict) else {}
        for k in ("move_left", "move", "allowance"):
            v = info.get(k)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return float(v)
        return None

    def draw(self, scene, dst) -> None:
        cam = scene.camera
        st = scene.match.state
        p = scene.match.pending
        f = st.figures.get(self.fid) if self.fid else None
        if p is None:
            return
        for d in p.options:  # mark where the climbs, hatches and crossings on offer end
            if (
                has_point(d)
                and d.option
                and (self.fid is None or d.figure == self.fid)
                and d.option in ("climb", "cross")
            ):
                c = cam.to_screen(d.x, d.y)
                pygame.draw.circle(dst, (0, 0, 0), c, 7, 3)
                pygame.draw.circle(dst, MARK, c, 7, 2)
        allowance = self.allowance(scene)
        unit = moving_unit(p)
        reach = self.reach.want(scene.match, unit or self.fid) if (f is not None or unit) else None
        if reach is not None and reach.fid == (unit or self.fid):
            draw_reach(dst, cam, reach, st)
        elif f is not None and allowance:  # while the reach is worked out: the allowance, thin
            r = int((allowance + f.radius) * cam.ppi)
            if r < 4000:
                pygame.draw.circle(dst, (255, 255, 255), cam.to_screen(f.x, f.y), r, 1)
        if self.mouse is None or scene.target_hover.target is not None:
            return  # an enemy under the cursor: the charge/shot preview speaks
        mx, my = cam.to_screen(*self.mouse)
        d = self.decision
        if d is None:
            if f is not None:
                dashed_line(dst, BAD, cam.to_screen(f.x, f.y), (mx, my))
            if self.refused is not None:
                outline_things(dst, cam, scene.match, self.refused.blockers)
            if self.why:
                _refusal_lines(dst, self.why, (mx, my))
            return
        if unit is not None and d.kind == "move" and d.option == unit and has_point(d):
            self._draw_unit_move(scene, dst, d, (mx, my))
            return
        rt = self.route
        if rt is not None and len(rt.points) >= 2:
            pts = [cam.to_screen(x, y) for x, y in rt.points]
            pygame.draw.lines(dst, (0, 0, 0), False, pts, 5)
            pygame.draw.lines(dst, OK, False, pts, 3)
            rad = st.figures[d.figure].radius if d.figure in st.figures else 0.5
            pygame.draw.circle(dst, OK, pts[-1], max(3, int(rad * cam.ppi)), 2)
        lines = []
        if rt is not None:
            text = f"{rt.what.capitalize()} · cost {rt.cost:.1f} in"
            if allowance is not None:
                text += f" · {max(0.0, allowance - rt.cost):.1f} in left"
            lines.append(text)
            lines.append(f"ends on {LEVEL_NAMES.get(rt.level, rt.level)}")
            if self.note:
                lines.insert(0, self.note)
        else:
            lines.append(
                d.kind.replace("_", " ").capitalize()
                + (f" ({d.option}{'' if d.label is None else ':' + d.label})" if d.option else "")
            )
        if len(self.cands) > 1:
            lines.append(f"option {self.index + 1} of {len(self.cands)} here — C for the next")
        label_lines(dst, lines, (mx, my), OK)


def up_to_obstacle(match, fid: str, wx: float, wy: float) -> Decision | None:
    """The move that walks up to the rail or break standing between fid and (wx, wy): where the
    straight path stops at it (RNG-MOVE-2), if the rules accept that move."""
    f = match.state.figures.get(fid)
    if f is None:
        return None
    try:
        plan = match.table.path_cost(fid, [(f.x, f.y), (wx, wy)])
    except Exception:  # noqa: BLE001 - a preview must never crash the screen
        return None
    if plan is None or not plan.stops_at_obstacle:
        return None
    x, y = plan.points[-1]
    d = Decision("move", figure=fid, x=round(x, 3), y=round(y, 3))
    try:
        match.pending.check(d)
    except IllegalDecision:
        return None
    except Exception:  # noqa: BLE001 - a preview must never crash the screen
        return None
    return d
