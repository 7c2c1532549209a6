"""`python -m game …` — see game/cli.py."""
from game.cli import main

raise SystemExit(main())
