"""What a question tells the screen and the AI besides its options: ``Ask.info``, typed.

Every key a flow sets is declared here (tests/ai/test_ruleset_only.py checks it), so that no reader
parses a prompt. Re-exported by ``game.rules.ruleset``; its own module so that ``flow`` may import
it without an import circle.
"""

from __future__ import annotations

from typing import Any, TypedDict


class AskInfo(TypedDict, total=False):
    """What a question tells the screen and the AI besides its options (``Ask.info``).

    Typed so that a reader never parses a prompt: every key a flow sets is declared here.
    """

    # -- who and what the question is about -------------------------------------------------------
    figure: str
    """The figure the question is about (the mover, the shooter, the one to place)."""
    victim: str
    """The figure a pushback, save, tap or duel card falls on."""
    attacker: str
    """The attacker a defender splits its DV against (RNG-HAND-3)."""
    tapper: str
    """The figure whose tap a pushback answers (PYR-PUSH-1)."""
    leader: str
    """The leader who calls "To me!" (INI-TOME-1)."""
    challenger: str
    challenged: str
    stakes: Any
    """What a duel is fought for (PYR-DUEL-1)."""
    item: str
    """The damage item a pushback replaces ("w", "kd", …)."""
    option: str
    """The pushback on offer ("pushback", "pushback_wounded")."""
    kind: str
    """What the pushback's item is ("w", "kd")."""
    purpose: str
    """What aggression points would be spent on (RNG-AP-1)."""
    how: str
    """How a reaction moves ("engage", "run")."""
    trigger: str
    """What set off a reactive shot (INI-RSHOOT-1)."""
    # -- limits -----------------------------------------------------------------------------------
    cap: int
    """How many of the options may be taken together (e.g. reactive shooters allowed)."""
    caps: dict[str, int]
    """Per-figure caps (e.g. shots each reactive shooter may still fire)."""
    limit: int
    """How many pairs may be chosen together (INI-RSHOOT-1)."""
    move: float
    """The figure's move allowance, inches."""
    charge: float
    """The figure's charge allowance, inches."""
    move_left: float
    """Inches of movement left to the figure."""
    allowance: float
    """A unit's move allowance, inches (OD6)."""
    move_shoot: bool
    """The move is the first half of a move-and-shoot (INI-MS-1)."""
    ap_left: int
    """Aggression points left (RNG-AP-1)."""
    left: int
    """DV left to split (RNG-HAND-3)."""
    attackers_so_far: int
    auto: int
    """The stated policy's DV share (RNG-HAND-3)."""
    loaded: bool
    aim: int
    wounds: int
    counters: int
    """The side's initiative counters (INI-SEIZE-3)."""
    # -- the options' targets and odds --------------------------------------------------------------
    targets: list[str]
    """The figures the options aim at, in the rules' order."""
    odds: dict[str, str]
    """Chances the rules already computed for the options, as fractions "p/q": by target figure id
    (a shot), or by option (a pushback's "save")."""
    pairs: list
    """The (shooter, target) pairs a reactive shot may take (INI-RSHOOT-1)."""
    candidates: list
    eligible: list
    # -- groups, units and sectors ----------------------------------------------------------------------
    group: list[str]
    """The figures acting together (an Escarmouche group, an initiative group move)."""
    groups: Any
    sector: str
    units: dict[str, int]
    spent: dict
    unit: str
    pieces: list[str]
    """A unit's pieces (OD6)."""
    locks: dict[str, int]
    disrupted: list[str]
    """The unit's Disrupted pieces (OD6-RES-2), public marks."""
    reform_movers: list[str]
    """The unit's pieces that may re-form (OD6-SEQ-1): a re-form of the player's own gives each an
    end in ``Decision.spots``."""
    reform_label: str
    """The label of such a re-form (``Decision("reorganise", option=unit, label=…, spots=…)``)."""
    orders: list
    """The side's own order cards (INI-ORD)."""
    # -- mêlées, duels and card fights -----------------------------------------------------------------
    attackers: list
    """An Escarmouche fight's attackers: ids to the attacking side, public dicts to the other."""
    defenders: Any
    """The defenders as the asking side may see them (ids, or ESC-ENG-3 public dicts by sector)."""
    round: int
    unpaired: Any
    pairing: dict
    duels: list
    cards: list[str]
    effects: dict[str, str]
    faces: list[int]
    """Dice faces being decided on (a mêlée hand before a reroll)."""
    rerolls_left: int
    hand: int
    """Which of the side's hands is being rolled (1-based)."""
    save_target: int
    """The d6 score a save needs."""
    pool: Any
    pools: dict
    tappers: list[str]
    tappers_by_side: dict[str, list[str]]
    """Who of either side may still tap this round (public at the table)."""
    tapped: list[str]
    quotas: dict[str, int]
    """The announced mêlée quotas, by side (PYR-MQ-1)."""
    first: Any
    winner: str
    loser: str
    fled: bool
