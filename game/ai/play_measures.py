"""What the AI does in one game, watched decision by decision (``simulate --json``: per game and summed).

Unlike ``metrics`` (the events alone), these need the position when a decision is taken:

- ``charges`` / ``charges_poor`` / ``charges_poor_noncombatant``: charges started, and those whose
  first round the charger's side wins with a chance below ``POOR`` once the enemy's reactions are
  counted (``charge_outlook``), the latter by a non-combatant (a surgeon, a cabin boy).
- ``leaders_lost`` / ``capture_targets_lost``: the leaders (captains, figures marked leader) and the
  figures a capture condition names that are out of play at the end, by id.
- ``idle_under_fire``: figures that ended their side's player-turn under fire having done nothing:
  within range and line of sight of a loaded enemy missile, having neither moved nor acted
  (counted once per figure and player-turn).
- ``climbs`` / ``trips_below`` / ``crossings`` / ``sea_falls``: link uses — up or down shrouds
  or a ladder, through a hatch, over a rail or the quarterdeck break (a gangplank is walked, not
  counted) — and falls from the rigging into the sea (PYR-RIG-2).
- ``hard_decisions`` / ``hard_differed``: decisions of a hard side compared with normal's scorer,
  and those where hard chose otherwise (a controller that compares keeps ``compared`` and
  ``differed`` counters; 0 when no side plays hard).
"""

from __future__ import annotations

import math
from collections import Counter

from game.rules.model import Rank

#: a charge whose first round is won with a lower chance than this is a poor charge
POOR = 0.35
CLIMB_LINKS = frozenset({"shroud", "ladder"})
BELOW_LINKS = frozenset({"hatch"})
CROSS_OBSTACLES = frozenset({"rail", "break"})
#: the kinds of answer that are doing nothing for the ``idle_under_fire`` count
IDLE_KINDS = frozenset({"hold", "activate", "pass"})


def noncombatant(f) -> bool:
    return f.rank == Rank.NONCOMBATANT or f.type == "civilian" or "civilian" in f.flags


def is_leader(f) -> bool:
    return f.rank == Rank.CAPTAIN or bool(f.is_leader)


