"""Kernels that deal cards: uniform deals, and deals conditioned on known cards.

Cards are handed out one by one, each to a seat drawn with probability proportional to the
free places left in that seat's hand; this gives every deal consistent with the known cards the
same probability, with no scratch arrays.
"""

from __future__ import annotations

import numpy as np

from .._jit import U64_ONE, U64_ZERO, jit, popcount
from ..cards import N_CARDS
from .rng import below


@jit(inline="always")
def _fill(state, taken, h0, h1, h2, h3):
    c0 = 9 - popcount(h0)
    c1 = 9 - popcount(h1)
    c2 = 9 - popcount(h2)
    c3 = 9 - popcount(h3)
    left = c0 + c1 + c2 + c3
    for c in range(N_CARDS):
        b = U64_ONE << np.uint64(c)
        if taken & b:
            continue
        r = below(state, left)
        left -= 1
        if r < c0:
            h0 |= b
            c0 -= 1
        elif r < c0 + c1:
            h1 |= b
            c1 -= 1
        elif r < c0 + c1 + c2:
            h2 |= b
            c2 -= 1
        else:
            h3 |= b
            c3 -= 1
    return h0, h1, h2, h3


@jit
def deal_uniform(state, hands):
    """Deal the 36 cards into ``hands`` (``uint64[4]``), 9 each, uniformly at random."""
    hands[0], hands[1], hands[2], hands[3] = _fill(state, U64_ZERO, U64_ZERO, U64_ZERO, U64_ZERO,
                                                   U64_ZERO)


@jit
def deal_conditioned(state, known, hands):
    """Complete every hand to 9 cards with the cards not in ``known``, uniformly at random.

    ``known[seat]`` is the mask of cards that seat is known to hold (0 for an unknown hand).
    """
    taken = known[0] | known[1] | known[2] | known[3]
    hands[0], hands[1], hands[2], hands[3] = _fill(state, taken, known[0], known[1], known[2],
                                                   known[3])
