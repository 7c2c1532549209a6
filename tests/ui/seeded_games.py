"""Short seeded AI-v-AI games of every shipped scenario, played once per test process and shared by
the log-wording, rules-reference, layout, option-wording and click-reachability tests."""

from __future__ import annotations

import glob
import os
from functools import lru_cache

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(glob.glob(os.path.join(MAPS, "*.toml")))
#: (AI level, seeds): the random AI wanders everywhere; the easy AI closes in and fights mêlées
PLAYS = (("random", (0,)), ("easy", (2,)))
MAX_DECISIONS = 500


@lru_cache(maxsize=1)
def _played() -> tuple:
    from game.ai import make_controller
    from game.match import Match
    from game.scenario import load_scenario
    from game.ui.scenes.battle_options import point_hint, question_html
    from game.ui.spot_pick import listed_options, option_label, unreachable

    out, asked, labels, unreached = [], {}, {}, []
    questions = 0
    for path in SCENARIOS:
        sc = load_scenario(path)
        for level, seeds in PLAYS:
            for seed in seeds:
                m = Match(sc, seed=seed)
                ctl = {s.id: make_controller(level, seed * 10 + i) for i, s in enumerate(sc.sides)}
                n = 0
                while not m.over and n < MAX_DECISIONS:
                    p = m.pending
                    asked.setdefault(question_html(p, m.state, "you", point_hint(p, m.ruleset)), sc.id)
                    for text, _ in listed_options(p, m.state):
                        labels.setdefault(text, sc.id)
                    if p.default is not None:
                        labels.setdefault("Auto: " + option_label(p.default, m.state), sc.id)
                    questions += 1
                    unreached += [(sc.id, p.kind, d) for d in unreachable(m)]
                    m.apply(ctl[p.side].decide(m))
                    n += 1
                out.append((sc.id, m))
    _keep_out_of_gc()
    return tuple(out), asked, labels, (questions, unreached)


def _keep_out_of_gc() -> None:
    """The games stay alive for the process: out of the garbage collector's reach (as conftest.py
    does after collection), or every full collection after them, such as the one at each scene change
    of the UI tests that run next in this worker (game/ui/memory.py), walks every one of their
    objects (measured: 82 ms a collection with them, ~17 ms without)."""
    import gc

    gc.collect()
    gc.freeze()


def games() -> tuple:
    """(scenario id, match) for every scenario, level and seed, each cut short after MAX_DECISIONS."""
    return _played()[0]


def questions() -> dict[str, str]:
    """The question box's text (as the person asked sees it) of every question those games asked,
    with the scenario that asked it first."""
    return _played()[1]


def option_labels() -> dict[str, str]:
    """Every option list row and Auto button text of every question those games asked, with the
    scenario that showed it first."""
    return _played()[2]


def unreachable_options() -> tuple[int, list]:
    """(questions asked in those games, every offered option that no list row, figure click or table
    click produces, as (scenario id, question kind, option)), checked at each question."""
    return _played()[3]
