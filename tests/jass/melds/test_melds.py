"""Meld statistics: exact counts against combinatorial formulas, the kernels against the
plain-Python reference, sampled figures against the exact ones."""

from __future__ import annotations

import itertools
import math
from math import comb

import numba
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.rng import block_states
from jass_sim.core.stats import wilson_ci
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.engine.deal import deal_uniform, new_deck
from jass_sim.jass.melds import _kernels as K
from jass_sim.jass.melds.count import (
    ALL_HANDS,
    DEAL_STREAM,
    HAND_BLOCK_SIZE,
    HAND_STREAM,
    deal_points_unit,
    deal_tables,
    exact_hand_counts,
    exact_tasks,
    hand_table,
    sampled_deal_counts,
    sampled_hand_counts,
)
from jass_sim.jass.melds.stats import meld_stats
from jass_sim.jass.rules import get_rules

from reference import ref_announcement, ref_has_stoeck, ref_meld_winner
from strategies import hands as hand_sets
from strategies import modes, rule_names

RUN_BIT = {k: k - 3 for k in range(3, 10)}


def ref_code(hand: set[int], rules, mode: int) -> tuple[int, int]:
    """Code and points of a hand's announcement, from the reference rules."""
    melds = ref_announcement(hand, rules, mode)
    code = 0
    for m in melds:
        if m.kind == "run":
            code |= 1 << RUN_BIT[len(m.cards)]
        else:
            rank = m.cards[0] % 9
            code |= 1 << (K.FOUR_JACKS if rank == 5 else K.FOUR_NINES if rank == 3 else K.FOUR_OTHER)
    if ref_has_stoeck(hand, mode):
        code |= 1 << K.STOECK_BIT
    return code, sum(m.points for m in melds)


_TABLES = {}


def kernel_code(hand: set[int], rules, mode: int) -> tuple[int, int]:
    """Code and points from :func:`hand_code`, checked equal to those of the table path."""
    runs, fours, _ = rules.arrays()
    out = np.zeros((3, 3), np.int64)
    code, pts = K.hand_code(cards_to_mask(hand), mode, runs, fours, out)
    key = (rules.name, mode)
    if key not in _TABLES:
        _TABLES[key] = K.suit_tables(mode, runs, fours)
    codes, points = _TABLES[key]
    quads = sum(1 << r for r in range(9) if fours[r] > 0)
    assert K.table_code(cards_to_mask(hand), codes, points, quads, mode, runs, fours, out) == (code, pts)
    return int(code), int(pts)


@pytest.fixture(scope="module")
def exact():
    """All hands counted once per rule set (hearts trump)."""
    return {name: exact_hand_counts(name, 0) for name in ("chibre", "schieber")}


# ---------------------------------------------------------------------------------------------
# Classifying one hand
# ---------------------------------------------------------------------------------------------

@given(hand_sets(), modes, rule_names)
def test_hand_code_agrees_with_reference(hand, mode, rules):
    rules = get_rules(rules)
    assert kernel_code(hand, rules, mode) == ref_code(hand, rules, mode)


@given(st.integers(0, 8), st.permutations(range(36)), modes, rule_names)
def test_hand_code_agrees_with_reference_on_four_of_a_kind(rank, deck, mode, rules):
    # four of a kind is rare in random hands: build hands around one
    rules = get_rules(rules)
    hand = {9 * s + rank for s in range(4)}
    hand |= set([c for c in deck if c not in hand][:5])
    assert len(hand) == 9
    assert kernel_code(hand, rules, mode) == ref_code(hand, rules, mode)


@pytest.mark.parametrize("rules", ["chibre", "schieber"])
def test_ties_between_a_long_run_and_four_of_a_kind(rules):
    # 8 9 T J Q of hearts with the other three 10s: four 10s + 8-9 + J-Q = 100 = the 5-run (chibre);
    # equal points, the run has more cards, so the run is announced (not the four 10s).
    rules = get_rules(rules)
    hand = {2, 3, 4, 5, 6, 13, 22, 31, 35}
    code, pts = kernel_code(hand, rules, 0)
    assert (code, pts) == ref_code(hand, rules, 0)
    if rules.name == "chibre":
        assert code == 1 << RUN_BIT[5] and pts == 100


# ---------------------------------------------------------------------------------------------
# Exact enumeration
# ---------------------------------------------------------------------------------------------

