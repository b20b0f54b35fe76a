"""The API of whole games (``jass-sim games``): :func:`games`."""

from __future__ import annotations

from ._result import Result

__all__ = ["games"]


class Games(Result):
    """The answer of :func:`games`: ``to_json()`` (``win_rate_a``, ``rounds_per_game``,
    ``rubicon_rate``, ... each ``{"mean", "ci95"}``), ``table`` (one row per figure, the CSV
    output), ``out`` (the per-game results of the kernel) and ``plot(path)``."""

    def __init__(self, doc: dict, out, traj):
        from ..analysis.games import format_games, games_frame

        super().__init__(doc, games_frame(doc), lambda: format_games(doc),
                         f"{doc['team_a']} vs {doc['team_b']}, {doc['games']:,} duplicate games, {doc['rules']}")
        self.out, self._traj = out, traj

    def plot(self, path: str) -> None:
        """Score trajectories and the distribution of rounds per game to a .png or .svg file."""
        from ..analysis.games import plot_games

        plot_games(self._doc, self.out, self._traj, path)


def games(n_games: int, team_a: str, team_b: str, *, rules: str = "chibre", target: int | None = None,
          ending: str | None = None, chooser_a: str = "evaluator", chooser_b: str = "evaluator", seed: int = 0,
          threads: int | None = None) -> Games:
    """Whole games to the target between two teams on duplicate deal sequences (``jass-sim games``).

    Each deal sequence is played twice, team A first on seats 0 and 2, then on seats 1 and 3.
    Wraps the parallel kernel :func:`jass_sim.engine._games.duplicate_game_blocks` (through
    :func:`jass_sim.analysis.games.games`).

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
    from ..analysis.games import games as run

    doc, out, traj = run(n_games, team_a.strip().lower(), team_b.strip().lower(), rules, target, ending, seed,
                         threads, chooser_a.strip().lower(), chooser_b.strip().lower())
    return Games(doc, out, traj)
