"""Load and validate scenario TOML files (untrusted input: every fault is a ScenarioError)."""

from __future__ import annotations

import hashlib
import math
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from game.rules.model import Figure, Rank, SideInfo, WeaponClass, round_in
from game.schema import read_bounded, validate
from game.schema.scenario import LEVELS, MAX_FIGURES, MISSILES, PRESETS, TRAITS, VICTORY_TYPES, ScenarioFile
from game.schema.text import decode_text

from .errors import ScenarioError
from .model import Scenario, Victory

MAX_BYTES = 1_000_000
#: A map is hashed with its scenario; the map reader (game/table) enforces its own, finer limits.
MAP_MAX_BYTES = 8 * 1024 * 1024
ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
__all__ = [
    "load_scenario",
    "parse_scenario",
    "scenario_hash",
    "ID_RE",
    "PRESETS",
    "VICTORY_TYPES",
    "MISSILES",
    "TRAITS",
    "LEVELS",
    "MAX_FIGURES",
    "MAX_BYTES",
]


_TABLES = ("sides", "figures", "victory", "options", "cards", "orders", "file")


def _weapon_class(fail: Callable[[str, str], NoReturn], key: str, name: str) -> WeaponClass:
    from game.rules.pyrates.weapons import weapon_class

    try:
        return weapon_class(name)
    except ValueError as e:
        fail(key, str(e))


