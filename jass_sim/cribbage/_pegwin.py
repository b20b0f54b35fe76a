"""Compiled win chances of the pegging adviser (private; ``play-advice --score``,
:mod:`jass_sim.cribbage.pegwin` wraps it).

From a pegging position, each legal card is played, the rest of the hand's pegging follows the
adviser's face-up minimax line (:func:`jass_sim.cribbage._advice.rest_split`) step by step, the
points counted as they come (the game stops at 121), then the show (pone, dealer, crib), then the
rest of the game by :func:`jass_sim.cribbage._game.play_game`. Player 0 is the adviser.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit
from jass_sim.cribbage._advice import _better, rest_split
from jass_sim.cribbage._deck import deal_from
from jass_sim.cribbage._game import F_SIZE, N_SOURCES, PAIRS_PER_BLOCK, play_game
from jass_sim.cribbage._pegrules import END, GAME_POINTS, PLAY, TARGET, peg_forced, peg_next, peg_play
from jass_sim.cribbage._scoring import _value, score
from jass_sim.cribbage._search import _hold_playing


@jit
def play_line(hands, n_left, seq, base, k, count, turn, last, scores):
    """Play the rest of the pegging from a state along the minimax line (each player in turn
    takes the card whose :func:`rest_split` line is best for him, equal ranks once, the first of
    equals), adding every point to ``scores`` as it is made; the steps are the peg step's
    (:mod:`jass_sim.cribbage._pegrules`). ``seq[base:base + k]`` is the current count (``seq`` has
    room for the hand's eight cards from ``base - k``). Returns the player who reaches 121, or -1."""
    scratch = np.empty(32, dtype=np.int64)
    while True:
        kind = peg_next(hands, n_left, count, turn)
        if kind == END:
            return -1
        if kind != PLAY:
            who, got, base, k, count, turn = peg_forced(kind, base, k, count, turn, last)
            if got > 0:
                scores[who] += got
                if scores[who] >= GAME_POINTS:
                    return who
            continue
        best = -1
        best_o = 0
        best_t = 0
        for i in range(n_left[turn]):
            c = hands[turn, i]
            if count + _value(c) > TARGET:
                continue
            repeat = False
            for j in range(i):
                if hands[turn, j] % 13 == c % 13:
                    repeat = True
            if repeat:
                continue
            for a in range(k):
                scratch[a] = seq[base + a]
            n = n_left[turn]
            _, pts, _, nb, nk, nc = peg_play(hands, n_left, scratch, 0, k, count, turn, i)
            o, th = rest_split(hands, n_left, scratch, nb, nk, nc, 1 - turn, turn)
            n_left[turn] = n  # take the card back
            hands[turn, n - 1] = hands[turn, i]
            hands[turn, i] = c
            if turn == 0:
                o += pts
            else:
                th += pts
            if best < 0 or _better(turn, o, th, best_o, best_t):
                best, best_o, best_t = i, o, th
        _, pts, _, base, k, count = peg_play(hands, n_left, seq, base, k, count, turn, best)
        last = turn
        scores[turn] += pts
        if scores[turn] >= GAME_POINTS:
            return turn
        turn = 1 - turn


@jit
def _show(cards, starter, crib, buf):
    for a in range(4):
        buf[a] = cards[a]
    buf[4] = starter
    return score(buf, 5, crib)


@jit
def win_counts(left, n, seq, k, count, kept, opp_played, n_opp_played, opp_pool, n_opp_pool, opp_n,
               crib_known, n_crib_known, other_pool, n_other_pool, starter, dealer, start, n_samples,
               deck_states, play_states, policies, crib_table):
    """Games won by the adviser (player 0) for each card ``left[i]`` (``i < n``; -1 for a card
    that cannot be played, the value of the first card of its rank for a repeated rank).

    The position: the adviser holds ``left[:n]`` of his four ``kept`` cards, the current count
    is ``seq[:k]`` worth ``count``, the opponent played
    ``opp_played[:n_opp_played]`` and holds ``opp_n`` cards; ``dealer`` whether the adviser deals;
    the scores now ``start``. Sample ``s`` deals the opponent's cards from ``opp_pool[:n_opp_pool]``
    (consistent with his goes), the unknown crib cards (``4 - n_crib_known`` besides
    ``crib_known``) from the cards of ``other_pool[:n_other_pool]`` he was not dealt, then each card
    is played (common random numbers: the same deal and later deals for every card), the hand
    ends as :func:`play_line` and the show count it, and the rest of the game is played by
    ``policies``. Block ``b`` of :data:`~jass_sim.cribbage._game.PAIRS_PER_BLOCK` samples uses
    ``deck_states[b]`` and ``play_states[b]``.
    """
    n_blocks = deck_states.shape[0]
    wins = np.zeros(n, dtype=np.int64)
    hands = np.empty((2, 4), dtype=np.int64)
    n_left = np.empty(2, dtype=np.int64)
    opp_kept = np.empty(4, dtype=np.int64)
    crib = np.empty(4, dtype=np.int64)
    opp_cards = np.empty(4, dtype=np.int64)
    extra = np.empty(4, dtype=np.int64)
    pool = np.empty(52, dtype=np.int64)
    other = np.empty(52, dtype=np.int64)
    line = np.empty(32, dtype=np.int64)
    scores = np.empty(2, dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    forced = np.zeros(F_SIZE, dtype=np.int64)
    acc = np.zeros((2, 2, N_SOURCES, 2), dtype=np.int64)
    acc_n = np.zeros((2, 2), dtype=np.int64)
    t_deal = np.zeros((1, 2, 6), dtype=np.int64)
    t_disc = np.zeros((1, 2, 2), dtype=np.int64)
    t_hand = np.zeros((1, 8), dtype=np.int64)
    t_peg = np.zeros((1, 5), dtype=np.int64)
    first = np.full(n, -1, dtype=np.int64)
    for i in range(n):
        if count + _value(left[i]) <= TARGET:
            first[i] = i
            for j in range(i):
                if left[j] % 13 == left[i] % 13:
                    first[i] = j
                    break
    for b in range(n_blocks):
        ds = deck_states[b].copy()
        ps = play_states[b].copy()
        saved_ds = ds.copy()
        saved_ps = ps.copy()
        stop = min((b + 1) * PAIRS_PER_BLOCK, n_samples)
        for _ in range(b * PAIRS_PER_BLOCK, stop):
            for a in range(n_opp_pool):
                pool[a] = opp_pool[a]
            deal_from(pool, n_opp_pool, opp_n, ds, opp_cards)
            # the crib's unknown cards: from the other unseen cards he does not hold
            m = 0
            for a in range(n_other_pool):
                held = False
                for j in range(opp_n):
                    if other_pool[a] == opp_cards[j]:
                        held = True
                if not held:
                    other[m] = other_pool[a]
                    m += 1
            deal_from(other, m, 4 - n_crib_known, ds, extra)
            for a in range(n_crib_known):
                crib[a] = crib_known[a]
            for a in range(4 - n_crib_known):
                crib[n_crib_known + a] = extra[a]
            for a in range(n_opp_played):
                opp_kept[a] = opp_played[a]
            for a in range(opp_n):
                opp_kept[n_opp_played + a] = opp_cards[a]
            saved_ds[:] = ds
            saved_ps[:] = ps
            for i in range(n):
                if first[i] != i:
                    continue
                ds[:] = saved_ds
                ps[:] = saved_ps
                scores[0] = start[0]
                scores[1] = start[1]
                for a in range(k):
                    line[a] = seq[a]
                _hold_playing(hands, left, n, i)
                for a in range(opp_n):
                    hands[1, a] = opp_cards[a]
                n_left[0] = n
                n_left[1] = opp_n
                _, pts, _, nb, nk, nc = peg_play(hands, n_left, line, 0, k, count, 0, n - 1)
                scores[0] += pts
                winner = 0 if scores[0] >= GAME_POINTS else -1
                if winner < 0:
                    winner = play_line(hands, n_left, line, nb, nk, nc, 1, 0, scores)
                for part in range(3):  # the show: pone's hand, dealer's hand, crib
                    if winner >= 0:
                        break
                    p = (1 if dealer else 0) if part == 0 else (0 if dealer else 1)
                    if part == 2:
                        got = _show(crib, starter, True, buf)
                    elif p == 0:
                        got = _show(kept, starter, False, buf)
                    else:
                        got = _show(opp_kept, starter, False, buf)
                    scores[p] += got
                    if scores[p] >= GAME_POINTS:
                        winner = p
                if winner < 0:  # the rest of the game: the pone deals next
                    # np.bool_: a literal False would compile play_game a second time beside the bool one
                    winner, _, _, _, _ = play_game(ds, ps, 1 if dealer else 0, policies, crib_table, acc, acc_n,
                                                   np.bool_(False), t_deal, t_disc, t_hand, t_peg, scores.copy(),
                                                   forced)
                if winner == 0:
                    wins[i] += 1
    for i in range(n):
        if first[i] >= 0 and first[i] != i:
            wins[i] = wins[first[i]]
        elif first[i] < 0:
            wins[i] = -1
    return wins
