#!/usr/bin/env python3
"""Generate the close-combat and escarmouche maps (maps/pike_and_shot.tmx, maps/farm_skirmish.tmx).

    tools/make_pike_map.py [pike_and_shot] [farm_skirmish]     # default: both

Same conventions and writer as tools/make_maps.py (32 px per inch, one tile per inch, the shared
maps/boarders.tsx tileset, object layers as in maps/README.md); kept in its own file so the table
engineer's generator is left alone. Deterministic: rerunning rewrites identical files.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

from make_maps import TmxMap, rect  # noqa: E402


def _grass(m: TmxMap) -> None:
    for r in range(m.h):
        for c in range(m.w):
            m.ground[r][c] = "grass2" if (c * 5 + r * 11) % 7 == 0 else "grass"


def pike_and_shot() -> TmxMap:
    """Open rolling ground for two musket-and-pike regiments (PRE-OD6-1), 36×24 in: a wood in the
    north-west, a hedged field and a barn in the south-east, a road along the north edge; the centre
    is left clear for the regiments' lines of six 2"×1" pieces."""
    m = TmxMap("pike_and_shot", 36, 24, "Pike and Shot")
    _grass(m)
    road = [(0, 1.5), (36, 1.0), (36, 3.0), (0, 3.5)]
    m.paint(road, "dirt")
    m.polygon("zones", "road", road, "road")
    wood = [(0, 4), (6, 4), (7, 8), (4, 10), (0, 9)]
    m.polygon("zones", "wood", wood, "woods", terrain="tough", cover="soft")
    m.paint(wood, "foliage", "details")
    field = rect(29, 17, 7, 7)
    m.polygon("zones", "field", field, "field", terrain="tough")
    m.paint(field, "dirt")
    hedge = [(29, 24), (29, 17), (36, 17)]
    m.polyline(
        "obstacles", "hedge", hedge, "hedge", kind="linear", cover="soft", blocks_los=True, elevation=1.5, thickness=0.4
    )
    for y in range(17, 24):
        m.put(29, y + 0.5, "bush")
    for x in range(29, 36):
        m.put(x + 0.5, 17, "bush")
    barn = rect(31, 19, 3, 3)
    m.polygon("obstacles", "barn", barn, "building", kind="single", cover="hard", blocks_los=True, elevation=4.0)
    m.paint(barn, "wall")
    for bx, by in ((2.5, 20.5), (33.5, 6.5)):
        m.ellipse("obstacles", "bush", bx, by, 0.45, "bush", kind="single", cover="soft", elevation=1.0)
        m.put(bx, by, "bush")
    m.rectangle("deployment", "red", 8, 5, 5, 14, "deployment", side="red")
    m.rectangle("deployment", "blue", 23, 5, 5, 14, "deployment", side="blue")
    return m


#: farm_skirmish sector grid: 6" squares, columns A–E (west to east), rows 1–4 (north to south)
FARM_SECTOR = 6


def farm_skirmish() -> TmxMap:
    """A farmstead raided by a royalist party (PRE-ESC-1), 30×24 in, with its 20 sectors drawn as
    6-inch squares A1…E4 in a ``sectors`` layer (ESC-SEC-1): the farmhouse (structure, ESC-ADV-1)
    in C2, a yard wall, an orchard (tough, soft cover) in A3, a pond (impassable) in E4, haystacks."""
    m = TmxMap("farm_skirmish", 30, 24, "The Farm at Beaulieu")
    _grass(m)
    lane = [(0, 9.5), (30, 8.5), (30, 10.5), (0, 11.0)]
    m.paint(lane, "dirt")
    yard = rect(12, 6, 6, 6)
    m.paint(yard, "dirt")
    house = rect(13, 7, 4, 3)
    m.paint(house, "wood_floor")
    m.polygon("zones", "farmhouse", house, "interior", structure=True, close_quarters=True, cover="hard")
    m.polygon("zones", "yard", yard, "yard")
    wall = [(12.5, 12.5), (17.5, 12.5)]
    m.polyline("obstacles", "yard_wall", wall, "wall", kind="linear", cover="hard", elevation=1.0, thickness=0.3)
    for x in range(13, 18):
        m.put(x, 12.5, "fence_h")
    orchard = rect(0.5, 12.5, 5, 5)
    m.polygon("zones", "orchard", orchard, "orchard", terrain="tough", cover="soft")
    for bx, by in ((1.5, 13.5), (3.5, 13.5), (2.5, 15.5), (4.5, 15.5), (1.5, 16.5)):
        m.put(bx, by, "bush")
    pond = [(24.5, 19), (28, 18.5), (29, 21), (26, 23), (24, 21.5)]
    m.polygon("zones", "pond", pond, "water", terrain="impassable", water=True)
    m.paint(pond, "water")
    for bx, by in ((20.5, 4.5), (8.5, 19.5)):
        m.ellipse(
            "obstacles",
            "haystack",
            bx,
            by,
            0.6,
            "haystack",
            kind="single",
            cover="soft",
            blocks_los=True,
            elevation=1.5,
        )
        m.put(bx, by, "crate")
    for c, col in enumerate("ABCDE"):
        for r in range(4):
            m.rectangle(
                "sectors", f"{col}{r + 1}", c * FARM_SECTOR, r * FARM_SECTOR, FARM_SECTOR, FARM_SECTOR, "sector"
            )
    m.rectangle("deployment", "raiders", 0.5, 0.5, 7, 11, "deployment", side="raiders")
    m.rectangle("deployment", "villagers", 12, 4, 8, 10, "deployment", side="villagers")
    return m


MAPS = {"pike_and_shot": pike_and_shot, "farm_skirmish": farm_skirmish}


def main(argv: list[str]) -> int:
    for n in argv or list(MAPS):
        if n not in MAPS:
            print(f"unknown map {n!r}; choose from {', '.join(MAPS)}", file=sys.stderr)
            return 2
        path = os.path.join(ROOT, "maps", f"{n}.tmx")
        MAPS[n]().write(path)
        print(f"wrote {os.path.relpath(path, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
