"""Kernels of the match plan: the value of every pair of open category sets by dynamic programming.

Team 0's margin (its points minus team 1's) is what the plan values; team 0's players maximise
it, team 1's minimise it. A round is a *chain* of players who may take one of their team's open
categories or pass on (the pass model, ``docs/coiffeur.md``); each player sees only its own hand,
drawn from the table's hands (``G[k, i]``: what hand ``k`` is expected to score in category slot
``i``, times its multiplier). Expectations over a hand are means over the ``K`` rows of ``G``.

Chains: ``c`` lists the teams of the chain's players in order; with ``loop`` the first player,
when everybody passed, must take with the hand it passed with ("im Fass"), otherwise the last
player must take.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from jass_sim.core.jit import jit, popcount
from jass_sim.core.rng import below


@jit
def e_opt(sorted_a, prefix, t, team):
    """``mean(max(a, t))`` for team 0 (which maximises), ``mean(min(a, t))`` for team 1, over the
    sorted values ``sorted_a`` with ``prefix[j] = sum(sorted_a[:j])``."""
    k = sorted_a.shape[0]
    j = np.searchsorted(sorted_a, t)  # values below t
    if team == 0:
        return (t * j + prefix[k] - prefix[j]) / k
    return (prefix[j] + t * (k - j)) / k


@jit
def _open_takes(n, open_mask, V, other, is_team0):
    """``(slots, nxt, m)``: the ``m`` open slots of ``open_mask`` among ``n`` (``slots[:m]``) and
    the plan's value once each is taken (``nxt[:m]``: this team's set without the slot, the other
    team's set ``other``), as :func:`take_values` and :func:`take_values_arg` weigh them."""
    slots = np.empty(n, dtype=np.int64)
    nxt = np.empty(n)
    m = 0
    for i in range(n):
        if (open_mask >> i) & 1:
            rest = open_mask & ~(1 << i)
            slots[m] = i
            nxt[m] = V[rest, other] if is_team0 else V[other, rest]
            m += 1
    return slots, nxt, m


@jit
def take_values(G, sign, open_mask, V, other, is_team0, out):
    """``out[k]``: the best take for hand ``k`` of a team with open slots ``open_mask``:
    ``sign * G[k, i] + V[next state]`` optimised over the open slots (max for team 0, min for
    team 1); the next state drops slot ``i`` from this team's set (``other``: the other team's set)."""
    slots, nxt, m = _open_takes(G.shape[1], open_mask, V, other, is_team0)
    for k in range(G.shape[0]):
        best = sign * G[k, slots[0]] + nxt[0]
        for j in range(1, m):
            v = sign * G[k, slots[j]] + nxt[j]
            if (v > best) if is_team0 else (v < best):
                best = v
        out[k] = best


@jit
def _advance(sorted_a, j, t):
    """The number of values of ``sorted_a`` below ``t``, searched forward from ``j`` (the
    queries come in increasing order: a merge, not a binary search per query)."""
    k = sorted_a.shape[0]
    while j < k and sorted_a[j] < t:
        j += 1
    return j


@jit
def _e_at(prefix, k, j, t, team):
    if team == 0:
        return (t * j + prefix[k] - prefix[j]) / k
    return (prefix[j] + t * (k - j)) / k


@jit
def chain_value(a0, a1, chain, length, loop):
    """The expected value of a round whose chain of players has the teams ``chain[:length]``,
    team 0's takes ``a0`` and team 1's ``a1`` (one value per table hand)."""
    k = a0.shape[0]
    s0 = np.sort(a0)
    s1 = np.sort(a1)
    p0 = np.empty(k + 1)
    p1 = np.empty(k + 1)
    _prefix(s0, p0)
    _prefix(s1, p1)
    return chain_value_sorted(s0, s1, p0, p1, chain, length, loop)
@jit
def take_values_arg(G, sign, open_mask, V, other, is_team0, out, arg):
    """:func:`take_values` and ``arg[k]``: the slot of hand ``k``'s best take."""
    slots, nxt, m = _open_takes(G.shape[1], open_mask, V, other, is_team0)
    for k in range(G.shape[0]):
        best = sign * G[k, slots[0]] + nxt[0]
        b = slots[0]
        for j in range(1, m):
            v = sign * G[k, slots[j]] + nxt[j]
            if (v > best) if is_team0 else (v < best):
                best = v
                b = slots[j]
        out[k] = best
        arg[k] = b


