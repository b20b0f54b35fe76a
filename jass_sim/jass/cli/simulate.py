"""``jass-sim simulate``: many rounds in parallel, aggregated by chosen mode or per deal."""

from __future__ import annotations

import click

from jass_sim.core.cli import command, format_option, threads_option
from jass_sim.jass.cli.options import job_options, solver_player_options


@command()
@click.option("--deals", type=int, required=True, help="Number of deals (rounds) to simulate.")
@job_options
@solver_player_options
@threads_option()
@click.option("--per-deal", is_flag=True, help="One row per deal instead of the aggregate table.")
@format_option("jass_sim.jass.simulate.tables:Simulation", extra=("parquet",))
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def simulate(deals, rules, policy, mode, chooser, seed, pimc_samples, horizon, search_worlds, threads, per_deal, fmt, output):
    """Simulate DEALS rounds: seat 0 chooses (or chibres) and leads; every seat plays POLICY."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import ChunkWriter, check_output_path, emit
    from jass_sim.core.progress import PROGRESS_DELAY, Progress
    from jass_sim.jass.api import simulate as run

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    if per_deal:
        from jass_sim.core.resources import check_per_deal_disk

        check_per_deal_disk(output, deals, fmt)
    progress = Progress(deals, "simulate", delay=PROGRESS_DELAY) if deals > 0 else None
    result = run(deals, rules=rules, policy=policy, mode=mode, chooser=chooser, seed=seed, pimc_samples=pimc_samples,
                 horizon=horizon, search_worlds=search_worlds, threads=threads, per_deal=per_deal, progress=progress)
    if per_deal:
        with ChunkWriter(output, fmt) as writer:
            for frame in result:
                writer.write(frame)
        return
    if fmt == "parquet":
        with ChunkWriter(output, "parquet") as writer:
            writer.write(result.table)
    else:
        emit(result.formatted(fmt), output)
