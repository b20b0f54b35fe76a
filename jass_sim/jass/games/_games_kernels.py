"""Kernel behind ``games``: duplicate whole games in fixed-size RNG blocks.

Game ``g`` draws two generator states from its block's stream: one for the deal sequence, one
for the choices and card play. It is played twice, team A first on seats 0 and 2, then on seats
1 and 3, each time from the same two states: the same deals in the same order, with the teams'
cards swapped, so card luck cancels (as in ``duel``).
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import copy_into, jit
from jass_sim.core.rng import next_u64
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.game import MAX_ROUNDS, N_OUT, R_SCORE0, R_SCORE1, play_game
from jass_sim.jass.streams import STREAMS

#: Games per RNG block of ``games``.
GAMES_BLOCK = 256
#: RNG stream of ``games`` (``SeedSequence(seed, spawn_key=(GAMES_STREAM, block))``).
GAMES_STREAM = STREAMS["jass.games"]


@jit
def _draw_state(rng, out):
    for k in range(4):
        out[k] = next_u64(rng)
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:
        out[0] = 1


@jit
def _duplicate_game_blocks_range(lo, hi, players, states, counts, offsets, target, premier_sorti, chibre_first_round, modes_allowed,
                                 mode_policy_a, mode_policy_b, mode_params, policy_a, policy_b, params, run_points,
                                 four_points, multipliers, out, trajectories):
    """Play ``counts[b]`` duplicate games in block ``b`` (game index ``offsets[b] + i``).

    ``out[g, play]`` receives :func:`~jass_sim.jass.engine.game.play_game`'s ``out`` of play ``play`` (0: A on
    seats 0 and 2, 1: A on seats 1 and 3; team numbers are seats' teams). For the first
    ``trajectories.shape[0]`` games, ``trajectories[g, play, r]`` gets the scores (team 0,
    team 1) after round ``r``.

    The block's generator state ``states[b]`` is updated in place: a later call with the block's
    next games (``offsets[b]`` moved on by the games played) resumes it where this one stopped.
    """
    for b in range(lo, hi):
        rng = states[b]  # updated in place: a later call resumes the block (see the docstring)
        deal_seed = np.zeros(4, dtype=np.uint64)
        play_seed = np.zeros(4, dtype=np.uint64)
        deal_rng = np.zeros(4, dtype=np.uint64)
        play_rng = np.zeros(4, dtype=np.uint64)
        policies = np.zeros(4, dtype=np.int64)
        mode_policies = np.zeros(4, dtype=np.int64)
        rec_hands = np.zeros((MAX_ROUNDS, 4), dtype=np.uint64)
        rec_info = np.zeros((MAX_ROUNDS, 5), dtype=np.int64)
        rec_tricks = np.zeros((MAX_ROUNDS, 9, 6), dtype=np.int64)
        result = np.zeros(N_OUT, dtype=np.int64)
        for i in range(counts[b]):
            g = offsets[b] + i
            _draw_state(rng, deal_seed)
            _draw_state(rng, play_seed)
            for play in range(2):
                for seat in range(4):
                    a_seat = (seat & 1) == play
                    policies[seat] = policy_a if a_seat else policy_b
                    mode_policies[seat] = mode_policy_a if a_seat else mode_policy_b
                copy_into(deal_rng, deal_seed)
                copy_into(play_rng, play_seed)
                play_game(players, deal_rng, play_rng, target, premier_sorti, chibre_first_round, modes_allowed,
                          mode_policies, mode_params, policies, params, run_points, four_points, multipliers,
                          rec_hands, rec_info, rec_tricks, result)
                out[g, play, :] = result
                if g < trajectories.shape[0]:
                    for r in range(result[3]):
                        trajectories[g, play, r, 0] = rec_info[r, R_SCORE0]
                        trajectories[g, play, r, 1] = rec_info[r, R_SCORE1]


duplicate_game_blocks = block_parallel(_duplicate_game_blocks_range, 1)