def bits(*names):
    return sum(1 << b for b in names)


@pytest.mark.parametrize("name", ["chibre", "schieber"])
def test_exact_counts_every_hand_once(exact, name):
    assert exact[name].n == ALL_HANDS == 94_143_280
    assert exact[name].exact
    assert len(exact_tasks()) == sum(comb(18, k) for k in range(10))  # (hearts, diamonds) with <= 9 cards


@pytest.mark.parametrize("name", ["chibre", "schieber"])
def test_exact_four_of_a_kind_and_stoeck(exact, name):
    counts = exact[name]
    # Four Jacks (200) and four 9s (150) are always announced: no run through the Jack or 9 can
    # be worth more. Either is C(32, 5) hands; stöck (HQ and HK held) C(34, 7).
    assert counts.count(1 << K.FOUR_JACKS) == comb(32, 5)
    assert counts.count(1 << K.FOUR_NINES) == comb(32, 5)
    assert counts.count(1 << K.STOECK_BIT) == comb(34, 7)
    assert counts.count(bits(K.FOUR_JACKS, K.FOUR_NINES)) == 2 * comb(32, 5) - comb(28, 1)
    # A four of 10s/Qs/Ks/As is not always announced (a longer run can tie and win), but never
    # announced without being held.
    held_any_of_4 = sum((-1) ** (j + 1) * comb(4, j) * comb(36 - 4 * j, 9 - 4 * j) for j in (1, 2))
    assert 0.95 * held_any_of_4 < counts.count(1 << K.FOUR_OTHER) <= held_any_of_4
    table = hand_table(counts, name, 0)
    assert table.loc["p_four_jacks", "estimate"] == comb(32, 5) / comb(36, 9)
    assert table.loc["p_stoeck", "estimate"] == comb(34, 7) / comb(36, 9)
    assert (table["ci95_lo"] == table["estimate"]).all() and (table["ci95_hi"] == table["estimate"]).all()


def long_runs(length: int) -> int:
    """Hands holding a run of exactly ``length`` >= 7 cards in one suit (the 9 - length other
    cards cannot make a meld or a four of a kind)."""
    total = 0
    for low in range(0, 10 - length):
        blocked = (low > 0) + (low + length < 9)  # the ranks that would lengthen the run
        total += comb(36 - length - blocked, 9 - length)
    return 4 * total


def test_exact_long_runs_schieber(exact):
    counts = exact["schieber"]
    for length in (7, 8, 9):
        assert counts.count(1 << RUN_BIT[length]) == long_runs(length)
    assert long_runs(9) == 4 and long_runs(8) == 216
    table = hand_table(counts, "schieber", 0)
    assert list(table.index[1:8]) == [f"p_run_{k}" for k in range(3, 10)]
    # chibre: one "5 or more" category; at most one run of 5+ fits in a hand
    chibre = hand_table(exact["chibre"], "chibre", 0)
    assert list(chibre.index[1:4]) == ["p_run_3", "p_run_4", "p_run_5"] and "p_run_6" not in chibre.index
    five_up = sum(exact["chibre"].count(1 << RUN_BIT[k]) for k in range(5, 10))
    assert chibre.loc["p_run_5", "estimate"] == five_up / ALL_HANDS


def test_exact_mean_and_any_meld_consistent(exact):
    for name, counts in exact.items():
        codes = np.arange(K.N_CODES)
        none = counts.hist[(codes & K.MELD_BITS) == 0].sum()
        assert counts.count(K.MELD_BITS) == ALL_HANDS - none
        # a hand that melds has 20 to 900 points (at most three melds of at most 300)
        assert 20 * counts.count(K.MELD_BITS) <= counts.sum_points <= 900 * counts.count(K.MELD_BITS)
        assert hand_table(counts, name, 0).loc["mean_meld_points", "estimate"] == counts.sum_points / ALL_HANDS


def test_exact_kinds_do_not_depend_on_mode(exact):
    # only the tie-breaks of an announcement depend on the mode, and they never change its kinds
    une = exact_hand_counts("chibre", 5)
    hearts = exact["chibre"]
    codes = np.arange(K.N_CODES)
    by_kinds = [np.bincount(codes & K.MELD_BITS, weights=c.hist, minlength=K.N_CODES) for c in (hearts, une)]
    assert np.array_equal(*by_kinds) and une.sum_points == hearts.sum_points
    assert une.count(1 << K.STOECK_BIT) == 0  # no stöck without trump


