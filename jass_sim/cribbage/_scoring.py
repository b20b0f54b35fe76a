"""Compiled hand and crib scoring kernels (private; :mod:`.scoring` wraps them).

A hand is an ``int64`` array of card numbers (``suit * 13 + rank``): ``cards[0..3]`` the four
cards held, ``cards[4]`` the starter when ``n == 5``. ``n == 4`` scores four cards without a
starter (what a discarding player knows for sure). Every function here works on any
permutation of the held cards; the rank part (fifteens, pairs, runs) also on any permutation of
all five.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit

N_PARTS = 5
FIFTEENS, PAIRS, RUNS, FLUSH, NOBS = range(N_PARTS)
PART_NAMES = ("fifteens", "pairs", "runs", "flush", "nobs")

_JACK = 10


@jit(inline="always")
def _value(card):
    r = card % 13
    return r + 1 if r < 9 else 10


@jit
def fifteens(cards, n):
    """2 points for each subset of the first ``n`` cards whose count values add to 15."""
    f = 0
    for a in range(n):
        sa = _value(cards[a])
        for b in range(a + 1, n):
            sb = sa + _value(cards[b])
            if sb == 15:
                f += 1
            elif sb < 15:
                for c in range(b + 1, n):
                    sc = sb + _value(cards[c])
                    if sc == 15:
                        f += 1
                    elif sc < 15:
                        for d in range(c + 1, n):
                            sd = sc + _value(cards[d])
                            if sd == 15:
                                f += 1
                            elif sd < 15:
                                for e in range(d + 1, n):
                                    if sd + _value(cards[e]) == 15:
                                        f += 1
    return 2 * f


@jit
def pairs(cards, n):
    """2 points for each pair of cards of the same rank (so 6 for three, 12 for four)."""
    p = 0
    for a in range(n):
        ra = cards[a] % 13
        for b in range(a + 1, n):
            if cards[b] % 13 == ra:
                p += 2
    return p


@jit
def runs(cards, n):
    """Each run of three or more consecutive ranks scores its length, once per way of choosing
    one card of each rank (a double run of three is 2 x 3)."""
    packed = np.uint64(0)
    for a in range(n):
        packed += np.uint64(1) << np.uint64(4 * (cards[a] % 13))
    total = 0
    length = 0
    mult = 1
    for r in range(14):
        c = np.int64((packed >> np.uint64(4 * r)) & np.uint64(15)) if r < 13 else 0
        if c > 0:
            length += 1
            mult *= c
        else:
            if length >= 3:
                total += length * mult
            length = 0
            mult = 1
    return total


def _rank_table() -> np.ndarray:
    """``int8[13 ** 5]``: fifteens + pairs + runs of every ordered tuple of five ranks (index
    ``r0 * 13**4 + ... + r4``), computed with numpy array operations (a second implementation of
    those three rules; the tests hold both to the plain-Python reference)."""
    from itertools import combinations

    ranks = np.indices((13,) * 5).reshape(5, -1).T
    values = np.minimum(ranks + 1, 10)
    points = np.zeros(len(ranks), dtype=np.int64)
    for size in range(2, 6):
        for combo in combinations(range(5), size):
            points += 2 * (values[:, list(combo)].sum(axis=1) == 15)
    for a, b in combinations(range(5), 2):
        points += 2 * (ranks[:, a] == ranks[:, b])
    counts = np.zeros((len(ranks), 14), dtype=np.int64)
    for a in range(5):
        counts[np.arange(len(ranks)), ranks[:, a]] += 1
    length = np.zeros(len(ranks), dtype=np.int64)
    mult = np.ones(len(ranks), dtype=np.int64)
    for r in range(14):  # column 13 is always empty: it closes a run ending at the king
        present = counts[:, r] > 0
        points += np.where(~present & (length >= 3), length * mult, 0)
        length = np.where(present, length + 1, 0)
        mult = np.where(present, mult * np.maximum(counts[:, r], 1), 1)
    return points.astype(np.int8)


#: Rank points of five ranks (see :func:`_rank_table`), read by :func:`rank_points`.
RANK5 = _rank_table()


@jit
def rank_points(cards, n):
    """Fifteens, pairs and runs: the part of the score that depends on the ranks only (five
    cards: one lookup in :data:`RANK5`)."""
    if n == 5:
        idx = ((((cards[0] % 13) * 13 + cards[1] % 13) * 13 + cards[2] % 13) * 13 + cards[3] % 13) * 13 \
            + cards[4] % 13
        return np.int64(RANK5[idx])
    return fifteens(cards, n) + pairs(cards, n) + runs(cards, n)


@jit
def flush(cards, n, crib):
    """Hand: 4 when the four held cards share a suit, 5 when the starter does too. Crib: 5 only
    when all five cards share a suit. Without a starter (``n == 4``): 4 for a four-card flush."""
    s = cards[0] // 13
    if cards[1] // 13 != s or cards[2] // 13 != s or cards[3] // 13 != s:
        return 0
    if n == 5 and cards[4] // 13 == s:
        return 5
    return 0 if crib else 4


@jit
def nobs(cards, n):
    """1 for the jack of the starter's suit among the four held cards (``n == 5``)."""
    if n < 5:
        return 0
    starter_suit = cards[4] // 13
    for a in range(4):
        if cards[a] % 13 == _JACK and cards[a] // 13 == starter_suit:
            return 1
    return 0


@jit
def score(cards, n, crib):
    """Points of a hand (``crib`` False) or crib (``crib`` True): all five parts."""
    return rank_points(cards, n) + flush(cards, n, crib) + nobs(cards, n)


@jit
def score_parts(cards, n, crib):
    """The points of each part ``(fifteens, pairs, runs, flush, nobs)`` as an ``int64[5]``."""
    out = np.zeros(N_PARTS, dtype=np.int64)
    out[FIFTEENS] = fifteens(cards, n)
    out[PAIRS] = pairs(cards, n)
    out[RUNS] = runs(cards, n)
    out[FLUSH] = flush(cards, n, crib)
    out[NOBS] = nobs(cards, n)
    return out


@jit
def score_many(hands, starters, crib):
    """Scores of many hands: ``hands`` ``int64[m, 4]``, ``starters`` ``int64[m]`` (``-1``: no
    starter, four cards scored)."""
    m = hands.shape[0]
    out = np.empty(m, dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    for i in range(m):
        for a in range(4):
            buf[a] = hands[i, a]
        if starters[i] >= 0:
            buf[4] = starters[i]
            out[i] = score(buf, 5, crib)
        else:
            out[i] = score(buf, 4, crib)
    return out
