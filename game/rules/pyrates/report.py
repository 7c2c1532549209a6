"""Text report of a side's mêlée odds for the CLI (`python -m game odds pyrates --mq N`)."""

from __future__ import annotations

from fractions import Fraction

from .hands import HAND_DAMAGE
from .odds import expected_damage, hand_odds, side_damage_odds
from .rolls import dice_for_quota, round_quota


def _hand_desc(n: int, r: int) -> str:
    return f"{n}d6" + (f" + {r} reroll{'s' if r != 1 else ''}" if r else "")


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:7.3f}%"


def odds_report(mq) -> str:
    """Exact odds for a side with Mêlée Quota ``mq`` (int, Fraction or "3/2"), as readable text.

    Lists the hands (PYR-DICE-1) with each hand's odds under the PYR-DICE-2 auto policy, the exact
    distribution of the side's pool (PYR-DMG-1) as fractions and percentages, and the expected
    knockdowns and wounds.
    """
    if isinstance(mq, str):
        try:
            mq = Fraction(mq.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"--mq: {mq!r} is not a number (e.g. 7 or 3/2)") from None
    q = round_quota(mq)
    hands = dice_for_quota(q)
    lines = [f"Pyrates mêlée odds — MQ {mq}" + (f" → {q} (rounded up, PYR-MQ-7)" if q != mq else "")]
    if not hands:
        lines.append("No dice (MQ 0): the side inflicts nothing.")
        return "\n".join(lines) + "\n"
    lines.append("Hands (PYR-DICE-1): " + ", ".join(_hand_desc(n, r) for n, r in hands))
    seen: list[tuple[int, int]] = []
    for n, r in hands:
        if (n, r) in seen:
            continue
        seen.append((n, r))
        count = hands.count((n, r))
        lines.append("")
        lines.append(
            (f"{count} × " if count > 1 else "")
            + f"hand of {_hand_desc(n, r)}"
            + (" (auto rerolls, PYR-DICE-2)" if r else "")
            + ":"
        )
        for h, p in hand_odds(n, r).items():
            if p:
                lines.append(f"  {h.label:<16} {HAND_DAMAGE[h].text():<12} {_pct(p)}  {p}")
    lines.append("")
    lines.append("Side's pool (PYR-DMG-1), exact:")
    lines.append(f"  {'KD':>3} {'W':>3} {'percent':>8}  fraction")
    for d, p in side_damage_odds(q).items():
        lines.append(f"  {d.knockdowns:>3} {d.wounds:>3} {_pct(p)}  {p}")
    ekd, ew = expected_damage(q)
    lines.append("")
    lines.append(f"Expected knockdowns: {float(ekd):.4f} ({ekd})")
    lines.append(f"Expected wounds:     {float(ew):.4f} ({ew})")
    return "\n".join(lines) + "\n"
