"""Batch runs from Python: seeds per block, chunks of blocks cut into short sub-batches, thread control,
merged sums."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from jass_sim.core.batches import Slicer, call
from jass_sim.core.rng import BLOCK_SIZE, block_states
from jass_sim.core.threads import CHUNK_BLOCKS, block_chunks, max_threads, numba_threads  # noqa: F401  (max_threads: re-exported)
from jass_sim.jass.cards import N_MODES
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import policy_params
from jass_sim.jass.rules.presets import RuleSet, get_rules
from jass_sim.jass.streams import STREAMS


@dataclass
class BatchSpec:
    """What to simulate: deals, rules, the policy of each seat, the mode choice."""

    deals: int
    rules: RuleSet
    policies: np.ndarray            # int64[4], policy number per seat
    fixed_mode: int = -1            # >= 0: every deal is played in this mode
    mode_policy: int = 0            # mode-choice policy number (see modes.choose)
    mode_params: np.ndarray | None = None
    params: np.ndarray | None = None
    seed: int = 0
    stream: int = STREAMS["jass.deals"]



def _arrays(spec: BatchSpec):
    runs, fours, mults = spec.rules.arrays()
    modes = np.asarray(spec.rules.modes, dtype=np.int64)
    params = spec.params if spec.params is not None else policy_params()
    mode_params = spec.mode_params if spec.mode_params is not None else default_mode_params(spec.rules)
    return modes, mode_params, params, runs, fours, mults


def _play_chunk(spec: BatchSpec, arrays, first: int, states: np.ndarray, counts: np.ndarray, per_deal: bool,
                slicer: Slicer) -> tuple[np.ndarray, np.ndarray | None]:
    """Blocks ``first ..`` (RNG ``states``, ``counts[b]`` deals each) of ``spec``, in the slicer's
    sub-batches: the chunk's summed accumulator and, with ``per_deal``, its rows."""
    from jass_sim.jass.engine.batch import N_ROW, N_STATS, new_decks, run_blocks
    from jass_sim.jass.players.dispatch import player_set

    modes, mode_params, params, runs, fours, mults = arrays
    nb = len(counts)
    decks = new_decks(nb)
    players = player_set(spec.policies)
    acc = np.zeros((nb, N_MODES, N_STATS), dtype=np.int64)
    rows = np.zeros((nb * BLOCK_SIZE if per_deal else 0, N_ROW), dtype=np.int64)
    for lo, hi, starts, steps in slicer.slices(counts, resumable=True):
        call(run_blocks, players, states[lo:hi], decks[lo:hi], starts, steps, (first + lo) * BLOCK_SIZE, modes,
             spec.fixed_mode, spec.mode_policy, mode_params, spec.policies, params, runs, fours, mults,
             acc[lo:hi], rows[lo * BLOCK_SIZE:] if per_deal else rows)
    return acc.sum(axis=0), (rows[: int(counts.sum())] if per_deal else None)


def iter_chunks(spec: BatchSpec, per_deal: bool = False,
                progress: Callable[[int], None] | None = None) -> Iterator[tuple[np.ndarray, np.ndarray | None]]:
    """Play ``spec.deals`` deals chunk by chunk; yield each chunk's summed accumulator
    (``int64[6, N_STATS]``) and, with ``per_deal``, its rows (``int64[n, N_ROW]``).

    Each chunk is played in short sub-batches (:class:`jass_sim.core.batches.Slicer`), so the
    run can be interrupted and ``progress`` (called with the deals done) ticks often; the
    output does not depend on the cut."""
    arrays = _arrays(spec)
    slicer = Slicer(progress)
    for first, _, states, counts in block_chunks(spec.deals, spec.seed, spec.stream):
        yield _play_chunk(spec, arrays, first, states, counts, per_deal, slicer)


