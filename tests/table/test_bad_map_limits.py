"""Every bad map (tests/data/bad_maps, plus a FIFO and /dev/zero made
here) is refused with one MapError line naming the file, inside hard limits: each file is checked
in a forked child with RLIMIT_AS = its address space + 256 MB, RLIMIT_CPU = 1 s and a 5 s alarm
(a FIFO must not block). A file over a limit kills its child: a limit, not a timed assertion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BAD_MAPS = ROOT / "tests" / "data" / "bad_maps"
MANIFEST = json.loads((BAD_MAPS / "manifest.json").read_text())
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork, /proc and rlimits as on Linux")

PROBE = r"""
import json, os, resource, signal, sys
from game.table import MapError, check_map, load_map
from game.table.tmx_read import MAX_LINE
import pytmx, defusedxml.ElementTree  # loaded before the fork: the limit is for the file's own work
def vm_bytes():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
out = {}
for path in sys.argv[1:]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        cap = vm_bytes() + 256 * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CPU, (1, 2))
        signal.alarm(5)
        try:
            problems = check_map(path)
            try:
                load_map(path)
                raised = None
            except MapError as e:
                raised = "MapError: " + str(e)
            res = {"problems": problems, "raised": raised}
        except BaseException as e:
            res = {"crash": type(e).__name__ + ": " + str(e)[:300]}
        os.write(w, json.dumps(res).encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        out[path] = {"killed": signal.Signals(os.WTERMSIG(status)).name}
    else:
        out[path] = json.loads(b"".join(chunks) or b"{}")
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def extra_maps(tmp_path_factory):
    """Files that cannot live in git: a FIFO map, /dev/zero as a map, a map whose tileset is a FIFO."""
    d = tmp_path_factory.mktemp("special")
    os.mkfifo(d / "fifo.tmx")
    os.symlink("/dev/zero", d / "zero.tmx")
    os.mkfifo(d / "t.tsx")
    (d / "fifo_tileset.tmx").write_text((BAD_MAPS / "missing_tileset.tmx").read_text().replace("gone.tsx", "t.tsx"))
    return {str(d / "fifo.tmx"): "FIFO", str(d / "zero.tmx"): "device", str(d / "fifo_tileset.tmx"): "FIFO"}


@pytest.fixture(scope="module")
def probe(extra_maps):
    paths = [str(BAD_MAPS / n) for n in sorted(MANIFEST)] + sorted(extra_maps)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run(
        [sys.executable, "-c", PROBE, *paths], capture_output=True, text=True, env=env, timeout=600, cwd=str(ROOT)
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


def _check(path: str, fragment: str, res: dict) -> None:
    assert "killed" not in res, f"{path}: over a limit ({res['killed']}: SIGXCPU = 1 s CPU, SIGALRM = blocked)"
    assert "crash" not in res, f"{path}: {res['crash']}"
    problems = res["problems"]
    assert problems, f"{path}: accepted"
    assert any(fragment in p for p in problems), problems
    for p in problems:
        assert p.startswith(path + ": ") and p.count(": ") >= 2, p
        assert len(p) <= 300 and not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in p), p
    if "no room" not in fragment:  # a link end without room is a lint: the map loads
        assert res["raised"] == "MapError: " + problems[0]


@pytest.mark.xdist_group("bad_map_limits")  # one worker runs the limited probe once (--dist loadgroup)
@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_bad_map_refused_within_1s_cpu_and_256mb(name, probe):
    _check(str(BAD_MAPS / name), MANIFEST[name], probe[str(BAD_MAPS / name)])


@pytest.mark.xdist_group("bad_map_limits")  # one worker runs the limited probe once (--dist loadgroup)
def test_fifo_and_device_refused_without_blocking(probe, extra_maps):
    for path, fragment in extra_maps.items():
        _check(path, fragment, probe[path])


def test_bad_map_corpus_has_each_kind_of_issue_20():
    kinds = (
        "gzip_members_bomb",
        "second_properties_negative_inch",
        "second_properties_tiny_inch",
        "utf16_entities",
        "huge_table_in_range_inch",
        "polygon_800_points",
        "tileset_1000_times",
        "tileset_tilewidth_zero",
        "zero_tile_size",
        "elements_300k",
        "name_with_newlines",
    )
    for k in kinds:
        assert f"{k}.tmx" in MANIFEST, k


def test_check_map_cli_exits_2_with_one_line_per_problem():
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    bad = [str(BAD_MAPS / "name_with_newlines.tmx"), str(BAD_MAPS / "utf16_entities.tmx")]
    r = subprocess.run(
        [sys.executable, "-m", "game", "check-map", *bad],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=str(ROOT),
    )
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert [ln.split(": ")[0] for ln in lines] == bad
    assert all(len(ln) <= 300 for ln in lines)
