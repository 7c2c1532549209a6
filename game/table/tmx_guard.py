"""Checks a Tiled .tmx file (and its .tsx tilesets) with xml.etree BEFORE pytmx sees it.

Untrusted input (DESIGN: untrusted files): refuses DOCTYPE/ENTITY declarations (entity expansion),
broken or empty XML, absurd sizes, infinite maps, non-orthogonal maps, unknown or zstd compression,
decompression bombs (output capped at width×height×4 bytes), layer data shorter or longer than
width×height, gids beyond the tilesets, missing or non-.tsx external tilesets, file references
that escape the map's folder, object templates, zones with fewer than 3 points, self-intersecting
polygons and deployment outside the map. Every problem reads ``FILE: element: fault``.
"""
from __future__ import annotations

import base64
import binascii
import os
import re
import zlib
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .geometry import self_intersects

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_TILES_SIDE = 1000
MAX_CELLS = 1_000_000
MAX_TILE_PX = 1024
MAX_LAYERS = 64
MAX_OBJECTS = 20_000
MAX_POINTS = 10_000
FLIP_MASK = 0x0FFFFFFF  # Tiled's flip/rotate flags live in the top four bits
_DECL = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
ZONE_LAYERS = {"zones", "sectors", "deployment"}


@dataclass
class GuardReport:
    """What the guard found: problems, plus what the loader needs that pytmx drops."""

    problems: list[str] = field(default_factory=list)
    shapes: dict[int, str] = field(default_factory=dict)
    """Object id → "ellipse" or "point" (pytmx does not say)."""


class _Fault(Exception):
    pass


def _num(el: ET.Element, attr: str, default: float | None = None) -> float:
    v = el.get(attr)
    if v is None:
        if default is None:
            raise _Fault(f"missing {attr}")
        return default
    try:
        f = float(v)
    except ValueError:
        raise _Fault(f"{attr}={v!r} is not a number") from None
    if f != f or f in (float("inf"), float("-inf")):
        raise _Fault(f"{attr}={v!r} is not a finite number")
    return f


def _int(el: ET.Element, attr: str, default: int | None = None) -> int:
    f = _num(el, attr, None if default is None else float(default))
    if f != int(f):
        raise _Fault(f"{attr}={el.get(attr)!r} is not a whole number")
    return int(f)


def safe_ref(folder: str, ref: str) -> str:
    """The file a reference names, or _Fault if it is absolute or escapes ``folder``."""
    if not ref or os.path.isabs(ref) or ref.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", ref) \
            or "://" in ref:
        raise _Fault(f"reference {ref!r} is absolute or a URL")
    parts = re.split(r"[\\/]+", ref)
    if ".." in parts:
        raise _Fault(f"reference {ref!r} escapes the map's folder")
    path = os.path.realpath(os.path.join(folder, ref))
    root = os.path.realpath(folder)
    if os.path.commonpath([path, root]) != root:
        raise _Fault(f"reference {ref!r} escapes the map's folder")
    return path


def read_xml(path: str) -> ET.Element:
    """Parse a small XML file that declares no DOCTYPE or entities."""
    try:
        size = os.path.getsize(path)
    except OSError as e:
        raise _Fault(f"cannot read ({e.strerror or e})") from None
    if size > MAX_FILE_BYTES:
        raise _Fault(f"file is {size} bytes (limit {MAX_FILE_BYTES})")
    with open(path, "rb") as fh:
        data = fh.read()
    if not data.strip():
        raise _Fault("empty file")
    if _DECL.search(data):
        raise _Fault("DOCTYPE/ENTITY declarations are refused (entity expansion)")
    try:
        return ET.fromstring(data)
    except ET.ParseError as e:
        raise _Fault(f"broken XML ({e})") from None


