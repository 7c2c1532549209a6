"""Exact OD6 odds (DESIGN: exact odds): the 36 equally likely face pairs after netting (OD6-ROLL-1)."""

from __future__ import annotations

from fractions import Fraction

from .result import opposed_result
from .roll import net_bonus, total

#: Outcome keys in display order: (winner, kind); winner None on a tie.
OUTCOMES = (
    ("a", "triple"),
    ("a", "double"),
    ("a", "simple"),
    (None, "tie"),
    ("b", "simple"),
    ("b", "double"),
    ("b", "triple"),
)


def combat_odds(cv_a: int, cv_b: int, mods_a: int = 0, mods_b: int = 0) -> dict[tuple[str | None, str], Fraction]:
    """Exact chance of each (winner, kind) for one pair: winner "a", "b" or None (tie).

    Every key of ``OUTCOMES`` is present (possibly 0); the values sum to exactly 1.
    """
    ba, bb = net_bonus(cv_a, cv_b, mods_a, mods_b)
    counts: dict[tuple[str | None, str], int] = {k: 0 for k in OUTCOMES}
    for fa in range(1, 7):
        for fb in range(1, 7):
            r = opposed_result(total(fa, ba), total(fb, bb))
            counts[(r.winner, r.kind.value)] += 1
    return {k: Fraction(n, 36) for k, n in counts.items()}


def _pct(f: Fraction) -> str:
    return f"{float(f) * 100:6.2f}%"


def odds_report_close_combat(cv_a: int, cv_b: int, mods_a: int = 0, mods_b: int = 0) -> str:
    """The exact OD6 table for one pair, as text (fractions and percentages)."""
    ba, bb = net_bonus(cv_a, cv_b, mods_a, mods_b)
    odds = combat_odds(cv_a, cv_b, mods_a, mods_b)
    lines = [
        f"Opposed d6 close combat: A (CV {cv_a}{f' {mods_a:+d}' if mods_a else ''}) v "
        f"B (CV {cv_b}{f' {mods_b:+d}' if mods_b else ''})",
        f"Netted (OD6-ROLL-1): A d6{f'+{ba}' if ba else ''} v B d6{f'+{bb}' if bb else ''}",
        "",
    ]
    labels = {
        ("a", "triple"): "A triple victory (B eliminated)",
        ("a", "double"): "A double victory (B back, Disrupted)",
        ("a", "simple"): "A simple victory (B back)",
        (None, "tie"): "Tie (both back)",
        ("b", "simple"): "B simple victory (A back)",
        ("b", "double"): "B double victory (A back, Disrupted)",
        ("b", "triple"): "B triple victory (A eliminated)",
    }
    for k in OUTCOMES:
        f = odds[k]
        lines.append(f"  {labels[k]:<38} {str(f):>6}  {_pct(f)}")
    a = sum((v for (w, _), v in odds.items() if w == "a"), Fraction(0))
    b = sum((v for (w, _), v in odds.items() if w == "b"), Fraction(0))
    lines += [
        "",
        f"  {'A wins':<38} {str(a):>6}  {_pct(a)}",
        f"  {'B wins':<38} {str(b):>6}  {_pct(b)}",
        f"  {'Tie':<38} {str(odds[(None, 'tie')]):>6}  {_pct(odds[(None, 'tie')])}",
    ]
    return "\n".join(lines)
