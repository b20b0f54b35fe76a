"""Thread control for the parallel kernels, and the chunks of RNG blocks a long run is cut into."""

from __future__ import annotations

from contextlib import contextmanager

import numba
import numpy as np

from jass_sim.core.rng import BLOCK_SIZE, block_states

#: Blocks handed to the parallel kernel at a time: bounds memory whatever the number of deals.
CHUNK_BLOCKS = 256


def max_threads() -> int:
    """The most threads a run may use: Numba's thread pool, one per core unless ``NUMBA_NUM_THREADS``
    says otherwise. A larger ``--threads`` is refused (more threads than cores only adds overhead)."""
    return numba.config.NUMBA_NUM_THREADS


@contextmanager
def numba_threads(threads: int | None):
    """Run the enclosed kernels on ``threads`` threads (all when None); an InputError naming
    ``threads`` unless it is ``1 .. max_threads()``."""
    if threads is None:
        yield numba.config.NUMBA_NUM_THREADS
        return
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or not 1 <= threads <= max_threads():
        from jass_sim.core.errors import InputError

        raise InputError(f"--threads must be 1..{max_threads()} (the cores of this machine), got {threads}",
                         str(threads))
    old = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        yield threads
    finally:
        numba.set_num_threads(old)


def block_chunks(deals: int, seed: int, stream: int):
    """``(first_block, n_blocks, rng_states, deals_per_block)`` for each chunk of a run."""
    n_blocks = -(-deals // BLOCK_SIZE)
    for first in range(0, n_blocks, CHUNK_BLOCKS):
        nb = min(CHUNK_BLOCKS, n_blocks - first)
        counts = np.full(nb, BLOCK_SIZE, dtype=np.int64)
        counts[-1] = min(deals, (first + nb) * BLOCK_SIZE) - (first + nb - 1) * BLOCK_SIZE
        yield first, nb, block_states(seed, first, nb, stream), counts


def split_blocks(n_blocks: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous ranges ``(lo, hi)`` covering ``0 .. n_blocks`` (sizes differ by at most
    one; empty ranges left out)."""
    parts = max(1, min(parts, n_blocks))
    bounds = [n_blocks * k // parts for k in range(parts + 1)]
    return [(bounds[k], bounds[k + 1]) for k in range(parts) if bounds[k + 1] > bounds[k]]


def run_blocks_in_threads(kernel, n_blocks: int, *args) -> None:
    """Call ``kernel(lo, hi, *args)`` on contiguous ranges of blocks ``0 .. n_blocks``, one range per
    thread of the caller's :func:`numba_threads` context, the first in the calling thread.

    The kernels release the GIL (``jit`` compiles with ``nogil``), so the ranges run in parallel.
    Python threads instead of Numba's ``prange``: a ``parallel=True`` kernel is compiled through
    Numba's parfor passes and a gufunc wrapper that links and optimises the whole round engine once
    more (seconds per kernel on a first run), for no gain at one call per range. Every block owns
    its random stream and its output rows, so the result is the same on any number of threads.
    The helper threads are daemons, as :func:`jass_sim.core.batches.call`'s worker: an interrupted
    command exits at once instead of waiting for them. An exception in any range is raised here,
    after every range has stopped.
    """
    ranges = split_blocks(n_blocks, numba.get_num_threads())
    if len(ranges) <= 1:
        if ranges:
            kernel(0, n_blocks, *args)
        return
    import threading

    errors: list[BaseException] = []

    def work(lo: int, hi: int) -> None:
        try:
            kernel(lo, hi, *args)
        except BaseException as exc:  # raised in the calling thread
            errors.append(exc)

    helpers = [threading.Thread(target=work, args=r, name="jass-sim-blocks", daemon=True) for r in ranges[1:]]
    for helper in helpers:
        helper.start()
    try:
        kernel(ranges[0][0], ranges[0][1], *args)
    finally:
        for helper in helpers:
            helper.join()
    if errors:
        raise errors[0]


def block_parallel(kernel, blocks_arg: int):
    """A function ``run(*args)`` that runs ``kernel(lo, hi, *args)`` over the blocks of
    ``args[blocks_arg]`` (an array with one row per block) through :func:`run_blocks_in_threads`:
    the parallel form of a kernel written for a range of blocks, called like a ``prange`` kernel."""
    import functools

    @functools.wraps(kernel, updated=())
    def run(*args):
        run_blocks_in_threads(kernel, len(args[blocks_arg]), *args)

    return run
