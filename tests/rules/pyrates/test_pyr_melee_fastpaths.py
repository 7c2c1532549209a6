"""The mêlée flow's fast paths agree with the plain computations they replace (PYR-WIN-4, PYR-CR-2,
PYR-ENG-1/2, PYR-MQ-1..7)."""

from __future__ import annotations

import math
import random

from flow_helpers import fig, random_ctx
from flow_helpers import pack as _pack

from game.rules.model import round_in
from game.rules.pyrates import moves


def reference_retreat(ctx, fid, *, max_dist=4.0, toward=None, rat=False):
    """moves.retreat as first written: the nearest-enemy gap over every foe at every heading."""
    st = ctx.state
    f = st.figures[fid]
    x, y = f.x, f.y
    path = [(x, y)]
    enemy_sides = set(st.enemies_of(f.side))
    foes = [
        (g.x, g.y, g.radius + f.radius)
        for g in st.figures.values()
        if g.in_play and g.side in enemy_sides and g.level == f.level
    ]

    def gap(px, py):
        return min((max(0.0, math.hypot(gx - px, gy - py) - rr) for gx, gy, rr in foes), default=math.inf)

    left = max_dist
    try:
        while left > 1e-6:
            step = min(moves.STEP, left)
            d0 = gap(x, y)
            cands = []
            for k, (ca, sa) in enumerate(moves._HEADINGS_15):
                nx, ny = x + step * ca, y + step * sa
                d1 = gap(nx, ny)
                if rat:
                    if d1 + 1e-9 < min(1.0, d0):
                        continue
                elif d1 <= d0 + 1e-6:
                    continue
                score = -math.hypot(toward[0] - nx, toward[1] - ny) if toward else d1
                if rat and toward is None:
                    score = d1
                cands.append((-score, k, nx, ny))
            cands.sort()
            best = None
            for negscore, _k, nx, ny in cands:
                if ctx.table.sweep_clear(fid, nx - x, ny - y):
                    best = (-negscore, nx, ny)
                    break
            if best is None:
                break
            if (
                toward is not None
                and rat
                and math.hypot(toward[0] - x, toward[1] - y) <= math.hypot(toward[0] - best[1], toward[1] - best[2])
                and d0 >= 1.0
            ):
                break
            x, y = round_in(best[1]), round_in(best[2])
            ctx.table.place(fid, x, y, f.radius, f.level)
            path.append((x, y))
            left -= step
    finally:
        ctx.table.place(fid, f.x, f.y, f.radius, f.level)
    return path


def test_PYR_WIN_4_retreat_fast_search_matches_the_full_gap_search():
    rng = random.Random(7)
    checked = 0
    for n in range(80):
        ctx = random_ctx(rng)
        if n % 2:
            _pack(ctx, rng)
        for fid, f in ctx.state.figures.items():
            if not f.in_play:
                continue
            for toward, rat in ((None, False), ((1.0, 1.0), False), ((20.0, 14.0), True), (None, True)):
                assert moves.retreat(ctx, fid, toward=toward, rat=rat) == reference_retreat(
                    ctx, fid, toward=toward, rat=rat
                )
                checked += 1
    assert checked > 300


def test_PYR_MQ_7_total_in_half_points_equals_the_sum_of_the_lines():
    from fractions import Fraction

    from game.rules.model import Figure, Rank, Status, WeaponClass
    from game.rules.pyrates.quota import Participant, SideFacts, melee_quotas

    rng = random.Random(3)
    ranks = [Rank.CAPTAIN, Rank.OFFICER, Rank.ORDINARY, Rank.NONCOMBATANT]
    statuses = [Status.UNWOUNDED, Status.WOUNDED, Status.KNOCKED_DOWN, Status.DISARMED]
    classes = [WeaponClass.GENERAL, WeaponClass.REACH, WeaponClass.CLOSE]

    def side(name, n):
        out = []
        for i in range(n):
            f = Figure(
                id=f"{name}{i}",
                name=f"{name}{i}",
                side=name,
                x=0.0,
                y=0.0,
                rank=rng.choice(ranks),
                status=rng.choice(statuses),
                wounds=rng.randint(0, 1),
                melee_class=rng.choice(classes),
                mounted=rng.random() < 0.2,
                drilled=rng.random() < 0.5,
            )
            out.append(
                Participant(
                    f,
                    engaged=rng.random() < 0.7,
                    close_quarters=rng.random() < 0.3,
                    advantageous=rng.random() < 0.3,
                    contacts=frozenset(f"{name}{j}" for j in range(n)),
                    holding_captive=rng.random() < 0.1,
                )
            )
        return SideFacts(tuple(out), rng.randint(0, 2), name)

    for _ in range(300):
        a, b = side("a", rng.randint(0, 12)), side("b", rng.randint(0, 12))
        for q in melee_quotas(a, b):
            assert type(q.total) is Fraction and all(type(ln.amount) is Fraction for ln in q.lines)
            assert q.total == sum((ln.amount for ln in q.lines), Fraction(0))
            assert q.mq == math.ceil(q.total)


