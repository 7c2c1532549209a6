"""Odds previews shown before a player commits: a charge's mêlée odds, a shot's hit odds and cover.

Every number here is the match's ruleset's exact odds (``match.ruleset``, DESIGN: exact odds), read
on the looking side's public view; this module imports no system's package and never changes the
match:

* ``charge_preview`` plays the charge on a *clone* of the match (with a fresh dice seed, so the
  preview can never peek at the real dice), then asks the ruleset for the odds of the mêlée it
  starts (``attack_odds(…, "charge")``: both sides' quotas and exact damage pools, ``Odds.pools``);
  a system without pools of dice says so in ``error``.
* ``shot_preview`` asks ``ruleset.odds`` for the offered shot (the hit number the flow will roll)
  and shows the table's range and cover.

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
    stake: tuple[str, ...] = ()
    """The charger's side's figures a lost first round sends back (PYR-WIN-3/5), fighters or not."""
    fighting: tuple[str, ...] = ()
    """Those of them in the first round's mêlée."""
    toward: str = ""
    """Where they fall back: "toward your ship" for boarders, else ""."""
    after: Fraction | None = None
    """The chance to win the first round after the enemy's reaction moves, each reactor answering as
    the normal AI would (``game.ai.charge_outlook``): "if they react as expected"."""
    reactors: tuple[str, ...] = ()
    """The enemy figures expected to make a reaction move, in order."""
    morale: Fraction | None = None
    """The chance the charger's party passes the morale test a lost figure calls for, with its
    modifiers as a lost round would leave them (PYR-MOR-1/2)."""
    morale_needs: int | None = None
    """The highest natural d6 that passes that test."""


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
    """PYR-WIN-1 on the dice alone between two pools' damage distributions (``(knockdowns, wounds)``
    → chance): more knockdowns, then more wounds; a full tie counts one half."""
    win = tie = Fraction(0)
    for da, pa in a.items():
        for db, pb in b.items():
            if da > db:
                win += pa * pb
            elif da == db:
                tie += pa * pb
    return win + tie / 2


@dataclass(frozen=True, order=True)
class Dealt:
    """One result a pool may deal."""

    knockdowns: int
    wounds: int


def charge_preview(match, d: Decision) -> ChargePreview:
    """Both sides' exact damage-pool odds in the mêlée that charge ``d`` would start."""
    side = match.pending.side if match.pending is not None else ""
    try:
        m = match.clone(dice_seed=PREVIEW_SEED)
        m.apply(d)
    except IllegalDecision as e:
        return ChargePreview(d.figure or "", d.target or "", error=str(e))
    if d.figure is None or d.target is None:
        return ChargePreview(d.figure or "", d.target or "", error="a charge names its figure and target")
    view = m.ruleset.public_view(m.state, side) if side else m.state
    odds = m.ruleset.attack_odds(view, m.table, d.figure, d.target, "charge")
    if odds is None or (not odds.pools and not odds.error):
        return ChargePreview(d.figure, d.target, error=f"no mêlée odds to show in {m.ruleset.title or 'this game'}")
    if odds.error or len(odds.pools) < 2:
        return ChargePreview(d.figure, d.target, error=odds.error or "no enemy in that mêlée")
    names = {f.id: f.name for f in view.figures.values()}
    pools = []
    for pool in odds.pools[:2]:
        s = view.side(pool.side)
        lines = tuple(
            f"{'+' if amount >= 0 else ''}{_num(amount)} {names.get(fid, 'side')}: {reason}"
            for fid, amount, reason in pool.lines
        )
        dist = {Dealt(kd, w): p for kd, w, p in pool.deals}
        pools.append(SidePool(pool.side, s.name, tuple(s.colour), pool.size, pool.total, lines, dist))
    own = view.figures[d.figure].side
    boarder = bool(getattr(view.side(own), "boarder", False))
    after: Fraction | None = None
    reactors: tuple[str, ...] = ()
    try:
        from game.ai.charge_outlook import charge_outlook

        out = charge_outlook(match, side or own, d.figure, d.target, charge=d)
        if out is not None:
            after, reactors = out.chance, tuple(out.reactors)
    except Exception:  # noqa: BLE001 - the outlook is a preview: the exact hand odds stand without it
        after = None
    fighting = tuple(f for f in odds.at_stake if f in set(_fighters(odds)))
    return ChargePreview(
        d.figure,
        d.target,
        tuple(pools),
        odds.success,
        rule=odds.rule,
        stake=odds.at_stake,
        fighting=fighting,
        toward="toward your ship" if boarder else "",
        after=after,
        reactors=reactors,
        morale=odds.morale_pass,
        morale_needs=odds.morale_needs,
    )


