"""Runner behind ``play-advice``: per-world values of every legal card of seat 0 (see
:mod:`jass_sim.jass.play._kernels`), seeded per fixed block of worlds."""

from __future__ import annotations

import numpy as np

from jass_sim.core.notation import cards_to_mask
from jass_sim.core.rng import block_states
from jass_sim.jass.play.position import Position
from jass_sim.jass.streams import STREAMS

#: Worlds per RNG block (fixed, so results do not depend on threads or batches).
PLAY_BLOCK = 16
#: RNG stream of ``play-advice`` worlds (``SeedSequence(seed, spawn_key=(PLAY_STREAM, block))``).
PLAY_STREAM = STREAMS["jass.play-advice"]
#: The solver finishes every world exactly once this many tricks (or fewer) are left.
ENDGAME_TRICKS = 3


def run_play_advice(pos: Position, policy: int, params: np.ndarray, *, seed: int, first_sample: int,
                    n_samples: int, exact: bool, endgame: int = ENDGAME_TRICKS,
                    worlds: np.ndarray | None = None) -> np.ndarray:
    """``int64[n_samples, len(pos.legal)]``: team 0's points from now of each legal card of seat 0
    in worlds ``first_sample ..`` (``first_sample`` a multiple of :data:`PLAY_BLOCK`).

    ``worlds`` (``uint64[n, 4]``, natural masks of the cards each seat holds now), if given,
    replaces the sampled worlds (row ``first_sample + i`` for world ``i``). Wraps the parallel
    kernel :func:`jass_sim.jass.play._kernels.play_advice_blocks`.
    """
    from jass_sim.jass.play._kernels import play_advice_blocks
    from jass_sim.jass.players.dispatch import player_set

    assert first_sample % PLAY_BLOCK == 0
    first_block = first_sample // PLAY_BLOCK
    n_blocks = -(-n_samples // PLAY_BLOCK)
    counts = np.full(n_blocks, PLAY_BLOCK, dtype=np.int64)
    counts[-1] = n_samples - (n_blocks - 1) * PLAY_BLOCK
    offsets = np.arange(n_blocks, dtype=np.int64) * PLAY_BLOCK
    out = np.zeros((n_samples, len(pos.legal)), dtype=np.int64)
    if worlds is None:
        fixed = np.zeros((0, 4), dtype=np.uint64)
    else:
        fixed = np.ascontiguousarray(np.asarray(worlds, dtype=np.uint64)[first_sample:first_sample + n_samples])
        assert fixed.shape == (n_samples, 4)
    won0, won1 = pos.tricks_won
    shown = np.array([cards_to_mask(s) for s in pos.shown], dtype=np.uint64)
    players = player_set(policy, solver=exact or endgame > 0)
    play_advice_blocks(players, block_states(seed, first_block, n_blocks, PLAY_STREAM), counts, offsets, pos.view_hands(),
                       fixed, cards_to_mask(pos.played), np.int64(pos.voids), shown, pos.mode, pos.trace(),
                       len(pos.tricks), len(pos.trick), pos.chooser, won0, won1, np.asarray(pos.legal, dtype=np.int64),
                       policy,
                       np.asarray(params, dtype=np.float64), endgame, exact, out)
    return out


def known_world(pos: Position) -> np.ndarray:
    """``uint64[4]``: the cards each seat holds now, when all four dealt hands are known."""
    gone = set(pos.played)
    return np.array([cards_to_mask([c for c in h if c not in gone]) for h in pos.hands], dtype=np.uint64)
