"""``jass-sim melds``: how often melds come, per hand and per deal."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, seed_option, threads_option


@command()
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre or schieber.")
@click.option("--hands", "hands", type=int, default=None,
              help="Sampled hands for the per-hand figures [default: 1000000].")
@click.option("--exact", is_flag=True, help="Per-hand figures from all 94,143,280 hands (not with --hands).")
@click.option("--deals", type=int, default=1_000_000, show_default=True, help="Sampled deals for the per-deal figures.")
@seed_option("Seed of the sampled hands and deals.")
@click.option("--mode", default="H", show_default=True,
              help="Trump of stöck and mode of the meld comparison: H, D, S, C, OBE or UNE.")
@format_option("jass_sim.jass.melds.result:Melds")
@click.option("--plot", "plot", default=None, metavar="FILE",
              help="Also draw the figures to FILE (.png or .svg).")
@click.option("-o", "--output", default=None, metavar="FILE", help="Write the result to FILE instead of stdout.")
@threads_option()
def melds(rules, hands, exact, deals, seed, mode, fmt, plot, output, threads):
    """Probabilities of each kind of meld in one hand (exact or sampled), of stöck, mean meld
    points; per deal, who wins the melds and the points that count. 95% intervals throughout."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import check_output_path, emit
    from jass_sim.core.result import check_plot_path
    from jass_sim.jass.api import melds as run
    from jass_sim.jass.melds.result import Melds

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    check_plot_path(plot, Melds.plot_formats)
    result = run(rules=rules, hands=hands, exact=exact, deals=deals, seed=seed, mode=mode, threads=threads)
    text = result.formatted(fmt)
    if plot is not None:
        result.plot(plot)
    emit(text, output)
