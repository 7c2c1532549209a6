"""The boarding demo boards: under the normal AI the attackers cross the gangplanks and come to
blows early, instead of trading shots from their own rail until the merchant holds out (issue:
only one of five demo seeds saw a mêlée)."""

from __future__ import annotations

from tests.ai.conftest import ROOT, new_match, playable

SEEDS = (1, 2, 3, 4, 5, 6)
#: the boarders no longer charge into a crowd at poor odds (a charge is priced after the enemy's
#: reactions): they come to blows once they stand where a charge pays, by turn 7 in these seeds
BY_TURN = 7


def _first_melee_turn(sc, seed: int) -> int | None:
    from game.ai.controller import make_controller
    from game.ai.simulate import ai_seed

    m = new_match(sc, seed)
    ctl = {s.id: make_controller("normal", ai_seed(seed, i)) for i, s in enumerate(sc.sides)}
    while not m.over and m.state.turn <= BY_TURN:
        for ev in m.apply(ctl[m.pending.side].decide(m)):
            if type(ev).__name__ == "MeleeRoundStarted":
                return m.state.turn
    return None


def test_normal_attackers_reach_melee_on_boarding_action():
    sc = playable(ROOT / "maps" / "boarding_action.toml")
    turns = {seed: _first_melee_turn(sc, seed) for seed in SEEDS}
    fought = [s for s, t in turns.items() if t is not None]
    # dice come from the seeds, so these games are the same on every run (before route moves and
    # the time pressure none of the six came to blows by turn 5; seeds 2 and 6 only at turns 10 and 8;
    # with charges priced after reactions, first mêlées at turns 7, 1, 6, 3, 6, 7)
    assert len(fought) >= 5, f"first mêlée turn by seed: {turns}"


def test_route_moves_thread_the_gangplank():
    """The first boarder is offered a way across the 2 in gangplank that no straight heading gives."""
    from game.ai.controller import make_controller
    from game.ai.levels import Ctx
    from game.ai.routes import route_moves

    sc = playable(ROOT / "maps" / "boarding_action.toml")
    m = new_match(sc, 1)
    ctl = make_controller("normal", 7)
    jack = "one_eyed_jack"  # front rank, before the port gangplank
    while not (m.pending.kind == "action" and m.pending.info.get("figure") == jack):
        p = m.pending
        pick = next((d for d in p.options if p.kind == "activate" and d.figure == jack), p.default)
        m.apply(pick)
    ask = m.pending
    ctx = Ctx(m, ask, ctl.evaluator(m, ask.side), ctl.rng)
    extra = route_moves(ctx)
    assert extra, "no route move for the first boarder"
    for d in extra:
        ask.check(d)  # every route move is one the rules accept
    # the merchant's deck lies north of the rails (y < 15 in): some route ends aboard her
    assert any(d.y < 15.0 for d in extra), extra
