"""The fighting term of the evaluation (``evaluate``): for every mêlée on the table the exact chance of
winning its next round (PYR-DICE/PYR-DMG odds of the two quotas, ``worth.round_win_chance``), and
the local balance of fighting strength around every figure near the front (ganging up, not
standing alone). Public facts only."""

from __future__ import annotations

import math

from .worth import round_win_chance

W_LOCAL = 0.8
W_MELEE = 1.6
LOCAL_R = 2.5
CONTACT = 0.06


def fighting(worth: list, figs) -> float:
    """The fighting term of a position: the local balance of fighting strength around every figure
    near the front, and each mêlée's exact chance of winning its next round. ``figs``: (figure, x,
    y, mine, foe, …) per figure in play; ``worth``: (fight quota, value, value x health, radius)
    of each."""
    n = len(figs)
    if n < 2:
        return 0.0
    q = [w[0] for w in worth]
    own_near = [0.0] * n
    foe_near = [0.0] * n
    contact: list[list[int]] = [[] for _ in range(n)]
    friends_touch: list[list[int]] = [[] for _ in range(n)]
    front = [False] * n
    # the pairs on one level within LOCAL_R, in (i, j) order. Candidates by a sweep along x
    # (a pair whose x or y gap alone exceeds LOCAL_R and both radii, and a hair, cannot be)
    xs = [t[1] for t in figs]
    ys = [t[2] for t in figs]
    rs = [w[3] for w in worth]
    lvs = [t[0].level for t in figs]
    hypot = math.hypot
    reach = LOCAL_R + 2 * max(rs) + 1e-6
    order = sorted(range(n), key=xs.__getitem__)
    pairs = []
    for at in range(n - 1):
        i = order[at]
        xi, yi, li = xs[i], ys[i], lvs[i]
        for j in order[at + 1 :]:
            if xs[j] - xi > reach:
                break
            dy = yi - ys[j]
            if dy > reach or dy < -reach or lvs[j] != li:
                continue
            pairs.append((i, j) if i < j else (j, i))
    pairs.sort()
    for i, j in pairs:
        d = hypot(xs[i] - xs[j], ys[i] - ys[j]) - rs[i] - rs[j]
        if d > LOCAL_R:
            continue
        mi, ei = figs[i][3], figs[i][4]
        mj, ej = figs[j][3], figs[j][4]
        if (mi and ej) or (ei and mj):
            foe_near[i] += q[j]
            foe_near[j] += q[i]
            front[i] = front[j] = True
            if d <= CONTACT:
                contact[i].append(j)
                contact[j].append(i)
        elif mi == mj and ei == ej:
            own_near[i] += q[j]
            own_near[j] += q[i]
            if d <= CONTACT:
                friends_touch[i].append(j)
                friends_touch[j].append(i)
    score = 0.0
    for i in range(n):
        if not front[i] or not (figs[i][3] or figs[i][4]):
            continue
        mine = q[i] + own_near[i]
        bal = mine / (mine + foe_near[i]) if mine + foe_near[i] > 0 else 0.5
        v = worth[i][1]
        score += (1 if figs[i][3] else -1) * W_LOCAL * (bal - 0.5) * v
    # mêlées: clusters of contacts (with touching supporters), exact round odds
    seen = [False] * n
    for i in range(n):
        if seen[i] or not contact[i]:
            continue
        stack, group = [i], []
        seen[i] = True
        while stack:
            k = stack.pop()
            group.append(k)
            for j in contact[k] + friends_touch[k]:
                if not seen[j] and (contact[j] or contact[k]):
                    seen[j] = True
                    stack.append(j)
        mq_me = sum(q[k] for k in group if figs[k][3])
        mq_foe = sum(q[k] for k in group if figs[k][4])
        if mq_me == 0 and mq_foe == 0:
            continue
        p = round_win_chance(math.ceil(mq_me), math.ceil(mq_foe))
        stake = sum(worth[k][1] for k in group)
        score += W_MELEE * (p - 0.5) * stake
    return score
