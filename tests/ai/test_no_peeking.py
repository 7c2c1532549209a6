"""No peeking, proven (DESIGN.md "Hidden information").

Seeded games of every shipped scenario; at each AI decision the match is copied with its future
dice reseeded and everything the deciding side may not see re-dealt (``Match.clone_redealt``:
``ruleset.redeal`` deals the other hands from the unseen multiset, the undealt piles, the other
side's order cards, also in the step-start snapshot that look-ahead clones replay from). A twin of
the controller (``copy.deepcopy``: same RNG state) decides on the copy: the decision must be the one
the controller made on the real match. Only public things are used: the match's methods and its
ruleset.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from game.rules.model import SideInfo
from game.rules.presets import get_ruleset
from game.rules.state import MatchState
from game.rules.view import HIDDEN

from .conftest import TINY, new_match, playable, scenario_paths

#: decisions checked per game (each is decided twice, on a copy): keeps the file near 20 s
CAP = 24


def _twin(ctl, match):
    """``ctl`` deep-copied (its RNG state included), sharing the match's scenario and table (read
    only) so its evaluator memo still answers for the copy."""
    memo = {id(match.scenario): match.scenario, id(match.table): match.table}
    for ev in getattr(ctl, "_evaluators", {}).values():
        for shared in (getattr(ev, "table", None), getattr(ev, "scenario", None)):
            if shared is not None:
                memo[id(shared)] = shared
    return copy.deepcopy(ctl, memo)


def perturbed(match, side: str, seed: int):
    """A copy of ``match`` with new dice to come and everything ``side`` may not see re-dealt."""
    return match.clone_redealt(side, seed)


def _hides_something(match, side: str) -> bool:
    return match.ruleset.public_view(match.state, side).system != match.state.system


def check_game(sc, seed: int, levels: tuple[str, str], cap: int = CAP) -> tuple[int, int]:
    """Play ``cap`` decisions; return (decisions checked, of which with hidden information)."""
    from game.ai.controller import make_controller
    from game.ai.simulate import ai_seed

    m = new_match(sc, seed)
    sides = [s.id for s in sc.sides]
    ctl = {s: make_controller(levels[i % 2], ai_seed(seed, i)) for i, s in enumerate(sides)}
    checked = hidden = 0
    for n in range(cap):
        if m.over:
            break
        p = m.pending
        c = ctl[p.side]
        twin = _twin(c, m)
        d = c.decide(m)
        if len(p.options) > 1:
            other = perturbed(m, p.side, seed * 7919 + n)
            d2 = twin.decide(other)
            assert d2 == d, (
                f"{sc.id} seed {seed} decision {n} ({p.kind}, side {p.side}, {c.level}): "
                f"{d} on the real match, {d2} once hidden cards and dice were re-dealt"
            )
            checked += 1
            hidden += _hides_something(m, p.side)
        m.apply(d)
    return checked, hidden


#: close-combat-d6 offers hundreds of moves a question (a copy costs ~1 s there): fewer decisions
CAPS = {"pike_and_shot": 8}
GAMES = [(p, ("easy", "normal")) for p in scenario_paths()] + [(TINY, ("hard", "normal"))]


@pytest.mark.parametrize("path,levels", GAMES, ids=[f"{p.stem}-{a}-{b}" for p, (a, b) in GAMES])
def test_no_peeking_decisions_ignore_hidden_cards_and_dice(path, levels):
    sc = playable(path)
    checked, _ = check_game(sc, seed=11, levels=levels, cap=CAPS.get(path.stem, CAP))
    assert checked > 0


def test_no_peeking_hard_on_cards_in_hand():
    """The hard look-ahead on a pyrates scenario with chance cards: decisions with hidden hands."""
    sc = playable(TINY)
    checked, hidden = check_game(sc, seed=3, levels=("hard", "hard"), cap=30)
    assert checked > 0 and hidden > 0


def test_no_peeking_hard_on_the_esc_deck_1_draw_pile():
    """ESC-DECK-1: the hard look-ahead once kept the draw pile's order in its rollouts (it re-dealt
    only chance cards) and knew the duel cards to come; seed 1 showed it at decision 21."""
    from .conftest import ROOT

    sc = playable(ROOT / "maps" / "farm_skirmish.toml")
    checked, hidden = check_game(sc, seed=1, levels=("hard", "hard"), cap=30)
    assert checked > 20 and hidden > 0


#: the hard level's planner on a boarding and a forest map (pool and blow systems): from turn 2 on,
#: where the enemy's reply is within reach and the plans differ from normal's
PLANNED = ["boarding_action", "forest_clearing"]


@pytest.mark.parametrize("name", PLANNED)
def test_no_peeking_hard_planner_ignores_hidden_cards_and_dice(name, monkeypatch):
    """Every hard decision, the planned ones among them, is the same once the hidden cards are
    re-dealt and the dice to come reseeded (the planner reads the public view and the table)."""
    from game.ai import planner

    from .conftest import ROOT

    planned = []
    real = planner.choose
    monkeypatch.setattr(planner, "choose", lambda ctx, scores: planned.append(1) or real(ctx, scores))
    sc = playable(ROOT / "maps" / f"{name}.toml")
    checked, _ = check_game(sc, seed=21, levels=("hard", "hard"), cap=60)
    assert checked > 30 and len(planned) > 5


class _Peeker:
    """A controller that cheats: its choice follows the other side's hand and the dice to come."""

    level = "peeker"

    def decide(self, match):
        p = match.pending
        seen = repr(match.state.encode_data()) + repr(match.dice.clone().d6())
        return p.options[sum(map(ord, seen)) % len(p.options)]


