"""A re-form of the player's own (OD6-SEQ-1): the unit's free pieces placed one by one on the table.

The question offers ready formations ("re-form line", "re-form facing the enemy"); a player may give
any other. Chosen from the option list, this mode starts with every piece that may re-form where it
stands; a click on one picks it up, it follows the mouse, the wheel or [ and ] turn it, and a click
sets it down. Every change is checked against the rules (``pending.check``) at once, so a piece
moved too far, an overlap or an edge contact with an enemy shows the rules' own reason before the
re-form is confirmed with Enter. The answer is an ordinary
``Decision("reorganise", option=unit, label=info["reform_label"], spots=…)``.
"""

from __future__ import annotations

import pygame

from game.rules.decisions import Decision, Spot
from game.rules.refusals import unit_words

from .input_modes import BAD, OK, Mode, _label, _refusal_lines, line_step
from .piece_render import contains, corners, piece_size

#: degrees a piece turns per wheel notch or [ / ] key
TURN_STEP = 15.0
HELD = (255, 215, 90)


def offers_reform(pending) -> bool:
    """The question lets the player place the unit's pieces themselves."""
    info = pending.info if pending is not None and isinstance(pending.info, dict) else {}
    return bool(info.get("reform_movers")) and bool(info.get("reform_label"))


def _degrees(facing: float) -> float:
    """A facing in [0, 360), rounded as the rules round a placed piece's."""
    return round(facing % 360.0, 3) % 360.0


class ReformMode(Mode):
    name = "reform"

    def __init__(self, pending, state):
        info = pending.info
        self.unit: str = info["unit"]
        self.label: str = info["reform_label"]
        self.movers: list[str] = list(info["reform_movers"])
        self.ends: dict[str, tuple[float, float, float]] = {
            pid: (state.figures[pid].x, state.figures[pid].y, state.figures[pid].facing) for pid in self.movers
        }
        self.held: str | None = None
        self.error: str | None = None
        self.mouse: tuple[float, float] | None = None

    @property
    def hint(self) -> str:
        if self.held is None:
            return "Re-form: click a piece to pick it up; Enter re-forms the unit; Esc cancels"
        return "Re-form: click to set the piece down; mouse wheel or [ ] turns it; Esc cancels"

    def decision(self) -> Decision:
        spots = tuple(Spot(pid, round(x, 3), round(y, 3), _degrees(f)) for pid, (x, y, f) in self.ends.items())
        return Decision("reorganise", option=self.unit, label=self.label, spots=spots)

    def _check(self, scene) -> None:
        self.error = self.refusal(scene, self.decision())

    def piece_at(self, scene, wx: float, wy: float) -> str | None:
        """The re-forming piece drawn under the world point, where this re-form has put it."""
        st = scene.match.state
        for pid in self.movers:
            x, y, f = self.ends[pid]
            if contains(st.figures[pid], x, y, wx, wy, facing=f):
                return pid
        return None

    # -- input -----------------------------------------------------------------------------------------
    def on_motion(self, scene, wx, wy) -> None:
        self.mouse = (wx, wy)
        if self.held is not None:
            _x, _y, f = self.ends[self.held]
            self.ends[self.held] = (wx, wy, f)

    def on_click(self, scene, wx, wy, fid) -> bool:
        if self.held is not None:
            _x, _y, f = self.ends[self.held]
            self.ends[self.held] = (wx, wy, f)
            self.held = None
            self._check(scene)
            return True
        self.held = self.piece_at(scene, wx, wy) or (fid if fid in self.ends else None)
        return True

    def turn(self, scene, degrees: float) -> bool:
        """Turn the piece in hand (or, with none in hand, none): True when a piece turned."""
        if self.held is None:
            return False
        x, y, f = self.ends[self.held]
        self.ends[self.held] = (x, y, (f + degrees) % 360.0)
        self._check(scene)
        return True

    def confirm(self, scene) -> bool:
        if self.held is not None:
            scene.toast("set the piece down first (click)")
            return False
        self._check(scene)
        return self.submit(scene, self.decision(), self.error)

    # -- drawing ---------------------------------------------------------------------------------------
    def draw(self, scene, dst: pygame.Surface) -> None:
        st, cam = scene.match.state, scene.camera
        col = BAD if self.error else OK
        for pid in self.movers:
            fig = st.figures[pid]
            w, d = piece_size(fig)
            x, y, f = self.ends[pid]
            pts = [cam.to_screen(px, py) for px, py in corners(x, y, f, w, d)]
            pygame.draw.line(dst, (0, 0, 0), cam.to_screen(fig.x, fig.y), cam.to_screen(x, y), 3)
            pygame.draw.polygon(dst, HELD if pid == self.held else col, pts, 3 if pid == self.held else 2)
            pygame.draw.line(dst, HELD if pid == self.held else col, pts[0], pts[1], 5)  # the front edge
        if self.mouse is not None:
            m = cam.to_screen(*self.mouse)
            who = unit_words(st, self.unit)
            _label(dst, f"{who} re-forms · {len(self.movers)} pieces (OD6-SEQ-1)", m, HELD)
            if self.error:
                _refusal_lines(dst, self.error, (m[0], m[1] + line_step(dst)))
