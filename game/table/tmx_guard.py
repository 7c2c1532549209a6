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

import bisect
import copy
import math
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .geometry import self_intersects
from .tmx_read import MAX_ELEMENTS, MAX_FILE_BYTES, Fault, inflate, one_line, pack_root, parse_xml, png_size, \
    read_bytes, safe_ref

MAX_TOTAL_BYTES = 16 * 1024 * 1024
MAX_TILES_SIDE = 1000
MAX_CELLS = 1_000_000
MAX_LAYER_CELLS = 2_000_000
MAX_TILE_PX = 1024
MAX_IMAGE_PX = 16384
MAX_TABLE_INCHES = 200.0
MIN_TABLE_INCHES = 1.0
MAX_LAYERS = 64
MAX_TILESETS = 64
MAX_TILESET_TILES = 65_536
MAX_OBJECTS = 2_000
MAX_POLY_POINTS = 200
MAX_TOTAL_POINTS = 4_000
FLIP_MASK = 0x0FFFFFFF  # Tiled's flip/rotate flags live in the top four bits
ZONE_LAYERS = {"zones", "sectors", "deployment"}
_PROP_TYPES = {"bool", "color", "file", "float", "int", "object", "string", "enum"}
_BOOL = {"1", "y", "t", "-", "0", "n", "f"}
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


def _num(el: ET.Element, attr: str, default: float | None = None, limit: float = 1e7) -> float:
    v = el.get(attr)
    if v is None:
        if default is None:
            raise Fault(f"missing {attr}")
        return default
    try:
        f = float(v)
    except ValueError:
        raise Fault(f"{attr}={v!r} is not a number") from None
    if not math.isfinite(f):
        raise Fault(f"{attr}={v!r} is not a finite number")
    if abs(f) > limit:
        raise Fault(f"{attr}={v!r} is out of range (±{limit:g})")
    return f


def _int(el: ET.Element, attr: str, default: int | None = None) -> int:
    f = _num(el, attr, None if default is None else float(default), limit=2**32)
    if f != int(f):
        raise Fault(f"{attr}={el.get(attr)!r} is not a whole number")
    return int(f)


def merge_properties(el: ET.Element) -> None:
    """One ``<properties>`` block holding what pytmx would read from all of them (last wins)."""
    blocks = el.findall("properties")
    if len(blocks) > 1:
        merged: dict[str, ET.Element] = {}
        for b in blocks:
            for p in b.findall("property"):
                merged[p.get("name") or ""] = p
            el.remove(b)
        one = ET.SubElement(el, "properties")
        one.extend(merged.values())


def properties(el: ET.Element) -> dict[str, ET.Element]:
    """Name → <property> element, after merge_properties."""
    block = el.find("properties")
    return {} if block is None else {p.get("name") or "": p for p in block.findall("property")}


