"""Tiled map → TacticalMap (inches), headless: pytmx without images, behind tmx_guard.

Conventions (maps/README.md): map property ``inch`` = pixels per inch (default the tile width);
object layers ``zones`` (GEO-ZONE-1), ``obstacles`` (GEO-OBS-1), ``links``, ``deployment``,
optional ``sectors`` (ESC-SEC-1).
"""

from __future__ import annotations

import math
import os

from game.rules.implements import implements

from .errors import MapError
from .geometry import bbox, ellipse_points, self_intersects
from .tactical_map import COVERS, TERRAINS, Deployment, Link, Obstacle, Sector, TacticalMap, Zone
from .tmx_guard import guard
from .tmx_read import one_line
from .zone_index import densest_cell

#: Corners of the zones meeting one cell of the zone grid, at most (each zone look-up tests them).
MAX_ZONE_CORNERS = 512
#: Corners of the polygon an ellipse zone becomes.
ELLIPSE_CORNERS = 16

_TRUE = {"true", "1", "yes"}
_FALSE = {"false", "0", "no", ""}


class _Bad(Exception):
    pass


def _class(obj) -> str:
    """pytmx puts Tiled's object class in ``obj.type`` (old maps) or attribute ``class``."""
    return (obj.type or getattr(obj, "class", None) or "").strip()


def _bool(props: dict, key: str, default: bool = False) -> bool:
    v = props.get(key, default)
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in _TRUE:
        return True
    if s in _FALSE:
        return False
    raise _Bad(f"property {key}={v!r} is not true or false")


def _float(props: dict, key: str, default: float) -> float:
    v = props.get(key, default)
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise _Bad(f"property {key}={v!r} is not a number") from None
    if not math.isfinite(f) or f < 0:
        raise _Bad(f"property {key}={v!r} must be a finite number ≥ 0")
    return f


def _choice(props: dict, key: str, allowed, default):
    v = props.get(key, default)
    v = None if v in (None, "", "none") else str(v).strip().lower()
    if v not in allowed:
        raise _Bad(f"property {key}={v!r} is not one of {', '.join(str(a) for a in allowed if a)}")
    return v


def _elevation(props: dict) -> float:
    """GEO-ZONE-1 / GEO-OBS-1 ``elevation`` in inches; maps made before it was renamed say ``height``
    (a name Tiled and pytmx also use for the object's own size)."""
    return _float(props, "elevation" if "elevation" in props else "height", 0.0)


def _text(props: dict, key: str) -> str | None:
    v = props.get(key)
    return None if v in (None, "") else str(v).strip()


