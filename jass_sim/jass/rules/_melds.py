"""Kernels for melds (annonces, Weis) and stöck.

A meld is written into an ``int64[3, 3]`` buffer as rows ``(kind, cards_mask, points)`` with
kind 0 for a run and 1 for four of a kind (9 cards hold at most 3 melds). Each meld has a
comparison key (bigger is better): points, then number of cards, then top card (natural order;
reversed in une-ufe), then whether it is in the trump suit. Seat order breaks the remaining ties.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ZERO, jit, lowest_bit
from jass_sim.jass.cards import UNE
from jass_sim.jass.rules.tables import STOECK

RUN, FOUR = 0, 1
MAX_MELDS = 3
SUIT_BITS = np.uint64(0x1FF)
#: Cards that can start a run of 3 in their suit (natural ranks 6..Q).
RUN3_STARTS = np.uint64(sum(0x7F << (9 * s) for s in range(4)))
# int64 arguments, not literals: a call with a literal (0, True) compiles the callee once more
# for that literal's type
_I0 = np.int64(0)
_I1 = np.int64(1)


@jit(inline="always")
def meld_key(points, n_cards, top, in_trump):
    """Comparison key of one meld (bigger is better, seat order aside)."""
    return ((points * 16 + n_cards) * 16 + top) * 2 + in_trump


@jit(inline="always")
def _suit_ranks(hand, suit):
    return np.int64((hand >> np.uint64(9 * suit)) & SUIT_BITS)


@jit(inline="always")
def _run_length(m, start):
    """Length of the run of set bits of ``m`` from bit ``start``."""
    return lowest_bit(np.uint64(~(m >> start) & 0x3FF))


@jit
def _announce_without(hand, quads, mode, run_points, four_points, out, write):
    """Melds of ``hand`` when the four-of-a-kinds of ranks ``quads`` (9-bit mask) are announced:
    those, plus every maximal run of 3+ cards left in each suit. Returns ``(n, total, best_key)``
    and fills ``out`` when ``write`` (nonzero)."""
    n = 0
    total = 0
    best_key = 0
    q = quads
    while q:
        r = lowest_bit(np.uint64(q))
        q &= q - 1
        pts = four_points[r]
        key = meld_key(pts, 4, 8 - r if mode == UNE else r, 0)
        if write:
            out[n, 0] = FOUR
            out[n, 1] = (1 << r) | (1 << (9 + r)) | (1 << (18 + r)) | (1 << (27 + r))
            out[n, 2] = pts
        n += 1
        total += pts
        best_key = max(best_key, key)
    for s in range(4):
        m = _suit_ranks(hand, s) & ~quads
        starts = m & (m >> 1) & (m >> 2) & ~(m << 1)  # first card of each run of 3 or more
        while starts:
            i = lowest_bit(np.uint64(starts))
            starts &= starts - 1
            length = _run_length(m, i)
            pts = run_points[length]
            key = meld_key(pts, length, 8 - i if mode == UNE else i + length - 1, 1 if s == mode else 0)
            if write:
                out[n, 0] = RUN
                out[n, 1] = ((1 << length) - 1) << (9 * s + i)
                out[n, 2] = pts
            n += 1
            total += pts
            best_key = max(best_key, key)
    return n, total, best_key


@jit(inline="always")
def _quad_ranks(m):
    """9-bit mask of the ranks of which ``m`` holds all four cards."""
    return np.int64(m & (m >> np.uint64(9)) & (m >> np.uint64(18)) & (m >> np.uint64(27)) & SUIT_BITS)


@jit(inline="always")
def _run3_starts(m):
    """Mask of the cards of ``m`` that start a run of 3 in their suit."""
    return m & (m >> np.uint64(1)) & (m >> np.uint64(2)) & RUN3_STARTS


@jit(inline="always")
def _may_meld(hand):
    """Whether ``hand`` holds a run of 3 or a four of a kind: a cheap test that spares most hands
    the call to :func:`announce` (which may still find nothing if a four of a kind counts 0)."""
    m = np.uint64(hand)
    return _run3_starts(m) != U64_ZERO or _quad_ranks(m) != 0


@jit
def announce(hand, mode, run_points, four_points, out):
    """The melds a player announces: the disjoint set with the most points.

    Among sets with equal points, the one with the best single meld, then the one with more
    melds. Returns ``(n_melds, total_points, best_key)`` (0, 0, 0 without a meld) and writes the
    melds into ``out[:n_melds]``.
    """
    m = np.uint64(hand)
    # whole-hand bit tricks first: most hands hold no run of 3 and no four of a kind
    run3 = _run3_starts(m)
    quads = _quad_ranks(m)
    if quads:
        for r in range(9):
            if four_points[r] <= 0:
                quads &= ~(1 << r)
    if quads == 0:
        if run3 == U64_ZERO:
            return 0, 0, 0
        return _announce_without(hand, _I0, mode, run_points, four_points, out, _I1)
    best_sub = 0
    best = (-1, -1, -1)
    sub = quads
    while True:  # every subset of the four-of-a-kinds held (at most two in nine cards)
        n, total, key = _announce_without(hand, sub, mode, run_points, four_points, out, _I0)
        if (total, key, n) > best:
            best = (total, key, n)
            best_sub = sub
        if sub == 0:
            break
        sub = (sub - 1) & quads
    return _announce_without(hand, best_sub, mode, run_points, four_points, out, _I1)


@jit(inline="always")
def team_melds(hands, mode, first_leader, run_points, four_points, out):
    """Meld points per team that count, after comparing the best melds.

    The team holding the single best meld scores the melds of both its players; ties between
    equal keys go to the seat that announces first from ``first_leader``. ``out[seat]``
    receives each seat's announced melds. Returns ``(winning_team or -1, points_team0,
    points_team1)``.
    """
    best_key = -1
    winner = -1
    total0 = 0
    total1 = 0
    for i in range(4):
        seat = (first_leader + i) & 3
        if not _may_meld(hands[seat]):  # no call (nor view of out) for most hands
            continue
        n, total, key = announce(hands[seat], mode, run_points, four_points, out[seat])
        if seat & 1:
            total1 += total
        else:
            total0 += total
        if n > 0 and key > best_key:  # strictly better: earlier seats keep ties
            best_key = key
            winner = seat & 1
    if winner == 0:
        return 0, total0, 0
    if winner == 1:
        return 1, 0, total1
    return -1, 0, 0


@jit(inline="always")
def has_stoeck(hand, mode):
    """Whether ``hand`` holds the K and Q of trump (never without trump)."""
    if mode >= 4:
        return False
    return (hand & STOECK[mode]) == STOECK[mode]
