"""Flow helpers shared by the `rangers` and `initiative` presets (PRE-RNG-1, PRE-INI-1).

Hand-combat attacks (RNG-HAND-1..5 with RNG-HAND-3's split DV as a defender decision), shots
(RNG-SHOOT-1..3, RNG-COVER-1), wounds (RNG-WND-1..3), morale bookkeeping (RNG-MOR-1), aggression
points (RNG-AP-1) and the representative destinations offered as options (moves along headings are
straight legs of ``table.path_cost``; a point beside an enemy, and a destination a player picked, take
the plan a move takes, ``destinations.move_plan``).

All progress lives in the system's ``RangersState`` (state.py):
- ``defence``: defender id → {"left": DV budget left, "n": attackers so far, "first": id, "by": [ids]}
- ``start_points`` / ``leader_lost`` / ``broken``: RNG-MOR-1
- ``ap``: side → aggression points left (RNG-AP-1)
"""

from __future__ import annotations

import math

from ..decisions import Decision, IllegalDecision
from ..events import Note
from ..flow import Ctx, ask
from ..model import Figure, Status, round_in
from ..refusal_facts import range_refusal, sight_refusal
from ..refusals import Cause, Thing, figure_thing, refused, weapon_words
from .actions import HAND_COMBAT_RANGE, after_action, is_firearm
from .aggression import MAX_PER_ROLL, ap_problem
from .events import AggressionSpent, AttackResolved, Faced, MoraleBroken, ShotResolved, WoundsDealt
from .geometry import arc_of
from .hand_combat import (
    MAX_SPLIT,
    auto_dv_share,
    dv_share_options,
    effective_dv,
    face_towards,
    free_attack_dv,
    obstacle_dv_bonus,
    rear_attack,
    roll_hand_combat,
)
from .morale import morale_broken
from .points import WEAPON_ALIASES, WEAPON_POINTS, figure_points, figure_weapons
from .profiles import profile
from .shooting import roll_shot, weapon_max_range
from .state import RangersState, rng
from .traits import TRAIT_POINTS
from .wounds import apply_wounds, hand_weapon, roll_wounds, wound_modifier

EPS = 1e-6
#: RNG-HAND-3 auto policy: enemies within this range that have not attacked yet count as pending
SPLIT_LOOKAHEAD = 3.0
#: the defender is asked for its split only when another enemy this close could still attack it
ASK_LOOKAHEAD = 6.0


# -- figures and distances -------------------------------------------------------------------------
def foes_of(ctx: Ctx, fid: str) -> list[Figure]:
    """Enemy figures in play, in roster order."""
    return ctx.enemies(fid)


def dist(a: Figure, b: Figure) -> float:
    """GEO-DIST-1 on the state's coordinates (inf across levels)."""
    if a.level != b.level:
        return math.inf
    d = math.hypot(a.x - b.x, a.y - b.y) - (a.base + b.base) / 2.0
    return d if d > 0.0 else 0.0


def foes_within(ctx: Ctx, fid: str, inches: float) -> list[Figure]:
    f = ctx.fig(fid)
    lim = inches + EPS
    return [e for e in foes_of(ctx, fid) if dist(f, e) <= lim]


def engaged(ctx: Ctx, fid: str) -> bool:
    """RNG-HAND-1 / PRE-INI-1: an enemy within 1"."""
    return bool(foes_within(ctx, fid, HAND_COMBAT_RANGE))


def safe_figure_points(f: Figure) -> int:
    """RNG-PTS-1 cost of a figure; weapons Rangers! does not price count 0 (pyrates rosters)."""
    try:
        return figure_points(f.type, figure_weapons(f), f.traits)
    except (ValueError, KeyError):
        pass
    try:
        base = profile(f.type).points
    except (ValueError, KeyError):
        base = 0
    weapons = set()
    for w in (f.melee_weapon, f.missile):
        key = "" if w is None else str(w).strip().lower().replace("-", "_").replace(" ", "_")
        weapons.add(WEAPON_ALIASES.get(key, "improvised"))
    return base + sum(WEAPON_POINTS[w] for w in weapons) + sum(TRAIT_POINTS.get(t, 0) for t in f.traits)


# -- morale (RNG-MOR-1) ---------------------------------------------------------------------------
def init_morale(ctx: Ctx) -> None:
    d = rng(ctx.state)
    pts: dict[str, int] = {}
    for f in ctx.state.figures.values():
        pts[f.side] = pts.get(f.side, 0) + safe_figure_points(f)
    d.start_points = pts
    d.leader_lost = {}
    d.broken = {}


