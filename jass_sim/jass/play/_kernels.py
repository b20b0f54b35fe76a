"""Kernels behind ``play-advice``: every legal card of seat 0 on the same sampled worlds.

A *world* is a deal of the unseen cards consistent with seat 0's view
(:func:`jass_sim.jass.players.search.sample_hands`). For each world and each candidate card
the round is played out from the position: the candidate for seat 0, then the policy for every
seat (through :func:`jass_sim.jass.players.dispatch.choose_card`, so any policy number the
round kernel knows works here), until ``endgame`` or fewer tricks are left at a trick boundary,
where the double-dummy solver finishes exactly. With ``exact`` the world is solved exactly from the
position for every candidate at once (``move_values``). Every candidate of a world starts from
the same random numbers (common random numbers).

Values are our (team 0's) points from the current trick on: card points of the unfinished tricks
(the cards already in the current trick included), the 5 of the last trick, and the 100 of a
match when team 0 takes every trick of the round.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import copy_into, copy_rows, jit, popcount
from jass_sim.core.rng import next_u64
from jass_sim.core.threads import block_parallel
from jass_sim.jass.players.dispatch import NET, choose_card, policy_scratch
from jass_sim.jass.players.search import _scratch, sample_hands
from jass_sim.jass.players.solver_units import endgame_value, exact_values_of
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_so_far, trick_taken
from jass_sim.jass.rules.presets import MATCH_BONUS


@jit
def play_out(players, hands, mode, trace, t, n_in, declarer, played, voids, shown, won0, won1, first_card, policy,
             params, rng, endgame, hs, scratch):
    """Team 0's points from the current trick on when seat ``(trace[t, 0] + n_in) & 3`` plays
    ``first_card`` and every seat then plays by ``policy``, the double-dummy solver taking over at
    the first trick boundary with ``endgame`` or fewer cards in each hand (0: never).

    ``trace`` is the round so far (:mod:`jass_sim.jass.engine.round`: the tricks before ``t``, and the
    leader and first ``n_in`` cards of trick ``t``), which the policies see; ``declarer`` chose
    the mode. ``hands`` (natural, ``uint64[4]``) and ``trace`` are modified.
    """
    tleader = trace[t, 0]
    led, best_card, best_power, best_pos = trick_so_far(trace, t, n_in, mode)
    p0 = 0
    forced = first_card
    policy_work = policy_scratch(players, policy == NET, params)
    while True:
        if n_in == 0:
            left = popcount(hands[tleader])
            if left == 0:
                break
            if endgame > 0 and left <= endgame:
                return p0 + endgame_value(players, hands, mode, tleader, won0, won1, hs, scratch)
        seat = (tleader + n_in) & 3
        if forced >= 0:
            card = forced
            forced = -1
        else:
            hand = hands[seat]
            legal = hand if n_in == 0 else legal_follow(hand, led, best_card, mode)
            card = choose_card(players, policy, seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer,
                               params, rng, policy_work)
        trace[t, 1 + n_in] = card
        played, voids, led, best_card, best_power, best_pos = play_card(card, seat, n_in, hands, played, voids, led,
                                                                        best_card, best_power, best_pos, mode)
        n_in += 1
        if n_in == 4:
            winner, tpts = trick_taken(trace, t, best_pos, mode)
            if winner & 1:
                won1 += 1
            else:
                won0 += 1
                p0 += tpts
            t += 1
            tleader = winner
            n_in = 0
    if won1 == 0:
        p0 += MATCH_BONUS
    return p0


@jit
def _play_advice_blocks_range(lo, hi, players, states, counts, offsets, view, worlds, played, voids, shown, mode, trace, t, n_in,
                              declarer, won0, won1, candidates, policy, params, endgame, exact, out):
    """Fill ``out[s, j]`` (team 0's points from now, see :func:`play_out`) of candidate
    ``candidates[j]`` in world ``s = offsets[b] + i`` of block ``b`` (``counts[b]`` worlds, random
    stream ``states[b]``). Worlds are sampled from seat 0's ``view`` (see ``Position.view_hands``),
    or, when ``worlds`` has rows, taken from it (row ``s``). With ``exact`` every world is solved
    exactly; else ``endgame`` is passed to :func:`play_out`."""
    n_cand = candidates.shape[0]
    for b in range(lo, hi):
        rng = states[b].copy()
        scratch = _scratch()
        hs = np.zeros(4, dtype=np.uint64)
        world = np.zeros(4, dtype=np.uint64)
        hands = np.zeros(4, dtype=np.uint64)
        cards = np.zeros(36, dtype=np.int64)
        types = np.zeros(36, dtype=np.int64)
        vals = np.zeros(36, dtype=np.int64)
        tr = np.zeros((9, 6), dtype=np.int64)
        play_seed = np.zeros(4, dtype=np.uint64)
        play_rng = np.zeros(4, dtype=np.uint64)
        for i in range(counts[b]):
            s = offsets[b] + i
            if worlds.shape[0] > 0:
                copy_into(world, worlds[s])
            else:
                sample_hands(0, view, played, voids, shown, mode, rng, world, cards, types)
            for k in range(4):
                play_seed[k] = next_u64(rng)
            if exact:
                exact_values_of(players, world, mode, 0, trace[t, 1:5], n_in, won0, won1, hs, scratch, vals)
                for j in range(n_cand):
                    out[s, j] = vals[candidates[j]]
            else:
                for j in range(n_cand):
                    copy_into(hands, world)
                    copy_rows(tr, trace)
                    copy_into(play_rng, play_seed)
                    out[s, j] = play_out(players, hands, mode, tr, t, n_in, declarer, played, voids, shown, won0, won1,
                                         candidates[j], policy, params, play_rng, endgame, hs, scratch)


play_advice_blocks = block_parallel(_play_advice_blocks_range, 1)
