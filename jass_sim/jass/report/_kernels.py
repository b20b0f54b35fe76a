"""Kernels behind ``jass-sim report``: sampled hands, and card-value sums over played deals.

Both work in fixed-size RNG blocks (one generator state per block, from
:func:`jass_sim.core.rng.block_states`), so results do not depend on the number of threads.
They only call the engine's public kernels (:func:`~jass_sim.jass.engine.deal.deal_uniform`,
:func:`~jass_sim.jass.engine.round.play_dealt_round`).
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, jit
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.engine.round import play_dealt_round
from jass_sim.jass.rules._melds import MAX_MELDS
from jass_sim.jass.rules._scoring import STOECK, TOTAL

#: Hands / deals per RNG block of the report's own streams.
REPORT_BLOCK = 1024


@jit
def _sample_hands_range(lo, hi, states, counts, out):
    """``out[b * REPORT_BLOCK + i]``: seat 0's hand of the ``i``-th uniform deal of block ``b``."""
    for b in range(lo, hi):
        rng = states[b].copy()
        deck = np.arange(36)
        hands = np.zeros(4, dtype=np.uint64)
        for i in range(counts[b]):
            deal_uniform(rng, deck, hands)
            out[b * REPORT_BLOCK + i] = hands[0]


sample_hands = block_parallel(_sample_hands_range, 0)

@jit
def _card_value_blocks_range(lo, hi, players, states, counts, mode, policies, params, run_points, four_points, multipliers,
                             xtx, xty, yy, stoeck):
    """Play ``counts[b]`` uniform deals per block in ``mode``; seat 0 chooses and leads.

    Per block, with ``x`` the 36 indicators of seat 0's cards and ``y`` the round difference of
    team 0 (seats 0+2) over team 1 (totals: cards, melds, stöck, match, times the multiplier):
    ``xtx[b] += x x'``, ``xty[b] += y x``, ``yy[b] += y * y``; ``stoeck[b, team]`` counts the
    rounds in which ``team`` scored stöck.
    """
    for b in range(lo, hi):
        rng = states[b].copy()
        deck = np.arange(36)
        hands = np.zeros(4, dtype=np.uint64)
        initial = np.zeros(4, dtype=np.uint64)
        work = (np.zeros((4, MAX_MELDS, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
                np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64))
        score = work[3]
        held = np.zeros(9, dtype=np.int64)
        for _ in range(counts[b]):
            deal_uniform(rng, deck, hands)
            h = hands[0]
            k = 0
            for c in range(36):
                if (h >> np.uint64(c)) & U64_ONE:
                    held[k] = c
                    k += 1
            play_dealt_round(players, hands, initial, 0, 0, mode, policies, params, run_points, four_points,
                             multipliers, rng, work)
            y = score[0, TOTAL] - score[1, TOTAL]
            yy[b] += y * y
            for i in range(9):
                ci = held[i]
                xty[b, ci] += y
                for j in range(9):
                    xtx[b, ci, held[j]] += 1
            for team in range(2):
                if score[team, STOECK] > 0:
                    stoeck[b, team] += 1


card_value_blocks = block_parallel(_card_value_blocks_range, 1)
