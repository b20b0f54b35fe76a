"""The search player, the pegging players, whole games and the sampling kernels against the
plain-Python reference (same generator states, same results; also
run with NUMBA_DISABLE_JIT=1 by scripts/test.sh: keep it small)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jit_mode import NO_JIT

from jass_sim.core.rng import block_states
from jass_sim.cribbage._deck import deal_from
from jass_sim.cribbage._pegging import PEG_GREEDY, PEG_SEARCH, PEG_WIDE, play_pegging
from jass_sim.cribbage._players import pegging_values
from jass_sim.cribbage._search import NOT_SEARCHED, rest_value, search_play, search_values

from cribbage_reference import ref_greedy_play, ref_peg_hand, ref_rest_value, ref_score, ref_search_values, value

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

cards12 = st.lists(st.integers(0, 51), min_size=12, max_size=12, unique=True)


def split_position(cards, n0, n1, n_seq):
    """Two hands of ``n0`` and ``n1`` cards and a current count of at most ``n_seq`` cards (<= 30)."""
    seq = []
    for c in cards[8:8 + n_seq]:
        if sum(value(x) for x in seq) + value(c) <= 30:
            seq.append(c)
    return [cards[:n0], cards[4:4 + n1]], seq


def as_arrays(hands):
    arr = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        arr[p, :len(hands[p])] = hands[p]
    return arr, np.array([len(h) for h in hands], dtype=np.int64)


@settings(max_examples=60, deadline=None)
@given(cards12, st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 1), st.integers(0, 1))
def test_rest_value_matches_reference(cards, n0, n1, n_seq, turn, last):
    hands, seq = split_position(cards, n0, n1, n_seq)
    arr, n_left = as_arrays(hands)
    before = arr.copy()
    buf = np.zeros(24, dtype=np.int64)
    buf[:len(seq)] = seq
    got = rest_value(arr, n_left, buf, 0, len(seq), sum(value(c) for c in seq), turn, last)
    assert got == ref_rest_value(hands, seq, turn, last)
    assert (arr == before).all() and list(n_left) == [n0, n1]    # the search puts the cards back


@settings(max_examples=30, deadline=None)
@given(cards12, st.integers(1, 4), st.integers(0, 4), st.integers(0, 3))
def test_search_values_match_reference(cards, n0, n_seq, n_worlds):
    """Each card's summed exact value over a few opponent hands (disjoint from the hand and the count)."""
    hand, seq = cards[:n0], []
    for c in cards[4:4 + n_seq]:
        if sum(value(x) for x in seq) + value(c) <= 30:
            seq.append(c)
    rest = [c for c in range(52) if c not in cards[:8]]
    opp_n = 4 - n0 % 2                                 # 3 or 4 cards
    worlds = [rest[3 * w:3 * w + opp_n] for w in range(n_worlds)]
    arr = np.zeros((max(n_worlds, 1), 4), dtype=np.int64)
    for w, row in enumerate(worlds):
        arr[w, :opp_n] = row
    got = search_values(np.array(hand, dtype=np.int64), n0, arr, n_worlds, opp_n, np.array(seq + [0], dtype=np.int64),
                        len(seq), sum(value(c) for c in seq))
    want = ref_search_values(hand, worlds, seq)
    assert [None if g == NOT_SEARCHED else int(g) for g in got] == want


def ref_search_play(hand, opp_n, seq, seen, min_value, n_worlds, state):
    """The search player's card by the reference, drawing the same opponent hands as the kernel."""
    count = sum(value(c) for c in seq)
    firsts = [i for i, c in enumerate(hand) if count + value(c) <= 31
              and not any(x % 13 == c % 13 for x in hand[:i])]
    if len(firsts) <= 1:
        return firsts[0]
    pool = np.array([c for c in range(52) if not seen >> c & 1 and value(c) >= min_value], dtype=np.int64)
    if opp_n == 0 or len(pool) == opp_n:
        n_worlds = 1
    worlds = []
    for _ in range(n_worlds):
        out = np.zeros(4, dtype=np.int64)
        deal_from(pool, len(pool), opp_n, state, out)
        worlds.append([int(c) for c in out[:opp_n]])
    values = ref_search_values(hand, worlds, seq)
    return max(firsts, key=lambda i: (values[i], -i))


