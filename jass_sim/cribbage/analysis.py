"""Cribbage statistics as pandas tables: the exact (or sampled) distribution of hand and crib
scores, the crib expectation per thrown rank pair, summaries of simulated games, and plots."""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, rate_ci, wilson_ci
from jass_sim.cribbage.cards import N_RANKS, RANKS

N_COMBINATIONS = 12_994_800  # C(52, 4) * 48
STATS_COLUMNS = ["score", "hand_count", "hand_probability", "crib_count", "crib_probability"]


def _all_pairs():
    first, second = [], []
    for a in range(52):
        for b in range(a + 1, 52):
            first.append(a)
            second.append(b)
    return np.array(first, dtype=np.int64), np.array(second, dtype=np.int64)


def exact_stats() -> tuple[pd.DataFrame, dict]:
    """The exact distribution of hand and crib scores over all ``C(52, 4) * 48 = 12,994,800``
    hand-plus-starter combinations.

    Returns
    -------
    table : DataFrame
        One row per score 0..29, columns ``score, hand_count, hand_probability, crib_count,
        crib_probability`` (hand rules, then crib rules).
    summary : dict
        ``combinations``, ``hand_mean``, ``crib_mean`` and ``parts``: the mean points of each part
        (fifteens, pairs, runs, flush, nobs) under hand rules, with ``parts_total`` their exact
        integer totals.

    Wraps the kernel ``_exact.exact_distribution``.
    """
    from jass_sim.cribbage._exact import exact_distribution
    from jass_sim.cribbage._scoring import PART_NAMES

    hist, parts = exact_distribution(*_all_pairs())
    counts = hist.sum(axis=0)
    totals = parts.sum(axis=0)
    table = _table(counts)
    n = int(counts[0].sum())
    summary = {"combinations": n, "exact": True,
               "hand_mean": float((table.score * table.hand_count).sum() / n),
               "crib_mean": float((table.score * table.crib_count).sum() / n),
               "parts": {name: float(t / n) for name, t in zip(PART_NAMES, totals)},
               "parts_total": {name: int(t) for name, t in zip(PART_NAMES, totals)}}
    return table, summary


