"""Input modes: turn clicks on the table into Match decisions, and draw what they preview.

A mode never decides an outcome: it builds a Decision, asks ``pending.check`` whether it is legal
(showing the IllegalDecision text before any click), and hands legal ones to the battle scene.

* ``PointMode`` — any option kind that takes a destination (move, charge…): hovering shows the
  planned path (``table.plan_path``), its cost and the inches left; right-click cancels.
* ``MeasureMode`` (M) — a tape from a clicked point to the cursor, in inches.
* ``SightMode`` (L) — line of sight from a chosen figure to a figure or to any point (a probe base
  placed on a clone of the table), with the cover it gives.
"""

from __future__ import annotations

import math

import pygame

from game.rules.decisions import Decision, IllegalDecision

from . import fonts

OK = (120, 230, 120)
BAD = (255, 110, 100)
TAPE = (255, 235, 120)


def label_px(dst, n: int) -> int:
    """``n`` px at 1280×800 in the window ``dst`` is (a size, a gap): the labels beside the pointer
    grow with the window like the panels (fonts.scaled)."""
    return max(1, round(n * fonts.ui_scale(dst.get_size())))


def line_step(dst) -> int:
    """From one line of a pointer label to the next (18 px at 1280×800)."""
    return label_px(dst, 18)


def _label(dst, text, pos, colour=(255, 255, 255), size=15):
    t = fonts.outlined(text, fonts.scaled(size, dst.get_size()), colour)
    gap = label_px(dst, 14)
    r = t.get_rect(topleft=(pos[0] + gap, pos[1] + label_px(dst, 10)))
    if r.right > dst.get_clip().right:  # near the map's right edge: the label goes left of the pointer
        r.right = pos[0] - gap
    r.clamp_ip(dst.get_clip())  # the map's clip: a label under the side panel would be cut off
    dst.blit(t, r)


def label_lines(dst, lines: list[str], pos, first=(120, 230, 120), rest=(230, 230, 230)) -> None:
    """Lines beside the pointer: the first in ``first`` (15 px at 1280×800), the rest under it."""
    for i, line in enumerate(lines):
        _label(dst, line, (pos[0], pos[1] + i * line_step(dst)), first if i == 0 else rest, 15 if i == 0 else 14)


def _refusal_lines(dst, error: str, pos) -> None:
    """The rules' refusal under the pointer's label, wrapped, at most three lines from ``pos``."""
    size = fonts.scaled(14, dst.get_size())
    for i, line in enumerate(fonts.wrap(error, label_px(dst, 420), size)[:3]):
        _label(dst, line, (pos[0], pos[1] + i * line_step(dst)), BAD, 14)


def dashed_line(dst, colour, a, b, width=2, dash=8):
    ax, ay = a
    bx, by = b
    L = math.hypot(bx - ax, by - ay)
    if L < 1:
        return
    n = int(L // dash)
    for i in range(0, n + 1, 2):
        t0, t1 = i * dash / L, min(1.0, (i + 1) * dash / L)
        pygame.draw.line(
            dst, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0), (ax + (bx - ax) * t1, ay + (by - ay) * t1), width
        )


class Mode:
    name = "select"

    @property
    def hint(self) -> str:
        """The status line: what a click does in this mode."""
        return ""

    def on_motion(self, scene, wx, wy) -> None:
        pass

    def on_click(self, scene, wx, wy, fid) -> bool:
        return False

    def draw(self, scene, dst) -> None:
        pass

    def refusal(self, scene, d: Decision | None) -> str | None:
        """The rules' reason to refuse ``d`` as the answer to the pending question (None: it is
        legal, or there is no decision yet to check)."""
        if d is None:
            return None
        try:
            scene.match.pending.check(d)
        except IllegalDecision as e:
            return str(e)
        return None

    def submit(self, scene, d: Decision, error: str | None) -> bool:
        """Answer with ``d``, or show ``error`` (the rules' refusal) and keep the mode: True when
        decided."""
        if error:
            scene.toast(error, BAD)
            return False
        scene.decide(d)
        return True


