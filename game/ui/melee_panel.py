"""The dice and mêlée panel: the dice of the latest decision, faces shown, never hidden.

Reads only events. Each kept event becomes one row, rendered once when it arrives (rows do not
change afterwards) and blitted every frame:

* any event with ``faces`` (DiceRolled, saves, morale…) — who, what for, the dice, modifier, target
  and result;
* Pyrates: ``QuotaSet`` (a side's Mêlée Quota with every contribution), ``DieRerolled`` (the rerolled
  die marked), ``HandScored`` (the hand's name and its damage), ``RoundTallied`` (tallies, winner);
* Escarmouche: ``CardsDrawn`` as playing cards, ``DuelWon`` with the winning card;
* opposed d6 (``CombatRolled``): both dice side by side, bonuses, totals and the winner.

Rows of a mêlée (``MELEE_PREFIXES``) make the panel a mêlée panel, which
asks the battle screen for more room (``wants_room``).
"""

from __future__ import annotations

import pygame

from . import fonts
from .card_art import card_face
from .dice_art import die_face

BG = (30, 28, 26)
#: rule IDs of the fight itself (a shot's PYR-SAVE or RNG-WND roll is not a mêlée)
MELEE_PREFIXES = (
    "PYR-DICE",
    "PYR-DMG",
    "PYR-MQ",
    "PYR-ALLOC",
    "PYR-WIN",
    "PYR-PUSH",
    "PYR-MOR",
    "PYR-DUEL",
    "PYR-MG",
    "ESC-",
    "OD6-",
    "RNG-HAND",
    "INI-MEL",
)
TEXT = (215, 210, 200)
DIM = (130, 130, 140)
GOOD = (150, 230, 150)
BADC = (255, 140, 130)
GOLD = (240, 215, 130)
SPECIAL = ("QuotaSet", "CardsDrawn", "DuelWon", "RoundTallied", "CombatRolled")
DIE = 22
KEEP = 14  # rows kept; the panel shows the latest that fit


def dice_row(e) -> bool:
    """Whether the panel shows this event."""
    return bool(getattr(e, "faces", None)) or type(e).__name__ in SPECIAL


