"""The objective bar: "Turn 3/15" and what wins the scenario for each side, always on screen (a thin
strip across the top of the map), read from the scenario's victory conditions and the match state."""

from __future__ import annotations

import pygame

from ..rules.victory import place_words
from . import fonts

BG = (14, 15, 20, 215)
TURN = (240, 214, 140)
TEXT = (226, 222, 210)


def goal(match, c) -> str:
    """One victory condition in a player's words."""
    st = match.state
    foes = " and ".join(st.side(s).name for s in st.enemies_of(c.side)) or "the enemy"
    if c.type == "rout":
        return f"rout {foes}" + (f" (down to {round(c.below * 100)}%)" if c.below else "")
    if c.type == "strike_colours":
        return f"make {foes} strike their colours"
    if c.type == "capture":
        f = st.figures.get(c.figure)
        return f"capture or cut down {f.name if f else c.figure.replace('_', ' ')}"
    if c.type == "hold_zone":
        held = match.ruleset.observe(st, c.side).holds.get(f"{c.side}:{c.zone}")  # the victory book's key
        turns = f" for {c.turns} turn{'s' if c.turns != 1 else ''}" if c.turns > 1 else ""
        so_far = f", held {held}" if isinstance(held, int) and held else ""
        return f"hold {place_words(c.zone)}{turns}{so_far}"
    if c.type == "reach_zone":
        n = f"{c.count} figure{'s' if c.count != 1 else ''}"
        return f"get {n} to {place_words(c.zone)}"
    if c.type == "turn_limit":
        return f"hold out to turn {match.scenario.turn_limit}"
    if c.type == "points":
        return f"at turn {match.scenario.turn_limit}, keep more of your crew standing"
    return c.type.replace("_", " ")


def objectives(match) -> list[tuple[str, str]]:
    """(side name, its goals joined) for every side, in roster order."""
    out = []
    for s in match.state.sides:
        goals = [goal(match, c) for c in match.scenario.victory if c.side == s.id]
        out.append((s.name, "; ".join(goals) if goals else "outlast the enemy"))
    return out


def turn_text(match) -> str:
    return f"Turn {max(1, match.state.turn)}/{match.scenario.turn_limit}"


def bar_text(match) -> str:
    return f"{turn_text(match)} · " + " · ".join(f"{n}: {g}" for n, g in objectives(match))


def _size(window) -> int:
    return fonts.scaled(13, window)


def _lines(match, width: int, size: int, humans=(), solo: bool = False, ai_levels=None) -> list[str]:
    """Each side's goals whole ("hold out to turn 15" must keep its number): a side starts a
    line of its own and wraps onto as many lines as it needs."""
    st = match.state
    parts = []
    ai_levels = ai_levels or {}
    for (name, g), s in zip(objectives(match), st.sides):
        # the AI's level stands beside its side during play
        you = " (you)" if solo and s.id in humans else f" (AI {ai_levels[s.id]})" if s.id in ai_levels else ""
        parts.append(f"{name}{you}, {len(st.in_play(s.id))} in play: {g}")
    width = max(100, width)
    one = fonts.wrap(" · ".join(parts), width, size)
    if len(one) == 1:
        return one
    return [line for part in parts for line in fonts.wrap(part, width, size)]


def _text_x(match, size: int, style=True) -> int:
    """Where the goals start: after the turn and the sides' glyphs."""
    x = 16 + fonts.font(size + 1, True).size(turn_text(match))[0]
    if style:
        x += fonts.font(size).get_linesize() * len(match.state.sides) + 6  # glyphs: (line_h - 2) px + 2 apart
    return x


def bar_height(
    match, window: tuple[int, int], width: int, cards: bool = False, humans=(), solo: bool = False, ai_levels=None
) -> int:
    """The strip's height for this window: every line of the objectives, and the cards line."""
    size = _size(window)
    line_h = fonts.font(size).get_linesize()
    n = max(1, len(_lines(match, width - _text_x(match, size) - 8, size, humans, solo, ai_levels)))
    return line_h * (n + (1 if cards else 0)) + 8


def draw_objective_bar(
    dst: pygame.Surface,
    rect: pygame.Rect,
    match,
    *,
    style=None,
    humans=(),
    solo: bool = False,
    cards: list[str] | None = None,
    ai_levels=None,
) -> None:
    """The strip ``rect`` (above the map): the turn, then each side's glyph, count and goal, and the
    chance cards of the player at the screen on their own line. Rendered once per decision: a frame
    blits the cached strip."""
    key = (
        rect.size,
        dst.get_size(),
        id(match),
        len(match.log),
        len(match.decisions),
        tuple(cards or ()),
        tuple(sorted(humans)),
        solo,
        id(style),
        tuple(sorted((ai_levels or {}).items())),
    )
    if _CACHE.get("key") != key:
        strip = pygame.Surface(rect.size)
        _render(strip, strip.get_rect(), match, style, humans, solo, cards, _size(dst.get_size()), ai_levels)
        _CACHE.update(key=key, strip=strip)
    dst.blit(_CACHE["strip"], rect)


_CACHE: dict = {}


def _render(dst, rect, match, style, humans, solo, cards, size, ai_levels=None) -> None:
    line_h = fonts.font(size).get_linesize()
    old = dst.get_clip()
    dst.set_clip(rect)
    dst.fill(BG[:3], rect)
    pygame.draw.line(dst, (70, 66, 52), (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 1)
    turn = fonts.font(size + 1, True).render(turn_text(match), True, TURN)
    dst.blit(turn, (rect.x + 8, rect.y + 4))
    x = rect.x + 16 + turn.get_width()
    if style is not None:  # the sides' glyphs, in the same colours and shapes as their bases
        from .figures_render import base_sprite

        for s in match.state.sides:
            spr = base_sprite(tuple(s.colour), style.shape.get(s.id, "circle"), line_h - 4)
            dst.blit(spr, (x, rect.y + 5))
            x += spr.get_width() + 2
    x = rect.x + _text_x(match, size, style is not None)  # where bar_height measured the lines from
    for i, line in enumerate(_lines(match, rect.right - x - 8, size, humans, solo, ai_levels)):
        # rendered directly, not through fonts.text: the strip is cached, and long one-off lines would
        # fill the shared text cache (its slots are counted, not their bytes)
        dst.blit(fonts.render(line, size, TEXT), (x, rect.y + 4 + i * line_h))
    if cards:
        y = rect.bottom - line_h - 3
        dst.blit(fonts.render("Your cards: " + " · ".join(cards), size, (240, 214, 140)), (x, y))
    dst.set_clip(old)
