"""``jass-sim batch`` jobs: a simulation cut into shards of whole RNG blocks, for the shard store
and executors of :mod:`jass_sim.core.shards`.

A job of ``deals`` deals is cut into shards of ``shard_size`` deals, a multiple of
:data:`~jass_sim.core.rng.BLOCK_SIZE`: shard ``i`` plays the blocks
``i * shard_size / BLOCK_SIZE ..`` of the same run :func:`jass_sim.jass.simulate.tables.simulate`
plays, each block seeded by ``SeedSequence(seed, spawn_key=(0, block))``. A shard's result
therefore depends only on the job and its index, not on which machine or thread plays it, and the
integer sums of all shards are exactly ``simulate``'s accumulator.

A shard's aggregate file has a row per mode (column ``mode``) and the columns of
:data:`~jass_sim.jass.engine.batch.STATS`; with ``per_deal``, its rows file has
:data:`~jass_sim.jass.engine.batch.ROW_COLUMNS`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.rng import BLOCK_SIZE
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.engine.batch import ROW_COLUMNS, STATS
from jass_sim.jass.players import DEFAULT_CHOOSER

#: Default deals per shard: 1024 blocks, a few seconds on a 2-core machine; a billion deals make ~950 shards.
DEFAULT_SHARD_SIZE = 1024 * BLOCK_SIZE


@dataclass(frozen=True)
class BatchJob:
    """Everything that determines a batch's results (canonical spellings; see :meth:`make`)."""

    deals: int
    shard_size: int
    rules: str
    policy: str
    mode: str          # "auto" or a mode name (H, D, S, C, OBE, UNE)
    chooser: str
    seed: int
    per_deal: bool

    # the layout of a shard's aggregate file (see jass_sim.core.shards)
    shard_key = "mode"
    shard_rows = MODE_NAMES
    shard_columns = STATS
    count_column = "deals"

    @classmethod
    def make(cls, deals: int, shard_size: int = DEFAULT_SHARD_SIZE, rules: str = "chibre",
             policy: str = "random", mode: int | None = None, chooser: str = DEFAULT_CHOOSER, seed: int = 0,
             per_deal: bool = False) -> BatchJob:
        """A validated job; raises InputError naming the bad option."""
        from jass_sim.jass.rules import get_rules
        from jass_sim.jass.simulate.tables import _spec

        if shard_size <= 0 or shard_size % BLOCK_SIZE:
            raise InputError(f"--shard-size must be a positive multiple of {BLOCK_SIZE} (whole RNG blocks), "
                             f"got {shard_size}", str(shard_size))
        _spec(deals, rules, policy, mode, seed, chooser)  # validates everything else
        return cls(deals=int(deals), shard_size=int(shard_size), rules=get_rules(rules).name,
                   policy=policy.strip().lower(), mode="auto" if mode is None else MODE_NAMES[mode],
                   chooser=chooser, seed=int(seed), per_deal=bool(per_deal))

    def spec(self):
        """The :class:`~jass_sim.jass.engine.simulate.BatchSpec` of the whole run (as ``simulate``'s)."""
        from jass_sim.jass.simulate.tables import _spec

        mode = None if self.mode == "auto" else MODE_NAMES.index(self.mode)
        return _spec(self.deals, self.rules, self.policy, mode, self.seed, self.chooser)

    @property
    def n_shards(self) -> int:
        return -(-self.deals // self.shard_size)

    def shard_blocks(self, i: int) -> tuple[int, int]:
        """``(first_block, n_blocks)`` of shard ``i``."""
        per = self.shard_size // BLOCK_SIZE
        total = -(-self.deals // BLOCK_SIZE)
        return i * per, min(per, total - i * per)

    def shard_deals(self, i: int) -> int:
        return min(self.shard_size, self.deals - i * self.shard_size)

    def identity(self) -> dict:
        """What a resumed run must match: the job and the block size (the store adds the jass-sim
        version, :func:`jass_sim.core.shards.identity`)."""
        return {**asdict(self), "block_size": BLOCK_SIZE}

    def manifest_notes(self) -> dict:
        """How the shards are seeded, and the columns of the shard and rows files."""
        per = self.shard_size // BLOCK_SIZE
        return {
            "seeding": (f"shard i plays RNG blocks [i*{per}, (i+1)*{per}) of {BLOCK_SIZE} deals; block b is "
                        f"seeded by numpy SeedSequence(seed, spawn_key=(0, b)), exactly as 'jass-sim simulate'"),
            "shard_columns": ["mode", *STATS],
            "row_columns": list(ROW_COLUMNS) if self.per_deal else None,
        }

    def tiny(self) -> BatchJob:
        """This job cut to one deal: its kernels, compiled in a moment."""
        return replace(self, deals=1, shard_size=BLOCK_SIZE)

    def play(self, i: int, rows_path: str | None = None, storage: str = "parquet") -> np.ndarray:
        """Play shard ``i`` on the current Numba threads (:func:`jass_sim.core.shards.run_shard`
        sets them); write its per-deal rows to ``rows_path`` (atomically) when given; return its
        accumulator (``int64[6, N_STATS]``)."""
        from jass_sim.core.files import ChunkWriter
        from jass_sim.jass.engine.batch import N_STATS
        from jass_sim.jass.engine.simulate import iter_block_range
        from jass_sim.jass.simulate.tables import rows_frame

        first, nb = self.shard_blocks(i)
        spec = self.spec()
        total = np.zeros((len(MODE_NAMES), N_STATS), dtype=np.int64)
        if rows_path is None:
            for acc, _ in iter_block_range(spec, first, nb):
                total += acc
        else:
            with ChunkWriter(rows_path, storage) as writer:
                for acc, rows in iter_block_range(spec, first, nb, per_deal=True):
                    total += acc
                    writer.write(rows_frame(rows))
        return total
