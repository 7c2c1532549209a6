"""The closest command or scenario to a mistyped word on the command line (difflib)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def scenario_stems() -> list[str]:
    """Every scenario file's name without .toml (shipped, then the player's packs), unread."""
    from game.scenario import scenario_files
    from game.scenario.packs import pack_scenario_files

    return [p.stem for p in scenario_files()] + [p.stem for p, _ in pack_scenario_files()]


def scenario_ids() -> list[str]:
    """Every scenario's id (a file may give its scenario an id other than its name)."""
    from game.match.scenario_check import scan_packs
    from game.scenario import scan_scenarios

    return [s.id for s in scan_scenarios()[0]] + [s.id for pk in scan_packs(check=False) for s in pk.scenarios]


def closest(word: str, choices: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


def unknown_word(word: str, commands: list[str]) -> str | None:
    """Why ``word`` (the first word, taken for a scenario when it is no command) names nothing, with
    the closest command or scenario; None when it is a scenario or looks like a file."""
    if word.endswith(".toml") or "/" in word or "\\" in word:
        return None
    stems = scenario_stems()
    if word in stems:  # the common case, answered without reading a file
        return None
    scenarios = list(dict.fromkeys(stems + scenario_ids()))
    if word in scenarios:
        return None
    best = closest(word, commands + scenarios)
    if best is None:
        return (
            f"{word!r} is neither a command nor a scenario (commands: {', '.join(commands)}; "
            "`boarders scenarios` lists the scenarios)"
        )
    kind = "command" if best in commands else "scenario"
    return f"{word!r} is neither a command nor a scenario; did you mean the {kind} {best!r}?"
