"""Compiled pegging rules and pegging players (private; used by ``_game``).

During the play the cards of the current count (since the last reset at 31 or after a go) are
``seq[0..k-1]``, the last one just played, and ``count`` is their total including it.
"""

from __future__ import annotations

import numpy as np

from .._jit import jit
from ..engine.rng import below
from ._scoring import _value

PEG_RANDOM, PEG_GREEDY = 0, 1
TARGET = 31


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
