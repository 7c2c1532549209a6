"""The hard level's short look-ahead: sampled rollouts on ``match.clone(dice_seed=…)``.

For the few best candidates of the normal scoring, K rollouts each: clone the match with dice
seeded from the AI's own RNG (so the rollout never sees the dice yet to roll), hide what the side
cannot know (``ruleset.redeal``: the other sides' hands re-dealt at random from the cards it
cannot see, undealt piles shuffled),
apply the candidate, let both sides play on with the rules' stated default policy for the rest of
the current step and the next one (at most ``HORIZON`` decisions), and evaluate. Candidates share
the same K dice seeds (common random numbers), so differences come from the choice, not the dice.

Everything is counted, never timed, so the same seed gives the same decisions on any machine.
"""

from __future__ import annotations

import random

from game.rules.decisions import IllegalDecision

from .evaluate import WIN

#: candidates and rollouts per decision; decisions of a rollout; steps a rollout may start
TOP = 2
ROLLOUTS = 3
HORIZON = 8
STEPS = 0
#: with more figures than this in play every apply costs more: fewer rollouts
CROWD = 16
#: weight of the normal scoring in the final choice (breaks near-ties the rollouts cannot see)
PRIOR = 0.35
#: evaluation units the rollouts' mean gain must clear before overriding normal's choice
MARGIN = 0.75
#: skip the look-ahead when the normal scoring's best leads the runner-up by this much
CLEAR_LEAD = 1.5
#: kinds worth looking ahead on (others have exact or obvious answers)
LOOK_KINDS = {
    "action",
    "reaction",
    "tap",
    "pushback",
    "withdraw",
    "reactive_shot",
    "opportune_shot",
    "flashing_blades",
    "dodge",
    "follow_up",
    "escape",
}
KNOWN_SIMPLE = {"activate", "reroll", "cornered", "surrender", "fall"}
#: kinds answered by normal's scoring alone (``choose``): cheap questions the rollouts hardly overturn
NORMAL_SUFFICES = {"unmotivated"}


def determinise(m, side: str, rng) -> None:
    """Re-deal what ``side`` may not see in a look-ahead copy (never read it): the rule lives in
    the match's ``ruleset.redeal`` (the other hands and the undealt pile as one multiset, the draw
    pile's order, the other sides' order cards), the same one the no-peeking test perturbs with."""
    m.ruleset.redeal(m.state, side, rng)


def _step_id(m):
    return m.step_index, m.state.turn


def rollout_value(match, decision, side: str, evaluator, seed: int) -> float:
    # lookahead=True: the copy is thrown away, so it skips the state hash after every apply and the
    # snapshot at every step start (tools/bench_ai.py measures the gain)
    m = match.clone(dice_seed=seed, lookahead=True)
    determinise(m, side, random.Random(seed ^ 0x5EED))
    try:
        m.apply(decision)
    except IllegalDecision:
        return -WIN  # the rules refuse it on these dice: never prefer it
    start = _step_id(m)
    steps = 0
    n = 0
    while not m.over and n < HORIZON:
        sid = _step_id(m)
        if sid != start:
            steps += 1
            start = sid
            if steps > STEPS:
                break
        p = m.pending
        try:
            m.apply(p.default if p.default is not None else p.options[0])
        except IllegalDecision:
            break  # a default the rules refuse (their bug): judge what was reached
        n += 1
    return evaluator(m.state)


