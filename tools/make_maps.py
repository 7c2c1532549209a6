#!/usr/bin/env python3
"""Generate the game's Tiled maps (maps/*.tmx) reproducibly from geometry written here in inches.

    tools/make_maps.py [NAME ...]      # boarding_action forest_clearing harbour_tavern cutting_out
                                       # fire_in_the_hold duel_on_the_quarterdeck (default: all)

Each map: 32 px per inch, one tile per inch, tile layers ``ground`` and ``details`` (CSV) using the
external tileset maps/boarders.tsx (tools/make_tileset.py), object layers ``zones``, ``obstacles``,
``links``, ``deployment`` as documented in maps/README.md. The files are plain Tiled 1.10 XML.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Sequence
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

from make_tileset import TILE  # noqa: E402

from game.table.geometry import point_in_polygon  # noqa: E402

PX = 32  # pixels per inch = tile size
#: property → (Tiled enum type in maps/boarders.tiled-project, its values); the loader's own default first
ENUMS = {
    "terrain": ("Terrain", ["open", "tough", "impassable"]),
    "cover": ("Cover", ["none", "soft", "hard"]),
    "kind": ("ObstacleKind", ["single", "linear"]),
    "level": ("Level", ["deck", "hold", "rigging"]),
    "from": ("Level", ["deck", "hold", "rigging"]),
    "to": ("Level", ["deck", "hold", "rigging"]),
}
Pt = tuple[float, float]


def rect(x: float, y: float, w: float, h: float) -> list[Pt]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def complement(width: float, height: float, holes: Sequence[Sequence[Pt]]) -> list[list[Pt]]:
    """The table rectangle minus convex holes, as trapezoids (horizontal bands between the holes'
    vertex heights; inside a band each hole spans a linearly varying interval)."""
    ys = sorted({0.0, height} | {y for h in holes for _, y in h if 0 < y < height})

    def span(hole, y):
        xs = []
        n = len(hole)
        for i in range(n):
            (ax, ay), (bx, by) = hole[i], hole[(i + 1) % n]
            if min(ay, by) <= y <= max(ay, by):
                if ay == by:
                    xs += [ax, bx]
                else:
                    xs.append(ax + (y - ay) * (bx - ax) / (by - ay))
        return (min(xs), max(xs)) if xs else None

    out = []
    for y0, y1 in zip(ys, ys[1:]):
        ym = (y0 + y1) / 2
        active = [h for h in holes if span(h, ym)]
        active.sort(key=lambda h: span(h, ym)[0])
        # merge touching/overlapping holes into runs
        runs: list[list] = []
        for h in active:
            lo, hi = span(h, ym)
            if runs and lo <= runs[-1][1] + 1e-9:
                runs[-1][1] = max(runs[-1][1], hi)
                runs[-1][2].append(h)
            else:
                runs.append([lo, hi, [h]])

        def edge(hs, y, left):
            vals = []
            for h in hs:
                # clamp y into the hole's extent so the edge at the band boundary is defined
                hy0, hy1 = min(p[1] for p in h), max(p[1] for p in h)
                s = span(h, min(max(y, hy0), hy1))
                vals.append(s[0] if left else s[1])
            return min(vals) if left else max(vals)

        left_x0 = left_x1 = 0.0
        for _lo, _hi, hs in runs:
            r0, r1 = edge(hs, y0, True), edge(hs, y1, True)
            poly = [(left_x0, y0), (r0, y0), (r1, y1), (left_x1, y1)]
            out.append(poly)
            left_x0, left_x1 = edge(hs, y0, False), edge(hs, y1, False)
        out.append([(left_x0, y0), (width, y0), (width, y1), (left_x1, y1)])
    clean = []
    for poly in out:
        pts: list[Pt] = []
        for p in poly:
            p = (round(p[0], 4), round(p[1], 4))
            if not pts or pts[-1] != p:
                pts.append(p)
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) >= 3 and abs(_area(pts)) > 1e-6:
            clean.append(pts)
    return clean


def _area(pts):
    return (
        sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1] for i in range(len(pts)))
        / 2
    )


class TmxMap:
    """A Tiled map being written: tile layers by tile name, object layers in inches."""

    def __init__(self, name: str, width: int, height: int, title: str):
        self.name, self.w, self.h, self.title = name, width, height, title
        self.ground = [["water"] * width for _ in range(height)]
        self.details: list[list[str | None]] = [[None] * width for _ in range(height)]
        self.layers: dict[str, list[str]] = {"zones": [], "obstacles": [], "links": [], "deployment": [], "sectors": []}
        self.next_id = 1
        self.classes: dict[str, set[str]] = {}

    # -- tiles ----------------------------------------------------------------------------------
    def paint(self, poly: Sequence[Pt], tile: str | Callable[[int, int], str], layer: str = "ground") -> None:
        grid = self.ground if layer == "ground" else self.details
        for r in range(self.h):
            for c in range(self.w):
                if point_in_polygon(c + 0.5, r + 0.5, poly):
                    grid[r][c] = tile(c, r) if callable(tile) else tile

    def put(self, x: float, y: float, tile: str) -> None:
        """Detail tile at the tile holding (x, y) inches."""
        self.details[int(y)][int(x)] = tile

    # -- objects --------------------------------------------------------------------------------
    def _props(self, props: dict) -> str:
        if not props:
            return ""
        lines = []
        for k, v in props.items():
            if k in ENUMS:
                lines.append(
                    f'   <property name="{k}" type="string" propertytype="{ENUMS[k][0]}" value={quoteattr(str(v))}/>'
                )
            elif isinstance(v, bool):
                lines.append(f'   <property name="{k}" type="bool" value="{str(v).lower()}"/>')
            elif isinstance(v, (int, float)):
                lines.append(f'   <property name="{k}" type="float" value="{v:g}"/>')
            else:
                lines.append(f'   <property name="{k}" value={quoteattr(str(v))}/>')
        return "  <properties>\n" + "\n".join(lines) + "\n  </properties>\n"

    def _obj(
        self,
        layer: str,
        name: str,
        cls: str,
        x: float,
        y: float,
        body: str,
        props: dict,
        w: float | None = None,
        h: float | None = None,
    ) -> None:
        oid = self.next_id
        self.next_id += 1
        size = f' width="{w * PX:g}" height="{h * PX:g}"' if w is not None and h is not None else ""
        # both spellings: Tiled >= 1.9 reads ``class``, Tiled 1.8 only ``type`` (and would drop ``class``)
        cl = f" type={quoteattr(cls)} class={quoteattr(cls)}" if cls else ""
        if cls:
            self.classes.setdefault(layer, set()).add(cls)
        self.layers[layer].append(
            f' <object id="{oid}" name={quoteattr(name)}{cl} x="{x * PX:g}" y="{y * PX:g}"{size}>\n'
            f"{self._props(props)}{body}  </object>\n"
            if (props or body)
            else f' <object id="{oid}" name={quoteattr(name)}{cl} x="{x * PX:g}" y="{y * PX:g}"{size}/>\n'
        )

    def polygon(self, layer: str, name: str, pts: Sequence[Pt], cls: str = "", **props) -> None:
        x0, y0 = pts[0]
        rel = " ".join(f"{(x - x0) * PX:g},{(y - y0) * PX:g}" for x, y in pts)
        self._obj(layer, name, cls, x0, y0, f'  <polygon points="{rel}"/>\n', props)

    def rectangle(self, layer: str, name: str, x: float, y: float, w: float, h: float, cls: str = "", **props):
        self._obj(layer, name, cls, x, y, "", props, w, h)

    def polyline(self, layer: str, name: str, pts: Sequence[Pt], cls: str = "", **props) -> None:
        x0, y0 = pts[0]
        rel = " ".join(f"{(x - x0) * PX:g},{(y - y0) * PX:g}" for x, y in pts)
        self._obj(layer, name, cls, x0, y0, f'  <polyline points="{rel}"/>\n', props)

    def ellipse(self, layer: str, name: str, cx: float, cy: float, r: float, cls: str = "", **props) -> None:
        self._obj(layer, name, cls, cx - r, cy - r, "  <ellipse/>\n", props, 2 * r, 2 * r)

    def point(self, layer: str, name: str, x: float, y: float, cls: str = "", **props) -> None:
        self._obj(layer, name, cls, x, y, "  <point/>\n", props)

    # convenience for obstacles
    def barrel(self, x, y, r=0.42):
        self.ellipse(
            "obstacles", "barrel", x, y, r, "barrel", kind="single", cover="hard", standable=True, elevation=1.2
        )
        self.put(x, y, "barrel")

    def crate(self, x, y, w=1.0, h=1.0, level="deck"):
        props = dict(kind="single", cover="hard", standable=True, elevation=1.2)
        if level != "deck":
            props["level"] = level
        self.rectangle("obstacles", "crate", x, y, w, h, "crate", **props)
        if level == "deck":
            for cx in range(int(x), int(math.ceil(x + w - 1e-9))):
                for cy in range(int(y), int(math.ceil(y + h - 1e-9))):
                    self.details[cy][cx] = "crate"

    # -- output ---------------------------------------------------------------------------------
    def _csv(self, grid) -> str:
        rows = []
        for row in grid:
            rows.append(",".join(str(0 if t is None else TILE[t] + 1) for t in row))
        return ",\n".join(rows)

    def write(self, path: str) -> None:
        groups = []
        lid = 3
        for lname in ("zones", "obstacles", "links", "deployment", "sectors"):
            objs = self.layers[lname]
            if lname == "sectors" and not objs:
                continue
            colour = {
                "zones": "#3fa9f5",
                "obstacles": "#e74c3c",
                "links": "#f1c40f",
                "deployment": "#2ecc71",
                "sectors": "#9b59b6",
            }[lname]
            groups.append(
                f' <objectgroup id="{lid}" name="{lname}" color="{colour}">\n' + "".join(objs) + " </objectgroup>\n"
            )
            lid += 1
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{self.w}" height="{self.h}" tilewidth="{PX}" tileheight="{PX}" infinite="0" '
            f'nextlayerid="{lid}" nextobjectid="{self.next_id}">\n'
            " <properties>\n"
            f'  <property name="inch" type="float" value="{PX}"/>\n'
            f'  <property name="title" value={quoteattr(self.title)}/>\n'
            " </properties>\n"
            ' <tileset firstgid="1" source="boarders.tsx"/>\n'
            f' <layer id="1" name="ground" width="{self.w}" height="{self.h}">\n'
            f'  <data encoding="csv">\n{self._csv(self.ground)}\n</data>\n </layer>\n'
            f' <layer id="2" name="details" width="{self.w}" height="{self.h}">\n'
            f'  <data encoding="csv">\n{self._csv(self.details)}\n</data>\n </layer>\n' + "".join(groups) + "</map>\n"
        )
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def _rail(m: TmxMap, name: str, pts: Sequence[Pt], **extra) -> None:
    m.polyline(
        "obstacles",
        name,
        pts,
        "rail",
        kind="linear",
        cover="soft",
        standable=True,
        elevation=1.0,
        thickness=0.25,
        **extra,
    )


def _edge_tiles(m: TmxMap, hull: Sequence[Pt], tile: str) -> None:
    for r in range(m.h):
        for c in range(m.w):
            x, y = c + 0.5, r + 0.5
            if point_in_polygon(x, y, hull) and dist_point_polygon_edge(x, y, hull) < 0.75:
                m.ground[r][c] = tile


def dist_point_polygon_edge(x, y, pts):
    from game.table.geometry import dist_point_segment

    return min(dist_point_segment(x, y, pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


# ----------------------------------------------------------------------------------------------
def boarding_action() -> TmxMap:
    """A merchantman (north) and a pirate sloop (south) grappled side by side, 48×32 in."""
    m = TmxMap("boarding_action", 48, 32, "Boarders Away!")
    merchant = [(4, 4), (34, 4), (43, 9.5), (34, 15), (4, 15)]
    sloop = [(8, 16), (33, 16), (40, 20), (33, 24), (8, 24)]
    planks = [rect(13, 15, 2, 1), rect(25, 15, 2, 1)]
    quarterdeck = rect(4, 4, 8, 11)
    # picture
    m.paint(merchant, "planks")
    m.paint(quarterdeck, "planks_dark")
    m.paint(sloop, "planks")
    _edge_tiles(m, merchant, "hull")
    _edge_tiles(m, sloop, "hull")
    for p in planks:
        m.paint(p, "pier")
    for r in range(m.h):
        for c in range(m.w):
            if m.ground[r][c] == "water" and (c * 7 + r * 3) % 5 == 0:
                m.ground[r][c] = "water2"
    # zones: sea = table minus hulls and planks
    for poly in complement(48, 32, [merchant, sloop, *planks]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "merchant_deck", merchant, "deck", ship="merchant")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="merchant", advantageous=True)
    m.rectangle("zones", "colours", 4.3, 8.0, 1.7, 3.0, "deck", ship="merchant", advantageous=True)
    m.polygon("zones", "sloop_deck", sloop, "deck", ship="sloop")
    for i, p in enumerate(planks):
        m.polygon("zones", f"gangplank_{i + 1}", p, "plank", terrain="tough")
    m.rectangle(
        "zones", "merchant_hold", 13, 5, 20, 9, "hold", level="hold", close_quarters=True, ship="merchant", cover="soft"
    )
    m.rectangle(
        "zones", "sloop_hold", 14, 17, 15, 6, "hold", level="hold", close_quarters=True, ship="sloop", cover="soft"
    )
    masts = [
        ("mizzen", 8.5, 9.5, 4, 15, "merchant"),
        ("mainmast", 24.5, 9.5, 4, 15, "merchant"),
        ("foremast", 33.5, 9.5, 4, 15, "merchant"),
        ("sloop_mast", 23.5, 20.5, 16, 24, "sloop"),
    ]
    for name, mx, my, top, bottom, ship in masts:
        m.rectangle(
            "zones",
            f"{name}_rigging",
            mx - 0.8,
            top + 1,
            1.6,
            bottom - top - 2,
            "rigging",
            level="rigging",
            rigging=True,
            close_quarters=True,
            terrain="tough",
            elevation=8.0,
            ship=ship,
        )
        for r in range(top + 1, bottom - 1):
            if m.details[r][int(mx)] is None:
                m.details[r][int(mx)] = "rigging"
        m.ellipse("obstacles", name, mx, my, 0.45, "mast", kind="single", cover="hard", blocks_los=True, elevation=8.0)
        m.put(mx, my, "mast")
        for fy, ty in ((top + 1.0, top + 1.8), (bottom - 1.0, bottom - 1.8)):
            m.polyline("links", f"{name}_shrouds", [(mx, fy), (mx, ty)], "shroud", to="rigging", cost=2.0)
    # rails with gaps at the gangplanks
    _rail(m, "merchant_rail", [(13, 15), (4, 15), (4, 4), (34, 4), (43, 9.5), (34, 15), (27, 15)])
    _rail(m, "merchant_waist_rail", [(15, 15), (25, 15)])
    _rail(m, "sloop_rail", [(13, 16), (8, 16), (8, 24), (33, 24), (40, 20), (33, 16), (27, 16)])
    _rail(m, "sloop_waist_rail", [(15, 16), (25, 16)])
    # quarterdeck break with two ladders
    m.polyline(
        "obstacles",
        "quarterdeck_break",
        [(12, 4.1), (12, 14.9)],
        "break",
        kind="linear",
        cover="soft",
        elevation=1.5,
        thickness=0.3,
    )
    for ly in (6.0, 13.0):
        m.polyline("links", "quarterdeck_ladder", [(12.8, ly), (11.2, ly)], "ladder", cost=1.0)
        m.put(12.5, ly, "ladder")
    # hatches down to the holds
    for name, hx, hy, _ship in (
        ("main_hatch", 20.5, 9.5, "merchant"),
        ("fore_hatch", 29.5, 9.5, "merchant"),
        ("sloop_hatch", 17.5, 20.5, "sloop"),
    ):
        m.point("links", name, hx, hy, "hatch", to="hold", cost=2.0)
        m.put(hx, hy, "hatch")
    # cover on deck
    for x, y in (
        (18.5, 5.5),
        (19.5, 5.5),
        (31.5, 13.5),
        (37.5, 9.5),
        (6.5, 5.5),
        (11.5, 18.5),
        (30.5, 22.5),
        (35.5, 19.5),
    ):
        m.barrel(x, y)
    for x, y in ((27, 12), (16, 12), (26, 17), (20, 22)):
        m.crate(x, y)
    m.crate(15, 6, 2, 1, level="hold")
    m.crate(30, 11, 1, 2, level="hold")
    m.crate(25, 18, 1, 1, level="hold")
    for x, y, tile in (
        (16, 4.1, "cannon_up"),
        (22, 4.1, "cannon_up"),
        (29, 4.1, "cannon_up"),
        (13, 22.9, "cannon_down"),
        (27, 22.9, "cannon_down"),
    ):
        m.rectangle(
            "obstacles", "cannon", x + 0.15, y + 0.15, 0.7, 0.8, "cannon", kind="single", cover="hard", elevation=1.0
        )
        m.put(x + 0.5, y + 0.5, tile)
    # deployment
    m.rectangle("deployment", "merchants", 4.5, 4.5, 28.5, 10.0, "deployment", side="merchants")
    m.rectangle("deployment", "pirates", 8.5, 16.5, 24.0, 7.0, "deployment", side="pirates")
    return m


def forest_clearing() -> TmxMap:
    """A clearing in the woods with a settler's fence, rocks and fallen logs, 48×32 in."""
    m = TmxMap("forest_clearing", 48, 32, "The Clearing")
    for r in range(m.h):
        for c in range(m.w):
            m.ground[r][c] = "grass2" if (c * 5 + r * 11) % 7 == 0 else "grass"
    woods: list[tuple[str, list[Pt]]] = [
        ("north_woods", [(0, 0), (20, 0), (17, 5), (9, 8), (0, 7)]),
        ("east_woods", [(30, 0), (48, 0), (48, 12), (41, 14), (34, 8)]),
        ("south_woods", [(10, 32), (14, 25), (24, 23), (30, 27), (32, 32)]),
        ("copse", [(39, 22), (44, 21), (46, 26), (41, 28)]),
    ]
    path = [(0, 16), (14, 14.5), (24, 16), (34, 17.5), (48, 18), (48, 20), (34, 19.5), (24, 18), (14, 16.5), (0, 18)]
    m.paint(path, "dirt")
    m.paint(rect(20, 11, 9, 7), "dirt")
    for name, poly in woods:
        m.polygon("zones", name, poly, "woods", terrain="tough", cover="soft")
        m.paint(poly, "foliage", "details")
    m.polygon("zones", "clearing", [(19, 10), (29, 10), (31, 14), (28, 19), (20, 19), (17, 15)], "clearing")
    m.polygon("zones", "marsh", [(2, 24), (7, 22), (9, 27), (4, 30)], "marsh", terrain="tough")
    m.paint([(2, 24), (7, 22), (9, 27), (4, 30)], "shore")
    # rocks (hard cover, block sight), logs (linear, hard), fence (linear, soft)
    for name, poly in (
        ("rocks", [(22, 6), (24.5, 5.5), (25.5, 7.5), (23, 8.5)]),
        ("rocks", [(36, 22), (38, 21.5), (38.5, 23.5), (36.5, 24)]),
        ("boulder", [(12, 20), (13.6, 19.6), (14, 21.2), (12.4, 21.6)]),
    ):
        m.polygon("obstacles", name, poly, "rocks", kind="single", cover="hard", blocks_los=True, elevation=2.0)
        m.paint(poly, "rocks", "details")
        m.put(sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4, "rocks")
    for name, pts in (("fallen_log", [(16, 21.5), (20, 21.5)]), ("fallen_log", [(27, 8.5), (31, 8.5)])):
        m.polyline("obstacles", name, pts, "log", kind="linear", cover="hard", elevation=0.8, thickness=0.6)
        for k in range(4):
            x, y = (
                pts[0][0] + (pts[1][0] - pts[0][0]) * (k + 0.5) / 4,
                pts[0][1] + (pts[1][1] - pts[0][1]) * (k + 0.5) / 4,
            )
            m.put(x, y, "log")
    fence = [(6, 9.5), (15.5, 9.5), (15.5, 13.5)]
    m.polyline("obstacles", "fence", fence, "fence", kind="linear", cover="soft", elevation=1.0, thickness=0.2)
    for x in range(6, 16):
        m.put(x + 0.5, 9.5, "fence_h")
    for y in range(10, 13):
        m.put(15.5, y + 0.5, "fence_v")
    for x, y in ((26.5, 20.5), (8.5, 12.5), (44.5, 16.5)):
        m.ellipse("obstacles", "bush", x, y, 0.45, "bush", kind="single", cover="soft", elevation=1.0)
        m.put(x, y, "bush")
    m.rectangle("deployment", "rangers", 0.5, 9.5, 5.0, 13.0, "deployment", side="rangers")
    m.rectangle("deployment", "french", 42.5, 14.5, 5.0, 7.0, "deployment", side="french")
    return m