def sampled_stats(n: int, seed: int) -> tuple[pd.DataFrame, dict]:
    """The distribution from ``n`` uniformly drawn hand-plus-starter combinations, with 95%
    Wilson intervals (``hand_lo, hand_hi, crib_lo, crib_hi``) and the means with their intervals.

    Wraps the kernel ``_exact.sampled_distribution``.
    """
    from jass_sim.core.batches import call
    from jass_sim.core.rng import BLOCK_SIZE, block_states
    from jass_sim.cribbage._exact import sampled_distribution
    from jass_sim.cribbage.streams import STREAMS

    states = block_states(seed, 0, -(-n // BLOCK_SIZE), STREAMS["cribbage.stats"])
    counts = call(sampled_distribution, states, n).sum(axis=0)
    table = _table(counts)
    for rule in ("hand", "crib"):
        cis = [wilson_ci(int(k), n) for k in table[f"{rule}_count"]]
        table[f"{rule}_lo"] = [c[1] for c in cis]
        table[f"{rule}_hi"] = [c[2] for c in cis]
    summary: dict = {"combinations": n, "exact": False, "seed": seed}
    for rule in ("hand", "crib"):
        c = table[f"{rule}_count"].to_numpy()
        s = table.score.to_numpy()
        mean, lo, hi = mean_ci(int((s * c).sum()), int((s * s * c).sum()), n)
        summary[f"{rule}_mean"] = mean
        summary[f"{rule}_mean_ci"] = [lo, hi]
    return table, summary


def _table(counts: np.ndarray) -> pd.DataFrame:
    n = counts[0].sum()
    return pd.DataFrame({"score": np.arange(counts.shape[1]), "hand_count": counts[0],
                         "hand_probability": counts[0] / n, "crib_count": counts[1],
                         "crib_probability": counts[1] / n})


def crib_rank_pairs(samples: int, seed: int) -> pd.DataFrame:
    """The crib expectation of each of the 91 thrown rank pairs.

    ``random_ev``: exact, the other two crib cards and the starter random (the same for dealer
    and pone). ``dealer_ev`` / ``pone_ev``: the other two crib cards thrown by an opponent who
    discards by the ``expect`` player (as pone, resp. dealer) from six random cards, ``samples``
    sampled hands per row and the starter exact, with 95% intervals (``_lo``, ``_hi``). The
    intervals cover the sampling only, not the choice of the opponent's model.

    Wraps the kernels ``_exact.crib_pair_table`` (through :func:`~.discards.crib_rank_table`)
    and ``_model.crib_vs_model``.
    """
    from jass_sim.core.batches import call
    from jass_sim.core.rng import block_states
    from jass_sim.cribbage._model import crib_vs_model
    from jass_sim.cribbage.discards import crib_rank_table
    from jass_sim.cribbage.streams import STREAMS

    table = crib_rank_table()
    pairs = [(r1, r2) for r1 in range(N_RANKS) for r2 in range(r1, N_RANKS)]
    first = np.array([p[0] for p in pairs] * 2, dtype=np.int64)
    second = np.array([p[1] for p in pairs] * 2, dtype=np.int64)
    opp_sign = np.array([-1] * len(pairs) + [1] * len(pairs), dtype=np.int64)  # dealer's crib: pone throws
    states = block_states(seed, 0, len(first), STREAMS["cribbage.crib-pairs"])
    sums = call(crib_vs_model, first, second, opp_sign, samples, states, table)
    rows = []
    for i, (r1, r2) in enumerate(pairs):
        row = {"rank1": RANKS[r1], "rank2": RANKS[r2], "random_ev": table[r1, r2]}
        for role, j in (("dealer", i), ("pone", i + len(pairs))):
            mean, lo, hi = mean_ci(int(sums[j, 0]), int(sums[j, 1]), samples)
            row.update({f"{role}_ev": mean / 44, f"{role}_lo": lo / 44, f"{role}_hi": hi / 44})
        row["samples"] = samples
        rows.append(row)
    return pd.DataFrame(rows)


def stats_figure(table: pd.DataFrame, cribs: pd.DataFrame | None = None):
    """A matplotlib figure: the hand and crib score distributions, and (with ``cribs``) the
    dealer's and pone's crib expectation per thrown rank pair as two heat maps."""
    from matplotlib.figure import Figure  # not pyplot: no global state, no backend switch

    n_axes = 1 if cribs is None else 3
    fig = Figure(figsize=(6 * n_axes, 4.5))
    axes = fig.subplots(1, n_axes, squeeze=False)
    ax = axes[0, 0]
    ax.bar(table.score - 0.2, table.hand_probability, width=0.4, label="hand rules")
    ax.bar(table.score + 0.2, table.crib_probability, width=0.4, label="crib rules")
    ax.set_xlabel("points")
    ax.set_ylabel("probability")
    ax.set_title("Hand and crib scores")
    ax.legend()
    if cribs is not None:
        # one colour scale for both maps, so that a colour means the same crib value in each
        values = np.concatenate([cribs["dealer_ev"].to_numpy(float), cribs["pone_ev"].to_numpy(float)])
        vmin, vmax = float(np.nanmin(values)), float(np.nanmax(values))
        for ax, role in zip(axes[0, 1:], ("dealer", "pone")):
            grid = np.full((N_RANKS, N_RANKS), np.nan)
            for row in cribs.itertuples():
                r1, r2 = RANKS.index(row.rank1), RANKS.index(row.rank2)
                grid[r1, r2] = grid[r2, r1] = getattr(row, f"{role}_ev")
            im = ax.imshow(grid, cmap="viridis", vmin=vmin, vmax=vmax)
            ax.set_xticks(range(N_RANKS), list(RANKS))
            ax.set_yticks(range(N_RANKS), list(RANKS))
            ax.set_title(f"{role.capitalize()}'s crib per thrown pair (model opponent)")
            fig.colorbar(im, ax=ax, label="expected points of the crib")
    fig.tight_layout()
    return fig


def game_summary(batch, a: str, b: str, seed: int) -> dict:
    """Win rate of A, skunks, the first dealer's win rate and points per hand by source, with
    95% intervals, from a :class:`~.engine.Batch` of duplicate-dealt pairs.

    Win rates are means over the game pairs (a pair's two games share their cards, so the pair
    is the independent unit). Points per hand count only hands played to the end (the last,
    interrupted hand of each game is left out).
    """
    from jass_sim.cribbage._game import (
        N_SOURCES,
        R_FIRST_DEALER,
        R_HANDS,
        R_SCORE0,
        R_SCORE1,
        R_WINNER,
        SKUNK_BELOW,
        SOURCE_NAMES,
    )

    r = batch.results
    n_games = r.shape[0]
    n_pairs = n_games // 2
    a_wins = (r[:, R_WINNER] == 0).reshape(n_pairs, 2).sum(axis=1)
    fd_wins = (r[:, R_WINNER] == r[:, R_FIRST_DEALER]).reshape(n_pairs, 2).sum(axis=1)

    def pair_rate(x):  # wins of a pair of games (0, 1, 2): Wilson at the pairs' effective size
        mean, lo, hi = rate_ci(int(x.sum()) / 2, int((x * x).sum()) / 4, n_pairs, max_n=2 * n_pairs)
        return {"rate": mean, "ci": [lo, hi]}

    loser_score = np.where(r[:, R_WINNER] == 0, r[:, R_SCORE1], r[:, R_SCORE0])
    skunk = loser_score < SKUNK_BELOW
    out = {"games": n_games, "pairs": n_pairs, "seed": seed, "players": {"A": a, "B": b},
           "a_win": pair_rate(a_wins), "first_dealer_win": pair_rate(fd_wins),
           "hands_per_game": float(r[:, R_HANDS].mean())}
    for name, who in (("a_skunks_b", 0), ("b_skunks_a", 1)):
        k = int((skunk & (r[:, R_WINNER] == who)).sum())
        p, lo, hi = wilson_ci(k, n_games)
        out[name] = {"count": k, "rate": p, "ci": [lo, hi]}
    per_hand = {}
    for p, pname in enumerate("AB"):
        for role, rname in ((1, "dealer"), (0, "pone")):
            n = int(batch.acc_n[p, role])
            entry = {"hands": n}
            for s in range(N_SOURCES):
                if rname == "pone" and SOURCE_NAMES[s] in ("crib", "heels"):
                    continue
                mean, lo, hi = mean_ci(int(batch.acc[p, role, s, 0]), int(batch.acc[p, role, s, 1]), n)
                entry[SOURCE_NAMES[s]] = {"mean": mean, "ci": [lo, hi]}
            per_hand[f"{pname}_{rname}"] = entry
    out["points_per_hand"] = per_hand
    return out
