"""Scenario files: rosters, preset, victory conditions, beside each map."""

from .errors import ScenarioError
from .loader import load_scenario, parse_scenario
from .model import Scenario, Victory
from .registry import MAPS_DIR, find_scenario, list_scenarios, scan_scenarios, scenario_files

__all__ = [
    "ScenarioError",
    "Scenario",
    "Victory",
    "load_scenario",
    "parse_scenario",
    "find_scenario",
    "list_scenarios",
    "scan_scenarios",
    "scenario_files",
    "MAPS_DIR",
]