@jit
def sort_takes(a, arg, order, open_mask, s, buf, bounds):
    """``s``: the values of ``a`` in increasing order without a sort (the DP's cost was 80% sorts):
    the hands whose best take is slot ``i`` (``arg``) come in increasing order along ``order[i]``
    (the hands by their gain in slot ``i``: a take adds one constant per slot, and rounding is
    monotone), and the slots' runs are merged pairwise. The same values as ``np.sort(a)`` (equal
    values are interchangeable), so the plan is bit for bit what a sort gave."""
    k = a.shape[0]
    n = order.shape[0]
    pos = 0
    m = 0
    bounds[0] = 0
    for i in range(n):
        if (open_mask >> i) & 1:
            for r in range(k):
                h = order[i, r]
                if arg[h] == i:
                    buf[pos] = a[h]
                    pos += 1
            m += 1
            bounds[m] = pos
    src = buf
    dst = s
    while m > 1:
        nm = 0
        j = 0
        while j < m:
            lo = bounds[j]
            if j + 1 < m:
                mid = bounds[j + 1]
                hi = bounds[j + 2]
                p = lo
                q = mid
                w = lo
                while p < mid and q < hi:
                    if src[q] < src[p]:
                        dst[w] = src[q]
                        q += 1
                    else:
                        dst[w] = src[p]
                        p += 1
                    w += 1
                while p < mid:
                    dst[w] = src[p]
                    p += 1
                    w += 1
                while q < hi:
                    dst[w] = src[q]
                    q += 1
                    w += 1
            else:
                hi = bounds[j + 1]
                for w in range(lo, hi):
                    dst[w] = src[w]
            bounds[nm] = lo
            nm += 1
            j += 2
        bounds[nm] = k
        m = nm
        tmp = src
        src = dst
        dst = tmp
    if src is not s:
        s[:] = src


@jit
def chain_value_sorted(s0, s1, p0, p1, chain, length, loop):
    """:func:`chain_value` over takes already sorted (``s0``, ``s1``) with their prefix sums."""
    k = s0.shape[0]
    first = chain[0]
    if loop:
        ts = s0 if first == 0 else s1
        ptr = np.zeros(4, dtype=np.int64)
        total = 0.0
        for h in range(k):
            t = ts[h]
            r = t
            for j in range(length - 1, 0, -1):
                if chain[j] == 0:
                    ptr[j] = _advance(s0, ptr[j], r)
                    r = _e_at(p0, k, ptr[j], r, 0)
                else:
                    ptr[j] = _advance(s1, ptr[j], r)
                    r = _e_at(p1, k, ptr[j], r, 1)
            total += max(t, r) if first == 0 else min(t, r)
        return total / k
    last = chain[length - 1]
    r = p0[k] / k if last == 0 else p1[k] / k
    for j in range(length - 2, -1, -1):
        if chain[j] == 0:
            r = e_opt(s0, p0, r, 0)
        else:
            r = e_opt(s1, p1, r, 1)
    return r


@jit
def _prefix(s, p):
    p[0] = 0.0
    for j in range(s.shape[0]):
        p[j + 1] = p[j] + s[j]



@jit
def round_chain(has0, has1, x, partner, chain):
    """Fill ``chain`` with the teams of a round's choosers, team ``x`` choosing first; returns
    ``(length, loop)``. A team with no open category passes without a choice; ``partner``: the
    first may pass only to its partner, who must take."""
    if has0 and has1:
        if partner:
            chain[0] = x
            chain[1] = x
            return 2, False
        for j in range(4):
            chain[j] = x if j % 2 == 0 else 1 - x
        return 4, True
    z = 0 if has0 else 1
    chain[0] = z
    chain[1] = z
    return 2, not partner


@jit(parallel=True)
def plan_values(G0, G1, root0, root1, x_root, partner):
    """``V[O, T]``: team 0's expected margin from the round where team 0's open set is ``O`` and
    team 1's ``T`` (subsets of ``root0``, ``root1``) to the match's end; team ``x_root`` chooses
    first at the root and the first chooser's team alternates round by round. ``G0``/``G1``:
    each table hand's gain per slot for team 0 / team 1 (as margin, positive). NaN outside the
    subsets. The states of one level (rounds left) depend only on the level below: they run in
    parallel, each written by one thread, so the result does not depend on the thread count. A
    state's takes are put in order from the slots' presorted hands (:func:`sort_takes`), not
    sorted: 24% less CPU, the same bytes."""
    n = G0.shape[1]
    size = 1 << n
    V = np.full((size, size), np.nan)
    k = G0.shape[0]
    # the hands in increasing order of their take in each slot: team 0 adds G0, team 1 subtracts G1
    order0 = np.empty((n, k), dtype=np.int64)
    order1 = np.empty((n, k), dtype=np.int64)
    for i in range(n):
        order0[i] = np.argsort(G0[:, i])
        order1[i] = np.argsort(-G1[:, i])
    top = popcount(np.uint64(root0)) + popcount(np.uint64(root1))
    for level in range(top + 1):
        for o in prange(size):
            if o & ~root0:
                continue
            po = popcount(np.uint64(o))
            if po > level:
                continue
            a0 = np.zeros(k)
            a1 = np.zeros(k)
            arg = np.zeros(k, dtype=np.int64)
            s0 = np.zeros(k)
            s1 = np.zeros(k)
            p0 = np.zeros(k + 1)
            p1 = np.zeros(k + 1)
            buf = np.zeros(k)
            bounds = np.zeros(n + 2, dtype=np.int64)
            chain = np.zeros(4, dtype=np.int64)
            for t in range(size):
                if t & ~root1:
                    continue
                if po + popcount(np.uint64(t)) != level:
                    continue
                if level == 0:
                    V[o, t] = 0.0
                    continue
                x = x_root ^ ((top - level) & 1)
                if o:
                    take_values_arg(G0, 1.0, o, V, t, True, a0, arg)
                    sort_takes(a0, arg, order0, o, s0, buf, bounds)
                    _prefix(s0, p0)
                if t:
                    take_values_arg(G1, -1.0, t, V, o, False, a1, arg)
                    sort_takes(a1, arg, order1, t, s1, buf, bounds)
                    _prefix(s1, p1)
                length, loop = round_chain(o != 0, t != 0, x, partner, chain)
                V[o, t] = chain_value_sorted(s0, s1, p0, p1, chain, length, loop)
    return V