def test_exact_kernel_agrees_with_hand_code_on_some_tasks():
    # (hearts, diamonds) pairs rich in fours (the slow path) and in runs (the table path)
    tasks = np.array([(0b011100000, 0b011100000), (0b000111000, 0b000101000), (0b111000111, 0b000000111),
                      (0b100101001, 0b000101000), (0b000011111, 0b010000000), (0b000101000, 0b000101010)])
    rules = get_rules("chibre")
    for mode in (0, 1, 5):
        got = exact_hand_counts(rules, mode, tasks=tasks)
        assert not got.exact
        hist = np.zeros(K.N_CODES, np.int64)
        total = 0
        for s0, s1 in tasks:
            fixed = int(s0) | int(s1) << 9
            rest = range(18, 36)
            for extra in itertools.combinations(rest, 9 - bin(fixed).count("1")):
                hand = set(mask_to_cards(fixed)) | set(extra)
                code, pts = kernel_code(hand, rules, mode)
                hist[code] += 1
                total += pts
        assert np.array_equal(got.hist, hist) and got.sum_points == total
        assert got.count(1 << K.FOUR_JACKS) > 0 and got.count(1 << RUN_BIT[3]) > 0


# ---------------------------------------------------------------------------------------------
# Sampling
# ---------------------------------------------------------------------------------------------

def test_sampled_hands_are_the_reference_announcements():
    rules = get_rules("schieber")
    n, seed, mode = 700, 5, 2
    got = sampled_hand_counts(n, seed, rules, mode)
    state = block_states(seed, 0, 1, HAND_STREAM)[0]
    deck = new_deck()
    hist = np.zeros(K.N_CODES, np.int64)
    total = total_sq = 0
    for _ in range(n):
        hand = set(mask_to_cards(K.sample_hand(state, deck)))
        assert len(hand) == 9
        code, pts = ref_code(hand, rules, mode)
        hist[code] += 1
        total += pts
        total_sq += pts * pts
    assert np.array_equal(got.hist, hist)
    assert (got.sum_points, got.sumsq_points) == (total, total_sq)