def test_no_peeking_check_catches_a_controller_that_peeks(monkeypatch):
    import game.ai.controller as C

    monkeypatch.setitem(C.LEVELS, "peeker", lambda seed=0: _Peeker())
    sc = playable(TINY)
    with pytest.raises(AssertionError, match="re-dealt"):
        for seed in range(1, 6):
            check_game(sc, seed=seed, levels=("peeker", "peeker"), cap=40)


def _state_of(preset: str, system) -> MatchState:
    """A bare match state of ``preset``'s system holding ``system``'s fields."""
    from game.rules.presets import get_ruleset

    st = MatchState(sides=(SideInfo("red", "Red"), SideInfo("blue", "Blue")), figures={}, preset=preset)
    st.system = replace(get_ruleset(preset).new_state(), **system)
    return st


def test_public_view_hides_other_hands_and_piles_not_own():
    me, you = "red", "blue"
    st = _state_of("pyrates", {"cards": {me: ["a", "b"], you: ["c", "d", "e"]}, "deck": ["f", "g"]})
    v = get_ruleset("pyrates").public_view(st, me)
    assert v.system.cards == {me: ["a", "b"], you: [HIDDEN] * 3}
    assert v.system.deck == [HIDDEN] * 2
    assert st.system.cards[you] == ["c", "d", "e"]  # the state itself is untouched
    orders = {me: [{"id": "o1", "objective": "x"}], you: [{"id": "o2", "objective": "y"}]}
    st = _state_of("initiative", {"orders": orders})
    v = get_ruleset("initiative").public_view(st, me)
    assert v.system.orders[me] == [{"id": "o1", "objective": "x"}]
    assert v.system.orders[you] == [{"id": HIDDEN, "hidden": True}]
    st = _state_of("escarmouche", {"deck": {"cards": ["AS", "2H"], "discards": ["4D"], "face_up": ["5S"]}})
    v = get_ruleset("escarmouche").public_view(st, me)
    assert v.system.deck == {"cards": [HIDDEN] * 2, "discards": ["4D"], "face_up": ["5S"]}


def test_redeal_depends_only_on_what_the_side_sees():
    me, you = "red", "blue"
    a = _state_of("pyrates", {"cards": {me: ["a"], you: ["c", "d"]}, "deck": ["e", "f"]})
    b = _state_of("pyrates", {"cards": {me: ["a"], you: ["f", "e"]}, "deck": ["d", "c"]})
    rules = get_ruleset("pyrates")
    rules.redeal(a, me, random.Random(9))
    rules.redeal(b, me, random.Random(9))
    assert a.system == b.system and a.system.cards[me] == ["a"]
    esc = _state_of("escarmouche", {"deck": {"cards": ["AS", "2H", "3C"], "discards": ["4D"], "face_up": []}})
    get_ruleset("escarmouche").redeal(esc, me, random.Random(1))
    assert sorted(esc.system.deck["cards"]) == ["2H", "3C", "AS"] and esc.system.deck["discards"] == ["4D"]
