"""Marks over the figures that say what is going on at the table: engaged figures (a red tick ring),
surrounded ones (a red cross-hatched ring), the participants of the mêlée being fought (a gold
outline), the figures that may react now (a pulsing cyan ring) and the pushback destination on offer
(a dashed ghost base with an arrow). Read from the match's state, table, log and pending question."""

from __future__ import annotations

import math

import pygame

from .figure_card import engaged_enemies

ENGAGED = (235, 80, 60)
SURROUNDED = (255, 40, 40)
MELEE = (240, 200, 90)
REACT = (90, 220, 240)
PUSH = (250, 250, 250)
REACT_KINDS = {"react", "react_move", "react_shoot", "reaction", "reactive_shot"}
_MELEE_KINDS = {
    "tap",
    "pushback",
    "withdraw",
    "follow_up",
    "reroll",
    "dodge",
    "card",
    "flashing_blades",
    "opportune_shot",
    "surrender",
    "cornered",
    "fall",
    "acrobatics",
    "melee_target",
    "break_off",
}


class MarkFacts:
    """Engaged and surrounded figures, worked out once per decision (table queries are not free)."""

    def __init__(self):
        self._key = None
        self.engaged: set[str] = set()
        self.surrounded: set[str] = set()
        self.melee: set[str] = set()

    def update(self, match) -> None:
        key = (id(match), len(match.log), len(match.decisions))
        if key == self._key:
            return
        self._key = key
        st = match.state
        self.engaged, self.surrounded = set(), set()
        for f in st.figures.values():
            if not f.in_play or f.cv:
                continue
            foes = engaged_enemies(match, f.id)
            if foes:
                self.engaged.add(f.id)
                try:
                    if len(foes) >= 2 and match.table.surrounded(f.id, foes):
                        self.surrounded.add(f.id)
                except (KeyError, AttributeError, ValueError):
                    pass
        self.melee = melee_participants(match)


def melee_participants(match) -> set[str]:
    """The figures of the mêlée round being fought now (the last round started, while the pending
    question belongs to a mêlée), else none."""
    p = match.pending
    if p is None or p.kind not in _MELEE_KINDS:
        return set()
    for ev in reversed(match.log):
        name = type(ev).__name__
        if name == "MeleeRoundStarted":
            return {i for _, ids in ev.sides for i in ids}
        if name in ("PlayerTurnStarted", "TurnStarted"):
            break
    return set()


def pushback_preview(match) -> tuple[str, tuple[float, float], tuple[float, float]] | None:
    """(victim, from, to) in inches when the pending question offers a pushback."""
    p = match.pending
    if p is None or p.kind != "pushback":
        return None
    info = p.info or {}
    st = match.state
    v, t = st.figures.get(info.get("victim", "")), st.figures.get(info.get("tapper", ""))
    if v is None or t is None:
        return None
    dx, dy = v.x - t.x, v.y - t.y
    n = math.hypot(dx, dy)
    if n < 1e-6:
        return None
    d = v.base
    return v.id, (v.x, v.y), (v.x + dx / n * d, v.y + dy / n * d)


def may_react(match) -> set[str]:
    p = match.pending
    if p is None or p.kind not in REACT_KINDS:
        return set()
    return {d.figure for d in p.options if getattr(d, "figure", "")}


def _dashed_circle(dst, colour, c, r, width=2, dashes=16):
    for k in range(dashes):
        if k % 2:
            continue
        a0, a1 = 2 * math.pi * k / dashes, 2 * math.pi * (k + 1) / dashes
        rect = pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)
        pygame.draw.arc(dst, colour, rect, a0, a1, width)


def draw_marks(
    dst: pygame.Surface,
    cam,
    match,
    facts: MarkFacts,
    positions: dict | None = None,
    hold_open: bool = False,
    t: float = 0.0,
) -> None:
    facts.update(match)
    positions = positions or {}
    st = match.state
    ppi = cam.ppi
    old = dst.get_clip()
    dst.set_clip(cam.viewport)
    react = may_react(match)
    pulse = 0.5 + 0.5 * math.sin(t * 5.0)
    for fid in facts.engaged | facts.melee | react:
        f = st.figures.get(fid)
        if f is None or not f.in_play or (f.level == "hold" and not hold_open):
            continue
        x, y = positions.get(fid, (f.x, f.y))
        c = cam.to_screen(x, y)
        r = max(6, int(f.base * ppi / 2))
        if fid in facts.melee:
            pygame.draw.circle(dst, MELEE, c, r + 5, 3)
        if fid in facts.surrounded:
            _dashed_circle(dst, SURROUNDED, c, r + 2, 3, 12)
            for k in range(4):  # four inward ticks: enemies on every side
                a = math.pi / 4 + k * math.pi / 2
                p0 = (c[0] + math.cos(a) * (r + 9), c[1] + math.sin(a) * (r + 9))
                p1 = (c[0] + math.cos(a) * (r + 2), c[1] + math.sin(a) * (r + 2))
                pygame.draw.line(dst, SURROUNDED, p0, p1, 2)
        elif fid in facts.engaged:
            for k in range(2):  # crossed swords: two short strokes over the top of the base
                s = 1 if k else -1
                pygame.draw.line(
                    dst, ENGAGED, (c[0] - s * r * 0.6, c[1] - r - 8), (c[0] + s * r * 0.6, c[1] - r + 2), 2
                )
        if fid in react:
            _dashed_circle(dst, REACT, c, r + 4 + int(3 * pulse), 2, 20)
    pb = pushback_preview(match)
    if pb is not None:
        vid, (x0, y0), (x1, y1) = pb
        f = st.figures[vid]
        a, b = cam.to_screen(x0, y0), cam.to_screen(x1, y1)
        r = max(6, int(f.base * ppi / 2))
        _dashed_circle(dst, PUSH, b, r, 2, 16)
        pygame.draw.line(dst, PUSH, a, b, 2)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        for s in (-1, 1):
            pygame.draw.line(dst, PUSH, b, (b[0] - 9 * math.cos(ang + s * 0.5), b[1] - 9 * math.sin(ang + s * 0.5)), 2)
    dst.set_clip(old)