@settings(max_examples=30, deadline=None)
@given(cards12, st.integers(1, 4), st.integers(0, 4), st.integers(0, 3), st.integers(1, 8), st.integers(0, 2**32))
def test_search_play_matches_reference(cards, n0, opp_n, n_seq, min_value, seed):
    """Same generator state, same sampled opponent hands, same card; only unseen cards of at
    least ``min_value`` (his goes) are dealt to the opponent."""
    hand = cards[:n0]
    seq = []
    for c in cards[4:4 + n_seq]:
        if sum(value(x) for x in seq) + value(c) <= 30:
            seq.append(c)
    count = sum(value(c) for c in seq)
    if not any(count + value(c) <= 31 for c in hand):
        return
    seen = sum(1 << c for c in cards)
    state = block_states(seed, 0, 1)[0]
    want = ref_search_play(hand, opp_n, seq, seen, min_value, 5, state.copy())
    got = search_play(np.array(hand, dtype=np.int64), n0, opp_n, np.array(seq + [0], dtype=np.int64), len(seq),
                      count, np.uint64(seen), min_value, 5, state)
    assert got == want


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True), st.integers(0, 1))
def test_greedy_pegging_hand_matches_reference(cards, pone):
    """A whole hand of greedy against greedy: the same points as the reference players."""
    left = np.array([cards[:4], cards[4:]], dtype=np.int64)
    peg = np.zeros(2, dtype=np.int64)
    play_pegging(left, np.array([4, 4], dtype=np.int64), pone, np.array([PEG_GREEDY, PEG_GREEDY], dtype=np.int64),
                 block_states(0, 0, 1)[0], np.empty(16, dtype=np.int64), np.zeros(2, dtype=np.int64), peg, False,
                 np.zeros((1, 5), dtype=np.int64), 0, 0, np.zeros(2, dtype=np.uint64))
    want = ref_peg_hand([cards[:4], cards[4:]], pone, lambda p, hand, seq, played: ref_greedy_play(hand, seq))
    assert list(peg) == want


@settings(max_examples=4, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True), st.sampled_from([1, -1]),
       st.integers(0, 2**32))
def test_discard_pegging_values_match_reference(six, sign, seed):
    """The search discard's pegging value: the same sampled opponents (six unseen cards, thrown by
    the expect rule), greedy pegging by the reference, the mean of the player's net points."""
    table = np.arange(169, dtype=np.float64).reshape(13, 13) % 5 / 2.0
    n_samples = 2
    state = block_states(seed, 0, 1)[0]
    values = np.zeros(15)
    pegging_values(np.array(six, dtype=np.int64), sign, table, n_samples, state.copy(), values)
    pool = np.array([c for c in range(52) if c not in six], dtype=np.int64)
    out = np.zeros(6, dtype=np.int64)
    pairs = list(combinations(range(6), 2))
    opponents = []
    for _ in range(n_samples):
        deal_from(pool, 46, 6, state, out)
        opp = [int(c) for c in out]
        starters = [c for c in range(52) if c not in opp]

        def expect(k):
            i, j = pairs[k]
            kept = [opp[a] for a in range(6) if a not in (i, j)]
            return sum(ref_score(kept, s) for s in starters) / 46.0 - sign * table[opp[i] % 13, opp[j] % 13]

        best = max(range(15), key=lambda k: (expect(k), -k))
        i, j = pairs[best]
        opponents.append([opp[a] for a in range(6) if a not in (i, j)])
    pone = 0 if sign < 0 else 1
    for k, (i, j) in enumerate(combinations(range(6), 2)):
        kept = [six[a] for a in range(6) if a not in (i, j)]
        nets = [ref_peg_hand([kept, o], pone, lambda p, hand, seq, played: ref_greedy_play(hand, seq))
                for o in opponents]
        assert values[k] == sum(a - b for a, b in nets) / n_samples


# 5 whole hands a policy compiled; 2 in the nojit stage, where each decision's 32 or 256 worlds play
# out as plain Python (about 2 CPU s a hand): the check is the scoring of the cards chosen, the same
# code for any hand; the search's values are compared with the reference above
@pytest.mark.parametrize("policy", [PEG_SEARCH, PEG_WIDE])
@settings(max_examples=2 if NO_JIT else 5, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True), st.integers(0, 1), st.integers(0, 2**32))
def test_search_pegging_hand_is_legal_and_scored(policy, cards, pone, seed):
    """A whole hand with the search player on one side: the points are the reference's for the
    cards it chose (the reference re-plays its choices)."""
    from cribbage_reference import ref_check_pegging

    left = np.array([cards[:4], cards[4:8]], dtype=np.int64)
    known = np.array([sum(1 << c for c in cards[:6] + [cards[12]]), sum(1 << c for c in cards[4:8] + cards[10:13])],
                     dtype=np.uint64)
    peg = np.zeros(2, dtype=np.int64)
    trace = np.zeros((32, 5), dtype=np.int64)
    _, n_ev = play_pegging(left, np.array([4, 4], dtype=np.int64), pone,
                           np.array([policy, PEG_GREEDY], dtype=np.int64), block_states(seed, 0, 1)[0],
                           np.empty(16, dtype=np.int64), np.zeros(2, dtype=np.int64), peg, True, trace, 0, 0, known)
    events = [{"player": int(e[1]), "card": None if e[2] < 0 else int(e[2]), "count": int(e[3]),
               "points": int(e[4])} for e in trace[:n_ev]]
    points, unplayed = ref_check_pegging(events, {0: cards[:4], 1: cards[4:8]}, pone)
    assert unplayed == {0: [], 1: []} and [points[0], points[1]] == list(peg)
    greedy_moves = [e["card"] for e in events if e["player"] == 1 and e["card"] is not None]
    replay = iter([e["card"] for e in events if e["player"] == 0 and e["card"] is not None])
    want = ref_peg_hand([cards[:4], cards[4:8]], pone,
                        lambda p, hand, seq, played: next(replay) if p == 0 else ref_greedy_play(hand, seq))
    assert want == list(peg) and len(greedy_moves) == 4