def harbour_tavern() -> TmxMap:
    """The Rusty Anchor tavern, the quay street, a pier and a moored boat, 48×32 in."""
    m = TmxMap("harbour_tavern", 48, 32, "The Rusty Anchor")
    quay_y = 20.0
    pier = rect(28, quay_y, 4, 10)
    boat = [(33, 22), (36, 22), (37.5, 25.5), (36, 30), (33, 30)]
    gangplank = rect(32, 25, 1, 1.5)
    tavern = rect(6, 3, 16, 10)
    for r in range(m.h):
        for c in range(m.w):
            m.ground[r][c] = "cobbles" if r < quay_y else ("water2" if (c * 7 + r * 3) % 5 == 0 else "water")
    m.paint(rect(0, 0, 48, 2), "wall")
    m.paint(tavern, "wood_floor")
    m.paint(rect(26, 3, 12, 8), "wall")
    m.polygon(
        "obstacles",
        "houses",
        rect(0, 0, 48, 2),
        "building",
        kind="single",
        cover="hard",
        blocks_los=True,
        elevation=4.0,
    )
    m.polygon(
        "obstacles",
        "warehouse",
        rect(26, 3, 12, 8),
        "building",
        kind="single",
        cover="hard",
        blocks_los=True,
        elevation=4.0,
    )
    m.paint(pier, "pier")
    m.paint(boat, "planks")
    m.paint(gangplank, "pier")
    for col in range(48):
        m.details[int(quay_y) - 1][col] = None
    # zones
    for poly in complement(48, 32, [rect(0, 0, 48, quay_y), pier, boat, gangplank]):
        m.polygon("zones", "harbour", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "tavern", tavern, "interior", close_quarters=True, structure=True)
    m.polygon("zones", "street", rect(0, 13, 48, quay_y - 13), "street")
    m.polygon("zones", "pier", pier, "pier")
    m.polygon("zones", "boat", boat, "deck", ship="boat")
    m.polygon("zones", "gangplank", gangplank, "plank", terrain="tough")
    # tavern walls (doors: front at x 12..14, side door at y 7..9 on the east wall)
    wall = dict(kind="linear", cover="hard", blocks_los=True, elevation=3.0, thickness=0.4)
    m.polyline("obstacles", "tavern_wall", [(12, 13), (6, 13), (6, 3), (22, 3), (22, 7)], "wall", **wall)
    m.polyline("obstacles", "tavern_wall", [(22, 9), (22, 13), (14, 13)], "wall", **wall)
    for x in range(6, 22):
        for y in (3, 12):
            if not (y == 12 and 12 <= x < 14):
                m.details[y][x] = "wall"
    for y in range(3, 13):
        m.details[y][6] = "wall"
        if not 7 <= y < 9:
            m.details[y][21] = "wall"
    m.put(12.5, 12.5, "door")
    m.put(13.5, 12.5, "door")
    m.rectangle("obstacles", "bar", 8, 5, 1.0, 5.0, "bar", kind="single", cover="hard", standable=True, elevation=1.3)
    for y in range(5, 10):
        m.put(8, y + 0.5, "table")
    for x, y in ((12, 6), (16, 6), (12, 9), (17, 10)):
        m.rectangle(
            "obstacles", "table", x, y, 1.0, 1.0, "table", kind="single", cover="soft", standable=True, elevation=1.0
        )
        m.put(x + 0.5, y + 0.5, "table")
    for bx, by in ((19.5, 4.5), (20.5, 4.5)):
        m.barrel(bx, by)
    # quay: crates, barrels, bollards; warehouse wall
    m.polyline(
        "obstacles",
        "quay_edge",
        [(0, quay_y), (28, quay_y)],
        "quay",
        kind="linear",
        cover="soft",
        elevation=0.5,
        thickness=0.2,
    )
    m.polyline(
        "obstacles",
        "quay_edge",
        [(32, quay_y), (48, quay_y)],
        "quay",
        kind="linear",
        cover="soft",
        elevation=0.5,
        thickness=0.2,
    )
    for x, y in ((8, 16), (9, 16), (8, 17), (40, 15)):
        m.crate(x, y)
    for bx, by in ((24.5, 16.5), (44.5, 17.5), (3.5, 15.5)):
        m.barrel(bx, by)
    for bx in (20.5, 36.5):
        m.ellipse("obstacles", "bollard", bx, quay_y - 0.5, 0.3, "bollard", kind="single", cover="soft", elevation=0.6)
        m.put(bx, quay_y - 0.5, "barrel")
    _rail(m, "gunwale", [(33, 25), (33, 22), (36, 22), (37.5, 25.5), (36, 30), (33, 30), (33, 26.5)])
    m.ellipse("obstacles", "boat_mast", 35, 26, 0.35, "mast", kind="single", cover="hard", elevation=6.0)
    m.put(35, 26, "mast")
    m.rectangle("deployment", "pirates", 9, 5, 12, 7, "deployment", side="pirates")
    # the press gang comes up the street from the west, behind the tavern (balance: was the east end)
    m.rectangle("deployment", "navy", 1.5, 14.0, 6.5, 5.5, "deployment", side="navy")
    return m


