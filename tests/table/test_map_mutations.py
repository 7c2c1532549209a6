"""A map mutated at random (seeded) is refused with one MapError line or loads —
never another exception. Bytes flipped, cut, duplicated, and attribute values swapped for hostile
ones, in the map and in its tileset."""

from __future__ import annotations

import random

import pytest

from game.table import MapError, check_map, load_map
from tests.table.test_real_tiled_maps import make_pack

HOSTILE = [
    "0",
    "-1",
    "1e309",
    "nan",
    "-0",
    "4294967297",
    "1.5",
    "",
    "x",
    "99999999",
    "&#10;",
    "../../../etc",
    "/dev/zero",
    "csv",
    "gzip",
    "zstd",
    "isometric",
    "1",
]


def mutate(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    kind = rng.randrange(5)
    if kind == 0:  # flip bytes
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 1:  # cut
        del b[rng.randrange(len(b)) :]
    elif kind == 2:  # duplicate a slice
        i = rng.randrange(len(b))
        b[i:i] = b[i : i + rng.randint(1, 200)] * rng.randint(1, 50)
    else:  # a quoted value replaced
        quotes = [i for i, c in enumerate(b) if c == 34]
        if len(quotes) >= 2:
            k = rng.randrange(len(quotes) // 2) * 2
            a, z = quotes[k], quotes[k + 1]
            b[a + 1 : z] = rng.choice(HOSTILE).encode()
    return bytes(b)


@pytest.mark.parametrize("target", ["maps/deck.tmx", "tilesets/props.tsx", "templates/cannon.tx"])
def test_mutated_maps_refused_in_one_line_or_loaded(tmp_path, target):
    rng = random.Random(f"maps-{target}")
    p = make_pack(tmp_path)
    victim = tmp_path / "pack" / target
    original = victim.read_bytes()
    outcomes = {"refused": 0, "loaded": 0}
    for _ in range(120):
        victim.write_bytes(mutate(original, rng))
        problems = check_map(p)
        for line in problems:
            assert line.startswith(str(p) + ": ") and "\n" not in line and len(line) <= 300, line
        try:
            load_map(p)
            outcomes["loaded"] += 1
        except MapError as e:
            assert str(e) == e.problems[0]
            outcomes["refused"] += 1
    assert outcomes["refused"] > 10, outcomes
