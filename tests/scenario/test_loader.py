"""Scenario files are untrusted: every fault is one ScenarioError naming file, key and fault."""

from pathlib import Path

import pytest

from game.scenario import ScenarioError, load_scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
TINY = (DATA / "tiny.toml").read_text()


def test_tiny_scenario_loads():
    s = load_scenario(DATA / "tiny.toml")
    assert s.id == "tiny" and s.preset == "pyrates" and len(s.figures) == 6
    ids = [f.id for f in s.figures]
    assert "red_crew_1" in ids and "red_crew_2" in ids
    crew2 = next(f for f in s.figures if f.id == "red_crew_2")
    assert crew2.x == pytest.approx(4.1)
    pike = next(f for f in s.figures if f.id == "blue_crew_1")
    assert pike.melee_class.value == "reach"


@pytest.mark.parametrize(
    "change,fault",
    [
        (lambda t: t.replace('preset = "pyrates"', 'preset = "chess"'), "scenario.preset"),
        (lambda t: t.replace("turn_limit = 4", 'turn_limit = "4"'), "scenario.turn_limit: expected an integer"),
        (lambda t: t.replace('title = "Tiny skirmish"', ""), "scenario.title: missing"),
        (lambda t: "surprise = 1\n" + t, "scenario.surprise: unknown key"),
        (lambda t: t.replace("x = 3.0\ny = 8.0", 'x = "left"\ny = 8.0'), "figures[0].x"),
        (lambda t: t.replace('melee = "rapier"', 'melee = "lightsaber"'), "figures[2].melee"),
        (lambda t: t.replace('side = "blue"\nrank', 'side = "green"\nrank'), "figures[2].side"),
        (lambda t: t.replace('colour = "#c0392b"', 'colour = "red"'), "sides[0].colour"),
        (lambda t: t.replace('map = "open:24x16"', 'map = "../../etc/passwd.tmx"'), "scenario.map"),
        (lambda t: t.replace('map = "open:24x16"', 'map = "/abs/x.tmx"'), "scenario.map"),
        (lambda t: t.replace("count = 2\nx = 3.0", "count = 2000\nx = 3.0"), "figures[1].count"),
        (lambda t: t.replace('type = "rout"\nside = "red"', 'type = "rout"\nside = "nobody"'), "victory[0].side"),
        (lambda t: t.replace("[[victory]]", "[[victory]]\nsurprise = true", 1), "victory[0].surprise"),
        (lambda t: t.replace('traits = ["leader"]', 'traits = "leader"', 1), "figures[0].traits"),
        (lambda t: t.replace("[[sides]]", "[options]\nwhen = 1979-05-27\n\n[[sides]]", 1), "options.when: unknown key"),
        (lambda t: t.replace("[[sides]]", "[sides_broken", 1), "toml"),
    ],
)
def test_bad_scenario_refused_naming_key(tmp_path, change, fault):
    p = tmp_path / "bad.toml"
    p.write_text(change(TINY))
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    msg = str(e.value)
    assert msg.startswith(str(p)) and fault in msg, msg


def test_duplicate_ids_refused(tmp_path):
    p = tmp_path / "dup.toml"
    p.write_text(TINY.replace('id = "blue_captain"', 'id = "red_captain"'))
    with pytest.raises(ScenarioError, match="duplicate figure id"):
        load_scenario(p)


def test_binary_and_huge_files_refused(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(p)
    q = tmp_path / "huge.toml"
    q.write_text("# " + "x" * 1_100_000)
    with pytest.raises(ScenarioError, match="larger than"):
        load_scenario(q)


def test_missing_map_file_is_a_scenario_error(tmp_path):
    p = tmp_path / "nomap.toml"
    p.write_text(TINY.replace('map = "open:24x16"', 'map = "missing.tmx"'))
    with pytest.raises(ScenarioError, match="scenario.map: 'missing.tmx' does not exist"):
        load_scenario(p)


def test_PYR_MNT_2_and_PYR_WIN_5_roster_fields_mounted_can_dismount_party(tmp_path):
    p = tmp_path / "riders.toml"
    p.write_text(
        TINY.replace(
            'traits = ["leader"]\nx = 21.0',
            'traits = ["leader"]\nmounted = true\ncan_dismount = true\nlancer = true\nparty = "quarterdeck"\nx = 21.0',
            1,
        )
    )
    cap = next(f for f in load_scenario(p).figures if f.id == "blue_captain")
    assert (cap.mounted, cap.can_dismount, cap.lancer, cap.party) == (True, True, True, "quarterdeck")
    crew = next(f for f in load_scenario(DATA / "tiny.toml").figures if f.id != "blue_captain")
    assert (crew.mounted, crew.can_dismount, crew.party) == (False, False, "")


@pytest.mark.parametrize(
    "line,fault",
    [
        ('mounted = "yes"', "figures[2].mounted"),
        ("can_dismount = 1", "figures[2].can_dismount"),
        ("party = 7", "figures[2].party"),
        ("horse = true", "figures[2].horse"),
    ],
)
def test_roster_mount_and_party_fields_are_type_checked(tmp_path, line, fault):
    p = tmp_path / "bad.toml"
    p.write_text(TINY.replace('traits = ["leader"]\nx = 21.0', f'traits = ["leader"]\n{line}\nx = 21.0', 1))
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    assert fault in str(e.value), str(e.value)


@pytest.mark.parametrize(
    "type_,traits,av,dv,move",
    [
        ("enlisted", [], 14, 6, 6.0),
        ("enlisted", ["athletic"], 14, 7, 6.0),
        ("enlisted", ["veteran"], 16, 6, 6.0),
        ("militia", ["fast"], 12, 5, 8.0),
        ("civilian", ["athletic", "veteran", "fast", "tough"], 12, 5, 8.0),
    ],
)
def test_rng_trait_1_a_loaded_figure_carries_its_trait_bonuses(type_, traits, av, dv, move):
    """RNG-STAT-1 profile + RNG-TRAIT-1 through scenario loading (the one ``apply_traits``): Veteran
    +2 AV, Athletic +1 DV, Fast +2" move; the other traits act on rolls, not on the profile."""
    import tomllib

    from game.scenario.loader import parse_scenario

    text = TINY.replace(
        'melee = "cutlass"\ntraits = ["leader"]', f'melee = "cutlass"\ntype = "{type_}"\ntraits = {traits!r}', 1
    )
    f = next(f for f in parse_scenario(tomllib.loads(text), "tiny.toml").figures if f.id == "red_captain")
    assert (f.type, f.av, f.dv, f.move) == (type_, av, dv, move)
    assert f.traits == frozenset(traits)


def test_pyr_wpn_2_a_loaded_figure_fights_with_its_biggest_weapon():
    """PYR-WPN-2 through scenario loading: a dagger in the off hand leaves a cutlass General."""
    import tomllib

    from game.rules.model import WeaponClass
    from game.scenario.loader import parse_scenario

    text = TINY.replace(
        'melee = "cutlass"\ntraits = ["leader"]', 'melee = "cutlass"\noffhand = "dagger"\ntraits = []', 1
    )
    f = next(f for f in parse_scenario(tomllib.loads(text), "tiny.toml").figures if f.id == "red_captain")
    assert (f.melee_class, f.offhand) == (WeaponClass.GENERAL, WeaponClass.CLOSE)