class PointMode(Mode):
    """Choose a destination for ``kind`` (move, charge…) for figure ``fid``."""

    name = "point"

    def __init__(self, kind: str, fid: str):
        self.kind = kind
        self.fid = fid
        self._key: tuple[int, int] | None = None
        self.decision: Decision | None = None
        self.plan = None
        self.error: str | None = None
        self.mouse: tuple[float, float] | None = None

    @property
    def hint(self) -> str:
        return f"{self.kind.capitalize()}: click a destination on the table — right-click or Esc cancels"

    def on_motion(self, scene, wx, wy) -> None:
        key = (round(wx * 20), round(wy * 20))  # re-plan only when the cursor moves 1/20 inch
        self.mouse = (wx, wy)
        if key == self._key:
            return
        self._key = key
        m = scene.match
        x, y = round(wx, 2), round(wy, 2)
        d = Decision(self.kind, figure=self.fid, x=x, y=y)
        self.decision = d
        try:
            self.plan = m.table.plan_path(self.fid, x, y)
        except Exception:  # noqa: BLE001 - a preview must never crash the screen
            self.plan = None
        try:
            m.pending.check(d)
            self.error = None
        except IllegalDecision as e:
            self.error = str(e)
        except Exception as e:  # noqa: BLE001
            self.error = f"cannot check that: {e}"

    def on_click(self, scene, wx, wy, fid) -> bool:
        self.on_motion(scene, wx, wy)
        if self.error:
            scene.toast(self.error, BAD)
            return True
        if self.decision is not None:
            scene.decide(self.decision)
        return True

    def allowance(self, scene) -> float | None:
        info = scene.match.pending.info if scene.match.pending else {}
        for k in ("move_left", "move", "allowance"):
            v = info.get(k)
            if isinstance(v, (int, float)):
                return float(v)
        f = scene.match.state.figures.get(self.fid)
        return float(f.move) if f else None

    def draw(self, scene, dst) -> None:
        cam = scene.camera
        f = scene.match.state.figures.get(self.fid)
        if f is None or self.mouse is None:
            return
        allowance = self.allowance(scene)
        if allowance:
            sx, sy = cam.to_screen(f.x, f.y)
            r = int((allowance + f.radius) * cam.ppi)
            if r < 4000:
                pygame.draw.circle(dst, (255, 255, 255), (sx, sy), r, 1)
        colour = BAD if self.error else OK
        if self.plan is not None and len(self.plan.points) >= 2:
            pts = [cam.to_screen(x, y) for x, y in self.plan.points]
            pygame.draw.lines(dst, (0, 0, 0), False, pts, 5)
            pygame.draw.lines(dst, colour, False, pts, 3)
            ex, ey = pts[-1]
            pygame.draw.circle(dst, colour, (ex, ey), max(3, int(f.radius * cam.ppi)), 2)
        else:
            a = cam.to_screen(f.x, f.y)
            b = cam.to_screen(*self.mouse)
            dashed_line(dst, BAD, a, b)
        mx, my = cam.to_screen(*self.mouse)
        if self.plan is not None:
            text = f"cost {self.plan.cost:.1f} in"
            if allowance is not None:
                text += f" · {max(0.0, allowance - self.plan.cost):.1f} in left"
            _label(dst, text, (mx, my), colour)
            my += 20
        if self.error:
            _refusal_lines(dst, self.error, (mx, my))


class MeasureMode(Mode):
    name = "measure"
    hint = "Measuring tape: click to pin the start; the tape reads inches — M, Esc or right-click ends"

    def __init__(self):
        self.start: tuple[float, float] | None = None
        self.mouse: tuple[float, float] | None = None

    def on_motion(self, scene, wx, wy) -> None:
        self.mouse = (wx, wy)

    def on_click(self, scene, wx, wy, fid) -> bool:
        if fid and self.start is None:
            f = scene.match.state.figures[fid]
            self.start = (f.x, f.y)
        else:
            self.start = (wx, wy)
        return True

    def draw(self, scene, dst) -> None:
        if self.start is None or self.mouse is None:
            return
        cam = scene.camera
        a, b = cam.to_screen(*self.start), cam.to_screen(*self.mouse)
        pygame.draw.line(dst, (0, 0, 0), a, b, 5)
        pygame.draw.line(dst, TAPE, a, b, 3)
        d = math.hypot(self.mouse[0] - self.start[0], self.mouse[1] - self.start[1])
        for i in range(1, int(d) + 1):  # inch ticks
            t = i / d
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            pygame.draw.circle(dst, (0, 0, 0), p, 3)
        _label(dst, f"{d:.2f} in", b, TAPE, 16)


class SightMode(Mode):
    name = "sight"
    hint = "Line of sight: click the figure that looks, then point at a figure or a spot — L, Esc or right-click ends"
    PROBE = "__los_probe__"

    def __init__(self, observer: str | None = None):
        self.observer = observer
        self.mouse: tuple[float, float] | None = None
        self.result = None
        self.target_pt: tuple[float, float] | None = None
        self._key: tuple[str | None, int, int] | None = None

    def on_motion(self, scene, wx, wy) -> None:
        self.mouse = (wx, wy)
        if not self.observer:
            return
        fid = scene.hover
        key = (fid, round(wx * 10), round(wy * 10))
        if key == self._key:
            return
        self._key = key
        m = scene.match
        obs = m.state.figures.get(self.observer)
        if obs is None or not obs.in_play:
            self.result = None
            return
        try:
            if fid and fid != self.observer and m.state.figures[fid].in_play:
                f = m.state.figures[fid]
                self.target_pt = (f.x, f.y)
                self.result = m.table.line_of_sight(self.observer, fid)
            else:
                t = m.table.clone()  # a probe base on a clone: the match's table is never touched
                t.place(self.PROBE, wx, wy, 0.5, obs.level)
                self.target_pt = (wx, wy)
                self.result = t.line_of_sight(self.observer, self.PROBE)
        except Exception:  # noqa: BLE001 - preview only
            self.result = None

    def on_click(self, scene, wx, wy, fid) -> bool:
        if fid and (self.observer is None or fid != self.observer):
            if self.observer is None:
                self.observer = fid
                self._key = None
                return True
        if self.observer is None:
            return True
        return True

    def draw(self, scene, dst) -> None:
        cam = scene.camera
        m = scene.match
        if not self.observer or self.mouse is None:
            if self.mouse is not None:
                _label(dst, "click the figure that looks", cam.to_screen(*self.mouse), (220, 220, 255))
            return
        obs = m.state.figures.get(self.observer)
        if obs is None or self.result is None or self.target_pt is None:
            return
        a = cam.to_screen(obs.x, obs.y)
        b = cam.to_screen(*self.target_pt)
        r = self.result
        colour = OK if r.clear and not r.cover else (255, 210, 90) if r.clear else BAD
        if r.clear:
            pygame.draw.line(dst, (0, 0, 0), a, b, 4)
            pygame.draw.line(dst, colour, a, b, 2)
        else:
            dashed_line(dst, colour, a, b, 3)
        txt = "clear" if r.clear else "blocked"
        if r.clear and r.cover:
            txt += f", {r.cover} cover"
        _label(dst, f"{txt} · {r.distance:.1f} in (GEO-LOS-1)", b, colour)
