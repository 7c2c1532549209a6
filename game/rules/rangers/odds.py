"""Exact outcome distributions for the UI odds preview and the AI (DESIGN: exact odds)."""

from __future__ import annotations

from fractions import Fraction

from .hand_combat import hand_combat_hits, is_critical
from .shooting import shooting_target
from .wounds import CRITICAL_MOD, wound_odds


def hand_attack_wound_odds(
    av: int, dv: int, wound_mod: int = 0, *, lucky: bool = False, ap_hit: int = 0, ap_wound: int = 0
) -> dict[int, Fraction]:
    """RNG-HAND-1 + RNG-WND-1: wounds dealt by one hand-combat attack (0 includes a miss); a
    critical (natural 1) adds −2 to the wound roll. ``wound_mod`` is every other wound modifier."""
    out = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for n in range(1, 21):
        if not hand_combat_hits(n, av, dv, ap_hit):
            out[0] += Fraction(1, 20)
            continue
        mod = wound_mod + (CRITICAL_MOD if is_critical(n) else 0)
        for w, p in wound_odds(mod, lucky, ap=ap_wound).items():
            out[w] += p / 20
    return out


def shot_wound_odds(
    av: int, wound_mod: int = 0, *, lucky: bool = False, ap_wound: int = 0, **shot
) -> dict[int, Fraction]:
    """RNG-SHOOT-1 + RNG-WND-1: wounds dealt by one shot (0 includes a miss or no shot)."""
    t = shooting_target(av, **shot) or 0
    hit = Fraction(t, 20)
    out = {w: p * hit for w, p in wound_odds(wound_mod, lucky, ap=ap_wound).items()}
    out[0] += 1 - hit
    return out


def expected_wounds(dist: dict[int, Fraction]) -> Fraction:
    return sum((w * p for w, p in dist.items()), Fraction(0))


def odds_report(av: int, dv: int, wound_mod: int = 0, *, lucky: bool = False) -> str:
    """A few readable lines for ``python -m game odds rangers`` (optional CLI)."""
    from .hand_combat import hand_combat_odds

    d = hand_attack_wound_odds(av, dv, wound_mod, lucky=lucky)
    lines = [
        f"Hand combat AV {av} vs DV {dv} (target {av - dv}): hit {float(hand_combat_odds(av, dv)):.1%}, critical 5.0%",
        "wounds: " + ", ".join(f"{w}: {float(p):.1%}" for w, p in sorted(d.items())),
        f"expected wounds per attack: {float(expected_wounds(d)):.3f}",
    ]
    return "\n".join(lines)
