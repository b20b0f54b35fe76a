"""Basra statistics: simulate and duel tables with 95% CIs (pandas out).

Every figure is a mean over deals (or games) with its sample size and a normal 95% CI
(:func:`jass_sim.core.stats.mean_ci`; a win rate has the Wilson interval of
:func:`jass_sim.core.stats.rate_ci`). Each deal is played twice on the same cards (see
:mod:`jass_sim.basra.engine`) and the two plays are averaged into one sample per deal, so
comparisons are paired. The CIs cover the sampling of deals only, not the play model: the
figures are those of the chosen players, not of people.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.basra.engine import iter_deal_rows, iter_game_rows
from jass_sim.basra.players import PLAYERS
from jass_sim.basra.rules import BasraRules
from jass_sim.core.stats import mean_ci, rate_ci


class _Sums:
    """Streamed sums and sums of squares of named per-sample values."""

    def __init__(self):
        self.s: dict[str, list[float]] = {}

    def add(self, name: str, values: np.ndarray) -> None:
        v = np.asarray(values, dtype=np.float64)
        acc = self.s.setdefault(name, [0.0, 0.0, 0])
        acc[0] += float(v.sum())
        acc[1] += float((v * v).sum())
        acc[2] += v.size

    def row(self, name: str, label: str, unit: str) -> dict:
        total, total_sq, n = self.s[name]
        if unit == "probability":  # a rate averaged over the two plays: Wilson, inside [0, 1], never zero-width
            mean, lo, hi = rate_ci(total, total_sq, int(n), max_n=2 * int(n))
        else:
            mean, lo, hi = mean_ci(total, total_sq, int(n))
        return {"figure": label, "unit": unit, "n": int(n), "mean": mean, "ci95_lo": lo, "ci95_hi": hi}


def _deal_sums(rows: np.ndarray, sums: _Sums, duel: bool) -> None:
    """Per-deal samples (mean of the deal's two plays) from the rows of one chunk."""
    plays = rows.reshape(-1, 2, rows.shape[1])
    tot = np.stack([plays[:, :, 2] + plays[:, :, 3] + 10 * plays[:, :, 4],
                    plays[:, :, 5] + plays[:, :, 6] + 10 * plays[:, :, 7]], axis=2)  # [deal, play, side]
    bas = plays[:, :, [4, 7]]
    starter = plays[:, :, 0]
    idx = np.arange(plays.shape[0])[:, None], np.arange(2)[None, :]
    first = tot[idx[0], idx[1], starter]
    second = tot[idx[0], idx[1], 1 - starter]
    sums.add("first_adv", (first - second).mean(axis=1))
    sums.add("basras", bas.sum(axis=2).mean(axis=1))
    sums.add("card_points", (plays[:, :, 2] + plays[:, :, 5]).mean(axis=1))
    if duel:
        a_side = plays[:, :, 1]
        a_tot, b_tot = tot[idx[0], idx[1], a_side], tot[idx[0], idx[1], 1 - a_side]
        sums.add("a_points", a_tot.mean(axis=1))
        sums.add("b_points", b_tot.mean(axis=1))
        sums.add("a_minus_b", (a_tot - b_tot).mean(axis=1))
        sums.add("a_basras", bas[idx[0], idx[1], a_side].mean(axis=1))
        sums.add("b_basras", bas[idx[0], idx[1], 1 - a_side].mean(axis=1))
    else:
        sums.add("first_points", first.mean(axis=1))
        sums.add("second_points", second.mean(axis=1))


def _game_sums(rows: np.ndarray, sums: _Sums, duel: bool) -> None:
    plays = rows.reshape(-1, 2, rows.shape[1])
    key = plays[:, :, 1] if duel else plays[:, :, 0]  # A's side, or the starting side
    sums.add("win", (plays[:, :, 2] == key).mean(axis=1))
    sums.add("rounds", plays[:, :, 3].mean(axis=1))


def _run(deals, games, n, rules, a, b, duel, seed, params, threads, progress=None) -> _Sums:
    from jass_sim.basra.engine import numba_threads
    from jass_sim.core.batches import Slicer

    sums = _Sums()
    with numba_threads(threads):
        for rows in iter_deal_rows(deals, n, rules, a, b, duel, seed, params, Slicer(progress)):
            _deal_sums(rows, sums, duel)
        if games:  # a slicer of its own: a game lasts many deals, its rate is not theirs
            for rows in iter_game_rows(games, n, rules, a, b, duel, seed, params, Slicer(progress, done=deals)):
                _game_sums(rows, sums, duel)
    return sums


def _check_counts(deals: int, games: int) -> None:
    from jass_sim.core.errors import InputError

    if deals < 1:
        raise InputError(f"--deals must be positive, got {deals}", str(deals))
    if games < 0:
        raise InputError(f"--games must be 0 or more, got {games}", str(games))


def simulate_table(deals: int, n: int = 2, rules: BasraRules | None = None, policy: str = "random",
                   games: int = 0, seed: int = 0, params=None, threads: int | None = None,
                   progress=None) -> pd.DataFrame:
    """Every seat plays ``policy``: points and Basras per deal, first-player advantage (each deal
    played twice, each side starting once) and the starting side's win rate to 101.

    Wraps :func:`jass_sim.basra.engine.iter_deal_rows` and ``iter_game_rows``; ``progress`` is
    called with the deals and games done so far (deals first)."""
    _check_counts(deals, games)
    p = PLAYERS.code(policy)
    rules = rules or BasraRules()
    s = _run(deals, games, n, rules, p, p, False, seed, params, threads, progress)
    out = [s.row("first_points", "points of the starting side", "points/deal"),
           s.row("second_points", "points of the other side", "points/deal"),
           s.row("first_adv", "first-player advantage (starting side minus other)", "points/deal"),
           s.row("card_points", "card points (both sides)", "points/deal"),
           s.row("basras", "Basras (both sides)", "basras/deal")]
    if games:
        out += [s.row("win", "starting side wins the game to 101", "probability"),
                s.row("rounds", "rounds per game", "rounds")]
    return pd.DataFrame(out)


def duel_table(policy_a: str, policy_b: str, deals: int, n: int = 2, rules: BasraRules | None = None,
               games: int = 0, seed: int = 0, params=None, threads: int | None = None,
               progress=None) -> pd.DataFrame:
    """Player A (one side) against B (the other) on duplicate deals: each deal played twice with
    the sides' players swapped, the same side starting. Wraps ``iter_deal_rows``/``iter_game_rows``
    (``progress`` as for :func:`simulate_table`)."""
    _check_counts(deals, games)
    a, b = PLAYERS.code(policy_a), PLAYERS.code(policy_b)
    rules = rules or BasraRules()
    s = _run(deals, games, n, rules, a, b, True, seed, params, threads, progress)
    out = [s.row("a_points", f"points of A ({policy_a})", "points/deal"),
           s.row("b_points", f"points of B ({policy_b})", "points/deal"),
           s.row("a_minus_b", "A minus B", "points/deal"),
           s.row("a_basras", "Basras of A", "basras/deal"),
           s.row("b_basras", "Basras of B", "basras/deal"),
           s.row("first_adv", "first-player advantage (starting side minus other)", "points/deal")]
    if games:
        out += [s.row("win", f"A ({policy_a}) wins the game to 101", "probability"),
                s.row("rounds", "rounds per game", "rounds")]
    return pd.DataFrame(out)
