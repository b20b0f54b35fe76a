"""Compiled kernels of the pegging adviser (private; :mod:`jass_sim.cribbage.pegging_advice` wraps them).

The adviser values a card by playing out the rest of the hand in each possible opponent hand
with all cards face up, both players maximising their own pegging points minus the other's (the
evaluation of the ``search`` player, :func:`jass_sim.cribbage._search.rest_value`), and reports
both players' points along that line. Among lines of equal difference the player to move takes
the one with more points for himself, so the split into "ours" and "theirs" does not depend on the
order in which the cards are tried. Player 0 is the adviser, player 1 the opponent.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit
from jass_sim.cribbage._deck import deal_from
from jass_sim.cribbage._pegrules import TARGET, peg_play, peg_settle
from jass_sim.cribbage._scoring import _value
from jass_sim.cribbage._search import MAX_DEPTH, _hold_playing, _next_move


@jit(inline="always")
def _settle_split(hands, n_left, base, k, count, turn, last):
    """The forced steps from a state with their points split by player
    (:func:`jass_sim.cribbage._pegrules.peg_settle`).

    Returns ``(done, ours, theirs, base, k, count, turn)``.
    """
    return peg_settle(hands, n_left, base, k, count, turn, last)


@jit(inline="always")
def _better(t, o, th, best_o, best_th):
    """Whether the line worth ``(o, th)`` beats ``(best_o, best_th)`` for player ``t``: a larger
    difference for him, then more points for him."""
    if t == 0:
        if o - th != best_o - best_th:
            return o - th > best_o - best_th
        return o > best_o
    if th - o != best_th - best_o:
        return th - o > best_th - best_o
    return th > best_th


@jit
def rest_split(hands, n_left, seq, base, k, count, turn, last):
    """Player 0's and player 1's pegging points from this state to the end of the hand along the
    minimax line (both players see all cards; see the module).

    The arguments are :func:`jass_sim.cribbage._search.rest_value`'s (``hands`` reordered, then
    restored; ``seq`` written beyond the current count). ``ours - theirs`` equals ``rest_value``.
    A depth-first search on an explicit stack (Numba's cache does not load recursive functions).

    Returns ``(ours, theirs)``.
    """
    done, p_o, p_t, base, k, count, turn = _settle_split(hands, n_left, base, k, count, turn, last)
    if done:
        return p_o, p_t
    f_base = np.empty(MAX_DEPTH, dtype=np.int64)
    f_k = np.empty(MAX_DEPTH, dtype=np.int64)
    f_count = np.empty(MAX_DEPTH, dtype=np.int64)
    f_turn = np.empty(MAX_DEPTH, dtype=np.int64)
    f_po = np.empty(MAX_DEPTH, dtype=np.int64)     # forced points on entering the frame, player 0
    f_pt = np.empty(MAX_DEPTH, dtype=np.int64)     # ... player 1
    f_move = np.empty(MAX_DEPTH, dtype=np.int64)   # index of the card being tried
    f_n = np.empty(MAX_DEPTH, dtype=np.int64)      # cards held before it
    f_pts = np.empty(MAX_DEPTH, dtype=np.int64)    # its points
    f_bo = np.zeros(MAX_DEPTH, dtype=np.int64)     # best line so far, player 0's points
    f_bt = np.zeros(MAX_DEPTH, dtype=np.int64)     # ... player 1's
    f_found = np.zeros(MAX_DEPTH, dtype=np.bool_)
    d = 0
    f_base[0], f_k[0], f_count[0], f_turn[0], f_po[0], f_pt[0], f_move[0] = base, k, count, turn, p_o, p_t, -1
    f_found[0] = False
    c_o = 0
    c_t = 0
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
            o = c_o + (f_pts[d] if t == 0 else 0)
            th = c_t + (f_pts[d] if t == 1 else 0)
            if not f_found[d] or _better(t, o, th, f_bo[d], f_bt[d]):
                f_bo[d] = o
                f_bt[d] = th
                f_found[d] = True
            returning = False
        i = _next_move(hands, n_left, t, f_count[d], f_move[d] + 1)
        n = n_left[t]
        if i >= n:
            c_o = f_po[d] + f_bo[d]
            c_t = f_pt[d] + f_bt[d]
            if d == 0:
                return c_o, c_t
            d -= 1
            returning = True
            continue
        f_move[d] = i
        f_n[d] = n
        _, f_pts[d], _, nb, nk, nc = peg_play(hands, n_left, seq, f_base[d], f_k[d], f_count[d], t, i)
        done, p_o, p_t, nb, nk, nc, nt = _settle_split(hands, n_left, nb, nk, nc, 1 - t, t)
        if done:
            c_o = p_o
            c_t = p_t
            returning = True
            continue
        d += 1
        f_base[d], f_k[d], f_count[d], f_turn[d], f_po[d], f_pt[d], f_move[d] = nb, nk, nc, nt, p_o, p_t, -1
        f_found[d] = False
        f_bo[d] = 0
        f_bt[d] = 0


@jit
def card_values(hand, n, worlds, n_worlds, opp_n, seq, k, count, out):
    """``out[w, i] = (ours, theirs)``: both players' pegging points from now to the end of the
    hand (the card's own points included) when player 0 plays ``hand[i]`` (``i < n``) on the
    count ``seq[:k]`` worth ``count`` and the opponent holds ``worlds[w, :opp_n]``; the rest as
    :func:`rest_split`. A card that cannot be played gets ``(-1, -1)``; a card of a rank already
    valued gets that rank's values (equal ranks are equal in the pegging).
    """
    hands = np.empty((2, 4), dtype=np.int64)
    n_left = np.empty(2, dtype=np.int64)
    buf = np.empty(24, dtype=np.int64)
    for a in range(k):
        buf[a] = seq[a]
    for i in range(n):
        c = hand[i]
        new = count + _value(c)
        if new > TARGET:
            for w in range(n_worlds):
                out[w, i, 0] = -1
                out[w, i, 1] = -1
            continue
        same = -1
        for j in range(i):
            if hand[j] % 13 == c % 13:
                same = j
                break
        if same >= 0:
            for w in range(n_worlds):
                out[w, i, 0] = out[w, same, 0]
                out[w, i, 1] = out[w, same, 1]
            continue
        for w in range(n_worlds):
            _hold_playing(hands, hand, n, i)
            for a in range(opp_n):
                hands[1, a] = worlds[w, a]
            n_left[0] = n
            n_left[1] = opp_n
            _, pts, _, nb, nk, nc = peg_play(hands, n_left, buf, 0, k, count, 0, n - 1)
            o, th = rest_split(hands, n_left, buf, nb, nk, nc, np.int64(1), np.int64(0))  # not literals: one overload
            out[w, i, 0] = pts + o
            out[w, i, 1] = th


@jit
def sample_worlds(pool, n_pool, opp_n, n_worlds, state, out):
    """Deal ``n_worlds`` opponent hands of ``opp_n`` cards from ``pool[:n_pool]`` into ``out``
    (each uniform over the ``opp_n``-card subsets; ``pool`` is reordered), drawing from ``state``."""
    for w in range(n_worlds):
        deal_from(pool, n_pool, opp_n, state, out[w])
