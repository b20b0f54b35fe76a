"""The exact enumeration of all 12,994,800 hand-plus-starter combinations (about a second
compiled) and the exact discard values."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from jass_sim.cribbage.analysis import exact_stats
from jass_sim.cribbage.cards import parse_cards
from jass_sim.cribbage.discards import crib_rank_table, discard_options

from cribbage_reference import ref_score


@pytest.fixture(scope="module")
def exact():
    return exact_stats()


def test_the_published_numbers(exact):
    table, summary = exact
    assert summary["combinations"] == 12_994_800 == int(table.hand_count.sum()) == int(table.crib_count.sum())
    total = int((table.score * table.hand_count).sum())
    assert round(total / 12_994_800, 5) == 4.76915
    assert int(table.hand_count[0]) == 1_009_008
    assert int(table.crib_count[0]) == 1_022_208
    for impossible in (19, 25, 26, 27):
        assert int(table.hand_count[impossible]) == 0 and int(table.crib_count[impossible]) == 0
    assert int(table.hand_count[29]) == 4 and int(table.hand_count[28]) == 76
    assert list(table.score) == list(range(30))
    assert sum(summary["parts_total"].values()) == total


def test_nobs_share_of_the_mean(exact):
    """Nobs adds 12/13 * 4/51 = 16/221 = 0.0724 point to the mean: the starter is not a jack
    (12/13) and the matching jack is among the four held cards out of 51 (4/51). The often
    quoted 1/13 (4 cards x 1/13 jacks x 1/4 suit) ignores that the cards are drawn without
    replacement."""
    _, summary = exact
    share = Fraction(summary["parts_total"]["nobs"], summary["combinations"])
    assert share == Fraction(12, 13) * Fraction(4, 51) == Fraction(16, 221)
    assert share != Fraction(1, 13)


def test_discard_values_match_reference_for_one_discard():
    hand = parse_cards("5H 5D JS 6C 4H KD")
    options = {tuple(o.discard): o for o in discard_options(hand, dealer=True)}
    assert len(options) == 15
    o = options[(hand[2], hand[5])]  # throw JS KD, keep 5H 5D 6C 4H
    kept = [hand[0], hand[1], hand[3], hand[4]]
    unseen = [c for c in range(52) if c not in hand]
    assert o.hand_ev == pytest.approx(sum(ref_score(kept, s) for s in unseen) / 46, abs=1e-12)
    # crib: exact over the 3-card subsets, the starter any of the three (nobs is the only asymmetry)
    total = 0
    for trio in combinations(unseen, 3):
        for i in range(3):
            others = [trio[j] for j in range(3) if j != i]
            total += ref_score([hand[2], hand[5]] + others, trio[i], crib=True)
    assert o.crib_ev == pytest.approx(total / (1035 * 44), abs=1e-12)
    assert o.net_ev == pytest.approx(o.hand_ev + o.crib_ev)
    assert sum(o.net_distribution.values()) == pytest.approx(1.0)
    assert sum(v * p for v, p in o.net_distribution.items()) == pytest.approx(o.net_ev)


def test_pone_subtracts_the_crib_and_ranking_is_sorted():
    hand = parse_cards("5H 5D JS 6C 4H KD")
    dealer = discard_options(hand, dealer=True)
    pone = discard_options(hand, dealer=False)
    for opts, sign in ((dealer, 1), (pone, -1)):
        nets = [o.net_ev for o in opts]
        assert nets == sorted(nets, reverse=True)
        for o in opts:
            assert o.net_ev == pytest.approx(o.hand_ev + sign * o.crib_ev)
    assert {tuple(o.discard) for o in dealer} == {tuple(o.discard) for o in pone}


def test_crib_rank_table():
    t = crib_rank_table()
    assert np.allclose(t, t.T)
    assert t[4, 4] == t.max()            # a pair of fives is the best throw
    assert 8.9 < t[4, 4] < 9.1 and 3.3 < t[9, 12] < 3.6


def test_rank_table_equals_the_loop_kernels_everywhere():
    """The five-rank lookup table (numpy-built) against the loop kernels on every multiset of five
    ranks, and invariant under every permutation (adjacent swaps generate them all)."""
    from itertools import combinations_with_replacement

    from jass_sim.cribbage import _scoring

    table = _scoring.RANK5.reshape((13,) * 5)
    for axes in ((1, 0, 2, 3, 4), (0, 2, 1, 3, 4), (0, 1, 3, 2, 4), (0, 1, 2, 4, 3)):
        assert np.array_equal(table, table.transpose(axes))
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks.count(ranks[0]) == 5:
            continue  # five cards of one rank do not exist
        # a card of each rank, suits spread so no rank repeats a card
        cards = np.array([13 * (ranks[:i].count(r)) + r for i, r in enumerate(ranks)], dtype=np.int64)
        loops = _scoring.fifteens(cards, 5) + _scoring.pairs(cards, 5) + _scoring.runs(cards, 5)
        assert table[ranks] == loops == ref_score(list(cards[:4]), int(cards[4])) - _flush_nobs(cards)


def _flush_nobs(cards):
    from cribbage_reference import ref_flush, ref_nobs

    return ref_flush(list(cards[:4]), int(cards[4]), False) + ref_nobs(list(cards[:4]), int(cards[4]))
