"""The compiled rule kernels agree with the plain-Python reference on random states.

Runs with the kernels compiled and, in the test script, again under NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.rules import (
    announcement,
    card_points,
    get_rules,
    has_stoeck,
    legal_moves,
    trick_points,
    trick_winner,
)
from jass_sim.jass.rules._melds import MAX_MELDS, announce, meld_key, team_melds
from jass_sim.jass.rules._tricks import trick_power, trick_so_far

from reference import (
    ref_announcement,
    ref_card_points,
    ref_has_stoeck,
    ref_legal_moves,
    ref_meld_key,
    ref_meld_winner,
    ref_trick_points,
    ref_trick_winner,
)
from strategies import deals, hands, modes, positions, rule_names

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh


@given(positions())
def test_legal_moves_agree(position):
    hands_left, trick, mode, seat = position
    assert set(legal_moves(hands_left[seat], trick, mode)) == ref_legal_moves(hands_left[seat], trick, mode)


@given(st.permutations(range(36)), modes)
def test_trick_winner_and_points_agree(deck, mode):
    trick = list(deck[:4])
    assert trick_winner(trick, mode) == ref_trick_winner(trick, mode)
    for last in (False, True):
        assert trick_points(trick, mode, last) == ref_trick_points(trick, mode, last)


@given(st.permutations(range(36)), modes, st.integers(0, 4), st.integers(0, 8))
def test_trick_so_far_is_the_reference_state_of_a_trick_begun(deck, mode, n_in, t):
    # where a search's play-out starts inside trick t of a trace: the led suit and the card winning so far
    trace = np.zeros((9, 6), dtype=np.int64)
    trace[t, 1:5] = deck[:4]
    trace[t, 5] = -7  # (a column after the trick's cards is never read)
    led, best_card, best_power, best_pos = trick_so_far(trace, np.int64(t), np.int64(n_in), np.int64(mode))
    if n_in == 0:
        assert (led, best_card, best_power, best_pos) == (-1, 0, -1, 0)
        return
    cards = list(deck[:n_in])
    winner = ref_trick_winner(cards, mode)
    assert (led, best_pos, best_card) == (cards[0] // 9, winner, cards[winner])
    assert best_power == trick_power(cards[winner], cards[0] // 9, mode)


@given(st.permutations(range(36)), modes)
def test_highest_trick_power_wins_the_trick(deck, mode):
    # the round kernel finds the winner as the highest trick_power (the first card sets the suit)
    trick = list(deck[:4])
    powers = [trick_power(card, trick[0] // 9, mode) for card in trick]
    assert powers.index(max(powers)) == ref_trick_winner(trick, mode)


def test_card_points_agree_everywhere():
    for mode in range(6):
        for card in range(36):
            assert card_points(card, mode) == ref_card_points(card, mode)


@given(hands(), modes, rule_names)
def test_announcement_agrees(hand, mode, rules):
    rules = get_rules(rules)
    ours = announcement(hand, mode, rules)
    ref = ref_announcement(hand, rules, mode)
    assert sum(m.points for m in ours) == sum(m.points for m in ref)
    assert sorted((m.kind, m.cards, m.points) for m in ours) == sorted((m.kind, m.cards, m.points) for m in ref)
    runs, fours, _ = rules.arrays()
    n, total, key = announce(cards_to_mask(hand), mode, runs, fours, np.zeros((MAX_MELDS, 3), np.int64))
    ref_best = max((ref_meld_key(m, mode) for m in ref), default=None)
    assert (key == 0) == (ref_best is None)
    if ref_best is not None:
        assert key == meld_key(*ref_best)


@given(hands(4), modes, rule_names)
def test_announcement_agrees_on_meld_rich_hands(cards, mode, rules):
    # Four of a kind is rare in random hands: build hands around one.
    rank = cards.pop() % 9
    hand = ({9 * s + rank for s in range(4)} | cards)
    extra = [c for c in range(36) if c not in hand][: 9 - len(hand)]
    hand |= set(extra)
    rules = get_rules(rules)
    ours = announcement(hand, mode, rules)
    ref = ref_announcement(hand, rules, mode)
    assert sorted((m.kind, m.cards, m.points) for m in ours) == sorted((m.kind, m.cards, m.points) for m in ref)


@given(deals(), modes, st.integers(0, 3), rule_names)
def test_meld_comparison_agrees(deal, mode, first_leader, rules):
    rules = get_rules(rules)
    runs, fours, _ = rules.arrays()
    masks = np.array([cards_to_mask(h) for h in deal], dtype=np.uint64)
    winner, m0, m1 = team_melds(masks, mode, first_leader, runs, fours, np.zeros((4, MAX_MELDS, 3), np.int64))
    announced = [ref_announcement(h, rules, mode) for h in deal]
    ref_winner = ref_meld_winner(announced, mode, first_leader)
    assert (None if winner < 0 else winner) == ref_winner
    expected = [0, 0]
    if ref_winner is not None:
        expected[ref_winner] = sum(m.points for s in (ref_winner, ref_winner + 2) for m in announced[s])
    assert [m0, m1] == expected


@given(hands(), modes)
def test_stoeck_agrees(hand, mode):
    assert has_stoeck(hand, mode) == ref_has_stoeck(hand, mode)
