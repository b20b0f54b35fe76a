"""Compiled discard players (private; used by ``_game`` and the discard/crib simulations).

``sign`` is +1 for the dealer (the crib is his) and -1 for the pone. ``crib_table[r1, r2]`` is
the exact crib expectation of a thrown rank pair against random other crib cards and starter
(:func:`jass_sim.cribbage.discards.crib_rank_table`).
"""

from __future__ import annotations

import numpy as np

from .._jit import jit
from ..engine.rng import below
from ._deck import keep_four, unseen_cards
from ._exact import discard_pair
from ._scoring import flush, nobs, rank_points, score

DISCARD_RANDOM, DISCARD_GREEDY, DISCARD_EXPECT = 0, 1, 2


@jit(inline="always")
def _thrown_points(a, b):
    """Points the two thrown cards make by themselves: 2 for a pair or a fifteen."""
    ra = a % 13
    rb = b % 13
    va = ra + 1 if ra < 9 else 10
    vb = rb + 1 if rb < 9 else 10
    return (2 if ra == rb else 0) + (2 if va + vb == 15 else 0)


@jit
def choose_discard(policy, hand6, sign, crib_table, state, buf):
    """Index 0..14 of the discard (pairs of positions in lexicographic order, ``discard_pair``).

    ``DISCARD_RANDOM``: uniform. ``DISCARD_GREEDY``: the most points in the four kept cards
    alone, plus ``sign`` times the points of the two thrown cards alone. ``DISCARD_EXPECT``:
    the kept hand's exact expectation over the 46 starters the player cannot see, plus ``sign``
    times ``crib_table`` of the thrown ranks. Ties go to the first discard. ``buf`` is an
    ``int64[5]`` scratch array.
    """
    if policy == DISCARD_RANDOM:
        return below(state, 15)
    pool = np.empty(46, dtype=np.int64)
    n_pool = unseen_cards(hand6, pool)
    best = 0
    best_value = -1e9
    for k in range(15):
        i, j = discard_pair(k)
        keep_four(hand6, i, j, buf)
        if policy == DISCARD_GREEDY:
            value = float(score(buf, 4, False) + sign * _thrown_points(hand6[i], hand6[j]))
        else:
            total = 0
            for t in range(n_pool):
                buf[4] = pool[t]
                total += rank_points(buf, 5) + flush(buf, 5, False) + nobs(buf, 5)
            value = total / 46.0 + sign * crib_table[hand6[i] % 13, hand6[j] % 13]
        if value > best_value:
            best_value = value
            best = k
    return best
