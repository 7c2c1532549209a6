"""Shell completion for `boarders`, generated from its argparse parser by shtab: `boarders
completion bash` prints a script for bash (zsh, tcsh likewise). Scenario names complete from
`boarders scenarios --ids`, so packs added later complete too."""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "tcsh")
IDS = "boarders scenarios --ids 2>/dev/null"
#: how each shell completes a scenario argument (shtab's format for a custom completer)
SCENARIO = {
    "bash": "_boarders_scenarios",
    "zsh": f"($({IDS}))",
    "tcsh": f"`{IDS}`",
    "preamble": {"bash": f'_boarders_scenarios() {{\n  compgen -W "$({IDS})" -- "$1"\n}}\n'},
}
FILE_ARGS = {"file", "files", "screenshot", "plot", "out", "record_dir", "root"}


def _mark(parser: argparse.ArgumentParser) -> None:
    import shtab

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _mark(sub)
        elif action.dest == "scenario" and not action.option_strings:
            action.complete = SCENARIO  # type: ignore[attr-defined]
        elif action.dest in FILE_ARGS or action.dest == "scenario":
            action.complete = shtab.DIRECTORY if action.dest == "record_dir" else shtab.FILE  # type: ignore[attr-defined]


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script for ``shell``, from ``parser``."""
    try:
        import shtab
    except ImportError:
        raise ValueError("completion: needs shtab (python -m pip install shtab)") from None
    _mark(parser)
    return shtab.complete(parser, shell=shell)
