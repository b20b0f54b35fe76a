"""The Differenzler's kernels against the plain-Python reference (differenzler_reference.py): the
bottom-card deal and trump, each seat's points through the one play step, the penalty with the exact
bonus; the presets. Marked nojit: scripts/test.sh reruns them with NUMBA_DISABLE_JIT=1.

Budget: hypothesis at 30-40 examples each (a round is 36 cards; the rules have few branches that a
random deal does not reach within a few dozen rounds), well under a second compiled."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states, shuffle
from jass_sim.jass.differenzler._announce import model_coefficients
from jass_sim.jass.differenzler._kernels import deal_bottom, play_diff_round, round_penalty
from jass_sim.jass.differenzler._players import NUMBER, POINTS_PLAYER, RANDOM
from jass_sim.jass.differenzler.rules import PRESETS, get_rules, penalty

from differenzler_reference import ref_deal, ref_penalty, ref_round

pytestmark = pytest.mark.nojit

seeds = st.integers(0, 2**40)
policies = st.lists(st.sampled_from([RANDOM, POINTS_PLAYER, NUMBER]), min_size=4, max_size=4)


@given(st.integers(0, 157), st.integers(0, 157), st.integers(0, 157))
def test_penalty_kernel_and_wrapper_match_the_reference(bid, made, bonus):
    assert round_penalty(bid, made, bonus) == ref_penalty(bid, made, bonus) == penalty(bid, made, bonus)


def test_penalty_examples():
    assert penalty(48, 40) == 8 and penalty(40, 48) == 8
    assert penalty(48, 48) == 0 and penalty(48, 48, 10) == -10 and penalty(47, 48, 10) == 1


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(0, 3))
def test_deal_gives_the_bottom_card_to_the_dealer_and_trump_is_its_suit(seed, dealer):
    rng = block_states(seed, 0, 1, 0)[0]
    order = np.arange(36, dtype=np.int64)
    shuffle(rng.copy(), order, 36)  # the same draws as the kernel's: the deck in dealt order
    hands = np.zeros(4, dtype=np.uint64)
    bottom = deal_bottom(rng, np.arange(36, dtype=np.int64), hands, dealer)
    ref_hands, ref_bottom, ref_trump = ref_deal([int(c) for c in order], dealer)
    assert int(bottom) == ref_bottom and int(bottom) // 9 == ref_trump
    assert [{c for c in range(36) if int(h) >> c & 1} for h in hands] == ref_hands
    assert ref_bottom in ref_hands[dealer]


@settings(max_examples=30, deadline=None)
@given(seeds, st.integers(0, 3), policies, st.lists(st.integers(0, 157), min_size=4, max_size=4))
def test_round_kernel_follows_the_reference(seed, dealer, pols, bids):
    rng = block_states(seed, 0, 1, 0)[0]
    hands = np.zeros(4, dtype=np.uint64)
    bottom = int(deal_bottom(rng, np.arange(36, dtype=np.int64), hands, dealer))
    start = [{c for c in range(36) if int(h) >> c & 1} for h in hands]
    trace = np.zeros((9, 6), dtype=np.int64)
    made = np.zeros(4, dtype=np.int64)
    play_diff_round(hands, bottom // 9, (dealer + 1) & 3, np.array(bids, dtype=np.int64),
                    np.array(pols, dtype=np.int64), rng, trace, made, bottom, False, 0, model_coefficients())
    cards = [int(c) for row in trace for c in row[1:5]]
    assert trace[0, 0] == (dealer + 1) % 4
    assert [int(m) for m in made] == ref_round(start, bottom // 9, dealer, cards)
    assert not hands.any()


def test_presets_and_options():
    assert PRESETS["differenzler"].exact_bonus == 0 and not PRESETS["differenzler"].open
    assert PRESETS["differenzler"].rounds == 12
    assert PRESETS["differenzler-jw"].exact_bonus == 10
    assert get_rules("differenzler", exact_bonus=5).exact_bonus == 5
    assert get_rules("differenzler", open=True).open
    for bad, kwargs in (("nope", {}), ("differenzler", {"exact_bonus": -1}), ("differenzler", {"exact_bonus": 200})):
        with pytest.raises(InputError):
            get_rules(bad, **kwargs)
