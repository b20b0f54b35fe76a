"""Compiled card-set helpers shared by the cribbage kernels (private)."""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit
from jass_sim.core.rng import below


@jit(inline="always")
def card_mask(cards, n):
    """The 52-bit mask (``uint64``) of the cards ``cards[:n]``."""
    mask = U64_ZERO
    for a in range(n):
        mask |= U64_ONE << np.uint64(cards[a])
    return mask


@jit(inline="always")
def unseen_cards(hand, pool):
    """Write the cards not in ``hand`` (any length) to ``pool`` in increasing order (a 52-bit mask
    of the hand decides); return how many."""
    mask = card_mask(hand, hand.shape[0])
    n = 0
    for c in range(52):
        if not (mask >> np.uint64(c)) & U64_ONE:
            pool[n] = c
            n += 1
    return n


@jit(inline="always")
def keep_four(six, i, j, out):
    """Write the four cards of ``six`` other than positions ``i`` and ``j`` to ``out[:4]``."""
    m = 0
    for a in range(6):
        if a != i and a != j:
            out[m] = six[a]
            m += 1


@jit(inline="always")
def deal_from(pool, n_pool, n, state, out):
    """Draw ``n`` distinct cards from ``pool[:n_pool]`` into ``out`` (partial Fisher-Yates on ``pool``)."""
    for i in range(n):
        j = i + below(state, n_pool - i)
        pool[i], pool[j] = pool[j], pool[i]
        out[i] = pool[i]


@jit(inline="always")
def deal_deck(deck_state, deck):
    """The engine's deal of a hand: ``deck[:13]`` the first 13 cards of a deck shuffled from
    ``deck_state`` (partial Fisher-Yates), the pone's six, the dealer's six, then the starter."""
    for c in range(52):
        deck[c] = c
    for i in range(13):
        j = i + below(deck_state, 52 - i)
        deck[i], deck[j] = deck[j], deck[i]
