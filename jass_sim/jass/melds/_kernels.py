"""Kernels behind ``jass-sim melds``: classify one hand's announcement, count over all hands,
over sampled hands and over sampled deals.

A hand's announcement (:func:`jass_sim.jass.rules._melds.announce`) is summarised as a *code*
(``0 <= code < N_CODES``), one bit per kind of meld it contains plus stöck:

* bits 0..6: a run of exactly 3, 4, ..., 9 cards;
* bit 7 (``FOUR_JACKS``), bit 8 (``FOUR_NINES``): four Jacks, four 9s;
* bit 9 (``FOUR_OTHER``): any other four of a kind worth points (10s, Qs, Ks, As; and 6s, 7s,
  8s under a rule set that scores them);
* bit 10 (``STOECK_BIT``): the hand holds the K and Q of trump.

Per-hand kernels fill a histogram over codes plus the sum and sum of squares of the
announcement's points; the caller turns it into probabilities (see
:func:`jass_sim.jass.melds.count.hand_table`).
"""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount
from jass_sim.core.rng import next_u64
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.rules._melds import MAX_MELDS, RUN, SUIT_BITS, announce, has_stoeck, team_melds

RUN_BIT0 = 0          # bit of a run of 3; a run of k cards is bit k - 3
FOUR_JACKS = 7
FOUR_NINES = 8
FOUR_OTHER = 9
STOECK_BIT = 10
N_CODES = 1 << 11
MELD_BITS = (1 << 10) - 1  # every meld bit (not stöck)

RANK_NINE, RANK_JACK = 3, 5
LOW32 = np.uint64(0xFFFFFFFF)
#: Work lanes of the exact kernel: fixed, so the work split does not depend on the threads.
N_LANES = 64


@jit
def hand_code(hand, mode, run_points, four_points, out):
    """Code (see the module docstring) and points of the announcement of ``hand`` in ``mode``.

    Parameters
    ----------
    hand : np.uint64
        Nine-card mask.
    mode : int
    run_points, four_points : np.ndarray
        From :meth:`jass_sim.jass.rules.presets.RuleSet.arrays`.
    out : np.ndarray
        ``int64[MAX_MELDS, 3]`` scratch for :func:`announce`.

    Returns
    -------
    (int, int)
        ``(code, points)``.
    """
    n, total, _ = announce(hand, mode, run_points, four_points, out)
    code = 0
    for k in range(n):
        if out[k, 0] == RUN:
            code |= 1 << (popcount(np.uint64(out[k, 1])) - 3 + RUN_BIT0)
        else:
            rank = lowest_bit(np.uint64(out[k, 1]))
            if rank == RANK_JACK:
                code |= 1 << FOUR_JACKS
            elif rank == RANK_NINE:
                code |= 1 << FOUR_NINES
            else:
                code |= 1 << FOUR_OTHER
    if has_stoeck(hand, mode):
        code |= 1 << STOECK_BIT
    return code, total


@jit
def suit_tables(mode, run_points, four_points):
    """Per-suit lookup tables for hands without a four of a kind.

    Without a four of a kind, a hand announces every maximal run of each suit, so its code is
    the OR and its points the sum of per-suit values. Both are taken from :func:`hand_code` of
    the suit alone.

    Returns
    -------
    (np.ndarray, np.ndarray)
        ``codes[suit, m]`` (``int64[4, 512]``, including the stöck bit for the trump suit) and
        ``points[m]`` (``int64[512]``) for each 9-bit rank mask ``m`` of one suit.
    """
    codes = np.zeros((4, 512), dtype=np.int64)
    points = np.zeros(512, dtype=np.int64)
    out = np.zeros((MAX_MELDS, 3), dtype=np.int64)
    for s in range(4):
        for m in range(512):
            code, total = hand_code(np.uint64(m) << np.uint64(9 * s), mode, run_points, four_points, out)
            codes[s, m] = code
            if s == 0:
                points[m] = total
    return codes, points


@jit(inline="always")
def table_code(hand, codes, points, quad_ranks, mode, run_points, four_points, out):
    """:func:`hand_code` through the tables of :func:`suit_tables` when ``hand`` holds no four
    of a kind of ``quad_ranks`` (the fours worth points); :func:`hand_code` otherwise."""
    s0 = np.int64(hand & SUIT_BITS)
    s1 = np.int64((hand >> np.uint64(9)) & SUIT_BITS)
    s2 = np.int64((hand >> np.uint64(18)) & SUIT_BITS)
    s3 = np.int64((hand >> np.uint64(27)) & SUIT_BITS)
    if s0 & s1 & s2 & s3 & quad_ranks:
        return hand_code(hand, mode, run_points, four_points, out)
    return (codes[0, s0] | codes[1, s1] | codes[2, s2] | codes[3, s3],
            points[s0] + points[s1] + points[s2] + points[s3])


