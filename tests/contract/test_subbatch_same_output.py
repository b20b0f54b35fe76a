"""Cutting a run into sub-batches changes no output (issue 33).

The long commands play their RNG blocks in short kernel calls (:class:`jass_sim.core.batches.Slicer`),
a block resumed where the last call stopped. The digests below are of each command's output
before that change, when every chunk of blocks was one kernel call (measured at 6bf9666): each
command must still print exactly that, cut into calls of one deal per block (a tiny target
duration) or into the default calls, on one thread or two.
"""

from __future__ import annotations

import hashlib

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core import batches
from jass_sim.core.batches import Slicer

# name -> (arguments, the output file or None for stdout, sha256 prefix of the output at 6bf9666)
GOLDEN = {
    "simulate": (["simulate", "--deals", "2500", "--policy", "heuristic", "--format", "json", "--seed", "3"], None,
                 "17d58aa3ba2d4c97"),
    "simulate --per-deal": (["simulate", "--deals", "2500", "--policy", "heuristic", "--per-deal", "--format", "csv",
                             "--seed", "3"], None, "9bef68af512de66e"),
    "simulate pimc": (["simulate", "--deals", "25", "--policy", "pimc", "--mode", "H", "--format", "json", "--seed",
                       "1"], None, "af5b8465ae79fc54"),
    "duel": (["duel", "--team-a", "heuristic", "--team-b", "random", "--deals", "2500", "--format", "json", "--seed",
              "3"], None, "68d3512c1d31b010"),
    "duel pimc": (["duel", "--team-a", "pimc", "--team-b", "heuristic", "--deals", "6", "--format", "json", "--seed",
                   "1"], None, "b397f630142716ca"),
    "games": (["games", "--games", "300", "--team-a", "heuristic", "--team-b", "random", "--format", "json", "--seed",
               "3"], None, "eedefb4913aef627"),
    "equity": (["equity", "--games", "3000", "--policy", "heuristic", "--seed", "3", "-o", "eq.csv"], "eq.csv",
               "4eb62e17c1fd8635"),
    "cribbage simulate": (["cribbage", "simulate", "--games", "200", "--seed", "3", "--format", "json"], None,
                          "bd39689afde790c3"),
    "basra simulate": (["basra", "simulate", "--deals", "3000", "--games", "300", "--seed", "3", "--format", "json"],
                       None, "45ac33fff854d84e"),
    "basra duel": (["basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", "3000", "--games", "300",
                    "--seed", "3", "--format", "json"], None, "8148ffae83d1e2f0"),
}


def _runner():
    try:
        return CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        return CliRunner()


def _digest(args, path, tmp_path, monkeypatch) -> str:
    monkeypatch.chdir(tmp_path)
    result = _runner().invoke(main, args)
    assert result.exit_code == 0, (result.exit_code, result.stderr, result.exception)
    data = (tmp_path / path).read_bytes() if path else result.stdout_bytes
    return hashlib.sha256(data).hexdigest()[:16]


@pytest.fixture
def calls(monkeypatch):
    """Counts the sub-batches (kernel calls through a slicer) of a run."""
    count = [0]
    measure = Slicer._measure

    def counted(self, items, seconds):
        count[0] += 1
        return measure(self, items, seconds)

    monkeypatch.setattr(Slicer, "_measure", counted)
    return count


@pytest.mark.parametrize("name", list(GOLDEN))
def test_cut_to_one_deal_a_call_changes_nothing(name, tmp_path, monkeypatch, calls):
    import numba

    args, path, want = GOLDEN[name]
    monkeypatch.setattr(batches, "TARGET_SECONDS", 1e-9)  # every call: the smallest sub-batch
    before = numba.get_num_threads()
    numba.set_num_threads(1)  # one block a call where whole blocks are the unit (cribbage, basra)
    try:
        assert _digest(args, path, tmp_path, monkeypatch) == want
    finally:
        numba.set_num_threads(before)
    assert calls[0] >= 2  # cut: the runs have 1 to 3 blocks, cut inside them where the kernel can


@pytest.mark.parametrize("name", ["simulate", "simulate --per-deal", "duel", "games", "equity"])
@pytest.mark.parametrize("threads", ["1", "2"])
def test_default_cut_on_any_threads_changes_nothing(name, threads, tmp_path, monkeypatch, calls):
    import numba

    if int(threads) > numba.config.NUMBA_NUM_THREADS:
        pytest.skip("one core")
    args, path, want = GOLDEN[name]
    assert _digest(args + ["--threads", threads], path, tmp_path, monkeypatch) == want
    assert calls[0] >= 1


def test_batch_shards_unchanged(tmp_path, monkeypatch):
    """``batch`` plays its shards through the same cut chunks: its summary and per-deal rows as before."""
    import pandas as pd

    monkeypatch.setattr(batches, "TARGET_SECONDS", 1e-9)
    monkeypatch.chdir(tmp_path)
    run = _runner().invoke(main, ["batch", "--deals", "5000", "--shard-size", "2048", "-o", "b", "--per-deal",
                                  "--policy", "heuristic", "--seed", "3"])
    assert run.exit_code == 0, run.stderr
    summary = _runner().invoke(main, ["batch-summary", "b", "--format", "json"])
    assert hashlib.sha256(summary.stdout_bytes).hexdigest()[:16] == "61e9970044931f4a"
    rows = {i: hashlib.sha256(pd.read_parquet(tmp_path / "b" / f"rows-00000{i}.parquet").to_csv(index=False)
                              .encode()).hexdigest()[:16] for i in range(3)}
    assert rows == {0: "a1477dd4452bd259", 1: "602f5a1a010ec54e", 2: "114993db042c91d4"}
