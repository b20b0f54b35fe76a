"""Simulated players against human play: the declaring team under the ``schieber`` rules.

The figures of human play (:data:`HUMAN_FIGURES`, source in :data:`HUMAN_SOURCE`) describe the
*declaring team*: the team whose player chose the mode, directly or after a push (chibre).
:func:`simulate_against_humans` plays uniform deals under the ``schieber`` preset (the online
game's multipliers, which steer the choice of mode) with the default (``fitted``) mode chooser,
chibre allowed, for each card-play policy, and :func:`comparison_table` sets the same statistics beside
the human ones with 95% CIs.

What is counted, like the human figures:

- **points**: the declaring team's card points (last trick 5 included) plus the match bonus, so a
  match counts 257 — *without* the schieber multiplier and without melds or stöck, which the
  human figure leaves out too (it counts a match as 257, and the HSLU jass-kit framework of
  that data scores neither melds nor stöck: see ``tests/jasskit_adapter.py`` D3).
- **round_win**: the declaring team has more of those points than the other team (157 card
  points in all, an odd number, so there are no ties).
- **match**: the declaring team takes all nine tricks.
- **push**: the chooser pushed (chibred) to its partner.
- **mode_share**: the share of all rounds played in each mode, chosen directly or after a push
  (the twelve shares of a player sum to 1).

The per-deal rows of :func:`jass_sim.jass.simulate.tables.simulate_deals` carry all of it (the
``cards_*`` and ``match_*`` columns are before the multiplier; ``ours`` is the declaring team);
no kernel of its own.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.report.sections import FAST_PLAYERS, SLOW_PLAYER_DEALS

#: The Swisslos rules of its online Schieber (game types and multipliers).
SWISSLOS_RULES_URL = "https://www.swisslos.ch/de/jass/informationen/jass-regeln/schieber-jass.html"

#: Where :data:`HUMAN_FIGURES` come from, and what is not known about them.
HUMAN_SOURCE = (
    "quoted in issue 17 of jass-sim from a public summary of about 1.8 million Schieber games played "
    "online at Swisslos (jass.ch), the game logs used in the 'Deep Learning for Games' (DL4G) course of the "
    "Lucerne University of Applied Sciences and Arts (HSLU). **Unverifiable**: we found no published copy of "
    "that summary to link, the logs themselves may not be used outside HSLU, and the summary gives no sample "
    "sizes or intervals. Its suits are those of the course's jass-kit (♦ ♥ ♠ ♣, with the German Eichel, "
    "Rosen, Schilten, Schellen in that order). **Game type unknown**: Swisslos' Schieber is played to 2500 "
    "points with multipliers (Rosen and Eichel ×1, Schilten and Schellen ×2, Obenabe and Undenufe ×3), or "
    f"to 1000 points and in 12-round tournaments with every mode ×1 ([Swisslos rules]({SWISSLOS_RULES_URL})); "
    "the summary does not say which games the logs hold. This section assumes the "
    "multipliers throughout; in games without them the human mode shares would be steered less towards "
    "♠ ♣, obe-abe and une-ufe")

#: Human figures as fractions (points in points): the declaring team's mean points (a match counted
#: as 257, no melds, no multiplier), its round-win, match and push rates, and the share of all
#: rounds played in each mode chosen directly / after a push. Source: :data:`HUMAN_SOURCE`.
HUMAN_FIGURES = {
    "points": 115.9,
    "round_win": 0.810,
    "match": 0.090,
    "push": 0.620,
    "mode_share": {  # mode: (direct, after a push)
        "D": (0.031, 0.107),   # ♦ (Eichel)
        "H": (0.033, 0.108),   # ♥ (Rosen)
        "S": (0.070, 0.111),   # ♠ (Schilten)
        "C": (0.070, 0.110),   # ♣ (Schellen)
        "OBE": (0.079, 0.082),
        "UNE": (0.097, 0.103),
    },
}

#: The rule preset of the comparison: the online game's multipliers (♦ ♥ ×1, ♠ ♣ ×2, obe/une ×3).
RULES = "schieber"
#: Card-play policies compared with human play by default (``random`` plays no game worth the
#: name; ``dd`` sees every hand).
DEFAULT_PLAYERS = ("heuristic", "net", "search", "pimc")
#: The statistics in table order.
STATISTICS = ("points", "round_win", "match", "push", "mode_share")
#: ``chosen`` of a mode share.
CHOSEN = ("direct", "push")
COLUMNS = ("statistic", "mode", "chosen", "player", "estimate", "ci95_lo", "ci95_hi", "n", "human")


def _count_keys() -> list[str]:
    return (["rounds", "sum_points", "sumsq_points", "wins", "matches", "pushes"]
            + [f"{c}_{m}" for m in MODE_NAMES for c in CHOSEN])


def round_counts(rows: pd.DataFrame) -> pd.Series:
    """Integer sums over per-deal rows (:func:`jass_sim.jass.simulate.tables.rows_frame`), from the
    declaring team's side; sums of several chunks add up (``a + b``).

    Parameters
    ----------
    rows : DataFrame
        One row per round with ``mode`` (name or number), ``chibred``, ``cards_ours``,
        ``match_ours``, ``cards_theirs``, ``match_theirs``; ``ours`` is the declaring team.

    Returns
    -------
    Series of int
        ``rounds, sum_points, sumsq_points, wins, matches, pushes`` and ``direct_M``, ``push_M``
        for each mode name ``M`` (rounds played in ``M``, chosen directly / after a push).
    """
    ours = rows["cards_ours"].to_numpy(np.int64) + rows["match_ours"].to_numpy(np.int64)
    theirs = rows["cards_theirs"].to_numpy(np.int64) + rows["match_theirs"].to_numpy(np.int64)
    pushed = rows["chibred"].to_numpy(np.int64) != 0
    mode = rows["mode"]
    codes = mode.cat.codes.to_numpy() if isinstance(mode.dtype, pd.CategoricalDtype) else mode.to_numpy(np.int64)
    if isinstance(mode.dtype, pd.CategoricalDtype) and list(mode.cat.categories) != list(MODE_NAMES):
        raise ValueError(f"unexpected mode categories {list(mode.cat.categories)}")
    out = {"rounds": len(rows), "sum_points": int(ours.sum()), "sumsq_points": int((ours * ours).sum()),
           "wins": int((ours > theirs).sum()), "matches": int((rows["match_ours"].to_numpy() > 0).sum()),
           "pushes": int(pushed.sum())}
    for m, name in enumerate(MODE_NAMES):
        in_mode = codes == m
        out[f"direct_{name}"] = int((in_mode & ~pushed).sum())
        out[f"push_{name}"] = int((in_mode & pushed).sum())
    return pd.Series(out, index=_count_keys(), dtype=np.int64)


def human_figures() -> pd.DataFrame:
    """:data:`HUMAN_FIGURES` as a table: ``statistic, mode, chosen, human`` (``mode`` and
    ``chosen`` are ``all`` for the statistics of every round)."""
    rows = [{"statistic": s, "mode": "all", "chosen": "all", "human": HUMAN_FIGURES[s]} for s in STATISTICS[:4]]
    for name in MODE_NAMES:
        for chosen, value in zip(CHOSEN, HUMAN_FIGURES["mode_share"][name]):
            rows.append({"statistic": "mode_share", "mode": name, "chosen": chosen, "human": value})
    return pd.DataFrame(rows)


def comparison_table(counts: dict[str, pd.Series]) -> pd.DataFrame:
    """The statistics of each player beside the human figures.

    Parameters
    ----------
    counts : dict of str to Series
        Per player (in display order), the :func:`round_counts` of its rounds.

    Returns
    -------
    DataFrame
        One row per (statistic, player), columns :data:`COLUMNS`: ``estimate`` with its 95% CI
        (a normal-approximation interval of the mean for ``points``, Wilson for the rates and
        shares), ``n`` the rounds behind it, ``human`` the human figure. ``mode``/``chosen``
        name the cell of a ``mode_share`` (``all`` otherwise). The CIs cover the sampling of
        the deals only.
    """
    rows = []
    for _, h in human_figures().iterrows():
        for player, c in counts.items():
            n = int(c["rounds"])
            if h["statistic"] == "points":
                est = mean_ci(int(c["sum_points"]), int(c["sumsq_points"]), n)
            else:
                key = {"round_win": "wins", "match": "matches", "push": "pushes"}.get(
                    h["statistic"], f"{h['chosen']}_{h['mode']}")
                est = wilson_ci(int(c[key]), n)
            rows.append({"statistic": h["statistic"], "mode": h["mode"], "chosen": h["chosen"], "player": player,
                         "estimate": est[0], "ci95_lo": est[1], "ci95_hi": est[2], "n": n, "human": h["human"]})
    return pd.DataFrame(rows, columns=list(COLUMNS))


def simulate_against_humans(players=DEFAULT_PLAYERS, deals: int = 100_000, slow_deals: int = SLOW_PLAYER_DEALS,
                            seed: int = 0, threads: int | None = None) -> pd.DataFrame:
    """Simulate rounds under the ``schieber`` rules for each card-play policy and compare them
    with human play (:func:`comparison_table`).

    Each round is a uniform deal; seat 0 chooses the mode with the default ``fitted`` mode model
    (chibre allowed: the partner then chooses) and leads; all four seats play the policy. Wraps
    :func:`jass_sim.jass.simulate.tables.simulate_deals` (the batch kernel
    :func:`jass_sim.jass.engine.batch.run_blocks`), one run per player from the same ``seed``.

    Parameters
    ----------
    players : sequence of str
        Card-play policies (names of :data:`jass_sim.jass.players.PLAYERS`).
    deals : int
        Rounds of each player of :data:`jass_sim.jass.report.sections.FAST_PLAYERS`.
    slow_deals : int
        Rounds of the other players (``pimc``, ``dd``: tens of rounds per second), at most ``deals``.
    seed : int
        Root seed; the result does not depend on ``threads``.
    threads : int, optional
        Numba threads (default: all).

    Returns
    -------
    DataFrame
        See :func:`comparison_table`.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.simulate.tables import simulate_deals

    players = [p.strip().lower() for p in players]
    for p in players:
        PLAYERS.code(p)
    if not players:
        raise InputError("no player to compare with human play", "")
    if slow_deals < 1:
        raise InputError(f"the number of slow-player deals must be positive, got {slow_deals}", str(slow_deals))
    counts = {}
    for p in players:
        n = deals if p in FAST_PLAYERS else min(deals, slow_deals)
        total = pd.Series(0, index=_count_keys(), dtype=np.int64)
        for frame in simulate_deals(n, RULES, p, seed=seed, threads=threads, chooser=DEFAULT_CHOOSER):
            total = total + round_counts(frame)
        counts[p] = total
    return comparison_table(counts)
