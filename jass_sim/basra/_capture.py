"""Capture kernels (private; public entry: :func:`jass_sim.basra.rules.capture`).

A numeral of value ``v`` takes every table card of its rank and a largest collection of disjoint
sets of table numerals that each sum to ``v``. The search works on value counts: the table's
numerals of values ``1 .. v-1`` are packed four bits per value (at most 4 cards a value), and the
partitions of ``v`` into parts below ``v`` (precomputed, packed the same way) are stacked as a
multiset (non-decreasing partition index) by an explicit depth-first search. Each node is a
possible capture; the best is the one with the most cards, then the most card points (Aces, the
♣2), then the higher values (counts compared from value 9 down); within a value the lowest suits
(C, D, H, S) are taken, which puts the ♣2 first.
"""

from __future__ import annotations

import numpy as np

from jass_sim.basra.cards import JACK, QUEEN
from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount


def _partitions(v: int, largest: int) -> list[list[int]]:
    """Partitions of ``v`` into parts of at most ``largest``, as lists of parts."""
    if v == 0:
        return [[]]
    out = []
    for part in range(min(v, largest), 0, -1):
        out += [[part] + rest for rest in _partitions(v - part, part)]
    return out


def _partition_table() -> tuple[np.ndarray, np.ndarray]:
    """``(packed uint64[P], offsets int64[12])``: for each value ``v`` the partitions of ``v`` into
    parts ``1 .. v-1`` using each value at most 4 times, packed 4 bits per value (value ``u`` at
    bit ``4 (u - 1)``); those of ``v`` are ``packed[offsets[v]:offsets[v + 1]]``."""
    packed, offsets = [], [0, 0]
    for v in range(1, 11):
        for p in _partitions(v, v - 1):
            if all(p.count(u) <= 4 for u in set(p)):
                packed.append(sum(p.count(u) << (4 * (u - 1)) for u in set(p)))
        offsets.append(len(packed))
    return np.array(packed, dtype=np.uint64), np.array(offsets, dtype=np.int64)


#: Indexes of the kernels' ``int64`` rules array (built by :meth:`jass_sim.basra.rules.BasraRules.array`).
R_SEVEN, R_MAJORITY, R_COMPULSORY = 0, 1, 2
PARTS, PART_OFFSETS = _partition_table()
#: Mask of the four cards of each rank.
RANK_MASKS = np.array([sum(1 << (s * 13 + r) for s in range(4)) for r in range(13)], dtype=np.uint64)
#: ``BELOW[v]``: mask of the numerals of values ``1 .. v-1``.
BELOW = np.array([sum(1 << (s * 13 + r) for s in range(4) for r in range(v - 1)) for v in range(11)],
                 dtype=np.uint64)
_GUARD = np.uint64(0x888888888)  # the high bit of each of the 9 count fields
_NIBBLE = np.uint64(0xF)
_C2 = np.uint64(1 << 1)
_D7 = 13 + 6


@jit(inline="always")
def _fits(rem, part):
    return (((rem | _GUARD) - part) & _GUARD) == _GUARD


_SIX_BITS = np.uint64(0x3F)


@jit(inline="always")
def _stack_get(lo, hi, d):
    """Partition index (relative to the first of ``v``, at most 33) at depth ``d`` (0..19) of the
    DFS stack, packed 6 bits a level, 10 levels a word."""
    w = lo if d < 10 else hi
    return np.int64((w >> np.uint64(6 * (d % 10))) & _SIX_BITS)


@jit(inline="always")
def _stack_set(lo, hi, d, value):
    shift = np.uint64(6 * (d % 10))
    v = np.uint64(value) << shift
    clear = ~(_SIX_BITS << shift)
    if d < 10:
        return (lo & clear) | v, hi
    return lo, (hi & clear) | v


@jit
def numeral_capture(v, table):
    """Mask of the table cards a numeral of value ``v`` (1..10) captures (see the module doc)."""
    taken = table & RANK_MASKS[v - 1]
    small = table & BELOW[v]
    k = popcount(small)
    if k < 2:  # one smaller card alone never makes v
        return taken
    if k == 2:  # two smaller cards: both when they make v
        a = lowest_bit(small) % 13
        b = lowest_bit(small & (small - U64_ONE)) % 13
        return taken | small if a + b + 2 == v else taken
    counts = U64_ZERO
    total = 0
    for u in range(1, v):
        k = popcount(table & RANK_MASKS[u - 1])
        counts |= np.uint64(k) << np.uint64(4 * (u - 1))
        total += k * u
    if total < v:
        return taken
    c2 = np.uint64(1) if table & _C2 else U64_ZERO
    lo = PART_OFFSETS[v]
    hi = PART_OFFSETS[v + 1]
    # depth-first over multisets of partitions (non-decreasing index); at most 2 (v - 1) <= 18
    # groups since the table holds at most 4 cards a value, so depths 0..18; the stack holds
    # indexes relative to lo; the taken counts are kept in t
    s_lo = U64_ZERO
    s_hi = U64_ZERO
    best_key = U64_ZERO
    best = U64_ZERO
    t = U64_ZERO
    depth = 0
    while depth >= 0:
        i = lo + _stack_get(s_lo, s_hi, depth)
        if i >= hi:
            depth -= 1
            if depth >= 0:
                j = lo + _stack_get(s_lo, s_hi, depth)
                t -= PARTS[j]
                s_lo, s_hi = _stack_set(s_lo, s_hi, depth, j + 1 - lo)
            continue
        part = PARTS[i]
        if not _fits(counts - t, part):
            s_lo, s_hi = _stack_set(s_lo, s_hi, depth, i + 1 - lo)
            continue
        t += part
        n = U64_ZERO
        x = t
        while x:
            n += x & _NIBBLE
            x >>= np.uint64(4)
        points = (t & _NIBBLE) + (np.uint64(2) * c2 if (t >> np.uint64(4)) & _NIBBLE else U64_ZERO)
        key = (n << np.uint64(40)) | (points << np.uint64(36)) | t
        if key > best_key:
            best_key = key
            best = t
        depth += 1
        s_lo, s_hi = _stack_set(s_lo, s_hi, depth, i - lo)
    for u in range(1, v):
        k = np.int64((best >> np.uint64(4 * (u - 1))) & _NIBBLE)
        m = table & RANK_MASKS[u - 1]
        for _ in range(k):
            low = m & (~m + U64_ONE)
            taken |= low
            m ^= low
    return taken


@jit
def capture_kernel(card, table, rules):
    """``(captured table cards, basra 0/1)`` when ``card`` is played on ``table`` (see
    :func:`jass_sim.basra.rules.capture`)."""
    if table == U64_ZERO:
        return U64_ZERO, 0
    rank = card % 13
    if rank == JACK:
        lone_jack = popcount(table) == 1 and (table & RANK_MASKS[JACK]) != U64_ZERO
        return table, 1 if lone_jack else 0
    if rules[R_SEVEN] and card == _D7:
        return table, 1 if numeral_capture(7, table) == table else 0
    if rank >= QUEEN:
        got = table & RANK_MASKS[rank]
    else:
        got = numeral_capture(rank + 1, table)
    return got, 1 if got == table else 0
