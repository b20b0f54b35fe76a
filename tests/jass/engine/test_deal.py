"""Dealing: uniform deals and deals conditioned on known cards are uniform (chi-square)."""

from __future__ import annotations

import math

import numpy as np

from jass_sim.core.notation import cards_to_mask
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import parse_cards
from jass_sim.jass.engine.deal import deal_conditioned, deal_uniform, new_deck, new_pool

N = 20_000


def chi_square_p(observed, expected):
    """Upper-tail p-value of Pearson's chi-square (Wilson-Hilferty normal approximation)."""
    stat = float(((observed - expected) ** 2 / expected).sum())
    k = observed.size - 1
    z = ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def seat_counts(deal_fn, n=N):
    counts = np.zeros((36, 4))
    rng = block_states(11, 0, 1)[0]
    hands = np.zeros(4, np.uint64)
    for _ in range(n):
        deal_fn(rng, hands)
        assert int(hands[0]) | int(hands[1]) | int(hands[2]) | int(hands[3]) == (1 << 36) - 1
        for seat in range(4):
            h = int(hands[seat])
            assert h.bit_count() == 9
            for c in range(36):
                counts[c, seat] += h >> c & 1
    return counts


def test_uniform_deal_puts_each_card_anywhere():
    deck = new_deck()
    counts = seat_counts(lambda rng, hands: deal_uniform(rng, deck, hands))
    assert chi_square_p(counts, np.full_like(counts, N / 4)) > 1e-4


def test_conditioned_deal_keeps_known_cards_and_is_uniform_on_the_rest():
    known = np.zeros(4, np.uint64)
    known[0] = cards_to_mask(parse_cards("HJ H9 HA SK SQ D6 C7 C8 CT"))
    known[2] = cards_to_mask(parse_cards("DA DK"))
    pool, n_free = new_pool(known)
    assert n_free == 36 - 11
    counts = seat_counts(lambda rng, hands: deal_conditioned(rng, known, pool, hands))
    fixed = [c for c in range(36) if (int(known[0]) | int(known[2])) >> c & 1]
    for c in fixed:
        seat = 0 if int(known[0]) >> c & 1 else 2
        assert counts[c, seat] == N
    free = [c for c in range(36) if c not in fixed]
    # the 25 free cards fill 0, 9, 7 and 9 places of seats 0..3
    expected = np.array([0, 9, 7, 9]) / 25 * N
    obs = counts[free][:, 1:]
    assert chi_square_p(obs, np.tile(expected[1:], (len(free), 1))) > 1e-4


def test_chi_square_detects_a_biased_deal():
    """The test statistic can fail: a deal that favours seat 0 for hearts is rejected."""
    counts = np.full((36, 4), N / 4)
    counts[:9, 0] += 300
    counts[:9, 1] -= 300
    assert chi_square_p(counts, np.full_like(counts, N / 4)) < 1e-4