# -- issue 9: the boarding scenarios' maps ------------------------------------------------------
def _water_tiles(m: TmxMap) -> None:
    for r in range(m.h):
        for c in range(m.w):
            if m.ground[r][c] == "water" and (c * 7 + r * 3) % 5 == 0:
                m.ground[r][c] = "water2"


def _cannon(m: TmxMap, x: float, y: float, up: bool) -> None:
    m.rectangle(
        "obstacles", "cannon", x + 0.15, y + 0.15, 0.7, 0.8, "cannon", kind="single", cover="hard", elevation=1.0
    )
    m.put(x + 0.5, y + 0.5, "cannon_up" if up else "cannon_down")


def _masts(m: TmxMap, masts, ship: str, width: float = 1.6) -> None:
    """Masts at (name, x, y, top, bottom): a mast obstacle on deck, a rigging zone above it and
    shrouds at both ends (as on boarding_action)."""
    for name, mx, my, top, bottom in masts:
        m.rectangle(
            "zones",
            f"{name}_rigging",
            mx - width / 2,
            top + 1,
            width,
            bottom - top - 2,
            "rigging",
            level="rigging",
            rigging=True,
            close_quarters=True,
            terrain="tough",
            elevation=8.0,
            ship=ship,
        )
        for r in range(int(top) + 1, int(bottom) - 1):
            if m.details[r][int(mx)] is None:
                m.details[r][int(mx)] = "rigging"
        m.ellipse("obstacles", name, mx, my, 0.45, "mast", kind="single", cover="hard", blocks_los=True, elevation=8.0)
        m.put(mx, my, "mast")
        for fy, ty in ((top + 1.0, top + 1.8), (bottom - 1.0, bottom - 1.8)):
            m.polyline("links", f"{name}_shrouds", [(mx, fy), (mx, ty)], "shroud", to="rigging", cost=2.0)