def _cast_check(el: ET.Element) -> None:
    """Refuse what pytmx would fail to cast; make harmless Tiled spellings castable."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame if it can
    from pytmx.pytmx import convert_to_bool, types
    for key, value in list(el.items()):
        cast = types.get(key) if key in types else None
        if cast is int:
            try:
                int(value)
            except ValueError:
                if key in ("offsetx", "offsety") and re.fullmatch(r"-?\d+(\.\d*)?", value.strip()):
                    el.set(key, str(round(float(value))))  # newer Tiled writes sub-pixel offsets
                else:
                    raise Fault(f"{key}={value!r} is not a whole number") from None
        elif cast is float:
            try:
                f = float(value)
            except ValueError:
                raise Fault(f"{key}={value!r} is not a number") from None
            if not math.isfinite(f):
                raise Fault(f"{key}={value!r} is not a finite number")
        elif cast is convert_to_bool and (value.strip()[:1].lower() not in _BOOL and value.strip()):
            raise Fault(f"{key}={value!r} is not true or false")
    if el.tag == "property":
        typ = el.get("type")
        if typ == "class":
            # pytmx would need the project's class definitions; the game reads no class-valued property
            raise _Drop()
        if typ is not None and typ not in _PROP_TYPES:
            el.attrib.pop("type")
        value = el.get("value")
        if typ in ("int", "object", "float", "bool") and value is None:
            el.set("value", (el.text or "").strip() or ("false" if typ == "bool" else "0"))
        value = el.get("value")
        if typ in ("int", "object") and not re.fullmatch(r"\s*[-+]?\d+\s*", value or ""):
            raise Fault(f"property {el.get('name')!r} of type {typ} has value {value!r}")
        if typ == "float":
            try:
                float(value)
            except ValueError:
                raise Fault(f"property {el.get('name')!r} of type float has value {value!r}") from None
        if typ == "bool" and value.strip()[:1].lower() not in _BOOL and value.strip():
            raise Fault(f"property {el.get('name')!r} of type bool has value {value!r}")


class _Drop(Exception):
    pass


class _Guard:
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
            raise Fault(_ORIENTATION_HELP.get(orient, f"orientation {orient!r} is not supported; in Tiled choose "
                                                      "Map > Map Properties > Orientation: Orthogonal"))
        if root.get("infinite", "0") not in ("0", "false"):
            raise Fault("infinite maps are not supported: in Tiled untick Map > Map Properties > Infinite "
                        "(the map is cropped to its tiles) and save again")
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
            raise Fault(f"table is {wi:.4g}x{hi:.4g} in with inch={self.inch:g} px (each side "
                        f"{MIN_TABLE_INCHES:g} to {MAX_TABLE_INCHES:g} in)")

    # -- tilesets -------------------------------------------------------------------------------
    def _tilesets(self, root: ET.Element) -> None:
        tilesets = root.findall("tileset")
        if len(tilesets) > MAX_TILESETS:
            self.fault("map", f"{len(tilesets)} tilesets (limit {MAX_TILESETS})")
            return
        for ts in tilesets:
            src = ts.get("source")
            where = f"tileset {src or ts.get('name', '?')}"
            try:
                first = _int(ts, "firstgid")
                if not 1 <= first <= FLIP_MASK:
                    raise Fault(f"firstgid {first} is out of range")
                if src is not None:
                    if not src.lower().endswith(".tsx"):
                        raise Fault("external tileset is not a .tsx file (in Tiled save it as a .tsx)")
                    tpath = safe_ref(self.folder, src, self.root)
                    if not os.path.exists(tpath):
                        raise Fault("external tileset file is missing")
                    tsx = self.read(tpath)
                    if tsx.tag != "tileset":
                        raise Fault(f"root element is <{tsx.tag}>, not <tileset>")
                    self._inline(ts, tsx, first, os.path.dirname(tpath))
                    self.by_source[tpath] = first
                else:
                    self._images(ts, self.folder)
                self.ranges.append((first, *self._count(ts)))
            except Fault as e:
                self.fault(where, str(e))
        self.ranges.sort(key=lambda r: r[0])
        self.firsts = [r[0] for r in self.ranges]
        for (a, n, _), (b, _, _) in zip(self.ranges, self.ranges[1:]):
            if a + n > b:
                self.fault("map", f"tilesets overlap (firstgid {a} holds {n} tiles, next firstgid {b})")

    def _inline(self, ts: ET.Element, tsx: ET.Element, first: int, tsx_folder: str) -> None:
        """Turn ``<tileset firstgid source>`` into the tileset itself, image paths from the map's folder."""
        self._images(tsx, tsx_folder)
        ts.attrib.clear()
        ts.attrib.update(tsx.attrib)
        ts.set("firstgid", str(first))
        ts[:] = list(tsx)

    def _images(self, el: ET.Element, folder: str) -> None:
        for img in el.iter("image"):
            src = img.get("source")
            if src is None:
                continue
            p = safe_ref(folder, src, self.root)
            img.set("source", os.path.relpath(p, self.folder).replace(os.sep, "/"))
            for a in ("width", "height"):
                if img.get(a) is not None and not 0 <= _int(img, a) <= MAX_IMAGE_PX:
                    raise Fault(f"image {a} {img.get(a)} is out of range (0 to {MAX_IMAGE_PX})")
            if img.get("width") is None or img.get("height") is None:
                size = png_size(p)
                if size is None:
                    raise Fault(f"image {src!r} has no width/height and is not a readable PNG "
                                "(open and save the tileset in Tiled)")
                img.set("width", str(size[0]))
                img.set("height", str(size[1]))
                if not all(0 <= s <= MAX_IMAGE_PX for s in size):
                    raise Fault(f"image {src!r} is {size[0]}x{size[1]} px (limit {MAX_IMAGE_PX})")

    @staticmethod
    def _count(ts: ET.Element) -> tuple[int, set[int] | None]:
        """Tiles a tileset holds as Tiled counts them: an image tileset by its grid (or tilecount), an
        image collection by its tile ids (which may skip numbers, so the highest id sets the range)."""
        tw, th = _int(ts, "tilewidth", 0), _int(ts, "tileheight", 0)
        img = ts.find("image")
        ids = {_int(t, "id") for t in ts.findall("tile")}
        if img is not None:
            if not (0 < tw <= MAX_IMAGE_PX and 0 < th <= MAX_IMAGE_PX):
                raise Fault(f"absurd tile size {tw}x{th} px")
            sp, mg = _int(ts, "spacing", 0), _int(ts, "margin", 0)
            if not (0 <= sp <= MAX_IMAGE_PX and 0 <= mg <= MAX_IMAGE_PX):
                raise Fault("spacing or margin is out of range")
            cols = max(0, (_int(img, "width", 0) - 2 * mg + sp) // (tw + sp))
            rows = max(0, (_int(img, "height", 0) - 2 * mg + sp) // (th + sp))
            n = max(cols * rows, _int(ts, "tilecount", 0))
            if cols * rows > MAX_TILESET_TILES:
                raise Fault(f"{cols * rows} tiles in the image (limit {MAX_TILESET_TILES})")
            found = None
        else:
            n = max(max(ids) + 1 if ids else 0, _int(ts, "tilecount", 0))
            found = ids
        if not 0 <= n <= MAX_TILESET_TILES or any(i < 0 for i in ids):
            raise Fault(f"{n} tiles (limit {MAX_TILESET_TILES})")
        return n, found

    def gid_ok(self, gid: int) -> bool:
        g = gid & FLIP_MASK
        if g == 0:
            return True
        i = bisect.bisect_right(self.firsts, g) - 1
        if i < 0:
            return False
        first, n, ids = self.ranges[i]
        return g - first < n and (ids is None or (g - first) in ids)

    def max_gid(self) -> int:
        return max((a + n - 1 for a, n, _ in self.ranges), default=0)

    # -- templates --------------------------------------------------------------------------------
    def _templates(self, root: ET.Element) -> None:
        for grp in root.iter("objectgroup"):
            for obj in grp.findall("object"):
                ref = obj.get("template")
                if ref is None:
                    continue
                try:
                    grp[list(grp).index(obj)] = self._resolve(obj, ref)
                except Fault as e:
                    self.fault(f"{grp.get('name', '') or 'objectgroup'} object {obj.get('name') or obj.get('id', '?')}",
                               f"template {ref!r}: {e}")

    def _resolve(self, obj: ET.Element, ref: str) -> ET.Element:
        """The object as Tiled shows it: the template's object, overridden by the instance."""
        path = safe_ref(self.folder, ref, self.root)
        if path not in self.templates:
            if len(self.templates) >= MAX_TILESETS:
                raise Fault(f"more than {MAX_TILESETS} template files")
            if not path.lower().endswith(".tx"):
                raise Fault("not a .tx template (in Tiled save templates as .tx)")
            tx = self.read(path)
            if tx.tag != "template" or tx.find("object") is None:
                raise Fault("not a Tiled template (<template> with one <object>)")
            self.templates[path] = tx
        tx = self.templates[path]
        base = copy.deepcopy(tx.find("object"))
        if base.find(".//*[@template]") is not None or base.get("template"):
            raise Fault("templates inside templates are not supported")
        if base.get("gid") is not None:
            tts = tx.find("tileset")
            if tts is None or tts.get("source") is None:
                raise Fault("a tile template needs an external .tsx tileset")
            tsrc = safe_ref(os.path.dirname(path), tts.get("source"), self.root)
            if tsrc not in self.by_source:
                raise Fault(f"its tileset {tts.get('source')!r} is not in the map (add it in Tiled)")
            g = _int(base, "gid")
            base.set("gid", str((g & ~FLIP_MASK) | ((g & FLIP_MASK) - _int(tts, "firstgid") + self.by_source[tsrc])))
        merge_properties(base)
        merge_properties(obj)
        for k, v in obj.attrib.items():
            if k != "template":
                base.set(k, v)
        inst = properties(obj)
        if inst:
            block = base.find("properties")
            if block is None:
                block = ET.SubElement(base, "properties")
            have = properties(base)
            for name, p in inst.items():
                if name in have:
                    block.remove(have[name])
                block.append(p)
        shapes = ("polygon", "polyline", "ellipse", "point", "text")
        if any(obj.find(s) is not None for s in shapes):
            for s in shapes:
                for el in base.findall(s):
                    base.remove(el)
            base.extend(el for el in obj if el.tag in shapes)
        return base

    # -- every element: properties merged, casts pytmx will make checked ------------------------
    def _sanitise(self, root: ET.Element) -> None:
        total = 0
        for el in list(root.iter()):
            total += 1
            if total > MAX_ELEMENTS:
                self.fault("map", f"more than {MAX_ELEMENTS} elements with tilesets and templates resolved")
                return
            merge_properties(el)
            block = el.find("properties")
            for p in [] if block is None else list(block):
                try:
                    _cast_check(p)
                except _Drop:
                    block.remove(p)
                except Fault as e:
                    self.fault(self._where(el), str(e))
            try:
                _cast_check(el)
            except Fault as e:
                self.fault(self._where(el), str(e))
        for il in root.iter("imagelayer"):
            if il.find("image") is None:
                ET.SubElement(il, "image")  # pytmx reads the image element unconditionally

    @staticmethod
    def _where(el: ET.Element) -> str:
        label = el.get("name") or el.get("id") or ""
        return f"{el.tag} {label}".strip()

    # -- layers and objects ---------------------------------------------------------------------
    def _layers(self, root: ET.Element) -> None:
        layers = list(root.iter("layer")) + list(root.iter("objectgroup")) + list(root.iter("imagelayer"))
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
            src = img.find("image").get("source")
            if src:
                try:
                    safe_ref(self.folder, src, self.root)
                except Fault as e:
                    self.fault(f"imagelayer {img.get('name', '?')}", str(e))
        n_obj = sum(1 for _ in root.iter("object"))
        if n_obj > MAX_OBJECTS:
            self.fault("map", f"{n_obj} objects (limit {MAX_OBJECTS})")
            return
        for grp in root.iter("objectgroup"):
            for obj in grp.findall("object"):
                self._object(grp.get("name", "").strip().lower(), obj)

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
                gids = [int(v) for v in text.split(",")] if text else []
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
        for i, g in enumerate(gids):
            if g < 0 or g > 0xFFFFFFFF or not self.gid_ok(g):
                raise Fault(f"gid {g & FLIP_MASK} at tile {i} is in no tileset (max {self.max_gid()})")
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
            raise Fault("zstd compression is not supported (in Tiled choose Map > Map Properties > Tile Layer "
                        "Format: CSV, Base64 zlib or gzip)")
        elif comp:
            raise Fault(f"unknown compression {comp!r}")
        if len(raw) % 4:
            raise Fault("data length is not a whole number of tiles")
        if len(raw) > need * 4:
            raise Fault(f"data holds {len(raw) // 4} tiles, more than width×height = {need}")
        return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]

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
            for p in properties(obj).values():
                if p.get("type") == "file" and p.get("value"):
                    safe_ref(self.folder, p.get("value"), self.root)
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
    return _Guard(path, root).run()