def parse_scenario(
    data: dict, file: str, base_dir: Path | None = None, default_id: str = "scenario", content_hash: str = ""
) -> Scenario:
    """Validate parsed TOML into a Scenario; raise ScenarioError("FILE: key: fault").

    The shape and ranges come from the one schema (game/schema/scenario.py); what follows checks
    the cross-references. ``options``, ``cards`` and ``orders`` are kept as written (validated), so
    that state hashes see the file's own values.
    """

    def fail(key: str, what: str) -> NoReturn:
        raise ScenarioError(f"{file}: {key}: {what}")

    if not isinstance(data, dict):
        fail("file", f"expected a table, got {type(data).__name__}")

    def shape_fail(key: str, what: str):
        # top-level scalars are named scenario.KEY; tables and arrays of tables by their own name
        if re.split(r"[.\[]", key, maxsplit=1)[0] not in _TABLES:
            key = f"scenario.{key}"
        fail(key, what)

    spec: ScenarioFile = validate(data, ScenarioFile, shape_fail)
    sid = spec.id if spec.id is not None else default_id
    map_ref = spec.map
    if map_ref.startswith("open:"):
        m = re.fullmatch(r"open:(\d{1,3}(?:\.\d+)?)x(\d{1,3}(?:\.\d+)?)", map_ref)
        if not m or not (4 <= float(m[1]) <= 400 and 4 <= float(m[2]) <= 400):
            fail("scenario.map", f"{map_ref!r}: open ground must be open:WxH with 4..400 inches")
        map_path = map_ref
    else:
        p = Path(map_ref)
        if p.is_absolute() or ".." in p.parts or p.suffix != ".tmx" or "\\" in map_ref:
            fail("scenario.map", f"{map_ref!r} must be a .tmx file beside the scenario (no absolute path or ..)")
        map_path = str((base_dir or Path(".")) / p)
        if not Path(map_path).is_file():
            fail("scenario.map", f"{map_ref!r} does not exist beside the scenario")

    sides: list[SideInfo] = []
    deployment = {}
    for i, s in enumerate(spec.sides):
        if any(x.id == s.id for x in sides):
            fail(f"sides[{i}].id", f"duplicate side {s.id!r}")
        c = s.colour
        sides.append(
            SideInfo(
                s.id,
                s.name if s.name is not None else s.id,
                (int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)),
                s.boarder,
                s.ship,
            )
        )
        deployment[s.id] = s.deployment or s.id
    side_ids = [s.id for s in sides]

    # Every figure is built the same whatever the preset (a file is shared by them all): PYR-WPN-1/2
    # weapon classes and the RNG-STAT-1 profile with RNG-TRAIT-1 bonuses. State hashes of every
    # record depend on these numbers, so they stay one build, not a per-ruleset one.
    from game.rules.pyrates.weapons import fighting_class
    from game.rules.rangers.traits import apply_traits

    figures: list[Figure] = []
    seen: set[str] = set()
    for i, r in enumerate(spec.figures):
        where = f"figures[{i}]"
        raw = data["figures"][i]  # numbers as written (1 stays 1: the state hash sees the file's value)
        if r.side not in side_ids:
            fail(f"{where}.side", f"{r.side!r} is not one of {', '.join(side_ids)}")
        mclass = _weapon_class(fail, f"{where}.melee", r.melee)
        offclass = _weapon_class(fail, f"{where}.offhand", r.offhand) if r.offhand else None
        mclass = fighting_class([mclass, offclass] if offclass else [mclass])  # PYR-WPN-2: the bigger one
        traits, x, y = frozenset(r.traits), raw.get("x"), raw.get("y")
        if (x is None) != (y is None):
            fail(f"{where}.{'x' if x is None else 'y'}", "give both x and y, or neither")
        av, dv, wounds, move, _charge = apply_traits(r.type, traits)  # RNG-STAT-1 + RNG-TRAIT-1
        common = dict(
            side=r.side,
            base=raw.get("base", r.base),
            level=r.level,
            party=r.party,
            command=r.command,
            type=r.type,
            rank=Rank(r.rank),
            av=av,
            dv=dv,
            max_wounds=wounds,
            move=move,
            melee_class=mclass,
            melee_weapon=r.melee,
            offhand=offclass,
            missile=r.missile,
            thrown=r.thrown,
            traits=traits,
            armoured=r.armoured,
            drilled=r.drilled,
            mounted=r.mounted,
            lancer=r.lancer,
            can_dismount=r.can_dismount,
            flags=frozenset(r.flags),
            facing=raw.get("facing", r.facing),
            cv=r.cv,
            qv=r.qv,
            width=raw.get("width", r.width),
            depth=raw.get("depth", r.depth),
            unit=r.unit,
            loaded=r.loaded,
        )
        name = r.name if r.name is not None else r.id
        dep = r.deployment or deployment[r.side]
        count = r.count
        if len(figures) + count > MAX_FIGURES:
            fail("figures", f"more than {MAX_FIGURES} figures")
        for k in range(count):
            one_id = r.id if count == 1 else f"{r.id}_{k + 1}"
            if one_id in seen:
                fail(f"{where}.id", f"duplicate figure id {one_id!r}")
            seen.add(one_id)
            if x is None:
                fx = fy = math.nan
            else:
                # copies stand in a row, one base apart with a little air between them
                fx, fy = round_in(x + k * (r.base + 0.1)), round_in(y)
            figures.append(Figure(id=one_id, name=name if count == 1 else f"{name} {k + 1}", x=fx, y=fy, **common))
        if x is None:
            figures[-count:] = [_mark_deploy(fg, dep) for fg in figures[-count:]]

    fielded = {f.side for f in figures}
    for i, side in enumerate(sides):
        if side.id not in fielded:
            fail(f"sides[{i}]", f"side {side.id!r} has no figures (give it at least one [[figures]] entry)")

    victory = []
    for i, v in enumerate(spec.victory):
        where = f"victory[{i}]"
        if v.side not in side_ids:
            fail(f"{where}.side", f"{v.side!r} is not one of {', '.join(side_ids)}")
        if v.type == "capture" and v.figure not in seen:
            fail(f"{where}.figure", f"{v.figure!r} is not a figure of this scenario")
        if v.type in ("hold_zone", "reach_zone") and not v.zone:
            fail(f"{where}.zone", f"missing ({v.type} needs a zone name)")
        if v.type == "reach_zone":
            have = sum(1 for f in figures if f.side == v.side)
            if v.count > have:
                fail(f"{where}.count", f"{v.count} figures must reach {v.zone!r} but side {v.side!r} has only {have}")
        victory.append(Victory(v.type, v.side, v.figure, v.zone, v.turns, float(v.below), v.count))

    # INI-ORD-1: the initiative preset parses these mid-game; refuse a bad one now, whatever the
    # file's preset: a scenario file is shared by every preset (the menu may play it under another),
    # so the check is the file's, not its ruleset's, and it asks the initiative rules directly.
    for i, o in enumerate(spec.orders):
        where = f"orders[{i}]"
        if o.side is not None and o.side not in side_ids:
            fail(f"{where}.side", f"{o.side!r} is not one of {', '.join(side_ids)}")
        for k, fid in enumerate(o.figures):
            if fid not in seen:
                fail(f"{where}.figures[{k}]", f"{fid!r} is not a figure of this scenario")
        if o.side is None and not o.figures:
            fail(f"{where}.side", "missing (an order names its side or its figures)")
        from game.rules.initiative.orders import parse_objective

        try:
            parse_objective(o.objective)
        except ValueError as e:
            fail(f"{where}.objective", str(e))
    _check_order_cards(fail, spec.orders, figures)

    options = dict(data.get("options", {}))
    _check_scenario_rules(fail, options, figures)
    scenario = Scenario(
        id=sid,
        title=spec.title,
        blurb=spec.blurb,
        map=map_path,
        preset=spec.preset,
        sides=tuple(sides),
        figures=tuple(figures),
        victory=tuple(victory),
        turn_limit=spec.turn_limit,
        points_limit=spec.points_limit,
        tutorial=spec.tutorial,
        lesson_rolls=tuple((r.rule, r.who, tuple(r.faces)) for r in spec.lesson_rolls) if spec.tutorial else (),
        options=options,
        cards=dict(data.get("cards", {})),
        deployment=deployment,
        orders=tuple(dict(o) for o in data.get("orders", [])),
        path=file,
        content_hash=content_hash,
    )
    _check_roster(scenario)
    return scenario


