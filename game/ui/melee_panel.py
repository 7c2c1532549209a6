"""The dice and mêlée panel: the dice of the latest decision, faces shown, never hidden.

Reads only events: any event with ``faces`` (DiceRolled and the mêlée systems' subclasses, e.g.
Pyrates hands) is shown as a row — who, what for, the faces as dice, modifier, target and result.
Rows of the same mêlée (rule IDs starting PYR-/ESC-/OD6-/RNG-HAND) make the panel a mêlée panel.
"""
from __future__ import annotations

import pygame

from . import fonts
from .dice_art import die_face

BG = (30, 28, 26)
MELEE_PREFIXES = ("PYR-", "ESC-", "OD6-", "RNG-HAND", "INI-MEL")


class DicePanel:
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.rows: list = []
        self.title = "Dice"
        self.age = 0.0  # seconds since the dice landed (for the pop-in)
        self._names: dict[str, str] = {}
        self._colours: dict[str, tuple] = {}

    def set_rect(self, rect) -> None:
        self.rect = pygame.Rect(rect)

    def show(self, events, state) -> None:
        """Replace the rows when a decision rolled dice; keep the previous rows otherwise."""
        rolls = [e for e in events if getattr(e, "faces", None)]
        if not rolls:
            return
        self.rows = rolls[-8:]
        self.age = 0.0
        self.title = "Mêlée" if any(e.rule.startswith(MELEE_PREFIXES) for e in rolls) else "Dice"
        self._names = {f.id: f.name for f in state.figures.values()}
        self._names.update({s.id: s.name for s in state.sides})
        self._colours = {f.id: state.side(f.side).colour for f in state.figures.values()}
        self._colours.update({s.id: s.colour for s in state.sides})

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, dst: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(dst, BG, r)
        pygame.draw.rect(dst, (90, 80, 60), r, 1)
        dst.blit(fonts.text(self.title, 15, (240, 215, 130), True), (r.x + 8, r.y + 4))
        if not self.rows:
            dst.blit(fonts.text("no dice rolled yet", 13, (140, 140, 150)), (r.x + 8, r.y + 28))
            return
        old = dst.get_clip()
        dst.set_clip(r)
        y = r.y + 28
        size = 22
        pop = 0.6 + 0.4 * min(1.0, self.age / 0.25)  # frame-rate independent pop-in over a quarter second
        for e in self.rows:
            if y + size + 16 > r.bottom:
                break
            who = self._names.get(e.who, e.who) if getattr(e, "who", "") else ""
            col = tuple(self._colours.get(getattr(e, "who", ""), (200, 200, 200)))
            pygame.draw.rect(dst, col, (r.x + 6, y + 2, 4, size + 12))
            head = f"{who} — {getattr(e, 'purpose', '')}".strip(" —")
            dst.blit(fonts.text(head, 12, (215, 210, 200)), (r.x + 14, y))
            x = r.x + 14
            dsz = max(4, int(size * pop))
            for face in e.faces[:12]:
                dst.blit(die_face(int(getattr(e, "die", 6)), int(face), dsz), (x + (size - dsz) // 2, y + 15 + (size - dsz) // 2))
                x += size + 3
            parts = []
            mod = getattr(e, "modifier", 0)
            if mod:
                parts.append(f"{'+' if mod > 0 else '−'}{abs(mod)} = {e.total}")
            tgt = getattr(e, "target", None)
            if tgt is not None:
                parts.append(f"vs {'≤' if getattr(e, 'roll_under', False) else '≥'}{tgt}")
            ok = getattr(e, "success", None)
            if ok is not None:
                parts.append("success" if ok else "fails")
            if parts:
                colour = (150, 230, 150) if ok else (255, 140, 130) if ok is False else (220, 220, 220)
                dst.blit(fonts.text("  ".join(parts), 13, colour, True), (x + 4, y + 18))
            rt = fonts.text(e.rule, 10, (130, 130, 140))
            dst.blit(rt, (r.right - rt.get_width() - 6, y))
            y += size + 20
        dst.set_clip(old)
