"""``jass-sim games`` (whole games between two teams) and ``jass-sim equity`` (win probability
from a score)."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option, side_options, threads_option
from jass_sim.core.progress import PROGRESS_DELAY
from jass_sim.jass.cli.options import DEFAULT_CHOOSER, PLAYERS, policy_option


@command()
@click.option("--games", "n_games", type=int, required=True, help="Duplicate games (each deal sequence played twice).")
@side_options("team", "Card-play policy of team A", "Card-play policy of team B", players=PLAYERS)
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--target", type=int, default=None, help="Points that win the game [default: the preset's].")
@click.option("--ending", default=None, help="premier-sorti or plus-grand-ecart [default: the preset's].")
@click.option("--chooser-a", default=DEFAULT_CHOOSER, show_default=True,
              help="Mode choice of team A: fitted, evaluator or random.")
@click.option("--chooser-b", default=DEFAULT_CHOOSER, show_default=True,
              help="Mode choice of team B: fitted, evaluator or random.")
@seed_option()
@threads_option()
@format_option("jass_sim.jass.games.games:Games")
@click.option("--plot", default=None, help="Write score trajectories and the rounds per game to FILE.png or FILE.svg.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def games(n_games, team_a, team_b, rules, target, ending, chooser_a, chooser_b, seed, threads, fmt, plot, output):
    """Whole games to the target between team A and team B, on duplicate deal sequences: each
    sequence of deals is played twice with the teams' seats swapped. Reports A's win rate,
    rounds per game, the rubicon rate, premier sorti and the final scores, with 95% CIs."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import Progress
    from jass_sim.core.result import check_plot_path
    from jass_sim.jass.games.api import games as run
    from jass_sim.jass.games.games import Games

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    check_plot_path(plot, Games.plot_formats)
    result = run(n_games, team_a, team_b, rules=rules, target=target, ending=ending, chooser_a=chooser_a,
                 chooser_b=chooser_b, seed=seed, threads=threads,
                 progress=Progress(n_games, "games", delay=PROGRESS_DELAY) if n_games > 0 else None)
    text = result.formatted(fmt)
    if plot is not None:
        result.plot(plot)
    emit(text, output)


@command()
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@policy_option("Card-play policy of all four seats")
@click.option("--games", "rounds", type=int, default=None,
              help="Rounds simulated; every cell of the table averages over all of them [default: 50000].")
@click.option("--step", type=int, default=None, help="Grid step in points (1 to 50) [default: 10; with --shipped "
              "the table's own].")
@click.option("--shipped", is_flag=True, help="Print the table shipped with the package instead of building one.")
@seed_option()
@threads_option()
@click.option("--score", default=None, help="Print only our win probability at OURS:THEIRS (both sides choosing).")
@click.option("--chooser", default=DEFAULT_CHOOSER, show_default=True,
              help="Mode choice of the sampled rounds: fitted, evaluator or random (--shipped: the table's own).")
@click.option("--plot", default=None, help="Write the equity surface to FILE.png or FILE.svg.")
@click.option("-o", "--output", default=None,
              help="Write the table to FILE.parquet or FILE.csv (atomically) instead of a summary on stdout.")
def equity(rules, policy, rounds, step, shipped, seed, threads, score, chooser, plot, output):
    """Match equity: the probability that a team wins the game from our score, their score and
    who chooses next, on a grid, each cell with its 95% CI. Built backwards from the end of the
    game from simulated rounds (see the README), or --shipped."""
    from jass_sim.core.cli import given
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import emit
    from jass_sim.core.progress import Progress
    from jass_sim.core.result import check_file_path, check_plot_path
    from jass_sim.jass.games.api import equity as run
    from jass_sim.jass.games.equity import DEFAULT_ROUNDS, Equity

    ctx = click.get_current_context()
    if shipped and given(ctx, "threads"):
        raise InputError("--threads has nothing to do with --shipped (the table is read, not built)", "--threads")
    check_file_path(output, ("parquet", "csv"), "-o")
    check_plot_path(plot, Equity.plot_formats)
    result = run(rules=rules, policy=policy, games=rounds, step=step, seed=seed, threads=threads, shipped=shipped,
                 score=score, chooser=chooser, progress=None if shipped else Progress(rounds or DEFAULT_ROUNDS, "equity",
                                                                      delay=PROGRESS_DELAY))
    if plot is not None:
        result.plot(plot)
    if output is None:
        emit(str(result), None)
    else:
        result.save(output)  # the table, as CSV or Parquet by the extension
        click.echo(str(result), err=True)
