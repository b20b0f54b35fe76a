"""Compiled discard players (private; used by ``_game`` and the discard/crib simulations).

``sign`` is +1 for the dealer (the crib is his) and -1 for the pone. ``crib_table[r1, r2]`` is
the exact crib expectation of a thrown rank pair against random other crib cards and starter
(:func:`jass_sim.cribbage.discards.crib_rank_table`).
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit
from jass_sim.core.rng import below
from jass_sim.cribbage._deck import deal_from, keep_four, unseen_cards
from jass_sim.cribbage._exact import discard_pair
from jass_sim.cribbage._pegging import greedy_pegging_net
from jass_sim.cribbage._scoring import flush, nobs, rank_points, score

DISCARD_RANDOM, DISCARD_GREEDY, DISCARD_EXPECT, DISCARD_SEARCH = 0, 1, 2, 3
#: Sampled opponents of the ``DISCARD_SEARCH`` player's pegging value.
DISCARD_SAMPLES = 64


@jit(inline="always")
def _thrown_points(a, b):
    """Points the two thrown cards make by themselves: 2 for a pair or a fifteen."""
    ra = a % 13
    rb = b % 13
    va = ra + 1 if ra < 9 else 10
    vb = rb + 1 if rb < 9 else 10
    return (2 if ra == rb else 0) + (2 if va + vb == 15 else 0)


@jit
def expect_values(hand6, sign, crib_table, buf, values):
    """``values[k]`` for the 15 discards: the kept four's exact mean over the 46 starters the
    player cannot see plus ``sign`` times ``crib_table`` of the thrown ranks."""
    pool = np.empty(46, dtype=np.int64)
    n_pool = unseen_cards(hand6, pool)
    for k in range(15):
        i, j = discard_pair(k)
        keep_four(hand6, i, j, buf)
        total = 0
        for t in range(n_pool):
            buf[4] = pool[t]
            total += rank_points(buf, 5) + flush(buf, 5, False) + nobs(buf, 5)
        values[k] = total / 46.0 + sign * crib_table[hand6[i] % 13, hand6[j] % 13]


@jit
def pegging_values(hand6, sign, crib_table, n_samples, state, values):
    """Add to ``values[k]`` the mean over ``n_samples`` sampled opponents of the player's pegging
    points minus the opponent's with the four cards discard ``k`` keeps: the opponent is dealt six
    of the 46 unseen cards and throws by ``DISCARD_EXPECT`` (sign ``-sign``), both players peg
    ``greedy``, the pone (``sign == -1``: the player) leads. The same opponents meet every discard."""
    pool = np.empty(46, dtype=np.int64)
    n_pool = unseen_cards(hand6, pool)
    six = np.empty(6, dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    opp_values = np.empty(15, dtype=np.float64)
    opp_kept = np.empty((n_samples, 4), dtype=np.int64)
    for s in range(n_samples):
        deal_from(pool, n_pool, 6, state, six)
        expect_values(six, -sign, crib_table, buf, opp_values)
        oi, oj = discard_pair(np.argmax(opp_values))
        keep_four(six, oi, oj, opp_kept[s])
    kept = np.empty(4, dtype=np.int64)
    pone = 0 if sign < 0 else 1
    for k in range(15):
        i, j = discard_pair(k)
        keep_four(hand6, i, j, kept)
        net = 0
        for s in range(n_samples):
            net += greedy_pegging_net(kept, opp_kept[s], pone, state)
        values[k] += net / n_samples


@jit
def choose_discard(policy, hand6, sign, crib_table, state, buf):
    """Index 0..14 of the discard (pairs of positions in lexicographic order, ``discard_pair``).

    ``DISCARD_RANDOM``: uniform. ``DISCARD_GREEDY``: the most points in the four kept cards
    alone, plus ``sign`` times the points of the two thrown cards alone. ``DISCARD_EXPECT``:
    the kept hand's exact expectation over the 46 starters the player cannot see, plus ``sign``
    times ``crib_table`` of the thrown ranks (:func:`expect_values`). ``DISCARD_SEARCH``: that
    plus the sampled pegging value of the kept four (:func:`pegging_values`, ``DISCARD_SAMPLES``
    opponents drawn with ``state``). Ties go to the first discard. ``buf`` is an ``int64[5]``
    scratch array.
    """
    if policy == DISCARD_RANDOM:
        return below(state, 15)
    values = np.empty(15, dtype=np.float64)
    if policy == DISCARD_GREEDY:
        for k in range(15):
            i, j = discard_pair(k)
            keep_four(hand6, i, j, buf)
            values[k] = float(score(buf, 4, False) + sign * _thrown_points(hand6[i], hand6[j]))
    else:
        expect_values(hand6, sign, crib_table, buf, values)
        if policy == DISCARD_SEARCH:
            pegging_values(hand6, sign, crib_table, DISCARD_SAMPLES, state, values)
    return np.argmax(values)
