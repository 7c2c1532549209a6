"""Load and validate scenario TOML files (untrusted input: every fault is a ScenarioError)."""
from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path

from game.rules.model import PROFILES, Figure, Rank, SideInfo, WeaponClass, round_in

from .errors import ScenarioError
from .model import Scenario, Victory

MAX_BYTES = 1_000_000
MAX_FIGURES = 400
ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
PRESETS = ("pyrates", "rangers", "initiative", "escarmouche", "close-combat-d6")
VICTORY_TYPES = ("rout", "strike_colours", "capture", "hold_zone", "reach_zone", "turn_limit")
TOP_KEYS = {"id", "title", "blurb", "map", "preset", "turn_limit", "points_limit", "options", "sides",
            "figures", "victory", "cards", "orders"}
SIDE_KEYS = {"id", "name", "colour", "boarder", "ship", "deployment"}
FIGURE_KEYS = {"id", "name", "side", "type", "rank", "melee", "offhand", "missile", "thrown", "traits",
               "armoured", "drilled", "mounted", "lancer", "can_dismount", "flags", "base", "party",
               "command", "count", "deployment", "x", "y", "level", "facing", "cv", "qv", "width", "depth",
               "unit", "loaded"}
VICTORY_KEYS = {"type", "side", "figure", "zone", "turns", "below", "count"}
MISSILES = ("musket", "pistol", "bow", "sling", "crossbow", "javelin", "rifle")
TRAITS = ("fast", "tough", "athletic", "leader", "legendary_leader", "strongman", "keen_eyed", "lucky",
          "veteran", "initiative", "determined")
LEVELS = ("hold", "deck", "rigging")


class _Reader:
    """Typed access to one table of the file, naming the key path in every fault."""

    def __init__(self, file: str, where: str, table: dict, allowed: set[str]):
        if not isinstance(table, dict):
            raise ScenarioError(f"{file}: {where}: expected a table, got {type(table).__name__}")
        self.file, self.where, self.t = file, where, table
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise ScenarioError(f"{file}: {where}.{unknown[0]}: unknown key")

    def fail(self, key: str, what: str):
        raise ScenarioError(f"{self.file}: {self.where}.{key}: {what}")

    def str(self, key, default=None, *, required=False, choices=None, pattern=None, limit=500):
        if key not in self.t:
            if required:
                self.fail(key, "missing")
            return default
        v = self.t[key]
        if not isinstance(v, str):
            self.fail(key, f"expected a string, got {type(v).__name__}")
        if len(v) > limit:
            self.fail(key, f"longer than {limit} characters")
        if choices and v not in choices:
            self.fail(key, f"{v!r} is not one of {', '.join(choices)}")
        if pattern and not pattern.match(v):
            self.fail(key, f"{v!r} is not a valid id (letters, digits, _ and -, at most 64)")
        return v

    def num(self, key, default=None, *, lo=-math.inf, hi=math.inf, integer=False, required=False):
        if key not in self.t:
            if required:
                self.fail(key, "missing")
            return default
        v = self.t[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or (integer and not isinstance(v, int)):
            self.fail(key, f"expected {'an integer' if integer else 'a number'}, got {type(v).__name__}")
        if not math.isfinite(v) or not lo <= v <= hi:
            self.fail(key, f"{v} is outside {lo}..{hi}")
        return v

    def bool(self, key, default=False):
        if key not in self.t:
            return default
        v = self.t[key]
        if not isinstance(v, bool):
            self.fail(key, f"expected true or false, got {type(v).__name__}")
        return v

    def strlist(self, key, *, choices=None):
        if key not in self.t:
            return []
        v = self.t[key]
        if not isinstance(v, list) or len(v) > 50 or not all(isinstance(s, str) and len(s) <= 64 for s in v):
            self.fail(key, "expected a list of short strings")
        if choices:
            for s in v:
                if s not in choices:
                    self.fail(key, f"{s!r} is not one of {', '.join(choices)}")
        return v


def _colour(r: _Reader) -> tuple[int, int, int]:
    c = r.str("colour", "#c8c8c8")
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", c):
        r.fail("colour", f"{c!r} is not a #rrggbb colour")
    return (int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16))