def _same_engagements(a, b):
    """Equal, down to the insertion order of every dict and list."""
    assert list(a.figs.items()) == list(b.figs.items())
    assert list(a.camp.items()) == list(b.camp.items())
    assert [(k, list(v.items())) for k, v in a.pairs.items()] == [(k, list(v.items())) for k, v in b.pairs.items()]
    assert list(a.support.items()) == list(b.support.items())


def test_PYR_ENG_1_engagements_kept_in_step_incrementally_equal_a_fresh_computation():
    from game.rules.model import Status
    from game.rules.pyrates.engage import engagements, engagements_of
    from game.rules.pyrates.melee_round import local_ids

    rng = random.Random(11)
    for _ in range(25):
        ctx = random_ctx(rng)
        st = ctx.state
        # pack them into a mêlée first: every figure next to a random other one
        ids = list(st.figures)
        for fid in ids[1:]:
            t = st.figures[rng.choice(ids)]
            f = st.figures[fid]
            x, y = t.x + rng.choice((-1.0, 0.0, 1.0, 1.5)), t.y + rng.choice((-1.0, 1.0, 0.5))
            if rng.random() < 0.4:  # against the rail, engaging across it (PYR-ENG-2)
                x, y = rng.choice((11.39, 12.61)), round(rng.uniform(3, 7), 2)
            if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
                ctx.move(fid, x, y, rule="test")
        for _step in range(30):
            live = [fid for fid, f in st.figures.items() if f.in_play]
            seeds = rng.sample(live, min(len(live), 3))
            for only in (None, local_ids(st, seeds)):
                got, want = engagements_of(ctx, only), engagements(st, ctx.table, only)
                _same_engagements(got, want)
                for s in [seeds] + [[x] for x in seeds]:  # memoised groups carried over stay right
                    assert got.group(s) == want.group(s)
            for fid in rng.sample(live, min(len(live), rng.choice((1, 1, 2, 3)))):
                f = st.figures[fid]
                roll = rng.random()
                if roll < 0.5:
                    x, y = f.x + rng.uniform(-0.6, 0.6), f.y + rng.uniform(-0.6, 0.6)
                    if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
                        ctx.move(fid, x, y, rule="test")
                elif roll < 0.7:
                    ctx.set_status(fid, Status.WOUNDED, rule="test", wounds=1)
                elif roll < 0.8:
                    ctx.set_status(fid, Status.CAPTIVE, rule="test")
                elif roll < 0.9:
                    ctx.set_status(fid, Status.DISARMED, rule="test")
                else:
                    ctx.set_status(fid, Status.KNOCKED_DOWN, rule="test")


def test_GEO_ESC_1_free_direction_tried_away_from_the_enemies_first_agrees_with_the_table():
    rng = random.Random(5)
    answers = set()
    for _ in range(40):
        ctx = random_ctx(rng)
        st = ctx.state
        ids = list(st.figures)
        _pack(ctx, rng)  # crowded, so that some have no free heading
        for fid in ids:
            foes = [g for g in ids if st.figures[g].side != st.figures[fid].side]
            away = rng.sample(foes, min(len(foes), rng.randint(0, 3)))
            got = moves.has_free_direction(ctx, fid, away)
            assert got == ctx.table.has_free_direction(fid)
            answers.add(got)
    assert answers == {True, False}


