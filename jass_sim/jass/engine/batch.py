"""Parallel batch kernels: many deals in fixed-size RNG blocks, aggregated per block.

Each block of :data:`~jass_sim.core.rng.BLOCK_SIZE` deals has its own random stream and its
own accumulator row, so results do not depend on the number of threads; the caller sums the
block rows in block order (integer sums, exact).

Accumulator columns (per block and chosen mode), "ours" being the chooser's team:
see :data:`STATS`.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import copy_into, jit
from jass_sim.core.rng import BLOCK_SIZE
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.engine.round import play_dealt_round
from jass_sim.jass.modes.choose import choose_mode
from jass_sim.jass.rules._melds import MAX_MELDS
from jass_sim.jass.rules._scoring import CARDS, MATCH, MELDS, STOECK, TOTAL

STATS = ("deals", "sum_ours", "sum_theirs", "sumsq_ours", "sumsq_theirs", "sum_ours_theirs",
         "match_ours", "match_theirs", "melds_ours", "melds_theirs", "meld_points_ours",
         "meld_points_theirs", "stoeck_ours", "stoeck_theirs", "chibred", "cards_ours",
         "cards_theirs")
N_STATS = len(STATS)
ROW_COLUMNS = ("deal", "mode", "chooser", "chibred", "meld_team", "cards_ours", "melds_ours",
               "stoeck_ours", "match_ours", "total_ours", "cards_theirs", "melds_theirs",
               "stoeck_theirs", "match_theirs", "total_theirs")
N_ROW = len(ROW_COLUMNS)


@jit
def accumulate(acc, mode, chibred, meld_winner, ours, score):
    """Add one scored round to ``acc[mode]`` from the point of view of team ``ours``."""
    theirs = 1 - ours
    o = score[ours, TOTAL]
    t = score[theirs, TOTAL]
    row = acc[mode]
    row[0] += 1
    row[1] += o
    row[2] += t
    row[3] += o * o
    row[4] += t * t
    row[5] += o * t
    row[6] += score[ours, MATCH] > 0
    row[7] += score[theirs, MATCH] > 0
    row[8] += meld_winner == ours
    row[9] += meld_winner == theirs
    row[10] += score[ours, MELDS]
    row[11] += score[theirs, MELDS]
    row[12] += score[ours, STOECK] > 0
    row[13] += score[theirs, STOECK] > 0
    row[14] += chibred
    row[15] += score[ours, CARDS]
    row[16] += score[theirs, CARDS]


@jit
def write_row(rows, r, deal, mode, chooser, chibred, meld_winner, score):
    ours = chooser & 1
    rows[r, 0] = deal
    rows[r, 1] = mode
    rows[r, 2] = chooser
    rows[r, 3] = chibred
    rows[r, 4] = -1 if meld_winner < 0 else (0 if meld_winner == ours else 1)
    for k in range(5):
        rows[r, 5 + k] = score[ours, k]
        rows[r, 10 + k] = score[1 - ours, k]


@jit
def _block_scratch():
    """Per-block scratch arrays: deck, hands, initial hands, round work arrays."""
    return (np.arange(36), np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.uint64),
            (np.zeros((4, MAX_MELDS, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
             np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64)))


def new_decks(n_blocks: int) -> np.ndarray:
    """The scratch decks (``int64[n_blocks, 36]``) of :func:`run_blocks` and :func:`run_duel_blocks`
    at the start of their blocks: each block shuffles its own deck from deal to deal."""
    return np.tile(np.arange(36, dtype=np.int64), (n_blocks, 1))


@jit
def _run_block(players, rng, deck, start, count, first_row, first_deal, modes_allowed, fixed_mode, mode_policy, mode_params,
               policies, params, run_points, four_points, multipliers, acc, rows):
    """Deals ``start .. start + count - 1`` of one block of :func:`run_blocks` (``acc``: the block's
    accumulator rows; deal ``start + i`` to row ``first_row + start + i`` when ``rows`` has rows)."""
    write_rows = rows.shape[0] > 0
    _, hands, initial, work = _block_scratch()
    score = work[3]
    for i in range(count):
        deal_uniform(rng, deck, hands)
        if fixed_mode >= 0:
            mode = fixed_mode
            chibred = 0
        else:
            mode, chibred = choose_mode(mode_policy, hands[0], hands[2], modes_allowed,
                                        multipliers, True, mode_params, rng)
        winner = play_dealt_round(players, hands, initial, 2 if chibred else 0, 0, mode, policies, params, run_points,
                                  four_points, multipliers, rng, work)
        accumulate(acc, mode, chibred, winner, 0, score)
        if write_rows:
            r = first_row + start + i
            write_row(rows, r, first_deal + r, mode, 2 if chibred else 0, chibred, winner, score)


@jit
def _run_blocks_range(lo, hi, players, states, decks, starts, counts, first_deal, modes_allowed, fixed_mode, mode_policy, mode_params,
                      policies, params, run_points, four_points, multipliers, acc, rows):
    """Play deals ``starts[b] .. starts[b] + counts[b] - 1`` of block ``b``, from its RNG state
    ``states[b]`` and scratch deck ``decks[b]`` (:func:`new_decks`), both updated in place: a later
    call resumes the block where this one stopped, so a block played in several calls deals and
    plays exactly as in one call (see :class:`jass_sim.core.batches.Slicer`).

    Seat 0 chooses (``fixed_mode`` if >= 0, else by ``mode_policy``), possibly chibres to seat 2,
    and leads. ``acc[b, mode]`` accumulates the block's sums (see ``STATS``); when ``rows`` has
    rows, deal ``j`` of block ``b`` (deal ``first_deal + b * BLOCK_SIZE + j`` of the batch) is
    written to ``rows[b * BLOCK_SIZE + j]`` (see ``ROW_COLUMNS``).
    """
    # one call per block: the deal loop compiled inside the parallel region ran much slower
    for b in range(lo, hi):
        _run_block(players, states[b], decks[b], starts[b], counts[b], b * BLOCK_SIZE, first_deal, modes_allowed, fixed_mode,
                   mode_policy, mode_params, policies, params, run_points, four_points, multipliers, acc[b], rows)


run_blocks = block_parallel(_run_blocks_range, 1)

DUEL_STATS = ("deals", "sum_diff", "sumsq_diff", "wins", "ties", "sum_points_a", "sum_points_b")
N_DUEL_STATS = len(DUEL_STATS)


@jit
def _run_duel_blocks_range(lo, hi, players, states, decks, counts, modes_allowed, mode_policy, mode_params, policy_a, policy_b,
                           params, run_points, four_points, multipliers, acc):
    """Duplicate deals: each deal is played twice, team A (policy ``policy_a``) first on seats
    0 and 2, then on seats 1 and 3, with the same cards, the same mode and the same random
    numbers, so card luck cancels.

    ``acc[b]`` receives, per block: deals, the sum over deals of A's point difference summed
    over the two plays, its sum of squares, wins / ties for A (difference > 0 / == 0), and A's
    and B's total points.

    The block's RNG state ``states[b]`` and scratch deck ``decks[b]`` (:func:`new_decks`) are
    updated in place, and ``acc[b]`` accumulates: a later call with the next ``counts`` resumes
    the block where this one stopped (see :func:`run_blocks`).
    """
    for b in range(lo, hi):
        rng = states[b]
        deck = decks[b]
        saved_rng = np.zeros(4, dtype=np.uint64)
        dealt = np.zeros(4, dtype=np.uint64)
        policies = np.zeros(4, dtype=np.int64)
        _, hands, initial, work = _block_scratch()
        score = work[3]
        for i in range(counts[b]):
            deal_uniform(rng, deck, dealt)
            mode, chibred = choose_mode(mode_policy, dealt[0], dealt[2], modes_allowed,
                                        multipliers, True, mode_params, rng)
            copy_into(saved_rng, rng)
            diff = 0
            for play in range(2):
                copy_into(rng, saved_rng)
                copy_into(hands, dealt)
                a_team = play  # A sits on seats 0 and 2 first, then on 1 and 3
                for seat in range(4):
                    policies[seat] = policy_a if (seat & 1) == a_team else policy_b
                play_dealt_round(players, hands, initial, 2 if chibred else 0, 0, mode, policies, params, run_points,
                                 four_points, multipliers, rng, work)
                diff += score[a_team, TOTAL] - score[1 - a_team, TOTAL]
                acc[b, 5] += score[a_team, TOTAL]
                acc[b, 6] += score[1 - a_team, TOTAL]
            acc[b, 0] += 1
            acc[b, 1] += diff
            acc[b, 2] += diff * diff
            acc[b, 3] += diff > 0
            acc[b, 4] += diff == 0


run_duel_blocks = block_parallel(_run_duel_blocks_range, 1)
