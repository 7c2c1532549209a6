"""A sample 40-figure boarding action built in code, for the frame benchmark and the UI tests
(the shipped scenarios may carry fewer figures). Uses maps/boarding_action.tmx when present."""

from __future__ import annotations

from game.resources import data_dir

MAP = data_dir("maps", must_exist=False) / "boarding_action.tmx"


def boarding_scenario(per_side: int = 20):
    """Scenario: merchants against pirates, ``per_side`` figures each, deployed by the map's zones."""
    from game.rules.model import Figure, Rank, SideInfo, Status, WeaponClass  # noqa: F401
    from game.scenario.model import Scenario, Victory

    if not MAP.exists():
        return None
    sides = (
        SideInfo("merchants", "Merchant crew", (46, 134, 193)),
        SideInfo("pirates", "Pirates", (192, 57, 43), boarder=True),
    )
    figs = []
    for s in sides:
        for i in range(per_side):
            # no x/y: the Match deploys them on the map's deployment zones, clear of masts and hatches
            x = y = float("nan")
            rank = Rank.CAPTAIN if i == 0 else Rank.ORDINARY
            figs.append(
                Figure(
                    id=f"{s.id}_{i + 1}",
                    name=f"{s.name.split()[0]} {i + 1}" if i else f"{s.name} captain",
                    side=s.id,
                    x=x,
                    y=y,
                    rank=rank,
                    flags=frozenset({f"deploy:{s.id}"}),
                    traits=frozenset({"leader"}) if i == 0 else frozenset(),
                    melee_class=WeaponClass.GENERAL,
                    melee_weapon="cutlass",
                )
            )
    return Scenario(
        id="boarding_sample",
        title="Boarding action (sample, 40 figures)",
        blurb="Twenty pirates against twenty merchant sailors.",
        map=str(MAP),
        preset="pyrates",
        sides=sides,
        figures=tuple(figs),
        victory=(Victory("rout", "pirates"), Victory("rout", "merchants")),
        turn_limit=8,
    )
