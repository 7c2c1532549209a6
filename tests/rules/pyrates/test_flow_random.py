"""Random legal mêlées and whole random games through the Match: invariants and replays (PRE-PYR-1)."""

import math
from pathlib import Path

from flow_helpers import CLOSE, GENERAL, REACH, fig, match
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.ai import RandomController
from game.ai.controller import AutoController
from game.match import Match, record_of
from game.match.replay import replay
from game.rules.events import Note, StatusChanged
from game.rules.pyrates.events import MeleeRoundStarted, RoundTallied, TapDeclared
from game.rules.pyrates.tally import Tally, tally_decider
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]
CLASSES = {"c": (CLOSE, "dagger"), "g": (GENERAL, "cutlass"), "r": (REACH, "boarding pike")}

figure_spec = st.tuples(
    st.sampled_from("cgr"), st.sampled_from(["ordinary", "officer", "captain"]), st.booleans(), st.booleans()
)


def overlaps(m) -> list[tuple[str, str]]:
    figs = [f for f in m.state.figures.values() if f.in_play]
    bad = []
    for i, a in enumerate(figs):
        for b in figs[i + 1 :]:
            if a.level == b.level and math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - 0.01:
                bad.append((a.id, b.id))
    return bad


def check_invariants(m, events, state):
    """Nobody taps twice in a round; knocked-down figures never strike; rounds follow PYR-WIN-1."""
    for e in events:
        if isinstance(e, MeleeRoundStarted) or (isinstance(e, Note) and e.message.startswith("duel, round")):
            # a duel's rounds (PYR-DUEL-2) are rounds too: each duellist strikes once per round
            state["tapped"] = set()
        elif isinstance(e, StatusChanged) and e.status == "knocked_down":
            state["down"].add(e.figure)
        elif isinstance(e, TapDeclared):
            assert e.tapper not in state["tapped"], f"{e.tapper} tapped twice in a round"
            assert e.tapper not in state["down"], f"knocked-down {e.tapper} strikes"
            state["tapped"].add(e.tapper)
        elif isinstance(e, RoundTallied):
            (a, *ta), (b, *tb) = e.tallies
            w, by = tally_decider(Tally(*ta), Tally(*tb))
            assert by == e.decided_by
            if w is not None:
                assert e.winner == (a if w == "a" else b)
    assert not overlaps(m), overlaps(m)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.lists(figure_spec, min_size=1, max_size=4),
    b=st.lists(figure_spec, min_size=1, max_size=4),
    seed=st.integers(0, 10_000),
    cards=st.booleans(),
)
# a duel (PYR-DUEL-2) fought over several rounds by the same duellist: found by hypothesis once
@example(
    a=[("c", "officer", False, False), ("c", "captain", False, False)],
    b=[("c", "captain", False, False)] + [("c", "ordinary", False, False)] * 3,
    seed=803,
    cards=False,
)
def test_random_legal_melees_keep_the_invariants(a, b, seed, cards):
    figs = []
    for side, specs, x in (("A", a, 10.0), ("B", b, 11.0)):
        for i, (c, rank, armoured, offhand) in enumerate(specs):
            cls, weapon = CLASSES[c]
            figs.append(
                fig(
                    f"{side}{i}",
                    side,
                    x,
                    6.0 + 1.0 * i,
                    cls,
                    weapon,
                    rank=rank,
                    armoured=armoured,
                    offhand=CLOSE if offhand else None,
                )
            )
    m = match(figs, seed=seed, cards=cards, turn_limit=3)
    ctrl = {"A": RandomController(seed), "B": RandomController(seed + 1)}
    state = {"tapped": set(), "down": set()}
    check_invariants(m, m.log, state)
    n = 0
    while not m.over and n < 400:
        ev = m.apply(ctrl[m.pending.side].decide(m))
        check_invariants(m, ev, state)
        n += 1
    assert any(isinstance(e, MeleeRoundStarted) for e in m.log)


def play(sc, seed, level):
    m = Match(sc, seed=seed)
    ctrl = {
        s.id: (RandomController(seed * 7 + i) if level == "random" else AutoController())
        for i, s in enumerate(sc.sides)
    }
    state = {"tapped": set(), "down": set()}
    while not m.over:
        ev = m.apply(ctrl[m.pending.side].decide(m))
        check_invariants(m, ev, state)
    return m


def _replays(m, tmp_path):
    rec = record_of(m)
    res = replay(rec, [ROOT / "tests" / "data" / "scenarios", ROOT / "maps"])
    assert res.ok, res.reason
    assert res.match.hashes == m.hashes


def test_tiny_random_games_run_to_the_end_and_replay(tmp_path):
    sc = load_scenario(ROOT / "tests" / "data" / "scenarios" / "tiny.toml")
    for seed, level in ((1, "random"), (2, "auto"), (3, "random")):
        m = play(sc, seed, level)
        assert m.over
        _replays(m, tmp_path)


def test_boarding_action_random_game_runs_to_the_end_and_replays(tmp_path):
    path = ROOT / "maps" / "boarding_action.toml"
    sc = load_scenario(path)
    for seed, level in ((4, "random"), (5, "auto")):
        m = play(sc, seed, level)
        assert m.over
        _replays(m, tmp_path)


def test_clone_mid_melee_matches_original():
    figs = [fig("A0", "A", 10, 6), fig("A1", "A", 10, 7), fig("B0", "B", 11, 6), fig("B1", "B", 11, 7)]
    m = match(figs, seed=11, cards=True)
    c = None
    for _ in range(60):
        if m.over:
            break
        if m.pending.kind in ("tap", "pushback", "reroll") and c is None:
            c = m.clone()
            assert c.state_hash() == m.state_hash() and c.pending == m.pending
            d = m.auto()
            m.apply(d)
            c.apply(d)
            assert c.state_hash() == m.state_hash()
            break
        m.apply(m.auto())
    assert c is not None
