"""Cutting a run into sub-batches changes no output (issue 33).

The long commands play their RNG blocks in short kernel calls (:class:`jass_sim.core.batches.Slicer`),
a block resumed where the last call stopped. Each command's output in the largest calls the slicer
makes (a target duration of a billion seconds: whole chunks of blocks, as before sub-batches existed;
the outputs were also checked equal to those of 6bf9666 when the slicer landed) must be printed
exactly, cut into calls of one deal per block (a tiny target duration) or into the default calls,
on one thread or two. The golden replays and the kernel-against-reference tests pin the outputs
themselves.
"""

from __future__ import annotations

import hashlib

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core import batches
from jass_sim.core.batches import Slicer

# name -> (arguments, the output file or None for stdout)
GOLDEN = {
    "simulate": (["simulate", "--deals", "2500", "--policy", "heuristic", "--format", "json", "--seed", "3"], None),
    "simulate --per-deal": (["simulate", "--deals", "2500", "--policy", "heuristic", "--per-deal", "--format", "csv",
                             "--seed", "3"], None),
    "simulate pimc": (["simulate", "--deals", "25", "--policy", "pimc", "--mode", "H", "--format", "json", "--seed",
                       "1"], None),
    "duel": (["duel", "--team-a", "heuristic", "--team-b", "random", "--deals", "2500", "--format", "json", "--seed",
              "3"], None),
    "duel pimc": (["duel", "--team-a", "pimc", "--team-b", "heuristic", "--deals", "6", "--format", "json", "--seed",
                   "1"], None),
    "games": (["games", "--games", "300", "--team-a", "heuristic", "--team-b", "random", "--format", "json", "--seed",
               "3"], None),
    "equity": (["equity", "--games", "3000", "--policy", "heuristic", "--seed", "3", "-o", "eq.csv"], "eq.csv"),
    "cribbage simulate": (["cribbage", "simulate", "--games", "200", "--seed", "3", "--format", "json"], None),
    "basra simulate": (["basra", "simulate", "--deals", "3000", "--games", "300", "--seed", "3", "--format", "json"],
                       None),
    "basra duel": (["basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", "3000", "--games", "300",
                    "--seed", "3", "--format", "json"], None),
    # issue 43: cut for the page's progress and cancel (whole blocks of worlds, of game samples)
    "basra advise": (["basra", "advise", "--hand", "HJ D10 C5 S3 HK H7", "--table", "H5 C2 D7 S9", "--samples", "2500",
                      "--seed", "3", "--format", "json"], None),
    "cribbage discard --score": (["cribbage", "discard", "5H 5D JS 6C 4H KD", "--dealer", "--score", "100:110",
                                  "--samples", "200", "--seed", "3", "--format", "json"], None),
}


def _runner():
    try:
        return CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        return CliRunner()


def _digest(args, path, tmp_path, monkeypatch) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    monkeypatch.chdir(tmp_path)
    result = _runner().invoke(main, args)
    assert result.exit_code == 0, (result.exit_code, result.stderr, result.exception)
    data = (tmp_path / path).read_bytes() if path else result.stdout_bytes
    return hashlib.sha256(data).hexdigest()[:16]


def _uncut(args, path, tmp_path, monkeypatch) -> str:
    """The digest of the output in the largest calls (see the module docstring)."""
    with monkeypatch.context() as m:
        m.setattr(batches, "TARGET_SECONDS", 1e9)
        return _digest(args, path, tmp_path / "uncut", m)


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

    args, path = GOLDEN[name]
    want = _uncut(args, path, tmp_path, monkeypatch)
    calls[0] = 0
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
    args, path = GOLDEN[name]
    want = _uncut(args + ["--threads", "1"], path, tmp_path, monkeypatch)
    calls[0] = 0
    assert _digest(args + ["--threads", threads], path, tmp_path / "cut", monkeypatch) == want
    assert calls[0] >= 1


def test_batch_shards_unchanged(tmp_path, monkeypatch):
    """``batch`` plays its shards through the same cut chunks: its summary and per-deal rows are those
    of the largest calls."""
    import pandas as pd

    def run(target, where):
        with monkeypatch.context() as m:
            m.setattr(batches, "TARGET_SECONDS", target)
            where.mkdir()
            m.chdir(where)
            out = _runner().invoke(main, ["batch", "--deals", "5000", "--shard-size", "2048", "-o", "b", "--per-deal",
                                          "--policy", "heuristic", "--seed", "3"])
            assert out.exit_code == 0, out.stderr
            summary = _runner().invoke(main, ["batch-summary", "b", "--format", "json"])
            rows = [pd.read_parquet(where / "b" / f"rows-00000{i}.parquet").to_csv(index=False) for i in range(3)]
            return summary.stdout_bytes, rows

    assert run(1e-9, tmp_path / "cut") == run(1e9, tmp_path / "uncut")
