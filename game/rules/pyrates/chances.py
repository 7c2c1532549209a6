"""Exact odds of the Pyrates actions for the screen and the AI (``PyratesRuleset.odds``/``attack_odds``).

Built from the functions the flows roll with: ``shot_target_number`` (RNG-SHOOT-1 with the
pyrates sight), ``wound_odds`` (RNG-WND-1), ``shot_save_modifiers``/``save_modifiers``/
``save_target``/``save_chance`` (PYR-SAVE-1/2), ``hand_score`` (PYR-DMG-1: a hand's 2×KD + W) and
``side_damage_odds``/``tally_win_odds`` (PYR-DICE-1, PYR-WIN-1).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from types import SimpleNamespace

from ..dice import Dice
from ..flow import Ctx
from ..model import Status
from ..rangers.wounds import wound_modifier, wound_odds
from ..ruleset import OUT, WOUNDED, Effect, Odds, Pool
from .cards import main_gauche_result
from .config import pyrates_config
from .hands import hand_score
from .odds import side_damage_odds, tally_win_odds
from .quota import SideFacts, melee_quotas
from .round_state import Round, participants
from .saves import save_chance, save_modifiers, save_target
from .shooting import shot_save_modifiers, shot_target_number

ZERO = Fraction(0)


def shot_odds(view, table, shooter: str, target: str, *, weapon, reactive: bool = False) -> Odds:
    """PRE-PYR-1: a shot hits (RNG-SHOOT-1), wounds (RNG-WND-1: one wound → wounded, two → knocked
    down) and the save (armour and rank only) fails. Knocked down counts as out of the fight."""
    v = view.figures[target]
    tn = shot_target_number(
        SimpleNamespace(state=view, table=table), shooter, target, weapon=weapon, reactive=reactive, check_melee=False
    )
    if not tn:
        return Odds(rule="RNG-SHOOT-1", success=ZERO, dice="d20", error="no shot")
    hit = Fraction(min(tn, 20), 20)
    wo = wound_odds(wound_modifier(hand_combat=False, target_tough="tough" in v.traits), "lucky" in v.traits)
    fail = 1 - save_chance(save_target(pyrates_config(view), shot_save_modifiers(v)))
    if v.wounds > 0 or v.status == Status.WOUNDED:
        chances = ((OUT, hit * fail * (wo[1] + wo[2])), (WOUNDED, ZERO))
    else:
        chances = ((OUT, hit * fail * wo[2]), (WOUNDED, hit * fail * wo[1]))
    return Odds(rule="RNG-SHOOT-1", success=hit, effects=(Effect(target, chances),), target=tn, dice="d20")


def tap_odds(view, table, tapper: str, victim: str, *, extras=()) -> Odds:
    """PYR-SAVE-1/2: the chance that ``tapper``'s blow lands on ``victim`` (its save fails), with
    the save modifiers the flow's ``resolve_item`` gives it: close quarters, support, a defended
    obstacle or advantageous position (PYR-MQ-5), a mounted victim; with ``"mg"`` in ``extras`` the
    blow is a Main Gauche (PYR-MG-1): struck with the off-hand class, and wasted on 1–2.
    Left to the victim's player, so outside these odds: Dodge/Duck (PYR-CARD-4, a hidden card) and
    a pushback taken instead of the save (PYR-PUSH-1: the flow asks it, with its own odds)."""
    v, t = view.figures[victim], view.figures[tapper]
    try:
        cq = bool(table.zone_of(victim).close_quarters)
    except Exception:  # noqa: BLE001 - a table without zones
        cq = False
    r = Round(Ctx(view, Dice(0), table), {"seeds": [tapper, victim]})
    r.refresh()
    mg = "mg" in extras and t.offhand is not None
    defending = r.defends(victim)
    mods = save_modifiers(
        v,
        t.offhand if mg else t.melee_class,
        close_quarters=cq,
        defending=defending,
        supported=r.eng.supported(victim),
        attacker_mounted=t.mounted,
    )
    target = save_target(pyrates_config(view), mods)
    lands = 1 - save_chance(target)
    notes = [m.reason for m in mods]
    if mg:
        lands *= Fraction(sum(main_gauche_result(n) != "wasted" for n in range(1, 7)), 6)
        notes.insert(0, "main gauche")
    return Odds(rule="PYR-SAVE-1", success=lands, target=target, dice="d6", notes=tuple(notes))


def tap_decision_odds(view, table, decision) -> Odds | None:
    """A tap's first item (PYR-ALLOC-2 gives one item a tap; more only with a quota to spare):
    ``tap_odds`` of the tapper on that item's victim, the item's extras included."""
    if not decision.items or not decision.figure:
        return None
    it = decision.items[0]
    return tap_odds(view, table, decision.figure, it.target, extras=tuple(it.extras))


def save_odds(target: int) -> Odds:
    """PYR-SAVE-1: a save on ``target``+ passes (a natural 1 always fails)."""
    return Odds(rule="PYR-SAVE-1", success=save_chance(int(target)), target=int(target), dice="d6")


@cache
def hand_expectation(faces: tuple[int, ...], left: int) -> Fraction:
    """PYR-DICE-2: the exact expected 2×KD + W of a sorted hand with ``left`` rerolls to come, each
    reroll chosen to maximise the expectation."""
    now = Fraction(hand_score(faces))
    if left <= 0:
        return now
    best = now
    for v in set(faces):
        best = max(best, reroll_expectation(faces, faces.index(v), left))
    return best


def reroll_expectation(faces: tuple[int, ...], index: int, left: int) -> Fraction:
    """PYR-DICE-2: the expected 2×KD + W after rerolling die ``index`` with ``left`` rerolls left
    (this one included), the later ones chosen at best."""
    rest = list(faces)
    del rest[index]
    return sum((hand_expectation(tuple(sorted(rest + [f])), left - 1) for f in range(1, 7)), ZERO) / 6


def reroll_odds(faces, left: int, index: int | None) -> Odds:
    """The expected hand of one reroll choice (``index`` None: stop now)."""
    fs = tuple(faces)
    if index is None:
        exp = Fraction(hand_score(fs))
    else:
        exp = reroll_expectation(fs, index, left)
    return Odds(rule="PYR-DICE-2", success=ZERO, dice="d6", expected=float(exp))


def round_odds(mq_mine: int, mq_theirs: int) -> Odds:
    """PYR-WIN-1 on the dice alone: a side of quota ``mq_mine`` wins the next round (a full tie
    counts one half)."""
    p = tally_win_odds(side_damage_odds(max(0, int(mq_mine))), side_damage_odds(max(0, int(mq_theirs))))
    return Odds(rule="PYR-WIN-1", success=p, dice="poker dice")


def melee_odds(view, table, a: str, b: str) -> Odds:
    """PYR-MQ-1, PYR-DICE-1, PYR-WIN-1: the first round of the mêlée ``a`` and ``b`` fight where they
    stand (a charge played out): both sides' quotas, how they were counted, the exact damage of
    their pools, and the chance ``a``'s side wins the tally (a full tie counts one half)."""
    r = Round(Ctx(view, Dice(0), table), {"seeds": [a, b]})
    r.refresh()
    r.group = r.eng.group([a, b])
    if not r.group:
        return Odds(rule="PYR-MQ-1", success=ZERO, error="the charge would not end engaged")
    own = r.camp(a)
    camps = [own] + sorted({r.camp(f) for f in r.group} - {own})
    if len(camps) < 2:
        return Odds(rule="PYR-MQ-1", success=ZERO, error="no enemy in that mêlée")
    ca, cb = camps[:2]
    qa, qb = melee_quotas(
        pyrates_config(view), SideFacts(tuple(participants(r, ca)), 0, ca), SideFacts(tuple(participants(r, cb)), 0, cb)
    )
    pools = []
    for camp, q in ((ca, qa), (cb, qb)):
        dist = side_damage_odds(q.mq)
        lines = tuple((ln.figure or "", Fraction(ln.amount), ln.reason) for ln in q.lines)
        deals = tuple((d.knockdowns, d.wounds, p) for d, p in dist.items())
        pools.append(Pool(camp, q.mq, Fraction(q.total), lines, deals))
    win = tally_win_odds(side_damage_odds(qa.mq), side_damage_odds(qb.mq))
    from .aftermath import losing_party  # the figures a lost round sends back (PYR-WIN-3/5)

    stake = tuple(losing_party(r, ca))
    from .aftermath import party_morale_modifiers
    from .engage import party_key
    from .morale import morale_passes  # PYR-MOR-2's own pass test, face by face

    # the test a lost round calls for: the charger's party, the round lost, one more figure down
    mods = party_morale_modifiers(view, party_key(view.figures[a]), r.group, tally_winner=False, more_lost=1)
    config = pyrates_config(view)
    morale = Fraction(sum(morale_passes(config, n, mods) for n in range(1, 7)), 6)
    needs = max(1, min(5, config.morale_target - sum(m.amount for m in mods)))
    return Odds(
        rule="PYR-DMG-1",
        success=win,
        dice="poker dice",
        pools=tuple(pools),
        at_stake=stake,
        morale_pass=morale,
        morale_needs=needs,
    )


def motivation_odds(preset, view, table, fid: str) -> Odds | None:
    """RNG-MOT-1/2: the chance that activating ``fid`` passes its motivation roll (1d6 + the
    preset's modifier ≤ its target, ``motivation_terms``), None when it needs no roll."""
    ctx = Ctx(view, None, table)  # type: ignore[arg-type]  # no die is rolled here
    if fid not in view.figures or not preset.needs_motivation(ctx, fid):
        return None
    mod, target = preset.motivation_terms(ctx, fid)
    ok = sum(1 for face in range(1, 7) if face + mod <= target)
    return Odds(rule="RNG-MOT-1", success=Fraction(ok, 6), target=target - mod, dice="d6")