def side_broken(ctx: Ctx, side: str) -> bool:
    """RNG-MOR-1: the faction's Leader is killed or its points in play are half the start or less."""
    d = rng(ctx.state)
    if d.broken.get(side):
        return True
    cur = sum(safe_figure_points(f) for f in ctx.state.in_play(side))
    lost = bool(d.leader_lost.get(side))
    if morale_broken(leader_killed=lost, start_points=d.start_points.get(side, 0), current_points=cur):
        d.broken[side] = True
        ctx.emit(
            MoraleBroken(
                rule="RNG-MOR-1", side=side, reason="its Leader is killed" if lost else "its points are at half or less"
            )
        )
        return True
    return False


def flee_off_table(ctx: Ctx, fid: str, rule: str = "RNG-MOR-1", cause: str = "morale broken: flees") -> None:
    ctx.set_status(fid, Status.FLED, rule=rule, cause=cause)


# -- aggression points (RNG-AP-1) -------------------------------------------------------------------
def ap_enabled(ctx: Ctx) -> bool:
    return bool(ctx.state.options.get("aggression_points"))


def ask_ap(ctx: Ctx, side: str, purpose: str, who: str = ""):
    """RNG-AP-1: the spender declares 0..2 points before its own roll (auto: 0). Returns the spend."""
    if not ap_enabled(ctx):
        return 0
    book = ctx.state.system
    ap = book.ap if isinstance(book, RangersState) else None  # only this system rolls them
    left = int((ap or {}).get(side, 0))
    if left <= 0:
        return 0
    opts = [Decision("choose", option="ap", number=n) for n in range(0, min(MAX_PER_ROLL, left) + 1)]
    d = yield ask(
        side,
        "aggression",
        f"spend aggression points on {who or side}'s {purpose}? ({left} left)",
        opts,
        default=opts[0],
        info={"figure": who, "ap_left": left, "purpose": purpose},
        rule="RNG-AP-1",
    )
    n = d.option_number
    prob = ap_problem(n, left)
    if prob:  # cannot happen with the offered options
        raise IllegalDecision(prob)
    if n:
        assert ap is not None
        ap[side] = left - n
        ctx.emit(AggressionSpent(rule="RNG-AP-1", side=side, points=n, left=left - n, purpose=purpose))
    return n


# -- facing (RNG-HAND-2) -----------------------------------------------------------------------
def face(ctx: Ctx, fid: str, other: str, rule: str = "RNG-HAND-2") -> None:
    f, o = ctx.fig(fid), ctx.fig(other)
    ang = round_in(face_towards(f, o))
    if abs(((f.facing - ang) + 180) % 360 - 180) > 1e-6:
        ctx.change(fid, facing=ang)
        ctx.emit(Faced(rule=rule, figure=fid, target=other, facing=ang))


# -- wounds (RNG-WND) --------------------------------------------------------------------------------
def deal_wounds(ctx: Ctx, attacker: str, target: str, *, hand: bool, critical: bool = False, cause: str = ""):
    """RNG-WND-1/2: the attacker's wound roll, Lucky, Tough, Strongman, and death (knocked down = out).
    RNG-AP-1: the attacker may spend aggression points on its wound roll (each −1, at most 2), declared
    before it. A generator (the spend is a question): ``yield from``."""
    a, t = ctx.fig(attacker), ctx.fig(target)
    wmod = hand_weapon(a.melee_weapon, a.missile)[1] if hand else 0
    mod = wound_modifier(
        hand_combat=hand,
        weapon_mod=wmod,
        critical=critical,
        strongman=hand and "strongman" in a.traits,
        target_tough="tough" in t.traits,
    )
    ap = yield from ask_ap(ctx, a.side, "wound roll", attacker)
    wr = roll_wounds(ctx.dice, mod, lucky="lucky" in t.traits, who=attacker, ap=ap)
    ctx.emit(wr.roll)
    after, dead = apply_wounds(t.wounds, wr.wounds, t.max_wounds)
    ctx.emit(
        WoundsDealt(rule="RNG-WND-2" if dead else "RNG-WND-1", target=target, dealt=wr.wounds, wounds=after, dead=dead)
    )
    if dead:
        ctx.set_status(target, Status.KNOCKED_DOWN, rule="RNG-WND-2", cause=cause or "killed", wounds=after)
        if t.is_leader:
            rng(ctx.state).leader_lost[t.side] = True
    elif wr.wounds:
        ctx.set_status(target, Status.WOUNDED, rule="RNG-WND-2", cause=cause or "wounded", wounds=after)
    return wr.wounds, dead


# -- hand combat (RNG-HAND) ----------------------------------------------------------------------------
def reset_defence(ctx: Ctx) -> None:
    """RNG-HAND-3: DV budgets are per enemy player-turn (PRE-INI-1: per melee round or action)."""
    rng(ctx.state).defence = {}


