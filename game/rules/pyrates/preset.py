"""PRE-PYR-1, the `pyrates` preset: RNG-TURN-1 game turns with RNG-MOT activation, then PYR-REACT-1
reaction moves and the mêlée step (PYR-SEQ-1 for each mêlée).

Steps (``state.phase``): turn_start → activate … → player_turn_end → react1 → melee_start →
melee_next → (melee_round → melee_react)* → melee_next … → player_turn_end. Between steps,
progress lives in the system's ``PyratesState`` (state.py): ``ms`` (the mêlée step), ``cards``,
``captives``, ``moved_pt`` (moved this player-turn, PYR-MQ-5), ``rshoot_used`` (INI-RSHOOT-1),
``pt_stage``.
"""

from __future__ import annotations

from game.rules.flow import Ctx

from .cards import chance_deck
from .melee_flow import PyratesMeleeSteps
from .scenario_rules import setup_alarm, setup_fire, spread_fire
from .shooting import THROWN
from .state import pyr


class PyratesPreset(PyratesMeleeSteps):
    """PRE-PYR-1 (boarding)."""

    name = "pyrates"

    # -- set-up ---------------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        super().setup(ctx)
        st = ctx.state
        d = pyr(st)
        cfg = dict(getattr(ctx.scenario, "cards", {}) or {})
        enabled = cfg.get("enabled", True) and st.options.get("cards", True)
        hand = int(cfg.get("hand", 3))
        d.cards = {s: [] for s in st.side_ids()}
        deck: list[str] = []
        if enabled and hand > 0:
            deck = chance_deck(int(cfg.get("copies", 4)))
            ctx.dice.shuffle(deck)
            for s in st.side_ids():
                d.cards[s] = [deck.pop(0) for _ in range(min(hand, len(deck)))]
        d.deck = deck
        if st.book.struck is None:
            st.book.struck = []
        d.treaty = bool(st.options.get("treaty", False))  # PYR-DUEL-5 scenario flag
        if st.options.get("start_loaded"):  # RNG-SHOOT-2 option: firearms start loaded
            for f in list(st.figures.values()):
                if f.missile and f.missile != THROWN and not f.loaded:
                    ctx.change(f.id, loaded=True)
        d.start_points = {s: sum(f.points or 1 for f in st.figures.values() if f.side == s) for s in st.side_ids()}
        setup_alarm(ctx)  # SCN-ALARM-1 (scenario option alarm)
        setup_fire(ctx)  # SCN-FIRE-1 (scenario option fire)

    def on_turn_end(self, ctx: Ctx) -> None:
        """SCN-FIRE-1/2: a burning ship's fire spreads and scorches at each game turn's end."""
        spread_fire(ctx)

    def on_player_turn_start(self, ctx: Ctx, side: str) -> None:
        d = pyr(ctx.state)
        d.pt_stage = None
        d.moved_pt = []
        d.rshoot_used = []
        d.new_contact = False
