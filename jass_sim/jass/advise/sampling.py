"""Kernels and runner behind ``advise``: every option of the chooser on the same sampled deals.

Seat 0 holds the known hand. Each sample deals the 27 other cards uniformly to seats 1..3,
then plays the round once per option (each allowed mode, and ``chibre``) from the same deal and
the same random numbers (common random numbers), so options are compared paired.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba.extending import overload

from jass_sim.core.jit import U64_ONE, U64_ZERO, copy_into, jit
from jass_sim.core.rng import block_states, next_u64
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.deal import deal_conditioned
from jass_sim.jass.engine.game import MAX_CREDITS, round_credits
from jass_sim.jass.engine.round import play_dealt_round
from jass_sim.jass.games._equity_kernels import win_after_round
from jass_sim.jass.modes.choose import best_mode
from jass_sim.jass.modes.features import N_MODE_PARAMS, TRUMP_FEATURES, fitted_best, partner_params
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import policy_params
from jass_sim.jass.players.player_set import PARTNER_SEARCH as PARTNER_SEARCH_FLAG
from jass_sim.jass.players.player_set import is_player_set_type, player_set
from jass_sim.jass.rules._scoring import MATCH, MELDS, TOTAL
from jass_sim.jass.streams import STREAMS

#: Samples per RNG block of ``advise`` (fixed, so results do not depend on threads or batches).
ADVISE_BLOCK = 64
#: RNG stream of ``advise`` samples (``SeedSequence(seed, spawn_key=(ADVISE_STREAM, block))``).
ADVISE_STREAM = STREAMS["jass.advise"]
CHIBRE = -1
PARTNER_EVALUATOR, PARTNER_SEARCH, PARTNER_FITTED = 0, 1, 2


@jit
def _pool_of(known0, known2, pool):
    """Fill ``pool`` with the cards outside ``known0 | known2``; return their number."""
    taken = known0 | known2
    n = 0
    for c in range(36):
        if not (taken >> np.uint64(c)) & U64_ONE:
            pool[n] = c
            n += 1
    return n


@jit
def _sampler(hand):
    """``(known, pool, dealt)`` for dealing the other 27 cards around seat 0's ``hand``."""
    known = np.zeros(4, dtype=np.uint64)
    known[0] = hand
    pool = np.zeros(36, dtype=np.int64)
    n_pool = _pool_of(hand, U64_ZERO, pool)
    return known, pool[:n_pool].copy(), np.zeros(4, dtype=np.uint64)


@jit
def _seed_from(rng, out):
    for k in range(4):
        out[k] = next_u64(rng)


@jit
def partner_search(players, partner_hand, leader, n_samples, modes_allowed, policies, params, run_points,
                   four_points, multipliers, rng, scratch):
    """The mode a strong partner picks after a chibre: for each allowed mode, a small Monte Carlo
    of its own (``n_samples`` deals consistent with its hand, the same deals for every mode),
    choosing the best mean point difference for its team."""
    known, pool, dealt, hands, initial, work, play_seed, play_rng = scratch
    known.fill(U64_ZERO)
    known[2] = partner_hand
    n_pool = _pool_of(U64_ZERO, partner_hand, pool)
    best = modes_allowed[0]
    best_value = -1e18
    sums = np.zeros(6)
    for k in range(n_samples):
        deal_conditioned(rng, known, pool[:n_pool], dealt)
        _seed_from(rng, play_seed)
        for i in range(len(modes_allowed)):
            m = modes_allowed[i]
            copy_into(play_rng, play_seed)
            copy_into(hands, dealt)
            play_dealt_round(players, hands, initial, 2, leader, m, policies, params, run_points, four_points,
                             multipliers, play_rng, work)
            sums[m] += work[3][0, TOTAL] - work[3][1, TOTAL]
    for i in range(len(modes_allowed)):
        m = modes_allowed[i]
        if sums[m] > best_value:
            best_value = sums[m]
            best = m
    return best


def partner_search_if(players, partner_hand, leader, n_samples, modes_allowed, policies, params, run_points,
                      four_points, multipliers, rng, scratch):
    """:func:`partner_search` in a kernel compiled with the ``PARTNER_SEARCH`` flag (see
    :func:`~jass_sim.jass.players.player_set.player_set`); without it the kernel compiles no
    second copy of the round engine, and raises if it gets here."""
    if PARTNER_SEARCH_FLAG not in players:
        raise ValueError("this kernel was compiled without the search partner model")
    return partner_search(players, partner_hand, leader, n_samples, modes_allowed, policies, params, run_points,
                          four_points, multipliers, rng, scratch)


@overload(partner_search_if)
def _partner_search_for(players, partner_hand, leader, n_samples, modes_allowed, policies, params, run_points,
                        four_points, multipliers, rng, scratch):
    if not is_player_set_type(players):
        return None
    if PARTNER_SEARCH_FLAG in players:
        def impl(players, partner_hand, leader, n_samples, modes_allowed, policies, params, run_points,
                 four_points, multipliers, rng, scratch):
            return partner_search(players, partner_hand, leader, n_samples, modes_allowed, policies, params,
                                  run_points, four_points, multipliers, rng, scratch)
    else:
        def impl(players, partner_hand, leader, n_samples, modes_allowed, policies, params, run_points,
                 four_points, multipliers, rng, scratch):
            if n_samples >= 0:  # always: a bare raise would type the result as optional
                raise ValueError("this kernel was compiled without the search partner model")
            return modes_allowed[0]
    return impl