def _weapon_class(r: _Reader, key: str, name: str) -> WeaponClass:
    from game.rules.pyrates.weapons import weapon_class
    try:
        return weapon_class(name)
    except ValueError as e:
        r.fail(key, str(e))


def _json_like(file: str, where: str, v, depth=0):
    """Options must be plain data: refuse deep nesting or exotic TOML types (dates)."""
    if depth > 8:
        raise ScenarioError(f"{file}: {where}: nested too deeply")
    if isinstance(v, dict):
        return {str(k): _json_like(file, f"{where}.{k}", x, depth + 1) for k, x in v.items()}
    if isinstance(v, list):
        return [_json_like(file, f"{where}[{i}]", x, depth + 1) for i, x in enumerate(v)]
    if isinstance(v, (str, int, float, bool)):
        return v
    raise ScenarioError(f"{file}: {where}: unsupported value type {type(v).__name__}")


def parse_scenario(data: dict, file: str, base_dir: Path | None = None, default_id: str = "scenario") -> Scenario:
    """Validate parsed TOML into a Scenario; raise ScenarioError("FILE: key: fault")."""
    top = _Reader(file, "scenario", data, TOP_KEYS)
    sid = top.str("id", default_id, pattern=ID_RE)
    title = top.str("title", required=True, limit=120)
    blurb = top.str("blurb", "", limit=1000)
    preset = top.str("preset", required=True, choices=PRESETS)
    map_ref = top.str("map", required=True, limit=300)
    if map_ref.startswith("open:"):
        m = re.fullmatch(r"open:(\d{1,3}(?:\.\d+)?)x(\d{1,3}(?:\.\d+)?)", map_ref)
        if not m or not (4 <= float(m[1]) <= 400 and 4 <= float(m[2]) <= 400):
            top.fail("map", f"{map_ref!r}: open ground must be open:WxH with 4..400 inches")
        map_path = map_ref
    else:
        p = Path(map_ref)
        if p.is_absolute() or ".." in p.parts or p.suffix != ".tmx":
            top.fail("map", f"{map_ref!r} must be a .tmx file beside the scenario (no absolute path or ..)")
        map_path = str((base_dir or Path(".")) / p)
        if not Path(map_path).is_file():
            top.fail("map", f"{map_ref!r} does not exist beside the scenario")
    turn_limit = top.num("turn_limit", 12, lo=1, hi=200, integer=True)
    points_limit = top.num("points_limit", 0, lo=0, hi=100000, integer=True)
    options = _json_like(file, "options", top.t.get("options", {}))
    if not isinstance(options, dict):
        top.fail("options", "expected a table")
    cards = _json_like(file, "cards", top.t.get("cards", {}))
    if not isinstance(cards, dict):
        top.fail("cards", "expected a table")
    orders = _json_like(file, "orders", top.t.get("orders", []))
    if not isinstance(orders, list):
        top.fail("orders", "expected an array of tables")

    raw_sides = top.t.get("sides")
    if not isinstance(raw_sides, list) or not 2 <= len(raw_sides) <= 8:
        top.fail("sides", "expected 2 to 8 [[sides]] tables")
    sides, deployment = [], {}
    for i, s in enumerate(raw_sides):
        r = _Reader(file, f"sides[{i}]", s, SIDE_KEYS)
        side_id = r.str("id", required=True, pattern=ID_RE)
        if any(x.id == side_id for x in sides):
            r.fail("id", f"duplicate side {side_id!r}")
        sides.append(SideInfo(side_id, r.str("name", side_id, limit=80), _colour(r), r.bool("boarder"),
                              r.str("ship", None, pattern=ID_RE)))
        deployment[side_id] = r.str("deployment", side_id, pattern=ID_RE)
    side_ids = [s.id for s in sides]

    raw_figs = top.t.get("figures")
    if not isinstance(raw_figs, list) or not raw_figs:
        top.fail("figures", "expected at least one [[figures]] table")
    figures: list[Figure] = []
    seen: set[str] = set()
    for i, f in enumerate(raw_figs):
        r = _Reader(file, f"figures[{i}]", f, FIGURE_KEYS)
        fid = r.str("id", required=True, pattern=ID_RE)
        side = r.str("side", required=True, choices=side_ids)
        ftype = r.str("type", "enlisted", choices=tuple(PROFILES))
        rank = Rank(r.str("rank", "ordinary", choices=tuple(x.value for x in Rank)))
        melee = r.str("melee", "fists", limit=40)
        mclass = _weapon_class(r, "melee", melee)
        off = r.str("offhand", None, limit=40)
        offclass = _weapon_class(r, "offhand", off) if off else None
        missile = r.str("missile", None, choices=MISSILES)
        traits = frozenset(r.strlist("traits", choices=TRAITS))
        flags = frozenset(r.strlist("flags"))
        base = r.num("base", 1.0, lo=0.25, hi=6.0)
        count = r.num("count", 1, lo=1, hi=50, integer=True)
        level = r.str("level", "deck", choices=LEVELS)
        x = r.num("x", None, lo=-1000, hi=1000)
        y = r.num("y", None, lo=-1000, hi=1000)
        if (x is None) != (y is None):
            r.fail("x" if x is None else "y", "give both x and y, or neither")
        if x is None and count > 1:
            pass
        av, dv, wounds, move, _pts = PROFILES[ftype]
        if "veteran" in traits:
            av += 2
        if "athletic" in traits:
            dv += 1
        if "fast" in traits:
            move += 2.0
        common = dict(
            side=side, base=base, level=level, party=r.str("party", "", limit=40),
            command=r.str("command", "", limit=40), type=ftype, rank=rank, av=av, dv=dv, max_wounds=wounds,
            move=move, melee_class=mclass, melee_weapon=melee, offhand=offclass, missile=missile,
            thrown=r.bool("thrown"), traits=traits, armoured=r.bool("armoured"), drilled=r.bool("drilled"),
            mounted=r.bool("mounted"), lancer=r.bool("lancer"), can_dismount=r.bool("can_dismount"),
            flags=flags, facing=r.num("facing", 0.0, lo=-360, hi=720),
            cv=r.num("cv", 0, lo=0, hi=20, integer=True), qv=r.num("qv", 0, lo=0, hi=7, integer=True),
            width=r.num("width", 0.0, lo=0, hi=12), depth=r.num("depth", 0.0, lo=0, hi=12),
            unit=r.str("unit", "", limit=40), loaded=r.bool("loaded"),
        )
        name = r.str("name", fid, limit=60)
        dep = r.str("deployment", deployment[side], pattern=ID_RE)
        for k in range(count):
            one_id = fid if count == 1 else f"{fid}_{k + 1}"
            if one_id in seen:
                r.fail("id", f"duplicate figure id {one_id!r}")
            seen.add(one_id)
            if x is None:
                fx, fy = math.nan, math.nan
            else:
                # copies stand in a row, one base apart with a little air between them
                fx, fy = x + k * (base + 0.1), y
            fig = Figure(id=one_id, name=name if count == 1 else f"{name} {k + 1}", x=round_in(fx) if x is not None else fx,
                         y=round_in(fy) if y is not None else fy, **common)
            figures.append(fig)
            if len(figures) > MAX_FIGURES:
                top.fail("figures", f"more than {MAX_FIGURES} figures")
        if x is None:
            figures[-count:] = [_mark_deploy(fg, dep) for fg in figures[-count:]]

    raw_vic = top.t.get("victory", [])
    if not isinstance(raw_vic, list):
        top.fail("victory", "expected an array of [[victory]] tables")
    victory = []
    for i, v in enumerate(raw_vic):
        r = _Reader(file, f"victory[{i}]", v, VICTORY_KEYS)
        vt = r.str("type", required=True, choices=VICTORY_TYPES)
        vs = r.str("side", required=True, choices=side_ids)
        fig = r.str("figure", "", pattern=None, limit=64)
        if vt == "capture" and fig not in seen:
            r.fail("figure", f"{fig!r} is not a figure of this scenario")
        zone = r.str("zone", "", limit=64)
        if vt in ("hold_zone", "reach_zone") and not zone:
            r.fail("zone", f"missing ({vt} needs a zone name)")
        count = r.num("count", 1, lo=1, hi=MAX_FIGURES, integer=True)
        if vt == "reach_zone":
            have = sum(1 for f in figures if f.side == vs)
            if count > have:
                r.fail("count", f"{count} figures must reach {zone!r} but side {vs!r} has only {have}")
        victory.append(Victory(vt, vs, fig, zone, r.num("turns", 1, lo=1, hi=50, integer=True),
                               float(r.num("below", 0.0, lo=0.0, hi=0.99)), count))

    _check_scenario_rules(file, options, figures)
    scenario = Scenario(id=sid, title=title, blurb=blurb, map=map_path, preset=preset, sides=tuple(sides),
                        figures=tuple(figures), victory=tuple(victory), turn_limit=turn_limit,
                        points_limit=points_limit, options=options, cards=cards, deployment=deployment,
                        orders=tuple(orders), path=file)
    _check_points(scenario)
    return scenario


