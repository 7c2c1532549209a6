"""The hot-seat screen shows what it shows of hidden things (hands, order cards,
piles) from ``match.ruleset.public_view(state, viewer)`` only, the viewer being the side at the
screen after its hand-over: the other player's cards never reach it."""

from __future__ import annotations

import pygame

from game.ui.figure_card import card_lines

MINE = ["acrobatics"]
THEIRS = ["sneaky_attack", "opportune_shot"]


def frame(app, n=1):
    for _ in range(n):
        app.step([], 1 / 60)


def _battle(app_factory):
    app = app_factory()
    app.start_battle(app.find_scenario("boarding_action"), mode="hotseat", seed=3, ai="random")
    frame(app, n=2)
    from game.ui.scenes.battle import BattleScene

    battle = next(s for s in app.scenes if isinstance(s, BattleScene))
    st = battle.match.state
    me = battle.card_viewer()
    assert me == st.active  # the deciding side, after its hand-over
    other = next(s.id for s in st.sides if s.id != me)
    st.system.cards[me] = list(MINE)
    st.system.cards[other] = list(THEIRS)
    battle._shown = None  # the hands were changed behind the match's back
    return battle, me, other


def _everything_shown(battle) -> str:
    """Every word the screen builds from the state for the viewer: its hand in the objective bar and
    every figure's card."""
    m, viewer = battle.match, battle.card_viewer()
    words = list(battle.own_cards())
    for fid in m.state.figures:
        words += [f"{k}: {v}" for k, v in card_lines(m, fid, viewer=viewer)]
    return "\n".join(words)


def test_hotseat_screen_never_shows_the_other_sides_cards(app_factory):
    battle, me, other = _battle(app_factory)
    shown = _everything_shown(battle)
    assert "Acrobatics" in shown  # its own hand, in the rules' words
    for card in THEIRS:
        assert card not in shown and battle.match.ruleset.term("card", card) not in shown
    assert battle.shown_state().system.cards[other] == ["?", "?"]  # only how many
    battle.draw(pygame.Surface(battle.size))  # and the screen draws from it without fault


def test_hotseat_screen_reads_hands_only_through_public_view(app_factory, monkeypatch):
    """Proof that the screen's hand comes from the view: a view that hides the viewer's own hand
    too leaves nothing on the screen, though the state still holds it."""
    battle, me, _other = _battle(app_factory)
    asked = []
    real = battle.match.ruleset.public_view

    def blind(state, side):
        asked.append(side)
        view = real(state, side)
        view.system.cards[side] = ["?"] * len(view.system.cards[side])
        return view

    monkeypatch.setattr(battle.match.ruleset, "public_view", blind)
    battle._shown = None
    shown = _everything_shown(battle)
    assert asked and set(asked) == {me}
    assert "Acrobatics" not in shown and "Your cards: ?" in shown
    assert battle.match.state.system.cards[me] == MINE