def _hatch(m: TmxMap, name: str, x: float, y: float) -> None:
    m.point("links", name, x, y, "hatch", to="hold", cost=2.0)
    m.put(x, y, "hatch")


def _quarterdeck(m: TmxMap, x: float, top: float, bottom: float, ladders) -> None:
    m.polyline(
        "obstacles",
        "quarterdeck_break",
        [(x, top + 0.1), (x, bottom - 0.1)],
        "break",
        kind="linear",
        cover="soft",
        elevation=1.5,
        thickness=0.3,
    )
    for ly in ladders:
        m.polyline("links", "quarterdeck_ladder", [(x + 0.8, ly), (x - 0.8, ly)], "ladder", cost=1.0)
        m.put(x + 0.5, ly, "ladder")


def _fire(m: TmxMap, x: float, y: float, w: float, h: float, level: str = "deck") -> None:
    """A blaze: walked around, hard to see through (smoke), on one level."""
    props = dict(kind="single", blocks_los=True, elevation=3.0)
    if level != "deck":
        props["level"] = level
    m.rectangle("obstacles", "fire", x, y, w, h, "fire", **props)
    if level == "deck":  # the picture shows the deck; fires below are drawn by the overlay only
        m.paint(rect(x, y, w, h), "dirt")


def cutting_out() -> TmxMap:
    """The Santa Rosa at anchor (hull, quarterdeck, hold, three masts) with the cutters' two boats
    alongside, one under each side; entry ports in her rails at the boats; 48x32 in."""
    m = TmxMap("cutting_out", 48, 32, "Cutting Out")
    hull = [(4, 9), (36, 9), (45, 15), (36, 21), (4, 21)]
    starboard_boat = [(10, 21), (20, 21), (21.5, 23.5), (20, 26), (10, 26)]  # under her south side
    larboard_boat = [(23, 4), (33, 4), (34.5, 6.5), (33, 9), (23, 9)]  # under her north side
    quarterdeck = rect(4, 9, 8, 12)
    m.paint(hull, "planks")
    m.paint(quarterdeck, "planks_dark")
    _edge_tiles(m, hull, "hull")
    for b in (starboard_boat, larboard_boat):
        m.paint(b, "planks")
        _edge_tiles(m, b, "hull")
    _water_tiles(m)
    for poly in complement(48, 32, [hull, starboard_boat, larboard_boat]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "prize_deck", hull, "deck", ship="prize")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="prize", advantageous=True)
    m.rectangle("zones", "colours", 4.3, 13.5, 1.7, 3.0, "deck", ship="prize", advantageous=True)
    m.polygon("zones", "starboard_boat", starboard_boat, "deck", ship="cutter")
    m.polygon("zones", "larboard_boat", larboard_boat, "deck", ship="launch")
    # climbing the side: an entry port (gap in the rail, tough going) at each boat
    m.rectangle("zones", "entry_port", 14, 20.5, 2, 1, "plank", terrain="tough")
    m.rectangle("zones", "entry_port", 27, 8.5, 2, 1, "plank", terrain="tough")
    m.rectangle(
        "zones", "prize_hold", 13, 10, 21, 10, "hold", level="hold", close_quarters=True, ship="prize", cover="soft"
    )
    _masts(m, [("mizzen", 8.5, 15.0, 9, 21), ("mainmast", 24.5, 15.0, 9, 21), ("foremast", 33.5, 15.0, 9, 21)], "prize")
    _rail(m, "prize_rail", [(14, 21), (4, 21), (4, 9), (27, 9)])
    _rail(m, "prize_rail", [(29, 9), (36, 9), (45, 15), (36, 21), (16, 21)])
    _rail(m, "starboard_gunwale", [(10, 21), (10, 26), (20, 26), (21.5, 23.5), (20, 21)])
    _rail(m, "larboard_gunwale", [(23, 9), (23, 4), (33, 4), (34.5, 6.5), (33, 9)])
    _quarterdeck(m, 12, 9, 21, (11.0, 19.0))
    _hatch(m, "main_hatch", 20.5, 15.0)
    _hatch(m, "fore_hatch", 29.5, 15.0)
    for x, y in ((6.5, 10.5), (18.5, 10.5), (31.5, 19.5), (38.5, 15.5), (6.5, 19.5)):
        m.barrel(x, y)
    for x, y in ((16, 16), (26, 12), (36, 14)):
        m.crate(x, y)
    m.crate(15, 11, 2, 1, level="hold")
    m.crate(24, 18, 1, 1, level="hold")
    m.crate(31, 11, 1, 2, level="hold")
    for x in (17, 22, 30):
        _cannon(m, x, 9.1, True)
    for x in (22, 30):
        _cannon(m, x, 19.9, False)
    # deployment: the cutters in their boats, the watch on deck, the watch below in the hold
    m.rectangle("deployment", "cutters", 10.5, 21.5, 9.5, 4.0, "deployment", side="cutters")
    m.rectangle("deployment", "cutters", 23.5, 4.5, 9.5, 4.0, "deployment", side="cutters")
    m.rectangle("deployment", "watch", 4.5, 9.5, 31.0, 11.0, "deployment", side="watch")
    m.rectangle("deployment", "below", 13.5, 10.5, 20.0, 9.0, "deployment", side="below")
    return m


