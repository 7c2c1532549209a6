"""RNG-MOVE-1: a figure hemmed in by friends on every straight heading still gets Move when a
clear path within its allowance exists (game/rules/pyrates/hemmed.py: the bearings the eight
headings miss)."""

from __future__ import annotations

import math

from flow_helpers import fig, match

from game.rules.decisions import Decision


def ring(dist: float):
    figs = [fig("p", "A", 12, 8)]
    for k in range(8):  # a friend across each of the eight headings
        a = math.radians(45 * k)
        figs.append(fig(f"f{k}", "A", 12 + dist * math.cos(a), 8 + dist * math.sin(a)))
    figs.append(fig("e", "B", 22, 8))
    return match(figs)


def test_rng_move_1_hemmed_in_figure_is_offered_a_move_the_rules_accept():
    m = ring(2.9)
    ctx = m._ctx()
    moves = [d for d in m.preset.move_options(ctx, "p") if d.kind == "move"]
    assert moves, "no Move offered although a path exists"
    for d in moves:
        m.preset.validate_action(ctx, "p", d)  # each offered move is one the rules accept
        assert d.option is None


def test_rng_move_1_free_destination_between_friends_is_legal():
    m = ring(2.9)
    a = math.radians(22.5)
    d = Decision("move", figure="p", x=round(12 + 1.5 * math.cos(a), 3), y=round(8 + 1.5 * math.sin(a), 3))
    m.preset.validate_action(m._ctx(), "p", d)
