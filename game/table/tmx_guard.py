"""Checks a Tiled .tmx map and everything it names, and hands pytmx exactly what it checked.

Untrusted input (DESIGN: untrusted files). The guard reads each file once (tmx_read: regular files,
bounded bytes and elements, entity declarations refused in any encoding) and builds the one tree
pytmx parses: external tilesets (.tsx) and object templates (.tx) resolved into it, every
``<properties>`` block of an element merged as pytmx merges them (the last value wins), tile layer
data inflated with a cap and rewritten as CSV, the map's ``inch`` written back as the float the
guard checked. So pytmx never opens a file and never inflates anything itself.

Refused, each as ``FILE: place: fault``: broken XML, entity declarations, non-orthogonal or
infinite maps (with what to change in Tiled), sizes beyond the bounds below (tiles, inches, pixels,
points, objects, tilesets, bytes), gids no tileset holds (counted as Tiled does, image-collection
tilesets by their tile ids), references that leave the scenario pack's folder (``root``), values
pytmx cannot cast, zones with fewer than 3 points or crossing themselves, deployment outside the map.
"""

from __future__ import annotations

import array
import math
import os
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .geometry import self_intersects
from .tmx_read import MAX_FILE_BYTES, Fault, inflate, one_line, pack_root, parse_xml, read_bytes, safe_ref
from .tmx_resolve import FLIP_MASK, MAX_TILESETS, Resolver, _int, _num, merge_properties, properties

__all__ = ["GuardReport", "guard", "FLIP_MASK", "MAX_TILESETS"]

MAX_TOTAL_BYTES = 16 * 1024 * 1024
MAX_TILES_SIDE = 1000
MAX_CELLS = 250_000
MAX_LAYER_CELLS = 1_000_000
MAX_TILE_PX = 1024
#: The map drawn at its own pixel size (the window flattens its tiles into one picture of 4 bytes a pixel).
MAX_MAP_PIXELS = 4096 * 4096
#: Pixels the window scales tile objects to, all of them together (each is scaled, drawn, dropped).
MAX_OBJECT_PIXELS = 4 * MAX_MAP_PIXELS
MAX_TABLE_INCHES = 200.0
MIN_TABLE_INCHES = 1.0
MAX_LAYERS = 64
MAX_OBJECTS = 2_000
MAX_POLY_POINTS = 200
MAX_TOTAL_POINTS = 4_000
ZONE_LAYERS = {"zones", "sectors", "deployment"}
_U32 = next(t for t in "IL" if array.array(t).itemsize == 4)
_ORIENTATION_HELP = {
    "isometric": "orientation 'isometric' is not supported: the table is top-down; in Tiled choose Map > Map "
    "Properties > Orientation: Orthogonal and redraw the tiles",
    "staggered": "orientation 'staggered' is not supported: the table is top-down; in Tiled choose Map > "
    "Map Properties > Orientation: Orthogonal",
    "hexagonal": "orientation 'hexagonal' is not supported: the table measures in inches, not hexes; in Tiled choose "
    "Map > Map Properties > Orientation: Orthogonal",
}


@dataclass
class GuardReport:
    """What the guard found: problems, the tree pytmx is to parse, and what pytmx drops."""

    problems: list[str] = field(default_factory=list)
    shapes: dict[int, str] = field(default_factory=dict)
    """Object id → "ellipse" or "point" (pytmx does not say)."""
    tree: ET.Element | None = None
    """The checked map with tilesets and templates resolved (None when refused)."""
    root: str = ""
    """The scenario pack's folder every reference must stay inside."""


