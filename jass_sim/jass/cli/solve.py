"""``jass-sim solve``: double-dummy value of a position with all four hands known."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option


@command()
@click.option("--mode", required=True, help="H, D, S, C, OBE or UNE.")
@click.option("--leader", type=int, default=0, show_default=True, help="Seat (0..3) that leads.")
@click.option("--hands", required=True,
              help='Four hands separated by ";", seat 0 first, e.g. "H6,HA,DT;...;...;...".')
@format_option("jass_sim.jass.solver.solution:Solution")
def solve(mode, leader, hands, fmt):
    """Points each team makes with perfect double-dummy play, and the value of each lead.

    Hands of equal size (1 to 9 cards, all 36 cards for 9 each); with 9 cards each the 100 match
    bonus is at stake. In the output, each legal card of the leader gets the leader's team's
    points after that card with perfect play.
    """
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import emit
    from jass_sim.jass.api import solve as run

    fmt = checked_format(fmt)
    result = run(hands, mode, leader)
    emit(result.formatted(fmt), None)
