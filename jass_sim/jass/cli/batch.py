"""``jass-sim batch`` and ``jass-sim batch-summary``: sharded, resumable runs, locally or on Dask."""

from __future__ import annotations

import click

from jass_sim.core.cli import Interrupted, command, format_option, threads_option
from jass_sim.jass.cli.options import job_options

_SHARD_HELP = ("Deals per shard: a positive multiple of 1024 (whole RNG blocks). [default: 1048576]")


@command()
@click.option("--deals", type=int, required=True, help="Number of deals (rounds) in the whole job.")
@click.option("--shard-size", type=int, default=None, help=_SHARD_HELP)
@job_options
@click.option("-o", "--output", "directory", required=True, help="Run directory (created; reused to resume).")
@click.option("--dask", "dask", default=None,
              help="local:K (a LocalCluster of K workers) or tcp://HOST:PORT (a running scheduler). "
                   "Default: this machine's Numba threads.")
@click.option("--per-deal", is_flag=True, help="Also write one row per deal for every shard.")
@threads_option("Threads of a local run (default: all cores).")
@click.option("--connect-timeout", type=float, default=10.0, show_default=True,
              help="Seconds to wait for a tcp:// scheduler.")
@click.option("--stop-after-shards", type=int, default=None, hidden=True,
              help="For tests: stop after this many shards, as an interruption would.")
def batch(deals, shard_size, rules, policy, mode, chooser, seed, directory, dask, per_deal, threads,
          connect_timeout, stop_after_shards):
    """Simulate DEALS rounds in shards written to DIR; rerun the same command to resume.

    The merged totals (jass-sim batch-summary DIR) equal 'jass-sim simulate' for the same
    deals, seed and options, however the shards are spread.
    """
    from jass_sim.core import shards
    from jass_sim.core.cli import given
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_dir
    from jass_sim.jass.cards import mode_option
    from jass_sim.jass.players import check_chooser_option
    from jass_sim.jass.simulate.shards import DEFAULT_SHARD_SIZE, BatchJob

    check_chooser_option(mode, chooser)
    if given(click.get_current_context(), "connect_timeout") and not (dask or "").strip().startswith("tcp://"):
        raise InputError("--connect-timeout applies only with --dask tcp://HOST:PORT", "--connect-timeout")
    check_output_dir(directory)
    if shard_size is None:
        shard_size = DEFAULT_SHARD_SIZE
    if stop_after_shards is not None and stop_after_shards < 1:
        raise InputError(f"--stop-after-shards must be positive, got {stop_after_shards}", str(stop_after_shards))
    if threads is not None and dask is None:
        from jass_sim.core.threads import numba_threads

        with numba_threads(threads):  # a bad --threads fails before the directory is touched
            pass
    if dask is not None:
        if threads is not None:
            raise InputError("--threads applies to local runs; each Dask worker gets cores // workers on its "
                             "host", "--threads")
        shards.parse_dask(dask)  # a bad address fails before the directory is touched
        shards.distributed_module()
    job = BatchJob.make(deals, shard_size, rules, policy, mode_option(mode), chooser, seed, per_deal)
    shards.ShardStore.check(directory, job)  # a mismatched resume fails before any cluster starts
    if per_deal:
        from jass_sim.core.resources import check_per_deal_disk

        check_per_deal_disk(directory, deals, "parquet" if shards.parquet_available() else "csv")
    store = None
    try:
        if dask is None:
            store = shards.ShardStore.open(directory, job)
            progress = shards.ShardProgress(job.n_shards, len(store.done()))
            report = shards.run_local(store, threads, progress, stop_after_shards)
        else:
            with shards.DaskCluster(dask, connect_timeout) as client:
                store = shards.ShardStore.open(directory, job)
                progress = shards.ShardProgress(job.n_shards, len(store.done()))
                report = shards.run_dask(store, client, progress, stop_after_shards)
    except Interrupted as exc:  # SIGINT, SIGTERM: the group prints one line with this detail
        if store is not None:
            exc.detail = (f"{len(store.done())} of {job.n_shards} shards are saved in {directory!r}; rerun the "
                          f"same command to resume")
        raise
    done = report.skipped + report.ran
    if report.stopped:
        click.echo(f"batch: stopped after {report.ran} shards ({done} of {job.n_shards} done); rerun the same "
                   f"command to resume", err=True)
    else:
        click.echo(f"batch: {done}/{job.n_shards} shards done in {directory} ({report.ran} run now, "
                   f"{report.skipped} already done, {report.seconds:.1f} s)", err=True)


@command("batch-summary")
@click.argument("directory")
@format_option("jass_sim.jass.simulate.tables:Simulation", extra=("parquet",))
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def batch_summary(directory, fmt, output):
    """Merge the shards of the batch run in DIRECTORY: the table 'jass-sim simulate' prints."""
    from jass_sim.core.cli import checked_format
    from jass_sim.core.files import ChunkWriter, check_output_path, emit
    from jass_sim.core.shards import ShardStore
    from jass_sim.jass.players import policy_params, solver_player_json
    from jass_sim.jass.simulate.shards import BatchJob
    from jass_sim.jass.simulate.tables import Simulation, summary_table

    fmt = checked_format(fmt, output=output, extension=True)
    check_output_path(output)
    store = ShardStore.load(directory, BatchJob)
    table = summary_table(store.merged())
    job = store.job
    if fmt == "parquet":
        with ChunkWriter(output, "parquet") as writer:
            writer.write(table)
        return
    table.attrs.update({"deals": job.deals, "rules": job.rules, "policy": job.policy, "mode": job.mode,
                        "chooser": job.chooser, "seed": job.seed,
                        **solver_player_json(policy_params())})  # batch plays dd and pimc with their defaults
    emit(Simulation(table).formatted(fmt), output)