def fire_in_the_hold() -> TmxMap:
    """The pirate ship Revenge ablaze: fires on deck and in her hold, a long hold, three masts with
    rigging, and her two boats alongside amidships (zones named ``boats``); 48x32 in."""
    m = TmxMap("fire_in_the_hold", 48, 32, "Fire in the Hold")
    hull = [(3, 7), (36, 7), (45, 14), (36, 21), (3, 21)]
    longboat = [(17, 21), (27, 21), (28.5, 23.5), (27, 26), (17, 26)]
    jolly_boat = [(19, 3), (26, 3), (27.5, 5), (26, 7), (19, 7)]
    quarterdeck = rect(3, 7, 8, 14)
    m.paint(hull, "planks")
    m.paint(quarterdeck, "planks_dark")
    _edge_tiles(m, hull, "hull")
    for b in (longboat, jolly_boat):
        m.paint(b, "planks")
        _edge_tiles(m, b, "hull")
    _water_tiles(m)
    for poly in complement(48, 32, [hull, longboat, jolly_boat]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "revenge_deck", hull, "deck", ship="revenge")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="revenge", advantageous=True)
    m.polygon("zones", "boats", longboat, "deck", ship="longboat")
    m.polygon("zones", "boats", jolly_boat, "deck", ship="jolly_boat")
    m.rectangle("zones", "entry_port", 21, 20.5, 2, 1, "plank", terrain="tough")
    m.rectangle("zones", "entry_port", 22, 6.5, 2, 1, "plank", terrain="tough")
    m.rectangle(
        "zones", "revenge_hold", 12, 8, 24, 12, "hold", level="hold", close_quarters=True, ship="revenge", cover="soft"
    )
    _masts(
        m, [("mizzen", 7.5, 14.0, 7, 21), ("mainmast", 23.5, 14.0, 7, 21), ("foremast", 33.5, 14.0, 7, 21)], "revenge"
    )
    _rail(m, "revenge_rail", [(21, 21), (3, 21), (3, 7), (22, 7)])
    _rail(m, "revenge_rail", [(24, 7), (36, 7), (45, 14), (36, 21), (23, 21)])
    _rail(m, "longboat_gunwale", [(17, 21), (17, 26), (27, 26), (28.5, 23.5), (27, 21)])
    _rail(m, "jolly_boat_gunwale", [(19, 7), (19, 3), (26, 3), (27.5, 5), (26, 7)])
    _quarterdeck(m, 11, 7, 21, (9.0, 19.0))
    _hatch(m, "after_hatch", 14.5, 14.0)
    _hatch(m, "main_hatch", 21.5, 14.0)
    _hatch(m, "fore_hatch", 30.5, 14.0)
    # the blaze: amidships on deck, and in the hold between the hatches
    _fire(m, 17, 11, 3, 3)
    _fire(m, 26, 14, 3, 3)
    _fire(m, 18, 15, 2, 4, level="hold")
    _fire(m, 26, 9, 2, 4, level="hold")
    for x, y in ((5.5, 8.5), (13.5, 8.5), (31.5, 19.5), (38.5, 14.5)):
        m.barrel(x, y)
    for x, y in ((14, 18), (29, 9)):
        m.crate(x, y)
    m.crate(13, 9, 2, 1, level="hold")
    m.crate(23, 17, 1, 2, level="hold")
    m.crate(32, 18, 2, 1, level="hold")
    for x in (14, 29):
        _cannon(m, x, 7.1, True)
        _cannon(m, x + 2, 19.9, False)
    # deployment: the boarders aft (the way they came), the Revenge's crew forward
    m.rectangle("deployment", "navy", 3.5, 7.5, 12.5, 13.0, "deployment", side="navy")
    m.rectangle("deployment", "pirates", 29.5, 7.5, 8.0, 13.0, "deployment", side="pirates")
    return m


