"""`python -m game …` — see game/cli.py. Also the entry script of a frozen build (tools/boarders.spec)."""

import multiprocessing

from game.cli import main

if __name__ == "__main__":  # not when a spawned worker (simulate --jobs) re-imports this module
    # a frozen executable's worker processes start here too: let them run their task, not the CLI
    multiprocessing.freeze_support()
    raise SystemExit(main())