def _check_scenario_rules(file: str, options: dict, figures: list[Figure]) -> None:
    """The [options] that switch on scenario rules (maps/README.md, SCN-ALARM, SCN-FIRE) must be well
    formed: the preset trusts them."""
    def fail(key: str, what: str):
        raise ScenarioError(f"{file}: options.{key}: {what}")

    if "alarm" in options:
        party = options["alarm"]
        if not isinstance(party, str) or not party:
            fail("alarm", "expected the name of the sleeping party (a string)")
        sleepers = [f for f in figures if f.party == party]
        if not sleepers:
            fail("alarm", f"no figure has party {party!r}")
        if len({f.side for f in sleepers}) != 1:
            fail("alarm", f"party {party!r} has figures of more than one side")
    if "alarm_spot" in options:
        v = options["alarm_spot"]
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 7:
            fail("alarm_spot", "expected an integer 1..7 (the d6 score that spots an enemy; 7 = never)")
    if "fire" in options:
        fire = options["fire"]
        if not isinstance(fire, dict):
            fail("fire", "expected a table {ship, spread, cell, scorch}")
        unknown = sorted(set(fire) - {"ship", "spread", "cell", "scorch"})
        if unknown:
            fail(f"fire.{unknown[0]}", "unknown key")
        if "ship" in fire and (not isinstance(fire["ship"], str) or not ID_RE.match(fire["ship"])):
            fail("fire.ship", "expected a ship id")
        for key, lo, hi in (("spread", 0, 20), ("scorch", 0, 6)):
            v = fire.get(key, lo)
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                fail(f"fire.{key}", f"expected an integer {lo}..{hi}")
        c = fire.get("cell", 2.0)
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0.5 <= c <= 8:
            fail("fire.cell", "expected a number of inches 0.5..8")


