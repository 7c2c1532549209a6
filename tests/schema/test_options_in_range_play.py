"""Every option value the schema accepts must play: seeded random in-range option sets,
laid over each preset's test scenario as a save's options would be, start a match and play on."""

import random
from pathlib import Path

import pytest

from game.ai import make_controller
from game.match import Match, parse_record, record_of
from game.scenario import load_scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
CASES = [
    ("tiny.toml", "pyrates"),
    ("forest_mini_rangers.toml", "rangers"),
    ("forest_mini_rangers.toml", "initiative"),
    ("esc_open.toml", "escarmouche"),
    ("od6_open.toml", "close-combat-d6"),
]


def random_options(rng: random.Random, sides: list[str]) -> dict:
    pick = {
        "start_loaded": lambda: rng.random() < 0.5,
        "cards": lambda: rng.random() < 0.5,
        "duel": lambda: True,
        "duel_pistols": lambda: rng.random() < 0.5,
        "offence": lambda: rng.random() < 0.5,
        "treaty": lambda: rng.random() < 0.5,
        "allies": lambda: [sides[:1]],
        "sight_limit": lambda: rng.choice([0, 0.5, 8, 400]),
        "night": lambda: True,
        "simultaneous_allocation": lambda: rng.random() < 0.5,
        "alarm": lambda: "nobody",
        "alarm_spot": lambda: rng.randint(1, 7),
        "fire": lambda: {"spread": rng.choice([0, 20]), "cell": rng.choice([0.5, 8]), "scorch": rng.randint(0, 6)},
        "reactive_shooting": lambda: rng.random() < 0.5,
        "to_me": lambda: rng.random() < 0.5,
        "aggression_points": lambda: rng.random() < 0.5,
        "specials": lambda: [
            {
                "id": "s",
                "actions": rng.randint(1, 20),
                "difficulty": rng.randint(-20, 20),
                "wins": rng.random() < 0.5,
                "side": rng.choice(sides),
            }
        ],
        "points_difference": lambda: rng.choice([0, 100000, "off", False]),
        "conditions": lambda: ["gate_open"],
        "actions_per_turn": lambda: rng.choice([0, 1, 500]),
        "morale": lambda: rng.random() < 0.5,
        "shooting": lambda: rng.random() < 0.5,
        "actions": lambda: rng.randint(1, 4),
        "break_after": lambda: rng.choice([0, 50, {"u": 3}]),
        "move": lambda: rng.choice([0.5, 24]),
    }
    keys = rng.sample(sorted(pick), rng.randint(1, 8))
    return {k: pick[k]() for k in keys}


@pytest.mark.parametrize("scen_file,preset", CASES, ids=[p for _, p in CASES])
def test_in_range_options_start_and_play(scen_file, preset):
    scen = load_scenario(DATA / scen_file)
    rng = random.Random(preset)
    sides = [s.id for s in scen.sides]
    for k in range(6):
        opts = random_options(rng, sides)
        m = Match(scen, seed=k, preset=preset, options=opts)
        ctrl = {s: make_controller("random", k * 7 + i) for i, s in enumerate(sides)}
        for _ in range(80):
            if m.over:
                break
            m.apply(ctrl[m.pending.side].decide(m))
        # and the save of it passes the record schema
        parse_record(record_of(m).dumps(), "in-range.json")