def duel_on_the_quarterdeck() -> TmxMap:
    """A frigate's broad quarterdeck (advantageous, two ladders down to the waist), the waist with
    two masts and hatches, the forecastle; the captains' ground on the quarterdeck, the crews in the
    waist; 48x32 in."""
    m = TmxMap("duel_on_the_quarterdeck", 48, 32, "Duel on the Quarterdeck")
    hull = [(3, 5), (36, 5), (45, 16), (36, 27), (3, 27)]
    quarterdeck = rect(3, 5, 14, 22)
    m.paint(hull, "planks")
    m.paint(quarterdeck, "planks_dark")
    _edge_tiles(m, hull, "hull")
    _water_tiles(m)
    for poly in complement(48, 32, [hull]):
        m.polygon("zones", "sea", poly, "sea", terrain="impassable", water=True)
    m.polygon("zones", "frigate_deck", hull, "deck", ship="frigate")
    m.polygon("zones", "quarterdeck", quarterdeck, "deck", ship="frigate", advantageous=True)
    m.rectangle("zones", "colours", 3.3, 14.5, 1.7, 3.0, "deck", ship="frigate", advantageous=True)
    m.rectangle(
        "zones", "frigate_hold", 18, 7, 18, 18, "hold", level="hold", close_quarters=True, ship="frigate", cover="soft"
    )
    _masts(m, [("mainmast", 24.5, 16.0, 5, 27), ("foremast", 35.5, 16.0, 5, 27)], "frigate")
    _rail(m, "frigate_rail", [(3, 5), (36, 5), (45, 16), (36, 27), (3, 27), (3, 5)])
    _quarterdeck(m, 17, 5, 27, (8.0, 24.0))
    _hatch(m, "main_hatch", 20.5, 16.0)
    _hatch(m, "fore_hatch", 30.5, 16.0)
    # the wheel and binnacle aft, barrels and cannon along the sides
    m.ellipse("obstacles", "wheel", 6.5, 16.0, 0.6, "wheel", kind="single", cover="soft", elevation=1.5)
    m.put(6.5, 16.0, "barrel")
    for x, y in ((4.5, 6.5), (4.5, 25.5), (27.5, 6.5), (27.5, 25.5), (39.5, 16.5)):
        m.barrel(x, y)
    for x, y in ((32, 9), (32, 22)):
        m.crate(x, y)
    m.crate(22, 9, 2, 1, level="hold")
    m.crate(28, 21, 1, 2, level="hold")
    for x in (8, 12, 20, 30):
        _cannon(m, x, 5.1, True)
        _cannon(m, x, 25.9, False)
    # deployment: each captain on the quarterdeck, the crews watching from the waist
    m.rectangle("deployment", "pirate_captain", 11.0, 12.0, 5.0, 8.0, "deployment", side="pirate_captain")
    m.rectangle("deployment", "navy_captain", 7.5, 12.0, 3.0, 8.0, "deployment", side="navy_captain")
    m.rectangle("deployment", "pirates", 18.5, 20.5, 17.0, 6.0, "deployment", side="pirates")
    m.rectangle("deployment", "navy", 18.5, 5.5, 17.0, 6.0, "deployment", side="navy")
    return m