@jit(parallel=True)
def exact_hands(tasks, by_count, count_start, codes, points, quad_ranks, mode, run_points,
                four_points, hist, sums):
    """Every 9-card hand whose hearts and diamonds are one of ``tasks``, counted by code.

    A hand is four 9-bit suit masks ``(s0, s1, s2, s3)`` with 9 cards in all; task ``t`` fixes
    ``(s0, s1) = tasks[t]`` and the kernel enumerates every ``s2``, ``s3`` completing it
    (``by_count[count_start[k]:count_start[k + 1]]`` are the masks of ``k`` cards). Task ``t`` is
    done by lane ``t % N_LANES``; lane ``l`` adds to its own ``hist[l]`` (``int64[N_CODES]``)
    and ``sums[l] = (points, points**2)``, so nothing is shared between threads. Hands without a
    four of a kind of ``quad_ranks`` (rank mask of the fours worth points) use the suit tables
    of :func:`suit_tables`; the others call :func:`hand_code`.
    """
    n_lanes = hist.shape[0]
    n_tasks = tasks.shape[0]
    for lane in numba.prange(n_lanes):
        h = hist[lane]
        out = np.zeros((MAX_MELDS, 3), dtype=np.int64)
        total = 0
        total_sq = 0
        for t in range(lane, n_tasks, n_lanes):
            s0 = tasks[t, 0]
            s1 = tasks[t, 1]
            left = 9 - popcount(np.uint64(s0)) - popcount(np.uint64(s1))
            c01 = codes[0, s0] | codes[1, s1]
            p01 = points[s0] + points[s1]
            q01 = s0 & s1 & quad_ranks
            hand01 = np.uint64(s0) | (np.uint64(s1) << np.uint64(9))
            for k2 in range(max(0, left - 9), min(9, left) + 1):
                k3 = left - k2
                for i2 in range(count_start[k2], count_start[k2 + 1]):
                    s2 = by_count[i2]
                    c012 = c01 | codes[2, s2]
                    p012 = p01 + points[s2]
                    q012 = q01 & s2
                    for i3 in range(count_start[k3], count_start[k3 + 1]):
                        s3 = by_count[i3]
                        if q012 & s3:
                            hand = hand01 | (np.uint64(s2) << np.uint64(18)) | (np.uint64(s3) << np.uint64(27))
                            code, pts = hand_code(hand, mode, run_points, four_points, out)
                        else:
                            code = c012 | codes[3, s3]
                            pts = p012 + points[s3]
                        h[code] += 1
                        total += pts
                        total_sq += pts * pts
        sums[lane, 0] = total
        sums[lane, 1] = total_sq


@jit(inline="always")
def sample_hand(state, deck):
    """A uniformly random 9-card hand: a partial Fisher-Yates shuffle of the persistent
    ``deck`` (any permutation of the 36 cards) from RNG ``state``, two 32-bit draws per 64 bits
    (as :func:`jass_sim.jass.engine.deal.shuffle`)."""
    hand = U64_ZERO
    r = U64_ZERO
    for i in range(9):
        if i & 1 == 0:
            r = next_u64(state)
            half = r & LOW32
        else:
            half = r >> np.uint64(32)
        j = i + np.int64((half * np.uint64(36 - i)) >> np.uint64(32))  # 32-bit multiply-shift
        deck[i], deck[j] = deck[j], deck[i]
        hand |= U64_ONE << np.uint64(deck[i])
    return hand


@jit
def _sampled_hands_range(lo, hi, states, counts, codes, points, quad_ranks, mode, run_points, four_points, hist, sums):
    """``counts[b]`` random hands in block ``b`` from RNG ``states[b]``; block ``b`` fills its own
    ``hist[b]`` (by code) and ``sums[b] = (points, points**2)``. Classified by
    :func:`table_code` with the tables of :func:`suit_tables`."""
    for b in range(lo, hi):
        rng = states[b].copy()
        deck = np.arange(36)
        out = np.zeros((MAX_MELDS, 3), dtype=np.int64)
        h = hist[b]
        total = 0
        total_sq = 0
        for _ in range(counts[b]):
            code, pts = table_code(sample_hand(rng, deck), codes, points, quad_ranks, mode, run_points,
                                   four_points, out)
            h[code] += 1
            total += pts
            total_sq += pts * pts
        sums[b, 0] = total
        sums[b, 1] = total_sq


sampled_hands = block_parallel(_sampled_hands_range, 0)

#: Columns of the per-deal accumulator of :func:`sampled_deals`.
DEAL_STATS = ("deals", "leader_team_wins", "other_team_wins", "no_meld", "sum_counted",
              "sumsq_counted", "sum_leader_team", "sum_other_team")


@jit
def _sampled_deals_range(lo, hi, states, counts, mode, run_points, four_points, unit, acc, hist):
    """``counts[b]`` random deals in block ``b``: the melds of four hands compared with seat 0
    as first leader (:func:`team_melds`). Block ``b`` fills ``acc[b]`` (see ``DEAL_STATS``) and
    ``hist[b, team, points // unit]``, the meld points that count for team 0 (the leader's) and
    team 1 (0 when the team's melds do not count)."""
    top = hist.shape[2] - 1
    for b in range(lo, hi):
        rng = states[b].copy()
        deck = np.arange(36)
        hands = np.zeros(4, dtype=np.uint64)
        out = np.zeros((4, MAX_MELDS, 3), dtype=np.int64)
        a = acc[b]
        for _ in range(counts[b]):
            deal_uniform(rng, deck, hands)
            winner, p0, p1 = team_melds(hands, mode, 0, run_points, four_points, out)
            counted = p0 + p1
            a[0] += 1
            if winner == 0:
                a[1] += 1
            elif winner == 1:
                a[2] += 1
            else:
                a[3] += 1
            a[4] += counted
            a[5] += counted * counted
            a[6] += p0
            a[7] += p1
            hist[b, 0, min(p0 // unit, top)] += 1
            hist[b, 1, min(p1 // unit, top)] += 1


sampled_deals = block_parallel(_sampled_deals_range, 0)
