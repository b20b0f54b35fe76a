"""Compiled Monte Carlo of the crib against an opponent who discards by the ``expect`` player
(private; :mod:`.discard` and :mod:`.analysis` wrap it)."""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.core.jit import jit
from jass_sim.core.rng import below
from jass_sim.cribbage._deck import deal_from, keep_four, unseen_cards
from jass_sim.cribbage._exact import NET_BINS, NET_OFFSET, discard_pair
from jass_sim.cribbage._pegging import greedy_pegging_net
from jass_sim.cribbage._players import DISCARD_EXPECT, choose_discard
from jass_sim.cribbage._scoring import score


@jit(parallel=True)
def crib_vs_model(first_rank, second_rank, opp_sign, n_samples, states, crib_table):
    """For job ``p``: the thrown ranks ``first_rank[p], second_rank[p]`` (suits uniform), the
    opponent's six cards uniform over the other 50, his discard by the ``expect`` player with
    sign ``opp_sign[p]``, the starter exact over the 44 other cards. Returns ``int64[jobs, 2]``:
    the sum and sum of squares over ``n_samples`` of 44 times each sample's crib mean (integers,
    so sums merge exactly)."""
    m = first_rank.shape[0]
    out = np.zeros((m, 2), dtype=np.int64)
    for p in numba.prange(m):
        state = states[p].copy()
        pool = np.empty(52, dtype=np.int64)
        six = np.empty(6, dtype=np.int64)
        buf = np.empty(5, dtype=np.int64)
        crib = np.empty(5, dtype=np.int64)
        thrown = np.empty(2, dtype=np.int64)
        for _ in range(n_samples):
            s1 = below(state, 4)
            s2 = below(state, 4)
            if first_rank[p] == second_rank[p]:
                s2 = below(state, 3)
                if s2 >= s1:
                    s2 += 1
            c1 = s1 * 13 + first_rank[p]
            c2 = s2 * 13 + second_rank[p]
            thrown[0] = c1
            thrown[1] = c2
            n_pool = unseen_cards(thrown, pool)
            deal_from(pool, n_pool, 6, state, six)
            k = choose_discard(DISCARD_EXPECT, six, opp_sign[p], crib_table, state, buf)
            i, j = discard_pair(k)
            crib[0] = c1
            crib[1] = c2
            crib[2] = six[i]
            crib[3] = six[j]
            total = 0
            for t in range(6, n_pool):
                crib[4] = pool[t]
                total += score(crib, 5, True)
            out[p, 0] += total
            out[p, 1] += total * total
    return out


@jit
def discard_samples(hand6, sign, n_samples, state, crib_table, opp_policy, with_crib, with_pegging):
    """The 15 discards of ``hand6`` against ``n_samples`` opponents dealt six of the 46 unseen
    cards who discard by the player ``opp_policy`` (``DISCARD_RANDOM`` or ``DISCARD_EXPECT``, sign
    ``-sign``). The same sampled opponent hands serve every discard (common random numbers).

    ``with_crib``: the crib with the opponent's two cards, the starter exact over the 40 cards
    neither player holds. ``with_pegging``: the pegging of the kept four against the opponent's,
    both players greedy, the pone (``sign == -1``: the adviser) leading.

    Returns ``(sums int64[15, 3, 2], hist int64[15, NET_BINS])``: per discard the sum and sum of
    squares over samples of (0) 40 times the sample's crib mean, (1) the adviser's pegging points
    minus the opponent's, (2) ``sign`` times (0) plus 40 times (1); and the histogram of
    ``hand + sign * crib`` over every (sample, starter) (with ``with_crib``).
    """
    pool = np.empty(46, dtype=np.int64)
    n_pool = unseen_cards(hand6, pool)
    six = np.empty(6, dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    crib = np.empty(5, dtype=np.int64)
    kept = np.empty(5, dtype=np.int64)
    opp_kept = np.empty(4, dtype=np.int64)
    sums = np.zeros((15, 3, 2), dtype=np.int64)
    hist = np.zeros((15, NET_BINS), dtype=np.int64)
    pone = 0 if sign < 0 else 1  # the adviser is player 0; the pone leads
    for _ in range(n_samples):
        deal_from(pool, n_pool, 6, state, six)
        ko = choose_discard(opp_policy, six, -sign, crib_table, state, buf)
        oi, oj = discard_pair(ko)
        crib[2] = six[oi]
        crib[3] = six[oj]
        keep_four(six, oi, oj, opp_kept)
        for k in range(15):
            i, j = discard_pair(k)
            crib[0] = hand6[i]
            crib[1] = hand6[j]
            keep_four(hand6, i, j, kept)
            total = 0
            if with_crib:
                for t in range(6, n_pool):
                    crib[4] = pool[t]
                    kept[4] = pool[t]
                    c = score(crib, 5, True)
                    total += c
                    hist[k, NET_OFFSET + score(kept, 5, False) + sign * c] += 1
            net_peg = 0
            if with_pegging:
                net_peg = greedy_pegging_net(kept, opp_kept, pone, state)
            both = sign * total + 40 * net_peg
            for q, x in ((0, total), (1, net_peg), (2, both)):
                sums[k, q, 0] += x
                sums[k, q, 1] += x * x
    return sums, hist
