"""The last two and three tricks of a search: alpha-beta in plain nested loops.

Near the end of a deal most of the search's nodes sit in small positions where the general
search (:mod:`._search`: frames, move ordering, bounds) costs more than it saves. Once every
hand holds three cards or fewer, :func:`three_tricks` and :func:`two_tricks` answer the search's
zero-window test by enumerating the first trick in four nested loops, one per seat (equivalent
cards once), the rest by the same loops one trick shorter, then the forced last trick.

Numba cannot cache a recursive function, so the loops are one template specialised per depth:
:func:`_lines` is overloaded on its literal ``n``, and depth 3 calls depth 2 as another
function.
"""

from __future__ import annotations

import functools

import numpy as np
from numba import types
from numba.extending import overload

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit
from jass_sim.jass.solver._play import (
    INF,
    _better,
    _bit,
    _first_cards,
    _last_trick,
    _settled,
    _top_card,
    legal_p,
    take_p,
)
from jass_sim.jass.solver._tables import PPTS


# one function per depth: a new function object at each call site would be compiled again for the
# same signature; depth 3 calls depth 2 through :func:`two_tricks` (the overload's two call sites
# compiled the depth-2 loops twice, 5 s)
@functools.lru_cache(maxsize=None)
def _lines_impl(n):
    """The nested loops for hands of ``n`` (2 or 3) cards: a function of the position returning
    ``(bound, best card of the leader)``; at depth 3 it counts a node per card of the first trick
    in ``st[0]``."""
    deeper = n > 2

    def lines(hs, st, mode, trump, leader, flag, gamma, hint, n):  # noqa: ARG001 (n: the depth)
        s1 = (leader + 1) & 3
        s2 = (leader + 2) & 3
        s3 = (leader + 3) & 3
        live = hs[0] | hs[1] | hs[2] | hs[3]
        v0 = INF if leader & 1 else -INF
        best0 = -1
        x0 = hs[leader]
        if deeper:  # equivalent cards once (with two cards each that rarely pays)
            x0 = _first_cards(x0, live, mode)
        first = hint if hint >= 0 and (x0 >> np.uint64(hint)) & U64_ONE else -1
        while x0 != U64_ZERO and not _settled(v0, leader, gamma):
            c0 = first if first >= 0 else (_top_card(x0) if deeper else lowest_bit(x0))
            first = -1
            x0 &= ~_bit(c0)
            if deeper:
                st[0] += 1  # a node per card of the first trick
            hs[leader] ^= _bit(c0)
            led = c0 // 9
            v1 = INF if s1 & 1 else -INF
            x1 = legal_p(hs[s1], led, c0, trump)
            if deeper:
                x1 = _first_cards(x1, live, mode)
            while x1 != U64_ZERO and not _settled(v1, s1, gamma):
                c1 = lowest_bit(x1)
                x1 &= x1 - U64_ONE
                if deeper:
                    st[0] += 1
                hs[s1] ^= _bit(c1)
                b1, w1 = take_p(c1, s1, c0, leader, trump)
                v2 = INF if s2 & 1 else -INF
                x2 = legal_p(hs[s2], led, b1, trump)
                if deeper:
                    x2 = _first_cards(x2, live, mode)
                while x2 != U64_ZERO and not _settled(v2, s2, gamma):
                    c2 = lowest_bit(x2)
                    x2 &= x2 - U64_ONE
                    if deeper:
                        st[0] += 1
                    hs[s2] ^= _bit(c2)
                    b2, w2 = take_p(c2, s2, b1, w1, trump)
                    v3 = INF if s3 & 1 else -INF
                    x3 = legal_p(hs[s3], led, b2, trump)
                    if deeper:
                        x3 = _first_cards(x3, live, mode)
                    while x3 != U64_ZERO and not _settled(v3, s3, gamma):
                        c3 = lowest_bit(x3)
                        x3 &= x3 - U64_ONE
                        if deeper:
                            st[0] += 1
                        hs[s3] ^= _bit(c3)
                        w3 = take_p(c3, s3, b2, w2, trump)[1]
                        # the rest: team 0 banks the trick's points if it takes it
                        tp = 0 if w3 & 1 else \
                            PPTS[mode, c0] + PPTS[mode, c1] + PPTS[mode, c2] + PPTS[mode, c3]
                        nflag = flag & 2 if w3 & 1 else flag & 1
                        if deeper:
                            v = tp + two_tricks(hs, st, mode, trump, w3, nflag, gamma - tp)
                        else:
                            v = tp + _last_trick(hs, mode, trump, w3, nflag)
                        hs[s3] ^= _bit(c3)
                        v3 = _better(v3, v, s3)
                    hs[s2] ^= _bit(c2)
                    v2 = _better(v2, v3, s2)
                hs[s1] ^= _bit(c1)
                v1 = _better(v1, v2, s1)
            hs[leader] ^= _bit(c0)
            if best0 < 0 or _better(v0, v1, leader) != v0:
                best0 = c0
            v0 = _better(v0, v1, leader)
        return v0, best0

    return lines


def _lines(hs, st, mode, trump, leader, flag, gamma, hint, n):
    """Fail-soft test of "value >= gamma" with ``n`` (2 or 3, a constant) cards in each hand."""
    return _lines_impl(n)(hs, st, mode, trump, leader, flag, gamma, hint, n)


@overload(_lines, prefer_literal=True, jit_options={"error_model": "numpy"})
def _lines_overload(hs, st, mode, trump, leader, flag, gamma, hint, n):
    if isinstance(n, types.IntegerLiteral):  # else no match: the depth must be a constant
        return _lines_impl(n.literal_value)
    return None


@jit
def two_tricks(hs, st, mode, trump, leader, flag, gamma):
    """Fail-soft test of "value >= gamma" when every hand holds two cards (no nodes counted)."""
    return _lines(hs, st, mode, trump, leader, flag, gamma, -1, 2)[0]


@jit
def three_tricks(hs, st, mode, trump, leader, flag, gamma, hint):
    """Fail-soft test of "value >= gamma" when every hand holds three cards: ``(bound, the
    leader's best card)``, ``hint`` tried first; a node per card of the first trick in
    ``st[0]``."""
    return _lines(hs, st, mode, trump, leader, flag, gamma, hint, 3)