class _Converter:
    def __init__(self, name: str, tm, shapes: dict[int, str]):
        self.name = name
        self.tm = tm
        self.shapes = shapes
        self.problems: list[str] = []
        props = tm.properties or {}
        self.inch = float(props.get("inch", tm.tilewidth) or tm.tilewidth)
        self.width = tm.width * tm.tilewidth / self.inch
        self.height = tm.height * tm.tileheight / self.inch

    def fault(self, element: str, msg: str) -> None:
        self.problems.append(f"{self.name}: {one_line(element, 80)}: {msg}")

    def _in(self, p) -> tuple[float, float]:
        return (p[0] / self.inch, p[1] / self.inch)

    def outline(self, obj) -> tuple[str, list[tuple[float, float]]]:
        """("polygon" | "polyline" | "ellipse" | "point", points in inches, rotation applied)."""
        kind = self.shapes.get(obj.id)
        rot = float(obj.rotation or 0)
        if kind == "point":
            return "point", [self._in((obj.x, obj.y))]
        if kind == "ellipse":
            pts = ellipse_points(obj.x, obj.y, obj.width, obj.height)
        elif hasattr(obj, "points"):
            pts = [(p.x, p.y) for p in obj.points]
            kind = "polygon" if obj.closed else "polyline"
        else:
            if obj.width <= 0 or obj.height <= 0:
                raise _Bad("rectangle has no area")
            pts = [
                (obj.x, obj.y),
                (obj.x + obj.width, obj.y),
                (obj.x + obj.width, obj.y + obj.height),
                (obj.x, obj.y + obj.height),
            ]
            kind = "polygon"
        if rot:
            c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
            ox, oy = obj.x, obj.y
            pts = [(ox + c * (x - ox) - s * (y - oy), oy + s * (x - ox) + c * (y - oy)) for x, y in pts]
        out = [self._in(p) for p in pts]
        return ("ellipse" if kind == "ellipse" else kind), out

    def area(self, obj) -> list[tuple[float, float]]:
        kind, pts = self.outline(obj)
        if kind in ("point", "polyline") or len(pts) < 3:
            raise _Bad("an area needs at least 3 points")
        if self_intersects(pts):
            raise _Bad("polygon intersects itself")
        return pts

    def inside(self, pts, slack: float = 1e-6) -> bool:
        return all(-slack <= x <= self.width + slack and -slack <= y <= self.height + slack for x, y in pts)

    def layer(self, name: str) -> list:
        out = []
        for lay in self.tm.objectgroups:
            if (lay.name or "").strip().lower() == name:
                out.extend(lay)
        return out

    def run(self) -> TacticalMap | None:
        zones: list[Zone] = []
        obstacles: list[Obstacle] = []
        links: list[Link] = []
        deps: list[Deployment] = []
        sectors: list[Sector] = []
        for obj in self.layer("zones"):
            where = f"zones object {obj.name or obj.id}"
            try:
                zones.append(self.zone(obj))
            except _Bad as e:
                self.fault(where, str(e))
        used: set[str] = set()
        for obj in self.layer("obstacles"):
            where = f"obstacles object {obj.name or obj.id}"
            try:
                o = self.obstacle(obj)
                if o.id in used:
                    raise _Bad(f"duplicate obstacle id {o.id}")
                used.add(o.id)
                obstacles.append(o)
            except _Bad as e:
                self.fault(where, str(e))
        for obj in self.layer("links"):
            where = f"links object {obj.name or obj.id}"
            try:
                links.append(self.link(obj))
            except _Bad as e:
                self.fault(where, str(e))
        for obj in self.layer("deployment"):
            where = f"deployment object {obj.name or obj.id}"
            try:
                side = _text(obj.properties, "side") or (obj.name or "").strip()
                if not side:
                    raise _Bad("no side (set the object name or property side)")
                pts = self.area(obj)
                if not self.inside(pts):
                    raise _Bad("deployment area lies outside the map")
                deps.append(Deployment(side=side, points=tuple(pts), name=obj.name or side))
            except _Bad as e:
                self.fault(where, str(e))
        for obj in self.layer("sectors"):
            where = f"sectors object {obj.name or obj.id}"
            try:
                sid = (obj.name or "").strip() or f"s{obj.id}"
                if any(s.id == sid for s in sectors):
                    raise _Bad(f"duplicate sector name {sid}")
                sectors.append(Sector(id=sid, points=tuple(self.area(obj))))
            except _Bad as e:
                self.fault(where, str(e))
        self.zone_depth(zones)
        if self.problems:
            return None
        stem = os.path.splitext(os.path.basename(self.name))[0]
        return TacticalMap(
            width=self.width,
            height=self.height,
            zones=tuple(zones),
            obstacles=tuple(obstacles),
            links=tuple(links),
            deployments=tuple(deps),
            sectors=tuple(sectors),
            name=str((self.tm.properties or {}).get("name", stem)),
            source=self.name,
            inch=self.inch,
            tile_size=(self.tm.tilewidth, self.tm.tileheight),
            properties=dict(self.tm.properties or {}),
        )

    def zone_depth(self, zones: list[Zone]) -> None:
        """Bound what one zone look-up may test (maps/README.md "Bounds"): the zones whose boxes
        meet any one cell of the zone grid (about a square inch) have at most MAX_ZONE_CORNERS
        corners in all, on each level (an ellipse counts 16)."""
        by_level: dict[str, list] = {}
        for z in zones:
            by_level.setdefault(z.on_level, []).append((bbox(z.points), len(z.points)))
        for lv, boxes in by_level.items():
            deep = densest_cell(boxes, self.width, self.height)
            if deep > MAX_ZONE_CORNERS:
                self.fault(
                    "zones",
                    f"too many zones overlap in one place on the {lv}: their corners add up to {deep} there "
                    f"(limit {MAX_ZONE_CORNERS}, an ellipse counts {ELLIPSE_CORNERS}); merge or shrink them",
                )

    def zone(self, obj) -> Zone:
        p = obj.properties
        pts = self.area(obj)
        lvl = _text(p, "level")
        return Zone(
            id=f"zone_{obj.id}",
            points=tuple(pts),
            name=(obj.name or "").strip(),
            terrain=_choice(p, "terrain", TERRAINS, "open"),
            cover=_choice(p, "cover", COVERS, None),
            close_quarters=_bool(p, "close_quarters"),
            advantageous=_bool(p, "advantageous"),
            rigging=_bool(p, "rigging"),
            water=_bool(p, "water"),
            structure=_bool(p, "structure"),
            ship=_text(p, "ship"),
            level=lvl.lower() if lvl else None,
            height=_elevation(p),
        )

    @implements("GEO-OBS-1")
    def obstacle(self, obj) -> Obstacle:
        p = obj.properties
        cls = _class(obj).lower()
        label = ((obj.name or "").strip() or cls or "obstacle").replace(" ", "_")
        oid = f"{label}_{obj.id}"
        kind, pts = self.outline(obj)
        common = dict(
            cover=_choice(p, "cover", COVERS, None),
            standable=_bool(p, "standable"),
            blocks_los=_bool(p, "blocks_los"),
            height=_elevation(p),
            level=(_text(p, "level") or "deck").lower(),
            name=(obj.name or "").strip(),
            cls=cls,
        )
        if kind == "point":
            raise _Bad("an obstacle needs an area or a line, not a point")
        if kind == "polyline":
            if len(pts) < 2:
                raise _Bad("a line obstacle needs at least 2 points")
            thick = _float(p, "thickness", 0.2)
            if thick <= 0:
                raise _Bad("thickness must be > 0")
            ob = Obstacle(
                id=oid,
                shape="polyline",
                points=tuple(pts),
                radius=thick / 2,
                kind=_choice(p, "kind", ("linear", "single"), "linear"),
                **common,
            )
        elif kind == "ellipse" and abs(obj.width - obj.height) < 1e-6 and not obj.rotation:
            r = obj.width / 2 / self.inch
            ob = Obstacle(
                id=oid,
                shape="circle",
                points=(self._in((obj.x + obj.width / 2, obj.y + obj.height / 2)),),
                radius=r,
                kind=_choice(p, "kind", ("linear", "single"), "single"),
                **common,
            )
        else:
            if len(pts) < 3 or self_intersects(pts):
                raise _Bad("obstacle polygon needs 3+ points and may not intersect itself")
            ob = Obstacle(
                id=oid,
                shape="polygon",
                points=tuple(pts),
                kind=_choice(p, "kind", ("linear", "single"), "single"),
                **common,
            )
        x0, y0, x1, y1 = ob.bounds()
        if not self.inside([(x0, y0), (x1, y1)], 0.5):
            raise _Bad("obstacle lies outside the map")
        return ob

    def link(self, obj) -> Link:
        p = obj.properties
        kind, pts = self.outline(obj)
        if kind not in ("point", "polyline"):
            raise _Bad("a link is a point (same spot, two levels) or a line from its first to its last point")
        a, b = pts[0], pts[-1]
        if not self.inside([a, b]):
            raise _Bad("link end lies outside the map")
        la = (_text(p, "from") or "deck").lower()
        lb = (_text(p, "to") or "deck").lower()
        if kind == "point" and la == lb:
            raise _Bad("a point link must join two different levels (properties from and to)")
        cost = _float(p, "cost", 1.0)
        return Link(
            id=f"{(obj.name or _class(obj) or 'link').strip().replace(' ', '_')}_{obj.id}",
            a=a,
            b=b,
            level_a=la,
            level_b=lb,
            cost=cost,
            kind=_class(obj).lower() or "ladder",
            name=(obj.name or "").strip(),
        )


