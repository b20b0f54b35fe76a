"""Compiled pegging rules (private; shared by the pegging players in ``_pegging`` and the search in
``_search``). The cards of the current count are ``seq[0..k-1]``, the last one just played, and
``count`` is their total including it."""

from __future__ import annotations

from jass_sim.core.jit import jit
from jass_sim.cribbage._scoring import _value

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
