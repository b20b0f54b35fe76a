"""The plan's full table on disk (issue 53 item 3): a later position's table read from the full one
is the kernel's own table bit for bit; the cache file is keyed, checked and rebuilt when stale or
corrupt; two writers leave one sound file. Small plans (2-4 category slots, up to 256 states):
a few seconds in all, also under NUMBA_DISABLE_JIT=1 (nojit)."""

from __future__ import annotations

import logging
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.coiffeur import plan, plan_cache
from jass_sim.jass.coiffeur._plan_kernels import plan_values
from jass_sim.jass.coiffeur.presets import get_coiffeur_rules, parse_categories

pytestmark = pytest.mark.nojit


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(plan_cache.PLAN_CACHE_ENV, str(tmp_path / "plan"))
    plan._FULL.clear()
    plan._values.cache_clear()
    yield tmp_path / "plan"
    plan._FULL.clear()
    plan._values.cache_clear()


def _popcount(x):
    return bin(x).count("1")


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), st.integers(2, 6), st.integers(0, 1), st.booleans(), st.integers(0, 2**31 - 1))
def test_a_later_positions_table_is_the_full_tables_bit_for_bit(n, k, first_team, partner, seed):
    from jass_sim.core.threads import numba_threads

    with numba_threads(1):  # tiny plans: a parallel launch per level costs more than the work
        _check_sub_tables(n, k, first_team, partner, seed)


def _check_sub_tables(n, k, first_team, partner, seed):
    rng = np.random.default_rng(seed)
    G = np.round(rng.uniform(0, 300, (k, n)), 1)
    full = (1 << n) - 1
    tables = {x: plan_values(G, G, full, full, x, partner) for x in (0, 1)}
    for _ in range(4):
        ours, theirs = int(rng.integers(1, full + 1)), int(rng.integers(0, full + 1))
        direct = plan_values(G, G, ours, theirs, first_team, partner)
        whole = tables[first_team ^ ((_popcount(ours) + _popcount(theirs)) & 1)]
        assert np.array_equal(plan_cache.sub_table(whole, ours, theirs), direct, equal_nan=True)


def _gains(seed=1, k=5, n=3):
    return np.round(np.random.default_rng(seed).uniform(0, 300, (k, n)))


def _computer(G, x, calls):
    def compute():
        calls.append(1)
        return plan_values(G, G, 7, 7, x, False)
    return compute


def test_the_table_is_computed_once_then_read_back_equal(cache):
    G, calls = _gains(), []
    first = plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    again = plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    assert len(calls) == 1 and np.array_equal(first, again)
    assert len(list(cache.glob("*.npz"))) == 1
    # another first team, pass rule or gain is another file, never the old table
    plan_cache.full_table(G, False, 1, _computer(G, 1, calls))
    plan_cache.full_table(G + 1, False, 0, _computer(G + 1, 0, calls))
    assert len(calls) == 3 and len(list(cache.glob("*.npz"))) == 3


@pytest.mark.parametrize("damage", ["truncated", "garbage", "other key", "changed values"])
def test_a_stale_or_corrupt_file_is_reported_and_rebuilt(cache, caplog, damage):
    G, calls = _gains(), []
    good = plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    path = next(cache.glob("*.npz"))
    key = plan_cache.table_key(G, False, 0)
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:300])
    elif damage == "garbage":
        path.write_bytes(b"not a table")
    elif damage == "other key":
        plan_cache.save_table(path, plan_cache.table_key(G, True, 0), good + 1.0)
    else:  # the right key and the old digest, other numbers (a flipped bit on disk)
        bad = good.copy()
        bad[7, 7] += 1.0
        np.savez(path, V=bad, key=np.array(key), digest=np.array(plan_cache._digest(good)))
    with caplog.at_level(logging.WARNING, logger=plan_cache.__name__):
        again = plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    assert len(calls) == 2 and np.array_equal(again, good)
    assert "computing it again" in caplog.text
    assert plan_cache.load_table(path, key, 8) is not None  # replaced by a sound file


def test_the_cache_off_or_unwritable_computes_without_a_file(tmp_path, monkeypatch, caplog):
    G, calls = _gains(), []
    monkeypatch.setenv(plan_cache.PLAN_CACHE_ENV, "off")
    assert plan_cache.cache_dir() is None
    plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    assert len(calls) == 2
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(plan_cache.PLAN_CACHE_ENV, str(blocker / "plan"))  # a folder inside a file
    with caplog.at_level(logging.WARNING, logger=plan_cache.__name__):
        V = plan_cache.full_table(G, False, 0, _computer(G, 0, calls))
    assert len(calls) == 3 and np.array_equal(V, plan_values(G, G, 7, 7, 0, False), equal_nan=True)
    assert "cannot write" in caplog.text


def test_two_writers_leave_one_sound_file(cache):
    G = _gains()
    V = plan_values(G, G, 7, 7, 0, False)
    key = plan_cache.table_key(G, False, 0)
    path = cache / f"{key[:32]}.npz"
    cache.mkdir(parents=True)
    writers = [threading.Thread(target=plan_cache.save_table, args=(path, key, V)) for _ in range(4)]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    assert list(cache.iterdir()) == [path]  # no temporary file left
    assert np.array_equal(plan_cache.load_table(path, key, 8), V)


def test_match_values_read_the_cache_in_a_fresh_process_and_equal_the_kernel(cache):
    """The plan's entry point: the start of a match writes the full table; a fresh process (its
    memory cleared) reads it back for the start and for a later position, and both equal the
    kernel's own table bit for bit."""
    rules = get_coiffeur_rules("coiffeur").replace_categories(parse_categories("S:1,H:2,OBE:3"))
    g = plan.plan_gains(rules)
    start = plan.match_values(rules, 7, 7, 0)
    assert np.array_equal(start, plan_values(g, g, 7, 7, 0, False))
    assert len(list(cache.glob("*.npz"))) == 1
    plan._FULL.clear()
    plan._values.cache_clear()
    for ours, theirs, first in ((7, 7, 0), (3, 7, 1), (5, 2, 0), (1, 0, 1)):
        V = plan.match_values(rules, ours, theirs, first)
        assert np.array_equal(V, plan_values(g, g, ours, theirs, first, False), equal_nan=True)
    assert len(list(cache.glob("*.npz"))) == 1  # read, never written again