def _mark_deploy(fig: Figure, zone: str) -> Figure:
    from dataclasses import replace
    return replace(fig, unit=fig.unit or "", flags=fig.flags | {f"deploy:{zone}"})


def _check_points(s: Scenario) -> None:
    """RNG-PTS-1 for the presets that use Rangers! rosters."""
    if s.preset not in ("rangers", "initiative"):
        return
    try:
        from game.rules.rangers import validate_roster
    except ImportError:  # the Rangers! rules arrive with their issue
        return
    by_side: dict[str, list[Figure]] = {}
    for f in s.figures:
        by_side.setdefault(f.side, []).append(f)
    problems = validate_roster(by_side, points_limit=s.points_limit or None,
                               max_difference=s.options.get("points_difference", 30))
    if problems:
        raise ScenarioError(f"{s.path}: figures: {problems[0]}")


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; any fault raises ScenarioError naming file, key and fault."""
    p = Path(path)
    name = str(p)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise ScenarioError(f"{name}: file: cannot read ({e.strerror})") from None
    if size > MAX_BYTES:
        raise ScenarioError(f"{name}: file: larger than {MAX_BYTES} bytes")
    try:
        raw = p.read_bytes().decode("utf-8")
        data = tomllib.loads(raw)
    except UnicodeDecodeError:
        raise ScenarioError(f"{name}: file: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{name}: toml: {e}") from None
    except OSError as e:
        raise ScenarioError(f"{name}: file: cannot read ({e.strerror})") from None
    return parse_scenario(data, name, p.parent, p.stem if ID_RE.match(p.stem) else "scenario")