def test_PYR_MQ_7_quota_line_text_matches_the_plain_format():
    from fractions import Fraction

    from game.rules.pyrates.quota import QuotaLine, line_text

    amounts = [Fraction(n, 2) for n in range(0, 90)] + [Fraction(1, 3)]  # fresh objects, not the shared ones
    from game.rules.pyrates import quota

    amounts += list(quota._BY_HALVES.values())
    for a in amounts:
        for fig_id in ("", "A3"):
            ln = QuotaLine(fig_id, a, "in formation, wounded", "PYR-MQ-3")
            assert line_text(ln) == f"{ln.figure or 'side'} {ln.amount} {ln.reason}"


def test_PYR_MQ_7_round_quota_of_a_whole_number_is_itself_and_checks_stay():
    from fractions import Fraction

    import pytest

    from game.rules.pyrates.rolls import round_quota

    for n in range(0, 40):
        assert round_quota(n) == math.ceil(Fraction(n)) and type(round_quota(n)) is int
        assert round_quota(Fraction(2 * n + 1, 2)) == n + 1
    with pytest.raises(ValueError):
        round_quota(-1)
    with pytest.raises(TypeError):
        round_quota(True)
    with pytest.raises(TypeError):
        round_quota(1.5)


def test_PYR_DIS_2_holding_captors_and_cards_of_as_plain_lookups():
    from game.rules.pyrates.melee_round import cards_of, holding_captors

    class St:
        def __init__(self, data):
            self.data = data

    assert holding_captors(St({})) == set() and holding_captors(St({"captives": {}})) == set()
    st = St({"captives": {"b1": "a1", "b2": "", "b3": "a2"}, "prisoners": {"b3": 1}})
    assert holding_captors(st) == {"a1"}
    st = St({})
    hand = cards_of(st, "A")
    assert hand == [] and st.data == {"cards": {"A": []}} and cards_of(st, "A") is hand
    st.data["cards"]["B"] = ["dodge_duck"]
    assert cards_of(st, "B") == ["dodge_duck"] and cards_of(st, "C") == [] and list(st.data["cards"]) == ["A", "B", "C"]


def test_PYR_ALLOC_2_single_item_taps_are_shared_equal_decisions():
    from game.rules.decisions import Decision
    from game.rules.pyrates import melee_round as mr

    a = mr._single_tap("A1", "B2", "kd")
    assert a == Decision("tap", figure="A1", items=(("B2", "kd"),)) and mr._single_tap("A1", "B2", "kd") is a
    assert mr._single_tap("A1", "B2", "w") == Decision("tap", figure="A1", items=(("B2", "w"),))
    for i in range(5000):  # the cache starts over rather than grow without bound
        assert mr._single_tap(f"F{i}", "B2", "kd").figure == f"F{i}"
    assert len(mr._SINGLE_TAPS) <= 4097


def test_PYR_ENG_1_engagements_kept_when_a_figure_moves_without_changing_any_link():
    from game.rules.pyrates.engage import engagements, engagements_of

    rng = random.Random(23)
    kept = 0
    for _ in range(40):
        ctx = random_ctx(rng)
        st = ctx.state
        before = engagements_of(ctx)
        fid = rng.choice(list(st.figures))
        f = st.figures[fid]
        x, y = f.x + rng.uniform(-0.3, 0.3), f.y + rng.uniform(-0.3, 0.3)
        if not ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
            continue
        ctx.move(fid, x, y, rule="test")
        after = engagements_of(ctx)
        _same_engagements(after, engagements(st, ctx.table))
        assert after.figs[fid] is st.figures[fid]  # the new figure object, not the kept one
        if after.pairs is before.pairs:  # the links were kept, not rebuilt
            kept += 1
    assert kept > 10


