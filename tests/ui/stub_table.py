"""A naive stand-in for game.table.Table while the real table is being built (tests only).

Installed by tests/ui/conftest.py only when ``game.table`` has no ``Table`` yet.
"""
from __future__ import annotations

import math

from game.rules.tabletop import PathPlan, Sight, ZoneFlags


class StubTable:
    def __init__(self, tmap, bases=None):
        self.tmap = tmap
        self.map = tmap
        self.bases = dict(bases or {})

    width = property(lambda self: self.tmap.width)
    height = property(lambda self: self.tmap.height)

    def place(self, fid, x, y, radius, level):
        self.bases[fid] = (x, y, radius, level)

    def remove(self, fid):
        self.bases.pop(fid, None)

    def position(self, fid):
        return self.bases[fid][:2]

    def clone(self):
        return StubTable(self.tmap, self.bases)

    def _d(self, a, b):
        ax, ay, ar, al = self.bases[a]
        bx, by, br, bl = self.bases[b]
        if al != bl:
            return math.inf
        return max(0.0, math.hypot(ax - bx, ay - by) - ar - br)

    def contacts(self, fid):
        return sorted(o for o in self.bases if o != fid and self._d(fid, o) <= 0.02)

    def edge_distance(self, a, b):
        return self._d(a, b)

    def within(self, fid, distance):
        return sorted(o for o in self.bases if o != fid and self._d(fid, o) <= distance)

    def sweep_clear(self, fid, dx, dy, ignore=()):
        x, y, r, lv = self.bases[fid]
        ex, ey = x + dx, y + dy
        if not (r <= ex <= self.width - r and r <= ey <= self.height - r):
            return False
        for o, (ox, oy, orr, ol) in self.bases.items():
            if o == fid or o in ignore or ol != lv:
                continue
            if math.hypot(ex - ox, ey - oy) < r + orr - 0.01:
                return False
        return True

    def free_directions(self, fid, distance=None):
        r = self.bases[fid][2]
        d = distance if distance is not None else 2 * r
        return [h for h in range(0, 360, 5)
                if self.sweep_clear(fid, d * math.cos(math.radians(h)), d * math.sin(math.radians(h)))]

    def surrounded(self, fid, engaged):
        return False

    def plan_path(self, fid, x, y):
        return self.path_cost(fid, [self.position(fid), (x, y)])

    def path_cost(self, fid, points):
        x0, y0 = points[0]
        x1, y1 = points[-1]
        if not self.sweep_clear(fid, x1 - x0, y1 - y0):
            return None
        L = round(math.hypot(x1 - x0, y1 - y0), 2)
        return PathPlan(points=((round(x0, 3), round(y0, 3)), (round(x1, 3), round(y1, 3))), length=L, cost=L)

    def zone_at(self, x, y, level=None):
        return ZoneFlags()

    def zone_of(self, fid):
        return ZoneFlags()

    def line_of_sight(self, a, b):
        return Sight(True, None, self._d(a, b))

    def obstacle_between(self, a, b):
        return None

    def touching_obstacles(self, fid):
        return []

    def on_standable(self, fid):
        return False

    def fall_landing(self, fid):
        return None

    def sector_of(self, fid):
        return ""

    def adjacent_sectors(self, sector):
        return []

    def sector_centre(self, sector):
        return (0.0, 0.0)


def install():
    import game.table as gt
    from game.table.tactical_map import TacticalMap
    if not hasattr(gt, "Table"):
        gt.Table = StubTable
    if not hasattr(gt, "TacticalMap"):
        gt.TacticalMap = TacticalMap
    if not hasattr(gt, "load_map"):
        def load_map(path):
            raise FileNotFoundError(path)
        gt.load_map = load_map
