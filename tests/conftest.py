"""Test set-up: headless SDL before pygame loads, a hard stop unless pygame is pygame-ce, bytecode for
the Python processes the tests start, and the longest tests first (pytest-xdist)."""

import atexit
import os
import shutil
import sys
import tempfile


def _kept_pycache_dir() -> str:
    """The bytecode folder of the test runs: the user's cache folder (platformdirs), or a fresh
    temporary one (removed at exit) where that cannot be made."""
    try:
        from platformdirs import user_cache_dir

        path = os.path.join(user_cache_dir("boarders-away"), "test-pycache")
        os.makedirs(path, mode=0o700, exist_ok=True)
        return path
    except (ImportError, OSError):
        path = tempfile.mkdtemp(prefix="boarders-pycache-")
        atexit.register(shutil.rmtree, path, True)
        return path


os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# the player's folders (saves, settings, scenario packs, the log file) in a folder of this run's own,
# never the real ones; a test may move them again (monkeypatch.setenv)
_USER = tempfile.mkdtemp(prefix="boarders-tests-user-")
atexit.register(shutil.rmtree, _USER, True)
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_USER, _var.lower())
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Where the environment forbids bytecode in the tree (PYTHONDONTWRITEBYTECODE), every `python -m game`
# the tests start, and every xdist worker, would compile ~190 game modules from source (~0.35 s a
# start). A player's install has bytecode, so the processes started from here keep theirs in one
# folder outside the tree instead; the tree stays clean. The first process (the xdist controller, or
# the only one) picks it; workers and children inherit it. The folder is the user's cache folder and
# is kept between runs, as a tree's __pycache__ would be: a prefix hides every other __pycache__,
# the installed libraries' too, so a fresh folder each run had each worker compile pytest, hypothesis,
# pygame_gui, numpy… from source again (collection: ~11 s of CPU a worker, ~2.5 s with the folder
# kept). Python checks each file against its source as usual, so an edit is never run stale.
if os.environ.get("PYTHONDONTWRITEBYTECODE") and "BOARDERS_TEST_PYCACHE" not in os.environ:
    _pycache = _kept_pycache_dir()
    os.environ["BOARDERS_TEST_PYCACHE"] = os.environ["PYTHONPYCACHEPREFIX"] = _pycache
    del os.environ["PYTHONDONTWRITEBYTECODE"]

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Hypothesis times itself by the wall clock: on a loaded 2-core CI machine the generation of a few
# examples can take over a second (a run failed so: "only generated 8 valid inputs after 1.15 s").
# The examples and their number stay as each test sets them; only the timing checks are off.
settings.register_profile("boarders", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("boarders")

if not getattr(pygame, "IS_CE", False):
    pytest.exit(
        "plain pygame is installed over pygame-ce: reinstall with `pip install --force-reinstall pygame-ce`",
        returncode=3,
    )

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# The longest tests (measured, longest first; ≥ ~3 s of CPU each), run before all others so that
# under pytest-xdist none of them starts last and leaves the other cores idle at the end of the run.
# A name missing here only costs balance, never correctness.
LONGEST_FIRST = (
    "tests/ui/test_fuzz.py::test_random_input_across_scenes",
    "tests/ui/test_log_words.py::test_log_of_seeded_games_of_every_scenario_speaks_a_players_words",
    "tests/ui/test_rules_reference.py::test_every_rule_cited_in_seeded_games_of_every_scenario_has_an_f1_entry",
    "tests/proof/test_proof_soak.py::test_soak_one_game_of_every_scenario",
    "tests/schema/test_options_in_range_play.py::test_in_range_options_start_and_play",
    "tests/ui/test_session.py::test_hot_seat_never_draws_the_other_sides_cards",
    "tests/scenarios/test_scenarios_play.py::test_scenario_plays_to_its_end_and_replays",
    "tests/ui/test_session.py::test_boarding_action_needs_a_median_of_at_most_4_hand_overs_a_game_turn",
    "tests/test_cli.py::test_simulate_says_it_is_not_built_yet_or_runs",
    "tests/proof/test_proof_bad_inputs.py::test_1000_mutated_saves",
    "tests/ai/test_boarding.py::test_normal_attackers_reach_melee_on_boarding_action",
    "tests/rules/test_decisions.py::test_GEN_CHOICE_1_decision_json_round_trip",
    "tests/ai/test_levels.py::test_every_level_plays_tiny_under_every_preset",
    "tests/scenarios/test_scenarios_play.py::test_boarding_scenario_plays_normal_v_normal_and_replays",
    "tests/rules/pyrates/test_flow_random.py::test_boarding_action_random_game_runs_to_the_end_and_replays",
    "tests/rules/pyrates/test_pyr_odds.py::test_PYR_DICE_2_hand_odds_5d6_3_rerolls_equal_ordered_enumeration",
    "tests/rules/close_combat/test_od6_fire.py::test_OD6_FIRE_1_random_games_with_musketry_end_and_replay_identically",
    "tests/ui/test_figure_card.py::test_battle_layout_holds_and_bases_read_at_default_zoom",
    "tests/match/test_match_ai_api.py::test_mêlée_asks_carry_the_public_facts",
    "tests/ai/test_levels.py::test_every_level_plays_whole_games_legally",
    "tests/match/test_record_files.py::test_save_killed_mid_write_leaves_old_or_new_file",
    "tests/test_cli.py::test_replay_verify_exit_0_then_1_on_tampering",
    "tests/scenarios/test_scenario_rules.py::test_sleepers_fire_and_reach_replay_to_identical_hashes",
)
_RANK = {name: i for i, name in enumerate(LONGEST_FIRST)}


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Longest tests first (a stable sort: every worker computes the same order, as xdist requires),
    and the `xdist_group` names put on the node ids for `--dist loadgroup`."""
    items.sort(key=lambda item: _RANK.get(item.nodeid.split("[", 1)[0].split("@", 1)[0], len(_RANK)))
    if getattr(config.option, "loadgroup", False):  # set in xdist workers under --dist loadgroup
        _tag_xdist_groups(items)


def _tag_xdist_groups(items):
    """pytest-xdist 3.8 renames grouped tests through `item._nodeid`, which pytest 9 no longer reads
    (the id lives in `item._id`), so under pytest 9 its groups fell apart by chance. Same suffix,
    set where pytest 9 keeps it; without that private API the groups are only lost (time, not tests)."""
    try:
        from _pytest.nodeid import coerce_node_id
    except ImportError:
        return
    for item in items:
        names = {
            str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")
        }
        if names and "@" not in item.nodeid.rsplit("]", 1)[-1]:
            item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(sorted(names))}")


def pytest_collection_finish(session):
    """Freeze what collection left alive (modules, test items, loaded data) out of the garbage
    collector's reach: each full collection (the app's own on every scene change, and Python's
    automatic ones) then walks only what the tests made since, not the whole worker's heap. Nothing
    a test checks changes: frozen objects stay alive as they would anyway."""
    if not os.environ.get("BOARDERS_TEST_NO_GC_FREEZE"):
        import gc

        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def _close_the_log_file():
    """A test that runs a command starts that run's log file: closed after it, as a run ends."""
    yield
    from game.logfile import stop_logging

    stop_logging()