@jit
def _advise_blocks_range(lo, hi, players, states, counts, offsets, hand, leader, chooser, options, modes_allowed,
                         policies, params, partner_model, partner_samples, mode_params, run_points, four_points,
                         multipliers, ours, theirs, flags, melds, partner_modes, game, equity_grid, equity, win):
    """Evaluate every option on ``counts[b]`` samples of blocks ``b = lo .. hi - 1`` (sample index
    ``offsets[b] + i``): ``ours``/``theirs`` round totals of team 0/1, ``flags`` (1: our match,
    2: their match), our counted ``melds``, and the partner's mode for the chibre option
    (``partner_model``: the evaluator, its own search, or the ``fitted`` model of ``mode_params``,
    which is not read for the other two). :data:`advise_blocks` runs block ranges in parallel.

    With a score (``game`` not empty), ``win[s, o]`` receives team 0's probability of winning the game after
    the round from the score ``game = (target, premier_sorti, score0, score1, grid step)`` (see
    :func:`~jass_sim.jass.games._equity_kernels.win_after_round`; the equity table ``equity`` on ``equity_grid``).

    Every argument has one type whatever the options (no ``None``): empty arrays stand for an absent
    score or ``fitted`` model (:func:`run_advise`), so a player set compiles one kernel, not one per
    combination of options (issue 50 item 8)."""
    for b in range(lo, hi):
        rng = states[b].copy()
        known, my_pool, dealt = _sampler(hand)
        hands = np.zeros(4, dtype=np.uint64)
        initial = np.zeros(4, dtype=np.uint64)
        work = (np.zeros((4, 3, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
                np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64))
        play_seed = np.zeros(4, dtype=np.uint64)
        play_rng = np.zeros(4, dtype=np.uint64)
        scratch = (np.zeros(4, dtype=np.uint64), np.zeros(36, dtype=np.int64), np.zeros(4, dtype=np.uint64),
                   np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.uint64),
                   (np.zeros((4, 3, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
                    np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64)),
                   np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.uint64))
        score = work[3]
        feats = np.zeros(TRUMP_FEATURES)
        meld_buf = np.zeros((4, 3, 3), dtype=np.int64)
        events = np.zeros((MAX_CREDITS, 2), dtype=np.int64)
        for i in range(counts[b]):
            s = offsets[b] + i
            deal_conditioned(rng, known, my_pool, dealt)
            _seed_from(rng, play_seed)
            for o in range(len(options)):
                mode = options[o]
                who = chooser
                if mode == CHIBRE:
                    who = 2
                    if partner_model == PARTNER_SEARCH:
                        mode = partner_search_if(players, dealt[2], leader, partner_samples, modes_allowed, policies,
                                              params, run_points, four_points, multipliers, rng, scratch)
                    elif partner_model == PARTNER_FITTED:
                        mode = fitted_best(dealt[2], modes_allowed, multipliers, partner_params(mode_params),
                                           feats)[0]
                    else:
                        mode = best_mode(dealt[2], modes_allowed, multipliers)[0]
                    partner_modes[s] = mode
                copy_into(play_rng, play_seed)
                copy_into(hands, dealt)
                play_dealt_round(players, hands, initial, who, leader, mode, policies, params, run_points,
                                 four_points, multipliers, play_rng, work)
                ours[s, o] = score[0, TOTAL]
                theirs[s, o] = score[1, TOTAL]
                flags[s, o] = (1 if score[0, MATCH] > 0 else 0) | (2 if score[1, MATCH] > 0 else 0)
                melds[s, o] = score[0, MELDS]
                if len(game) > 0:  # with a score
                    n_ev = round_credits(initial, mode, leader, work[2], run_points, four_points, multipliers[mode],
                                         meld_buf, events)
                    win[s, o] = win_after_round(events, n_ev, score[0, TOTAL], score[1, TOTAL], work[2][8, 5] & 1,
                                                game[2], game[3], game[0], game[1], equity, equity_grid, game[4])


@dataclass
class AdviseSamples:
    """Per-sample results of every option (rows: samples, columns: options)."""

    options: list[int]
    ours: np.ndarray
    theirs: np.ndarray
    flags: np.ndarray
    melds: np.ndarray
    partner_modes: np.ndarray
    win: np.ndarray | None = None  # with a score: team 0's probability of winning the game

    @property
    def n(self) -> int:
        return len(self.ours)



#: :func:`_advise_blocks_range` over all blocks of ``states``, in parallel (called without ``lo, hi``).
advise_blocks = block_parallel(_advise_blocks_range, 1)

