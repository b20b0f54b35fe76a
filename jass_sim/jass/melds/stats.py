"""How often melds come: per hand (exactly over all hands, or sampled) and per deal (sampled).

Public entry point: :func:`meld_stats`, returning a :class:`MeldStats` that renders as a table,
CSV or the JSON contract of ``jass-sim melds`` (documented in ``docs/melds.md``) and plots.

Definitions (RULES.md "Melds"):

* A hand *announces* a kind of meld when its announcement — the disjoint set of melds with the
  most points, :func:`jass_sim.jass.rules._melds.announce` — contains at least one meld of that kind;
  a hand can announce several kinds.
* Runs are reported by length: ``p_run_k`` for ``k`` from 3 up to the first length from which
  every longer run is worth the same; that last one means "k cards or more". Chibre: ``p_run_3``,
  ``p_run_4``, ``p_run_5`` (5 or more, all 100 points); schieber: ``p_run_3`` ... ``p_run_9``.
* ``p_four_100``: four 10s, Qs, Ks or As (and four 6s, 7s or 8s under a rule set that scores
  them); ``p_four_nines``, ``p_four_jacks``.
* ``p_stoeck``: the hand holds the K and Q of the trump of ``mode`` (0 in obe-abe and une-ufe).
* ``mean_meld_points``: points of the announcement (stöck not included).
* Per deal: the four announcements are compared as in a round (:func:`team_melds`) with seat 0
  as first leader in ``mode``; the "points that count" are the meld points of the team holding
  the best meld (0 for the other team, and for both when nobody melds), before any voiding by a
  match, stöck not included.

95% intervals: Wilson score for proportions, mean ± 1.96 s/√n for means; width zero for exact
figures.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from math import comb

import numpy as np
import pandas as pd

from jass_sim.jass.cards import MODE_NAMES, N_MODES, parse_mode
from jass_sim.core.errors import InputError
from jass_sim.jass.rules.presets import RuleSet, get_rules
from jass_sim.core.stats import mean_ci, wilson_ci

#: Number of 9-card hands: what ``exact`` enumerates.
ALL_HANDS = comb(36, 9)
#: Sampled hands per RNG block (fixed: results do not depend on threads or chunking).
HAND_BLOCK_SIZE = 16 * 1024
#: RNG streams (``SeedSequence`` spawn key ``(stream, block)``) of sampled hands and deals.
HAND_STREAM, DEAL_STREAM = 0, 1
#: Blocks given to a parallel kernel at a time (bounds memory).
CHUNK_BLOCKS = 256
DEFAULT_HANDS = 1_000_000
DEFAULT_DEALS = 1_000_000
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
        exact_hands(np.ascontiguousarray(tasks, dtype=np.int64), by_count, count_start, codes, points,
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
            sampled_hands(states, _block_counts(n, HAND_BLOCK_SIZE, first, nb), codes, points, quads, mode,
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
            sampled_deals(states, _block_counts(n, BLOCK_SIZE, first, nb), mode, runs, fours, unit, a, h)
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
    return _frame(rows)


def _frame(rows: dict) -> pd.DataFrame:
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
    return _frame(rows), dist_df


# ---------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------

@dataclass
class MeldStats:
    """Result of :func:`meld_stats`.

    Attributes
    ----------
    rules, mode : str
        Rule preset name and mode name (``H`` ...).
    exact : bool
        Per-hand figures from all hands (True) or from ``hands`` sampled hands.
    hands, deals, seed : int
    per_hand : DataFrame
        See :func:`hand_table`.
    per_deal, distribution : DataFrame
        See :func:`deal_tables`.
    """

    rules: str
    mode: str
    exact: bool
    hands: int
    deals: int
    seed: int
    per_hand: pd.DataFrame
    per_deal: pd.DataFrame
    distribution: pd.DataFrame
    hand_counts: HandCounts = field(repr=False, default=None)
    deal_counts: DealCounts = field(repr=False, default=None)

    def to_dict(self) -> dict:
        """The JSON contract (``docs/melds.md``)."""
        def stat(row):
            return {"estimate": float(row.estimate), "ci95": [float(row.ci95_lo), float(row.ci95_hi)]}

        doc = {"rules": self.rules, "mode": self.mode, "exact": self.exact, "seed": self.seed,
               "hands": self.hands}
        for name, row in self.per_hand.iterrows():
            doc[name] = stat(row)
        deal = {"deals": self.deals, "first_leader": 0, "mode": self.mode}
        for name, row in self.per_deal.iterrows():
            deal[name] = stat(row)
        d = self.distribution
        deal["distribution"] = [
            {"points": int(points), **{team: {"estimate": float(r[team]),
                                              "ci95": [float(r[f"{team}_lo"]), float(r[f"{team}_hi"])]}
                                       for team in ("leader_team", "other_team")}}
            for points, r in d.iterrows()]
        doc["deal"] = deal
        return doc

    def to_frame(self) -> pd.DataFrame:
        """One row per statistic (``statistic, estimate, ci95_lo, ci95_hi, n``): the per-hand
        ones, then ``deal.*`` and ``deal.p_leader_team_points_V`` / ``deal.p_other_team_points_V``
        for each points value ``V`` of the distribution."""
        parts = [self.per_hand, self.per_deal.rename(index=lambda s: f"deal.{s}")]
        rows = {}
        for points, r in self.distribution.iterrows():
            for team in ("leader_team", "other_team"):
                rows[f"deal.p_{team}_points_{points}"] = [r[team], r[f"{team}_lo"], r[f"{team}_hi"], self.deals]
        parts.append(_frame(rows))
        return pd.concat(parts).reset_index()

    def render(self, fmt: str) -> str:
        """``table`` (for people), ``csv`` or ``json``."""
        if fmt == "json":
            return json.dumps(self.to_dict())
        if fmt == "csv":
            return self.to_frame().to_csv(index=False, float_format="%.10g")
        how = "exact, all" if self.exact else "sampled"
        fmt6 = "{:.6g}".format
        with pd.option_context("display.width", 200, "display.max_rows", 500):
            return "\n".join([
                f"melds per hand ({self.rules}, mode {self.mode}; {how} {self.hands:,} hands; 95% CI):",
                self.per_hand.to_string(float_format=fmt6),
                "",
                f"melds per deal ({self.deals:,} sampled deals, seat 0 leads, mode {self.mode}; "
                "points that count = the best meld's team's meld points, before match voiding):",
                self.per_deal.to_string(float_format=fmt6),
                "",
                "distribution of the meld points that count, per team:",
                self.distribution.to_string(float_format=fmt6),
            ])

    def plot(self, path: str) -> None:
        """Write a PNG or SVG (by extension) of the per-hand probabilities with 95% CI whiskers
        and the per-deal distribution of the points that count; atomically."""
        from jass_sim.core.result import save_figure

        save_figure(self.figure(), path)

    def figure(self):
        """The matplotlib Figure of :meth:`plot` (no pyplot, so no global state)."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(13, 5), layout="constrained")
        ax1, ax2 = fig.subplots(1, 2)
        probs = self.per_hand[self.per_hand.index.str.startswith("p_")]
        x = np.arange(len(probs))
        est = probs["estimate"].to_numpy()
        err = np.vstack([est - probs["ci95_lo"].to_numpy(), probs["ci95_hi"].to_numpy() - est])
        ax1.bar(x, est, yerr=np.clip(err, 0, None), capsize=3, color="tab:blue")
        labels = [s[2:] for s in probs.index]
        last_run = max(i for i, s in enumerate(labels) if s.startswith("run_"))
        if labels[last_run] != "run_9":  # the last run category means "that long or longer"
            labels[last_run] += "+"
        ax1.set_xticks(x, labels, rotation=45, ha="right")
        ax1.set_yscale("log")
        ax1.set_ylabel("probability per hand")
        how = "exact" if self.exact else f"{self.hands:,} sampled hands"
        ax1.set_title(f"Melds announced by one hand\n({self.rules}, mode {self.mode}, {how}; 95% CI)")
        d = self.distribution
        pos = np.arange(len(d))
        for off, team, colour in ((-0.2, "leader_team", "tab:green"), (0.2, "other_team", "tab:orange")):
            e = d[team].to_numpy()
            yerr = np.clip(np.vstack([e - d[f"{team}_lo"].to_numpy(), d[f"{team}_hi"].to_numpy() - e]), 0, None)
            ax2.bar(pos + off, e, width=0.4, yerr=yerr, capsize=2, color=colour, label=team.replace("_", " "))
        ax2.set_xticks(pos, [str(p) for p in d.index], rotation=90)
        ax2.set_yscale("log")
        ax2.set_xlabel("meld points that count")
        ax2.set_ylabel("probability per deal")
        ax2.set_title(f"Meld points that count per team\n({self.rules}, mode {self.mode}, {self.deals:,} deals, "
                      "seat 0 leads; 95% CI)")
        ax2.legend()
        return fig


