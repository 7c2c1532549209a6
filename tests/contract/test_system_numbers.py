"""PRE-INI-1, PRE-ESC-1: the initiative and Escarmouche numbers are read by their rules — a preset
registered with one value changed plays differently through the Match in exactly that respect."""

from __future__ import annotations

from dataclasses import replace

from game.match import Match
from game.rules import presets
from game.rules.decisions import PASS
from game.rules.escarmouche.ruleset import EscarmoucheRuleset
from game.rules.events import DiceRolled, StatusChanged
from game.rules.initiative.ruleset import InitiativeRuleset
from game.scenario import load_scenario

from .suite import SCENARIO, controllers

SEEDS = (1, 2, 3, 4)


def _register(monkeypatch, base, **values) -> str:
    """A preset that is ``base`` (a ruleset class) with ``values`` of its configuration changed."""

    class Changed(base):
        name = f"{base.name}-changed"
        config = replace(base.config, **values)

    monkeypatch.setitem(presets.PRESETS, Changed.name, Changed)
    return Changed.name


def _played(preset: str, level: str = "easy") -> list[tuple[Match, set[str]]]:
    """Seeded games of the contract scenario played out: each match and the kinds it asked."""
    sc = load_scenario(SCENARIO)
    out = []
    for seed in SEEDS:
        m = Match(sc, seed=seed, preset=preset)
        ctl = controllers(m, level, seed)
        kinds = set()
        while not m.over:
            kinds.add(m.pending.kind)
            m.apply(ctl[m.pending.side].decide(m))
        out.append((m, kinds))
    return out


def test_ini_react_1_the_reaction_range_decides_who_may_react(monkeypatch):
    assert any("react" in kinds for _, kinds in _played("initiative", "random"))
    none = _register(monkeypatch, InitiativeRuleset, react_range=-1.0)  # nobody is that near
    assert not any("react" in kinds for _, kinds in _played(none, "random"))


def _rolls(games, rule: str) -> list[DiceRolled]:
    return [e for m, _ in games for e in m.log if isinstance(e, DiceRolled) and e.rule == rule]


def test_esc_eng_2_the_resolve_target_is_every_resolve_rolls(monkeypatch):
    base = _rolls(_played("escarmouche"), "ESC-ENG-2")
    assert base and {e.target for e in base} == {4}
    bold = _rolls(_played(_register(monkeypatch, EscarmoucheRuleset, resolve_target=6)), "ESC-ENG-2")
    assert bold and {e.target for e in bold} == {6} and all(e.success for e in bold)


def test_esc_res_1_the_wounds_that_kill(monkeypatch):
    def wounded(games) -> int:
        return sum(1 for m, _ in games for e in m.log if isinstance(e, StatusChanged) and e.status == "wounded")

    assert wounded(_played("escarmouche")) > 0
    assert wounded(_played(_register(monkeypatch, EscarmoucheRuleset, wounds_to_kill=1))) == 0


def test_ini_ord_1_the_order_card_bonus_is_what_a_card_adds_to_a_seize(monkeypatch):
    from tests.rules.rangers.flow_helpers import has, pick, setup

    orders = [{"id": "get_langlade", "side": "rangers", "figures": ["rogers"], "objective": "enemy:lieutenant"}]

    def seize_with_the_card(preset: str) -> DiceRolled:
        # the French act first (the Lieutenant aims); Rogers seizes to carry out his card's objective
        m = setup(
            {"rogers": (3, 3), "lieutenant": (8, 3), "warrior_1": (20, 20)},
            preset=preset,
            options={"reactive_shooting": False},
            faces=[1, 20, 5, 20, 20],
            orders=orders,
        )
        m.apply(pick(m, "aim", figure="lieutenant") if has(m, "aim", figure="lieutenant") else PASS)
        assert m.pending.kind == "seize"
        m.apply(pick(m, "seize", figure="rogers", option="order", label="get_langlade"))
        return next(e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1")

    # leadership 2, +2 can engage, + the card
    assert seize_with_the_card("initiative").modifier == 2 + 2 + 4
    assert seize_with_the_card(_register(monkeypatch, InitiativeRuleset, order_card_bonus=1)).modifier == 2 + 2 + 1
