"""Compiled whole games of two-player cribbage (private; :mod:`.engine` wraps them).

A game: deal six cards each (the pone's from the top of the shuffled deck, then the dealer's,
then the starter), both discard two to the dealer's crib, the starter is turned (his heels: 2 to
the dealer for a jack), the pegging (the pone leads), then the pone's hand, the dealer's hand and
the crib are counted; the deal alternates. The game stops the moment a player reaches 121.
"""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.core.jit import U64_ONE, jit
from jass_sim.core.rng import below
from jass_sim.cribbage._deck import card_mask, deal_deck, keep_four, unseen_cards
from jass_sim.cribbage._exact import discard_pair
from jass_sim.cribbage._pegging import GAME_POINTS, play_pegging
from jass_sim.cribbage._players import choose_discard
from jass_sim.cribbage._scoring import score

SKUNK_BELOW = 91
#: Game pairs (a duplicate-dealt pair of games) per RNG block.
PAIRS_PER_BLOCK = 64
N_SOURCES = 5
PEG, HAND, CRIB, HEELS, TOTAL = range(N_SOURCES)
SOURCE_NAMES = ("pegging", "hand", "crib", "heels", "total")
#: Columns of the per-hand trace.
T_DEALER, T_STARTER, T_HEELS, T_PONE_HAND, T_DEALER_HAND, T_CRIB, T_SCORE0, T_SCORE1 = range(8)
TRACE_HANDS = 256
TRACE_EVENTS = TRACE_HANDS * 16
#: Layout of ``play_game``'s ``forced`` first hand.
F_ON, F_SIX, F_STARTER, F_DISCARD = 0, 1, 13, 14
F_SIZE = 16
#: Columns of a game result row.
R_WINNER, R_SCORE0, R_SCORE1, R_FIRST_DEALER, R_HANDS, R_EVENTS = range(6)


