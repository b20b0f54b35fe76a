"""The sub-batches of long runs (issue 33): every item played once, in order, block by block; the
calls short after the first; progress; kernel calls interruptible under the command."""

from __future__ import annotations

import signal
import threading
import time

import numpy as np
import pytest

from jass_sim.core import batches
from jass_sim.core.batches import Slicer, call


def _play(counts, resumable, kernel_seconds_per_item, target=0.05, width=2):
    """Run a fake kernel through the slicer: the items each block saw, in order, and the call durations."""
    seen = [[] for _ in counts]
    durations = []
    ticks = []
    slicer = Slicer(ticks.append, target=target)
    for lo, hi, starts, steps in slicer.slices(np.array(counts), resumable=resumable, width=width):
        t0 = time.monotonic()
        for b in range(lo, hi):
            seen[b].extend(range(starts[b - lo], starts[b - lo] + steps[b - lo]))
        time.sleep(kernel_seconds_per_item * int(steps.sum()) / width)
        durations.append(time.monotonic() - t0)
    return seen, durations, ticks


@pytest.mark.parametrize("resumable", [False, True])
def test_every_item_once_in_order(resumable):
    counts = [1024, 1024, 1024, 7]
    seen, _, ticks = _play(counts, resumable, 1e-6)
    assert seen == [list(range(c)) for c in counts]
    assert ticks == sorted(ticks) and ticks[-1] == sum(counts)


def test_slow_blocks_are_cut_inside_and_calls_stay_short():
    # 2 ms an item: a whole block of 1024 would take a second; the target is 50 ms
    seen, durations, _ = _play([1024, 1024, 300], True, 0.002)
    assert seen == [list(range(1024)), list(range(1024)), list(range(300))]
    assert len(durations) > 20 and max(durations[1:]) < 0.2, durations


def test_fast_blocks_grow_to_whole_blocks():
    counts = [1024] * 64
    seen, durations, _ = _play(counts, True, 1e-7, target=0.05)
    assert seen == [list(range(1024))] * 64
    assert len(durations) < 20  # a few probes, then many whole blocks a call


def test_whole_blocks_only_without_resumption():
    counts = [100] * 9
    slicer = Slicer(target=1.0)
    got = list(slicer.slices(np.array(counts), resumable=False, width=2))
    assert all((starts == 0).all() and (steps == np.array(counts[lo:hi])).all() for lo, hi, starts, steps in got)
    assert got[0][:2] == (0, 2)  # the probe: one block per thread


def test_call_is_direct_outside_the_command():
    assert call(lambda: threading.current_thread()) is threading.current_thread()


def test_call_runs_in_a_worker_under_the_command(monkeypatch):
    from jass_sim.core.cli import _raise_interrupted

    old = signal.signal(signal.SIGINT, _raise_interrupted)
    try:
        assert call(lambda: threading.current_thread()) is not threading.current_thread()
        assert call(lambda x, y: x + y, 2, 3) == 5
        with pytest.raises(ZeroDivisionError):
            call(lambda: 1 / 0)
    finally:
        signal.signal(signal.SIGINT, old)


def test_call_keeps_the_numba_threads(monkeypatch):
    import numba

    from jass_sim.core.cli import _raise_interrupted

    old = signal.signal(signal.SIGINT, _raise_interrupted)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        assert call(numba.get_num_threads) == 1
    finally:
        numba.set_num_threads(before)
        signal.signal(signal.SIGINT, old)


def test_call_is_interrupted_at_once(monkeypatch):
    """A signal during one long call is raised in the main thread within the poll interval."""
    from jass_sim.core.cli import Interrupted, _raise_interrupted

    old = {s: signal.signal(s, _raise_interrupted) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        threading.Timer(0.2, lambda: signal.raise_signal(signal.SIGTERM)).start()
        t0 = time.monotonic()
        with pytest.raises(Interrupted) as info:
            call(time.sleep, 30)
        assert info.value.exit_code == 143 and time.monotonic() - t0 < 0.2 + 5 * batches.POLL_SECONDS
    finally:
        for s, h in old.items():
            signal.signal(s, h)
