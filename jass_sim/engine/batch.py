"""Parallel batch kernels: many deals in fixed-size RNG blocks, aggregated per block.

Each block of :data:`~jass_sim.engine.rng.BLOCK_SIZE` deals has its own random stream and its
own accumulator row, so results do not depend on the number of threads; the caller sums the
block rows in block order (integer sums, exact).

Accumulator columns (per block and chosen mode), "ours" being the chooser's team:
see :data:`STATS`.
"""

from __future__ import annotations

import numba
import numpy as np

from .._jit import jit
from ..rules._scoring import CARDS, MATCH, MELDS, STOECK, TOTAL
from .choose import choose_mode
from .deal import deal_uniform
from .rng import BLOCK_SIZE
from .round import play_dealt_round

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


@jit(parallel=True)
def run_blocks(states, counts, first_deal, modes_allowed, fixed_mode, mode_policy, policies,
               params, run_points, four_points, multipliers, acc, rows):
    """Play ``counts[b]`` deals in block ``b`` from RNG state ``states[b]``.

    Seat 0 chooses (``fixed_mode`` if >= 0, else by ``mode_policy``), possibly chibres to seat 2,
    and leads. ``acc[b, mode]`` receives the block's sums (see ``STATS``); when ``rows`` has
    rows, deal ``first_deal + i`` of the batch is written to ``rows[i]`` (see ``ROW_COLUMNS``).
    """
    n_blocks = states.shape[0]
    write_rows = rows.shape[0] > 0
    for b in numba.prange(n_blocks):
        rng = states[b].copy()
        deck = np.arange(36)
        hands = np.zeros(4, dtype=np.uint64)
        initial = np.zeros(4, dtype=np.uint64)
        work = (np.zeros((4, 3, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
                np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64))
        for i in range(counts[b]):
            deal_uniform(rng, deck, hands)
            if fixed_mode >= 0:
                mode = fixed_mode
                chibred = 0
            else:
                mode, chibred = choose_mode(mode_policy, hands[0], hands[2], modes_allowed, True,
                                            params, rng)
            winner = play_dealt_round(hands, initial, 0, 0, mode, policies, params, run_points,
                                      four_points, multipliers, rng, work)
            accumulate(acc[b], mode, chibred, winner, 0, work[3])
            if write_rows:
                r = b * BLOCK_SIZE + i
                write_row(rows, r, first_deal + r, mode, 2 if chibred else 0, chibred, winner,
                          work[3])

