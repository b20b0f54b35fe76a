"""The one Jass play step (``rules._tricks.play_card``, ``trick_taken``, ``void_shown``,
``may_hold``) agrees with the plain-Python reference rules, card by card over whole random rounds.

Every kernel that plays cards (the round engine, play-advice's rollouts, net's search, self-play,
the belief replay) applies cards with these functions, and the page's position check uses them
too, so this test covers the rules of all of them. Runs compiled and, in the test script, again
under NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.rules import current_trick, trick_outcome
from jass_sim.jass.rules._tricks import may_hold, play_card, trick_taken, void_shown

from reference import (
    ref_legal_moves,
    ref_may_hold,
    ref_trick_points,
    ref_trick_winner,
    ref_void_shown,
)
from strategies import deals, modes

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh


def _suits_of(voids: int, seat: int) -> set[int]:
    return {suit for suit in range(4) if (voids >> (4 * seat + suit)) & 1}


@given(deals(), modes, st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_play_step_follows_the_reference_through_a_round(deal, mode, leader, seed):
    rnd = random.Random(seed)
    ref_hands = [set(h) for h in deal]
    ref_voids: list[set[int]] = [set(), set(), set(), set()]
    hands = np.array([cards_to_mask(h) for h in deal], dtype=np.uint64)
    trace = np.zeros((9, 6), dtype=np.int64)
    trace[0, 0] = leader
    played = np.uint64(0)
    voids = 0
    totals = [0, 0]
    for t in range(9):
        assert trace[t, 0] == leader  # written by the previous trick_taken
        led, best_card, best_power, best_pos = -1, 0, -1, 0
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) & 3
            card = rnd.choice(sorted(ref_legal_moves(ref_hands[seat], trick, mode)))
            if trick:
                assert current_trick(trick, mode) == (led, best_card)
                shown = ref_void_shown(card, trick, mode)
                if shown is not None:
                    ref_voids[seat].add(shown)
            trace[t, 1 + i] = card
            played, voids, led, best_card, best_power, best_pos = play_card(
                card, seat, i, hands, played, voids, led, best_card, best_power, best_pos, mode)
            trick.append(card)
            ref_hands[seat].discard(card)
            assert int(hands[seat]) == cards_to_mask(ref_hands[seat])
            assert int(played) == cards_to_mask([c for row in trace[:t] for c in row[1:5]] + trick)
            for s in range(4):
                assert _suits_of(int(voids), s) == ref_voids[s]
            assert best_pos == ref_trick_winner(trick, mode)
            assert best_card == trick[best_pos]
        winner, points = trick_taken(trace, t, best_pos, mode)
        ref_winner = (leader + ref_trick_winner(trick, mode)) % 4
        ref_points = ref_trick_points(trick, mode, last=t == 8)
        assert (winner, points) == (ref_winner, ref_points)
        assert trick_outcome(leader, trick, t, mode) == (ref_winner, ref_points)
        assert trace[t, 5] == ref_winner
        totals[winner & 1] += points
        leader = winner
    assert sum(totals) == 157  # every card point and the last trick's 5
    assert not hands.any()


@given(deals(), modes, st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_a_shown_void_is_implied_by_the_rules(deal, mode, leader, seed):
    """No void is inferred that a legal play does not imply: a player shown void in a suit held no
    card of it but the trump Buur when it played (checked on its true hand)."""
    rnd = random.Random(seed)
    hands = [set(h) for h in deal]
    for _ in range(9):
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            card = rnd.choice(sorted(ref_legal_moves(hands[seat], trick, mode)))
            if trick:
                suit = trick[0] // 9
                bit = int(void_shown(0, card, seat, suit, mode))
                if bit:
                    assert bit == 1 << (4 * seat + suit)
                    assert all(bool(may_hold(bit, seat, c, mode)) for c in hands[seat] if c != card)
            hands[seat].discard(card)
            trick.append(card)
        leader = (leader + ref_trick_winner(trick, mode)) % 4


@given(st.integers(0, 35), st.sets(st.integers(0, 3)), st.integers(0, 3), modes)
def test_may_hold_agrees(card, void_suits, seat, mode):
    voids = sum(1 << (4 * seat + s) for s in void_suits)
    assert bool(may_hold(voids, seat, card, mode)) == ref_may_hold(card, void_suits, mode)
    other = (seat + 1) & 3  # the bits of one seat say nothing of another's cards
    assert bool(may_hold(voids, other, card, mode))
