"""The ``random`` card-play policy: a uniformly random legal card."""

from __future__ import annotations

from jass_sim.core.jit import jit, lowest_bit, popcount, select_bit_fast
from jass_sim.core.rng import below


@jit(inline="always")
def random_card(legal, rng):
    """A card drawn uniformly from the mask ``legal``."""
    n = popcount(legal)
    return select_bit_fast(legal, below(rng, n)) if n > 1 else lowest_bit(legal)
