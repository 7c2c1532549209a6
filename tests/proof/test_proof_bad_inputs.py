"""Bad-input corpora: malformed maps (tests/data/bad_maps, tools/make_bad_maps.py), mutated
and truncated saves (tools/mutate_saves.py), malformed scenarios (tests/data/bad_scenarios,
tools/make_bad_scenarios.py) — each refused with its own error, quickly and in bounded memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BAD_MAPS = ROOT / "tests" / "data" / "bad_maps"
BAD_SCENARIOS = ROOT / "tests" / "data" / "bad_scenarios"
sys.path.insert(0, str(ROOT / "tools"))

MAP_MANIFEST = json.loads((BAD_MAPS / "manifest.json").read_text())
SCEN_MANIFEST = json.loads((BAD_SCENARIOS / "manifest.json").read_text())

# Runs in a fresh interpreter: each map's check_map and load_map, timed, with the tracemalloc peak,
# then the process's peak RSS. Prints one JSON object.
MAP_PROBE = r"""
import json, resource, sys, time, tracemalloc
from pathlib import Path
from game.table import MapError, check_map, load_map
folder = Path(sys.argv[1])
names = json.loads((folder / "manifest.json").read_text())
out = {}
for name in sorted(names):
    p = str(folder / name)
    t0 = time.perf_counter()
    problems = check_map(p)
    try:
        load_map(p)
        raised = None
    except MapError as e:
        raised = str(e)
    except Exception as e:
        raised = "OTHER " + type(e).__name__ + ": " + str(e)
    secs = time.perf_counter() - t0
    tracemalloc.start()
    check_map(p)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    out[name] = {"problems": problems, "raised": raised, "s": secs, "peak_mb": peak / 2**20}
# this process's own peak: Linux keeps ru_maxrss across execve, so it would report the forking test
# worker's size; VmHWM belongs to the address space exec made
try:
    hwm = next(l for l in Path("/proc/self/status").read_text().splitlines() if l.startswith("VmHWM:"))
    rss_mb = int(hwm.split()[1]) / 1024
