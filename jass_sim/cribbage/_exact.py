"""Compiled exact enumerations (private): all 12,994,800 hand-plus-starter combinations, the
15 discards of a six-card hand, and the crib of a thrown pair against random other cards."""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.core.jit import jit
from jass_sim.core.rng import BLOCK_SIZE, below
from jass_sim.cribbage._deck import keep_four, unseen_cards
from jass_sim.cribbage._scoring import (
    FIFTEENS,
    FLUSH,
    N_PARTS,
    NOBS,
    PAIRS,
    RUNS,
    fifteens,
    flush,
    nobs,
    pairs,
    rank_points,
    runs,
)

MAX_SCORE = 29
#: Offset and length of a net-points histogram (hand minus crib -29 .. hand plus crib 58).
NET_OFFSET = 29
NET_BINS = 88


@jit(parallel=True)
def exact_distribution(first, second):
    """Histograms of every four-card hand whose two lowest cards are ``first[p] < second[p]``
    (one prange job per pair), with each of the 48 other cards as starter.

    Returns ``(hist, parts)``: ``hist[p, 0, s]`` hands scoring ``s`` under hand rules,
    ``hist[p, 1, s]`` under crib rules; ``parts[p, k]`` the hand-rule points of part ``k``.
    """
    n_jobs = first.shape[0]
    hist = np.zeros((n_jobs, 2, MAX_SCORE + 1), dtype=np.int64)
    parts = np.zeros((n_jobs, N_PARTS), dtype=np.int64)
    for p in numba.prange(n_jobs):
        buf = np.empty(5, dtype=np.int64)
        a = first[p]
        b = second[p]
        buf[0] = a
        buf[1] = b
        f_sum = 0
        p_sum = 0
        r_sum = 0
        fl_sum = 0
        nb_sum = 0
        for c in range(b + 1, 52):
            buf[2] = c
            for d in range(c + 1, 52):
                buf[3] = d
                for s in range(52):
                    if s == a or s == b or s == c or s == d:
                        continue
                    buf[4] = s
                    f = fifteens(buf, 5)
                    pr = pairs(buf, 5)
                    ru = runs(buf, 5)
                    nb = nobs(buf, 5)
                    fh = flush(buf, 5, False)
                    fc = flush(buf, 5, True)
                    base = f + pr + ru + nb
                    hist[p, 0, base + fh] += 1
                    hist[p, 1, base + fc] += 1
                    f_sum += f
                    p_sum += pr
                    r_sum += ru
                    fl_sum += fh
                    nb_sum += nb
        parts[p, FIFTEENS] = f_sum
        parts[p, PAIRS] = p_sum
        parts[p, RUNS] = r_sum
        parts[p, FLUSH] = fl_sum
        parts[p, NOBS] = nb_sum
    return hist, parts


@jit(inline="always")
def _nobs_for(starter, o1, o2, o3, o4):
    s = starter // 13
    for c in (o1, o2, o3, o4):
        if c % 13 == 10 and c // 13 == s:
            return 1
    return 0


@jit
def crib_enumerate(d1, d2, unseen, hand_scores, sign, hist_row):
    """Sum of the crib points of the thrown ``d1, d2`` over every two other crib cards and
    starter drawn from ``unseen`` (``C(n, 2) * (n - 2)`` equally likely cases), and the
    histogram ``hist_row`` of ``hand_scores[starter] + sign * crib`` over the same cases.

    The crib's rank points and flush do not depend on which of the three unknown cards is the
    starter, so each three-card subset is scored once and only nobs is checked three times.
    """
    n = unseen.shape[0]
    buf = np.empty(5, dtype=np.int64)
    buf[0] = d1
    buf[1] = d2
    suit = d1 // 13
    same = d2 // 13 == suit
    total = 0
    for x in range(n):
        cx = unseen[x]
        buf[2] = cx
        for y in range(x + 1, n):
            cy = unseen[y]
            buf[3] = cy
            for z in range(y + 1, n):
                cz = unseen[z]
                buf[4] = cz
                base = rank_points(buf, 5)
                if same and cx // 13 == suit and cy // 13 == suit and cz // 13 == suit:
                    base += 5
                cr = base + _nobs_for(cx, d1, d2, cy, cz)
                total += cr
                hist_row[NET_OFFSET + hand_scores[x] + sign * cr] += 1
                cr = base + _nobs_for(cy, d1, d2, cx, cz)
                total += cr
                hist_row[NET_OFFSET + hand_scores[y] + sign * cr] += 1
                cr = base + _nobs_for(cz, d1, d2, cx, cy)
                total += cr
                hist_row[NET_OFFSET + hand_scores[z] + sign * cr] += 1
    return total