def test_sampled_deals_are_the_reference_comparisons():
    rules = get_rules("chibre")
    n, seed, mode = 400, 9, 5
    got = sampled_deal_counts(n, seed, rules, mode)
    unit, bins = deal_points_unit(rules)
    assert unit == 10 and got.hist.shape == (2, bins)
    state = block_states(seed, 0, 1, DEAL_STREAM)[0]
    deck = new_deck()
    hands = np.zeros(4, np.uint64)
    acc = np.zeros(len(K.DEAL_STATS), np.int64)
    hist = np.zeros((2, bins), np.int64)
    for _ in range(n):
        deal_uniform(state, deck, hands)
        announced = [ref_announcement(set(mask_to_cards(h)), rules, mode) for h in hands]
        winner = ref_meld_winner(announced, mode, 0)
        pts = [0, 0]
        if winner is not None:
            pts[winner] = sum(m.points for s in (winner, winner + 2) for m in announced[s])
        counted = sum(pts)
        acc += [1, winner == 0, winner == 1, winner is None, counted, counted * counted, pts[0], pts[1]]
        hist[0, pts[0] // unit] += 1
        hist[1, pts[1] // unit] += 1
    assert np.array_equal(got.acc, acc) and np.array_equal(got.hist, hist)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
def test_sampling_does_not_depend_on_threads():
    n = 2 * HAND_BLOCK_SIZE + 123
    a, b = (sampled_hand_counts(n, 4, "chibre", 0, threads=t) for t in (1, 2))
    assert np.array_equal(a.hist, b.hist) and a.sum_points == b.sum_points and a.n == n
    c, d = (sampled_deal_counts(5000, 4, "chibre", 0, threads=t) for t in (1, 2))
    assert np.array_equal(c.acc, d.acc) and np.array_equal(c.hist, d.hist) and c.n == 5000
    assert not np.array_equal(sampled_hand_counts(n, 5, "chibre", 0).hist, a.hist)


def within(exact_value, lo, hi):
    return lo - 1e-12 <= exact_value <= hi + 1e-12


@pytest.mark.parametrize("name,seed", [("chibre", 1), ("schieber", 2)])
def test_sampled_figures_agree_with_exact(exact, name, seed):
    n = 300_000
    truth = hand_table(exact[name], name, 0)
    sample = hand_table(sampled_hand_counts(n, seed, name, 0), name, 0)
    assert list(sample.index) == list(truth.index) and (sample["n"] == n).all()
    covered = [within(truth.loc[s, "estimate"], sample.loc[s, "ci95_lo"], sample.loc[s, "ci95_hi"])
               for s in truth.index]
    # each 95% interval misses with probability 5%: allow one miss, and check every figure at
    # the Bonferroni level
    assert sum(covered) >= len(covered) - 1, sample.assign(exact=truth["estimate"])
    z = 3.3
    for s in truth.index:
        if s.startswith("p_"):
            lo, hi = wilson_ci(round(sample.loc[s, "estimate"] * n), n, z)[1:]
        else:
            half = (sample.loc[s, "ci95_hi"] - sample.loc[s, "estimate"]) * z / 1.96
            lo, hi = sample.loc[s, "estimate"] - half, sample.loc[s, "estimate"] + half
        assert within(truth.loc[s, "estimate"], lo, hi), s
    assert (sample["ci95_lo"] <= sample["estimate"]).all() and (sample["estimate"] <= sample["ci95_hi"]).all()


def test_deal_tables_are_consistent():
    counts = sampled_deal_counts(20_000, 3, "schieber", 0)
    stats, dist = deal_tables(counts)
    p = stats["estimate"]
    assert math.isclose(p["p_leader_team_wins"] + p["p_other_team_wins"] + p["p_no_meld"], 1.0)
    assert math.isclose(p["mean_points_leader_team"] + p["mean_points_other_team"], p["mean_counted_points"])
    assert math.isclose(dist["leader_team"].sum(), 1.0) and math.isclose(dist["other_team"].sum(), 1.0)
    # a team scores 0 exactly when it does not hold the best meld
    assert math.isclose(dist.loc[0, "leader_team"], 1 - p["p_leader_team_wins"])
    assert math.isclose(dist.loc[0, "other_team"], 1 - p["p_other_team_wins"])
    assert (dist.index % 10 == 0).all() and dist.index.min() == 0
    # no meld at all in about 29% of deals; each team about equally often (the leader wins ties)
    assert p["p_leader_team_wins"] > 0.3 and p["p_other_team_wins"] > 0.3


def test_wilson_interval():
    lo, hi = wilson_ci(0, 100)[1:]
    assert lo == 0 and math.isclose(hi, 1.96**2 / (100 + 1.96**2), rel_tol=1e-3)
    lo, hi = wilson_ci(50, 100)[1:]
    assert math.isclose(lo + hi, 1.0) and lo < 0.5 < hi
    # the score interval: its ends solve |p - x| = z * sqrt(x (1 - x) / n)
    for k, n in ((3, 40), (700, 1000)):
        for x in wilson_ci(k, n)[1:]:
            assert math.isclose(abs(k / n - x), 1.959963984540054 * math.sqrt(x * (1 - x) / n), rel_tol=1e-9)


@pytest.mark.parametrize("kwargs,token", [
    (dict(rules="bridge"), "bridge"), (dict(hands=-5), "-5"), (dict(hands=0), "0"),
    (dict(hands=10, exact=True), "--hands"), (dict(deals=-1), "-1"), (dict(mode="X"), "X"),
    (dict(seed=-3), "-3"), (dict(mode=7), "7"),
])
def test_bad_input(kwargs, token):
    with pytest.raises(InputError) as err:
        meld_stats(**{"deals": 10, **kwargs})
    assert err.value.token == token


@pytest.mark.slow
def test_interval_coverage():
    """About 95% of the sampled intervals cover the exact value."""
    counts = exact_hand_counts("chibre", 0)
    truth = hand_table(counts, "chibre", 0)
    stats = ["p_any_meld", "p_run_3", "p_run_4", "p_stoeck", "mean_meld_points"]
    hits = trials = 0
    for seed in range(200):
        sample = hand_table(sampled_hand_counts(4000, 1000 + seed, "chibre", 0), "chibre", 0)
        for s in stats:
            hits += within(truth.loc[s, "estimate"], sample.loc[s, "ci95_lo"], sample.loc[s, "ci95_hi"])
            trials += 1
    # 1000 intervals (correlated within a seed): coverage within a few standard errors of 95%
    assert 0.92 < hits / trials < 0.98