def _tileset_count(ts: ET.Element) -> int:
    """Tiles in a tileset element (tilecount, else image size / tile size, else <tile> ids)."""
    if ts.get("tilecount") is not None:
        n = _int(ts, "tilecount")
    else:
        img = ts.find("image")
        if img is not None and img.get("width") and img.get("height"):
            tw, th = _int(ts, "tilewidth"), _int(ts, "tileheight")
            sp, mg = _int(ts, "spacing", 0), _int(ts, "margin", 0)
            n = ((_int(img, "width") - 2 * mg + sp) // (tw + sp)) * ((_int(img, "height") - 2 * mg + sp) // (th + sp))
        else:
            ids = [_int(t, "id") for t in ts.findall("tile")]
            n = max(ids) + 1 if ids else 0
    if n < 0 or n > MAX_CELLS:
        raise _Fault(f"tilecount {n} is out of range")
    return n


class _Guard:
    def __init__(self, path: str):
        self.path = str(path)
        self.name = str(path)
        self.folder = os.path.dirname(os.path.abspath(self.path))
        self.report = GuardReport()

    def fault(self, element: str, msg: str) -> None:
        self.report.problems.append(f"{self.name}: {element}: {msg}")

    def run(self) -> GuardReport:
        if not self.path.lower().endswith(".tmx"):
            self.fault("file", "not a .tmx map")
        try:
            root = read_xml(self.path)
        except _Fault as e:
            self.fault("file", str(e))
            return self.report
        if root.tag != "map":
            self.fault("map", f"root element is <{root.tag}>, not <map>")
            return self.report
        try:
            self._map_attrs(root)
        except _Fault as e:
            self.fault("map", str(e))
            return self.report
        max_gid = self._tilesets(root)
        if self.report.problems:
            return self.report
        self._layers(root, max_gid)
        return self.report

    def _map_attrs(self, root: ET.Element) -> None:
        self.w, self.h = _int(root, "width"), _int(root, "height")
        self.tw, self.th = _int(root, "tilewidth"), _int(root, "tileheight")
        if root.get("infinite", "0") not in ("0", "false"):
            raise _Fault("infinite maps are not supported")
        if root.get("orientation", "orthogonal") != "orthogonal":
            raise _Fault(f"orientation {root.get('orientation')!r} is not orthogonal")
        if not (0 < self.w <= MAX_TILES_SIDE and 0 < self.h <= MAX_TILES_SIDE) or self.w * self.h > MAX_CELLS:
            raise _Fault(f"absurd size {self.w}x{self.h} tiles (limit {MAX_TILES_SIDE} a side)")
        if not (0 < self.tw <= MAX_TILE_PX and 0 < self.th <= MAX_TILE_PX):
            raise _Fault(f"absurd tile size {self.tw}x{self.th} px")
        self.inch = float(self.tw)
        props = root.find("properties")
        if props is not None:
            for p in props.findall("property"):
                if p.get("name") == "inch":
                    try:
                        self.inch = float(p.get("value", p.text or ""))
                    except ValueError:
                        raise _Fault(f"property inch={p.get('value')!r} is not a number") from None
                    if not (0.01 <= self.inch <= 10_000):
                        raise _Fault(f"property inch={self.inch} is out of range")
        self.pw, self.ph = self.w * self.tw, self.h * self.th

    def _tilesets(self, root: ET.Element) -> int:
        max_gid = 0
        for ts in root.findall("tileset"):
            src = ts.get("source")
            where = f"tileset {src or ts.get('name', '?')}"
            try:
                first = _int(ts, "firstgid")
                if first < 1:
                    raise _Fault(f"firstgid {first} < 1")
                if src is not None:
                    if not src.lower().endswith(".tsx"):
                        raise _Fault("external tileset is not a .tsx file")
                    tpath = safe_ref(self.folder, src)
                    if not os.path.isfile(tpath):
                        raise _Fault("external tileset file is missing")
                    tsx = read_xml(tpath)
                    if tsx.tag != "tileset":
                        raise _Fault(f"root element is <{tsx.tag}>, not <tileset>")
                    self._images(tsx, os.path.dirname(tpath))
                    n = _tileset_count(tsx)
                else:
                    self._images(ts, self.folder)
                    n = _tileset_count(ts)
                max_gid = max(max_gid, first + n - 1)
            except _Fault as e:
                self.fault(where, str(e))
        return max_gid

    def _images(self, el: ET.Element, folder: str) -> None:
        for img in el.iter("image"):
            src = img.get("source")
            if src is not None:
                p = safe_ref(folder, src)
                if os.path.commonpath([p, os.path.realpath(self.folder)]) != os.path.realpath(self.folder):
                    raise _Fault(f"image {src!r} escapes the map's folder")
        for tpl in el.iter("object"):
            if tpl.get("template"):
                raise _Fault("object templates are not supported")

    def _layers(self, root: ET.Element, max_gid: int) -> None:
        layers = list(root.iter("layer")) + list(root.iter("objectgroup")) + list(root.iter("imagelayer"))
        if len(layers) > MAX_LAYERS:
            self.fault("map", f"{len(layers)} layers (limit {MAX_LAYERS})")
            return
        for lay in root.iter("layer"):
            where = f"layer {lay.get('name', '?')}"
            try:
                self._tile_layer(lay, max_gid)
            except _Fault as e:
                self.fault(where, str(e))
        for img in root.iter("imagelayer"):
            for im in img.iter("image"):
                try:
                    safe_ref(self.folder, im.get("source", ""))
                except _Fault as e:
                    self.fault(f"imagelayer {img.get('name', '?')}", str(e))
        n_obj = sum(1 for _ in root.iter("object"))
        if n_obj > MAX_OBJECTS:
            self.fault("map", f"{n_obj} objects (limit {MAX_OBJECTS})")
            return
        for grp in root.iter("objectgroup"):
            for obj in grp.findall("object"):
                self._object(grp.get("name", "").lower(), obj, max_gid)

    def _tile_layer(self, lay: ET.Element, max_gid: int) -> None:
        lw, lh = _int(lay, "width", self.w), _int(lay, "height", self.h)
        if (lw, lh) != (self.w, self.h):
            raise _Fault(f"size {lw}x{lh} differs from the map's {self.w}x{self.h}")
        data = lay.find("data")
        if data is None:
            raise _Fault("no <data>")
        if data.find("chunk") is not None:
            raise _Fault("chunked (infinite) data is not supported")
        enc, comp = data.get("encoding"), data.get("compression")
        need = self.w * self.h
        if enc is None:
            if comp:
                raise _Fault(f"compression {comp!r} without encoding")
            gids = [_int(t, "gid", 0) for t in data.findall("tile")]
        elif enc == "csv":
            if comp:
                raise _Fault(f"compression {comp!r} with csv encoding")
            text = (data.text or "").strip()
            try:
                gids = [int(v) for v in text.replace("\n", "").split(",")] if text else []
            except ValueError:
                raise _Fault("csv data holds a non-number") from None
        elif enc == "base64":
            gids = self._base64(data, comp, need)
        else:
            raise _Fault(f"unknown encoding {enc!r}")
        if len(gids) < need:
            raise _Fault(f"data holds {len(gids)} tiles, fewer than width×height = {need}")
        if len(gids) > need:
            raise _Fault(f"data holds {len(gids)} tiles, more than width×height = {need}")
        for i, g in enumerate(gids):
            if g < 0 or (g & FLIP_MASK) > max_gid:
                raise _Fault(f"gid {g & FLIP_MASK} at tile {i} is beyond the tilesets (max {max_gid})")

    def _base64(self, data: ET.Element, comp: str | None, need: int) -> list[int]:
        text = re.sub(r"\s+", "", data.text or "")
        if len(text) > MAX_FILE_BYTES:
            raise _Fault("base64 data is too long")
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise _Fault("bad base64 data") from None
        cap = need * 4
        if comp in ("zlib", "gzip"):
            d = zlib.decompressobj(zlib.MAX_WBITS if comp == "zlib" else 16 + zlib.MAX_WBITS)
            try:
                out = d.decompress(raw, cap + 4)
            except zlib.error as e:
                raise _Fault(f"bad {comp} data ({e})") from None
            if d.unconsumed_tail or len(out) > cap:
                raise _Fault(f"decompressed data exceeds width×height×4 = {cap} bytes (decompression bomb?)")
            if not d.eof:
                raise _Fault(f"truncated {comp} data")
            raw = out
        elif comp == "zstd":
            raise _Fault("zstd compression is not supported (use zlib, gzip or csv)")
        elif comp:
            raise _Fault(f"unknown compression {comp!r}")
        if len(raw) % 4:
            raise _Fault("data length is not a whole number of tiles")
        return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]

    def _object(self, layer: str, obj: ET.Element, max_gid: int) -> None:
        oid = obj.get("id", "?")
        where = f"{layer or 'objectgroup'} object {obj.get('name') or oid}"
        try:
            if obj.get("template"):
                raise _Fault("object templates are not supported")
            x, y = _num(obj, "x", 0.0), _num(obj, "y", 0.0)
            w, h = _num(obj, "width", 0.0), _num(obj, "height", 0.0)
            if abs(x) > 1e7 or abs(y) > 1e7 or not (0 <= w <= 1e7 and 0 <= h <= 1e7):
                raise _Fault("absurd position or size")
            gid = obj.get("gid")
            if gid is not None and (_int(obj, "gid") & FLIP_MASK) > max_gid:
                raise _Fault(f"gid {gid} is beyond the tilesets (max {max_gid})")
            for p in obj.iter("property"):
                if p.get("type") == "file" and p.get("value"):
                    safe_ref(self.folder, p.get("value"))
            pts = None
            for tag in ("polygon", "polyline"):
                el = obj.find(tag)
                if el is not None:
                    pts = self._points(el.get("points", ""))
                    if tag == "polygon" and len(pts) < 3:
                        raise _Fault(f"polygon has {len(pts)} points, fewer than 3")
                    if tag == "polygon" and self_intersects(pts):
                        raise _Fault("polygon intersects itself")
                    if tag == "polyline" and len(pts) < 1:
                        raise _Fault("polyline has no points")
            kind = "rect"
            if obj.find("ellipse") is not None:
                kind = "ellipse"
            elif obj.find("point") is not None:
                kind = "point"
            elif pts is not None:
                kind = "poly"
            if kind in ("ellipse", "point"):
                self.report.shapes[int(obj.get("id", "0") or 0)] = kind
            if layer in ZONE_LAYERS:
                if obj.find("polyline") is not None:
                    raise _Fault("an area needs a polygon, rectangle or ellipse, not a polyline")
                if kind == "point":
                    raise _Fault("an area needs at least 3 points, not a point")
                if kind in ("rect", "ellipse") and (w <= 0 or h <= 0):
                    raise _Fault("a rectangle area needs a width and height (fewer than 3 points)")
            if layer == "deployment":
                corners = [(x + px, y + py) for px, py in pts] if pts else [(x, y), (x + w, y + h)]
                if abs(_num(obj, "rotation", 0.0)) > 1e-9:
                    raise _Fault("deployment areas may not be rotated")
                if any(not (-1e-6 <= cx <= self.pw + 1e-6 and -1e-6 <= cy <= self.ph + 1e-6) for cx, cy in corners):
                    raise _Fault("deployment area lies outside the map")
        except _Fault as e:
            self.fault(where, str(e))

    @staticmethod
    def _points(text: str) -> list[tuple[float, float]]:
        out = []
        items = text.split()
        if len(items) > MAX_POINTS:
            raise _Fault(f"{len(items)} points (limit {MAX_POINTS})")
        for item in items:
            try:
                a, b = item.split(",")
                fx, fy = float(a), float(b)
            except ValueError:
                raise _Fault(f"bad point {item!r}") from None
            if fx != fx or fy != fy or abs(fx) > 1e7 or abs(fy) > 1e7:
                raise _Fault(f"bad point {item!r}")
            out.append((fx, fy))
        return out


def guard(path: str) -> GuardReport:
    """Pre-validate a .tmx file (see module doc); never raises for a bad file."""
    return _Guard(path).run()
