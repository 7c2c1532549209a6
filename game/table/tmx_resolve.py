"""Resolving what a Tiled map names into the one tree pytmx parses, and what pytmx would trip on.

Part of the map guard (tmx_guard): external tilesets inlined (image paths rewritten from the map's
folder), gids counted as Tiled counts them, object templates (.tx) applied as Tiled shows them,
``<properties>`` blocks merged as pytmx merges them (last value wins), and every attribute and
property value pytmx casts checked first (pytmx raises bare TypeError/KeyError/ValueError).
"""

from __future__ import annotations

import bisect
import copy
import math
import os
import re
import xml.etree.ElementTree as ET

from .image_size import image_size
from .tmx_read import MAX_ELEMENTS, Fault, safe_ref

MAX_IMAGE_PX = 16384
#: Pixels of every image a map names, summed (tilesets, collection tiles, image layers): the window
#: decodes each whole (4 bytes a pixel) and keeps a converted copy of its tiles (maps/README.md).
MAX_MAP_IMAGE_PIXELS = 4096 * 4096
MAX_TILESETS = 64
MAX_TILESET_TILES = 65_536
FLIP_MASK = 0x0FFFFFFF  # Tiled's flip/rotate flags live in the top four bits
_PROP_TYPES = {"bool", "color", "file", "float", "int", "object", "string", "enum"}
_BOOL = {"1", "y", "t", "-", "0", "n", "f"}


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
        if typ is not None and typ not in _PROP_TYPES:
            el.attrib.pop("type")
        if typ in ("int", "object", "float", "bool") and not (el.get("value") or "").strip():
            el.set("value", (el.text or "").strip() or ("false" if typ == "bool" else "0"))
        value = el.get("value") or ""
        if typ in ("int", "object") and not re.fullmatch(r"\s*[-+]?\d+\s*", value or ""):
            raise Fault(f"property {el.get('name')!r} of type {typ} has value {value!r}")
        if typ == "float":
            try:
                float(value)
            except ValueError:
                raise Fault(f"property {el.get('name')!r} of type float has value {value!r}") from None
        if typ == "bool" and value.strip()[:1].lower() not in _BOOL and value.strip():
            raise Fault(f"property {el.get('name')!r} of type bool has value {value!r}")


class Resolver:
    """Tilesets, templates and casts for _Guard (which provides read, fault, folder, root, report)."""

    ranges: list[tuple[int, int, set[int] | None]]
    firsts: list[int]
    by_source: dict[str, int]
    templates: dict[str, ET.Element]
    folder: str
    root: str
    image_pixels: int

    def read(self, path: str) -> ET.Element:
        raise NotImplementedError

    def fault(self, element: str, msg: str) -> None:
        raise NotImplementedError

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
        for (a, n, _), (b, _, _) in zip(self.ranges, self.ranges[1:], strict=False):
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
            size = self.image(p, src)
            if size is None:
                if img.get("width") is None or img.get("height") is None:
                    raise Fault(
                        f"image {src!r} has no width/height and is missing (open and save the tileset in Tiled)"
                    )
                continue
            img.set("width", str(size[0]))  # what the decoder will make, whatever the file claims
            img.set("height", str(size[1]))

    def image(self, path: str, src: str) -> tuple[int, int] | None:
        """The real pixel size of an image the map names, read from its header and counted against
        the map's image budget; None when the file is missing (the table needs no images; the
        window then draws no tiles). Fault when it is too big or its header cannot be read."""
        if not os.path.lexists(path):
            return None
        try:
            fmt, w, h = image_size(path)
        except Fault as e:
            raise Fault(f"image {src!r}: {e}") from None
        if not (0 < w <= MAX_IMAGE_PX and 0 < h <= MAX_IMAGE_PX):
            raise Fault(f"image {src!r} is a {fmt} of {w}x{h} px (each side 1 to {MAX_IMAGE_PX})")
        self.image_pixels += w * h
        if self.image_pixels > MAX_MAP_IMAGE_PIXELS:
            raise Fault(
                f"image {src!r} ({w}x{h} px) takes the map's images past {MAX_MAP_IMAGE_PIXELS:,} pixels "
                "in all (use smaller tilesets, or fewer)"
            )
        return w, h

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
                    self.fault(
                        f"{grp.get('name', '') or 'objectgroup'} object {obj.get('name') or obj.get('id', '?')}",
                        f"template {ref!r}: {e}",
                    )

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
        found = tx.find("object")
        assert found is not None  # checked when the template was read
        base = copy.deepcopy(found)
        if base.find(".//*[@template]") is not None or base.get("template"):
            raise Fault("templates inside templates are not supported")
        if base.get("gid") is not None:
            tts = tx.find("tileset")
            tref = None if tts is None else tts.get("source")
            if tts is None or tref is None:
                raise Fault("a tile template needs an external .tsx tileset")
            tsrc = safe_ref(os.path.dirname(path), tref, self.root)
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

    # -- layer offsets -------------------------------------------------------------------------
    def _offsets(self, el: ET.Element, dx: float = 0.0, dy: float = 0.0) -> None:
        """Layer and group offsets (what Tiled writes when a layer is dragged) applied as Tiled draws
        them: each layer at its own offset plus its groups', objects moved by it (pytmx leaves
        object positions as written). Parallax moves a layer only while Tiled's view scrolls, so
        the table, which does not scroll, draws every layer at its offset alone."""
        for child in el:
            if child.tag not in ("group", "layer", "objectgroup", "imagelayer"):
                continue
            try:
                ox, oy = dx + _num(child, "offsetx", 0.0), dy + _num(child, "offsety", 0.0)
            except Fault as e:
                self.fault(self._where(child), str(e))
                continue
            for a in ("offsetx", "offsety"):
                child.attrib.pop(a, None)
            if child.tag == "group":
                self._offsets(child, ox, oy)
            elif child.tag == "objectgroup":
                if ox or oy:
                    for obj in child.findall("object"):
                        try:
                            obj.set("x", repr(_num(obj, "x", 0.0) + ox))
                            obj.set("y", repr(_num(obj, "y", 0.0) + oy))
                        except Fault:
                            pass  # the object's own check names the bad number
            elif ox or oy:
                child.set("offsetx", repr(ox))
                child.set("offsety", repr(oy))

    # -- every element: properties merged, casts pytmx will make checked ------------------------
    def _sanitise(self, root: ET.Element) -> None:
        # Class-typed properties (Tiled 1.9+; members nested inside, empty when all are defaults):
        # pytmx would need the project's class definitions, and the game reads none of them.
        for holder in list(root.iter("properties")):
            for p in holder.findall("property"):
                if p.get("type") == "class":
                    holder.remove(p)
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
                except Fault as e:
                    self.fault(self._where(el), str(e))
            if el.tag == "property":
                continue  # checked with its block above
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
