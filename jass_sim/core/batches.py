"""Long kernel runs cut into short calls, so a run can be stopped and can show its progress.

A parallel kernel call holds the main thread until it returns, and Python runs its signal
handlers only between bytecodes: a run made of one long call ignores Ctrl-C and SIGTERM until
it ends. Two tools fix that without changing any result:

* :class:`Slicer` cuts the RNG blocks of a run into *sub-batches*: a few whole blocks at a time,
  or, for a kernel that can resume a block where it stopped (its random state and scratch deck
  updated in place), a few deals of each block at a time. Each block's random stream is
  consumed in the same order however the run is cut, and the kernels sum integers, so the
  output is byte-identical to the uncut run and the same on any number of threads. The size of
  the sub-batches adapts: the first is small, its measured rate sets the next, so that each call
  lasts about :data:`TARGET_SECONDS`; progress is reported after each.
* :func:`call` runs one kernel call. Under the ``jass-sim`` command (its SIGINT handler is
  installed, see :mod:`jass_sim.core.cli`) the call runs in a worker thread while the main thread
  waits, so a signal is handled within :data:`POLL_SECONDS` even inside one long call (one
  ``pimc --horizon full`` decision can take minutes: no sub-batch is short enough for it). The
  kernels are compiled ``nogil``; the worker is a daemon thread, so the interrupted command exits
  at once and the abandoned call dies with the process. From Python (a notebook, a script) the
  call is made directly on the caller's thread, and Ctrl-C lands between sub-batches.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator

import numpy as np

#: Wanted duration of one kernel call, in seconds: short enough for a prompt stop and a lively
#: progress line, long enough that the per-call overhead (thread start, states) stays below 1%.
TARGET_SECONDS = 0.3

#: How often the waiting main thread wakes up to let Python run a signal handler.
POLL_SECONDS = 0.05

#: The largest factor by which one sub-batch may outgrow the previous one: a first call slowed
#: by compilation or a cold cache must not make the rate look higher than it is.
MAX_GROWTH = 16


def _cli_handler_installed() -> bool:
    if threading.current_thread() is not threading.main_thread():
        return False
    from jass_sim.core.cli import _raise_interrupted

    return signal.getsignal(signal.SIGINT) is _raise_interrupted


def call(kernel: Callable, *args):
    """``kernel(*args)``, interruptible by SIGINT and SIGTERM under the ``jass-sim`` command.

    Parameters
    ----------
    kernel : callable
        A compiled kernel (``nogil``, so the waiting main thread can run) or any callable.
    *args
        Its arguments.

    Returns
    -------
    object
        What ``kernel`` returns; an exception it raises is raised here.

    Notes
    -----
    Under the ``jass-sim`` command the call runs in a daemon worker thread with the caller's
    Numba thread count, while the main thread polls every :data:`POLL_SECONDS`: the command's
    signal handler then raises :class:`~jass_sim.core.cli.Interrupted` in the main thread at
    once, and the process exits without waiting for the worker. Elsewhere the call is direct.
    """
    if not _cli_handler_installed():
        return kernel(*args)
    import numba

    threads = numba.get_num_threads()  # thread-local in Numba: the worker must set it itself
    outcome: dict = {}
    done = threading.Event()

    def work():
        try:
            numba.set_num_threads(threads)
            outcome["value"] = kernel(*args)
        except BaseException as exc:  # handed to the main thread
            outcome["error"] = exc
        finally:
            done.set()

    threading.Thread(target=work, name="jass-sim-kernel", daemon=True).start()
    while not done.wait(POLL_SECONDS):
        pass
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


class Slicer:
    """Adaptive sub-batches of a run's RNG blocks (see the module docstring).

    One slicer serves a whole run (all its chunks of blocks), so the rate it has measured
    carries over from one chunk to the next, and its progress counts the whole run.

    Parameters
    ----------
    progress : callable, optional
        Called with the number of items (deals, games, samples) done so far after each sub-batch.
    target : float, optional
        Wanted duration of one sub-batch, in seconds (default :data:`TARGET_SECONDS`, read when
        the slicer is made).
    done : int
        Items already done before the first sub-batch (a resumed run).
    """

    def __init__(self, progress: Callable[[int], None] | None = None, target: float | None = None,
                 done: int = 0):
        self.progress = progress
        self.target = TARGET_SECONDS if target is None else target
        self.done = done
        self.rate: float | None = None  # items per second, from the last sub-batch

    def _budget(self, last: int) -> int:
        """Items for the next sub-batch: ``target`` seconds at the measured rate, at most
        :data:`MAX_GROWTH` times the last sub-batch's ``last`` items."""
        if self.rate is None:
            return 0
        return max(1, min(int(self.rate * self.target), MAX_GROWTH * max(last, 1)))

    def _measure(self, items: int, seconds: float) -> None:
        self.rate = items / max(seconds, 1e-6)
        self.done += items
        if self.progress is not None:
            self.progress(self.done)

    def slices(self, counts: np.ndarray, resumable: bool = False,
               width: int | None = None) -> Iterator[tuple[int, int, np.ndarray, np.ndarray]]:
        """The sub-batches of one chunk of blocks: ``(lo, hi, starts, steps)``.

        Parameters
        ----------
        counts : numpy.ndarray
            ``int64[n_blocks]``: the items of each block of the chunk.
        resumable : bool
            Whether the kernel can play part of a block and resume it later (its per-block random
            state and scratch updated in place): the sub-batches then cut inside blocks when
            whole blocks would take longer than the target.
        width : int, optional
            Blocks played side by side when cutting inside blocks (default: Numba's thread count,
            so every thread has a block).

        Yields
        ------
        tuple
            Blocks ``lo .. hi - 1`` of the chunk are to play ``steps[b - lo]`` items each, from
            item ``starts[b - lo]`` of their block (always 0 for whole blocks). The time until the
            caller asks for the next sub-batch is the measured duration of this one.
        """
        counts = np.asarray(counts, dtype=np.int64)
        n = len(counts)
        if width is None:
            import numba

            width = numba.get_num_threads()
        width = max(1, int(width))
        per_block = max(1, int(counts.max())) if n else 1
        last = 0
        lo = 0
        while lo < n:
            budget = self._budget(last)
            side_by_side = min(width, n - lo)  # fewer blocks than threads would leave threads idle
            whole = 0 if self.rate is None else min(n - lo, budget // per_block)
            if whole < side_by_side:  # the first call (a probe, as small as the kernel allows) or slow blocks
                whole = 0 if resumable else side_by_side
            elif whole < n - lo:
                whole -= whole % width  # whole rounds of the threads
            if whole >= 1 or not resumable:
                hi = lo + max(1, whole)
                steps = counts[lo:hi].copy()
                t0 = time.monotonic()
                yield lo, hi, np.zeros(hi - lo, dtype=np.int64), steps
                last = int(steps.sum())
                self._measure(last, time.monotonic() - t0)
                lo = hi
                continue
            # cut inside the next ``width`` blocks: a few items of each per call
            hi = min(n, lo + width)
            starts = np.zeros(hi - lo, dtype=np.int64)
            while (starts < counts[lo:hi]).any():
                step = max(1, self._budget(last) // (hi - lo)) if self.rate is not None else 1
                steps = np.minimum(step, counts[lo:hi] - starts)
                t0 = time.monotonic()
                yield lo, hi, starts.copy(), steps
                last = int(steps.sum())
                self._measure(last, time.monotonic() - t0)
                starts += steps
            lo = hi
