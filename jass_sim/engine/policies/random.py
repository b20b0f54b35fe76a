"""The ``random`` card-play policy: a uniformly random legal card."""

from __future__ import annotations

from ..._jit import U64_ONE, jit, lowest_bit, popcount
from ..rng import below


@jit(inline="always")
def nth_card(cards, k):
    """The ``k``-th lowest card of the mask ``cards``."""
    for _ in range(k):
        cards &= cards - U64_ONE
    return lowest_bit(cards)


@jit(inline="always")
def random_card(legal, rng):
    """A card drawn uniformly from the mask ``legal``."""
    n = popcount(legal)
    return nth_card(legal, below(rng, n)) if n > 1 else lowest_bit(legal)
