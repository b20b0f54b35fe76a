"""The API of whole games and match equity (``jass-sim games``, ``jass-sim equity``): :func:`games`,
:func:`equity`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jass_sim.core.lazy import lazy_exports
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.players import DEFAULT_CHOOSER

if TYPE_CHECKING:  # the result classes, for the annotations only (imported on first use)
    from jass_sim.jass.games.equity import Equity
    from jass_sim.jass.games.games import Games

__all__ = ["games", "equity"]

# The result classes live with their features; importable from here too, loaded on first use.
__getattr__ = lazy_exports(__name__, {"Games": "jass_sim.jass.games.games", "Equity": "jass_sim.jass.games.equity"})


@api_args()
def games(n_games: int, team_a: str, team_b: str, *, rules: str = "chibre", target: int | None = None,
          ending: str | None = None, chooser_a: str = DEFAULT_CHOOSER, chooser_b: str = DEFAULT_CHOOSER, seed: int = 0,
          threads: int | None = None, progress=None) -> Games:
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
        Each team's mode choice: ``fitted`` (the default, :data:`jass_sim.jass.players.DEFAULT_CHOOSER`),
        ``evaluator`` or ``random``.
    seed, threads :
        Root seed (the same games on any number of threads) and threads.
    progress : callable, optional
        Called with the number of games done, a few times a second (the command's progress line).

    Returns
    -------
    Games
        A's paired win rate, rounds per game, rubicon rate, premier sorti and final scores, each
        with its 95% CI over deal sequences.
    """
    from jass_sim.jass.games.games import Games, game_rules
    from jass_sim.jass.games.games import games as run
    from jass_sim.jass.players import PLAYERS

    PLAYERS.code(team_a), PLAYERS.code(team_b)  # named before the rule options, as the command checks them
    game_rules(rules, target, ending)
    doc, out, traj = run(n_games, team_a.strip().lower(), team_b.strip().lower(), rules, target, ending, seed,
                         threads, chooser_a.strip().lower(), chooser_b.strip().lower(), progress)
    return Games(doc, out, traj)


@api_args()
def equity(*, rules: str = "chibre", policy: str = "net", games: int | None = None, step: int | None = None,
           seed: int = 0, threads: int | None = None, shipped: bool = False, score: str | None = None,
           chooser: str | None = None, progress=None) -> Equity:
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
    step : int, optional
        Grid step in points (1 to 50; default 10). With ``shipped`` the table's own: another step
        (or another ``seed``) is refused, since the shipped table cannot change it.
    seed, threads :
        Root seed (the same table on any number of threads) and threads.
    shipped : bool
        Read the shipped table instead of building one.
    score : str, optional
        ``"OURS:THEIRS"``: the text (``str()``) shows our win probability there, both sides
        choosing next, instead of a few grid points.
    chooser : str, optional
        The mode choice of the sampled rounds: ``fitted`` (the default,
        :data:`jass_sim.jass.players.DEFAULT_CHOOSER`), ``evaluator`` or ``random``. With
        ``shipped`` the table's own (every shipped table uses the default); another is refused.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` (an ``int``): 0 once the input is
        checked, then the rounds sampled after each short kernel call; raise
        :class:`~jass_sim.core.errors.Cancelled` in it to stop. The table does not depend on it.

    Returns
    -------
    Equity
        Every cell with its 95% CI (round sampling at that cell only: not the play model, the later
        cells' error or interpolation).
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.core.errors import InputError
    from jass_sim.jass.games.equity import DEFAULT_ROUNDS, Equity, build_equity, parse_score, shipped_table
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.rules import get_rules

    chooser = DEFAULT_CHOOSER if chooser is None else str(chooser).strip().lower()
    if chooser not in MODE_POLICIES:
        raise InputError(f"unknown chooser {chooser!r} (expected one of {', '.join(MODE_POLICIES)})", chooser)
    if shipped and games is not None:
        raise InputError("give --games or --shipped, not both", "--shipped")
    at = None if score is None else parse_score(score, get_rules(rules).target)  # before the work
    if shipped:
        table = shipped_table(rules, policy.strip().lower())
        if step is not None and step != table.step:
            raise InputError(f"--step {step} cannot apply to the shipped table, whose step is {table.step} "
                             "(build a table with --games instead)", str(step))
        if seed != table.seed:
            raise InputError(f"--seed {seed} cannot apply to the shipped table, built with seed {table.seed}",
                             str(seed))
        if chooser != table.mode_chooser:
            raise InputError(f"--chooser {chooser} cannot apply to the shipped table, built with the "
                             f"{table.mode_chooser} mode choice (build a table with --games instead)", chooser)
        if progress is not None:
            progress(Tick(0, 1, stage="the shipped table"))  # checked: nothing left to compute
        return Equity(table, at)
    rounds = games or DEFAULT_ROUNDS
    ticks = None if progress is None else lambda done: progress(Tick(done, rounds, stage="sampling rounds"))
    return Equity(build_equity(rules, policy, rounds, seed, 10 if step is None else step, threads,
                               chooser, progress=ticks),
                  at)
