"""The figure card: what a player needs to know of one figure, read from the match's state as the
viewer may see it and from the table (name, rank, weapon and its class, loaded, the system's own rows
from its ruleset — the Pyrates Mêlée Quota now and save target —, armour, traits, wounds, status;
the side's chance cards only to that side). Pure facts in ``card_lines``; ``draw_card`` places the
card beside the figure, inside the map, never over the side panel."""

from __future__ import annotations

import pygame

from . import fonts

BG = (26, 27, 34, 235)
EDGE = (201, 162, 74)
LABEL = (160, 156, 140)
VALUE = (236, 230, 214)
WEAPON_CLASSES = {"reach": "Reach", "general": "General", "close": "Close"}
RANKS = {"captain": "Captain", "officer": "Officer", "ordinary": "Crew", "noncombatant": "Non-combatant"}
STATUS = {
    "unwounded": "Unhurt",
    "wounded": "Wounded",
    "knocked_down": "Knocked down",
    "disarmed": "Disarmed",
    "captive": "Captive",
    "fled": "Fled",
}


def _v(x) -> str:
    return str(getattr(x, "value", x))


def engaged_enemies(match, fid: str) -> list[str]:
    st = match.state
    f = st.figures.get(fid)
    if f is None or not f.in_play:
        return []
    try:
        near = match.table.contacts(fid)
    except (KeyError, AttributeError):
        return []
    return [o for o in near if o in st.figures and st.figures[o].side != f.side and st.figures[o].in_play]


def card_lines(match, fid: str, viewer: str | None = None) -> list[tuple[str, str]]:
    """(label, value) rows of the figure card; the first row is the name.

    Read from the match's state as ``viewer`` sees it (``Ruleset.public_view``): only the viewer's
    own chance cards can reach the card, and none when nobody is at the screen (``viewer`` None).
    The rows a system adds (the Pyrates Mêlée Quota and save) are its ruleset's ``figure_rows``."""
    ruleset = match.ruleset
    st = ruleset.public_view(match.state, viewer if viewer is not None else "")
    f = st.figures[fid]
    side = st.side(f.side)
    rows = [("", f.name), ("Side", side.name)]
    if f.cv:
        rows += [("Combat value", str(f.cv)), ("Quality", str(f.qv))]
    else:
        rows.append(("Rank", RANKS.get(_v(f.rank), _v(f.rank).title())))
        cls = WEAPON_CLASSES.get(_v(f.melee_class), _v(f.melee_class))
        weapon = f"{f.melee_weapon.replace('_', ' ')} ({cls})"
        if f.offhand is not None:
            weapon += f" + off-hand ({WEAPON_CLASSES.get(_v(f.offhand), _v(f.offhand))})"
        rows.append(("Weapon", weapon))
        if f.missile:
            rows.append(("Missile", f.missile.replace("_", " ") + (" · loaded" if f.loaded else " · not loaded")))
        if f.thrown:
            rows.append(("Thrown", "knife"))
        rows += ruleset.figure_rows(st, match.table, fid)
        rows.append(("Attack / defence", f"{f.av} / {f.dv}"))
        rows.append(("Armour", "armoured" if f.armoured else "none"))
    traits = sorted(t.replace("_", " ") for t in f.traits)
    if traits:
        rows.append(("Traits", ", ".join(traits)))
    rows.append(("Wounds", f"{f.wounds} of {f.max_wounds}"))
    status = STATUS.get(_v(f.status), _v(f.status))
    foes = engaged_enemies(match, fid)
    if foes:
        status += " · engaged with " + ", ".join(st.figures[o].name for o in foes[:3])
        try:
            if match.table.surrounded(fid, foes):
                status += " · SURROUNDED"
        except (KeyError, AttributeError, ValueError):
            pass
    rows.append(("Status", status))
    rows.append(("Stands", {"rigging": "in the rigging", "hold": "in the hold"}.get(f.level, "on the deck")))
    if viewer is not None and viewer == f.side:
        cards = ruleset.observe(st, f.side).hand
        if cards:
            rows.append(("Your cards", ", ".join(ruleset.term("card", c) for c in cards)))
    return rows


def render_card(rows: list[tuple[str, str]], size: int, max_w: int) -> pygame.Surface:
    pad = max(6, size // 2)
    body = fonts.font(size)
    lab_w = max(body.size(lab)[0] for lab, _ in rows if lab) + pad
    lines: list[tuple[pygame.Surface, pygame.Surface | None]] = []
    for lab, val in rows:
        if not lab:
            lines.append((fonts.render(val, size + 3, EDGE, True), None))
            continue
        for i, part in enumerate(fonts.wrap(val, max(80, max_w - lab_w - 2 * pad), size)):
            lines.append((fonts.render(part, size, VALUE), body.render(lab, True, LABEL) if i == 0 else None))
    w = min(
        max_w, max(s.get_width() + (0 if lab_s is None and s is lines[0][0] else lab_w) for s, lab_s in lines) + 2 * pad
    )
    h = sum(s.get_height() for s, _ in lines) + 2 * pad
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, BG, surf.get_rect(), border_radius=6)
    pygame.draw.rect(surf, EDGE, surf.get_rect(), 2, border_radius=6)
    y = pad
    for k, (s, lab_s) in enumerate(lines):
        if k == 0:
            surf.blit(s, (pad, y))
        else:
            if lab_s is not None:
                surf.blit(lab_s, (pad, y))
            surf.blit(s, (pad + lab_w, y))
        y += s.get_height()
    return surf


def place(card: pygame.Rect, anchor: tuple[int, int], bounds: pygame.Rect, gap: int = 10) -> pygame.Rect:
    """In the top corner of ``bounds`` away from the figure (so the card never hides the figure or
    the fight around it); beside it when the map is too small for a corner to be clear."""
    r = card.copy()
    r.top = bounds.top + gap
    if anchor[0] < bounds.centerx:
        r.right = bounds.right - gap
    else:
        r.left = bounds.left + gap
    if r.collidepoint(anchor):
        r.top = bounds.bottom - gap - r.h
    return r.clamp(bounds)


_CACHE: dict = {}


def draw_card(
    dst: pygame.Surface, match, fid: str, anchor: tuple[int, int], bounds: pygame.Rect, viewer: str | None = None
) -> pygame.Rect | None:
    """Draw the card of ``fid`` beside ``anchor`` inside ``bounds``; returns where it went."""
    if fid not in match.state.figures:
        return None
    size = fonts.scaled(13, dst.get_size()) if hasattr(fonts, "scaled") else 13
    key = (fid, len(match.log), len(match.decisions), viewer, size, bounds.w)
    surf = _CACHE.get(key)
    if surf is None:
        _CACHE.clear()  # one card at a time: the cache only saves re-rendering it every frame
        surf = render_card(card_lines(match, fid, viewer), size, max(220, min(bounds.w // 2, size * 34)))
        _CACHE[key] = surf
    r = place(surf.get_rect(), anchor, bounds)
    dst.blit(surf, r)
    return r
