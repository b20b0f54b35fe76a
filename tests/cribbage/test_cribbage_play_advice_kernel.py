"""The pegging adviser's kernels against the plain-Python reference: the split minimax line, and
the exact values over every opponent hand (rank classes weighted by suit combinations against
every card combination enumerated). Also run with NUMBA_DISABLE_JIT=1 by scripts/test.sh: keep it
small."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from jass_sim.core.errors import InputError
from jass_sim.cribbage._advice import rest_split, sample_worlds
from jass_sim.cribbage._search import rest_value
from jass_sim.cribbage.cards import format_cards
from jass_sim.cribbage.pegging_advice import advise, rank_classes
from jass_sim.cribbage.pegposition import build_position

from cribbage_reference import ref_advice_sums, ref_rest_split, value

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

cards12 = st.lists(st.integers(0, 51), min_size=12, max_size=12, unique=True)


def split_position(cards, n0, n1, n_seq):
    seq = []
    for c in cards[8:8 + n_seq]:
        if sum(value(x) for x in seq) + value(c) <= 30:
            seq.append(c)
    return [cards[:n0], cards[4:4 + n1]], seq


@settings(max_examples=60, deadline=None)
@given(cards12, st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 1), st.integers(0, 1))
def test_rest_split_matches_reference(cards, n0, n1, n_seq, turn, last):
    hands, seq = split_position(cards, n0, n1, n_seq)
    arr = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        arr[p, :len(hands[p])] = hands[p]
    n_left = np.array([n0, n1], dtype=np.int64)
    before = arr.copy()
    buf = np.zeros(24, dtype=np.int64)
    buf[:len(seq)] = seq
    count = sum(value(c) for c in seq)
    ours, theirs = rest_split(arr, n_left, buf, 0, len(seq), count, turn, last)
    assert (ours, theirs) == ref_rest_split(hands, seq, turn, last)
    assert (arr == before).all() and list(n_left) == [n0, n1]
    # the difference is the search player's own minimax value
    assert ours - theirs == rest_value(arr, n_left, buf, 0, len(seq), count, turn, last)


def peg_prefix(ours, theirs, pone, choices, stop):
    """The first ``stop`` cards of a legal pegging (player 0 holds ``ours``), each player playing
    his playable card number ``choices[i] % playable``."""
    left = [list(ours), list(theirs)]
    seq, count, last, turn, played, i = [], 0, None, pone, [], 0
    while len(played) < stop and (left[0] or left[1]):
        can = [c for c in left[turn] if count + value(c) <= 31]
        if can:
            c = can[choices[i % len(choices)] % len(can)]
            i += 1
            left[turn].remove(c)
            played.append(c)
            seq.append(c)
            count += value(c)
            last, turn = turn, 1 - turn
            if count == 31:
                seq, count = [], 0
        elif any(count + value(c) <= 31 for c in left[1 - turn]):
            turn = 1 - turn
        else:
            seq, count, turn = [], 0, 1 - last
    return played


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True), st.booleans(),
       st.lists(st.integers(0, 3), min_size=8, max_size=8), st.integers(4, 7))
def test_exact_values_match_reference(cards, dealer, choices, stop):
    """Late positions (the opponent holds at most two cards): the kernel's class-weighted sums
    equal the reference's sums over every card combination of the unseen cards."""
    ours, theirs, starter = cards[:4], cards[4:8], cards[8]
    played = peg_prefix(ours, theirs, 1 if dealer else 0, choices, stop)
    try:
        pos = build_position(format_cards(ours), format_cards([starter]), dealer, format_cards(played))
    except InputError:  # not the adviser's turn
        assume(False)
    assume(pos.opp_left <= 2)
    advice = advise(pos)
    ref = ref_advice_sums(pos.left, pos.seq, pos.opp_left, pos.unseen())
    w = advice.weights
    assert w.sum() == comb(len(pos.unseen()), pos.opp_left)
    for j, c in enumerate(advice.cards):
        so, st_, n = ref[pos.left.index(c)]
        assert n == w.sum()
        assert int((advice.values[:, j, 0] * w).sum()) == so
        assert int((advice.values[:, j, 1] * w).sum()) == st_
    assert [c for c, r in zip(pos.left, ref) if r is not None] == sorted(advice.cards, key=pos.left.index)


def test_rank_classes_weights():
    pool = [c for c in range(52) if c not in (4, 17, 23, 49, 1)]
    hands, weights = rank_classes(pool, 4)
    assert weights.sum() == comb(47, 4) and len(hands) == len({tuple(sorted(h % 13)) for h in hands})
    hands, weights = rank_classes(pool, 0)
    assert weights.tolist() == [1]


def test_sampled_worlds_come_from_the_pool():
    pool = np.arange(10, 30, dtype=np.int64)
    state = np.array([1, 2, 3, 4], dtype=np.uint64)
    out = np.zeros((50, 4), dtype=np.int64)
    sample_worlds(pool.copy(), 20, 3, 50, state, out)
    for row in out:
        assert len(set(row[:3])) == 3 and all(10 <= c < 30 for c in row[:3])
