"""pymunk's private layer is used by game/table/chipmunk.py alone, and what that adapter relies on is
still there in the installed pymunk: the C functions with the same parameter and result types, the
result structs' fields, the cffi handles of shapes, bodies and spaces, and the same answers as
pymunk's public queries. A pymunk upgrade that changes any of it fails here, naming what changed."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pymunk
from pymunk._chipmunk_cffi import ffi, lib

from game.table import chipmunk

ROOT = Path(__file__).resolve().parents[2]


def test_the_c_functions_keep_their_signatures() -> None:
    changed = {}
    for name, (result, params) in chipmunk.RELIED_ON["functions"].items():
        fn = getattr(lib, name, None)
        if fn is None:
            changed[name] = "gone"
            continue
        t = ffi.typeof(fn)
        found = (t.result.cname, tuple(a.cname for a in t.args))
        if found != (result, params):
            changed[name] = f"now {found[0]} ({', '.join(found[1])})"
    assert changed == {}, f"pymunk {pymunk.version} changed its private C functions: {changed}"


def test_the_result_structs_keep_their_fields() -> None:
    changed = {}
    for struct, fields in chipmunk.RELIED_ON["structs"].items():
        have = {n: f.type.cname for n, f in ffi.typeof(struct).fields}
        for field, ctype in fields.items():
            if have.get(field) != ctype:
                changed[f"{struct}.{field}"] = have.get(field, "gone")
    assert changed == {}, f"pymunk {pymunk.version} changed its query structs: {changed}"


def test_shapes_bodies_and_spaces_keep_their_cffi_handles() -> None:
    space = pymunk.Space()
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    shape = pymunk.Circle(body, 0.5)
    space.add(body, shape)
    objects = {"Shape": shape, "Body": body, "Space": space}
    changed = {}
    for cls, (attr, ctype) in chipmunk.RELIED_ON["handles"].items():
        handle = getattr(objects[cls], attr, None)
        if not isinstance(handle, ffi.CData) or ffi.typeof(handle).cname != ctype:
            changed[f"{cls}.{attr}"] = repr(handle)
    assert changed == {}, f"pymunk {pymunk.version} changed its objects' handles: {changed}"


def test_the_adapter_answers_as_pymunks_public_queries() -> None:
    space = pymunk.Space()
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    circle = pymunk.Circle(body, 0.5)
    box = pymunk.Poly(space.static_body, [(4, 4), (6, 4), (6, 7), (4, 7)])
    space.add(body, circle, box)
    chipmunk.move_body(space, body, 1.0, 2.0)
    assert tuple(body.position) == (1.0, 2.0)
    assert circle.bb == pymunk.BB(0.5, 1.5, 1.5, 2.5)  # the shape's cache follows its body
    assert space.point_query_nearest((1.2, 2.0), 0.0, pymunk.ShapeFilter()).shape is circle
    for shape in (circle, box):
        for a, b, r in (((-3.0, 2.0), (9.0, 2.0), 0.2), ((5.0, 0.0), (5.0, 10.0), 0.0), ((0.0, 9.0), (9.0, 9.0), 0.1)):
            q = shape.segment_query(a, b, r)
            assert chipmunk.segment_alpha(shape, a, b, r) == (None if q is None else q.alpha)
            assert math.isclose(chipmunk.point_distance(shape, a), shape.point_query(a).distance)


def _private_uses(path: Path) -> list[str]:
    """Imports of pymunk's private modules, and reads of the cffi handles of pymunk's objects."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pymunk._"):
            found.append(f"line {node.lineno}: from {node.module}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if a.name.startswith("pymunk._")]
        elif isinstance(node, ast.Attribute) and node.attr in ("_shape", "_body"):
            found.append(f"line {node.lineno}: .{node.attr}")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "_space"
            and not (isinstance(node.value, ast.Name) and node.value.id == "self")
        ):
            found.append(f"line {node.lineno}: ._space")
    return found


def test_only_the_adapter_touches_pymunks_private_layer() -> None:
    uses = {
        str(p.relative_to(ROOT)): got
        for p in sorted((ROOT / "game").rglob("*.py"))
        if p.name != "chipmunk.py" and (got := _private_uses(p))
    }
    assert uses == {}
    assert _private_uses(ROOT / "game" / "table" / "chipmunk.py")  # the check sees what the adapter does
