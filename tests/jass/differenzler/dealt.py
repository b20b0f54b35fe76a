"""A Differenzler round dealt from a seed, for the tests: the State after the four numbers, and
random legal cards played on it."""

from __future__ import annotations

import numpy as np

from jass_sim.core.rng import block_states
from jass_sim.jass.differenzler._kernels import deal_bottom
from jass_sim.jass.differenzler.rules import get_rules
from jass_sim.jass.differenzler.state import DifferenzlerState


def dealt_state(seed: int, dealer: int, bids: list[int], open_: bool = False):
    """``(state, hands, bottom, rng)``: the deal of random stream 0 at ``seed`` (``hands`` as the
    kernels' masks, ``bottom`` the trump card, ``rng`` the stream's state after the deal) and its
    State (rules ``differenzler``, open announcements with ``open_``) after the numbers ``bids``."""
    rng = block_states(seed, 0, 1, 0)[0]
    hands = np.zeros(4, dtype=np.uint64)
    bottom = int(deal_bottom(rng, np.arange(36, dtype=np.int64), hands, dealer))
    state = DifferenzlerState([[c for c in range(36) if int(h) >> c & 1] for h in hands], dealer, bottom,
                              get_rules("differenzler", open=open_))
    for s in state.order:
        state.apply(str(bids[s]))
    return state, hands, bottom, rng


def play_random(state, seed: int, n_played: int) -> None:
    """Play ``n_played`` random legal cards on ``state`` (numpy's generator at ``seed``)."""
    pick = np.random.default_rng(seed)
    for _ in range(n_played):
        legal = state.legal()
        state.apply(legal[int(pick.integers(len(legal)))])
