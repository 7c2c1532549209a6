#!/usr/bin/env python3
"""Write the malformed-scenario corpus tests/data/bad_scenarios/: one bad .toml per fault.

    tools/make_bad_scenarios.py [OUT_DIR]

Each file is a small good scenario (open ground, so no map file is needed) with one fault: wrong
types, unknown keys, bad ids and references, rosters over their points (rangers preset with
points_limit), broken TOML. ``manifest.json`` = {file: fragment expected in the ScenarioError}.
tests/proof/test_proof_bad_inputs.py checks every file is refused with ScenarioError.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "bad_scenarios"

HEAD = {"title": '"Bad"', "map": '"open:24x16"', "preset": '"pyrates"', "turn_limit": "4"}
SIDES = (
    '[[sides]]\nid = "red"\nname = "Red"\ncolour = "#c0392b"\n\n'
    '[[sides]]\nid = "blue"\nname = "Blue"\ncolour = "#2e86c1"\n'
)
FIG_RED = 'id = "red_captain"\nname = "Rouge"\nside = "red"\nrank = "captain"\nmelee = "cutlass"\nx = 3.0\ny = 8.0\n'
FIG_BLUE = 'id = "blue_captain"\nname = "Bleu"\nside = "blue"\nrank = "captain"\nmelee = "rapier"\nx = 21.0\ny = 8.0\n'
VICTORY = '[[victory]]\ntype = "rout"\nside = "red"\n\n[[victory]]\ntype = "rout"\nside = "blue"\n'


def scenario(head=None, *, sides=SIDES, red=FIG_RED, blue=FIG_BLUE, victory=VICTORY, extra="") -> str:
    h = dict(HEAD)
    h.update(head or {})
    top = "".join(f"{k} = {v}\n" for k, v in h.items() if v is not None)
    return f"{top}{extra}\n{sides}\n[[figures]]\n{red}\n[[figures]]\n{blue}\n{victory}"


def rangers(n_red: int, limit: int, n_blue: int = 1, diff: str = "") -> str:
    """A rangers roster: n_red musket-armed enlisted against n_blue, under points_limit."""
    fig = (
        '[[figures]]\nid = "{s}_{i}"\nname = "{s} {i}"\nside = "{s}"\ntype = "enlisted"\n'
        'melee = "small hatchet"\nmissile = "musket"\nx = {x}\ny = {y}\n{t}'
    )
    lead = 'traits = ["leader"]\n'
    figs = "".join(
        fig.format(s="red", i=i, x=2.0 + (i % 5) * 1.5, y=2.0 + (i // 5) * 1.5, t=lead if i == 0 else "")
        for i in range(n_red)
    )
    figs += "".join(
        fig.format(s="blue", i=i, x=20.0 - (i % 2) * 1.5, y=2.0 + (i // 2) * 1.5, t=lead if i == 0 else "")
        for i in range(n_blue)
    )
    head = "".join(f"{k} = {v}\n" for k, v in {**HEAD, "preset": '"rangers"', "points_limit": str(limit)}.items())
    return f"{head}{diff}\n{SIDES}\n{figs}\n{VICTORY}"


def cases() -> dict[str, tuple[str | bytes, str]]:
    c: dict[str, tuple[str | bytes, str]] = {
        "not_toml.toml": ('title = "Bad\nmap = [', "toml"),
        "empty.toml": ("", ""),
        "binary.toml": (bytes(range(256)) * 4, ""),
        "unknown_top_key.toml": (scenario({"weather": '"stormy"'}), "unknown key"),
        "unknown_figure_key.toml": (scenario(red=FIG_RED + "hitpoints = 9\n"), "unknown key"),
        "unknown_side_key.toml": (
            scenario(sides=SIDES.replace('colour = "#c0392b"', 'colour = "#c0392b"\nflag = "x"')),
            "unknown key",
        ),
        "unknown_victory_key.toml": (scenario(victory=VICTORY + 'when = "dawn"\n'), "unknown key"),
        "turn_limit_string.toml": (scenario({"turn_limit": '"four"'}), "turn_limit"),
        "turn_limit_float.toml": (scenario({"turn_limit": "4.5"}), "turn_limit"),
        "turn_limit_zero.toml": (scenario({"turn_limit": "0"}), "turn_limit"),
        "turn_limit_huge.toml": (scenario({"turn_limit": "100000"}), "turn_limit"),
        "turn_limit_bool.toml": (scenario({"turn_limit": "true"}), "turn_limit"),
        "preset_number.toml": (scenario({"preset": "3"}), "preset"),
        "preset_unknown.toml": (scenario({"preset": '"chess"'}), "preset"),
        "title_table.toml": (scenario({"title": "{ a = 1 }"}), "title"),
        "map_absolute.toml": (scenario({"map": '"/etc/passwd.tmx"'}), "map"),
        "map_escapes.toml": (scenario({"map": '"../maps/boarding_action.tmx"'}), "map"),
        "map_open_tiny.toml": (scenario({"map": '"open:1x1"'}), "map"),
        "map_open_nan.toml": (scenario({"map": '"open:nanxnan"'}), "map"),
        "map_missing.toml": (scenario({"map": '"nowhere.tmx"'}), ""),
        "options_not_table.toml": (scenario({"options": "[1, 2]"}), "options"),
        "sides_not_list.toml": (scenario(sides='sides = "red"\n'), "sides"),
        "one_side.toml": (scenario(sides=SIDES.split("\n\n")[0] + "\n", blue=FIG_BLUE.replace('"blue"', '"red"')), ""),
        "duplicate_side.toml": (scenario(sides=SIDES.replace('id = "blue"', 'id = "red"')), ""),
        "bad_colour.toml": (scenario(sides=SIDES.replace("#c0392b", "crimson")), "colour"),
        "side_bad_id.toml": (scenario(sides=SIDES.replace('id = "red"', 'id = "red side!"')), "id"),
        "figure_unknown_side.toml": (scenario(red=FIG_RED.replace('side = "red"', 'side = "green"')), ""),
        "figure_duplicate_id.toml": (scenario(blue=FIG_BLUE.replace('id = "blue_captain"', 'id = "red_captain"')), ""),
        "figure_x_string.toml": (scenario(red=FIG_RED.replace("x = 3.0", 'x = "3"')), "x"),
        "figure_x_nan.toml": (scenario(red=FIG_RED.replace("x = 3.0", "x = nan")), "x"),
        "figure_x_inf.toml": (scenario(red=FIG_RED.replace("x = 3.0", "x = inf")), "x"),
        "figure_off_map.toml": (scenario(red=FIG_RED.replace("x = 3.0", "x = 300.0")), ""),
        "figures_overlap.toml": (scenario(blue=FIG_BLUE.replace("x = 21.0", "x = 3.0")), ""),
        "figure_bad_rank.toml": (scenario(red=FIG_RED.replace('"captain"', '"admiral"')), "rank"),
        "figure_bad_weapon.toml": (scenario(red=FIG_RED.replace('"cutlass"', '"lightsaber"')), "melee"),
        "figure_traits_string.toml": (scenario(red=FIG_RED + 'traits = "leader"\n'), "traits"),
        "figure_count_huge.toml": (scenario(red=FIG_RED + "count = 1000000\n"), "count"),
        "figure_count_negative.toml": (scenario(red=FIG_RED + "count = -1\n"), "count"),
        "figure_base_zero.toml": (scenario(red=FIG_RED + "base = 0\n"), "base"),
        "figure_not_table.toml": (
            scenario()
            .replace("[[figures]]\n" + FIG_RED, "figures = [1, 2]\n", 1)
            .replace("[[figures]]\n" + FIG_BLUE, ""),
            "figures",
        ),
        "victory_bad_type.toml": (scenario(victory=VICTORY.replace('"rout"', '"checkmate"', 1)), "type"),
        "victory_unknown_side.toml": (scenario(victory=VICTORY.replace('side = "red"', 'side = "green"')), ""),
        "victory_unknown_zone.toml": (
            scenario(
                victory=VICTORY + '\n[[victory]]\ntype = "hold_zone"\nside = "red"\nzone = "atlantis"\nturns = 2\n'
            ),
            "",
        ),
        "deep_options.toml": (scenario(extra="[options]\n" + "a = " + "[" * 60 + "]" * 60 + "\n"), ""),
        "id_bad.toml": (scenario({"id": '"../../etc"'}), "id"),
        # rosters over their points (RNG-PTS-1): rangers preset with points_limit
        "rangers_over_points.toml": (rangers(12, 100, 1), "points"),
        "rangers_over_points_blue.toml": (rangers(1, 100, 6), "points"),
        "rangers_points_limit_negative.toml": (rangers(1, -5, 1), "points_limit"),
        "rangers_points_limit_string.toml": (
            rangers(1, 100, 1).replace("points_limit = 100", 'points_limit = "lots"'),
            "points_limit",
        ),
    }
    c.update(issue20_cases())
    return c


def _opt(body: str) -> str:
    return scenario(extra=f"[options]\n{body}\n")


def issue20_cases() -> dict[str, tuple[str | bytes, str]]:
    """Options and cards with unbounded work, refusals that were not one line, odd bytes."""
    deep_inline = "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n"
    return {
        "options_fire_cell_zero.toml": (_opt("[options.fire]\ncell = 0"), "options.fire.cell"),
        "options_fire_cell_tiny.toml": (_opt("[options.fire]\ncell = 1e-9"), "options.fire.cell"),
        "options_fire_cell_nan.toml": (_opt("[options.fire]\ncell = nan"), "options.fire.cell"),
        "options_fire_spread_huge.toml": (_opt("[options.fire]\nspread = 1000000000000000"), "options.fire.spread"),
        "options_fire_not_table.toml": (_opt('fire = "hot"'), "options.fire"),
        "options_specials_ints.toml": (_opt("specials = [1, 2]"), "options.specials[0]"),
        "options_special_difficulty_huge.toml": (
            _opt('specials = [{id = "x", difficulty = 1e300}]'),
            "options.specials[0].difficulty",
        ),
        "options_conditions_int.toml": (_opt("conditions = 5"), "options.conditions"),
        "options_actions_per_turn_huge.toml": (
            _opt("actions_per_turn = 9223372036854775807"),
            "options.actions_per_turn",
        ),
        "options_sight_limit_inf.toml": (_opt("sight_limit = inf"), "options.sight_limit"),
        "options_alarm_spot_bool.toml": (_opt("alarm_spot = true"), "options.alarm_spot"),
        "options_allies_huge.toml": (_opt("allies = [" + ", ".join(['["red", "blue"]'] * 100) + "]"), "options.allies"),
        "options_break_after_negative.toml": (_opt("break_after = -1"), "options.break_after"),
        "options_move_zero.toml": (_opt("move = 0"), "options.move"),
        "options_unknown.toml": (_opt("fire_cell = 2"), "options.fire_cell: unknown key"),
        "options_date.toml": (_opt("start_loaded = 1979-05-27"), "options.start_loaded"),
        "cards_copies_huge.toml": (scenario(extra="[cards]\ncopies = 1000000000\n"), "cards.copies"),
        "cards_hand_huge.toml": (scenario(extra="[cards]\nhand = 100000\n"), "cards.hand"),
        "cards_hand_string.toml": (scenario(extra='[cards]\nhand = "3"\n'), "cards.hand"),
        "cards_unknown.toml": (scenario(extra="[cards]\njokers = 2\n"), "cards.jokers: unknown key"),
        "orders_figures_string.toml": (
            scenario(extra='[[orders]]\nid = "o"\nfigures = "red_captain"\n'),
            "orders[0].figures",
        ),
        "orders_vague_objective.toml": (
            scenario(extra='[[orders]]\nid = "o"\nside = "red"\nobjective = "win"\n'),
            "orders[0].objective",
        ),
        "orders_unknown_figure.toml": (
            scenario(extra='[[orders]]\nid = "o"\nfigures = ["nobody"]\nobjective = "place:x"\n'),
            "orders[0].figures[0]",
        ),
        "figures_over_400.toml": (
            scenario(red=FIG_RED.replace("x = 3.0\ny = 8.0\n", "") + "count = 50\n").replace(
                "[[figures]]\n" + FIG_BLUE,
                "".join(
                    "[[figures]]\n"
                    + FIG_BLUE.replace("blue_captain", f"blue_{i}").replace("x = 21.0\ny = 8.0\n", "")
                    + "count = 50\n"
                    for i in range(8)
                ),
            ),
            "figures",
        ),
        "figure_x_huge.toml": (scenario(red=FIG_RED.replace("x = 3.0", "x = 1e308")), "figures[0].x"),
        "figure_facing_inf.toml": (scenario(red=FIG_RED + "facing = -inf\n"), "figures[0].facing"),
        "victory_count_huge.toml": (
            scenario(
                victory=VICTORY + '\n[[victory]]\ntype = "reach_zone"\nside = "red"\nzone = "z"\ncount = 100000000\n'
            ),
            "victory[2].count",
        ),
        "long_unknown_key.toml": (scenario({"k" * 100_000: "1"}), "unknown key"),
        "control_chars_key.toml": (scenario({'"evil\\u001b[31m\\u0000\\n"': "1"}), "unknown key"),
        "long_title.toml": (scenario({"title": '"' + "t" * 5_000 + '"'}), "scenario.title"),
        "deep_inline_tables.toml": (scenario(extra=deep_inline), ""),
        "utf16.toml": (scenario().encode("utf-16"), "UTF-8"),
        "latin1.toml": (scenario({"title": '"Caf\u00e9"'}).replace("\u00e9", "\xe9").encode("latin-1"), "UTF-8"),
        "sides_nine.toml": (scenario(sides="".join(f'[[sides]]\nid = "s{i}"\n\n' for i in range(8)) + SIDES), "sides"),
        "side_no_figures.toml": (
            scenario(sides=SIDES + '\n[[sides]]\nid = "green"\nname = "Green"\ncolour = "#27ae60"\n'),
            "sides[2]: side 'green' has no figures",
        ),
        # the scenario's line names the scenario, then its map and the map's fault
        "map_bad.toml": (scenario({"map": '"bad_map.tmx"'}), "map_bad.toml: scenario.map: "),
    }


#: Files the cases name beside them (not cases themselves).
SIDE_FILES = {
    "bad_map.tmx": (
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        'renderorder="right-down" width="24" height="16" tilewidth="32" tileheight="32" infinite="0">\n'
        ' <objectgroup id="1" name="zones"><object id="1" name="pond" x="0" y="0">'
        '<polygon points="0,0 64,64 64,0 0,64"/></object></objectgroup>\n</map>\n'
    ),
}


def write(out: Path = OUT, only_refused: bool = True) -> dict[str, str]:
    """Write the corpus; a case is kept when ``check-scenario`` refuses it (load, map, deployment,
    set-up), as the game would when starting it."""
    from game.match.scenario_check import check_scenario

    out.mkdir(parents=True, exist_ok=True)
    for name, text in SIDE_FILES.items():
        (out / name).write_text(text)
    manifest = {}
    for name, (content, frag) in cases().items():
        p = out / name
        p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        if check_scenario(p):
            manifest[name] = frag
            continue
        print(f"ACCEPTED (not a refusal; left out of the corpus): {name}", file=sys.stderr)
        if only_refused:
            p.unlink()
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    m = write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"{len(m)} bad scenarios")
