#!/usr/bin/env python3
"""Generate the game's Tiled maps (maps/*.tmx) reproducibly from geometry written here in inches.

    tools/make_maps.py [NAME ...]      # boarding_action forest_clearing harbour_tavern cutting_out
                                       # fire_in_the_hold duel_on_the_quarterdeck (default: all)

Each map: 32 px per inch, one tile per inch, tile layers ``ground`` and ``details`` (CSV) using the
external tileset maps/boarders.tsx (tools/make_tileset.py), object layers ``zones``, ``obstacles``,
``links``, ``deployment`` as documented in maps/README.md. The files are plain Tiled 1.10 XML.

The writer is tools/tmx_writer.py; the ship maps are tools/ship_maps.py.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

from ship_maps import boarding_action, cutting_out, duel_on_the_quarterdeck, fire_in_the_hold  # noqa: E402
from tmx_writer import ENUMS as ENUMS  # noqa: E402
from tmx_writer import Pt, _rail, complement  # noqa: E402
from tmx_writer import TmxMap as TmxMap  # noqa: E402
from tmx_writer import rect as rect  # noqa: E402


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


# -- the boarding scenarios' maps ------------------------------------------------------


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