@jit
def _best_slot(G, h, sign, open_mask, V, other, is_team0):
    """``(value, slot)``: hand ``h``'s best take (see :func:`take_values`)."""
    best = 0.0
    slot = -1
    for i in range(G.shape[1]):
        if (open_mask >> i) & 1:
            rest = open_mask & ~(1 << i)
            v = sign * G[h, i] + (V[rest, other] if is_team0 else V[other, rest])
            if slot < 0 or ((v > best) if is_team0 else (v < best)):
                best = v
                slot = i
    return best, slot


@jit
def _sorted_prefix(a, s, p):
    s[:] = np.sort(a)
    p[0] = 0.0
    for j in range(a.shape[0]):
        p[j + 1] = p[j] + s[j]


@jit
def rest_margins(G, forms, samp_ours, samp_theirs, mults, both, V, starts, states, partner, out):
    """Play the rest of a match once per path by the plan's choosers: ``starts[j] = (ours, theirs,
    first team)`` at the start of a round; every chooser holds a random plan hand (``G``'s rows)
    and takes or passes as in :func:`chain_value`; the round's points are one of the hand's
    sampled deals (``samp_ours[h, d, form]``) times the multiplier. ``out[j]``: team 0's margin."""
    k = G.shape[0]
    n_deals = samp_ours.shape[1]
    a0 = np.zeros(k)
    a1 = np.zeros(k)
    s0 = np.zeros(k)
    s1 = np.zeros(k)
    p0 = np.zeros(k + 1)
    p1 = np.zeros(k + 1)
    chain = np.zeros(4, dtype=np.int64)
    hands = np.zeros(4, dtype=np.int64)
    for j in range(starts.shape[0]):
        rng = states[j]
        o = starts[j, 0]
        t = starts[j, 1]
        x = starts[j, 2]
        margin = 0.0
        while o or t:
            if o:
                take_values(G, 1.0, o, V, t, True, a0)
                _sorted_prefix(a0, s0, p0)
            if t:
                take_values(G, -1.0, t, V, o, False, a1)
                _sorted_prefix(a1, s1, p1)
            length, loop = round_chain(o != 0, t != 0, x, partner, chain)
            for q in range(length):
                hands[q] = below(rng, k)
            taker = -1
            first = chain[0]
            t0 = a0[hands[0]] if first == 0 else a1[hands[0]]
            for q in range(length):
                c = chain[q]
                mine = a0[hands[q]] if c == 0 else a1[hands[q]]
                if q == length - 1 and not loop:
                    taker = q
                    break
                if loop:
                    r = t0
                    for u in range(length - 1, q, -1):
                        r = e_opt(s0, p0, r, 0) if chain[u] == 0 else e_opt(s1, p1, r, 1)
                else:
                    r = p0[k] / k if chain[length - 1] == 0 else p1[k] / k
                    for u in range(length - 2, q, -1):
                        r = e_opt(s0, p0, r, 0) if chain[u] == 0 else e_opt(s1, p1, r, 1)
                if (mine >= r) if c == 0 else (mine <= r):
                    taker = q
                    break
            if taker < 0:
                taker = 0  # everybody passed: the first takes with the hand it passed with
            c = chain[taker]
            h = hands[taker]
            if c == 0:
                _, slot = _best_slot(G, h, 1.0, o, V, t, True)
            else:
                _, slot = _best_slot(G, h, -1.0, t, V, o, False)
            d = below(rng, n_deals)
            f = forms[h, slot]
            gain = mults[slot] * (samp_ours[h, d, f] - (samp_theirs[h, d, f] if both else 0))
            if c == 0:
                margin += gain
                o &= ~(1 << slot)
            else:
                margin -= gain
                t &= ~(1 << slot)
            x = 1 - x
        out[j] = margin
