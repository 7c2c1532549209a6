"""The closest command or scenario to a mistyped word on the command line (difflib)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def scenario_names() -> list[str]:
    """Every scenario's id and file name (shipped, then the player's packs), bad files skipped."""
    from game.scenario import scan_scenarios, scenario_files
    from game.scenario.packs import pack_scenario_files

    names = [p.stem for p in scenario_files()] + [p.stem for p, _ in pack_scenario_files()]
    names += [s.id for s in scan_scenarios()[0]]
    return list(dict.fromkeys(names))


def closest(word: str, choices: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


def unknown_word(word: str, commands: list[str]) -> str | None:
    """Why ``word`` (the first word, taken for a scenario when it is no command) names nothing, with
    the closest command or scenario; None when it is a scenario or looks like a file."""
    if word.endswith(".toml") or "/" in word or "\\" in word:
        return None
    scenarios = scenario_names()
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