# 10 hands a policy compiled; 2 in the nojit stage, where a hand's search (up to 256 worlds a
# decision, in search_play and again in each of play_pegging's searched decisions) runs as plain
# Python, about 3 CPU s a hand (at 20 hands, 58 CPU s: 44% of that stage's test time). The check is an
# equality of two kernels' choices on the same generator state, the same code for every hand; the
# compiled run keeps the 20 hands
@pytest.mark.parametrize("policy", [PEG_SEARCH, PEG_WIDE])
@settings(max_examples=2 if NO_JIT else 10, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True), st.integers(0, 2**32))
def test_the_wide_candidate_leads_as_search_play_with_its_worlds(policy, cards, seed):
    """The pone's lead under ``PEG_SEARCH`` / ``PEG_WIDE`` is :func:`search_play`'s with
    ``SEARCH_WORLDS`` / ``WIDE_WORLDS`` worlds, drawn from the same generator state."""
    from jass_sim.cribbage._search import SEARCH_WORLDS, WIDE_WORLDS, search_play

    left = np.array([cards[:4], cards[4:8]], dtype=np.int64)
    known = np.array([sum(1 << c for c in cards[:6] + [cards[12]]), sum(1 << c for c in cards[4:8] + cards[10:13])],
                     dtype=np.uint64)
    state = block_states(seed, 0, 1)[0]
    idx = search_play(left[0].copy(), 4, 4, np.zeros(16, dtype=np.int64), 0, 0, known[0], 0,
                      SEARCH_WORLDS if policy == PEG_SEARCH else WIDE_WORLDS, state.copy())
    trace = np.zeros((32, 5), dtype=np.int64)
    play_pegging(left, np.array([4, 4], dtype=np.int64), 0, np.array([policy, PEG_GREEDY], dtype=np.int64), state,
                 np.empty(16, dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64), True, trace,
                 0, 0, known)
    assert trace[0, 1] == 0 and trace[0, 2] == cards[idx]


@pytest.mark.parametrize("seed,players", [(1, (1, 1)), (2, (2, 0)), (3, (0, 2))])
def test_whole_game_matches_reference(seed, players):
    """``_game.play_game`` against the reference game driven by the same two generators: the same
    deals, throws, plays and final score (greedy, expect and random players)."""
    from jass_sim.core.rng import below
    from jass_sim.cribbage._game import F_SIZE, play_game
    from jass_sim.cribbage.discards import crib_rank_table
    from jass_sim.cribbage.engine import _trace_arrays

    from cribbage_reference import ref_play_game

    table = crib_rank_table()
    deck, play = block_states(seed, 0, 1, 0)[0], block_states(seed, 0, 1, 1)[0]
    policies = np.array([[p, min(p, 1)] for p in players], dtype=np.int64)
    _, s0, s1, _, _ = play_game(deck.copy(), play.copy(), 0, policies, table, np.zeros((2, 2, 5, 2), dtype=np.int64),
                                np.zeros((2, 2), dtype=np.int64), False, *_trace_arrays(1, 1),
                                np.zeros(2, dtype=np.int64), np.zeros(F_SIZE, dtype=np.int64))
    want = ref_play_game(0, players, table, lambda n: int(below(deck, n)), lambda n: int(below(play, n)))
    assert [s0, s1] == want and max(want) >= 121


