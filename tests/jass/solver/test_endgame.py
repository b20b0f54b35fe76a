"""The solver's endgame loops (two and three tricks left) against the brute-force reference.

Each answers the zero-window test "value >= gamma" with a fail-soft bound: a result ``r >= gamma``
is a lower bound of the value, ``r < gamma`` an upper bound. Run compiled and, like the other
kernel-vs-reference tests, again with ``NUMBA_DISABLE_JIT=1``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.rules.tables import POINTS
from jass_sim.jass.solver._endgame import three_tricks, two_tricks
from jass_sim.jass.solver._play import MATCH_HALF
from jass_sim.jass.solver._tables import to_power_mask

from reference import ref_solve

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh


@st.composite
def endgame_tests(draw, n):
    """``(hands, leader, match, delta)``: four random disjoint hands of ``n`` cards each and the
    offset of ``gamma`` from the true value (mostly near it, where the test is hardest)."""
    deck = draw(st.permutations(range(36)))
    hands = [set(deck[n * s: n * s + n]) for s in range(4)]
    delta = draw(st.one_of(st.integers(-3, 3), st.integers(-200, 200)))
    return hands, draw(st.integers(0, 3)), draw(st.booleans()), delta


def _true_value(hands, mode, leader, match):
    """The search's value (see ``_search``): team 0's points, a match as +-MATCH_HALF."""
    team0, team1, _ = ref_solve(hands, mode, leader, match)
    remaining = sum(int(POINTS[mode, c]) for h in hands for c in h) + 5
    if match and team0 == remaining + 2 * MATCH_HALF:
        return remaining + MATCH_HALF
    if match and team1 == remaining + 2 * MATCH_HALF:
        return -MATCH_HALF
    return team0


def _check(loops, n, mode, test):
    hands, leader, match, delta = test
    value = _true_value(hands, mode, leader, match)
    hs = np.array([to_power_mask(sum(1 << c for c in h), mode) for h in hands], dtype=np.uint64)
    before = hs.copy()
    gamma = value + delta
    st_ = np.zeros(16, dtype=np.int64)
    r = loops(hs, st_, mode, mode if mode < 4 else -1, leader, 3 if match else 0, gamma)
    assert (hs == before).all()  # hands restored
    if r >= gamma:
        assert value >= r
    else:
        assert value <= r


@pytest.mark.parametrize("mode", range(6))
@settings(max_examples=40, deadline=None)
@given(test=endgame_tests(2))
def test_two_tricks_bounds_the_value(mode, test):
    _check(two_tricks, 2, mode, test)


@pytest.mark.parametrize("mode", range(6))
@settings(max_examples=25, deadline=None)
@given(test=endgame_tests(3))
def test_three_tricks_bounds_the_value(mode, test):
    def loops(hs, st_, mode, trump, leader, flag, gamma):
        v, best = three_tricks(hs, st_, mode, trump, leader, flag, gamma, -1)
        assert (hs[leader] >> np.uint64(best)) & np.uint64(1)  # the leader's card
        return v

    _check(loops, 3, mode, test)