def _linear_cover_between(ctx: Ctx, attacker: str, defender: str) -> str | None:
    """RNG-HAND-5 digital ruling: the defender defends a linear obstacle when one lies between the
    two bases and both touch it (Tabletop.obstacle_between)."""
    ob = ctx.table.obstacle_between(attacker, defender)
    if ob is not None and ob.kind == "linear":
        return ob.cover
    return None


def hand_attack(
    ctx: Ctx, attacker: str, defender: str, *, how: str = "attack", free: bool = False, rule: str = "RNG-HAND-1"
):
    """One RNG-HAND-1 attack. The defender turns to its first attacker (RNG-HAND-2), splits its DV
    among up to three attackers (RNG-HAND-3: a decision when more enemies are about, auto default),
    gains RNG-HAND-5 obstacle DV; a free attack on a fleeing figure faces its DV halved (RNG-HAND-4).
    Returns True when the defender died."""
    st = ctx.state
    a, dfd = ctx.fig(attacker), ctx.fig(defender)
    if not (a.in_play and dfd.in_play):
        return False
    face(ctx, attacker, defender)
    rec = rng(st).defence.setdefault(defender, {"left": dfd.dv, "n": 0, "first": None, "by": []})
    rear = False
    if free:
        faced = free_attack_dv(dfd.dv)
    else:
        first = rec["first"]
        if first is None or first not in st.figures or not st.figures[first].in_play:
            rec["first"] = attacker
            face(ctx, defender, attacker)
        else:
            fig_first = st.figures[first]
            dfd = ctx.fig(defender)
            rear = rear_attack(dfd, dfd.facing, a, fig_first) and dist(dfd, fig_first) <= HAND_COMBAT_RANGE + EPS
        n = rec["n"]
        left = rec["left"]
        if n >= MAX_SPLIT or left <= 0:
            share = 0
        else:
            here = ctx.fig(defender)
            others = [e for e in foes_of(ctx, defender) if e.id not in rec["by"] and e.id != attacker]
            k = 1 + sum(1 for e in others if dist(here, e) <= SPLIT_LOOKAHEAD + EPS)
            auto = auto_dv_share(left, n, k)
            could_follow = any(dist(here, e) <= ASK_LOOKAHEAD + EPS for e in others)
            if could_follow and n < MAX_SPLIT - 1:
                opts = [Decision("choose", option="dv", number=v) for v in dv_share_options(left, n)]
                dflt = Decision("choose", option="dv", number=auto)
                dd = yield ask(
                    dfd.side,
                    "dv_share",
                    f"{dfd.name}: how much of DV {left} left against {a.name}? (attacker {n + 1} of up to 3)",
                    opts,
                    default=dflt,
                    info={"figure": defender, "attacker": attacker, "left": left, "attackers_so_far": n, "auto": auto},
                    rule="RNG-HAND-3",
                )
                share = dd.option_number
            elif n == MAX_SPLIT - 1:
                share = left  # the third attacker gets the rest
            else:
                share = auto
        rec["n"] = n + 1
        rec["left"] = left - share
        faced = effective_dv(share, rear=rear)
    rec["by"].append(attacker)
    faced += obstacle_dv_bonus(_linear_cover_between(ctx, attacker, defender))
    ap = yield from ask_ap(ctx, a.side, "hand-combat roll", attacker)
    hr = roll_hand_combat(ctx.dice, a.av, faced, who=attacker, ap=ap)
    ctx.emit(hr.roll)
    ctx.emit(
        AttackResolved(
            rule=rule if not rear else "RNG-HAND-2",
            attacker=attacker,
            defender=defender,
            av=a.av,
            dv=faced,
            natural=hr.roll.faces[0],
            hit=hr.hit,
            critical=hr.critical,
            rear=rear,
            how=how,
        )
    )
    # RNG-MOT-4 bookkeeping: who attacked whom during this side's player-turn
    atk = rng(st).attacks.setdefault(a.side, {})
    lst = atk.setdefault(defender, [])
    if attacker not in lst:
        lst.append(attacker)
    if hr.hit:
        _, dead = yield from deal_wounds(
            ctx, attacker, defender, hand=True, critical=hr.critical, cause=f"cut down by {a.name}"
        )
        return dead
    return False


# -- shooting (RNG-SHOOT) -------------------------------------------------------------------------
def can_shoot(f: Figure) -> bool:
    return bool(f.missile) and (f.loaded or not is_firearm(f.missile))


