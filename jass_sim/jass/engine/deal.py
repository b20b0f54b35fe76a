"""Kernels that deal cards: uniform deals, and deals conditioned on known cards.

Both shuffle a persistent scratch array in place (Fisher-Yates). Shuffling an array that holds
any permutation of the cards yields a uniform permutation, so the array is never reset: one per
block, created by :func:`new_deck` or :func:`new_pool`.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, popcount
from jass_sim.core.rng import shuffle
from jass_sim.jass.cards import N_CARDS

_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def new_deck() -> np.ndarray:
    """Scratch deck for :func:`deal_uniform`."""
    return np.arange(N_CARDS, dtype=np.int64)



@jit(inline="always")
def deal_uniform(state, deck, hands):
    """Deal the 36 cards into ``hands`` (``uint64[4]``), 9 each, uniformly at random."""
    shuffle(state, deck, N_CARDS)
    for seat in range(4):
        h = U64_ZERO
        for k in range(9 * seat, 9 * seat + 9):
            h |= U64_ONE << np.uint64(deck[k])
        hands[seat] = h


def new_pool(known) -> tuple[np.ndarray, int]:
    """Scratch pool for :func:`deal_conditioned`: the cards not in ``known`` (``uint64[4]``)."""
    taken = int(known[0]) | int(known[1]) | int(known[2]) | int(known[3])
    pool = np.array([c for c in range(N_CARDS) if not taken >> c & 1], dtype=np.int64)
    return pool, len(pool)


@jit
def deal_conditioned(state, known, pool, hands):
    """Complete every hand to 9 cards with the cards of ``pool``, uniformly at random.

    ``known[seat]`` is the mask of cards that seat is known to hold; ``pool`` holds exactly the
    other cards (see :func:`new_pool`).
    """
    shuffle(state, pool, len(pool))
    k = 0
    for seat in range(4):
        h = known[seat]
        for _ in range(9 - popcount(h)):
            h |= U64_ONE << np.uint64(pool[k])
            k += 1
        hands[seat] = h