def _pytmx(name: str, tree, image_loader=None):
    """pytmx's TiledMap of the guard's tree (tilesets and templates resolved, data as CSV): pytmx
    never opens the map or its tilesets itself."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame if it can
    import pytmx

    # allow_duplicate_names: old maps' GEO-ZONE-1 ``height`` property shares its name with the
    # object's own height; pytmx refuses that unless told (it keeps properties in obj.properties).
    kw = {"image_loader": image_loader} if image_loader else {}
    tm = pytmx.TiledMap(allow_duplicate_names=True, **kw)
    tm.filename = name
    tm.parse_xml(tree)
    return tm


def _load(path: str, root: str | None = None) -> tuple[TacticalMap | None, list[str]]:
    name = str(path)
    rep = guard(name, root)
    if rep.problems or rep.tree is None:
        return None, [one_line(p) for p in rep.problems] or [one_line(f"{name}: map: refused")]
    for parent in [rep.tree, *rep.tree.iter("group")]:
        for lay in parent.findall("layer"):
            parent.remove(lay)  # the table reads no tiles: pytmx need not register every cell's gid
    try:
        tm = _pytmx(name, rep.tree)
    except Exception as e:  # noqa: BLE001 - pytmx raises bare Exception, TypeError, KeyError …
        return None, [
            one_line(
                f"{name}: map: pytmx could not read what the guard accepted "
                f"({type(e).__name__}: {e}); please report this map"
            )
        ]
    try:
        conv = _Converter(name, tm, rep.shapes)
        tmap = conv.run()
    except (_Bad, ValueError, TypeError, AttributeError, ArithmeticError, LookupError, RecursionError) as e:
        return None, [one_line(f"{name}: map: {e}")]
    return tmap, [one_line(p) for p in conv.problems]


def load_map(path, root=None) -> TacticalMap:
    """Load a Tiled map into a TacticalMap; MapError("FILE: element: fault") if refused.

    ``root`` is the scenario pack's folder: every file the map names must lie inside it (default:
    the nearest folder upward holding a ``.tiled-project`` file, else the map's own folder)."""
    tmap, problems = _load(str(path), root)
    if problems or tmap is None:
        raise MapError(problems[0] if problems else one_line(f"{path}: map: refused"), problems)
    return tmap