def run_advise(hand_mask, rules, options, policies, *, leader: int, seed: int, first_sample: int,
               n_samples: int, partner_model: int, partner_samples: int = 16, params=None,
               chooser: int = 0, game=None, mode_params=None) -> AdviseSamples:
    """Samples ``first_sample .. first_sample + n_samples`` (a whole number of blocks from
    ``first_sample``, which must be a multiple of :data:`ADVISE_BLOCK`). With ``game = (score0,
    score1, table)`` (an :class:`~jass_sim.jass.games.equity.EquityTable`), also the probability
    of winning the game after each option's round. ``mode_params``: the ``fitted`` partner's, a
    full ``float64[N_MODE_PARAMS]`` (default: the shipped weights,
    :func:`~jass_sim.jass.modes.weights.default_mode_params`)."""
    assert first_sample % ADVISE_BLOCK == 0
    if mode_params is not None and np.shape(mode_params) != (N_MODE_PARAMS,):
        raise ValueError(f"mode_params must have {N_MODE_PARAMS} entries, got {np.shape(mode_params)}")
    runs, fours, mults = rules.arrays()
    first_block = first_sample // ADVISE_BLOCK
    n_blocks = -(-n_samples // ADVISE_BLOCK)
    counts = np.full(n_blocks, ADVISE_BLOCK, dtype=np.int64)
    counts[-1] = n_samples - (n_blocks - 1) * ADVISE_BLOCK
    offsets = np.arange(n_blocks, dtype=np.int64) * ADVISE_BLOCK
    n_opt = len(options)
    ours = np.zeros((n_samples, n_opt), dtype=np.int64)
    theirs = np.zeros((n_samples, n_opt), dtype=np.int64)
    flags = np.zeros((n_samples, n_opt), dtype=np.int64)
    melds = np.zeros((n_samples, n_opt), dtype=np.int64)
    partner_modes = np.full(n_samples, -1, dtype=np.int64)
    # One type per argument whatever the options (empty arrays, never None): one compiled kernel per player set.
    if game is None:
        game_args = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros((0, 0)), np.zeros((0, 0)))
    else:
        s0, s1, table = game
        game_args = (np.array([table.target, table.premier_sorti, s0, s1, table.step], dtype=np.int64),
                     np.ascontiguousarray(table.grid, dtype=np.int64), np.ascontiguousarray(table.p, dtype=np.float64),
                     np.zeros((n_samples, n_opt)))
    if partner_model == PARTNER_FITTED:
        fitted = np.ascontiguousarray(default_mode_params(rules) if mode_params is None else mode_params,
                                      dtype=np.float64)
    else:
        fitted = np.zeros(0)
    advise_blocks(player_set(policies, partner_search=partner_model == PARTNER_SEARCH),
                  block_states(seed, first_block, n_blocks, ADVISE_STREAM), counts, offsets, np.uint64(hand_mask),
                  int(leader), int(chooser), np.asarray(options, dtype=np.int64),
                  np.asarray(rules.modes, dtype=np.int64), np.asarray(policies, dtype=np.int64),
                  params if params is not None else policy_params(), int(partner_model), int(partner_samples), fitted,
                  runs, fours, mults, ours, theirs, flags, melds, partner_modes, *game_args)
    return AdviseSamples(list(options), ours, theirs, flags, melds, partner_modes,
                         game_args[3] if game is not None else None)


def concat(parts: list[AdviseSamples]) -> AdviseSamples:
    first = parts[0]
    win = None if first.win is None else np.concatenate([p.win for p in parts])
    return AdviseSamples(first.options, *(np.concatenate([getattr(p, k) for p in parts])
                                          for k in ("ours", "theirs", "flags", "melds", "partner_modes")), win)


@jit
def advise_deals(states, counts, offsets, hand, dealt_out):
    """The deals of :func:`advise_blocks` (same random streams, evaluator partner model), without
    playing them: ``dealt_out[s]`` receives the four hands of sample ``s``."""
    for b in range(states.shape[0]):
        rng = states[b].copy()
        known, my_pool, dealt = _sampler(hand)
        play_seed = np.zeros(4, dtype=np.uint64)
        for i in range(counts[b]):
            deal_conditioned(rng, known, my_pool, dealt)
            _seed_from(rng, play_seed)
            dealt_out[offsets[b] + i, :] = dealt


def sample_deals(hand_mask, seed: int, first_sample: int, n_samples: int) -> np.ndarray:
    """``uint64[n_samples, 4]``: the deals ``advise`` samples ``first_sample ..`` are played on."""
    assert first_sample % ADVISE_BLOCK == 0
    first_block = first_sample // ADVISE_BLOCK
    n_blocks = -(-n_samples // ADVISE_BLOCK)
    counts = np.full(n_blocks, ADVISE_BLOCK, dtype=np.int64)
    counts[-1] = n_samples - (n_blocks - 1) * ADVISE_BLOCK
    out = np.zeros((n_samples, 4), dtype=np.uint64)
    advise_deals(block_states(seed, first_block, n_blocks, ADVISE_STREAM), counts,
                 np.arange(n_blocks, dtype=np.int64) * ADVISE_BLOCK, np.uint64(hand_mask), out)
    return out
