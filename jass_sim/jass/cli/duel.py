"""``jass-sim duel``: policy strength by duplicate deals."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option, side_options, threads_option
from jass_sim.jass.cli.options import DEFAULT_CHOOSER, PLAYERS, solver_player_options


@command()
@side_options("team", "Card-play policy of team A", "Card-play policy of team B", players=PLAYERS)
@click.option("--deals", type=int, required=True, help="Number of duplicate deals (each played twice).")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset.")
@click.option("--chooser", default=DEFAULT_CHOOSER, show_default=True, help="Mode choice: fitted, evaluator or random.")
@seed_option()
@solver_player_options
@threads_option()
@format_option("jass_sim.jass.simulate.duel:Duel")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def duel(team_a, team_b, deals, rules, chooser, seed, pimc_samples, horizon, search_worlds, threads, fmt, output):
    """Team A against team B on duplicate deals: each deal is played twice with the teams'
    seats swapped, so card luck cancels. Reports A's mean point difference per round with its
    95% CI and A's win rate."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.api import duel as run

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    result = run(team_a, team_b, deals, rules=rules, chooser=chooser, seed=seed, pimc_samples=pimc_samples,
                 horizon=horizon, search_worlds=search_worlds, threads=threads, progress=Progress(deals, "duel", delay=PROGRESS_DELAY) if deals > 0 else None)
    emit(result.formatted(fmt), output)
