"""The contract every registered ruleset keeps (the pattern of OpenSpiel's API test: one suite, run
on every game the registry lists, so a new preset is tested without a line of its own).

Each check takes a preset name and plays the contract scenario (``skirmish.toml``: two crews of
three a few inches apart, so every system comes to blows within its four turns) under that preset:

- ``random_playouts_end``: random controllers finish the game, every answer one the question allows;
- ``clone_and_replay_agree``: a clone taken mid-game and fed the same decisions, and a replay of the
  game's record, give the same state hash after every decision;
- ``hidden_things_change_no_decision``: at each AI decision, a copy with the other sides' hidden
  cards and every die to come re-dealt (``Match.clone_redealt``) gets the same answer from a twin of
  the controller, so no decision leans on what its side cannot know before the dice fall;
- ``observe_shows_nothing_hidden``: the typed observation a side's screen and AI read
  (``Ruleset.observe``) is the same from the whole state, from the side's public view, and from a
  copy with everything the side may not see re-dealt;
- ``screen_renders_every_question``: the battle screen (SDL's dummy driver) lays out every kind of
  question the game asks, with every offered option reachable from a list row or a table click.

``CHECKS`` is the list ``test_every_ruleset.py`` runs over ``contract_names()``, the registry's names.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIO = HERE / "skirmish.toml"
#: the games each check plays (seeds of the match; the controllers' seeds follow from them)
SEEDS = (1, 2, 3)
#: more than any game of the contract scenario takes: a game that runs past it does not end
MAX_DECISIONS = 3_000
#: AI decisions compared against a re-dealt copy, per game
PEEK_CAP = 40


def contract_names() -> list[str]:
    """Every preset the registry lists (built-ins, then add-ons and anything registered since)."""
    from game.rules.presets import preset_names

    return preset_names()


def scenario():
    from game.scenario import load_scenario

    return load_scenario(SCENARIO)


def new_match(name: str, seed: int):
    from game.match import Match

    return Match(scenario(), seed=seed, preset=name)


def controllers(match, level: str, seed: int) -> dict:
    from game.ai.controller import make_controller

    return {s.id: make_controller(level, seed * 10 + i) for i, s in enumerate(match.state.sides)}


def random_playouts_end(name: str) -> None:
    for seed in SEEDS:
        m = new_match(name, seed)
        ctl = controllers(m, "random", seed)
        n = 0
        while not m.over:
            assert n < MAX_DECISIONS, f"{name} seed {seed}: no end after {n} decisions"
            ask = m.pending
            assert ask is not None and ask.options, f"{name} seed {seed}: a question with no answer: {ask}"
            d = ctl[ask.side].decide(m)
            ask.check(d)
            m.apply(d)
            n += 1
        assert m.pending is None and m.state.end_reason, f"{name} seed {seed}: ended without a reason"
        assert m.winner is None or m.winner in m.state.side_ids()


def clone_and_replay_agree(name: str) -> None:
    from game.match.record import record_of
    from game.match.replay import replay

    for seed in SEEDS[:2]:
        m = new_match(name, seed)
        ctl = controllers(m, "easy", seed)
        half = None
        while not m.over and len(m.decisions) < MAX_DECISIONS:
            if half is None and len(m.decisions) >= 12:
                half = (len(m.decisions), m.clone())
            m.apply(ctl[m.pending.side].decide(m))
        assert half is not None, f"{name} seed {seed}: the game ended before its 12th decision"
        at, twin = half
        assert twin.state_hash() == m.hashes[at - 1]
        for i, d in enumerate(m.decisions[at:], start=at):
            twin.apply(d)
            assert twin.hashes[-1] == m.hashes[i], f"{name} seed {seed}: the clone differs after decision {i}"
        assert twin.over and twin.winner == m.winner
        res = replay(record_of(m), scenario=scenario())
        assert res.ok, f"{name} seed {seed}: the replay differs at decision {res.mismatch}: {res.reason}"
        assert res.match.hashes == m.hashes


def _twin(ctl, match):
    """The controller deep-copied (its RNG state included), sharing the match's read-only scenario
    and table, so the twin decides on a copy exactly as the controller would have."""
    memo = {id(match.scenario): match.scenario, id(match.table): match.table}
    for ev in getattr(ctl, "_evaluators", {}).values():
        for shared in (getattr(ev, "table", None), getattr(ev, "scenario", None)):
            if shared is not None:
                memo[id(shared)] = shared
    return copy.deepcopy(ctl, memo)


def hidden_things_change_no_decision(name: str) -> None:
    for seed, level in ((SEEDS[0], "normal"), (SEEDS[1], "easy")):
        m = new_match(name, seed)
        ctl = controllers(m, level, seed)
        checked = 0
        while not m.over and checked < PEEK_CAP:
            p = m.pending
            c = ctl[p.side]
            twin = _twin(c, m)
            d = c.decide(m)
            if len(p.options) > 1:
                other = m.clone_redealt(p.side, seed * 7919 + len(m.decisions))
                d2 = twin.decide(other)
                assert d2 == d, (
                    f"{name} seed {seed} decision {len(m.decisions)} ({p.kind}, {level}): {d} on the match, "
                    f"{d2} once the hidden cards and the dice to come were re-dealt"
                )
                checked += 1
            m.apply(d)
        assert checked, f"{name} seed {seed}: no AI decision had a choice to make"


def observe_shows_nothing_hidden(name: str) -> None:
    """``Ruleset.observe(view, side)`` is what the screen and the AI of ``side`` read: at every
    decision, for every side, it reads the same from the whole state as from the side's public
    view, and the same again once everything the side may not see is re-dealt."""
    for seed in SEEDS[:2]:
        m = new_match(name, seed)
        rs = m.ruleset
        ctl = controllers(m, "easy", seed)
        while not m.over and len(m.decisions) < PEEK_CAP * 2:
            for side in m.state.side_ids():
                seen = rs.observe(rs.public_view(m.state, side), side)
                where = f"{name} seed {seed} decision {len(m.decisions)}, side {side}"
                assert rs.observe(m.state, side) == seen, f"{where}: observe reads what the public view hides"
                other = m.clone_redealt(side, seed * 7919 + len(m.decisions))
                assert rs.observe(rs.public_view(other.state, side), side) == seen, (
                    f"{where}: observe changes when hidden cards are re-dealt"
                )
            m.apply(ctl[m.pending.side].decide(m))


def _frames(app, n: int = 2) -> None:
    import pygame

    for _ in range(n):
        app.step(pygame.event.get(), 1 / 60)


def screen_renders_every_question(name: str) -> None:
    """Each kind of question the game asks is put on the battle screen of a window (1280×720) as
    the person who answers it sees it: the question box shows it and every option is reachable."""
    from game.ui.scenes.app import App
    from game.ui.scenes.battle import BattleScene
    from game.ui.spot_pick import listed_options, unreachable

    app = App((1280, 720), extra_dirs=[HERE])
    app.settings["ai_thread"] = False
    shown: set[str] = set()
    try:
        for seed, level in [(s, lv) for s in SEEDS for lv in ("easy", "random")]:
            m = new_match(name, seed)
            ctl = controllers(m, level, seed)
            while not m.over:
                p = m.pending
                assert not unreachable(m), f"{name}: {p.kind} offers options no click reaches: {unreachable(m)}"
                if p.kind not in shown:
                    shown.add(p.kind)
                    here = m.clone()
                    scene = BattleScene(app, here, mode="solo", human=p.side, ai="easy")
                    app.reset_to(scene)
                    _frames(app)
                    assert app.top is scene and here.pending == p, f"{name}: the {p.kind} question left the screen"
                    side_name = here.state.side(p.side).name
                    assert side_name in scene.prompt_box.html_text, (name, p.kind, scene.prompt_box.html_text)
                    listed = {d for _, d in listed_options(p, here.state)}
                    assert listed <= {c for c in scene.option_map.values()}, (name, p.kind)
                m.apply(ctl[p.side].decide(m))
    finally:
        app.quit()
    assert shown, name


#: every check of the contract, in the order they are reported
CHECKS: tuple[Callable[[str], None], ...] = (
    random_playouts_end,
    clone_and_replay_agree,
    hidden_things_change_no_decision,
    observe_shows_nothing_hidden,
    screen_renders_every_question,
)