MAPS = {
    "boarding_action": boarding_action,
    "forest_clearing": forest_clearing,
    "harbour_tavern": harbour_tavern,
    "cutting_out": cutting_out,
    "fire_in_the_hold": fire_in_the_hold,
    "duel_on_the_quarterdeck": duel_on_the_quarterdeck,
}


def _member(name: str, value, enum: str | None = None) -> dict:
    if enum:
        return {"name": name, "propertyType": enum, "type": "string", "value": value}
    kind = "bool" if isinstance(value, bool) else "float" if isinstance(value, float) else "string"
    return {"name": name, "type": kind, "value": value}


#: class members by layer; every default is the loader's default, because Tiled leaves unchanged
#: members out of the .tmx and the game (pytmx) does not read the project file.
def _zone_members() -> list[dict]:
    return [
        _member("terrain", "open", "Terrain"),
        _member("cover", "none", "Cover"),
        _member("close_quarters", False),
        _member("advantageous", False),
        _member("rigging", False),
        _member("water", False),
        _member("structure", False),
        _member("ship", ""),
        _member("level", "deck", "Level"),
        _member("elevation", 0.0),
    ]


LINE_CLASSES = {"rail", "fence", "wall", "hedge", "log", "break", "quay"}


def _obstacle_members(cls: str) -> list[dict]:
    return [
        _member("kind", "linear" if cls in LINE_CLASSES else "single", "ObstacleKind"),
        _member("cover", "none", "Cover"),
        _member("standable", False),
        _member("blocks_los", False),
        _member("elevation", 0.0),
        _member("thickness", 0.2),
        _member("level", "deck", "Level"),
    ]