def tiled_map(path, root=None, image_loader=None):
    """The pytmx ``TiledMap`` of a map the guard accepts, for drawing its tiles (pass
    ``pytmx.util_pygame.pygame_image_loader`` for images); MapError if refused. Unlike
    ``pytmx.load_pygame(path)`` it never parses an unchecked file."""
    rep = guard(str(path), root)
    if rep.problems or rep.tree is None:
        problems = [one_line(p) for p in rep.problems] or [one_line(f"{path}: map: refused")]
        raise MapError(problems[0], problems)
    try:
        return _pytmx(str(path), rep.tree, image_loader)
    except Exception as e:  # noqa: BLE001 - pytmx and image loaders raise anything
        raise MapError(one_line(f"{path}: map: cannot be drawn ({type(e).__name__}: {e})")) from None


def check_map(path, root=None) -> list[str]:
    """Every problem with a map file, one line each ("FILE: element: fault"); [] when clean."""
    tmap, problems = _load(str(path), root)
    if problems:
        return problems
    assert tmap is not None, "a map without problems is loaded"
    try:
        return [one_line(p) for p in lint(tmap)]
    except Exception as e:  # noqa: BLE001 - the table must not crash a lint; say which map
        return [one_line(f"{path}: map: the table could not be built ({type(e).__name__}: {e})")]


def lint(tmap: TacticalMap) -> list[str]:
    """Problems with a loaded map that only the table can see (links whose ends are not clear)."""
    from .table import Table

    name = tmap.source or tmap.name
    t = Table(tmap)
    out = []
    for lk in tmap.links:
        for (x, y), lv in ((lk.a, lk.level_a), (lk.b, lk.level_b)):
            if not t.clear_at(x, y, 0.5, lv):
                out.append(
                    f"{name}: links object {lk.name or lk.id}: end ({x:.2f}, {y:.2f}) on {lv} "
                    f"has no room for a 1-inch base"
                )
    return out


def map_summary(tmap: TacticalMap) -> str:
    """One line about a good map: size, zones, obstacles, links, deployment zones."""
    sides = sorted({d.side for d in tmap.deployments})
    return one_line(
        f"{tmap.source or tmap.name}: {tmap.width:g}×{tmap.height:g} in, {len(tmap.zones)} zones, "
        f"{len(tmap.obstacles)} obstacles, {len(tmap.links)} links, "
        f"deployment {', '.join(sides) if sides else 'none'}"
        + (f", {len(tmap.sectors)} sectors" if tmap.sectors else ""),
        1000,
    )