def run_batch(spec: BatchSpec, threads: int | None = None,
              progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Total accumulator (``int64[6, N_STATS]``, rows by mode) of a whole batch."""
    from jass_sim.jass.engine.batch import N_STATS

    total = np.zeros((N_MODES, N_STATS), dtype=np.int64)
    with numba_threads(threads):
        for acc, _ in iter_chunks(spec, progress=progress):
            total += acc
    return total


def run_duel(deals: int, rules: RuleSet, policy_a: int, policy_b: int, seed: int = 0,
             mode_policy: int = 1, mode_params: np.ndarray | None = None, params: np.ndarray | None = None,
             threads: int | None = None, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Summed duplicate-deal statistics (see ``batch.DUEL_STATS``) of policy A against B, played
    in short sub-batches (see :func:`iter_chunks`)."""
    from jass_sim.jass.engine.batch import N_DUEL_STATS, new_decks, run_duel_blocks
    from jass_sim.jass.players.dispatch import player_set

    runs, fours, mults = rules.arrays()
    modes = np.asarray(rules.modes, dtype=np.int64)
    mode_params = mode_params if mode_params is not None else default_mode_params(rules)
    params = params if params is not None else policy_params()
    total = np.zeros(N_DUEL_STATS, dtype=np.int64)
    players = player_set((policy_a, policy_b))
    slicer = Slicer(progress)
    with numba_threads(threads):
        for first, nb, states, counts in block_chunks(deals, seed, STREAMS["jass.duel"]):
            decks = new_decks(nb)
            acc = np.zeros((nb, N_DUEL_STATS), dtype=np.int64)
            for lo, hi, _, steps in slicer.slices(counts, resumable=True):
                call(run_duel_blocks, players, states[lo:hi], decks[lo:hi], steps, modes, mode_policy, mode_params, policy_a,
                     policy_b, params, runs, fours, mults, acc[lo:hi])
            total += acc.sum(axis=0)
    return total


def random_spec(deals: int, rules: RuleSet | str = "chibre", seed: int = 0) -> BatchSpec:
    """All seats ``random``, mode drawn uniformly: the plain engine workload."""
    return BatchSpec(deals=deals, rules=get_rules(rules), policies=np.zeros(4, dtype=np.int64), seed=seed)


def iter_block_range(spec: BatchSpec, first_block: int, n_blocks: int,
                     per_deal: bool = False) -> Iterator[tuple[np.ndarray, np.ndarray | None]]:
    """Play blocks ``first_block .. first_block + n_blocks - 1`` of ``spec`` (the deals
    ``first_block * BLOCK_SIZE ..``, clipped to ``spec.deals``) chunk by chunk.

    Yields what :func:`iter_chunks` yields for the same deals: each chunk's summed accumulator
    and, with ``per_deal``, its rows (``deal`` numbered within the whole run). Block ``b`` is
    seeded as in :func:`iter_chunks`, so summing the accumulators of disjoint ranges that cover
    all blocks gives exactly :func:`run_batch`'s total, however the ranges are split or spread.
    """
    total_blocks = -(-spec.deals // BLOCK_SIZE)
    if first_block < 0 or n_blocks < 1 or first_block + n_blocks > total_blocks:
        raise ValueError(f"blocks {first_block}..{first_block + n_blocks - 1} are outside the run's "
                         f"{total_blocks} blocks")
    arrays = _arrays(spec)
    slicer = Slicer()
    end = first_block + n_blocks
    for first in range(first_block, end, CHUNK_BLOCKS):
        nb = min(CHUNK_BLOCKS, end - first)
        last_deal = min(spec.deals, (first + nb) * BLOCK_SIZE)
        counts = np.full(nb, BLOCK_SIZE, dtype=np.int64)
        counts[-1] = last_deal - (first + nb - 1) * BLOCK_SIZE
        yield _play_chunk(spec, arrays, first, block_states(spec.seed, first, nb, spec.stream), counts, per_deal,
                          slicer)


def run_block_range(spec: BatchSpec, first_block: int, n_blocks: int) -> np.ndarray:
    """Summed accumulator (``int64[6, N_STATS]``) of blocks ``first_block ..`` of ``spec``
    (see :func:`iter_block_range`), on the current Numba thread count."""
    from jass_sim.jass.engine.batch import N_STATS

    total = np.zeros((N_MODES, N_STATS), dtype=np.int64)
    for acc, _ in iter_block_range(spec, first_block, n_blocks):
        total += acc
    return total