def test_sampled_distribution_matches_reference():
    """``stats`` without ``--exact``: the same generator deals the same hands and starters (a
    partial shuffle of one deck per block), scored by the reference under hand and crib rules."""
    from jass_sim.core.rng import below
    from jass_sim.cribbage._exact import sampled_distribution

    states = block_states(7, 0, 1)
    hist = sampled_distribution(states.copy(), 300)
    state = states[0].copy()
    deck = list(range(52))
    want = np.zeros((2, 30), dtype=np.int64)
    for _ in range(300):
        for i in range(5):
            j = i + int(below(state, 52 - i))
            deck[i], deck[j] = deck[j], deck[i]
        want[0, ref_score(deck[:4], deck[4])] += 1
        want[1, ref_score(deck[:4], deck[4], crib=True)] += 1
    assert (hist.sum(axis=0) == want).all()


@settings(max_examples=3, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True), st.sampled_from([1, -1]),
       st.sampled_from([0, 2]), st.integers(0, 2**32))
def test_model_discard_samples_match_reference(six, sign, opp_policy, seed):
    """``discard --opponent model --pegging``'s kernel: the same sampled opponents (thrown at
    random or by the expect rule), the crib exact over the 40 starters neither player holds, greedy
    pegging, summed as the kernel sums them."""
    from jass_sim.core.rng import below
    from jass_sim.cribbage._exact import NET_BINS, NET_OFFSET
    from jass_sim.cribbage._model import discard_samples

    from cribbage_reference import PAIRS, ref_choose_discard

    table = np.arange(169, dtype=np.float64).reshape(13, 13) % 5 / 2.0
    n_samples = 2
    state = block_states(seed, 0, 1)[0]
    sums, hist = discard_samples(np.array(six, dtype=np.int64), sign, n_samples, state.copy(), table, opp_policy,
                                 True, True)
    want_sums = np.zeros((15, 3, 2), dtype=np.int64)
    want_hist = np.zeros((15, NET_BINS), dtype=np.int64)
    pool = np.array([c for c in range(52) if c not in six], dtype=np.int64)
    out = np.zeros(6, dtype=np.int64)
    pone = 0 if sign < 0 else 1
    for _ in range(n_samples):
        deal_from(pool, 46, 6, state, out)
        opp = [int(c) for c in out]
        oi, oj = ref_choose_discard(opp_policy, opp, -sign, table, lambda n: int(below(state, n)))
        opp_kept = [opp[a] for a in range(6) if a not in (oi, oj)]
        for k, (i, j) in enumerate(PAIRS):
            kept = [six[a] for a in range(6) if a not in (i, j)]
            crib = [six[i], six[j], opp[oi], opp[oj]]
            total = 0
            for s in pool[6:]:
                c = ref_score(crib, int(s), crib=True)
                total += c
                want_hist[k, NET_OFFSET + ref_score(kept, int(s)) + sign * c] += 1
            pts = ref_peg_hand([kept, opp_kept], pone, lambda p, hand, seq, played: ref_greedy_play(hand, seq))
            net = pts[0] - pts[1]
            for q, x in enumerate((total, net, sign * total + 40 * net)):
                want_sums[k, q] += (x, x * x)
    assert (sums == want_sums).all() and (hist == want_hist).all()


def test_crib_vs_model_matches_reference():
    """``stats --crib-table``'s kernel: per job the same suits, the same opponent six (thrown by
    the expect rule) and the crib exact over the 44 starters, from the job's generator state."""
    from jass_sim.core.rng import below
    from jass_sim.cribbage._model import crib_vs_model

    from cribbage_reference import ref_choose_discard

    table = np.arange(169, dtype=np.float64).reshape(13, 13) % 5 / 2.0
    first, second, opp_sign = [4, 9], [4, 12], [1, -1]      # 5-5 (pone's sign) and 10-K
    states = block_states(5, 0, 2)
    got = crib_vs_model(np.array(first), np.array(second), np.array(opp_sign), 2, states.copy(), table)
    for p in range(2):
        state = states[p].copy()
        total = np.zeros(2, dtype=np.int64)
        for _ in range(2):
            s1, s2 = int(below(state, 4)), int(below(state, 4))
            if first[p] == second[p]:
                s2 = int(below(state, 3))
                s2 += s2 >= s1
            thrown = [s1 * 13 + first[p], s2 * 13 + second[p]]
            pool = np.array([c for c in range(52) if c not in thrown], dtype=np.int64)
            out = np.zeros(6, dtype=np.int64)
            deal_from(pool, 50, 6, state, out)
            six = [int(c) for c in out]
            i, j = ref_choose_discard(2, six, opp_sign[p], table, None)
            x = sum(ref_score(thrown + [six[i], six[j]], int(s), crib=True) for s in pool[6:])
            total += (x, x * x)
        assert list(got[p]) == list(total)
