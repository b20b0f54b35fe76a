"""Compiled search pegging player (private; ``_pegging.play_pegging`` calls :func:`search_play`).

Perfect-information Monte Carlo: the player deals the opponent ``n_worlds`` possible hands from
the cards he has not seen (his own six cards, the starter and every card played this hand are
seen), keeping only cards that agree with the opponent's goes (a player who said go at count
``c`` holds no card worth ``31 - c`` or less), then, in each such world, solves the rest of the
pegging exactly (:func:`rest_value`: both players play to maximise their own pegging points minus
the other's), and plays the card of best mean. Cards of equal rank are interchangeable in the
pegging, so only the first of each rank is searched.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, jit
from jass_sim.cribbage._deck import deal_from
from jass_sim.cribbage._pegrules import TARGET, peg_play, peg_settle
from jass_sim.cribbage._scoring import _value

#: Opponent hands sampled per decision.
SEARCH_WORLDS = 32
#: Opponent hands of the ``wide`` player's pegging (``PEG_WIDE``, ``benchmarks/bench_cribbage_pegging.py``):
#: the ``search`` evaluation at the sample size of the pegging adviser's sampled answers.
WIDE_WORLDS = 256
#: Value of a card that is not searched (not playable, or a rank already searched).
NOT_SEARCHED = -(1 << 40)


#: Frames of :func:`rest_value`'s stack: one per card still to play, and the root.
MAX_DEPTH = 10


@jit(inline="always")
def _settle(hands, n_left, base, k, count, turn, last):
    """The forced steps from a state (:func:`jass_sim.cribbage._pegrules.peg_settle`: goes, go
    points, the last card), their points as player 0's minus player 1's.

    Returns ``(done, points, base, k, count, turn)``: the end of the hand (``done``) or the state
    where ``turn`` has a card to play.
    """
    done, p0, p1, base, k, count, turn = peg_settle(hands, n_left, base, k, count, turn, last)
    return done, p0 - p1, base, k, count, turn


@jit(inline="always")
def _next_move(hands, n_left, turn, count, i):
    """The first index ``>= i`` of a card ``turn`` can play whose rank no earlier card of his has
    (equal ranks are equal in the pegging), or ``n_left[turn]``."""
    n = n_left[turn]
    while i < n:
        c = hands[turn, i]
        if count + _value(c) <= TARGET:
            repeat = False
            for j in range(i):
                if hands[turn, j] % 13 == c % 13:
                    repeat = True
            if not repeat:
                return i
        i += 1
    return n


@jit(inline="always")
def _hold_playing(hands, hand, n, i):
    """``hands[0, :n]``: the cards of ``hand[:n]`` other than ``hand[i]`` in their order, then
    ``hand[i]``, the card about to be played (the peg step plays it from the end, so the rest keep
    the order the search tries them in)."""
    m = 0
    for a in range(n):
        if a != i:
            hands[0, m] = hand[a]
            m += 1
    hands[0, n - 1] = hand[i]


@jit
def rest_value(hands, n_left, seq, base, k, count, turn, last):
    """The pegging points of player 0 minus those of player 1 from this state to the end of the
    hand, both players playing perfectly with all cards face up (minimax).

    ``hands[p, :n_left[p]]`` the cards player ``p`` still holds (reordered, then restored), the
    current count's cards ``seq[base:base + k]`` worth ``count`` (``seq`` is written beyond them),
    ``turn`` the player to play or to say go, ``last`` the last player who played (-1: none).
    The rules are the peg step's (:mod:`jass_sim.cribbage._pegrules`): a go point to the last
    player when neither can play, one for the last card (none after 31). A depth-first search on an explicit stack (Numba's cache
    does not load recursive functions back).
    """
    done, points, base, k, count, turn = _settle(hands, n_left, base, k, count, turn, last)
    if done:
        return points
    f_base = np.empty(MAX_DEPTH, dtype=np.int64)
    f_k = np.empty(MAX_DEPTH, dtype=np.int64)
    f_count = np.empty(MAX_DEPTH, dtype=np.int64)
    f_turn = np.empty(MAX_DEPTH, dtype=np.int64)
    f_points = np.empty(MAX_DEPTH, dtype=np.int64)   # forced points on entering the frame
    f_move = np.empty(MAX_DEPTH, dtype=np.int64)     # index of the card being tried
    f_n = np.empty(MAX_DEPTH, dtype=np.int64)        # cards held before it
    f_pts = np.empty(MAX_DEPTH, dtype=np.int64)      # its points
    f_best = np.zeros(MAX_DEPTH, dtype=np.int64)
    f_found = np.zeros(MAX_DEPTH, dtype=np.bool_)
    d = 0
    f_base[0], f_k[0], f_count[0], f_turn[0], f_points[0], f_move[0] = base, k, count, turn, points, -1
    f_found[0] = False
    child = 0
    returning = False
    while True:
        t = f_turn[d]
        if returning:  # take back frame d's card and score it
            i = f_move[d]
            n = f_n[d]
            n_left[t] = n
            c = hands[t, n - 1]
            hands[t, n - 1] = hands[t, i]
            hands[t, i] = c
            sign = 1 if t == 0 else -1
            val = sign * f_pts[d] + child
            if not f_found[d] or sign * val > sign * f_best[d]:
                f_best[d] = val
                f_found[d] = True
            returning = False
        i = _next_move(hands, n_left, t, f_count[d], f_move[d] + 1)
        n = n_left[t]
        if i >= n:
            child = f_points[d] + f_best[d]
            if d == 0:
                return child
            d -= 1
            returning = True
            continue
        f_move[d] = i
        f_n[d] = n
        _, f_pts[d], _, nb, nk, nc = peg_play(hands, n_left, seq, f_base[d], f_k[d], f_count[d], t, i)
        done, points, nb, nk, nc, nt = _settle(hands, n_left, nb, nk, nc, 1 - t, t)
        if done:
            child = points
            returning = True
            continue
        d += 1
        f_base[d], f_k[d], f_count[d], f_turn[d], f_points[d], f_move[d] = nb, nk, nc, nt, points, -1
        f_found[d] = False
        f_best[d] = 0


@jit
def search_values(hand, n, worlds, n_worlds, opp_n, seq, k, count):
    """Sum over the opponent hands ``worlds[w, :opp_n]`` (``w < n_worlds``) of the exact rest-of-hand
    value (:func:`rest_value`, the player's points minus the opponent's, the points of the card
    itself included) of playing ``hand[i]`` (``i < n``) now on the count ``seq[:k]`` worth ``count``.

    Returns ``int64[n]``; ``NOT_SEARCHED`` for a card that cannot be played or whose rank an
    earlier card of ``hand`` has.
    """
    totals = np.full(n, NOT_SEARCHED, dtype=np.int64)
    hands = np.empty((2, 4), dtype=np.int64)
    n_left = np.empty(2, dtype=np.int64)
    buf = np.empty(24, dtype=np.int64)
    for a in range(k):
        buf[a] = seq[a]
    for i in range(n):
        c = hand[i]
        new = count + _value(c)
        if new > TARGET:
            continue
        repeat = False
        for j in range(i):
            if hand[j] % 13 == c % 13:
                repeat = True
        if repeat:
            continue
        total = 0
        for w in range(n_worlds):
            _hold_playing(hands, hand, n, i)
            for a in range(opp_n):
                hands[1, a] = worlds[w, a]
            n_left[0] = n
            n_left[1] = opp_n
            _, pts, _, nb, nk, nc = peg_play(hands, n_left, buf, 0, k, count, 0, n - 1)
            total += pts + rest_value(hands, n_left, buf, nb, nk, nc, 1, 0)
        totals[i] = total
    return totals


@jit
def search_play(hand, n, opp_n, seq, k, count, seen, min_value, n_worlds, state):
    """Index in ``hand[:n]`` of the card the search player plays (one must be playable).

    ``seen`` is the 52-bit mask of the cards the player knows the opponent does not hold, and
    ``min_value`` the least value every card of the opponent's must have (his goes); the opponent
    holds ``opp_n`` cards. ``n_worlds`` opponent hands are drawn uniformly from the consistent
    unseen cards with ``state`` (one world when only one hand is possible, or the choice is forced).
    The best mean of :func:`search_values` wins; ties go to the first card.
    """
    first = -1
    distinct = 0
    for i in range(n):
        if count + _value(hand[i]) <= TARGET:
            repeat = False
            for j in range(i):
                if hand[j] % 13 == hand[i] % 13:
                    repeat = True
            if not repeat:
                distinct += 1
                if first < 0:
                    first = i
    if distinct <= 1:
        return first
    pool = np.empty(52, dtype=np.int64)
    n_pool = 0
    for c in range(52):
        if not (seen >> np.uint64(c)) & U64_ONE and _value(c) >= min_value:
            pool[n_pool] = c
            n_pool += 1
    if opp_n == 0 or n_pool == opp_n:
        n_worlds = 1
    worlds = np.empty((n_worlds, 4), dtype=np.int64)
    for w in range(n_worlds):
        deal_from(pool, n_pool, opp_n, state, worlds[w])
    totals = search_values(hand, n, worlds, n_worlds, opp_n, seq, k, count)
    best = first
    for i in range(n):
        if totals[i] > totals[best]:
            best = i
    return best
