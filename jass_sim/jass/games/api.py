"""The API of whole games (``jass-sim games``): :func:`games`."""

from __future__ import annotations

from jass_sim.core.result import Result

__all__ = ["games", "equity"]


class Games(Result):
    """The answer of :func:`games`: ``to_json()`` (``win_rate_a``, ``rounds_per_game``,
    ``rubicon_rate``, ... each ``{"mean", "ci95"}``), ``table`` (one row per figure, the CSV
    output), ``out`` (the per-game results of the kernel) and ``plot(path)``."""

    def __init__(self, doc: dict, out, traj):
        from jass_sim.jass.games.games import format_games, games_frame

        super().__init__(doc, games_frame(doc), lambda: format_games(doc),
                         f"{doc['team_a']} vs {doc['team_b']}, {doc['games']:,} duplicate games, {doc['rules']}")
        self.out, self._traj = out, traj

    def plot(self, path: str) -> None:
        """Score trajectories and the distribution of rounds per game to a .png or .svg file."""
        from jass_sim.jass.games.games import plot_games

        plot_games(self._doc, self.out, self._traj, path)


def games(n_games: int, team_a: str, team_b: str, *, rules: str = "chibre", target: int | None = None,
          ending: str | None = None, chooser_a: str = "evaluator", chooser_b: str = "evaluator", seed: int = 0,
          threads: int | None = None) -> Games:
    """Whole games to the target between two teams on duplicate deal sequences (``jass-sim games``).

    Each deal sequence is played twice, team A first on seats 0 and 2, then on seats 1 and 3.
    Wraps the parallel kernel :func:`jass_sim.jass.games._games_kernels.duplicate_game_blocks` (through
    :func:`jass_sim.jass.games.games.games`).

    Parameters
    ----------
    n_games : int
        Duplicate games (each played twice).
    team_a, team_b : str
        Card-play policies (``random``, ``heuristic``, ``net``, ``dd``, ``pimc``).
    rules : str
        Rule preset; ``target`` and ``ending`` (``premier-sorti`` or ``plus-grand-ecart``)
        override its own.
    chooser_a, chooser_b : str
        Each team's mode choice: ``evaluator`` or ``random``.
    seed, threads :
        Root seed (the same games on any number of threads) and threads.

    Returns
    -------
    Games
        A's paired win rate, rounds per game, rubicon rate, premier sorti and final scores, each
        with its 95% CI over deal sequences.
    """
    from jass_sim.jass.games.games import games as run

    doc, out, traj = run(n_games, team_a.strip().lower(), team_b.strip().lower(), rules, target, ending, seed,
                         threads, chooser_a.strip().lower(), chooser_b.strip().lower())
    return Games(doc, out, traj)


class Equity(Result):
    """The answer of :func:`equity`: ``table`` (one row per state: ``rules, policy, ours,
    theirs, chooser, p_win, ci95_lo, ci95_hi, rounds``, the ``-o`` file of ``jass-sim equity``),
    ``win_probability(ours, theirs, we_choose)``, ``plot(path)`` and ``equity_table`` (the
    :class:`jass_sim.jass.games.equity.EquityTable`)."""

    def __init__(self, table):
        frame = table.frame()
        doc = {"rules": table.rules, "policy": table.policy, "target": int(table.target),
               "premier_sorti": bool(table.premier_sorti), "rounds": int(table.rounds), "step": int(table.step),
               "seed": int(table.seed), "cells": frame.to_dict(orient="records")}
        super().__init__(doc, frame, None, f"match equity, rules {table.rules}, policy {table.policy}, "
                                           f"{table.rounds:,} sampled rounds, grid step {table.step}")
        self.equity_table = table

    def win_probability(self, ours: int, theirs: int, we_choose: bool = True) -> float:
        """Our probability of winning the game from ``ours``:``theirs`` (interpolated on the grid)."""
        return self.equity_table.win_probability(ours, theirs, we_choose)

    def plot(self, path: str) -> None:
        """The equity surface (we choose / they choose) to a .png or .svg file."""
        self.equity_table.plot(path)


def equity(*, rules: str = "chibre", policy: str = "heuristic", games: int | None = None, step: int = 10,
           seed: int = 0, threads: int | None = None, shipped: bool = False) -> Equity:
    """Match equity: the probability of winning the game from a score (``jass-sim equity``).

    Built backwards from the end of the game from ``games`` simulated rounds (default 50,000),
    or, with ``shipped=True``, the table shipped with the package (``heuristic`` and ``net``,
    every preset). Wraps the kernels :func:`jass_sim.jass.games._equity_kernels.sample_rounds` and
    :func:`jass_sim.jass.games._equity_kernels.equity_table` (through
    :func:`jass_sim.jass.games.equity.build_equity`).

    Parameters
    ----------
    rules : str
        Rule preset (its target and ending).
    policy : str
        Card play of all four seats.
    games : int, optional
        Sampled rounds (at least 100); not with ``shipped``.
    step : int
        Grid step in points (1 to 50).
    seed, threads :
        Root seed (the same table on any number of threads) and threads.
    shipped : bool
        Read the shipped table instead of building one.

    Returns
    -------
    Equity
        Every cell with its 95% CI (round sampling at that cell only: not the play model, the later
        cells' error or interpolation).
    """
    from jass_sim.jass.games.equity import DEFAULT_ROUNDS, build_equity, shipped_table
    from jass_sim.core.errors import InputError

    if shipped:
        if games is not None:
            raise InputError("give --games or --shipped, not both", "--shipped")
        return Equity(shipped_table(rules, policy.strip().lower()))
    return Equity(build_equity(rules, policy, games or DEFAULT_ROUNDS, seed, step, threads))
