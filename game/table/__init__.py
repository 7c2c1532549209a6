"""The tabletop: Tiled maps loaded headless into a typed TacticalMap (inches), and a pymunk Table
that answers the rules' geometry questions (game.rules.tabletop.Tabletop)."""

from .errors import MapError
from .loader import check_map, load_map, map_summary, tiled_map
from .table import Table
from .tactical_map import Deployment, Link, Obstacle, Sector, TacticalMap, Zone

__all__ = [
    "MapError",
    "TacticalMap",
    "Zone",
    "Obstacle",
    "Link",
    "Deployment",
    "Sector",
    "Table",
    "load_map",
    "check_map",
    "map_summary",
    "tiled_map",
]
