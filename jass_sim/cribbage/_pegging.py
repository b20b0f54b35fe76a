"""Compiled pegging players and the pegging of one hand (private; used by ``_game``; the rules are
in ``_pegrules``, the search player in ``_search``).

The players see the cards of the current count (since the last reset at 31 or after a go) as
``seq[0..k-1]``, the last one just played, and ``count`` their total including it;
:func:`play_pegging` walks the hand with the peg step of ``_pegrules``.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit
from jass_sim.core.rng import below
from jass_sim.cribbage._deck import card_mask
from jass_sim.cribbage._pegrules import (
    END,
    GAME_POINTS,
    GO,
    PASS,
    PLAY,
    TARGET,
    peg_forced,
    peg_next,
    peg_play,
    peg_points,
)
from jass_sim.cribbage._scoring import _value
from jass_sim.cribbage._search import SEARCH_WORLDS, WIDE_WORLDS, search_play

#: Pegging policies. ``PEG_WIDE`` (the ``wide`` player's, measured by
#: ``benchmarks/bench_cribbage_pegging.py``) is ``PEG_SEARCH`` with ``WIDE_WORLDS`` sampled worlds.
PEG_RANDOM, PEG_GREEDY, PEG_SEARCH, PEG_WIDE = 0, 1, 2, 3


@jit
def choose_play(policy, hand, n, seq, k, count, state):
    """Index in ``hand[:n]`` of the card to play (one must be playable). ``PEG_RANDOM``: uniform
    over the playable cards. ``PEG_GREEDY``: the most points now; among equals avoid leaving a
    count of 5 or 21 (a ten-card makes 15 or 31), then the highest card (keeps low cards for the
    end of a count)."""
    playable = 0
    for i in range(n):
        if count + _value(hand[i]) <= TARGET:
            playable += 1
    if policy == PEG_RANDOM:
        pick = below(state, playable)
        for i in range(n):
            if count + _value(hand[i]) <= TARGET:
                if pick == 0:
                    return i
                pick -= 1
    best = -1
    best_key = -1
    for i in range(n):
        v = _value(hand[i])
        if count + v > TARGET:
            continue
        seq[k] = hand[i]
        pts = peg_points(seq, k + 1, count + v)
        new = count + v
        key = pts * 64 + (0 if new == 5 or new == 21 else 32) + v * 2 + (hand[i] % 13 >= 9)
        if key > best_key:
            best_key = key
            best = i
    return best


@jit(inline="always")
def _event(tracing, t_peg, ev, h, who, card, count, got):
    if tracing:
        t_peg[ev, 0] = h
        t_peg[ev, 1] = who
        t_peg[ev, 2] = card
        t_peg[ev, 3] = count
        t_peg[ev, 4] = got
        return ev + 1
    return ev


@jit
def play_pegging(left, n_left, pone, policies, state, seq, scores, peg_pts, tracing, t_peg, h, ev, known):
    """Play the pegging of one hand: ``left[p, :n_left[p]]`` the four cards of player ``p``
    (consumed), the pone leads, player ``p`` plays by pegging policy ``policies[p]``.
    ``known[p]`` (``uint64``) is the mask of the cards player ``p`` has seen before the play (his
    six and the starter); the ``PEG_SEARCH`` player adds the cards played and reads the opponent's
    goes (``_search.search_play``, drawing its samples from ``state``).

    The rules are the peg step's (:mod:`jass_sim.cribbage._pegrules`): a player who cannot play
    without passing 31 says go; when neither can play, the last player to play scores 1 (nothing
    more at 31, which scores 2 and resets the count) and the other player starts a new count; the
    last card of the hand scores 1. ``seq`` needs room for the hand's eight cards. Every point is added to
    ``scores`` and ``peg_pts``; play stops the moment a score reaches 121. With ``tracing`` each
    play and each go/last-card point is written to ``t_peg[ev]`` as (hand ``h``, player, card or
    -1, count, points).

    Returns ``(winner or -1, ev)``.
    """
    base = 0  # the current count's cards are seq[base:base + k]
    count = 0
    k = 0
    last = -1
    turn = pone
    played = U64_ZERO
    min_value = np.zeros(2, dtype=np.int64)
    while True:
        kind = peg_next(left, n_left, count, turn)
        if kind == END:
            return -1, ev
        if kind == PLAY:
            if policies[turn] >= PEG_SEARCH:
                seen = known[turn] | played | card_mask(left[turn], n_left[turn])
                idx = search_play(left[turn], n_left[turn], n_left[1 - turn], seq[base:], k, count, seen,
                                  min_value[1 - turn], SEARCH_WORLDS if policies[turn] == PEG_SEARCH else WIDE_WORLDS,
                                  state)
            else:
                idx = choose_play(policies[turn], left[turn], n_left[turn], seq[base:], k, count, state)
            who = turn
            card, got, shown, base, k, count = peg_play(left, n_left, seq, base, k, count, turn, idx)
            played |= U64_ONE << np.uint64(card)
            ev = _event(tracing, t_peg, ev, h, who, card, shown, got)
            last = who
            turn = 1 - who
        else:
            if kind == PASS:
                min_value[turn] = max(min_value[turn], TARGET + 1 - count)  # his go: every card too high
            elif kind == GO:
                for p in range(2):
                    min_value[p] = max(min_value[p], TARGET + 1 - count)
            shown = count
            who, got, base, k, count, turn = peg_forced(kind, base, k, count, turn, last)
            if got > 0:
                ev = _event(tracing, t_peg, ev, h, who, -1, shown, got)
        if got > 0:
            scores[who] += got
            peg_pts[who] += got
            if scores[who] >= GAME_POINTS:
                return who, ev


@jit
def greedy_pegging_net(mine, theirs, pone, state):
    """Peg ``mine[:4]`` (player 0) against ``theirs[:4]`` (player 1), both ``PEG_GREEDY``, player
    ``pone`` leading: player 0's pegging points minus player 1's (``state`` is not drawn from)."""
    left = np.empty((2, 4), dtype=np.int64)
    for a in range(4):
        left[0, a] = mine[a]
        left[1, a] = theirs[a]
    peg = np.zeros(2, dtype=np.int64)
    play_pegging(left, np.full(2, 4, dtype=np.int64), pone, np.full(2, PEG_GREEDY, dtype=np.int64), state,
                 np.empty(16, dtype=np.int64), np.zeros(2, dtype=np.int64), peg, np.bool_(False),
                 np.zeros((1, 5), dtype=np.int64), np.int64(0), np.int64(0), np.zeros(2, dtype=np.uint64))
    return peg[0] - peg[1]
