"""A sample 40-figure boarding action built in code, for the frame benchmark and the UI tests
(the shipped scenarios may carry fewer figures). Uses maps/boarding_action.tmx when present."""
from __future__ import annotations

from pathlib import Path

MAP = Path(__file__).resolve().parents[2] / "maps" / "boarding_action.tmx"


def boarding_scenario(per_side: int = 20):
    """Scenario: merchants against pirates, ``per_side`` figures each, deployed by the map's zones."""
    from game.rules.model import Figure, Rank, SideInfo, Status, WeaponClass  # noqa: F401
    from game.scenario.model import Scenario, Victory
    if not MAP.exists():
        return None
    sides = (SideInfo("merchants", "Merchant crew", (46, 134, 193)), SideInfo("pirates", "Pirates", (192, 57, 43), boarder=True))
    figs = []
    origin = {"merchants": (8.0, 6.0), "pirates": (12.0, 17.5)}
    for s in sides:
        ox, oy = origin[s.id]
        for i in range(per_side):
            x, y = ox + 1.6 * (i % 10), oy + 1.6 * (i // 10)
            rank = Rank.CAPTAIN if i == 0 else Rank.ORDINARY
            figs.append(Figure(id=f"{s.id}_{i + 1}", name=f"{s.name.split()[0]} {i + 1}" if i else f"{s.name} captain",
                               side=s.id, x=x, y=y, rank=rank,
                               traits=frozenset({"leader"}) if i == 0 else frozenset(),
                               melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"))
    return Scenario(id="boarding_sample", title="Boarding action (sample, 40 figures)",
                    blurb="Twenty pirates against twenty merchant sailors.", map=str(MAP), preset="pyrates",
                    sides=sides, figures=tuple(figs),
                    victory=(Victory("rout", "pirates"), Victory("rout", "merchants")), turn_limit=8)
