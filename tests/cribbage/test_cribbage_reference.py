"""The scoring and pegging kernels against the plain-Python reference (also run with
NUMBA_DISABLE_JIT=1 by scripts/test.sh: keep it small)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.cribbage import _scoring
from jass_sim.cribbage._exact import NET_BINS, NET_OFFSET, crib_enumerate, discard_pair
from jass_sim.cribbage._pegging import PEG_GREEDY, PEG_RANDOM, play_pegging
from jass_sim.cribbage._pegrules import peg_points
from jass_sim.cribbage._players import DISCARD_EXPECT, DISCARD_GREEDY, choose_discard
from jass_sim.cribbage.scoring import combinations_of, score

from cribbage_reference import ref_check_pegging, ref_peg_points, ref_score

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@given(five_cards, st.booleans())
def test_score_matches_reference(cards, crib):
    hand, starter = cards[:4], cards[4]
    assert score(hand, starter, crib) == ref_score(hand, starter, crib)
    parts = _scoring.score_parts(np.array(cards, dtype=np.int64), 5, crib)
    assert int(parts.sum()) == ref_score(hand, starter, crib)
    assert sum(c.points for c in combinations_of(hand, starter, crib)) == ref_score(hand, starter, crib)


@given(five_cards)
def test_four_cards_without_starter(cards):
    assert score(cards[:4], None) == ref_score(cards[:4], None)


@given(st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True))
def test_peg_points_match_reference(seq):
    values = [min(c % 13 + 1, 10) for c in seq]
    while sum(values) > 31:  # a count never passes 31
        seq, values = seq[:-1], values[:-1]
    arr = np.array(seq, dtype=np.int64)
    assert peg_points(arr, len(seq), sum(values)) == ref_peg_points(seq)


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.sampled_from([1, -1]))
def test_crib_enumeration_matches_brute_force(cards, sign):
    """Two thrown cards against five unseen ones: every (two crib cards, starter) case."""
    d1, d2, unseen = cards[0], cards[1], cards[2:]
    hand_scores = np.arange(len(unseen), dtype=np.int64) % 3
    hist = np.zeros(NET_BINS, dtype=np.int64)
    total = crib_enumerate(d1, d2, np.array(unseen, dtype=np.int64), hand_scores, sign, hist)
    want_total = 0
    want_hist = np.zeros(NET_BINS, dtype=np.int64)
    for x, y in combinations(range(len(unseen)), 2):
        for t in range(len(unseen)):
            if t in (x, y):
                continue
            crib = ref_score([d1, d2, unseen[x], unseen[y]], unseen[t], crib=True)
            want_total += crib
            want_hist[NET_OFFSET + hand_scores[t] + sign * crib] += 1
    assert total == want_total
    assert (hist == want_hist).all()


def test_discard_pairs_are_the_15_pairs_in_order():
    assert [discard_pair(k) for k in range(15)] == list(combinations(range(6), 2))


def test_each_rule_on_known_hands():
    from jass_sim.cribbage.cards import parse_card, parse_cards

    def pts(hand, starter, crib=False):
        return score(parse_cards(hand), parse_card(starter), crib)

    assert pts("5H 5D 5S JC", "5C") == 29                 # the best hand (seed)
    assert pts("6C 7S 8D 8H", "9S") == 16                 # the seed's example
    assert pts("2H 4H 6H 8H", "KS") == 4 + 0              # a four-card flush in the hand
    assert pts("2H 4H 6H 8H", "KS", crib=True) == 0       # not in the crib
    assert pts("2H 4H 6H 8H", "QH", crib=True) == 5       # five-card flush in the crib
    assert pts("2H 4H 6H QS", "8H") == 0 + 0              # the starter never makes a 4-card flush
    assert pts("JH 2C 4S 8D", "KH") == 1                  # nobs
    assert pts("JH 2C 4S 8D", "KS") == 0
    assert pts("3C 3D 3H 3S", "AC") == 12                 # four of a kind, no fifteen (3+3+3+3+A=13)
    assert pts("3C 4D 5H 5S", "5C") == 9 + 6 + 2                # triple run 3 x 3, three 5s, 5+5+5
    assert pts("AC 2D 3H KS", "QS") == 3 + 4              # the ace is low: A-2-3 (no Q-K-A); K+2+3, Q+2+3
    assert pts("QC KD AH 2S", "7S") == 0


@given(st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True), st.integers(0, 1),
       st.sampled_from([PEG_RANDOM, PEG_GREEDY]), st.integers(0, 2**32))
def test_pegging_hand_follows_the_rules(cards, pone, policy, seed):
    """A whole pegging hand (both players' four cards) traced by the kernel and checked play by
    play by the reference: every point, every go, the last card, all eight cards played."""
    from jass_sim.core.rng import block_states

    left = np.array([cards[:4], cards[4:]], dtype=np.int64)
    n_left = np.array([4, 4], dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    peg = np.zeros(2, dtype=np.int64)
    trace = np.zeros((32, 5), dtype=np.int64)
    winner, n_ev = play_pegging(left, n_left, pone, np.array([policy, policy], dtype=np.int64),
                                block_states(seed, 0, 1)[0], np.empty(16, dtype=np.int64), scores, peg,
                                True, trace, 0, 0, np.zeros(2, dtype=np.uint64))
    assert winner == -1
    events = [{"player": int(e[1]), "card": None if e[2] < 0 else int(e[2]), "count": int(e[3]),
               "points": int(e[4])} for e in trace[:n_ev]]
    points, unplayed = ref_check_pegging(events, {0: cards[:4], 1: cards[4:]}, pone)
    assert unplayed == {0: [], 1: []}
    assert events[-1]["card"] is None or events[-1]["count"] == 31     # a last-card point unless 31
    assert [points[0], points[1]] == list(peg) == list(scores)


@settings(max_examples=15)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True), st.sampled_from([1, -1]),
       st.sampled_from([DISCARD_GREEDY, DISCARD_EXPECT]))
def test_discard_players_match_reference(six, sign, policy):
    """greedy: most points in the kept four alone, plus or minus the thrown pair's own points;
    expect: the kept four's mean over the 46 starters plus or minus the crib table; first of equals."""
    table = np.arange(169, dtype=np.float64).reshape(13, 13) % 7 / 3.0  # any table will do
    values = []
    for i, j in combinations(range(6), 2):
        kept = [six[a] for a in range(6) if a not in (i, j)]
        if policy == DISCARD_GREEDY:
            ri, rj = six[i] % 13, six[j] % 13
            thrown = 2 * (ri == rj) + 2 * (min(ri + 1, 10) + min(rj + 1, 10) == 15)
            values.append(ref_score(kept, None) + sign * thrown)
        else:
            starters = [c for c in range(52) if c not in six]
            values.append(sum(ref_score(kept, s) for s in starters) / 46 + sign * table[six[i] % 13, six[j] % 13])
    k = choose_discard(policy, np.array(six, dtype=np.int64), sign, table, np.ones(4, dtype=np.uint64),
                       np.empty(5, dtype=np.int64))
    assert values[k] == max(values)  # the kernel's pick is a best discard (floating sums may order ties apart)