def _check_count(option: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise InputError(f"{option} must be an integer >= {minimum}, got {value!r}", str(value))
    return int(value)


def meld_stats(rules: RuleSet | str = "chibre", hands: int | None = None, exact: bool = False,
               deals: int = DEFAULT_DEALS, seed: int = 0, mode: int | str = 0,
               threads: int | None = None) -> MeldStats:
    """Per-hand and per-deal meld statistics with 95% intervals.

    Wraps the kernels of :mod:`jass_sim.jass.melds._kernels`: ``exact_hands`` (with
    ``exact``) or ``sampled_hands`` for the per-hand figures, ``sampled_deals`` for the per-deal
    ones (see :func:`exact_hand_counts`, :func:`sampled_hand_counts`,
    :func:`sampled_deal_counts`).

    Parameters
    ----------
    rules : RuleSet or str
        ``chibre`` or ``schieber`` (or any preset / RuleSet).
    hands : int, optional
        Sampled hands (default :data:`DEFAULT_HANDS`); not with ``exact``.
    exact : bool
        Count all 94,143,280 hands instead of sampling.
    deals : int
        Sampled deals for the per-deal figures.
    seed : int
        Seed of the sampled hands and deals (same result on any number of threads).
    mode : int or str
        Mode of stöck, of the announcements' tie-breaks and of the per-deal comparison
        (default hearts trump).
    threads : int, optional
        Numba threads (all when None).

    Raises
    ------
    InputError
        Unknown rules or mode, a count below 1, a negative seed, ``hands`` with ``exact``.
    """
    rule_set = get_rules(rules)
    mode = parse_mode(mode) if isinstance(mode, str) else mode
    if isinstance(mode, bool) or not isinstance(mode, (int, np.integer)) or not 0 <= mode < N_MODES:
        raise InputError(f"unknown mode {mode!r}", str(mode))
    mode = int(mode)
    if exact and hands is not None:
        raise InputError("--hands and --exact exclude each other (exact counts all 94,143,280 hands)",
                         "--hands")
    hands = None if exact else _check_count("--hands", DEFAULT_HANDS if hands is None else hands)
    deals = _check_count("--deals", deals)
    seed = _check_count("--seed", seed, 0)
    if threads is not None:
        threads = _check_count("--threads", threads)
    if exact:
        hc = exact_hand_counts(rule_set, mode, threads)
    else:
        hc = sampled_hand_counts(hands, seed, rule_set, mode, threads)
    dc = sampled_deal_counts(deals, seed, rule_set, mode, threads)
    per_deal, distribution = deal_tables(dc)
    return MeldStats(rules=rule_set.name, mode=MODE_NAMES[mode], exact=exact, hands=hc.n, deals=deals,
                     seed=seed, per_hand=hand_table(hc, rule_set, mode), per_deal=per_deal,
                     distribution=distribution, hand_counts=hc, deal_counts=dc)
