#!/usr/bin/env python3
"""Write the malformed-scenario corpus tests/data/bad_scenarios/ (issue 10): one bad .toml per fault.

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
SIDES = ('[[sides]]\nid = "red"\nname = "Red"\ncolour = "#c0392b"\n\n'
         '[[sides]]\nid = "blue"\nname = "Blue"\ncolour = "#2e86c1"\n')
FIG_RED = 'id = "red_captain"\nname = "Rouge"\nside = "red"\nrank = "captain"\nmelee = "cutlass"\nx = 3.0\ny = 8.0\n'
FIG_BLUE = 'id = "blue_captain"\nname = "Bleu"\nside = "blue"\nrank = "captain"\nmelee = "rapier"\nx = 21.0\ny = 8.0\n'
VICTORY = '[[victory]]\ntype = "rout"\nside = "red"\n\n[[victory]]\ntype = "rout"\nside = "blue"\n'


def scenario(head=None, *, sides=SIDES, red=FIG_RED, blue=FIG_BLUE, victory=VICTORY, extra="") -> str:
    h = dict(HEAD)
    h.update(head or {})
    top = "".join(f"{k} = {v}\n" for k, v in h.items() if v is not None)
    return (f"{top}{extra}\n{sides}\n[[figures]]\n{red}\n[[figures]]\n{blue}\n{victory}")


def rangers(n_red: int, limit: int, n_blue: int = 1, diff: str = "") -> str:
    """A rangers roster: n_red musket-armed enlisted against n_blue, under points_limit."""
    fig = ('[[figures]]\nid = "{s}_{i}"\nname = "{s} {i}"\nside = "{s}"\ntype = "enlisted"\n'
           'melee = "small hatchet"\nmissile = "musket"\nx = {x}\ny = {y}\n{t}')
    lead = 'traits = ["leader"]\n'
    figs = "".join(fig.format(s="red", i=i, x=2.0 + (i % 5) * 1.5, y=2.0 + (i // 5) * 1.5, t=lead if i == 0 else "")
                   for i in range(n_red))
    figs += "".join(fig.format(s="blue", i=i, x=20.0 - (i % 2) * 1.5, y=2.0 + (i // 2) * 1.5, t=lead if i == 0 else "")
                    for i in range(n_blue))
    head = "".join(f"{k} = {v}\n" for k, v in {**HEAD, "preset": '"rangers"', "points_limit": str(limit)}.items())
    return f"{head}{diff}\n{SIDES}\n{figs}\n{VICTORY}"


def cases() -> dict[str, tuple[str | bytes, str]]:
    c = {
        "not_toml.toml": ("title = \"Bad\nmap = [", "toml"),
        "empty.toml": ("", ""),
        "binary.toml": (bytes(range(256)) * 4, ""),
        "unknown_top_key.toml": (scenario({"weather": '"stormy"'}), "unknown key"),
        "unknown_figure_key.toml": (scenario(red=FIG_RED + 'hitpoints = 9\n'), "unknown key"),
        "unknown_side_key.toml": (scenario(sides=SIDES.replace('colour = "#c0392b"', 'colour = "#c0392b"\nflag = "x"')),
                                  "unknown key"),
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
        "figure_not_table.toml": (scenario().replace("[[figures]]\n" + FIG_RED, "figures = [1, 2]\n", 1)
                                  .replace("[[figures]]\n" + FIG_BLUE, ""), "figures"),
        "victory_bad_type.toml": (scenario(victory=VICTORY.replace('"rout"', '"checkmate"', 1)), "type"),
        "victory_unknown_side.toml": (scenario(victory=VICTORY.replace('side = "red"', 'side = "green"')), ""),
        "victory_unknown_zone.toml": (scenario(victory=VICTORY + '\n[[victory]]\ntype = "hold_zone"\nside = "red"\n'
                                                                 'zone = "atlantis"\nturns = 2\n'), ""),
        "deep_options.toml": (scenario(extra="[options]\n" + "a = " + "[" * 60 + "]" * 60 + "\n"), ""),
        "id_bad.toml": (scenario({"id": '"../../etc"'}), "id"),
        # rosters over their points (RNG-PTS-1): rangers preset with points_limit
        "rangers_over_points.toml": (rangers(12, 100, 1), "points"),
        "rangers_over_points_blue.toml": (rangers(1, 100, 6), "points"),
        "rangers_points_limit_negative.toml": (rangers(1, -5, 1), "points_limit"),
        "rangers_points_limit_string.toml": (rangers(1, 100, 1).replace("points_limit = 100", 'points_limit = "lots"'),
                                             "points_limit"),
    }
    return c


def write(out: Path = OUT, only_refused: bool = True) -> dict[str, str]:
    from game.scenario import ScenarioError, load_scenario
    out.mkdir(parents=True, exist_ok=True)
    manifest = {}
    for name, (content, frag) in cases().items():
        p = out / name
        p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        try:
            load_scenario(p)
        except ScenarioError:
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
