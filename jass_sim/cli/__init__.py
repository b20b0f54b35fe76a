"""The ``jass-sim`` command: the root group, on which every game registers its commands.

The commands of each game live in its ``cli`` module or package (:mod:`jass_sim.jass.cli`,
:mod:`jass_sim.cribbage.cli`, :mod:`jass_sim.basra.cli`), listed by the game registry
(:data:`jass_sim.registry.GAMES`); they import only click at import time, so
``jass-sim --help`` stays instant. The error reporting they share is in :mod:`jass_sim.core.cli`.
"""

from __future__ import annotations

import click

from jass_sim.core.cli import Group
from jass_sim.core.history_cli import history
from jass_sim.core.practice_cli import practice_command
from jass_sim.page.cli import serve
from jass_sim.registry import GAMES


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="jass-sim")
def main():
    """Simulate and analyse Chibre (Swiss Jass, Schieber), Cribbage and Basra."""


for _command in (c for game in GAMES for c in game.commands):
    main.add_command(_command)
del _command
main.add_command(serve)
main.add_command(history)
# the games whose reviews are saved in the history (a page job with a history hook) have positions to practise
main.add_command(practice_command(tuple(g.name for g in GAMES if any(job.history for job in g.jobs))))