def choose(match, ask, scores, evaluator, rng):
    """The hard choice among ``ask.options`` given the normal ``scores``: normal's own best unless
    the rollouts show another candidate clearly better (``_clearly_better``).

    No rollouts (normal's choice) when fewer than two candidates remain, when normal's best leads
    the runner-up by ``CLEAR_LEAD``, or for a kind in ``NORMAL_SUFFICES``: RNG-MOT-3's question to a
    figure that failed motivation offers only holding, a 2 in step back or a move into cover,
    positions normal scores by their exact evaluation; in the bench's hard-v-easy boarding games
    the rollouts overturned that in 1 of 130 such questions, at 16 ms (CPU) a question, a tenth
    of the hard level's decisions (the goal: a hard median ≤ 10 ms)."""
    opts = ask.options
    order = sorted(range(len(opts)), key=lambda i: -scores[i])
    cands = order[:TOP]
    if ask.default is not None and ask.default in opts:
        di = opts.index(ask.default)
        if di not in cands:
            cands.append(di)
    if len(cands) < 2 or scores[order[0]] - scores[order[1]] > CLEAR_LEAD or ask.kind in NORMAL_SUFFICES:
        return opts[order[0]]
    k = ROLLOUTS if len(match.state.in_play()) <= CROWD else max(1, ROLLOUTS - 1)
    seeds = [rng.getrandbits(62) for _ in range(k)]
    base = order[0]
    alive = [i for i in cands if i != base]
    diffs: dict[int, list[float]] = {i: [] for i in alive}
    # a sequential test: seed by seed, a candidate leaves as soon as no rollouts still to come could
    # make _clearly_better pass (_can_pass); the survivors' full test is the one the fixed-size
    # sample would run, so the choice is the same, with fewer rollouts
    for s in seeds:
        if not alive:
            break
        b = rollout_value(match, opts[base], ask.side, evaluator, s)
        for i in alive:
            diffs[i].append(
                rollout_value(match, opts[i], ask.side, evaluator, s) - b + PRIOR * (scores[i] - scores[base])
            )
        alive = [i for i in alive if _can_pass(diffs[i], k)]
    best_i, best_gain = base, 0.0
    for i in alive:
        # common random numbers: per-seed differences against normal's choice cancel the shared dice
        gain = _clearly_better(diffs[i])
        if gain > best_gain + 1e-12:
            best_i, best_gain = i, gain
    return opts[best_i]


def _clearly_better(diffs: list[float]) -> float:
    """The mean gain of a candidate over normal's choice when it is beyond the rollouts' sampling
    error (every rollout agrees, and the mean clears ``MARGIN`` and two standard errors), else 0.
    A few short rollouts on sampled dice are noisy: overriding normal's exact scoring on a noisy
    edge made hard weaker than normal on most maps."""
    n = len(diffs)
    if n == 0 or min(diffs) <= 0.0:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else mean * mean
    se = (var / n) ** 0.5
    return mean if mean > MARGIN and mean > 2.0 * se else 0.0


def _can_pass(diffs: list[float], n: int) -> bool:
    """Whether ``diffs`` (the first of ``n`` per-seed gains) could still pass ``_clearly_better``
    whatever the other ``n - len(diffs)`` turn out to be. Exact: for a given sum of the missing
    gains, making them equal keeps the mean and does not raise the spread, so only completions by
    one repeated value ``x > 0`` need checking, and with them the test "mean > 2 SE" reads
    ``Q(x) = mean² - 4·S/(n(n-1)) > 0`` (S the sum of squared deviations), a quadratic in ``x``.
    Errs towards True (rounding), which costs a rollout, never a different choice."""
    o = len(diffs)
    if o >= n:
        return _clearly_better(diffs) > 0.0
    if n < 2 or min(diffs, default=1.0) <= 0.0:
        return False  # one rollout never clears two standard errors; every gain must be positive
    r = n - o
    tot = sum(diffs)
    lo = max(0.0, (n * MARGIN - tot) / r)  # the mean clears MARGIN only for x above this

    def q(x: float) -> float:
        m = (tot + r * x) / n
        ss = sum((d - m) ** 2 for d in diffs) + r * (x - m) ** 2
        return m * m - 4.0 * ss / (n * (n - 1))

    eps = 1e-9 * (1.0 + abs(tot) + lo) ** 2
    q0, q1, q2 = q(lo), q(lo + 1.0), q(lo + 2.0)
    if q0 > -eps:
        return True
    a = (q0 - 2.0 * q1 + q2) / 2.0  # Q(lo + t) = a t² + b t + q0
    b = q1 - q0 - a
    if a > eps:
        return True  # opens upwards: positive for large enough x
    if a >= -eps:
        return b > -eps
    t = -b / (2.0 * a)  # the summit of a downward parabola
    return t > 0.0 and q0 + b * t + a * t * t > -eps
