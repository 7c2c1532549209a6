"""Small pre-rendered cards for the odds previews: a charge's bar charts, a shot's hit chance.

A card is rendered once per preview and kept (the last few only) because the same preview is drawn
every frame while the cursor rests on a target.
"""

from __future__ import annotations

from fractions import Fraction

import pygame

from . import fonts
from .previews import ChargePreview, ShotPreview

BG = (24, 24, 30)
EDGE = (200, 170, 90)
TEXT = (230, 225, 210)
DIM = (150, 150, 160)
BAR_W = 16
BAR_H = 44
KEEP = 4  # cards kept; a new target pushes out the oldest


def pct(p: Fraction | float) -> str:
    v = float(p) * 100
    if 0 < v < 0.5:
        return "<1%"
    if 99.5 < v < 100:
        return ">99%"
    return f"{v:.0f}%"


def px(n: int, scale: float) -> int:
    """``n`` px of a card at 1280×800, in a window ``scale`` times as tall (fonts.ui_scale); text
    never under 9 px."""
    return max(min(n, 9), round(n * scale))


def bars(dist: dict[int, Fraction], colour, label: str, scale: float = 1.0) -> pygame.Surface:
    """One bar per value 0..max: height ∝ probability, the percentage above, the value below."""
    bw, bh = px(BAR_W, scale), px(BAR_H, scale)
    keys = list(range(0, max(dist) + 1)) if dist else [0]
    w = max(px(70, scale), len(keys) * (bw + 4) + 4)
    s = pygame.Surface((w, bh + px(44, scale)), pygame.SRCALPHA)
    s.blit(fonts.text(label, px(11, scale), DIM), (2, 0))
    top = max(dist.values()) if dist else 1
    base = px(24, scale) + bh
    for i, k in enumerate(keys):
        p = dist.get(k, Fraction(0))
        h = int(round(bh * float(p / top))) if top else 0
        x = 4 + i * (bw + 4)
        pygame.draw.rect(s, (60, 60, 70), (x, base - bh, bw, bh), 1)
        if h:
            pygame.draw.rect(s, colour, (x, base - h, bw, h))
        if p >= Fraction(1, 200) or k == 0:
            t = fonts.text(pct(p), px(9, scale), TEXT)
            s.blit(
                t,
                t.get_rect(midbottom=(x + bw // 2, base - h - 1))
                if h < bh - px(10, scale)
                else t.get_rect(midtop=(x + bw // 2, base - h + 1)),
            )
        n = fonts.text(str(k), px(11, scale), DIM)
        s.blit(n, n.get_rect(midtop=(x + bw // 2, base + 2)))
    return s


def charge_card(pv: ChargePreview, names: dict[str, str], width: int = 380, scale: float = 1.0) -> pygame.Surface:
    """A charge's odds, laid out for 1280×800 and grown ``scale`` times (fonts.ui_scale)."""
    width = px(width, scale)
    rows: list[pygame.Surface] = []
    head = f"Charge: {names.get(pv.charger, pv.charger)} → {names.get(pv.target, pv.target)}"
    rows.append(fonts.text(head, px(15, scale), (255, 220, 140), True))
    if pv.error:
        for line in fonts.wrap(pv.error, width - 16, px(13, scale))[:4]:
            rows.append(fonts.text(line, px(13, scale), (255, 140, 130)))
        return _frame(rows, width)
    rows.append(fonts.text("exact odds of each side's damage pool, before any card", px(11, scale), DIM))
    for sp in pv.sides:
        col = tuple(sp.colour)
        rows.append(fonts.text(f"{sp.name}: Mêlée Quota {sp.mq}", px(13, scale), col if sum(col) > 200 else TEXT, True))
        for ln in sp.lines[:4]:
            rows.append(fonts.text("   " + ln, px(11, scale), DIM))
        if len(sp.lines) > 4:
            rows.append(fonts.text(f"   … {len(sp.lines) - 4} more (PYR-MQ-7)", px(11, scale), DIM))
        kd, w = (
            bars(sp.marginal("knockdowns"), col, "knockdowns", scale),
            bars(sp.marginal("wounds"), col, "wounds", scale),
        )
        pair = pygame.Surface(
            (kd.get_width() + w.get_width() + 16, max(kd.get_height(), w.get_height())), pygame.SRCALPHA
        )
        pair.blit(kd, (0, 0))
        pair.blit(w, (kd.get_width() + 16, 0))
        rows.append(pair)
    if pv.win is not None:
        rows.append(
            fonts.text(f"{pv.sides[0].name} wins the tally: {pct(pv.win)}", px(13, scale), (150, 230, 150), True)
        )
    if pv.after is not None:
        who = ", ".join(names.get(r, "a figure") for r in pv.reactors[:3]) + ("…" if len(pv.reactors) > 3 else "")
        line = f"if they react as expected: {pct(pv.after)}" + (
            f" ({who} move{'s' if len(pv.reactors) == 1 else ''} first, PYR-REACT-1)"
            if pv.reactors
            else " (nobody moves)"
        )
        for ln in fonts.wrap(line, width - 16, px(13, scale))[:2]:
            rows.append(fonts.text(ln, px(13, scale), (150, 230, 150)))
    if pv.stake:
        away = len(pv.stake) - len(pv.fighting)
        line = (
            f"If this round is lost and you withdraw: {len(pv.stake)} of your figures fall back up to 4 in"
            f"{' ' + pv.toward if pv.toward else ''}"
            + (f", {away} of them not in the fight (ringed)" if away else "")
            + " (PYR-WIN-3/4)"
        )
        for ln in fonts.wrap(line, width - 16, px(12, scale))[:3]:
            rows.append(fonts.text(ln, px(12, scale), (255, 200, 120)))
    if pv.morale is not None:
        line = (
            f"If the round is lost with a figure: the party tests morale, a d6 passing on {pv.morale_needs or 4}"
            f" or less — {pct(pv.morale)} (PYR-MOR-1/2)"
        )
        for ln in fonts.wrap(line, width - 16, px(12, scale))[:2]:
            rows.append(fonts.text(ln, px(12, scale), (255, 200, 120)))
    rows.append(fonts.text("PYR-MQ-7 · PYR-DICE-1 · PYR-DMG-1 · PYR-WIN-1 — click to charge", px(10, scale), DIM))
    return _frame(rows, width)


def shot_card(pv: ShotPreview, names: dict[str, str], width: int = 300, scale: float = 1.0) -> pygame.Surface:
    """A shot's odds, laid out for 1280×800 and grown ``scale`` times (fonts.ui_scale)."""
    width = px(width, scale)
    rows = [
        fonts.text(
            f"Shoot: {names.get(pv.shooter, pv.shooter)} → {names.get(pv.target, pv.target)}",
            px(15, scale),
            (255, 220, 140),
            True,
        )
    ]
    if pv.error:
        rows.append(fonts.text(pv.error, px(13, scale), (255, 140, 130)))
        return _frame(rows, width)
    if pv.weapon:
        rows.append(fonts.text(f"with {pv.weapon.replace('_', ' ')}", px(12, scale), DIM))
    hit = pv.hit if pv.hit is not None else Fraction(0)
    rows.append(
        fonts.text(
            f"to hit: {pct(hit)}", px(20, scale), (150, 230, 150) if hit >= Fraction(1, 2) else (255, 210, 90), True
        )
    )
    need = f"d20 ≤ {pv.target_number}" if pv.target_number else "no natural roll hits"
    rows.append(fonts.text(f"{need} · {pv.distance:.1f} in", px(13, scale), TEXT))
    rows.append(fonts.text(f"cover: {pv.cover or 'none'}", px(13, scale), (255, 210, 90) if pv.cover else TEXT))
    rows.append(fonts.text(f"{pv.rule} · RNG-COVER-1 — click to shoot", px(10, scale), DIM))
    return _frame(rows, width)


def _frame(rows: list[pygame.Surface], width: int) -> pygame.Surface:
    h = sum(r.get_height() + 3 for r in rows) + 14
    w = max(width, max(r.get_width() for r in rows) + 16)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((*BG, 236))
    pygame.draw.rect(s, EDGE, s.get_rect(), 1)
    y = 7
    for r in rows:
        s.blit(r, (8, y))
        y += r.get_height() + 3
    return s


class CardCache:
    """The last few rendered cards, keyed by the preview object they show."""

    def __init__(self):
        self._cards: dict = {}

    def get(self, pv, names, scale: float = 1.0) -> pygame.Surface:
        key = (id(pv), scale)
        hit = self._cards.get(key)
        if hit is not None and hit[0] is pv:
            return hit[1]
        make = charge_card if isinstance(pv, ChargePreview) else shot_card
        card = make(pv, names, scale=scale)
        if len(self._cards) >= KEEP:
            self._cards.pop(next(iter(self._cards)))
        self._cards[key] = (pv, card)
        return card


def stack_cards(
    sizes: list[tuple[int, int]], anchor: tuple[int, int], bounds: pygame.Rect, gap: int = 4
) -> list[pygame.Rect]:
    """Where to put preview cards near the mouse so that none overlaps another and all stay inside
    ``bounds``: one column right of the anchor (left of it if there is no room), moved up as a
    whole when it would run off the bottom; a second column beside the first when one is too tall."""
    mx, my = anchor
    cols: list[list[int]] = [[]]
    h = 0
    for i, (_, ch) in enumerate(sizes):
        if cols[-1] and h + ch > bounds.h:
            cols.append([])
            h = 0
        cols[-1].append(i)
        h += ch + gap
    out: list[pygame.Rect | None] = [None] * len(sizes)
    x_right = mx + 18
    x_left = mx - 18
    for col in cols:
        if not col:  # no cards to place (an empty preview)
            continue
        w = max(sizes[i][0] for i in col)
        total = sum(sizes[i][1] for i in col) + gap * (len(col) - 1)
        top = max(bounds.top, min(my + 18, bounds.bottom - total))
        if x_right + w <= bounds.right:
            x, x_right = x_right, x_right + w + gap
        else:
            x_left -= w
            x, x_left = max(bounds.left, x_left), x_left - gap
        y = top
        for i in col:
            out[i] = pygame.Rect(x, y, *sizes[i])
            y += sizes[i][1] + gap
    placed = [r for r in out if r is not None]
    assert len(placed) == len(out), "every card has a place"
    return placed