except (OSError, StopIteration):
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"maps": out, "rss_mb": rss_mb}))
"""


@pytest.fixture(scope="module")
def map_probe():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(
        [sys.executable, "-c", MAP_PROBE, str(BAD_MAPS)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=str(ROOT),
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


def test_bad_map_corpus_is_big_enough():
    assert len(MAP_MANIFEST) >= 30
    assert sorted(p.name for p in BAD_MAPS.glob("*.tmx")) == sorted(MAP_MANIFEST)


@pytest.mark.xdist_group("bad_map_probe")  # one worker runs the map probe once (--dist loadgroup)
@pytest.mark.parametrize("name", sorted(MAP_MANIFEST))
def test_bad_map_refused_fast_and_small(name, map_probe):
    res = map_probe["maps"][name]
    frag = MAP_MANIFEST[name]
    assert res["problems"], f"{name}: check_map found nothing wrong"
    assert not frag or any(frag in p for p in res["problems"]), res["problems"]
    for p in res["problems"]:
        assert p.startswith(str(BAD_MAPS / name) + ": ") and "\n" not in p
    # link ends without room are a lint problem (check_map); everything else also stops load_map
    if "no room" not in frag:
        assert res["raised"] is not None and not res["raised"].startswith("OTHER"), res["raised"]
    # time is bounded by the CPU limit of test_bad_map_cli_..._within_1s_cpu_and_256mb (not timed here)
    assert res["peak_mb"] < 256, f"{name}: {res['peak_mb']:.0f} MB"


@pytest.mark.xdist_group("bad_map_probe")  # one worker runs the map probe once (--dist loadgroup)
def test_bad_maps_whole_process_under_256_mb(map_probe):
    assert map_probe["rss_mb"] < 256, map_probe["rss_mb"]


def test_bad_map_tool_is_reproducible(tmp_path):
    import make_bad_maps

    manifest = make_bad_maps.write(tmp_path)
    assert manifest == MAP_MANIFEST
    for name in manifest:
        assert (tmp_path / name).read_bytes() == (BAD_MAPS / name).read_bytes(), name


# -- scenarios -----------------------------------------------------------------------------------
def test_bad_scenario_corpus_is_there():
    assert len(SCEN_MANIFEST) >= 70
    assert sorted(p.name for p in BAD_SCENARIOS.glob("*.toml")) == sorted(SCEN_MANIFEST)
    kinds = " ".join(SCEN_MANIFEST)
    for must in (
        "unknown_",
        "over_points",
        "_string",
        "not_toml",
        # options and cards that caused unbounded work, lines that were not one line
        "options_fire_cell_zero",
        "options_fire_cell_tiny",
        "options_fire_spread_huge",
        "options_specials_ints",
        "options_conditions_int",
        "cards_copies_huge",
        "long_unknown_key",
        "control_chars",
        "utf16",
        "deep_inline",
    ):
        assert must in kinds


@pytest.mark.parametrize("name", sorted(SCEN_MANIFEST))
def test_bad_scenario_refused(name):
    """Refused as check-scenario (and the game starting it) would: load, map, deployment, set-up."""
    from game.match.scenario_check import check_scenario

    problems = check_scenario(BAD_SCENARIOS / name)
    assert len(problems) == 1, problems
    msg = problems[0]
    assert msg.startswith(str(BAD_SCENARIOS / name) + ": ") and "\n" not in msg and len(msg) <= 300, msg
    assert SCEN_MANIFEST[name] in msg


# -- every corpus file through the command line, under a CPU-time and a memory limit -------------
# tools/check_corpus.py runs each file as `check-scenario FILE` / `replay FILE --verify` in one
# process whose address space is capped at its size after the imports + 256 MB (RLIMIT_AS) and
# where each file has 1 s of CPU time (ITIMER_PROF interrupts it): bounds, not timings.
def _corpus(kind: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_corpus.py"), kind, "--cpu", "1", "--mem", "256"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        cwd=str(ROOT),
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def scenario_corpus_run():
    return _corpus("scenarios")


@pytest.fixture(scope="module")
def save_corpus_run():
    return _corpus("saves")


BAD_SAVE_FILES = sorted(p.name for p in (ROOT / "tests" / "data" / "bad_saves").iterdir())


def _one_line_exit_2(res: dict, path: Path) -> None:
    assert res["limit"] is None, f"{path.name}: stopped by the {res['limit']} limit"
    assert res["code"] == 2, res
    lines = res["err"].splitlines()
    assert len(lines) == 1, res["err"][:2000]
    line = lines[0].removeprefix("error: ")
    assert line.startswith(f"{path}: ") and len(line) <= 300, line


@pytest.fixture(scope="module")
def map_corpus_run():
    return _corpus("maps")


@pytest.mark.xdist_group("bad_map_corpus")  # one worker runs the map corpus once (--dist loadgroup)
@pytest.mark.parametrize("name", sorted(MAP_MANIFEST))
def test_bad_map_cli_exit_2_within_1s_cpu_and_256mb(name, map_corpus_run):
    """check-map: one line per problem (a map may have several), each naming the file."""
    res, path = map_corpus_run[name], BAD_MAPS / name
    assert res["limit"] is None, f"{name}: stopped by the {res['limit']} limit"
    assert res["code"] == 2, res
    lines = res["err"].splitlines()
    assert lines and all(ln.removeprefix("error: ").startswith(f"{path}: ") and len(ln) <= 320 for ln in lines), lines


@pytest.mark.xdist_group("bad_scenario_corpus")  # one worker runs the corpus once (--dist loadgroup)
@pytest.mark.parametrize("name", sorted(SCEN_MANIFEST))
def test_bad_scenario_cli_exit_2_one_line_within_1s_cpu_and_256mb(name, scenario_corpus_run):
    _one_line_exit_2(scenario_corpus_run[name], BAD_SCENARIOS / name)


@pytest.mark.xdist_group("bad_save_corpus")  # one worker runs the save corpus once (--dist loadgroup)
@pytest.mark.parametrize("name", BAD_SAVE_FILES)
def test_bad_save_cli_exit_2_one_line_within_1s_cpu_and_256mb(name, save_corpus_run):
    _one_line_exit_2(save_corpus_run[name], ROOT / "tests" / "data" / "bad_saves" / name)


def test_bad_save_corpus_has_the_issue_20_kinds():
    kinds = " ".join(BAD_SAVE_FILES)
    assert len(BAD_SAVE_FILES) >= 60
    for must in (
        "options_fire_cell_zero",
        "options_fire_cell_tiny",
        "options_fire_spread_huge",
        "options_specials_ints",
        "options_conditions_int",
        "options_cards_huge",
        "meta_",
        "long_unknown_key",
        "control_chars",
    ):
        assert must in kinds


def test_non_regular_files_refused_without_blocking(tmp_path):
    """/dev/zero never ends and a FIFO blocks its reader until a writer comes: both refused at once."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for args in (
        ["replay", str(fifo)],
        ["replay", "/dev/zero"],
        ["check-scenario", str(fifo)],
        ["check-scenario", "/dev/zero"],
    ):
        r = subprocess.run(
            [sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=120
        )
        assert r.returncode == 2 and "not a regular file" in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_over_points_roster_loads_under_a_higher_limit(tmp_path):
    """The over-points cases fail on points alone: the same roster under a big limit loads."""
    import make_bad_scenarios

    from game.scenario import load_scenario

    p = tmp_path / "ok.toml"
    p.write_text(make_bad_scenarios.rangers(12, 100000, 12))
    assert load_scenario(p).points_limit == 100000


def test_bad_scenario_tool_is_reproducible(tmp_path):
    import make_bad_scenarios

    assert make_bad_scenarios.write(tmp_path) == SCEN_MANIFEST


# -- saves ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def save_bases():
    import mutate_saves

    return mutate_saves.base_records()


def _mutants(n, seed, bases):
    import mutate_saves

    r = mutate_saves.run(n, seed, bases=bases)
    assert not r["failures"], "\n".join(r["failures"][:10])
    assert not r["slow"], r["slow"][:10]
    assert r["refused"] > n // 4 and r["loaded"] + r["bad-replay"] > n // 10, r  # both paths are exercised
    return r


def test_1000_mutated_saves(save_bases):
    _mutants(1000, 1, save_bases)


@pytest.mark.slow
def test_10000_mutated_saves(save_bases):
    _mutants(10_000, 2, save_bases)


def test_committed_bad_saves_still_refused():
    import mutate_saves

    for p in sorted((ROOT / "tests" / "data" / "bad_saves").iterdir()):
        assert mutate_saves.check(p.read_bytes()) == "refused", p.name