def reference_tap_options(r, camp, tappers, left):
    """The PYR-ALLOC-2 option list as first written: every option built, repeats then dropped."""
    from game.rules.decisions import Decision
    from game.rules.pyrates import melee_round as mr
    from game.rules.pyrates.tap_options import special_tap_options

    st, opts = r.st, []
    for t in tappers:
        targets = mr.targets_for(r, t)
        items = mr.auto_items(r, t, left, targets)
        if items:
            opts.append(Decision("tap", figure=t, items=items))
        for v in targets:
            if left.knockdowns:
                opts.append(mr._single_tap(t, v, "kd"))
            if left.wounds:
                opts.append(mr._single_tap(t, v, "w"))
        off = st.figures[t].offhand
        opts += special_tap_options(
            st,
            r.eng,
            camp,
            t,
            left,
            targets,
            mr.targets_for(r, t, off) if off is not None else [],
            mr.cards_of(st, camp),
        )
    return list(dict.fromkeys(opts))


def test_PYR_ALLOC_2_tap_options_list_each_option_once_in_the_reference_order():
    from game.rules.model import Status, WeaponClass
    from game.rules.pyrates import melee_round as mr
    from game.rules.pyrates.cards import SNEAKY_ATTACK
    from game.rules.pyrates.hands import Damage

    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        ctx = random_ctx(rng, mixed_weapons=True)
        _pack(ctx, rng)
        st = ctx.state
        for fid in list(st.figures):
            roll = rng.random()
            if roll < 0.2:
                ctx.set_status(fid, Status.WOUNDED, rule="test", wounds=1)
            elif roll < 0.3:
                ctx.set_status(fid, Status.DISARMED, rule="test")
            if rng.random() < 0.3:
                ctx.update(st.figures[fid].evolve(offhand=WeaponClass.CLOSE))
        st.data["cards"] = {"A": [SNEAKY_ATTACK] if rng.random() < 0.5 else [], "B": []}
        r = mr.Round(ctx, {"seeds": [f for f in st.figures if st.figures[f].in_play]})
        r.refresh()
        r.group = r.eng.group(r.cur["seeds"])
        if rng.random() < 0.3 and r.group:
            r.rat = rng.choice(r.group)
        for camp in ("A", "B"):
            tappers = mr.legal_tappers(r, camp)
            for pool in (Damage(0, 1), Damage(1, 0), Damage(1, 1), Damage(3, 2), Damage(0, 4)):
                got = mr.tap_options(r, camp, tappers, pool)
                assert got == reference_tap_options(r, camp, tappers, pool)
                checked += bool(got)
    assert checked > 50


def reference_quota_lines(own, foe):
    """quota_contributions' lines as first written: every helper asked for every participant."""
    from game.rules.pyrates import quota as qm

    lines = []
    for p in own:
        f = p.figure
        why = qm.excluded_reason(p)
        if why:
            lines.append(qm.QuotaLine(f.id, qm.ZERO, f"not counted: {why}", "PYR-MQ-1"))
            continue
        amount, reason = qm.base_quota(f)
        lines.append(qm.QuotaLine(f.id, amount, reason if p.engaged else f"{reason}, supporting", "PYR-MQ-2"))
        if qm.formation_of(p, own):
            w = qm._wounded(f)
            lines.append(
                qm.QuotaLine(
                    f.id, qm.HALF if w else qm.ONE, "in formation, wounded" if w else "in formation", "PYR-MQ-3"
                )
            )
        bonus, what = qm.reach_bonus(f)
        if bonus and not p.close_quarters:
            lines.append(qm.QuotaLine(f.id, qm.Fraction(bonus), what, "PYR-MQ-4"))
        if p.engaged and p.advantageous:
            lines.append(qm.QuotaLine(f.id, qm.ONE, "advantageous position", "PYR-MQ-5"))
    for q in foe:
        if qm.excluded_reason(q):
            continue
        bonus, what = qm.reach_bonus(q.figure)
        if bonus and q.close_quarters:
            lines.append(
                qm.QuotaLine(
                    q.id, qm.Fraction(bonus), f"enemy {q.figure.name or q.id}: {what} in close quarters", "PYR-MQ-4"
                )
            )
    return lines


