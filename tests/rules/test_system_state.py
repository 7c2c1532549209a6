"""Each system owns its state: typed, copied, encoded, and its secrets hidden by its own methods.

For every shipped scenario (so every built-in system), at states reached by seeded random play:
the system's state copies deeply, encodes to what ``decode`` reads back, and ``public_view`` shows
a side nothing that ``redeal`` changes — the check that fails when a system keeps a secret in a
field its ``hide`` does not blank (the mutation test below moves the Pyrates hands to another
field and shows the check catching it). ``observe`` reads only the public view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from pathlib import Path

import pytest

from game.match.match import Match
from game.rules.pyrates.state import PyratesState
from game.rules.system_state import HIDDEN, UNSET, Shuffler
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p for p in (ROOT / "maps").glob("*.toml"))


def _states(path: Path, seed: int = 3, every: int = 7, limit: int = 160):
    """States of a seeded random game of the scenario at ``path``, one every ``every`` decisions."""
    m = Match(load_scenario(path), seed=seed)
    rng = random.Random(seed)
    for n in range(limit):
        if m.over:
            break
        if n % every == 0:
            yield m
        p = m.pending
        m.apply(p.options[rng.randrange(len(p.options))] if p.options else p.default)


def view_hides_what_redeal_moves(ruleset, state, side: str, seed: int) -> bool:
    """Assert that ``side``'s public view of ``state`` is the same after everything it may not see
    is re-dealt; True when the re-deal changed the state (there was something hidden to move)."""
    before = ruleset.public_view(state, side)
    other = state.copy()
    ruleset.redeal(other, side, random.Random(seed))
    after = ruleset.public_view(other, side)
    assert before.encode_data() == after.encode_data(), f"{side} sees what the re-deal changed"
    assert ruleset.observe(before, side) == ruleset.observe(after, side), f"{side} observes a secret"
    return other.encode_data() != state.encode_data()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_system_state_copies_encodes_and_decodes(path):
    for m in _states(path):
        st = m.state.system
        twin = st.copy()
        assert twin == st and twin is not st
        assert type(st).decode(st.encode()) == st
        for f in fields(st):
            v = getattr(st, f.name)
            if isinstance(v, (dict, list)):
                assert getattr(twin, f.name) is not v, f.name  # a copy shares no mutable part
        # the match's encoding is the system's plus the scenario's book and the protocol fields
        data = m.state.encode_data()
        assert {k: data[k] for k in st.encode()} == st.encode()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_public_view_shows_nothing_the_redeal_moves(path):
    moved = 0
    for m in _states(path):
        for i, side in enumerate(m.state.side_ids()):
            moved += view_hides_what_redeal_moves(m.ruleset, m.state, side, seed=i + len(m.decisions))
    # the check is not idle where the game deals secrets (forest_initiative gives each side one
    # order card: re-dealing the other side's one card among itself moves nothing)
    if m.state.preset in ("pyrates", "escarmouche"):
        assert moved, "the system deals secrets: some re-deal must move them"


@dataclass(slots=True)
class _HandsElsewhere(PyratesState):
    """Pyrates with its hands moved to another field: the re-deal deals them there, but ``hide``
    (the inherited one) still blanks only ``cards`` — the leak the check must catch."""

    hands: dict[str, list[str]] = field(default_factory=dict)

    def redeal(self, side: str, rng: Shuffler) -> None:
        self.cards, self.hands = self.hands, self.cards
        PyratesState.redeal(self, side, rng)
        self.cards, self.hands = self.hands, self.cards


def test_the_check_fails_when_a_hidden_hand_moves_to_another_field():
    m = Match(load_scenario(ROOT / "maps" / "boarding_action.toml"), seed=5)
    me, you = m.state.side_ids()[:2]
    assert view_hides_what_redeal_moves(m.ruleset, m.state, me, seed=1)  # as shipped: hidden, and moved
    st = m.state.copy()
    moved = _HandsElsewhere(**{f.name: getattr(st.system, f.name) for f in fields(PyratesState)})
    moved.hands, moved.cards = moved.cards, {}
    st.system = moved
    assert moved.hands[you] and m.ruleset.public_view(st, me).system.hands[you] != [HIDDEN] * len(moved.hands[you])
    with pytest.raises(AssertionError, match="sees what the re-deal changed"):
        view_hides_what_redeal_moves(m.ruleset, st, me, seed=1)


def test_unset_and_unwritten_fields_are_left_out_of_the_encoding():
    st = PyratesState()
    assert st.ms is UNSET and "ms" not in st.encode() and "prisoners" not in st.encode()
    st.ms, st.prisoners = None, {}
    assert st.encode()["ms"] is None and st.encode()["prisoners"] == {}  # NULLABLE keeps its None
    st.duel = None
    assert "duel" in st.encode()
    assert PyratesState.decode(st.encode()) == st
    with pytest.raises(ValueError, match="no field 'bogus'"):
        PyratesState.decode({**st.encode(), "bogus": 1})


def test_observe_reads_own_hand_acted_counters_holds_and_scenario_marks():
    m = Match(load_scenario(ROOT / "maps" / "fire_in_the_hold.toml"), seed=5)
    me, you = m.state.side_ids()[:2]
    seen = m.ruleset.observe(m.ruleset.public_view(m.state, me), me)
    assert seen.deals_cards and seen.hand == tuple(m.state.system.cards[me]) and seen.hand
    assert seen.fire and all(level in ("deck", "hold") for level, *_ in seen.fire)  # SCN-FIRE-1 cells
    assert m.ruleset.observe(m.ruleset.public_view(m.state, me), you).hand == (HIDDEN,) * len(m.state.system.cards[you])
    first = m.pending.options[0]
    m.apply(first)
    assert first.figure in (m.ruleset.observe(m.state, me).acted or ())
    m.state.book.hold = {f"{me}:deck": 2}
    assert m.ruleset.observe(m.state, me).holds == {f"{me}:deck": 2}
    ini = Match(load_scenario(ROOT / "maps" / "forest_initiative.toml"), seed=2)
    side = ini.state.side_ids()[0]
    ini.state.system.counters[side] = 2
    assert ini.ruleset.observe(ini.state, side).counters == 2
    od6 = Match(load_scenario(ROOT / "maps" / "pike_and_shot.toml"), seed=1)
    assert od6.ruleset.observe(od6.state, "").acted is None  # the system keeps no such list
