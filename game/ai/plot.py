"""`simulate --plot`: win rates with 95 % Wilson intervals and the game-length histogram (Agg)."""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval for ``wins`` out of ``n``."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, max(0.0, centre - half), min(1.0, centre + half)


def plot_summary(summary: dict, path: str) -> None:
    """Draw the summary of a simulate run to a PNG at ``path``."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("--plot needs matplotlib (install the project's plot extra)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = summary["games"]
    bars = [(f"AI {k}", v) for k, v in sorted(summary["wins_by_ai"].items())]
    bars += [(f"side {k}", v) for k, v in sorted(summary["wins_by_side"].items())]
    bars.append(("draws", summary["draws"]))
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    labels, rates, lo, hi = [], [], [], []
    for name, w in bars:
        p, a, b = wilson(w, n)
        labels.append(name)
        rates.append(p)
        lo.append(max(0.0, p - a))
        hi.append(max(0.0, b - p))
    xs = range(len(labels))
    ax1.bar(xs, rates, yerr=[lo, hi], capsize=4, color="#4a7ab5")
    ax1.set_xticks(list(xs))
    ax1.set_xticklabels(labels, rotation=20, ha="right")
    ax1.set_ylim(0, 1)
    ax1.set_ylabel("share of games (95% Wilson interval)")
    ax1.set_title(f"{summary.get('scenario', '')}: {n} games, AI {summary.get('ai', '')}")
    turns = summary.get("turns") or []
    # {turn: games} (simulate's streamed summary) or one turn per game
    weights = [int(v) for v in turns.values()] if isinstance(turns, dict) else None
    turns = [int(t) for t in turns]
    if turns:
        lo_t, hi_t = min(turns), max(turns)
        ax2.hist(turns, bins=range(lo_t, hi_t + 2), weights=weights, align="left", color="#b5654a", rwidth=0.85)
    ax2.set_xlabel("game length (game turns)")
    ax2.set_ylabel("games")
    ax2.set_title("game length")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
