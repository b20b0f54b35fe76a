"""Block ranges of a run (the unit of sharded batches): any split sums to the whole run exactly."""

from __future__ import annotations

import numpy as np
import pytest

from jass_sim.core.rng import BLOCK_SIZE
from jass_sim.jass.engine import simulate as sim
from jass_sim.jass.engine.simulate import BatchSpec, iter_block_range, run_batch, run_block_range
from jass_sim.jass.rules import get_rules
from jass_sim.jass.simulate.tables import simulate_deals

DEALS = 7 * BLOCK_SIZE + 321  # 8 blocks, the last one partial


def spec(seed=11, policy=1, deals=DEALS, mode_policy=1):
    return BatchSpec(deals=deals, rules=get_rules("chibre"), policies=np.full(4, policy, np.int64),
                     mode_policy=mode_policy, seed=seed)


@pytest.mark.parametrize("cuts", [[0, 8], [0, 1, 8], [0, 3, 5, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]])
def test_any_split_of_the_blocks_sums_to_run_batch(cuts):
    s = spec()
    parts = [run_block_range(s, a, b - a) for a, b in zip(cuts, cuts[1:])]
    whole = run_batch(s)
    assert np.array_equal(sum(parts), whole)
    assert whole[:, 0].sum() == DEALS
    # every part is a real share of the work, not an empty accumulator
    assert all(p[:, 0].sum() == min(DEALS, b * BLOCK_SIZE) - a * BLOCK_SIZE for p, a, b in zip(parts, cuts, cuts[1:]))


def test_ranges_longer_than_a_chunk(monkeypatch):
    monkeypatch.setattr(sim, "CHUNK_BLOCKS", 3)  # ranges then span several kernel calls
    s = spec(seed=2, policy=0)
    assert np.array_equal(run_block_range(s, 1, 7) + run_block_range(s, 0, 1), run_batch(s))


def test_rows_of_a_range_are_the_runs_rows():
    rows = np.concatenate([f.assign(mode=f["mode"].cat.codes).to_numpy(dtype=np.int64)
                           for f in simulate_deals(DEALS, policy="heuristic", seed=11, chooser="evaluator")])
    s = spec()
    got = np.concatenate([r for _, r in iter_block_range(s, 5, 3, per_deal=True)])
    assert len(got) == DEALS - 5 * BLOCK_SIZE
    assert np.array_equal(got, rows[5 * BLOCK_SIZE:])
    assert got[0, 0] == 5 * BLOCK_SIZE and got[-1, 0] == DEALS - 1


@pytest.mark.parametrize("first,n", [(-1, 2), (0, 0), (7, 2), (9, 1)])
def test_ranges_outside_the_run_are_refused(first, n):
    with pytest.raises(ValueError, match="outside"):
        run_block_range(spec(), first, n)
