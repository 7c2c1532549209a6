"""The Tiled map writer of tools/make_maps.py: ``TmxMap`` (tile layers and object layers in inches,
written as plain Tiled 1.10 XML at 32 px per inch), polygon helpers (``rect``, ``complement``) and
the pieces several maps share (rails, edge tiles)."""

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