def test_PYR_MQ_1_to_5_quota_lines_with_cheap_tests_first_equal_the_reference():
    from game.rules.model import Status, WeaponClass
    from game.rules.pyrates.quota import Participant, SideFacts, melee_quotas, participant

    rng = random.Random(9)
    for _ in range(400):
        sides = []
        for side in ("A", "B"):
            ps = []
            for i in range(rng.randint(0, 5)):
                f = fig(
                    f"{side}{i}",
                    side,
                    1.0 + i,
                    2.0,
                    cls=rng.choice(list(WeaponClass)),
                    rank=rng.choice(["captain", "officer", "ordinary", "noncombatant"]),
                    mounted=rng.random() < 0.3,
                    lancer=rng.random() < 0.3,
                    drilled=rng.random() < 0.5,
                    status=rng.choice([Status.UNWOUNDED, Status.UNWOUNDED, Status.WOUNDED, Status.DISARMED]),
                )
                contacts = frozenset(f"{side}{j}" for j in range(5) if rng.random() < 0.4)
                args = (
                    f,
                    rng.random() < 0.7,
                    rng.random() < 0.3,
                    rng.random() < 0.3,
                    contacts,
                    rng.random() < 0.1,
                    rng.choice([None, f"side:{side}", "p1"]),
                )
                if rng.random() < 0.2:  # an override of the formation test (PYR-MQ-3)
                    ps.append(Participant(*args[:6], in_formation=rng.random() < 0.5, party=args[6]))
                else:
                    p = participant(*args)
                    assert vars(p) == vars(Participant(*args[:6], party=args[6]))
                    ps.append(p)
            sides.append(tuple(ps))
        qa, qb = melee_quotas(SideFacts(sides[0], 0, "A"), SideFacts(sides[1], 0, "B"))
        assert list(qa.lines) == reference_quota_lines(sides[0], sides[1])
        assert list(qb.lines) == reference_quota_lines(sides[1], sides[0])


def test_PYR_ALLOC_2_tappers_kept_between_turns_equal_a_fresh_legal_tappers():
    from game.rules.model import Status
    from game.rules.pyrates import melee_round as mr

    rng = random.Random(13)
    hits = 0
    for _ in range(30):
        ctx = random_ctx(rng, mixed_weapons=True)
        _pack(ctx, rng)
        st = ctx.state
        r = mr.Round(ctx, {"seeds": [f for f in st.figures if st.figures[f].in_play]})
        r.refresh()
        r.group = r.eng.group(r.cur["seeds"])
        memo = mr._TappersMemo(r)
        for _step in range(25):
            r.refresh()
            for camp in ("A", "B", "A"):
                before = memo.known.get(camp)
                got = memo(camp)
                hits += before is not None and memo.known[camp] is before
                assert got == mr.legal_tappers(r, camp)
            live = [f for f in r.group if st.figures[f].in_play]
            if not live:
                break
            fid = rng.choice(live)
            roll = rng.random()
            if roll < 0.3:
                r.tapped.add(fid)
            elif roll < 0.45:
                f = st.figures[fid]
                x, y = f.x + rng.uniform(-0.5, 0.5), f.y + rng.uniform(-0.5, 0.5)
                if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
                    ctx.move(fid, x, y, rule="test")
            elif roll < 0.55:
                ctx.set_status(fid, Status.DISARMED, rule="test")
            elif roll < 0.65:
                victim = rng.choice(live)
                ctx.set_status(victim, Status.CAPTIVE, rule="test")
                st.data.setdefault("captives", {})[victim] = fid
            elif roll < 0.75:
                ctx.set_status(fid, Status.KNOCKED_DOWN, rule="test")
    assert hits > 20


def test_PYR_PUSH_1_geometry_refusals_leave_the_option_allowed_without_them():
    # resolve_item asks pushback_option once without the geometry, then lets a surrounded victim or
    # a blocked sweep refuse it: the same option as asking again with the geometry
    import itertools

    from game.rules.pyrates.pushback import pushback_option

    for item in ("w", "kd", "disarm", "capture", "w+mg", "kd+sneaky", "w+mg+sneaky"):
        for wounded, mounted, disarmed, sur, sweep in itertools.product((False, True), repeat=5):
            facts = dict(victim_wounded=wounded, mounted=mounted, disarmed=disarmed)
            first = pushback_option(item, **facts).option
            fast = first if first is not None and sweep and not sur else None
            assert fast == pushback_option(item, surrounded=sur, sweep_clear=sweep, **facts).option
