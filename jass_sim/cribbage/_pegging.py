"""Compiled pegging rules and pegging players (private; used by ``_game``).

During the play the cards of the current count (since the last reset at 31 or after a go) are
``seq[0..k-1]``, the last one just played, and ``count`` is their total including it.
"""

from __future__ import annotations

from .._jit import jit
from ..engine.rng import below
from ._scoring import _value

PEG_RANDOM, PEG_GREEDY = 0, 1
TARGET = 31
GAME_POINTS = 121


@jit
def peg_points(seq, k, count):
    """Points for the card ``seq[k - 1]`` just played: 2 for a count of 15, 2 for 31, 2/6/12 for
    a pair/three/four of a kind among the last cards, and the length of the longest run of 3 or
    more formed by the last cards (in any order)."""
    pts = 0
    if count == 15:
        pts += 2
    if count == TARGET:
        pts += 2
    r = seq[k - 1] % 13
    m = 0
    i = k - 2
    while i >= 0 and seq[i] % 13 == r:
        m += 1
        i -= 1
    pts += m * (m + 1)
    for length in range(k, 2, -1):
        seen = 0
        lo = 13
        hi = -1
        ok = True
        for i in range(k - length, k):
            rr = seq[i] % 13
            if (seen >> rr) & 1:
                ok = False
                break
            seen |= 1 << rr
            lo = min(lo, rr)
            hi = max(hi, rr)
        if ok and hi - lo == length - 1:
            pts += length
            break
    return pts


@jit
def can_play(hand, n, count):
    """Whether any of the ``n`` cards ``hand[:n]`` keeps the count at 31 or below."""
    for i in range(n):
        if count + _value(hand[i]) <= TARGET:
            return True
    return False


@jit
def choose_play(policy, hand, n, seq, k, count, state):
    """Index in ``hand[:n]`` of the card to play (one must be playable). ``PEG_RANDOM``: uniform
    over the playable cards. ``PEG_GREEDY``: the most points now; among equals avoid leaving a
    count of 5 or 21 (a ten-card makes 15 or 31), then the highest card (keeps low cards for the
    end of a count)."""
    playable = 0
    for i in range(n):
        if count + _value(hand[i]) <= TARGET:
            playable += 1
    if policy == PEG_RANDOM:
        pick = below(state, playable)
        for i in range(n):
            if count + _value(hand[i]) <= TARGET:
                if pick == 0:
                    return i
                pick -= 1
    best = -1
    best_key = -1
    for i in range(n):
        v = _value(hand[i])
        if count + v > TARGET:
            continue
        seq[k] = hand[i]
        pts = peg_points(seq, k + 1, count + v)
        new = count + v
        key = pts * 64 + (0 if new == 5 or new == 21 else 32) + v * 2 + (hand[i] % 13 >= 9)
        if key > best_key:
            best_key = key
            best = i
    return best


@jit(inline="always")
def _event(tracing, t_peg, ev, h, who, card, count, got):
    if tracing:
        t_peg[ev, 0] = h
        t_peg[ev, 1] = who
        t_peg[ev, 2] = card
        t_peg[ev, 3] = count
        t_peg[ev, 4] = got
        return ev + 1
    return ev


@jit
def play_pegging(left, n_left, pone, policies, state, seq, scores, peg_pts, tracing, t_peg, h, ev):
    """Play the pegging of one hand: ``left[p, :n_left[p]]`` the four cards of player ``p``
    (consumed), the pone leads, player ``p`` plays by pegging policy ``policies[p]``.

    A player who cannot play without passing 31 says go; when neither can play, the last player
    to play scores 1 (nothing more at 31, which scores 2 and resets the count) and the other
    player starts a new count; the last card of the hand scores 1. Every point is added to
    ``scores`` and ``peg_pts``; play stops the moment a score reaches 121. With ``tracing`` each
    play and each go/last-card point is written to ``t_peg[ev]`` as (hand ``h``, player, card or
    -1, count, points).

    Returns ``(winner or -1, ev)``.
    """
    count = 0
    k = 0
    last = -1
    turn = pone
    while n_left[0] + n_left[1] > 0:
        got = 0
        who = turn
        if can_play(left[turn], n_left[turn], count):
            idx = choose_play(policies[turn], left[turn], n_left[turn], seq, k, count, state)
            card = left[turn, idx]
            left[turn, idx] = left[turn, n_left[turn] - 1]
            n_left[turn] -= 1
            seq[k] = card
            k += 1
            count += _value(card)
            got = peg_points(seq, k, count)
            ev = _event(tracing, t_peg, ev, h, who, card, count, got)
            last = turn
            turn = 1 - turn
            if count == TARGET:
                count = 0
                k = 0
        elif can_play(left[1 - turn], n_left[1 - turn], count):
            turn = 1 - turn
        else:
            who = last
            got = 1
            ev = _event(tracing, t_peg, ev, h, who, -1, count, got)
            count = 0
            k = 0
            turn = 1 - last
        if got > 0:
            scores[who] += got
            peg_pts[who] += got
            if scores[who] >= GAME_POINTS:
                return who, ev
    if count > 0:  # one for the last card
        ev = _event(tracing, t_peg, ev, h, last, -1, count, 1)
        scores[last] += 1
        peg_pts[last] += 1
        if scores[last] >= GAME_POINTS:
            return last, ev
    return -1, ev
