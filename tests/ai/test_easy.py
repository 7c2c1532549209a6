"""The easy level (issue 23): normal's scores blurred, first between the kinds of answer, then within
the chosen kind, so a kind offered in many variants does not win by numbers alone."""

from __future__ import annotations

import types

from game.ai import scripted
from game.rules.decisions import Decision


def _pick_rate(monkeypatch, opts, scores, kind, runs=400):
    monkeypatch.setattr(scripted, "easy_scores", lambda ctx: list(scores))
    ctl = scripted.make_scripted("easy", 7)
    ctx = types.SimpleNamespace(ask=types.SimpleNamespace(options=tuple(opts)))
    return sum(ctl._easy(ctx).kind == kind for _ in range(runs)) / runs


def test_easy_fights_when_normal_would_though_twenty_moves_are_offered(monkeypatch):
    """One engage worth 0.5 against a hold and twenty moves worth about 0 (one, away from the fight,
    much less, which widens the blur): blurring each option alone let the best of twenty noisy moves
    win half the time (0.46 of 2000); blurring kinds first keeps the fight (0.92)."""
    opts = [Decision("engage", option="u", figure="a", target="b"), Decision("hold", option="u")]
    opts += [Decision("move", option="u", x=float(i), y=0.0) for i in range(20)]
    scores = [0.5, 0.0] + [0.02 * ((i % 5) - 2) for i in range(19)] + [-1.5]
    assert _pick_rate(monkeypatch, opts, scores, "engage") > 0.75


def test_easy_still_blurs_between_close_kinds(monkeypatch):
    """Two kinds of nearly equal worth: easy takes each a fair share of the time (it is not normal)."""
    opts = [Decision("engage", option="u", figure="a", target="b"), Decision("hold", option="u")]
    opts += [Decision("move", option="u", x=1.0, y=0.0)]
    rate = _pick_rate(monkeypatch, opts, [0.10, 0.08, -1.0], "engage")
    assert 0.3 < rate < 0.9
