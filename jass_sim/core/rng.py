"""Random numbers for the kernels: xoshiro256** streams seeded per fixed-size block.

Every block of deals gets its own generator state from ``SeedSequence(seed).spawn``-style
spawn keys, so a run gives the same numbers whatever the number of threads that play the
blocks. The kernels never touch numpy's or Python's global RNG.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.api_args import MAX_SEED
from jass_sim.core.jit import jit

#: Deals per RNG block: fixed, so results do not depend on threads or batch sizes.
BLOCK_SIZE = 1024

_MASK32 = np.uint64(0xFFFFFFFF)


#: Random streams: each game names its own, ``{game}.{feature} -> number`` (the first spawn key of
#: ``SeedSequence(seed, spawn_key=(stream, block))``, :func:`block_states`), in one table of its
#: package that its descriptor (:attr:`jass_sim.core.game.Game.streams`) hands to the registry.
#: Every call of :func:`block_states` and :func:`jass_sim.core.threads.block_chunks` takes its
#: stream from its game's table (checked by tests/core/test_streams.py). Streams need to be
#: independent only within one computation (one command run, one API call): two features may
#: share a number when no computation draws from both with the same seed, and each game documents
#: its shared numbers (:attr:`~jass_sim.core.game.Game.shared_streams`). No computation spans two
#: games, so numbers shared across games never matter.


def check_seed(seed) -> int:
    """``seed`` as an int if it is an integer 0 .. :data:`MAX_SEED`; else an InputError naming it."""
    from jass_sim.core.errors import InputError

    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        raise InputError(f"invalid seed {seed!r} (a seed is an integer 0..2**63-1)", str(seed))
    return int(seed)


def block_states(seed: int, first_block: int, n_blocks: int, stream: int = 0) -> np.ndarray:
    """Generator states (``uint64[n_blocks, 4]``) of blocks ``first_block ...``.

    Block ``b`` of stream ``stream`` is seeded by ``SeedSequence(seed, spawn_key=(stream, b))``.
    """
    seed = check_seed(seed)
    if n_blocks > 1 << 20:  # the states of more than a billion samples: make sure they fit
        from jass_sim.core.resources import check_memory

        check_memory(n_blocks * 32, f"the random-number states of {n_blocks * BLOCK_SIZE} samples",
                     str(n_blocks * BLOCK_SIZE))
    states = np.empty((n_blocks, 4), dtype=np.uint64)
    for i in range(n_blocks):
        ss = np.random.SeedSequence(seed, spawn_key=(int(stream), first_block + i))
        states[i] = ss.generate_state(4, dtype=np.uint64)
        if not states[i].any():  # xoshiro's one forbidden state
            states[i, 0] = 1
    return states


@jit(inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@jit(inline="always")
def next_u64(state):
    """Next 64 random bits of the xoshiro256** stream ``state`` (``uint64[4]``, updated)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return result


@jit(inline="always")
def below(state, n):
    """A random integer in ``[0, n)`` for ``1 <= n <= 2**32`` (multiply-shift on 32 bits;
    the bias, below n / 2**32, is far under any sampling error here)."""
    return np.int64(((next_u64(state) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@jit(inline="always")
def shuffle(state, cards, n):
    """Shuffle ``cards[:n]`` uniformly in place (Fisher-Yates, two 32-bit draws per 64 bits)."""
    i = n - 1
    while i > 0:
        r = next_u64(state)
        j = np.int64(((r & _LOW32) * np.uint64(i + 1)) >> _S32)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1
        if i > 0:
            j = np.int64(((r >> _S32) * np.uint64(i + 1)) >> _S32)
            cards[i], cards[j] = cards[j], cards[i]
            i -= 1
