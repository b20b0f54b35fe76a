"""The transposition table of the double-dummy search (power layout, see :mod:`._tables`).

Entries are keyed on a position's similarity class at a trick boundary (relative ranks and
owners of the live cards, whatever their points; :func:`_key`) and store a lower and an upper
bound of the value, the best lead and the live cards. The bounds carry over to every position
of the class give or take the points that differ (:func:`_probe`; payoff similarity, which
took full-deal nodes down by three quarters against a table keyed on the position itself).

``tt``  uint64[N, 4]    the table, ``N`` a power of two; rows ``(keyA, keyB, data, live cards)``.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, extract_bits, jit, lowest_bit, popcount
from jass_sim.jass.solver._play import _SUIT9, INF, _bit, top_of_suit
from jass_sim.jass.solver._tables import PPTS, SUITM

_VAL_OFS = 512           # stored bounds are value + _VAL_OFS in 11 bits
_M11 = np.uint64(0x7FF)
_M6 = np.uint64(0x3F)
_M28 = np.uint64((1 << 28) - 1)
_H1 = np.uint64(0x9E3779B97F4A7C15)
_H2 = np.uint64(0xC2B2AE3D27D4EB4F)

TT_ROWS = 4
_BUCKET = 4  # entries probed per class: two cache lines


def new_tt(log2_entries: int = 20) -> np.ndarray:
    """An empty transposition table of ``2 ** log2_entries`` entries (32 bytes each)."""
    return np.zeros((1 << log2_entries, TT_ROWS), dtype=np.uint64)


@jit(forceinline=True)
def _key(hs, live, mode, leader, flag, stop):
    """Two words naming the position's similarity class (see :func:`_probe`): the number of live
    cards of each suit, whether the Buur is live (its rule, not its rank, sets it apart from the
    other trumps), leader, flag, mode, horizon, and the owner of each live card in layout order
    (2 bits each, split over the two words)."""
    ka = U64_ZERO
    for s in range(4):
        sh = np.uint64(9 * s)
        ka |= ((U64_ONE << np.uint64(popcount((live >> sh) & _SUIT9))) - U64_ONE) << sh
    seq1 = extract_bits(hs[1] | hs[3], live)
    seq2 = extract_bits(hs[2] | hs[3], live)
    ka |= (np.uint64(leader) << np.uint64(36)) | (np.uint64(flag) << np.uint64(38)) \
        | (np.uint64(mode) << np.uint64(40)) | ((seq2 >> np.uint64(28)) << np.uint64(43)) \
        | (np.uint64(stop) << np.uint64(51))
    if mode < 4:
        ka |= ((live >> np.uint64(9 * mode + 8)) & U64_ONE) << np.uint64(56)
    kb = seq1 | ((seq2 & _M28) << np.uint64(36))
    return ka, kb


@jit(inline="always")
def _slot(tt, ka, kb):
    h = ka * _H1 ^ kb * _H2
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(tt.shape[0] - _BUCKET))


@jit(forceinline=True)
def _probe(tt, gen, ka, kb, live, team0, mode):
    """``(lb, ub, hint)``: bounds of the value from the entries of the position's similarity
    class and the best lead of one (the same relative card), or ``(-INF, INF, -1)``.

    Positions of one class differ only in which cards are live, not in their order, owners or
    rules: map the ``i``-th live card of one to the ``i``-th of the other and every line of
    play of one is a line of the other with the same trick winners. Team 0's points along a
    line then differ by at most the points its cards gain (``up``) or lose (``down``) in the
    mapping, so ``V(here) <= V(there) + up`` and ``V(here) >= V(there) - down`` (payoff
    similarity, as in Furtak and Buro, IJCAI 2011; quasi-symmetry in Kupferschmid and Helmert's
    Skat solver); cards that one team takes in every line (its top trumps) move both bounds
    by exactly what they change for team 0 (``shift``)."""
    # the trumps from the top held by one team: that team takes them (in every position of the
    # class), so their points shift the value exactly (team 0's) or not at all (team 1's)
    sure0 = U64_ZERO
    sure1 = U64_ZERO
    if mode < 4:
        tr = live & SUITM[mode]
        if tr != U64_ZERO:
            x = (team0 >> np.uint64(top_of_suit(tr, mode))) & U64_ONE
            while tr != U64_ZERO:
                top = top_of_suit(tr, mode)
                if (team0 >> np.uint64(top)) & U64_ONE != x:
                    break
                if x:
                    sure0 |= _bit(top)
                else:
                    sure1 |= _bit(top)
                tr ^= _bit(top)
    i = _slot(tt, ka, kb)
    blb = -INF
    bub = INF
    bhint = -1
    for j in range(i, i + _BUCKET):
        d = tt[j, 2]
        if tt[j, 0] == ka and tt[j, 1] == kb and np.int64(d >> np.uint64(32)) == gen:
            lb = np.int64(d & _M11) - _VAL_OFS
            ub = np.int64((d >> np.uint64(11)) & _M11) - _VAL_OFS
            here = live
            there = tt[j, 3]
            up = 0
            down = 0
            shift = 0
            while here != U64_ZERO:
                c = lowest_bit(here)
                diff = PPTS[mode, c] - PPTS[mode, lowest_bit(there)]
                here &= here - U64_ONE
                there &= there - U64_ONE
                if (sure0 >> np.uint64(c)) & U64_ONE:
                    shift += diff
                elif (sure1 >> np.uint64(c)) & U64_ONE:
                    continue
                elif diff > 0:
                    up += diff
                else:
                    down -= diff
            if bhint < 0:
                bhint = np.int64((d >> np.uint64(22)) & _M6) - 1
            if lb > -_VAL_OFS:
                blb = max(blb, lb + shift - down)
            if ub < _VAL_OFS + 1000:
                bub = min(bub, ub + shift + up)
    return blb, bub, bhint


@jit(forceinline=True)
def _store(tt, gen, ka, kb, live, lb, ub, hint, work):
    """Store bounds of the position of live cards ``live`` in its class ``(ka, kb)``: they
    tighten an entry of the same live cards, else take the place of a stale entry of the bucket
    or of the one that cost the least work (cards in hand)."""
    i = _slot(tt, ka, kb)
    j = -1
    wj = 100
    for jj in range(i, i + _BUCKET):
        d = tt[jj, 2]
        if np.int64(d >> np.uint64(32)) != gen:
            w = -1
        elif tt[jj, 0] == ka and tt[jj, 1] == kb and tt[jj, 3] == live:
            j = jj
            lb = max(lb, np.int64(d & _M11) - _VAL_OFS)
            ub = min(ub, np.int64((d >> np.uint64(11)) & _M11) - _VAL_OFS)
            break
        else:
            w = np.int64((d >> np.uint64(28)) & np.uint64(0xF))
        if w < wj:
            j = jj
            wj = w
    lb = max(lb, -_VAL_OFS)
    ub = min(ub, _VAL_OFS + 1000)
    tt[j, 0] = ka
    tt[j, 1] = kb
    tt[j, 3] = live
    tt[j, 2] = np.uint64(lb + _VAL_OFS) | (np.uint64(ub + _VAL_OFS) << np.uint64(11)) \
        | (np.uint64(hint + 1) << np.uint64(22)) | (np.uint64(work) << np.uint64(28)) \
        | (np.uint64(gen) << np.uint64(32))
