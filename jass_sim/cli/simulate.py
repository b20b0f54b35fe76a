"""``jass-sim simulate``: many rounds in parallel, aggregated by chosen mode or per deal."""

from __future__ import annotations

import click

from . import main
from .options import job_options, mode_option, solver_player_json, solver_player_options


@main.command()
@click.option("--deals", type=int, required=True, help="Number of deals (rounds) to simulate.")
@job_options
@solver_player_options
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--per-deal", is_flag=True, help="One row per deal instead of the aggregate table.")
@click.option("--format", "fmt", default="table", show_default=True, help="table, csv, json or parquet.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def simulate(deals, rules, policy, mode, chooser, seed, pimc_samples, horizon, threads, per_deal, fmt, output):
    """Simulate DEALS rounds: seat 0 chooses (or chibres) and leads; every seat plays POLICY."""
    import json

    from ..analysis.simulation import format_summary, simulate as run, simulate_deals
    from ..engine.policies import policy_params
    from ..output import ChunkWriter, Progress, check_choice, check_output_path, emit

    fmt = check_choice("--format", fmt, ("table", "csv", "json", "parquet"))
    params = policy_params(pimc_samples, horizon)
    check_output_path(output)
    if per_deal:
        from ..resources import check_per_deal_disk

        check_per_deal_disk(output, deals, fmt)
    progress = Progress(deals, "simulate") if deals >= 1_000_000 else None
    if per_deal:
        with ChunkWriter(output, fmt) as writer:
            for frame in simulate_deals(deals, rules, policy, mode_option(mode), seed, threads, chooser, progress,
                                        params):
                writer.write(frame)
        return
    table = run(deals, rules, policy, mode_option(mode), seed, threads, chooser, progress, params)
    if fmt == "table":
        emit(format_summary(table), output)
    elif fmt == "csv":
        emit(table.to_csv(index=False, lineterminator="\n"), output)
    elif fmt == "json":
        doc = {"deals": deals, "rules": rules, "policy": policy, "mode": mode, "chooser": chooser, "seed": seed,
               **solver_player_json(params), "modes": json.loads(table.to_json(orient="records"))}
        emit(json.dumps(doc), output)
    else:
        with ChunkWriter(output, "parquet") as writer:
            writer.write(table)