def _check_order_cards(fail: Callable[[str, str], NoReturn], orders, figures: list[Figure]) -> None:
    """INI-ORD-1 over each side's cards as the initiative preset will hold them (a card without an id
    is its side's card<n>): ``validate_order_cards``, the rules' own check (a figure on one card
    only, a card naming figures of its own side). The first problem refuses the file."""
    from game.rules.initiative.orders import OrderCard, validate_order_cards

    side_of = {f.id: f.side for f in figures}
    cards: dict[str, list[OrderCard]] = {}
    for o in orders:
        side = (o.side or side_of.get(o.figures[0])) if o.figures else o.side
        if side is None:
            continue
        mine = cards.setdefault(side, [])
        mine.append(OrderCard(o.id or f"card{len(mine) + 1}", tuple(o.figures), o.objective, o.condition))
    for side, mine in cards.items():
        problems = validate_order_cards(mine, figures={fid for fid, s in side_of.items() if s == side})
        if problems:
            fail("orders", problems[0])


def _check_scenario_rules(fail, options: dict, figures: list[Figure]) -> None:
    """Cross-references of the [options] that switch on scenario rules (SCN-ALARM): the types and
    ranges are the schema's (game/schema/options.py)."""
    if "alarm" in options:
        party = options["alarm"]
        sleepers = [f for f in figures if f.party == party]
        if not sleepers:
            fail("options.alarm", f"no figure has party {party!r}")
        if len({f.side for f in sleepers}) != 1:
            fail("options.alarm", f"party {party!r} has figures of more than one side")


def _mark_deploy(fig: Figure, zone: str) -> Figure:
    from dataclasses import replace

    return replace(fig, unit=fig.unit or "", flags=fig.flags | {f"deploy:{zone}"})


def _check_roster(s: Scenario) -> None:
    """The roster rules of the scenario's ruleset (e.g. RNG-PTS-1 for the Rangers! rosters of
    ``rangers`` and ``initiative``): ``Ruleset.roster_problems``, asked through the one registry."""
    from game.rules.presets import UnknownPreset, get_ruleset

    try:
        ruleset = get_ruleset(s.preset)
    except UnknownPreset as e:  # an add-on preset that is listed but cannot be built
        raise ScenarioError(f"{s.path}: scenario.preset: {e}") from None
    problems = ruleset.roster_problems(s)
    if problems:
        raise ScenarioError(f"{s.path}: figures: {problems[0]}")


def scenario_hash(scenario_bytes: bytes, map_bytes: bytes | None) -> str:
    """The content hash a record keeps of the scenario and the map it was made with."""
    h = hashlib.sha256(b"boarders-away-scenario\0")
    h.update(len(scenario_bytes).to_bytes(8, "big") + scenario_bytes)
    if map_bytes is not None:
        h.update(map_bytes)
    return h.hexdigest()


def load_scenario(path: str | Path, root: str | Path | None = None) -> Scenario:
    """Read and validate a scenario file; any fault raises ScenarioError naming file, key and fault.
    ``root``: the scenario pack's folder its map's files must stay in (``Scenario.root``)."""
    p = Path(path)
    name = str(p)

    def fail(key: str, what: str) -> NoReturn:
        raise ScenarioError(f"{name}: {key}: {what}")

    raw = read_bounded(p, MAX_BYTES, fail)
    text = decode_text(raw, fail)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        fail("toml", str(e))
    except RecursionError:
        fail("toml", "nested too deeply")
    scen = parse_scenario(data, name, p.parent, p.stem if ID_RE.match(p.stem) else "scenario")
    map_bytes = None
    mp = scen.map_path()
    if mp is not None:
        map_bytes = read_bounded(mp, MAP_MAX_BYTES, lambda k, w: fail("scenario.map", f"{mp.name}: {w}"))
    else:
        map_bytes = scen.map.encode()
    from dataclasses import replace

    return replace(scen, content_hash=scenario_hash(raw, map_bytes), root=str(root) if root else "")
