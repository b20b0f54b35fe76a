"""Sharded batch runs: deals per second locally and on ``--dask local:2``, and the cost per shard.

Compiles first (and starts and warms the Dask cluster before any timing), then times, best of
``--repeats`` rounds in which the variants take turns:

* ``run_batch``: the plain in-memory run (``jass-sim simulate``), the baseline;
* the sharded local run (``jass-sim batch`` without ``--dask``): all Numba threads, one shard
  after the other, each written to a Parquet/CSV file;
* the same job on a ``LocalCluster`` of 2 single-thread worker processes (``--dask local:2``),
  each worker on ``cores // 2`` Numba threads;
* the overhead per shard: ``--tiny-shards`` small shards of ``--tiny-blocks`` blocks (of 1024
  deals) each, minus the compute time of the same deals in one plain run, divided by the shards.
  (Use at least as many blocks as cores: a shard's blocks are what its threads share.)

Every timed run writes to a fresh directory and its merged totals are checked against the
baseline's (they must be equal). Prints the figures and their ratios to the baseline.

    python benchmarks/bench_batch.py [--deals N] [--shard-size M] [--policy P] [--repeats R]
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import tempfile
import time

import numpy as np

from common import machine


def best_times(fns: dict, repeats: int) -> dict:
    """Best wall-clock time of each function, the functions taking turns in every round (so a
    burst of load from other processes does not fall on one of them only)."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeats):
        for name, fn in fns.items():
            t = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=4 * 1024 * 1024)
    parser.add_argument("--shard-size", type=int, default=256 * 1024)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tiny-shards", type=int, default=100)
    parser.add_argument("--tiny-blocks", type=int, default=8)
    args = parser.parse_args()

    from distributed import Client, LocalCluster

    from jass_sim.core.shards import ShardStore, run_dask, run_local, worker_threads
    from jass_sim.jass.engine.simulate import run_batch
    from jass_sim.jass.simulate.shards import BatchJob

    job = BatchJob.make(args.deals, args.shard_size, policy=args.policy, seed=1)
    tiny = BatchJob.make(args.tiny_shards * args.tiny_blocks * 1024, args.tiny_blocks * 1024, policy=args.policy,
                         seed=1)
    root = tempfile.mkdtemp(prefix="bench-batch-")
    runs = iter(range(10**6))

    def sharded(j, runner):
        directory = os.path.join(root, f"run{next(runs)}")
        store = ShardStore.open(directory, j)
        runner(store)
        merged = store.merged()
        shutil.rmtree(directory)
        return merged

    load = os.getloadavg()
    t = time.perf_counter()
    run_batch(BatchJob.make(1024, 1024, policy=args.policy).spec())  # compile (or load the cache)
    first_call = time.perf_counter() - t
    want = run_batch(job.spec())
    want_tiny = run_batch(tiny.spec())

    t = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.ERROR)
    client = Client(cluster)
    started = time.perf_counter() - t
    t = time.perf_counter()
    worker_threads(client, job)
    warmed = time.perf_counter() - t
    try:
        checks = {}

        def plain():
            checks["plain"] = run_batch(job.spec())

        def local():
            checks["local"] = sharded(job, run_local)

        def dask():
            checks["dask"] = sharded(job, lambda s: run_dask(s, client))

        def plain_tiny():
            checks["plain_tiny"] = run_batch(tiny.spec())

        def local_tiny():
            checks["local_tiny"] = sharded(tiny, run_local)

        def dask_tiny():
            checks["dask_tiny"] = sharded(tiny, lambda s: run_dask(s, client))

        best = best_times({"plain": plain, "local": local, "dask": dask}, args.repeats)
        t_plain, t_local, t_dask = best["plain"], best["local"], best["dask"]
        best = best_times({"plain": plain_tiny, "local": local_tiny, "dask": dask_tiny}, args.repeats)
        t_plain_tiny, t_local_tiny, t_dask_tiny = best["plain"], best["local"], best["dask"]
    finally:
        client.close()
        cluster.close()
        shutil.rmtree(root, ignore_errors=True)
    for name in ("plain", "local", "dask"):
        assert np.array_equal(checks[name], want), f"{name} run differs from the baseline"
    for name in ("plain_tiny", "local_tiny", "dask_tiny"):
        assert np.array_equal(checks[name], want_tiny), f"{name} run differs from the baseline"
    load_after = os.getloadavg()

    n, k = args.deals, job.n_shards
    print(f"machine: {machine()}")
    print(f"load average before timing (1, 5, 15 min): {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f}; "
          f"after: {load_after[0]:.2f}, {load_after[1]:.2f}, {load_after[2]:.2f}")
    print(f"job: {n:,} deals, policy {args.policy}, {k} shards of {args.shard_size:,}; best of {args.repeats}")
    print(f"first call (compile or cache load): {first_call:.1f} s; LocalCluster(2) start {started:.1f} s, "
          f"worker warm-up {warmed:.1f} s (not in the timings below)")
    print(f"run_batch (simulate)     : {t_plain:6.2f} s  {n / t_plain / 1e6:6.3f} M deals/s  1.00x")
    print(f"batch, local threads     : {t_local:6.2f} s  {n / t_local / 1e6:6.3f} M deals/s  "
          f"{t_plain / t_local:.2f}x  ({(t_local - t_plain) / k * 1e3:+.1f} ms per shard)")
    print(f"batch, --dask local:2    : {t_dask:6.2f} s  {n / t_dask / 1e6:6.3f} M deals/s  "
          f"{t_plain / t_dask:.2f}x  ({(t_dask - t_plain) / k * 1e3:+.1f} ms per shard)")
    kt = tiny.n_shards
    print(f"overhead per shard ({kt} shards of {tiny.shard_size:,} deals; their compute alone "
          f"{t_plain_tiny * 1e3:.0f} ms in one run_batch): "
          f"local {(t_local_tiny - t_plain_tiny) / kt * 1e3:.1f} ms, "
          f"dask local:2 {(t_dask_tiny - t_plain_tiny) / kt * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
