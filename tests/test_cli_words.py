"""The command line's words: --ai takes only the levels that exist, a mistyped command or scenario
gets the closest one, and shell completion comes from the parser (shtab)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from game.cli import main


@pytest.mark.parametrize("argv", [["play", "--ai", "godlike", "--headless"], ["--ai", "godlike", "--headless"]])
def test_an_ai_level_that_does_not_exist_is_refused_with_the_list(argv, capsys):
    assert main(argv) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "'godlike'" in line and all(lv in line for lv in ("random", "easy", "normal", "hard"))


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("simualte", "did you mean the command 'simulate'?"),
        ("scenarois", "did you mean the command 'scenarios'?"),
        ("boardng_action", "did you mean the scenario 'boarding_action'?"),
        ("xyzzy", "is neither a command nor a scenario (commands: check-map,"),
    ],
)
def test_a_mistyped_word_gets_the_closest_command_or_scenario(word, said, capsys):
    assert main([word, "--headless"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert said in line and f"'{word}'" in line


def test_a_scenario_id_still_plays_without_the_command(capsys):
    assert main(["duel_on_the_quarterdeck", "--headless", "--ai", "random", "--seed", "4"]) == 0
    assert "Result:" in capsys.readouterr().out


def test_scenario_ids_for_completion(capsys):
    assert main(["scenarios", "--ids"]) == 0
    ids = capsys.readouterr().out.split()
    assert "boarding_action" in ids and "pike_and_shot" in ids


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completion_completes_commands_options_and_scenarios(tmp_path, capsys):
    assert main(["completion", "bash"]) == 0
    script = tmp_path / "boarders.bash"
    script.write_text(capsys.readouterr().out, encoding="utf-8")
    # `boarders` as the scenario completer calls it: this interpreter running the game
    shim = tmp_path / "bin" / "boarders"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m game "$@"\n', encoding="utf-8")
    shim.chmod(0o755)

    def complete(*words: str) -> list[str]:
        line = " ".join(["boarders", *words])
        code = (
            f"source {script}; COMP_WORDS=({line}); COMP_CWORD={len(words)}; "
            f'COMP_LINE="{line}"; COMP_POINT=${{#COMP_LINE}}; _shtab_boarders; printf "%s\\n" "${{COMPREPLY[@]}}"'
        )
        env = dict(os.environ, PATH=f"{shim.parent}{os.pathsep}{os.environ.get('PATH', '')}")
        r = subprocess.run(["bash", "-c", code], capture_output=True, text=True, env=env, timeout=60)
        return r.stdout.split()

    assert complete("sim") == ["simulate"]
    assert "--record-dir" in complete("simulate", "--rec")
    assert complete("play", "duel_on") == ["duel_on_the_quarterdeck"]


def test_zsh_and_tcsh_scripts_are_made_and_an_unknown_shell_is_refused(capsys):
    for shell in ("zsh", "tcsh"):
        assert main(["completion", shell]) == 0
        assert "simulate" in capsys.readouterr().out
    assert main(["completion", "cmd"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