def _link_members() -> list[dict]:
    return [_member("from", "deck", "Level"), _member("to", "deck", "Level"), _member("cost", 1.0)]


def project(classes: dict[str, set[str]]) -> dict:
    """maps/boarders.tiled-project: the enums and one class per object class the maps use."""
    types: list[dict] = []
    seen: set[str] = set()
    for name, values in ENUMS.values():
        if name not in seen:
            seen.add(name)
            types.append(
                {"name": name, "type": "enum", "storageType": "string", "values": values, "valuesAsFlags": False}
            )
    colours = {
        "zones": "#ff3fa9f5",
        "obstacles": "#ffe74c3c",
        "links": "#fff1c40f",
        "deployment": "#ff2ecc71",
        "sectors": "#ff9b59b6",
    }
    for layer in ("zones", "obstacles", "links", "deployment", "sectors"):
        for cls in sorted(classes.get(layer, ())):
            if cls in seen:
                continue
            seen.add(cls)
            if layer == "zones":
                members = _zone_members()
            elif layer == "links":
                members = _link_members()
            elif layer == "deployment":
                members = [_member("side", "")]
            elif layer == "sectors":
                members = []
            else:
                members = _obstacle_members(cls)
            types.append(
                {
                    "name": cls,
                    "type": "class",
                    "useAs": ["object"],
                    "color": colours[layer],
                    "drawFill": True,
                    "members": members,
                }
            )
    for i, t in enumerate(types, 1):
        t["id"] = i
    return {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1100,
        "extensionsPath": "extensions",
        "folders": ["."],
        "properties": [],
        "propertyTypes": types,
    }


def write_project(path: str | None = None) -> str:
    import json

    from make_pike_map import MAPS as MORE

    classes: dict[str, set[str]] = {}
    for make in [*MAPS.values(), *MORE.values()]:
        for layer, names in make().classes.items():
            classes.setdefault(layer, set()).update(names)
    path = path or os.path.join(ROOT, "maps", "boarders.tiled-project")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(project(classes), indent=4) + "\n")
    return path


def main(argv: list[str]) -> int:
    names = argv or list(MAPS)
    for n in names:
        m = MAPS[n]()
        path = os.path.join(ROOT, "maps", f"{n}.tmx")
        m.write(path)
        print(f"wrote {os.path.relpath(path, ROOT)}")
    if not argv:
        print(f"wrote {os.path.relpath(write_project(), ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
