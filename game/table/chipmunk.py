"""pymunk's private layer, used here and nowhere else: the few Chipmunk C functions the table calls
straight through pymunk's cffi binding (``pymunk._chipmunk_cffi``) where pymunk's Python wrappers
cost more than the query itself.

- ``Shape.segment_query(a, b, r).alpha`` and ``Shape.point_query(p).distance`` make the same
  Chipmunk calls (cpShapeSegmentQuery, cpShapePointQuery) and then build result objects that cost
  3-5 times the query; the sweeps of an option list or a pushback ask tens of thousands of them a
  game. The result structs are allocated once per thread (the window's AI thread sweeps a clone
  while the frame loop sweeps previews) and refilled by each call: allocating one costs as much as
  the query.
- ``Body.position = …`` then ``Space.reindex_shapes_for_body`` are cpBodySetPosition and
  cpSpaceReindexShapesForBody under two Python layers each; a base moves many times a decision.

What this relies on (the C functions' names and argument counts, the cffi struct types and their
fields, the ``_shape`` / ``_body`` / ``_space`` handles) is listed in ``RELIED_ON`` and checked
against the installed pymunk by tests/table/test_chipmunk.py, which fails naming what changed.
"""

from __future__ import annotations

import threading

import pymunk
from pymunk._chipmunk_cffi import ffi, lib

#: what this module reads of pymunk's private layer: each C function's result and parameter types,
#: each result struct's fields read (with their types), and the cffi handle each pymunk class keeps
RELIED_ON = {
    "functions": {
        "cpShapeSegmentQuery": (
            "unsigned char",
            ("struct cpShape *", "struct cpVect", "struct cpVect", "double", "struct cpSegmentQueryInfo *"),
        ),
        "cpShapePointQuery": ("double", ("struct cpShape *", "struct cpVect", "struct cpPointQueryInfo *")),
        "cpBodySetPosition": ("void", ("struct cpBody *", "struct cpVect")),
        "cpSpaceReindexShapesForBody": ("void", ("struct cpSpace *", "struct cpBody *")),
    },
    "structs": {"cpSegmentQueryInfo": {"alpha": "double"}, "cpPointQueryInfo": {"distance": "double"}},
    "handles": {
        "Shape": ("_shape", "struct cpShape *"),
        "Body": ("_body", "struct cpBody *"),
        "Space": ("_space", "struct cpSpace *"),
    },
}

_segment_query = lib.cpShapeSegmentQuery
_point_query = lib.cpShapePointQuery
_set_position = lib.cpBodySetPosition
_reindex = lib.cpSpaceReindexShapesForBody


class _Results(threading.local):
    """This thread's result structs (``threading.local`` runs ``__init__`` in each thread that
    touches it)."""

    def __init__(self) -> None:
        self.segment = ffi.new("cpSegmentQueryInfo *")
        self.point = ffi.new("cpPointQueryInfo *")


_RESULTS = _Results()


def segment_alpha(shape: pymunk.Shape, a, b, r: float) -> float | None:
    """``shape.segment_query(a, b, r).alpha``: where a circle of radius r moving from a to b first
    touches ``shape`` (0..1), None if it does not."""
    info = _RESULTS.segment
    return info.alpha if _segment_query(shape._shape, a, b, r, info) else None


def point_distance(shape: pymunk.Shape, p) -> float:
    """``shape.point_query(p).distance``: negative inside the shape."""
    info = _RESULTS.point
    _point_query(shape._shape, p, info)
    return info.distance


def move_body(space: pymunk.Space, body: pymunk.Body, x: float, y: float) -> None:
    """``body.position = (x, y)`` then ``space.reindex_shapes_for_body(body)`` (a shape's cached
    position and bounding box follow its body only on reindex)."""
    _set_position(body._body, (x, y))
    _reindex(space._space, body._body)
