"""``jass-sim replay``: one seeded round, played out and shown."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option
from jass_sim.jass.cli.options import DEFAULT_CHOOSER, policy_option, solver_player_options


@command()
@seed_option("Seed of the deal.", required=True)
@click.option("--mode", default="auto", show_default=True,
              help="H, D, S, C, OBE or UNE; auto lets the chooser pick. With --rules coiffeur also SLALOM-OBE, "
                   "SLALOM-UNE, GUSCHTI-OBE, GUSCHTI-UNE, MISERE-OBE, MISERE-UNE, MISERE-SLALOM, TRIO-H-UNE-OBE (3x3).")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double, coiffeur or coiffeur-10.")
@policy_option("Card-play policy of every seat")
@click.option("--chooser", default=DEFAULT_CHOOSER, show_default=True,
              help="Mode choice when --mode auto: fitted or evaluator (both may chibre), or random.")
@solver_player_options
@format_option("jass_sim.jass.engine.replay:Round")
def replay(seed, mode, rules, policy, chooser, pimc_samples, horizon, search_worlds, fmt):
    """Deal one round from SEED, play it out and show hands, melds, tricks and score."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.jass.api import replay as run

    fmt = checked_format(fmt)
    result = run(seed, mode=mode, rules=rules, policy=policy, chooser=chooser, pimc_samples=pimc_samples,
                 horizon=horizon, search_worlds=search_worlds)
    emit(result.formatted(fmt), None)