@jit
def play_game(deck_state, play_state, first_dealer, policies, crib_table, acc, acc_n,
              tracing, t_deal, t_disc, t_hand, t_peg, start, forced):
    """Play one game; player 0 is A, player 1 is B; ``first_dealer`` deals the first hand.

    ``policies[p]`` is ``(discard policy, pegging policy)`` of player ``p``. For every hand played
    to its end ``acc[p, role, source]`` gains ``(points, points ** 2)`` (role 0 pone, 1 dealer)
    and ``acc_n[p, role]`` one. With ``tracing`` the deal is written to ``t_deal[h, p]``, the
    discards to ``t_disc[h, p]``, the hand's summary to ``t_hand[h]`` (-1: not reached) and each
    pegging point event to ``t_peg`` (hand, player, card or -1 for a go or last card, count, points).

    The game starts from the scores ``start[p]``. With ``forced[F_ON]`` the first hand is not
    dealt from ``deck_state``: player ``p`` holds ``forced[F_SIX + 6 * p: ...]``, the starter is
    ``forced[F_STARTER]`` and player ``p`` throws the pair ``forced[F_DISCARD + p]`` (0..14; -1:
    by his policy, -2: uniformly at random).

    Returns ``(winner, score of A, score of B, hands dealt, pegging events)``.
    """
    scores = start.copy()
    deck = np.empty(52, dtype=np.int64)
    six = np.empty((2, 6), dtype=np.int64)
    held = np.empty((2, 4), dtype=np.int64)
    left = np.empty((2, 4), dtype=np.int64)
    crib = np.empty(5, dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    seq = np.empty(16, dtype=np.int64)
    pts_by = np.zeros((2, N_SOURCES), dtype=np.int64)
    n_left = np.zeros(2, dtype=np.int64)
    known = np.zeros(2, dtype=np.uint64)
    dealer = first_dealer
    winner = -1
    # int64 from the start: literal 0s here made Numba compile play_pegging for Literal[int](0) too
    h = np.int64(0)
    ev = np.int64(0)
    while winner < 0:
        pone = 1 - dealer
        forced_hand = h == 0 and forced[F_ON] != 0
        if forced_hand:
            for p in range(2):
                for i in range(6):
                    six[p, i] = forced[F_SIX + 6 * p + i]
            starter = forced[F_STARTER]
        else:
            deal_deck(deck_state, deck)
            for i in range(6):
                six[pone, i] = deck[i]
                six[dealer, i] = deck[6 + i]
            starter = deck[12]
        pts_by[:, :] = 0
        if tracing:
            t_hand[h, :] = -1
            t_hand[h, T_DEALER] = dealer
            t_hand[h, T_STARTER] = starter
            for p in range(2):
                for i in range(6):
                    t_deal[h, p, i] = six[p, i]
        for p in (pone, dealer):
            sign = 1 if p == dealer else -1
            k = forced[F_DISCARD + p] if forced_hand else -1
            if k == -1:
                k = choose_discard(policies[p, 0], six[p], sign, crib_table, play_state, buf)
            elif k == -2:
                k = below(play_state, 15)
            i, j = discard_pair(k)
            crib[2 * (p == dealer)] = six[p, i]
            crib[2 * (p == dealer) + 1] = six[p, j]
            keep_four(six[p], i, j, held[p])
            left[p, :] = held[p]
            n_left[p] = 4
            if tracing:
                t_disc[h, p, 0] = six[p, i]
                t_disc[h, p, 1] = six[p, j]
        # his heels
        heels = 2 if starter % 13 == 10 else 0
        if tracing:
            t_hand[h, T_HEELS] = heels
        scores[dealer] += heels
        pts_by[dealer, HEELS] += heels
        if scores[dealer] >= GAME_POINTS:
            winner = dealer
        # pegging
        if winner < 0:
            for p in range(2):
                known[p] = (U64_ONE << np.uint64(starter)) | card_mask(six[p], 6)
            winner, ev = play_pegging(left, n_left, pone, policies[:, 1], play_state, seq, scores, pts_by[:, PEG],
                                      tracing, t_peg, h, ev, known)
        # the show: pone's hand, dealer's hand, crib
        for part in range(3):
            if winner >= 0:
                break
            p = pone if part == 0 else dealer
            if part < 2:
                for a in range(4):
                    buf[a] = held[p, a]
            else:
                for a in range(4):
                    buf[a] = crib[a]
            buf[4] = starter
            got = score(buf, 5, part == 2)
            scores[p] += got
            pts_by[p, CRIB if part == 2 else HAND] += got
            if tracing:
                t_hand[h, T_PONE_HAND + part] = got
            if scores[p] >= GAME_POINTS:
                winner = p
        if tracing:
            t_hand[h, T_SCORE0] = scores[0]
            t_hand[h, T_SCORE1] = scores[1]
        if winner < 0:
            for p in range(2):
                role = 1 if p == dealer else 0
                total = 0
                for s in range(TOTAL):
                    total += pts_by[p, s]
                pts_by[p, TOTAL] = total
                for s in range(N_SOURCES):
                    acc[p, role, s, 0] += pts_by[p, s]
                    acc[p, role, s, 1] += pts_by[p, s] * pts_by[p, s]
                acc_n[p, role] += 1
        h += 1
        dealer = 1 - dealer
    return winner, scores[0], scores[1], h, ev


@jit(parallel=True)
def play_games(deck_states, play_states, n_pairs, policies, crib_table, tracing, t_deal, t_disc, t_hand, t_peg):
    """``n_pairs`` duplicate-dealt pairs of games: in game ``2q`` A deals first, in ``2q + 1`` B
    does, with the same cards for the same role hand by hand. Block ``b`` (``PAIRS_PER_BLOCK``
    pairs) uses the generator states ``deck_states[b]`` and ``play_states[b]`` only. With
    ``tracing`` the first game (A deals first) is traced into ``t_deal ... t_peg`` (see
    :func:`play_game`; ``results[0, R_HANDS]`` hands, ``results[0, R_EVENTS]`` pegging events).

    Returns ``(results int64[2 * n_pairs, 6], acc int64[blocks, 2, 2, 5, 2], acc_n int64[blocks, 2, 2])``.
    """
    n_blocks = deck_states.shape[0]
    results = np.zeros((2 * n_pairs, 6), dtype=np.int64)
    acc = np.zeros((n_blocks, 2, 2, N_SOURCES, 2), dtype=np.int64)
    acc_n = np.zeros((n_blocks, 2, 2), dtype=np.int64)
    for b in numba.prange(n_blocks):
        ds = deck_states[b].copy()
        ps = play_states[b].copy()
        saved = ds.copy()
        start = np.zeros(2, dtype=np.int64)
        forced = np.zeros(F_SIZE, dtype=np.int64)
        stop = min((b + 1) * PAIRS_PER_BLOCK, n_pairs)
        for q in range(b * PAIRS_PER_BLOCK, stop):
            saved[:] = ds
            for g in range(2):
                if g == 1:
                    ds[:] = saved
                w, s0, s1, hands, events = play_game(ds, ps, g, policies, crib_table, acc[b], acc_n[b],
                                                     tracing and q == 0 and g == 0, t_deal, t_disc, t_hand, t_peg,
                                                     start, forced)
                row = 2 * q + g
                results[row, R_WINNER] = w
                results[row, R_SCORE0] = s0
                results[row, R_SCORE1] = s1
                results[row, R_FIRST_DEALER] = g
                results[row, R_HANDS] = hands
                results[row, R_EVENTS] = events
    return results, acc, acc_n


@jit(parallel=True)
def win_samples(hand6, dealer, opp_discard, start, n_samples, deck_states, play_states, policies, crib_table):
    """Wins of player 0 (the adviser, holding ``hand6``; the dealer if ``dealer``) from the scores
    ``start`` for each of his 15 discards: sample ``s`` deals the opponent six of the 46 unseen
    cards and the starter from the other 40, the opponent throws by ``opp_discard`` (-1: his
    policy, -2: at random), and the game is played to its end. Every discard meets the same
    samples and the same later deals (common random numbers). Block ``b`` of ``PAIRS_PER_BLOCK``
    samples uses ``deck_states[b]`` and ``play_states[b]``.

    Returns ``int64[15]`` win counts.
    """
    n_blocks = deck_states.shape[0]
    wins = np.zeros((n_blocks, 15), dtype=np.int64)
    for b in numba.prange(n_blocks):
        ds = deck_states[b].copy()
        ps = play_states[b].copy()
        saved_ds = ds.copy()
        saved_ps = ps.copy()
        pool = np.empty(46, dtype=np.int64)
        forced = np.zeros(F_SIZE, dtype=np.int64)
        acc = np.zeros((2, 2, N_SOURCES, 2), dtype=np.int64)
        acc_n = np.zeros((2, 2), dtype=np.int64)
        t_deal = np.zeros((1, 2, 6), dtype=np.int64)
        t_disc = np.zeros((1, 2, 2), dtype=np.int64)
        t_hand = np.zeros((1, 8), dtype=np.int64)
        t_peg = np.zeros((1, 5), dtype=np.int64)
        forced[F_ON] = 1
        for i in range(6):
            forced[F_SIX + i] = hand6[i]
        stop = min((b + 1) * PAIRS_PER_BLOCK, n_samples)
        for _ in range(b * PAIRS_PER_BLOCK, stop):
            n_pool = unseen_cards(hand6, pool)
            for i in range(7):
                j = i + below(ds, n_pool - i)
                pool[i], pool[j] = pool[j], pool[i]
            for i in range(6):
                forced[F_SIX + 6 + i] = pool[i]
            forced[F_STARTER] = pool[6]
            forced[F_DISCARD + 1] = opp_discard
            saved_ds[:] = ds
            saved_ps[:] = ps
            for k in range(15):
                ds[:] = saved_ds
                ps[:] = saved_ps
                forced[F_DISCARD] = k
                w, _, _, _, _ = play_game(ds, ps, 0 if dealer else 1, policies, crib_table, acc, acc_n,
                                          np.bool_(False), t_deal, t_disc, t_hand, t_peg, start, forced)
                if w == 0:
                    wins[b, k] += 1
    return wins.sum(axis=0)
