"""``jass-sim duel``: policy strength by duplicate deals."""

from __future__ import annotations

import click

from jass_sim.core.cli import command
from jass_sim.jass.cli.options import DEFAULT_CHOOSER, solver_player_options


@command()
@click.option("--team-a", required=True, help="Card-play policy of team A.")
@click.option("--team-b", required=True, help="Card-play policy of team B.")
@click.option("--deals", type=int, required=True, help="Number of duplicate deals (each played twice).")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset.")
@click.option("--chooser", default=DEFAULT_CHOOSER, show_default=True, help="Mode choice: fitted, evaluator or random.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed.")
@solver_player_options
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--format", "fmt", default="table", show_default=True, help="table, json or csv.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def duel(team_a, team_b, deals, rules, chooser, seed, pimc_samples, horizon, search_worlds, threads, fmt, output):
    """Team A against team B on duplicate deals: each deal is played twice with the teams'
    seats swapped, so card luck cancels. Reports A's mean point difference per round with its
    95% CI and A's win rate."""
    from jass_sim.core.cli import output_format
    from jass_sim.core.errors import check_choice
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.api import duel as run
    from jass_sim.jass.simulate.duel import Duel

    fmt = check_choice("--format", fmt, Duel.formats)
    fmt = output_format(fmt, output, Duel.formats)
    check_output_path(output)
    result = run(team_a, team_b, deals, rules=rules, chooser=chooser, seed=seed, pimc_samples=pimc_samples,
                 horizon=horizon, search_worlds=search_worlds, threads=threads, progress=Progress(deals, "duel", delay=PROGRESS_DELAY) if deals > 0 else None)
    emit(result.formatted(fmt), output)