class GameWatch:
    """Fed each decision before it is applied (``before``) and its events after (``after``)."""

    def __init__(self, match):
        self.table = match.table
        tmap = getattr(match.table, "map", None)
        self.link_kind = {lk.id: lk.kind for lk in getattr(tmap, "links", ())}
        self.obstacle_kind = {
            o.id: (getattr(o, "cls", "") or getattr(o, "name", "") or "") for o in getattr(tmap, "obstacles", ())
        }
        self.capture = {c.figure for c in getattr(match.scenario, "victory", ()) or () if c.type == "capture"}
        self.leaders = {f.id for f in match.state.figures.values() if is_leader(f)}
        self.counts: Counter = Counter()
        self.idle: list[str] = []
        """The figures counted under fire at the last player-turn's end."""
        self.did: set[str] = set()
        self.turn_side: str | None = match.state.active

    # -- each decision ----------------------------------------------------------------------------
    def before(self, match, d) -> None:
        ask = match.pending
        if d.figure and d.kind not in IDLE_KINDS:
            self.did.add(d.figure)
        if d.kind == "charge" and d.figure and d.target:
            self._charge(match, ask.side, d)
        if d.kind == "move" and d.option == "climb":
            kind = self.link_kind.get(d.option_label or "", "")
            if kind in BELOW_LINKS:
                self.counts["trips_below"] += 1
            elif kind in CLIMB_LINKS or kind:
                self.counts["climbs"] += 1
        elif d.kind == "move" and d.option == "cross" and self._is_rail(d.option_label or ""):
            self.counts["crossings"] += 1

    def after(self, match, events) -> None:
        for ev in events:
            n = type(ev).__name__
            if n == "Moved" and isinstance(getattr(ev, "figure", None), str):
                if ev.how in ("move", "charge", "reaction", "climb", "retreat", "cover"):
                    self.did.add(ev.figure)
            elif n == "MeleeRoundStarted":  # fighting a mêlée is acting
                for _side, fids in getattr(ev, "sides", ()):
                    self.did.update(fids)
            elif n == "StatusChanged" and ev.rule == "PYR-RIG-2" and str(getattr(ev, "status", "")) == "fled":
                self.counts["sea_falls"] += 1
            elif n == "PlayerTurnStarted":
                if self.turn_side is not None:
                    self._under_fire(match, self.turn_side)
                self.turn_side = ev.side
                self.did = set()

    # -- the measures ---------------------------------------------------------------------------------
    def _charge(self, match, side: str, d) -> None:
        from .charge_outlook import charge_outlook

        self.counts["charges"] += 1
        try:
            o = charge_outlook(match, side, d.figure, d.target, charge=d)
        except (KeyError, ValueError, RuntimeError):
            return
        if o is not None and o.chance < POOR:
            self.counts["charges_poor"] += 1
            if noncombatant(match.state.figures[d.figure]):
                self.counts["charges_poor_noncombatant"] += 1

    def _is_rail(self, oid: str) -> bool:
        kind = self.obstacle_kind.get(oid, "")
        return kind in CROSS_OBSTACLES or any(oid.startswith(k) or k in oid for k in CROSS_OBSTACLES)

    def _under_fire(self, match, side: str) -> None:
        from .worth import shot_target

        st = match.state
        foes = set(st.enemies_of(side))
        guns = [g for g in st.figures.values() if g.in_play and g.side in foes and g.missile and g.loaded]
        self.idle = []
        if not guns:
            return
        for f in st.figures.values():
            if f.side != side or not f.in_play or f.id in self.did:
                continue
            for g in guns:
                if shot_target(g, max(0.0, math.hypot(g.x - f.x, g.y - f.y) - g.radius - f.radius)) is None:
                    continue  # out of range (RNG-SHOOT-1)
                try:
                    sight = self.table.line_of_sight(g.id, f.id)
                except (KeyError, ValueError):
                    continue
                if getattr(sight, "clear", True) and shot_target(g, sight.distance) is not None:
                    self.counts["idle_under_fire"] += 1
                    self.idle.append(f.id)
                    break

    def result(self, match, controllers) -> dict:
        st = match.state
        compared = differed = 0
        for c in controllers:
            compared += int(getattr(c, "compared", 0) or 0)
            differed += int(getattr(c, "differed", 0) or 0)
        out: dict = {k: int(self.counts.get(k, 0)) for k in SUMS}
        out["leaders_lost"] = sorted(fid for fid in self.leaders if fid in st.figures and not st.figures[fid].in_play)
        out["capture_targets_lost"] = sorted(
            fid for fid in self.capture if fid in st.figures and not st.figures[fid].in_play
        )
        out["hard_decisions"] = compared
        out["hard_differed"] = differed
        out["link_uses"] = out["climbs"] + out["trips_below"] + out["crossings"]
        return out


SUMS = (
    "charges",
    "charges_poor",
    "charges_poor_noncombatant",
    "idle_under_fire",
    "climbs",
    "trips_below",
    "crossings",
    "sea_falls",
)


class MeasuresSum:
    """The summed measures, one game at a time."""

    def __init__(self):
        self.n = 0
        self.sums: Counter = Counter()
        self.lost: Counter = Counter()
        self.captured: Counter = Counter()
        self.with_links = 0

    def add(self, g: dict) -> None:
        self.n += 1
        for k in SUMS + ("hard_decisions", "hard_differed"):
            self.sums[k] += int(g.get(k, 0))
        self.lost.update(g.get("leaders_lost", ()))
        self.captured.update(g.get("capture_targets_lost", ()))
        self.with_links += (g.get("climbs", 0) + g.get("trips_below", 0) + g.get("crossings", 0)) > 0

    def result(self) -> dict:
        n = self.n
        if not n:
            return {"games": 0}
        s = self.sums
        out: dict = {k: int(s[k]) for k in SUMS}
        out.update(
            games=n,
            charges_poor_share=round(s["charges_poor"] / s["charges"], 4) if s["charges"] else 0.0,
            games_leader_lost=dict(sorted(self.lost.items())),
            games_capture_target_lost=dict(sorted(self.captured.items())),
            games_with_link_use=self.with_links,
            games_with_link_use_share=round(self.with_links / n, 4),
            hard_decisions=int(s["hard_decisions"]),
            hard_differed=int(s["hard_differed"]),
            hard_differed_share=round(s["hard_differed"] / s["hard_decisions"], 4) if s["hard_decisions"] else 0.0,
        )
        return out
