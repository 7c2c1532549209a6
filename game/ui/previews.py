"""Odds previews shown before a player commits: a charge's mêlée odds, a shot's hit odds and cover.

Every number here comes from the rules package's exact-odds functions (DESIGN: exact odds); this
module only gathers their inputs from the match without changing it:

* ``charge_preview`` plays the charge on a *clone* of the match (with a fresh dice seed, so the
  preview can never peek at the real dice), then measures the mêlée the charge would start and asks
  ``pyrates.melee_quotas`` and ``pyrates.side_damage_odds`` for both sides' quotas and pools.
* ``shot_preview`` reads line of sight and cover from the table and asks the preset's own hit
  number (``pyrates.shot_target_number`` or ``rangers.shooting_odds``).

Results are cached per (decision, number of decisions made): hovering the same target every frame
costs one dict lookup. The cache is cleared whenever the match moves on, so it stays tiny.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.rules.decisions import Decision, IllegalDecision

#: seed for the look-ahead dice of a preview clone (any fixed value: those dice are never shown)
PREVIEW_SEED = 0x5EED
CACHE_MAX = 64


@dataclass(frozen=True)
class SidePool:
    """One side of a previewed mêlée."""

    side: str
    name: str
    colour: tuple
    mq: int
    total: Fraction
    lines: tuple[str, ...]
    odds: dict = field(compare=False)
    """Damage → Fraction, exactly ``pyrates.side_damage_odds(mq)``."""

    def marginal(self, attr: str) -> dict[int, Fraction]:
        """P(knockdowns = k) or P(wounds = k) from the joint distribution."""
        out: dict[int, Fraction] = {}
        for d, p in self.odds.items():
            k = getattr(d, attr)
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items()))


@dataclass(frozen=True)
class ChargePreview:
    charger: str
    target: str
    sides: tuple[SidePool, SidePool] | tuple = ()
    win: Fraction | None = None
    """Chance the charger's side wins the round's tally on the dice alone (ties split by roll-off)."""
    error: str = ""
    rule: str = "PYR-DMG-1"


@dataclass(frozen=True)
class ShotPreview:
    shooter: str
    target: str
    hit: Fraction | None
    cover: str | None
    distance: float
    target_number: int | None = None
    error: str = ""
    rule: str = "RNG-SHOOT-1"
    weapon: str = ""


class Previews:
    """A small cache of previews for one battle scene."""

    def __init__(self):
        self._cache: dict = {}
        self._stamp = None

    def _get(self, match, key, make):
        stamp = (id(match), len(match.decisions))
        if stamp != self._stamp:
            self._cache.clear()  # the match moved on: every cached preview is stale
            self._stamp = stamp
        hit = self._cache.get(key)
        if hit is None:
            if len(self._cache) >= CACHE_MAX:
                self._cache.clear()
            hit = self._cache[key] = make()
        return hit

    def charge(self, match, d: Decision) -> ChargePreview:
        return self._get(match, ("charge", d), lambda: charge_preview(match, d))

    def shot(self, match, d: Decision) -> ShotPreview:
        return self._get(match, ("shot", d), lambda: shot_preview(match, d))


# -- charges ------------------------------------------------------------------------------------------
def tally_win_chance(a: dict, b: dict) -> Fraction:
    """PYR-WIN-1 on the dice alone (``pyrates.tally_win_odds``)."""
    from game.rules.pyrates import tally_win_odds

    return tally_win_odds(a, b)


def charge_preview(match, d: Decision) -> ChargePreview:
    """Both sides' exact damage-pool odds in the mêlée that charge ``d`` would start (Pyrates)."""
    if match.preset_name != "pyrates":
        return ChargePreview(d.figure or "", d.target or "", error="mêlée odds are shown for the pyrates preset")
    from game.rules.flow import Ctx
    from game.rules.pyrates import side_damage_odds
    from game.rules.pyrates.melee_round import Round, participants
    from game.rules.pyrates.quota import SideFacts, melee_quotas

    try:
        m = match.clone(dice_seed=PREVIEW_SEED)
        m.apply(d)
    except IllegalDecision as e:
        return ChargePreview(d.figure or "", d.target or "", error=str(e))
    assert d.figure is not None and d.target is not None, "a legal charge names its figure and target"
    st = m.state
    ctx = Ctx(st, m.dice, m.table, m.scenario)
    r = Round(ctx, {"seeds": [d.figure, d.target]})
    r.refresh()
    r.group = r.eng.group([d.figure, d.target])
    if not r.group:
        return ChargePreview(d.figure, d.target, error="the charge would not end engaged")
    own = r.camp(d.figure)
    camps = [own] + sorted({r.camp(f) for f in r.group} - {own})
    if len(camps) < 2:
        return ChargePreview(d.figure, d.target, error="no enemy in that mêlée")
    a, b = camps[:2]
    qa, qb = melee_quotas(SideFacts(tuple(participants(r, a)), 0, a), SideFacts(tuple(participants(r, b)), 0, b))
    names = {f.id: f.name for f in st.figures.values()}
    pools = []
    for camp, q in ((a, qa), (b, qb)):
        s = st.side(camp)
        lines = tuple(
            f"{'+' if ln.amount >= 0 else ''}{_num(ln.amount)} {names.get(ln.figure, 'side')}: {ln.reason}"
            for ln in q.lines
        )
        pools.append(SidePool(camp, s.name, tuple(s.colour), q.mq, q.total, lines, side_damage_odds(q.mq)))
    return ChargePreview(d.figure, d.target, tuple(pools), tally_win_chance(pools[0].odds, pools[1].odds))


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# -- shots --------------------------------------------------------------------------------------------
def shot_preview(match, d: Decision) -> ShotPreview:
    """Hit odds, cover and range of shot ``d`` as the preset will roll it."""
    from game.rules.dice import Dice
    from game.rules.flow import Ctx

    st = match.state
    f, t = st.figures.get(d.figure), st.figures.get(d.target)
    if f is None or t is None:
        return ShotPreview(d.figure or "", d.target or "", None, None, 0.0, error="no such figure")
    assert d.figure is not None and d.target is not None, "both figures were found"
    ctx = Ctx(st, Dice(PREVIEW_SEED), match.table, match.scenario)  # reads only; its dice are never rolled
    try:
        sight = match.table.line_of_sight(d.figure, d.target)
    except Exception as e:  # noqa: BLE001 - a preview must never crash the screen
        return ShotPreview(d.figure, d.target, None, None, 0.0, error=f"cannot measure: {e}")
    if match.preset_name == "pyrates":
        from game.rules.pyrates.shooting import shot_target_number
        from game.rules.pyrates.sight import sees

        sight = sees(ctx, d.figure, d.target)
        tn = shot_target_number(ctx, d.figure, d.target, weapon=d.option or f.missile)
        hit = Fraction(tn or 0, 20)
        return ShotPreview(d.figure, d.target, hit, sight.cover, sight.distance, tn, weapon=d.option or "")
    info = match.pending.info if match.pending is not None else {}
    if isinstance(info.get("odds"), dict) and d.target in info["odds"]:  # escarmouche states its odds
        return ShotPreview(d.figure, d.target, Fraction(info["odds"][d.target]), sight.cover, sight.distance)
    from game.rules.rangers.shooting import shooting_odds, shooting_target

    moved_fn = getattr(match.preset, "target_moved", None)
    try:
        moved = bool(moved_fn(ctx, d.target)) if moved_fn else False
    except (KeyError, TypeError):
        moved = False
    kw = dict(
        range_in=sight.distance,
        aim=f.aim,
        cover=sight.cover,
        target_moved=moved,
        keen_eyed="keen_eyed" in f.traits,
        weapon=f.missile,
    )
    return ShotPreview(
        d.figure, d.target, shooting_odds(f.av, **kw), sight.cover, sight.distance, shooting_target(f.av, **kw)
    )


def choice_odds(ask) -> str:
    """The odds a pending choice turns on, as one line for the prompt box ('' when none).

    A Pyrates pushback election (PYR-PUSH-1) is a trade of a sure pushback against a save at the
    target its ``info`` carries: the save's exact chance is ``pyrates.saves.save_chance``.
    """
    info = getattr(ask, "info", None) or {}
    if ask.kind == "pushback" and isinstance(info.get("save_target"), int):
        from game.rules.pyrates.saves import save_chance

        target = info["save_target"]
        p = save_chance(target)
        dflt = ask.default.option if ask.default is not None else None
        hint = (
            f"Save on {target}+: {p.numerator}/{p.denominator} ({float(p):.0%}); a failed save takes the "
            f"{str(info.get('kind', 'item')).upper()}."
        )
        if dflt:
            hint += f" Suggested: {dflt.replace('_', ' ')}."
        return hint
    return ""
