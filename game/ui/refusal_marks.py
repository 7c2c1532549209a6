"""The things a refusal names, outlined on the table while the refused spot or enemy is hovered:
a figure gets a bold ring, an obstacle its own outline, a ladder or shroud the line between its ends.
Drawn in a dashed warning pattern (not only a colour) so that it reads without the hue."""

from __future__ import annotations

import pygame

from .input_modes import dashed_line

WARN = (255, 90, 200)


def outline_things(dst, cam, match, things) -> None:
    st = match.state
    obstacles = {o.id: o for o in getattr(match.table.map, "obstacles", ())}
    links = {k.id: k for k in match.table.map.links}
    for t in things:
        if t.kind == "figure" and t.id in st.figures:
            f = st.figures[t.id]
            c = cam.to_screen(f.x, f.y)
            r = max(6, int((f.radius + 0.15) * cam.ppi))
            pygame.draw.circle(dst, (0, 0, 0), c, r + 1, 5)
            pygame.draw.circle(dst, WARN, c, r, 3)
            pygame.draw.line(dst, WARN, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 2)
        elif t.kind == "obstacle" and t.id in obstacles:
            pts = [cam.to_screen(x, y) for x, y in obstacles[t.id].outline()]
            closed = obstacles[t.id].shape != "polyline"
            seq = pts + ([pts[0]] if closed and pts else [])
            for a, b in zip(seq, seq[1:]):
                dashed_line(dst, (0, 0, 0), a, b, 6, 8)
                dashed_line(dst, WARN, a, b, 3, 8)
        elif t.kind == "link" and t.id in links:
            lk = links[t.id]
            a, b = cam.to_screen(*lk.a), cam.to_screen(*lk.b)
            dashed_line(dst, (0, 0, 0), a, b, 6, 8)
            dashed_line(dst, WARN, a, b, 3, 8)