@jit(inline="always")
def discard_pair(k):
    """The ``k``-th (0..14) pair ``i < j`` of positions 0..5, in lexicographic order."""
    i = 0
    left = k + 0
    while left >= 5 - i:
        left -= 5 - i
        i += 1
    return i, i + 1 + left


@jit
def discard_exact(hand6, unseen, sign):
    """Exact values of the 15 discards of ``hand6`` (``int64[6]``) against the 46 ``unseen``
    cards: the opponent's two crib cards uniform over them, the starter uniform over the rest.

    Returns ``(hand_sum, crib_sum, hist)``: per discard ``k`` (pairs in lexicographic order of
    positions), the sum of the kept hand's points over the 46 starters, the sum of the crib's
    points over the ``1035 * 44`` cases and the histogram of ``hand + sign * crib`` over those
    cases (index ``NET_OFFSET + net``).
    """
    n = unseen.shape[0]
    hand_sum = np.zeros(15, dtype=np.int64)
    crib_sum = np.zeros(15, dtype=np.int64)
    hist = np.zeros((15, NET_BINS), dtype=np.int64)
    for k in range(15):  # serial: a few ms, less than waking threads on a busy machine
        i, j = discard_pair(k)
        buf = np.empty(5, dtype=np.int64)
        keep_four(hand6, i, j, buf)
        scores = np.empty(n, dtype=np.int64)
        hs = 0
        for t in range(n):
            buf[4] = unseen[t]
            scores[t] = rank_points(buf, 5) + flush(buf, 5, False) + nobs(buf, 5)
            hs += scores[t]
        hand_sum[k] = hs
        crib_sum[k] = crib_enumerate(hand6[i], hand6[j], unseen, scores, sign, hist[k])
    return hand_sum, crib_sum, hist


@jit(parallel=True)
def crib_pair_table(first, second):
    """Sum of the crib points of each thrown pair ``first[p], second[p]`` over every two other
    crib cards and starter from the other 50 cards (``C(50, 2) * 48`` cases each)."""
    m = first.shape[0]
    out = np.zeros(m, dtype=np.int64)
    for p in numba.prange(m):
        thrown = np.empty(2, dtype=np.int64)
        thrown[0] = first[p]
        thrown[1] = second[p]
        unseen = np.empty(50, dtype=np.int64)
        unseen_cards(thrown, unseen)
        zeros = np.zeros(50, dtype=np.int64)
        scratch = np.zeros(NET_BINS, dtype=np.int64)
        out[p] = crib_enumerate(first[p], second[p], unseen, zeros, 1, scratch)
    return out


@jit(parallel=True)
def sampled_distribution(states, n):
    """Histograms (as :func:`exact_distribution`'s, summed) of ``n`` hand-plus-starter
    combinations drawn uniformly, block ``b`` of ``BLOCK_SIZE`` from ``states[b]``."""
    n_blocks = states.shape[0]
    hist = np.zeros((n_blocks, 2, MAX_SCORE + 1), dtype=np.int64)
    for b in numba.prange(n_blocks):
        state = states[b].copy()
        deck = np.empty(52, dtype=np.int64)
        for c in range(52):
            deck[c] = c
        start = b * BLOCK_SIZE
        stop = min(start + BLOCK_SIZE, n)
        for _ in range(start, stop):
            for i in range(5):
                j = i + below(state, 52 - i)
                deck[i], deck[j] = deck[j], deck[i]
            base = rank_points(deck, 5) + nobs(deck, 5)
            hist[b, 0, base + flush(deck, 5, False)] += 1
            hist[b, 1, base + flush(deck, 5, True)] += 1
    return hist