def _fighters(odds) -> list[str]:
    """The figures counted in the first round's pools (their quota lines name them)."""
    return [fid for pool in odds.pools for fid, _amount, _reason in pool.lines if fid]


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# -- shots --------------------------------------------------------------------------------------------
def shot_preview(match, d: Decision) -> ShotPreview:
    """Hit odds, cover and range of shot ``d`` as the ruleset says the flow will roll it."""
    st = match.state
    if d.figure not in st.figures or d.target not in st.figures:
        return ShotPreview(d.figure or "", d.target or "", None, None, 0.0, error="no such figure")
    assert d.figure is not None and d.target is not None, "both figures were found"
    try:
        sight = match.table.line_of_sight(d.figure, d.target)
    except Exception as e:  # noqa: BLE001 - a preview must never crash the screen
        return ShotPreview(d.figure, d.target, None, None, 0.0, error=f"cannot measure: {e}")
    ask = match.pending
    if ask is None:
        return ShotPreview(d.figure, d.target, None, sight.cover, sight.distance, error="the match is over")
    odds = match.ruleset.odds(match.ruleset.public_view(st, ask.side), match.table, ask, d)
    if odds is None:
        return ShotPreview(d.figure, d.target, None, sight.cover, sight.distance, error="no odds for this shot")
    return ShotPreview(
        d.figure,
        d.target,
        odds.success,
        sight.cover,
        sight.distance,
        odds.target,
        rule=odds.rule,
        weapon=d.option or "",
    )


def choice_odds(ask) -> str:
    """The odds a pending choice turns on, as one line for the prompt box ('' when none).

    A Pyrates pushback election (PYR-PUSH-1) is a trade of a sure pushback against a save at the
    target its ``info`` carries; the flow states the save's exact chance there too
    (``info["odds"]["save"]``, the ruleset's odds of the "save" answer).
    """
    info = getattr(ask, "info", None) or {}
    shown = (info.get("odds") or {}).get("save")
    if ask.kind == "pushback" and isinstance(info.get("save_target"), int) and shown is not None:
        target, p = info["save_target"], Fraction(shown)
        dflt = ask.default.option if ask.default is not None else None
        hint = (
            f"Save on {target}+: {p.numerator}/{p.denominator} ({float(p):.0%}); a failed save takes the "
            f"{str(info.get('kind', 'item')).upper()}."
        )
        if dflt:
            hint += f" Suggested: {dflt.replace('_', ' ')}."
        return hint
    return ""


def option_chance(match, ask, d: Decision) -> str:
    """The exact chance a listed answer turns on, from the asking side's public view, as a short
    suffix for its row (" · motivation 50 %", " · hits 35 %"); '' when it rolls nothing."""
    try:
        view = match.ruleset.public_view(match.state, ask.side)
        odds = match.ruleset.odds(view, match.table, ask, d)
    except Exception:  # noqa: BLE001 - odds are a preview: never a reason to lose the panel
        return ""
    if odds is None or odds.error or odds.expected is not None or odds.rule in NO_HEADLINE:
        return ""
    what = CHANCE_WORDS.get(odds.rule, "succeeds")
    need = ""
    if odds.target is not None and odds.dice:
        need = f", {odds.dice} {'≤' if odds.rule in ROLL_UNDER else '≥'} {odds.target}"
    return f" · {what} {float(odds.success):.0%}{need}"


#: what the headline chance of an answer means, by the rule that rolls it
CHANCE_WORDS = {
    "RNG-MOT-1": "motivated",
    "RNG-SHOOT-1": "hits",
    "INI-RSHOOT-1": "hits",
    "PYR-SAVE-1": "save fails",
    "PYR-PUSH-1": "saves",
    "PYR-WIN-3": "wins the round",
    "PYR-WIN-1": "wins the round",
    "INI-SEIZE-1": "seizes it",
    "RNG-HAND-1": "hits",
    "OD6-ROLL-1": "wins",
    "OD6-ENG-2": "wins the first round",
    "ESC-DUEL-1": "goes in",
    "ESC-ENG-1": "goes in",
}
#: rules whose odds carry each figure's fate but no one chance of the answer (``success`` is a
#: placeholder): another round of an Escarmouche mêlée is duel by duel
NO_HEADLINE = {"ESC-RND-1"}
#: rules whose roll passes at or under its number
ROLL_UNDER = {"RNG-MOT-1", "PYR-MOR-2", "RNG-SHOOT-1", "INI-RSHOOT-1"}
