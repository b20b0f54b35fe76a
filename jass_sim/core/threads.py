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
