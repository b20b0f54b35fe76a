"""Kernels behind the match-equity tables: sampled rounds, and the game's win probability
computed backwards from the end.

The state before a round is (the chooser's team score ``a``, the other team's ``b``). ``F[i, j]``
is the probability that the team about to choose, at ``a = grid[i]``, ``b = grid[j]``, wins the
game. The chooser's team alternates (the choice passes to the next seat), so after a round that
leaves the game open at ``(a', b')`` the chooser's team wins with ``1 - F(b', a')``. Every round
adds at least 157 points, so the later states of a state lie on higher anti-diagonals of the
grid: the table is filled from the last anti-diagonal down, each one in parallel.
"""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.core.jit import jit
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.batch import _block_scratch
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.engine.game import MAX_CREDITS, first_out, round_credits
from jass_sim.jass.engine.round import play_dealt_round
from jass_sim.jass.modes.choose import choose_mode
from jass_sim.jass.rules._melds import MAX_MELDS
from jass_sim.jass.rules._scoring import TOTAL


@jit
def _sample_rounds_range(lo, hi, players, states, decks, counts, offsets, modes_allowed, mode_policy, mode_params, policies, params,
                         run_points, four_points, multipliers, events, n_events, totals, last_team):
    """Play ``counts[b]`` rounds in block ``b`` (round index ``offsets[b] + i``): seat 0 chooses
    (and may chibre) and leads. Round ``k`` gives its premier-sorti credits ``events[k, :n_events[k]]``
    (see :func:`~jass_sim.jass.engine.game.round_credits`), its totals ``totals[k]`` (team 0, the chooser's, then
    team 1) and the team of the last trick ``last_team[k]``.

    The block's RNG state ``states[b]`` and scratch deck ``decks[b]``
    (:func:`jass_sim.jass.engine.batch.new_decks`) are updated in place: a later call with the next
    rounds of the block resumes it where this one stopped."""
    for b in range(lo, hi):
        rng = states[b]
        deck = decks[b]
        _, hands, initial, work = _block_scratch()
        meld_buf = np.zeros((4, MAX_MELDS, 3), dtype=np.int64)
        for i in range(counts[b]):
            k = offsets[b] + i
            deal_uniform(rng, deck, hands)
            mode, chibred = choose_mode(mode_policy, hands[0], hands[2], modes_allowed, multipliers, True,
                                        mode_params, rng)
            play_dealt_round(players, hands, initial, 2 if chibred else 0, 0, mode, policies, params, run_points, four_points,
                             multipliers, rng, work)
            n_events[k] = round_credits(initial, mode, 0, work[2], run_points, four_points, multipliers[mode],
                                        meld_buf, events[k])
            totals[k, 0] = work[3][0, TOTAL]
            totals[k, 1] = work[3][1, TOTAL]
            last_team[k] = work[2][8, 5] & 1


sample_rounds = block_parallel(_sample_rounds_range, 1)

@jit
def equity_at(F, grid, step, x, y):
    """``F`` interpolated bilinearly at scores ``(x, y)`` (both below the target)."""
    m = grid.shape[0]
    i = min(x // step, m - 2)
    j = min(y // step, m - 2)
    tx = (x - grid[i]) / (grid[i + 1] - grid[i])
    ty = (y - grid[j]) / (grid[j + 1] - grid[j])
    return ((1 - tx) * ((1 - ty) * F[i, j] + ty * F[i, j + 1])
            + tx * ((1 - ty) * F[i + 1, j] + ty * F[i + 1, j + 1]))


@jit
def win_after_round(events, n_events, tot0, tot1, last_team, a, b, target, premier_sorti, F, grid, step):
    """The probability that team 0 (which chose this round, at scores ``a``, ``b`` before it)
    wins the game, given the round's credits and totals: 1 or 0 when the round ends the game,
    else the equity of the other team choosing next, from ``F``."""
    if premier_sorti:
        team, _, _ = first_out(events, n_events, a, b, target)
        if team >= 0:
            return 1.0 - team
    else:
        if a + tot0 >= target or b + tot1 >= target:
            if a + tot0 != b + tot1:
                return 1.0 if a + tot0 > b + tot1 else 0.0
            return 1.0 - last_team
    return 1.0 - equity_at(F, grid, step, b + tot1, a + tot0)


@jit(parallel=True)
def equity_table(events, n_events, totals, last_team, sums, target, premier_sorti, grid, step, F, se):
    """Fill ``F`` (see the module) and ``se``, each cell's standard error from the spread of its
    per-round values, from the sampled rounds. ``sums[k]`` are round ``k``'s
    credits per team (an upper bound of what it can add before the game ends)."""
    m = grid.shape[0]
    n = n_events.shape[0]
    for level in range(2 * (m - 1), -1, -1):
        lo = max(0, level - (m - 1))
        hi = min(m - 1, level)
        for i in numba.prange(lo, hi + 1):
            j = level - i
            a = grid[i]
            b = grid[j]
            s = 0.0
            s2 = 0.0
            for k in range(n):
                if premier_sorti and a + sums[k, 0] < target and b + sums[k, 1] < target:
                    v = 1.0 - equity_at(F, grid, step, b + totals[k, 1], a + totals[k, 0])
                else:
                    v = win_after_round(events[k], n_events[k], totals[k, 0], totals[k, 1], last_team[k], a, b,
                                        target, premier_sorti, F, grid, step)
                s += v
                s2 += v * v
            mean = s / n
            var = max(0.0, (s2 - n * mean * mean) / (n - 1))
            F[i, j] = mean
            se[i, j] = np.sqrt(var / n)


def empty_samples(n: int):
    """Arrays for :func:`sample_rounds` of ``n`` rounds."""
    return (np.zeros((n, MAX_CREDITS, 2), dtype=np.int64), np.zeros(n, dtype=np.int64),
            np.zeros((n, 2), dtype=np.int64), np.zeros(n, dtype=np.int64))
