"""Sharded batch runs: shards merge exactly into ``simulate``'s totals, locally and on Dask,
and interrupted runs resume to the same result."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from jass_sim.core import shards
from jass_sim.core.errors import InputError
from jass_sim.core.rng import BLOCK_SIZE
from jass_sim.core.shards import ShardStore, run_dask, run_local
from jass_sim.jass.engine.batch import STATS
from jass_sim.jass.engine.simulate import run_batch
from jass_sim.jass.simulate.shards import BatchJob
from jass_sim.jass.simulate.tables import simulate_deals

DEALS = 9 * BLOCK_SIZE + 500          # 10 blocks, the last one partial
SHARD = 2 * BLOCK_SIZE                # -> 5 shards, the last one short


def job(**kw):
    args = dict(deals=DEALS, shard_size=SHARD, policy="heuristic", seed=21)
    args.update(kw)
    return BatchJob.make(**args)


def test_shards_cover_the_run_block_by_block():
    j = job()
    assert j.n_shards == 5
    assert [j.shard_blocks(i) for i in range(5)] == [(0, 2), (2, 2), (4, 2), (6, 2), (8, 2)]
    assert [j.shard_deals(i) for i in range(5)] == [SHARD] * 4 + [DEALS - 4 * SHARD]
    one = job(deals=3 * BLOCK_SIZE, shard_size=1024 * BLOCK_SIZE)
    assert one.n_shards == 1 and one.shard_blocks(0) == (0, 3)


@pytest.mark.parametrize("size", [0, -1024, 1000, 1536])
def test_shard_size_must_be_whole_blocks(size):
    with pytest.raises(InputError, match="multiple of 1024"):
        job(shard_size=size)


def test_job_options_are_canonical_and_validated():
    j = BatchJob.make(5000, policy=" Heuristic ", rules="Chibre", mode=5)
    assert (j.policy, j.rules, j.mode) == ("heuristic", "chibre", "UNE")
    with pytest.raises(InputError, match="policy"):
        job(policy="clever")
    with pytest.raises(InputError, match="positive"):
        job(deals=0)


def test_local_run_equals_simulate_exactly(tmp_path):
    j = job()
    store = ShardStore.open(str(tmp_path / "run"), j)
    report = run_local(store)
    assert (report.ran, report.skipped, report.complete) == (5, 0, True)
    merged = store.merged()
    assert np.array_equal(merged, run_batch(j.spec()))
    assert merged[:, STATS.index("deals")].sum() == DEALS
    doc = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert doc["job"]["seed"] == 21 and doc["job"]["shard_size"] == SHARD and doc["shards"] == 5
    assert doc["storage"] == ("parquet" if shards.parquet_available() else "csv")


def test_per_deal_rows_are_simulates_rows(tmp_path):
    j = job(per_deal=True, mode=4, policy="random")
    store = ShardStore.open(str(tmp_path / "run"), j)
    run_local(store)
    got = pd.concat([store.read_rows(i) for i in range(j.n_shards)], ignore_index=True)
    want = pd.concat(list(simulate_deals(DEALS, policy="random", mode=4, seed=21)), ignore_index=True)
    assert len(got) == DEALS
    assert list(got["deal"]) == list(range(DEALS))
    assert np.array_equal(got.drop(columns="mode").to_numpy(), want.drop(columns="mode").to_numpy())
    assert (got["mode"].astype(str) == "OBE").all()


def test_stop_and_resume_gives_the_uninterrupted_result(tmp_path):
    j = job()
    whole = ShardStore.open(str(tmp_path / "whole"), j)
    run_local(whole)
    part = ShardStore.open(str(tmp_path / "part"), j)
    first = run_local(part, stop_after=2)
    assert first.stopped and first.ran == 2 and part.done() == {0, 1}
    with pytest.raises(InputError, match="incomplete: 2 of 5"):
        part.merged()
    (tmp_path / "part" / ".tmp-shard-000003.parquet").write_bytes(b"half written")  # left by a kill
    again = ShardStore.open(str(tmp_path / "part"), j)
    second = run_local(again)
    assert (second.skipped, second.ran, second.complete) == (2, 3, True)
    assert not [n for n in os.listdir(tmp_path / "part") if n.startswith(".tmp-")]
    assert np.array_equal(again.merged(), whole.merged())
    assert all(np.array_equal(again.read_shard(i), whole.read_shard(i)) for i in range(5))
    assert run_local(again).ran == 0  # nothing left to do


@pytest.mark.parametrize("change", [dict(seed=22), dict(policy="random"), dict(shard_size=4 * BLOCK_SIZE),
                                    dict(deals=DEALS + 1), dict(mode=0), dict(chooser="random"),
                                    dict(per_deal=True), dict(rules="schieber")])
def test_a_different_job_on_the_same_directory_is_refused(tmp_path, change):
    run_local(ShardStore.open(str(tmp_path / "run"), job()), stop_after=1)
    other = job(**change)
    field = next(iter(change))
    with pytest.raises(InputError, match=f"different batch job \\({field} "):
        ShardStore.open(str(tmp_path / "run"), other)
    assert ShardStore.load(str(tmp_path / "run"), BatchJob).done() == {0}


def test_a_changed_code_version_is_refused(tmp_path, monkeypatch):
    ShardStore.open(str(tmp_path / "run"), job())
    monkeypatch.setattr(shards, "package_version", lambda: "9.9.9")
    with pytest.raises(InputError, match=r"was written by jass-sim \S+ and this is jass-sim 9\.9\.9: "):
        ShardStore.open(str(tmp_path / "run"), job())


def test_directories_that_are_not_batch_runs_are_refused(tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="not empty and has no manifest"):
        ShardStore.open(str(tmp_path / "busy"), job())
    with pytest.raises(InputError, match="not a batch directory"):
        ShardStore.load(str(tmp_path / "busy"), BatchJob)
    with pytest.raises(InputError, match="parent directory does not exist"):
        ShardStore.open(str(tmp_path / "no" / "run"), job())
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "manifest.json").write_text('{"format": "something else"}')
    with pytest.raises(InputError, match="is not a jass-sim batch manifest"):
        ShardStore.open(str(tmp_path / "other"), job())
    (tmp_path / "other" / "manifest.json").write_text("{not json")
    with pytest.raises(InputError, match="cannot read"):
        ShardStore.load(str(tmp_path / "other"), BatchJob)


def test_a_tampered_shard_file_is_detected(tmp_path):
    store = ShardStore.open(str(tmp_path / "run"), job())
    run_local(store, stop_after=1)
    acc = store.read_shard(0)
    acc[0, 0] += 1
    frame = pd.DataFrame(acc, columns=list(STATS))
    frame.insert(0, "mode", ["H", "D", "S", "C", "OBE", "UNE"])
    path = store.shard_path(0)
    frame.to_parquet(path) if store.storage == "parquet" else frame.to_csv(path, index=False)
    with pytest.raises(InputError, match="corrupt"):
        store.read_shard(0)


def test_csv_storage_without_pyarrow(tmp_path, monkeypatch):
    monkeypatch.setattr(shards, "parquet_available", lambda: False)
    j = job(per_deal=True)
    store = ShardStore.open(str(tmp_path / "run"), j)
    run_local(store, stop_after=3)
    run_local(ShardStore.open(str(tmp_path / "run"), j))
    names = sorted(os.listdir(tmp_path / "run"))
    assert names == ["manifest.json"] + [f"rows-{i:06d}.csv" for i in range(5)] + \
        [f"shard-{i:06d}.csv" for i in range(5)]
    doc = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert doc["storage"] == "csv" and "pyarrow" in doc["storage_note"]
    assert np.array_equal(ShardStore.load(str(tmp_path / "run"), BatchJob).merged(), run_batch(j.spec()))


def test_parquet_run_cannot_resume_without_pyarrow(tmp_path, monkeypatch):
    pytest.importorskip("pyarrow")
    ShardStore.open(str(tmp_path / "run"), job())
    monkeypatch.setattr(shards, "parquet_available", lambda: False)
    with pytest.raises(InputError, match="pyarrow is not installed"):
        ShardStore.open(str(tmp_path / "run"), job())


@pytest.mark.parametrize("text,want", [("local:2", ("local", 2)), ("LOCAL:1", ("local", 1)),
                                       ("tcp://10.0.0.5:8786", ("scheduler", "tcp://10.0.0.5:8786"))])
def test_parse_dask(text, want):
    assert shards.parse_dask(text) == want


@pytest.mark.parametrize("text", ["local:0", "local:", "local:two", "10.0.0.5:8786", "tcp://"])
def test_parse_dask_rejects(text):
    with pytest.raises(InputError):
        shards.parse_dask(text)


# -- Dask ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    import logging

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.ERROR)
    cl = distributed.Client(cluster)
    yield cl
    cl.close()
    cluster.close()


def test_dask_run_equals_local_run(tmp_path, client):
    j = job(per_deal=True)
    local = ShardStore.open(str(tmp_path / "local"), j)
    run_local(local)
    remote = ShardStore.open(str(tmp_path / "dask"), j)
    report = run_dask(remote, client, in_flight=3)
    assert (report.ran, report.complete) == (5, True)
    for i in range(j.n_shards):
        assert np.array_equal(remote.read_shard(i), local.read_shard(i))
        assert remote.read_rows(i).equals(local.read_rows(i))
    assert np.array_equal(remote.merged(), run_batch(j.spec()))


def test_dask_stop_and_resume(tmp_path, client):
    j = job(policy="random", seed=5)
    store = ShardStore.open(str(tmp_path / "run"), j)
    first = run_dask(store, client, stop_after=2)
    assert first.stopped and len(store.done()) == 2
    second = run_dask(ShardStore.open(str(tmp_path / "run"), j), client)
    assert (second.skipped, second.ran, second.complete) == (2, 3, True)
    assert np.array_equal(store.merged(), run_batch(j.spec()))


def test_workers_share_the_cores(client):
    threads = shards.worker_threads(client, job())
    cores = len(os.sched_getaffinity(0))
    assert sorted(threads) == sorted(client.scheduler_info()["workers"])
    assert set(threads.values()) == {max(1, cores // 2)}  # two workers on this host


def test_a_worker_without_this_code_is_refused_in_one_line(tmp_path, client, monkeypatch):
    """Dask pickles a task by module path: a worker of another jass-sim layout cannot load it."""
    (tmp_path / "jobs_only_here.py").write_text(
        "from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass Job:\n    deals: int = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # in this process only: the workers run already
    from jobs_only_here import Job

    with pytest.raises(InputError, match=r"cannot load jobs_only_here:Job \(ModuleNotFoundError: .*jobs_only_here"):
        shards.worker_threads(client, Job())


def test_shard_task_on_a_named_worker(client):
    """A shard task looks up its Numba thread count under its own worker's address."""
    addrs = list(client.scheduler_info()["workers"])
    j = replace(job(), deals=BLOCK_SIZE, shard_size=BLOCK_SIZE)
    for addr in addrs:
        acc = client.submit(shards.run_shard, j, 0, None, "csv", {addr: 1}, workers=[addr], pure=False).result()
        assert np.array_equal(acc, run_batch(j.spec()))


def test_progress_counts_skipped_shards_and_gives_an_eta():
    import io

    out = io.StringIO()
    progress = shards.ShardProgress(10, 4, enabled=True, stream=out)
    progress(0)
    progress(3)
    progress(6)
    lines = out.getvalue().split("\r")[1:]
    assert lines[0].startswith("batch: 4/10 shards ( 40.0%) ETA     ?")
    assert lines[1].startswith("batch: 7/10 shards ( 70.0%) ETA")
    assert lines[2].startswith("batch: 10/10 shards (100.0%) ETA     0s") and lines[2].endswith("\n")
    silent = io.StringIO()
    shards.ShardProgress(10, 0, stream=silent)(1)  # not a terminal: nothing
    assert silent.getvalue() == ""