def shot_targets(ctx: Ctx, fid: str) -> list[tuple[Figure, object]]:
    """RNG-SHOOT-1/3: enemies in sight, in range of the weapon, not within 1" of an enemy of theirs."""
    f = ctx.fig(fid)
    if not can_shoot(f):
        return []
    out: list[tuple[Figure, object]] = []
    maxr = weapon_max_range(f.missile)
    foes = foes_of(ctx, fid)
    mine = [g for g in ctx.state.figures.values() if g.in_play and g.side not in ctx.state.enemies_of(f.side)]
    for e in foes:
        if dist(f, e) > maxr + EPS:
            continue
        if any(dist(e, g) <= HAND_COMBAT_RANGE + EPS for g in mine):
            continue  # RNG-SHOOT-3
        s = ctx.table.line_of_sight(fid, e.id)
        if not s.clear or s.distance > maxr + EPS:
            continue
        out.append((e, s))
    return out


def shot_refusal(ctx: Ctx, fid: str, tid: str):
    """Why ``shot_targets`` leaves ``tid`` out: the same tests in the same order (the IllegalDecision)."""
    f = ctx.fig(fid)
    e = ctx.state.figures.get(tid)
    if e is None or not e.in_play or e not in foes_of(ctx, fid):
        return refused(Cause.INCOMPLETE, who=f.name, detail="a shot needs an enemy figure in play as its target")
    if not f.missile:
        return refused(Cause.NO_MISSILE, who=f.name, rule="RNG-SHOOT-1")
    if not can_shoot(f):
        return refused(
            Cause.NOT_LOADED,
            who=f.name,
            things=(Thing("weapon", f.missile, weapon_words(f.missile)),),
            rule="RNG-SHOOT-1",
        )
    maxr = weapon_max_range(f.missile)
    if dist(f, e) > maxr + EPS:
        return range_refusal(ctx, fid, tid, f.missile, dist(f, e), maxr, "RNG-SHOOT-1")
    mine = [g for g in ctx.state.figures.values() if g.in_play and g.side not in ctx.state.enemies_of(f.side)]
    if any(dist(e, g) <= HAND_COMBAT_RANGE + EPS for g in mine):
        return refused(
            Cause.NOT_ALLOWED,
            who=f.name,
            things=(figure_thing(e),),
            detail=f"{e.name} is within 1 in of a friend of yours: no shooting into a fight",
            rule="RNG-SHOOT-3",
        )
    s = ctx.table.line_of_sight(fid, tid)
    if not s.clear:
        return sight_refusal(ctx, fid, tid)
    return range_refusal(ctx, fid, tid, f.missile, s.distance, maxr, "RNG-SHOOT-1")


def shoot(
    ctx: Ctx, shooter: str, target: str, *, target_moved: bool, reactive: bool = False, rule: str = "RNG-SHOOT-1"
):
    """RNG-SHOOT-1/2: roll the shot (LoS, cover and edge range from the table), unload, wound."""
    f = ctx.fig(shooter)
    s = ctx.table.line_of_sight(shooter, target)
    ap = yield from ask_ap(ctx, f.side, "shot", shooter)
    hr = roll_shot(
        ctx.dice,
        f.av,
        range_in=s.distance,
        aim=f.aim,
        cover=s.cover,
        target_moved=target_moved,
        keen_eyed="keen_eyed" in f.traits,
        reactive=reactive,
        ap=ap,
        who=shooter,
        weapon=f.missile,
    )
    ctx.emit(hr.roll)
    ctx.emit(
        ShotResolved(
            rule="INI-RSHOOT-4" if reactive else rule,
            attacker=shooter,
            target=target,
            range_in=round_in(s.distance),
            cover=s.cover or "",
            natural=hr.roll.faces[0],
            hit=hr.hit,
            reactive=reactive,
        )
    )
    loaded, aim = after_action("shoot", loaded=f.loaded, aim=f.aim)
    if not is_firearm(f.missile):
        loaded = f.loaded
    ctx.change(shooter, loaded=loaded, aim=aim)
    if hr.hit:
        yield from deal_wounds(ctx, shooter, target, hand=False, cause=f"shot by {f.name}")
    return hr.hit


def shot_odds_key(ctx: Ctx, fid: str, e: Figure, sight) -> float:
    """Sort key for the auto target: closest, uncovered first."""
    return sight.distance + {None: 0, "soft": 3, "hard": 5}[sight.cover]


def note(ctx: Ctx, rule: str, who: str, message: str) -> None:
    ctx.emit(Note(rule=rule, who=who, message=message))


def arc(ctx: Ctx, defender: str, attacker: str) -> str:
    d, a = ctx.fig(defender), ctx.fig(attacker)
    return arc_of(d, d.facing, a)
