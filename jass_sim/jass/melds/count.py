"""Counting melds: hands by announcement code (exactly over all hands, or sampled) and sampled
deals, through the kernels of :mod:`jass_sim.jass.melds._kernels`; then the estimates with their
95% intervals (Wilson score for proportions, mean ± 1.96 s/√n for means; width zero for exact
figures). The definitions are in :mod:`jass_sim.jass.melds.stats`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import comb

import numpy as np
import pandas as pd

from jass_sim.core.batches import call
from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.rules.presets import RuleSet, get_rules
from jass_sim.jass.streams import STREAMS

#: Number of 9-card hands: what ``exact`` enumerates.
ALL_HANDS = comb(36, 9)
#: Sampled hands per RNG block (fixed: results do not depend on threads or chunking).
HAND_BLOCK_SIZE = 16 * 1024
#: RNG streams (``SeedSequence`` spawn key ``(stream, block)``) of sampled hands and deals.
HAND_STREAM, DEAL_STREAM = STREAMS["jass.meld-hands"], STREAMS["jass.meld-deals"]
#: Blocks given to a parallel kernel at a time (bounds memory).
CHUNK_BLOCKS = 256
COLUMNS = ["estimate", "ci95_lo", "ci95_hi", "n"]


# ---------------------------------------------------------------------------------------------
# Counting (wrappers around the kernels)
# ---------------------------------------------------------------------------------------------

@dataclass
class HandCounts:
    """Hands counted by announcement code (see :mod:`jass_sim.jass.melds._kernels`).

    Attributes
    ----------
    hist : np.ndarray
        ``int64[N_CODES]``: number of hands with each code.
    sum_points, sumsq_points : int
        Sum of the announcement points and of their squares.
    exact : bool
        Whether ``hist`` covers every hand once (True) or a sample.
    """

    hist: np.ndarray
    sum_points: int
    sumsq_points: int
    exact: bool

    @property
    def n(self) -> int:
        return int(self.hist.sum())

    def count(self, bits: int) -> int:
        """Hands whose code has any of ``bits``."""
        codes = np.arange(len(self.hist))
        return int(self.hist[(codes & bits) != 0].sum())


@dataclass
class DealCounts:
    """Sampled deals: sums (``acc``, see ``DEAL_STATS``) and ``hist[team, points // unit]``."""

    acc: np.ndarray
    hist: np.ndarray
    unit: int

    @property
    def n(self) -> int:
        return int(self.acc[0])


def _threads(threads):
    from jass_sim.core.threads import numba_threads

    return numba_threads(threads)


def _suit_mask_order() -> tuple[np.ndarray, np.ndarray]:
    size = np.array([bin(m).count("1") for m in range(512)])
    by_count = np.argsort(size, kind="stable").astype(np.int64)
    count_start = np.searchsorted(size[by_count], np.arange(11)).astype(np.int64)
    return by_count, count_start


def exact_tasks() -> np.ndarray:
    """The ``(hearts, diamonds)`` 9-bit rank-mask pairs with at most 9 cards: the tasks of
    :func:`~jass_sim.jass.melds._kernels.exact_hands` (``int64[155382, 2]``).

    Sorted by decreasing work (fewer cards first, so more hands to complete them), so that
    dealing them round-robin to the kernel's lanes gives every lane nearly the same work."""
    size = np.array([bin(m).count("1") for m in range(512)])
    s0, s1 = np.meshgrid(np.arange(512), np.arange(512), indexing="ij")
    s0, s1 = s0.ravel(), s1.ravel()
    cards = size[s0] + size[s1]
    keep = cards <= 9
    order = np.argsort(cards[keep], kind="stable")
    return np.stack([s0[keep][order], s1[keep][order]], axis=1).astype(np.int64)


def _quad_ranks(four_points: np.ndarray) -> int:
    return sum(1 << r for r in range(9) if four_points[r] > 0)


def exact_hand_counts(rules: RuleSet | str = "chibre", mode: int = 0, threads: int | None = None,
                      tasks: np.ndarray | None = None) -> HandCounts:
    """Every 9-card hand (94,143,280) counted by announcement code.

    Wraps :func:`~jass_sim.jass.melds._kernels.suit_tables` and the parallel
    :func:`~jass_sim.jass.melds._kernels.exact_hands`.

    Parameters
    ----------
    rules : RuleSet or str
    mode : int
        Mode of the announcements (tie-breaks) and of stöck.
    threads : int, optional
        Numba threads (all when None); the result does not depend on it.
    tasks : np.ndarray, optional
        Only these ``(hearts, diamonds)`` mask pairs (testing); default all of :func:`exact_tasks`.
    """
    from jass_sim.jass.melds._kernels import N_CODES, N_LANES, exact_hands, suit_tables

    runs, fours, _ = get_rules(rules).arrays()
    all_tasks = tasks is None
    if all_tasks:
        tasks = exact_tasks()
    by_count, count_start = _suit_mask_order()
    codes, points = suit_tables(mode, runs, fours)
    hist = np.zeros((N_LANES, N_CODES), dtype=np.int64)
    sums = np.zeros((N_LANES, 2), dtype=np.int64)
    with _threads(threads):
        call(exact_hands, np.ascontiguousarray(tasks, dtype=np.int64), by_count, count_start, codes, points,
                    _quad_ranks(fours), mode, runs, fours, hist, sums)
    return HandCounts(hist.sum(axis=0), int(sums[:, 0].sum()), int(sums[:, 1].sum()), exact=all_tasks)


def _block_counts(n: int, block: int, first: int, nb: int) -> np.ndarray:
    counts = np.full(nb, block, dtype=np.int64)
    counts[-1] = min(n, (first + nb) * block) - (first + nb - 1) * block
    return counts


def sampled_hand_counts(n: int, seed: int = 0, rules: RuleSet | str = "chibre", mode: int = 0,
                        threads: int | None = None) -> HandCounts:
    """``n`` uniformly random 9-card hands counted by announcement code.

    Hands come in blocks of :data:`HAND_BLOCK_SIZE` from
    ``block_states(seed, block, stream=HAND_STREAM)``, so the result depends on ``seed`` and
    ``n`` only. Wraps :func:`~jass_sim.jass.melds._kernels.suit_tables` and the parallel
    :func:`~jass_sim.jass.melds._kernels.sampled_hands`.
    """
    from jass_sim.core.rng import block_states
    from jass_sim.jass.melds._kernels import N_CODES, sampled_hands, suit_tables

    runs, fours, _ = get_rules(rules).arrays()
    codes, points = suit_tables(mode, runs, fours)
    quads = _quad_ranks(fours)
    hist = np.zeros(N_CODES, dtype=np.int64)
    total = total_sq = 0
    n_blocks = -(-n // HAND_BLOCK_SIZE)
    with _threads(threads):
        for first in range(0, n_blocks, CHUNK_BLOCKS):
            nb = min(CHUNK_BLOCKS, n_blocks - first)
            states = block_states(seed, first, nb, HAND_STREAM)
            h = np.zeros((nb, N_CODES), dtype=np.int64)
            sums = np.zeros((nb, 2), dtype=np.int64)
            call(sampled_hands, states, _block_counts(n, HAND_BLOCK_SIZE, first, nb), codes, points, quads, mode,
                          runs, fours, h, sums)
            hist += h.sum(axis=0)
            total += int(sums[:, 0].sum())
            total_sq += int(sums[:, 1].sum())
    return HandCounts(hist, total, total_sq, exact=False)


def deal_points_unit(rules: RuleSet | str) -> tuple[int, int]:
    """``(unit, bins)`` of the per-deal points histogram: every meld total is a multiple of
    ``unit`` (the gcd of the meld values) and below ``unit * bins``."""
    runs, fours, _ = get_rules(rules).arrays()
    values = [int(v) for v in list(runs) + list(fours) if v > 0]
    unit = math.gcd(*values)
    most = 2 * 3 * max(values)  # two hands of at most three melds each
    return unit, most // unit + 1


def sampled_deal_counts(n: int, seed: int = 0, rules: RuleSet | str = "chibre", mode: int = 0,
                        threads: int | None = None) -> DealCounts:
    """``n`` uniformly random deals, melds compared with seat 0 as first leader.

    Deals come in blocks of the engine's ``BLOCK_SIZE`` from
    ``block_states(seed, block, stream=DEAL_STREAM)``. Wraps the parallel
    :func:`~jass_sim.jass.melds._kernels.sampled_deals`.
    """
    from jass_sim.core.rng import BLOCK_SIZE, block_states
    from jass_sim.jass.melds._kernels import DEAL_STATS, sampled_deals

    runs, fours, _ = get_rules(rules).arrays()
    unit, bins = deal_points_unit(rules)
    acc = np.zeros(len(DEAL_STATS), dtype=np.int64)
    hist = np.zeros((2, bins), dtype=np.int64)
    n_blocks = -(-n // BLOCK_SIZE)
    with _threads(threads):
        for first in range(0, n_blocks, CHUNK_BLOCKS):
            nb = min(CHUNK_BLOCKS, n_blocks - first)
            states = block_states(seed, first, nb, DEAL_STREAM)
            a = np.zeros((nb, len(DEAL_STATS)), dtype=np.int64)
            h = np.zeros((nb, 2, bins), dtype=np.int64)
            call(sampled_deals, states, _block_counts(n, BLOCK_SIZE, first, nb), mode, runs, fours, unit, a, h)
            acc += a.sum(axis=0)
            hist += h.sum(axis=0)
    return DealCounts(acc, hist, unit)


# ---------------------------------------------------------------------------------------------
# Estimates and intervals
# ---------------------------------------------------------------------------------------------

def proportion(k: int, n: int, exact: bool) -> list:
    """``[estimate, lo, hi, n]`` of a proportion (interval of width zero when ``exact``)."""
    p, lo, hi = wilson_ci(k, n)
    return [p, p, p, n] if exact else [p, lo, hi, n]


def mean(total: int, total_sq: int, n: int, exact: bool) -> list:
    """``[estimate, lo, hi, n]`` of a mean from the sum and sum of squares (normal interval)."""
    m, lo, hi = mean_ci(int(total), int(total_sq), n)
    return [m, m, m, n] if exact or n == 1 else [m, lo, hi, n]


def longest_run_category(rules: RuleSet | str) -> int:
    """Shortest run length ``L`` from which every longer run is worth the same: ``p_run_L``
    means "L cards or more" (5 for chibre, 9 for schieber)."""
    runs, _, _ = get_rules(rules).arrays()
    top = 9
    while top > 3 and runs[top - 1] == runs[9]:
        top -= 1
    return top


def hand_table(counts: HandCounts, rules: RuleSet | str, mode: int) -> pd.DataFrame:
    """Per-hand statistics (rows ``p_any_meld``, ``p_run_3`` ..., ``p_four_jacks``,
    ``p_four_nines``, ``p_four_100``, ``p_stoeck``, ``mean_meld_points``; columns
    ``estimate ci95_lo ci95_hi n``)."""
    from jass_sim.jass.melds._kernels import FOUR_JACKS, FOUR_NINES, FOUR_OTHER, MELD_BITS, RUN_BIT0, STOECK_BIT

    n, exact = counts.n, counts.exact
    rows = {"p_any_meld": proportion(counts.count(MELD_BITS), n, exact)}
    longest = longest_run_category(rules)
    for length in range(3, longest + 1):
        lengths = [length] if length < longest else range(length, 10)
        bits = sum(1 << (RUN_BIT0 + k - 3) for k in lengths)
        rows[f"p_run_{length}"] = proportion(counts.count(bits), n, exact)
    rows["p_four_jacks"] = proportion(counts.count(1 << FOUR_JACKS), n, exact)
    rows["p_four_nines"] = proportion(counts.count(1 << FOUR_NINES), n, exact)
    rows["p_four_100"] = proportion(counts.count(1 << FOUR_OTHER), n, exact)
    rows["p_stoeck"] = proportion(counts.count(1 << STOECK_BIT), n, exact)
    rows["mean_meld_points"] = mean(counts.sum_points, counts.sumsq_points, n, exact)
    return stat_frame(rows)


def stat_frame(rows: dict) -> pd.DataFrame:
    """``{statistic: [estimate, lo, hi, n]}`` as a table indexed by ``statistic``."""
    df = pd.DataFrame.from_dict(rows, orient="index", columns=COLUMNS)
    df.index.name = "statistic"
    df["n"] = df["n"].astype("int64")
    return df


def _hist_moments(hist: np.ndarray, unit: int) -> tuple[int, int]:
    pts = np.arange(len(hist), dtype=object) * unit
    return int((hist.astype(object) * pts).sum()), int((hist.astype(object) * pts * pts).sum())


def deal_tables(counts: DealCounts) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per-deal statistics and the distribution of the points that count per team.

    Returns
    -------
    (DataFrame, DataFrame)
        Statistics (rows ``p_leader_team_wins``, ``p_other_team_wins``, ``p_no_meld``,
        ``mean_counted_points``, ``mean_points_leader_team``, ``mean_points_other_team``;
        columns ``estimate ci95_lo ci95_hi n``) and the distribution (index ``points``, one row
        per value that occurred; columns ``leader_team``, ``leader_team_lo``, ``leader_team_hi``,
        ``other_team``, ``other_team_lo``, ``other_team_hi``: probabilities with Wilson 95%
        intervals).
    """
    a, n = counts.acc, counts.n
    rows = {
        "p_leader_team_wins": proportion(int(a[1]), n, False),
        "p_other_team_wins": proportion(int(a[2]), n, False),
        "p_no_meld": proportion(int(a[3]), n, False),
        "mean_counted_points": mean(int(a[4]), int(a[5]), n, False),
    }
    for team, name in enumerate(("leader_team", "other_team")):
        rows[f"mean_points_{name}"] = mean(*_hist_moments(counts.hist[team], counts.unit), n, False)
    seen = np.flatnonzero(counts.hist.sum(axis=0))
    dist = {}
    for b in seen:
        row = []
        for team in range(2):
            k = int(counts.hist[team, b])
            row += list(wilson_ci(k, n))
        dist[int(b) * counts.unit] = row
    dist_df = pd.DataFrame.from_dict(dist, orient="index", columns=[
        "leader_team", "leader_team_lo", "leader_team_hi", "other_team", "other_team_lo", "other_team_hi"])
    dist_df.index.name = "points"
    return stat_frame(rows), dist_df
