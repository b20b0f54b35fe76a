"""The Differenzler's batch kernel: many rounds, each dealt, announced and played, one row each.

A round's row (``int64[N_ROW]``): the dealer, the bottom (trump) card, the four numbers, the four
seats' points. Each RNG block deals its rounds from one stream (``deal_states``) and plays them from
another (``play_states``), so the same seed deals the same rounds whatever the players (the random
player draws from the play stream only): duplicate comparisons see the same deals and numbers.

Two kinds of deal: uniform (:func:`~._kernels.deal_bottom`, the dealer moving on with the round's
number) or, for ``advise``, conditioned on what one seat knows (:func:`deal_known`): its hand, and
the trump card in the dealer's hand.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from jass_sim.core.jit import U64_ONE, jit
from jass_sim.core.rng import BLOCK_SIZE, shuffle
from jass_sim.jass.differenzler._announce import announce
from jass_sim.jass.differenzler._kernels import deal_bottom, play_diff_round

DEALER, TRUMP_CARD, BIDS, MADE = 0, 1, 2, 6
N_ROW = 10


@jit(inline="always")
def deal_known(rng, pool, n_pool, hands, seat, hand, dealer, trump_card):
    """Deal the cards of ``pool[:n_pool]`` (every card but ``hand`` and ``trump_card``) uniformly:
    ``seat`` holds ``hand``; the dealer holds ``trump_card`` (when ``seat`` is not the dealer)."""
    shuffle(rng, pool, n_pool)
    k = 0
    for s in range(4):
        if s == seat:
            hands[s] = hand
            continue
        h = np.uint64(0)
        n = 9
        if s == dealer:
            h = U64_ONE << np.uint64(trump_card)
            n = 8
        for _ in range(n):
            h |= U64_ONE << np.uint64(pool[k])
            k += 1
        hands[s] = h


@jit(parallel=True)
def play_blocks(deal_states, play_states, counts, first_round, fixed_bids, policies, coef, known_seat, known_hand,
                known_dealer, known_trump_card, open_, bonus, rows):
    """Play ``counts[b]`` rounds of each block ``b`` into ``rows`` (block ``b``'s rounds from row
    ``b * BLOCK_SIZE``).

    Uniform deals when ``known_seat < 0``, the dealer of round ``first_round + b * BLOCK_SIZE + k``
    being that number mod 4; else deals conditioned on ``known_hand`` at ``known_seat`` with dealer
    ``known_dealer`` and bottom card ``known_trump_card``. ``fixed_bids[seat] >= 0`` is that seat's
    number; a seat at -1 announces with the fast announcer (``coef``). ``policies[seat]``: the
    seats' player numbers; ``open_`` and ``bonus`` (the exact-hit bonus) are what a ``search`` seat
    knows of the announcements and the penalty.
    """
    for b in prange(len(counts)):
        rng = deal_states[b]
        prng = play_states[b]
        hands = np.zeros(4, dtype=np.uint64)
        bids = np.zeros(4, dtype=np.int64)
        made = np.zeros(4, dtype=np.int64)
        trace = np.zeros((9, 6), dtype=np.int64)
        deck = np.arange(36, dtype=np.int64)
        pool = np.zeros(36, dtype=np.int64)
        n_pool = 0
        if known_seat >= 0:
            for c in range(36):
                if (known_hand >> np.uint64(c)) & U64_ONE == np.uint64(0) and c != known_trump_card:
                    pool[n_pool] = c
                    n_pool += 1
        for k in range(counts[b]):
            if known_seat >= 0:
                dealer = known_dealer
                trump_card = known_trump_card
                deal_known(rng, pool, n_pool, hands, known_seat, known_hand, dealer, trump_card)
            else:
                dealer = (first_round + b * BLOCK_SIZE + k) & 3
                trump_card = deal_bottom(rng, deck, hands, dealer)
            trump = trump_card // 9
            for seat in range(4):
                if fixed_bids[seat] >= 0:
                    bids[seat] = fixed_bids[seat]
                else:
                    bids[seat] = announce(hands[seat], trump, (seat - dealer - 1) & 3, coef)
            row = rows[b * BLOCK_SIZE + k]
            row[DEALER] = dealer
            row[TRUMP_CARD] = trump_card
            for seat in range(4):
                row[BIDS + seat] = bids[seat]
            play_diff_round(hands, trump, (dealer + 1) & 3, bids, policies, prng, trace, made, trump_card, open_, bonus,
                            coef)
            for seat in range(4):
                row[MADE + seat] = made[seat]


@jit
def deal_hands(deal_states, counts, first_round, hands_out):
    """The hands (``uint64[rounds, 4]``) that :func:`play_blocks` deals uniformly from the same
    ``deal_states``: its deal stream draws nothing but the deals, so they can be dealt again (the
    announcer's fit reads the hands behind the rows)."""
    hands = np.zeros(4, dtype=np.uint64)
    for b in range(len(counts)):
        rng = deal_states[b].copy()
        deck = np.arange(36, dtype=np.int64)
        for k in range(counts[b]):
            dealer = (first_round + b * BLOCK_SIZE + k) & 3
            deal_bottom(rng, deck, hands, dealer)
            for s in range(4):
                hands_out[b * BLOCK_SIZE + k, s] = hands[s]