class DicePanel:
    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)
        self.rows: list = []
        self.title = "Dice"
        self.age = 0.0  # seconds since the dice landed (for the fade-in)
        self._names: dict[str, str] = {}
        self._colours: dict[str, tuple] = {}
        self._surfs: list[pygame.Surface] = []
        self._width = 0
        self.k = 1.0

    @property
    def wants_room(self) -> bool:
        return self.title != "Dice"

    def set_rect(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        disp = pygame.display.get_surface() if pygame.display.get_init() else None
        k = fonts.scaled(100, disp.get_size()) / 100.0 if disp is not None else 1.0
        k = max(1.0, min(k, self.rect.w / 330.0))  # grows with the window, as far as the panel is wide
        if self.rect.w != self._width or k != self.k:
            self.k = k
            self._render()

    def px(self, size: int) -> int:
        """A font or die size scaled to the window (fonts.scaled), capped by the panel's width."""
        return round(size * self.k)

    def show(self, events, state) -> None:
        """Replace the rows when a decision rolled dice (or drew cards); keep them otherwise."""
        rolls = [e for e in events if dice_row(e)]
        if any(type(e).__name__ == "CombatRolled" for e in rolls):
            # each opposed pair's two dice are shown side by side in its CombatRolled row
            rolls = [e for e in rolls if e.rule != "OD6-ROLL-1" or type(e).__name__ == "CombatRolled"]
        if not rolls:
            return
        self.rows = rolls[-KEEP:]
        self.age = 0.0
        rules = [e.rule for e in rolls]
        if any(r.startswith("ESC-") for r in rules) and any(type(e).__name__ == "CardsDrawn" for e in rolls):
            self.title = "Duel — cards"
        elif any(r.startswith("OD6-") for r in rules):
            self.title = "Close combat — opposed d6"
        elif any(r.startswith(MELEE_PREFIXES) for r in rules):
            self.title = "Mêlée"
        else:
            self.title = "Dice"
        from .log_words import Namer

        self._namer = Namer(state)  # ids to names in free text too (quota lines), as the log does
        self._names = self._namer.names
        self._colours = {f.id: tuple(state.side(f.side).colour) for f in state.figures.values()}
        self._colours.update({s.id: tuple(s.colour) for s in state.sides})
        self._render()

    def update(self, dt: float) -> None:
        self.age += dt

    # -- rows, rendered once ------------------------------------------------------------------------
    def name(self, fid: str) -> str:
        return self._namer(fid) if getattr(self, "_namer", None) else self._names.get(fid, fid)

    def _render(self) -> None:
        self._width = self.rect.w
        self._surfs = [self.row(e, max(120, self.rect.w - 12)) for e in self.rows]

    def row(self, e, width: int) -> pygame.Surface:
        kind = type(e).__name__
        draw = getattr(self, "_row_" + kind, None)
        parts = draw(e, width) if draw is not None else self._row_dice(e, width)
        rt = fonts.text(e.rule, self.px(10), DIM)
        # the rule ID sits right of the first line; a first line too wide for both puts it above
        top = rt.get_height() if parts and parts[0].get_width() + 8 > width - rt.get_width() - 6 else 0
        h = sum(p.get_height() for p in parts) + 4 + top
        s = pygame.Surface((width, h), pygame.SRCALPHA)
        who = (
            getattr(e, "who", "") or getattr(e, "attacker", "") or getattr(e, "figure", "") or getattr(e, "winner", "")
        )
        pygame.draw.rect(s, self._colours.get(who, (200, 200, 200)), (0, 2, 4, h - 4))
        y = top
        for p in parts:
            s.blit(p, (8, y))
            y += p.get_height()
        s.blit(rt, (width - rt.get_width() - 2, 0))
        return s

    def _head(self, text: str, width: int, colour=TEXT) -> pygame.Surface:
        lines = fonts.wrap(text, width - 70, self.px(12))[:2] or [""]
        surf = [fonts.text(t, self.px(12), colour) for t in lines]
        s = pygame.Surface((width, sum(x.get_height() for x in surf)), pygame.SRCALPHA)
        y = 0
        for x in surf:
            s.blit(x, (0, y))
            y += x.get_height()
        return s

    @staticmethod
    def _strip(items: list[pygame.Surface], gap: int = 3) -> pygame.Surface:
        w = sum(i.get_width() for i in items) + gap * max(0, len(items) - 1)
        h = max((i.get_height() for i in items), default=1)
        s = pygame.Surface((max(1, w), h + 2), pygame.SRCALPHA)
        x = 0
        for i in items:
            s.blit(i, (x, (h - i.get_height()) // 2 + 1))
            x += i.get_width() + gap
        return s

    def _dice(self, faces, die: int = 6, mark: int | None = None) -> list[pygame.Surface]:
        out = []
        for k, f in enumerate(faces[:12]):
            tint = (255, 225, 120) if k == mark else (245, 240, 228)
            out.append(die_face(int(die), int(f), self.px(DIE), tint))
        return out

    def _row_dice(self, e, width: int) -> list[pygame.Surface]:
        who = self.name(getattr(e, "who", "")) if getattr(e, "who", "") else ""
        head = self._head(f"{who} — {getattr(e, 'purpose', '')}".strip(" —"), width)
        parts = []
        mod = getattr(e, "modifier", 0)
        if mod:
            parts.append(f"{'+' if mod > 0 else '-'}{abs(mod)} = {e.total}")
        tgt = getattr(e, "target", None)
        if tgt is not None:
            parts.append(f"vs {'<=' if getattr(e, 'roll_under', False) else '>='}{tgt}")
        ok = getattr(e, "success", None)
        if ok is not None:
            parts.append("success" if ok else "fails")
        items = self._dice(e.faces, getattr(e, "die", 6))
        if parts:
            colour = GOOD if ok else BADC if ok is False else (220, 220, 220)
            items.append(fonts.text("  ".join(parts), self.px(13), colour, True))
        return [head, self._strip(items)]

    def _row_DieRerolled(self, e, width):
        head = self._head(
            f"{self.name(e.who)} — hand {e.hand_no}: reroll die {e.index + 1} "
            f"({e.old} -> {e.new}), {e.rerolls_left} left",
            width,
        )
        return [head, self._strip(self._dice(e.faces, 6, mark=e.index))]

    def _row_HandScored(self, e, width):
        label = getattr(e, "label", e.hand)  # the hand's name, as the event gives it
        dmg = " + ".join(([f"{e.knockdowns} KD"] if e.knockdowns else []) + ([f"{e.wounds} W"] if e.wounds else []))
        dmg = dmg or "nothing"
        rr = f", {e.rerolls_used} reroll{'s' if e.rerolls_used != 1 else ''}" if e.rerolls_used else ""
        head = self._head(f"{self.name(e.who)} — hand {e.hand_no}{rr}", width)
        colour = GOOD if (e.knockdowns or e.wounds) else (200, 200, 200)
        return [head, self._strip(self._dice(e.faces) + [fonts.text(f"{label} -> {dmg}", self.px(13), colour, True)])]

    def _row_QuotaSet(self, e, width):
        head = self._head(
            f"{self.name(e.who)}: Mêlée Quota {e.mq}"
            + ("" if str(e.total) == str(e.mq) else f" ({e.total} rounded up)"),
            width,
            GOLD,
        )
        lines = [self._head("   " + self._namer.tidy(ln), width, DIM) for ln in e.lines[:6]]
        if len(e.lines) > 6:
            lines.append(self._head(f"   … {len(e.lines) - 6} more in the log", width, DIM))
        return [head] + lines

    def _row_RoundTallied(self, e, width):
        bits = [
            f"{self.name(s)}: {k} KD, {w} W, {p} pushback{'s' if p != 1 else ''}" + (f", {m} MDP" if m else "")
            for s, k, w, p, m in e.tallies
        ]
        # one line per side, wrapped: at 1280 px the panel is too narrow for the tally on one line
        out = [self._head("Tally", width)] + [self._head("   " + b, width) for b in bits]
        win = fonts.wrap(
            f"{self.name(e.winner)} wins the round (on {e.decided_by.replace('_', ' ')})", width - 16, self.px(13), True
        )
        return out + [fonts.text(t, self.px(13), GOOD, True) for t in win[:2]]

    def _row_CardsDrawn(self, e, width):
        adv = f" (+{len(e.advantages)}: {', '.join(e.advantages)})" if e.advantages else ""
        head = self._head(f"{self.name(e.figure)} draws{adv}", width)
        return [head, self._strip([card_face(c, 40) for c in e.cards[:10]], 4)]

    def _row_DuelWon(self, e, width):
        return [
            self._strip(
                [
                    card_face(e.card, 40, True),
                    fonts.text(
                        f"{self.name(e.winner)} beats {self.name(e.victim)}: {e.effect}", self.px(13), GOOD, True
                    ),
                ],
                6,
            )
        ]

    def _row_CombatRolled(self, e, width):
        (fa, fb), (ba, bb), (ta, tb) = e.faces, e.bonus, e.totals

        def side(fid, face, bonus, total, won):
            colour = GOOD if won else BADC if e.winner else TEXT
            dice = self._strip(
                [
                    die_face(6, int(face), self.px(DIE + 4)),
                    fonts.text(f"{'+' + str(bonus) + ' ' if bonus else ''}= {total}", self.px(14), colour, True),
                ],
                4,
            )
            name = fonts.text(self.name(fid), self.px(12), colour, won)
            s = pygame.Surface(
                (max(dice.get_width(), name.get_width()), name.get_height() + dice.get_height()), pygame.SRCALPHA
            )
            s.blit(name, (0, 0))
            s.blit(dice, (0, name.get_height()))
            return s

        vs = fonts.text("v", self.px(16), GOLD, True)
        row = self._strip(
            [
                side(e.attacker, fa, ba, ta, e.winner == e.attacker),
                vs,
                side(e.defender, fb, bb, tb, e.winner == e.defender),
            ],
            12,
        )
        res = f"{e.kind}: {self.name(e.winner)} wins" if e.winner else f"{e.kind}"
        return [row, fonts.text(res, self.px(12), GOLD)]

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, dst: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(dst, BG, r)
        pygame.draw.rect(dst, (90, 80, 60), r, 1)
        dst.blit(fonts.text(self.title, self.px(15), GOLD, True), (r.x + 8, r.y + 4))
        if not self.rows:
            dst.blit(fonts.text("no dice rolled yet", self.px(13), (140, 140, 150)), (r.x + 8, r.y + 28))
            return
        old = dst.get_clip()
        dst.set_clip(r)
        room = r.h - 30
        shown: list[pygame.Surface] = []
        used = 0
        for s in reversed(self._surfs):  # the latest rows that fit, drawn oldest first
            if used + s.get_height() + 4 > room and shown:
                break
            shown.append(s)
            used += s.get_height() + 4
        more = len(self._surfs) - len(shown)
        if more:
            t = fonts.text(f"{more} earlier in the log", self.px(10), DIM)
            dst.blit(t, (r.right - t.get_width() - 6, r.bottom - t.get_height() - 3))
        alpha = int(255 * (0.4 + 0.6 * min(1.0, self.age / 0.25)))  # frame-rate independent fade-in
        y = r.y + 28
        for s in reversed(shown):
            s.set_alpha(alpha)
            dst.blit(s, (r.x + 6, y))
            y += s.get_height() + 4
        dst.set_clip(old)