class _Guard(Resolver):
    def __init__(self, path: str, root: str | None):
        self.path = str(path)
        self.name = str(path)
        self.folder = os.path.dirname(os.path.realpath(self.path))
        self.root = os.path.realpath(root) if root else pack_root(self.path)
        self.report = GuardReport(root=self.root)
        self.bytes_read = 0
        self.ranges: list[tuple[int, int, set[int] | None]] = []  # (firstgid, count, ids of a collection)
        self.by_source: dict[str, int] = {}  # real path of a .tsx → its firstgid in this map
        self.points = 0
        self.templates: dict[str, ET.Element] = {}
        self.firsts: list[int] = []
        self.image_pixels = 0
        self.object_pixels = 0.0

    def fault(self, element: str, msg: str) -> None:
        self.report.problems.append(f"{self.name}: {one_line(element, 80)}: {msg}")

    def read(self, path: str) -> ET.Element:
        data = read_bytes(path, MAX_FILE_BYTES)
        self.bytes_read += len(data)
        if self.bytes_read > MAX_TOTAL_BYTES:
            raise Fault(f"the map and the files it names exceed {MAX_TOTAL_BYTES} bytes")
        return parse_xml(data)

    def run(self) -> GuardReport:
        if not self.path.lower().endswith(".tmx"):
            self.fault("file", "not a .tmx map")
        try:
            root = self.read(self.path)
        except Fault as e:
            self.fault("file", str(e))
            return self.report
        if root.tag != "map":
            self.fault("map", f"root element is <{root.tag}>, not <map>")
            return self.report
        try:
            self._map_attrs(root)
        except Fault as e:
            self.fault("map", str(e))
            return self.report
        self._tilesets(root)
        if self.report.problems:
            return self.report
        self._templates(root)
        self._offsets(root)
        self._sanitise(root)
        if self.report.problems:
            return self.report
        self._layers(root)
        if not self.report.problems:
            self.report.tree = root
        return self.report

    # -- the map element -------------------------------------------------------------------------
    def _map_attrs(self, root: ET.Element) -> None:
        orient = root.get("orientation", "orthogonal")
        if orient != "orthogonal":
            raise Fault(
                _ORIENTATION_HELP.get(
                    orient,
                    f"orientation {orient!r} is not supported; in Tiled choose "
                    "Map > Map Properties > Orientation: Orthogonal",
                )
            )
        if root.get("infinite", "0") not in ("0", "false"):
            raise Fault(
                "infinite maps are not supported: in Tiled untick Map > Map Properties > Infinite "
                "(the map is cropped to its tiles) and save again"
            )
        self.w, self.h = _int(root, "width"), _int(root, "height")
        self.tw, self.th = _int(root, "tilewidth"), _int(root, "tileheight")
        if not (0 < self.w <= MAX_TILES_SIDE and 0 < self.h <= MAX_TILES_SIDE) or self.w * self.h > MAX_CELLS:
            raise Fault(f"absurd size {self.w}x{self.h} tiles (limit {MAX_TILES_SIDE} a side, {MAX_CELLS} tiles)")
        if not (0 < self.tw <= MAX_TILE_PX and 0 < self.th <= MAX_TILE_PX):
            raise Fault(f"absurd tile size {self.tw}x{self.th} px (each 1 to {MAX_TILE_PX})")
        merge_properties(root)
        self.inch = float(self.tw)
        p = properties(root).get("inch")
        if p is not None:
            raw = p.get("value", p.text or "")
            try:
                self.inch = float(raw)
            except (TypeError, ValueError):
                raise Fault(f"property inch={raw!r} is not a number") from None
            if p.get("type") not in (None, "float", "int", "string") or not math.isfinite(self.inch) or self.inch <= 0:
                raise Fault(f"property inch={raw!r} must be a positive number (pixels per inch)")
            # pytmx reads back exactly the value checked here
            p.attrib.update({"type": "float", "value": repr(self.inch)})
            p.text = None
        self.pw, self.ph = self.w * self.tw, self.h * self.th
        wi, hi = self.pw / self.inch, self.ph / self.inch
        if not (MIN_TABLE_INCHES <= wi <= MAX_TABLE_INCHES and MIN_TABLE_INCHES <= hi <= MAX_TABLE_INCHES):
            raise Fault(
                f"table is {wi:.4g}x{hi:.4g} in with inch={self.inch:g} px (each side "
                f"{MIN_TABLE_INCHES:g} to {MAX_TABLE_INCHES:g} in)"
            )
        if self.w * self.tw * self.h * self.th > MAX_MAP_PIXELS:
            raise Fault(
                f"the map is {self.w * self.tw}x{self.h * self.th} px ({self.w}x{self.h} tiles of {self.tw}x{self.th}); "
                f"the picture may hold {MAX_MAP_PIXELS:,} pixels (use smaller tiles)"
            )

    # -- layers and objects ---------------------------------------------------------------------
    @staticmethod
    def _map_layers(el: ET.Element) -> list[ET.Element]:
        """The map's own layers, inside groups too, not the collision shapes of tilesets' tiles."""
        out = []
        for child in el:
            if child.tag in ("layer", "objectgroup", "imagelayer"):
                out.append(child)
            elif child.tag == "group":
                out.extend(_Guard._map_layers(child))
        return out

    def _layers(self, root: ET.Element) -> None:
        layers = self._map_layers(root)
        if len(layers) > MAX_LAYERS:
            self.fault("map", f"{len(layers)} layers (limit {MAX_LAYERS})")
            return
        tile_layers = list(root.iter("layer"))
        if len(tile_layers) * self.w * self.h > MAX_LAYER_CELLS:
            self.fault("map", f"{len(tile_layers)} tile layers of {self.w}x{self.h} (limit {MAX_LAYER_CELLS} tiles)")
            return
        for lay in tile_layers:
            try:
                self._tile_layer(lay)
            except Fault as e:
                self.fault(f"layer {lay.get('name', '?')}", str(e))
        for img in root.iter("imagelayer"):
            im = img.find("image")
            src = None if im is None else im.get("source")
            if src:
                try:
                    self.image(safe_ref(self.folder, src, self.root), src)
                except Fault as e:
                    self.fault(f"imagelayer {img.get('name', '?')}", str(e))
        n_obj = sum(1 for _ in root.iter("object"))
        if n_obj > MAX_OBJECTS:
            self.fault("map", f"{n_obj} objects (limit {MAX_OBJECTS})")
            return
        own = {id(g) for g in layers if g.tag == "objectgroup"}
        for grp in root.iter("objectgroup"):
            for obj in grp.findall("object"):
                if id(grp) in own:
                    self._object(grp.get("name", "").strip().lower(), obj)
                else:  # a tile's collision shapes: pytmx reads their points too
                    try:
                        for tag in ("polygon", "polyline"):
                            el = obj.find(tag)
                            if el is not None:
                                self._points(el.get("points", ""))
                    except Fault as e:
                        self.fault(f"tileset collision object {obj.get('id', '?')}", str(e))

    def _tile_layer(self, lay: ET.Element) -> None:
        lw, lh = _int(lay, "width", self.w), _int(lay, "height", self.h)
        if (lw, lh) != (self.w, self.h):
            raise Fault(f"size {lw}x{lh} differs from the map's {self.w}x{self.h}")
        data = lay.find("data")
        if data is None:
            raise Fault("no <data>")
        if data.find("chunk") is not None:
            raise Fault("chunked (infinite) data is not supported: untick Infinite in Tiled's map properties")
        enc, comp = data.get("encoding"), data.get("compression")
        need = self.w * self.h
        if enc is None:
            if comp:
                raise Fault(f"compression {comp!r} without encoding")
            gids = [_int(t, "gid", 0) for t in data.findall("tile")]
        elif enc == "csv":
            if comp:
                raise Fault(f"compression {comp!r} with csv encoding")
            text = (data.text or "").strip()
            if len(text) > 12 * need + 16:
                raise Fault("csv data is longer than width×height numbers")
            try:
                gids = list(map(int, text.split(","))) if text else []
            except ValueError:
                raise Fault("csv data holds a non-number") from None
        elif enc == "base64":
            gids = self._base64(data, comp, need)
        else:
            raise Fault(f"unknown encoding {enc!r} (use csv or base64)")
        if len(gids) < need:
            raise Fault(f"data holds {len(gids)} tiles, fewer than width×height = {need}")
        if len(gids) > need:
            raise Fault(f"data holds {len(gids)} tiles, more than width×height = {need}")
        bad = [g for g in set(gids) if g < 0 or g > 0xFFFFFFFF or not self.gid_ok(g)]  # each gid once
        if bad:
            g = min(bad)
            raise Fault(f"gid {g & FLIP_MASK} at tile {gids.index(g)} is in no tileset (max {self.max_gid()})")
        if enc != "csv":
            data.attrib.clear()
            data.set("encoding", "csv")
            data[:] = []
            data.text = ",".join(map(str, gids))

    def _base64(self, data: ET.Element, comp: str | None, need: int) -> list[int]:
        import base64
        import binascii

        text = re.sub(r"\s+", "", data.text or "")
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise Fault("bad base64 data") from None
        if comp in ("zlib", "gzip"):
            raw = inflate(raw, comp, need * 4)
        elif comp == "zstd":
            raise Fault(
                "zstd compression is not supported (in Tiled choose Map > Map Properties > Tile Layer "
                "Format: CSV, Base64 zlib or gzip)"
            )
        elif comp:
            raise Fault(f"unknown compression {comp!r}")
        if len(raw) % 4:
            raise Fault("data length is not a whole number of tiles")
        if len(raw) > need * 4:
            raise Fault(f"data holds {len(raw) // 4} tiles, more than width×height = {need}")
        cells = array.array(_U32, raw)  # unsigned 32-bit little-endian, as Tiled writes them
        if sys.byteorder != "little":
            cells.byteswap()
        return cells.tolist()

    def _object(self, layer: str, obj: ET.Element) -> None:
        oid = obj.get("id", "?")
        where = f"{layer or 'objectgroup'} object {obj.get('name') or oid}"
        try:
            x, y = _num(obj, "x", 0.0), _num(obj, "y", 0.0)
            w, h = _num(obj, "width", 0.0), _num(obj, "height", 0.0)
            _num(obj, "rotation", 0.0)
            if w < 0 or h < 0:
                raise Fault("negative width or height")
            gid = obj.get("gid")
            if gid is not None and not self.gid_ok(_int(obj, "gid")):
                raise Fault(f"gid {_int(obj, 'gid') & FLIP_MASK} is in no tileset (max {self.max_gid()})")
            if gid is not None:  # the window scales its tile to this size, one object after another
                if w * h > MAX_MAP_PIXELS:
                    raise Fault(f"a tile object of {w:g}x{h:g} px is drawn over more than {MAX_MAP_PIXELS:,} pixels")
                self.object_pixels += w * h
                if self.object_pixels > MAX_OBJECT_PIXELS:
                    raise Fault(f"the map's tile objects are drawn over more than {MAX_OBJECT_PIXELS:,} pixels in all")
            for p in properties(obj).values():
                ref = p.get("value")
                if p.get("type") == "file" and ref:
                    safe_ref(self.folder, ref, self.root)
            pts = None
            for tag in ("polygon", "polyline"):
                el = obj.find(tag)
                if el is not None:
                    pts = self._points(el.get("points", ""))
                    if tag == "polygon" and len(pts) < 3:
                        raise Fault(f"polygon has {len(pts)} points, fewer than 3")
                    if tag == "polygon" and self_intersects(pts):
                        raise Fault("polygon intersects itself")
                    if tag == "polyline" and len(pts) < 1:
                        raise Fault("polyline has no points")
            kind = "rect"
            if obj.find("ellipse") is not None:
                kind = "ellipse"
            elif obj.find("point") is not None:
                kind = "point"
            elif pts is not None:
                kind = "poly"
            if kind in ("ellipse", "point"):
                self.report.shapes[_int(obj, "id", 0)] = kind
            if layer in ZONE_LAYERS:
                if obj.find("polyline") is not None:
                    raise Fault("an area needs a polygon, rectangle or ellipse, not a polyline")
                if kind == "point":
                    raise Fault("an area needs at least 3 points, not a point")
                if kind in ("rect", "ellipse") and (w <= 0 or h <= 0):
                    raise Fault("a rectangle area needs a width and height (fewer than 3 points)")
            if layer == "deployment":
                corners = [(x + px, y + py) for px, py in pts] if pts else [(x, y), (x + w, y + h)]
                if abs(_num(obj, "rotation", 0.0)) > 1e-9:
                    raise Fault("deployment areas may not be rotated")
                if any(not (-1e-6 <= cx <= self.pw + 1e-6 and -1e-6 <= cy <= self.ph + 1e-6) for cx, cy in corners):
                    raise Fault("deployment area lies outside the map")
        except Fault as e:
            self.fault(where, str(e))

    def _points(self, text: str) -> list[tuple[float, float]]:
        items = text.split()
        if len(items) > MAX_POLY_POINTS:
            raise Fault(f"{len(items)} points (limit {MAX_POLY_POINTS} a shape)")
        self.points += len(items)
        if self.points > MAX_TOTAL_POINTS:
            raise Fault(f"the map's shapes have more than {MAX_TOTAL_POINTS} points")
        out = []
        for item in items:
            try:
                a, b = item.split(",")
                fx, fy = float(a), float(b)
            except ValueError:
                raise Fault(f"bad point {item[:40]!r}") from None
            if not (math.isfinite(fx) and math.isfinite(fy)) or abs(fx) > 1e7 or abs(fy) > 1e7:
                raise Fault(f"bad point {item[:40]!r}")
            out.append((fx, fy))
        return out


def guard(path: str, root: str | None = None) -> GuardReport:
    """Check a .tmx file (see module doc) inside pack folder ``root`` (default: tmx_read.pack_root);
    never raises for a bad file."""
    g = _Guard(path, root)
    try:
        return g.run()
    except (Exception, RecursionError) as e:  # noqa: BLE001 - a file from anyone must not crash the game
        return GuardReport(
            problems=[one_line(f"{path}: map: could not be checked ({type(e).__name__}: {e})")], root=g.root
        )
