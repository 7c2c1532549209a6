"""PRE-OD6-1, the `close-combat-d6` preset: a roll-off once for the first player, then fixed
alternating player phases of rally → units' actions → close combat → unit breaks.

Steps (``state.phase``) and the system's ``CloseCombatState`` (state.py):

- ``start``: roll-off (GEN-DICE-3) for the first player; ``order``; turn 1.
- ``rally``: OD6-DIS-1 for the phasing side's Disrupted pieces (``disrupted``); a new game
  turn starts with the first player's phase.
- ``actions``: the phasing side picks a unit with actions left (OD6-SEQ-1, ``spent``) and
  one action: move (rigid, no enemy contact), engage (OD6-ENG-3: only the engine's candidates with
  the best pair count), re-engage (continuation, piece by piece), reorganise (face about / turn),
  disengage (OD6-LOCK-2), or hold; or it ends its actions.
- ``combat``: every pair of the phasing side (OD6-ENG-2) rolls (OD6-ROLL-1/2) and resolves
  (OD6-RES-1..4) through ``resolve_round``; then OD6-PIECE-1 unit breaks (``losses``).
- ``after_combat``: units that fought with actions left may reorganise at once (OD6-SEQ-1).
- ``phase_end``: the other side's phase; after the second side, the match state's ``turn_ended``.

Geometry: :mod:`game.rules.close_combat.formation` (its module doc states the sweep ruling).
Shooting (PRE-OD6-1 "unless the scenario enables RNG-SHOOT", OD6-FIRE-1) follows the scenario option
``shooting`` (and ``start_loaded``): units may then load and shoot as actions, and an engage move may
be answered by fire before contact; :mod:`game.rules.close_combat.fire` states the rulings. Only then
does the state carry ``moved`` (side → pieces that moved in its latest phase, RNG-SHOOT-1
"target moved") and ``rshoot_used`` (sides that reacted with fire this phase, INI-RSHOOT-1), so games
without shooting keep their state hashes.
"""

from __future__ import annotations

from ..flow import Ctx, Flow
from ..rangers.actions import is_firearm
from .combat_flow import CloseCombatRounds
from .state import od6


class CloseCombatPreset(CloseCombatRounds):
    """PRE-OD6-1 (see module doc)."""

    name = "close-combat-d6"

    # -- set-up and dispatch ---------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        st = ctx.state
        d = od6(st)
        if self.shooting(ctx):
            d.moved = {s: [] for s in st.side_ids()}
            d.rshoot_used = []
            if st.options.get("start_loaded"):
                # RNG-SHOOT-2 option: firearms start loaded (the source's units start unloaded)
                for f in sorted(st.figures.values(), key=lambda g: g.id):
                    if is_firearm(f.missile) and not f.loaded:
                        ctx.change(f.id, loaded=True)
        st.phase = "start"

    def step(self, ctx: Ctx) -> Flow:
        handler = getattr(self, f"phase_{ctx.state.phase}", None)
        if handler is None:
            raise RuntimeError(f"{self.name}: no step for phase {ctx.state.phase!r}")
        yield from handler(ctx)
