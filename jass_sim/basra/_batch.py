"""Parallel block kernels (private; wrapped by :mod:`jass_sim.basra.engine`).

Every deal (or game) is played twice on the same cards: the second play either swaps the
players of the two sides (a duel on duplicate deals) or lets the other side start (to measure
the first-player advantage paired). Decks come from one random stream per block and the players'
random numbers from another, so the deals do not depend on the players.
"""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.basra._play import (
    I_BAS,
    I_PTS,
    I_T,
    apply_move,
    deal_round,
    majority_points,
    n_deals,
    play_game,
    play_round,
    rollout_greedy,
    sample_world,
)
from jass_sim.core.jit import jit
from jass_sim.core.rng import BLOCK_SIZE

#: Columns of a row of :func:`run_blocks` (one row per play, two plays per deal or game).
DEAL_COLUMNS = ("starter_side", "a_side", "cards0", "majority0", "basras0", "cards1", "majority1", "basras1")
GAME_COLUMNS = ("starter_side", "a_side", "winner", "rounds", "score0", "score1", "unused0", "unused1")
DEALS, GAMES = 0, 1


@jit(inline="always")
def _seat_policies(pols, pol0, pol1):
    for s in range(4):
        pols[s] = pol0 if s % 2 == 0 else pol1


@jit(parallel=True)
def run_blocks(kind, deck_states, play_states, counts, n, rules, pol_a, pol_b, dealer2, swap2, params, target,
               rows):
    """Play ``counts[b]`` deals (``kind`` DEALS) or games to ``target`` (GAMES) in block ``b``,
    each twice on the same cards: first with dealer ``n - 1`` and A on side 0, then with dealer
    ``dealer2`` and, if ``swap2``, B on side 0. Rows as :data:`DEAL_COLUMNS` / :data:`GAME_COLUMNS`.
    A game's second play uses the same sequence of decks; the block's deck stream then continues
    after the longer of the two games."""
    for b in numba.prange(deck_states.shape[0]):
        deck_rng = deck_states[b].copy()
        rng = play_states[b].copy()
        deck = np.arange(52, dtype=np.int64)
        deals = np.zeros((n_deals(n), 4), dtype=np.uint64)
        st = np.zeros(7, dtype=np.uint64)
        ist = np.zeros(8, dtype=np.int64)
        pols = np.zeros(4, dtype=np.int64)
        out = np.zeros(4, dtype=np.int64)
        no_i = np.zeros((0, 3), dtype=np.int64)
        no_u = np.zeros((0, 2), dtype=np.uint64)
        start_state = deck_rng.copy()
        start_deck = deck.copy()
        game_rng = deck_rng.copy()
        game_deck = deck.copy()
        for i in range(counts[b]):
            table0 = deal_round(deck_rng, deck, n, deals) if kind == DEALS else np.uint64(0)
            start_state[:] = deck_rng
            start_deck[:] = deck
            longest = -1
            for k in range(2):
                dealer = n - 1 if k == 0 else dealer2
                a_side = 1 if (k == 1 and swap2) else 0
                if a_side == 0:
                    _seat_policies(pols, pol_a, pol_b)
                else:
                    _seat_policies(pols, pol_b, pol_a)
                r = (b * BLOCK_SIZE + i) * 2 + k
                rows[r, 0] = (dealer + 1) % n % 2
                rows[r, 1] = a_side
                if kind == DEALS:
                    play_round(deals, table0, n, dealer, rules, pols, params, rng, st, ist, no_i, no_u)
                    for side in range(2):
                        rows[r, 2 + 3 * side] = ist[I_PTS + side]
                        rows[r, 3 + 3 * side] = majority_points(ist, side, rules)
                        rows[r, 4 + 3 * side] = ist[I_BAS + side]
                else:
                    game_rng[:] = start_state
                    game_deck[:] = start_deck
                    play_game(game_rng, rng, n, dealer, rules, pols, params, target, 10_000, game_deck, out)
                    for j in range(4):
                        rows[r, 2 + j] = out[j]
                    if out[1] > longest:
                        longest = out[1]
                        deck_rng[:] = game_rng
                        deck[:] = game_deck


#: Columns of :func:`advise_blocks`'s output, per sample and candidate card: points gained from
#: now on by our side and by the other side.
ADVISE_COLUMNS = ("cards_us", "majority_us", "basras_us", "cards_them", "majority_them", "basras_them")


@jit(parallel=True)
def advise_blocks(states, counts, st0, ist0, seat, sizes, gone, n, dealer, rules, cands, stop, out):
    """``counts[b]`` sampled worlds per block (consistent with ``st0``: our hand, the table, the
    cards ``gone``; the others' hand ``sizes``); in each, every candidate card is played and the
    round rolled out greedily to its end (or to ``stop`` moves); ``out[sample, cand]`` as
    :data:`ADVISE_COLUMNS` (card points and Basras gained since ``ist0``)."""
    side = seat % 2
    for b in numba.prange(states.shape[0]):
        rng = states[b].copy()
        world = st0.copy()
        deals = np.zeros((n_deals(n), 4), dtype=np.uint64)
        wdeals = np.zeros((n_deals(n), 4), dtype=np.uint64)
        pool = np.empty(52, dtype=np.int64)
        ws = st0.copy()
        wi = ist0.copy()
        for i in range(counts[b]):
            sample_world(world, seat, sizes, gone, deals, wdeals, n, ist0[I_T], rng, pool)
            r = b * BLOCK_SIZE + i
            for c in range(cands.shape[0]):
                ws[:] = world
                wi[:] = ist0
                apply_move(ws, wi, seat, cands[c], rules, wdeals, n)
                rollout_greedy(ws, wi, wdeals, n, dealer, rules, stop)
                closed = stop < 0
                for k in range(2):
                    s = side if k == 0 else 1 - side
                    out[r, c, 3 * k] = wi[I_PTS + s] - ist0[I_PTS + s]
                    out[r, c, 3 * k + 1] = majority_points(wi, s, rules) if closed else 0
                    out[r, c, 3 * k + 2] = wi[I_BAS + s] - ist0[I_BAS + s]
