"""Round kernels: play nine tricks with a policy per seat; deal, choose, meld, play and score.

Trace layout (``int64[9, 6]``): one row per trick, ``(leader, card1, card2, card3, card4,
winner)`` with the cards in play order.

The per-round kernels are inlined (``inline="always"``) into the callers' deal loops: Numba
increments and decrements the reference count of every array argument at each call, which cost
more than the work of the small kernels.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ZERO, jit
from jass_sim.jass.cards import N_MODES
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.modes.choose import choose_mode
from jass_sim.jass.players.dispatch import HEURISTIC, NET, SEARCH, choose_card, policy_scratch
from jass_sim.jass.players.heuristic import heuristic_card
from jass_sim.jass.players.misere import misere_card
from jass_sim.jass.players.random import random_card
from jass_sim.jass.players.round_search import HEURISTIC_PLAYER, ROUND_MODE_TAG, ROUND_PLAYER
from jass_sim.jass.rules._melds import MAX_MELDS, team_melds
from jass_sim.jass.rules._scoring import score_round
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_step, trick_taken
from jass_sim.jass.rules.presets import NO_STOECK_AT, NO_WEIS_AT, STOECK_POINTS
from jass_sim.jass.rules.round_modes import MELD_MODE, MISERE, TRICK_MODE

DIAMOND_SEVEN = 10  # its holder chooses in the first round
LEADER = 0


@jit(inline="always")
def play_round(players, hands, mode, leader, declarer, policies, params, rng, shown, trace):
    """Play the nine tricks of a round from ``hands`` (``uint64[4]``, emptied as cards are played).

    ``players`` is the :class:`~jass_sim.jass.players.dispatch.PlayerSet` the kernel is compiled
    for: every number in ``policies`` must be in it.

    ``mode`` is the round mode (:mod:`jass_sim.jass.rules.round_modes`): each trick is played in
    its trick mode ``TRICK_MODE[mode, t]`` (the round mode itself for the chibre modes), which the
    policies see as ``mode``; in a Misère round the ``net`` and ``heuristic`` seats play the
    Misère player (:mod:`jass_sim.jass.players.misere`: give points away), in Slalom and Guschti
    the ``net`` seats play ``heuristic`` (the round mode's default player,
    :data:`~jass_sim.jass.players.round_search.ROUND_PLAYER`), and ``search`` in any new mode is
    told the round mode (:mod:`jass_sim.jass.players.round_search`); the others as in any round.
    ``declarer`` is the seat that chose the mode (the leader's partner after a chibre);
    ``policies[seat]`` is the policy number of each seat. Fills ``trace`` and returns
    ``(card_points_team0, card_points_team1, tricks_team0)``, last-trick 5 included.
    """
    trace[0, LEADER] = leader
    # voids as np.int64: play_card makes it int64, and a literal 0 start compiled its readers (heuristic_card, ...)
    # for Literal[int](0) too; t0 and i0 stay literal, their tests fold away
    return play_tricks(players, hands, mode, declarer, policies, params, rng, shown, trace, 0, 0, U64_ZERO,
                       np.int64(0), 0, 0, 0)


@jit(inline="always")
def play_tricks(players, hands, mode, declarer, policies, params, rng, shown, trace, t0, i0, played, voids,
                p0, p1, tricks0):
    """Play a round on from card ``i0`` of trick ``t0`` to its end (see :func:`play_round`).

    ``trace`` holds the tricks before ``t0``, and of trick ``t0`` its leader and first ``i0``
    cards; ``hands`` the cards still held; ``played``, ``voids``, ``p0``, ``p1`` and ``tricks0``
    the state of the round at that point (see :func:`~jass_sim.jass.players.dispatch.choose_card`).
    Returns the card points of the whole round ``(team0, team1, tricks_team0)``.
    """
    uses_net = policies[0] == NET or policies[1] == NET or policies[2] == NET or policies[3] == NET
    scratch = policy_scratch(players, uses_net, params)
    leader = trace[t0, LEADER]
    misere = MISERE[mode]
    as_heuristic = ROUND_PLAYER[mode] == HEURISTIC_PLAYER
    search_mode = ROUND_MODE_TAG + mode  # search in a new mode is told the round mode (round_search)
    for t in range(t0, 9):
        trace[t, LEADER] = leader
        tm = TRICK_MODE[mode, t]  # the trick's mode: the step and the policies play it
        led = -1
        best_card = 0
        best_power = 0
        best_pos = 0
        for i in range(4):
            if t == t0 and i < i0:  # a card played before the start: only the trick's state
                led, best_card, best_power, best_pos = trick_step(trace[t, 1 + i], i, led, best_card, best_power,
                                                                  best_pos, tm)
                continue
            seat = (leader + i) & 3
            hand = hands[seat]
            legal = hand if i == 0 else legal_follow(hand, led, best_card, tm)
            policy = policies[seat]
            if policy == 0:  # random play inlined, without the view of the trick (refcounted)
                card = random_card(legal, rng)
            elif misere and (policy == NET or policy == HEURISTIC):  # the default players' Misère
                card = misere_card(seat, legal, hands, trace[t, 1:5], i, tm, played)
            elif as_heuristic and policy == NET:  # Slalom, Guschti: heuristic plays them better
                card = heuristic_card(seat, legal, hands, trace[t, 1:5], i, tm, played, voids)
            else:
                seen_mode = search_mode if policy == SEARCH and mode >= N_MODES else tm
                card = choose_card(players, policy, seat, legal, hands, trace, t, i, seen_mode, played, voids,
                                   shown, declarer, params, rng, scratch)
            trace[t, 1 + i] = card
            played, voids, led, best_card, best_power, best_pos = play_card(card, seat, i, hands, played, voids, led,
                                                                            best_card, best_power, best_pos, tm)
        winner, pts = trick_taken(trace, t, best_pos, tm)
        if winner & 1:
            p1 += pts
        else:
            p0 += pts
            tricks0 += 1
        leader = winner
    return p0, p1, tricks0


@jit
def diamond_seven_holder(hands):
    for seat in range(4):
        if (hands[seat] >> np.uint64(DIAMOND_SEVEN)) & np.uint64(1):
            return seat
    return -1


@jit(inline="always")
def reveal_melds(meld_winner, meld_buf, shown):
    """``shown[seat]``: the cards of the melds that count, which their holders show."""
    for seat in range(4):
        shown[seat] = U64_ZERO
        if meld_winner >= 0 and (seat & 1) == meld_winner:
            for k in range(MAX_MELDS):
                if meld_buf[seat, k, 2] > 0:
                    shown[seat] |= np.uint64(meld_buf[seat, k, 1])


@jit(inline="always")
def play_dealt_round(players, hands, initial, declarer, leader, mode, policies, params, run_points,
                     four_points, multipliers, rng, work):
    """Announce melds, play and score a round whose ``hands`` are dealt and mode chosen by
    ``declarer`` (the leader's partner after a chibre); ``leader`` leads the first trick.

    ``initial`` receives a copy of the hands before play. ``work`` is a :class:`RoundWork`-like
    tuple of scratch arrays ``(meld_buf, shown, trace, score)``. Returns the team whose melds
    count (-1: none).
    """
    meld_buf, shown, trace, score = work
    for seat in range(4):
        initial[seat] = hands[seat]
    for seat in range(4):  # rows past a seat's melds read as "no meld"
        for k in range(MAX_MELDS):
            meld_buf[seat, k, 2] = 0
    meld_winner, m0, m1 = -1, 0, 0
    if run_points[NO_WEIS_AT] == 0:  # (the Coiffeur presets count no Weis)
        meld_winner, m0, m1 = team_melds(initial, MELD_MODE[mode], leader, run_points, four_points, meld_buf)
    reveal_melds(meld_winner, meld_buf, shown)
    p0, p1, tricks0 = play_round(players, hands, mode, leader, declarer, policies, params, rng, shown, trace)
    stoeck = STOECK_POINTS if run_points[NO_STOECK_AT] == 0 else 0
    return score_round(initial, mode, meld_winner, m0, m1, p0, p1, tricks0, multipliers, score, stoeck)


def new_work():
    """Scratch arrays for :func:`play_dealt_round`: ``(meld_buf, shown, trace, score)``."""
    return (np.zeros((4, MAX_MELDS, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
            np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64))


@jit
def first_round(players, rng, modes_allowed, fixed_mode, mode_policy, may_chibre, mode_params, policies, params,
                run_points, four_points, multipliers, deck, hands, initial, work):
    """Deal a first round uniformly: the ♦7 holder chooses (``fixed_mode``, or by
    ``mode_policy``, possibly chibring to the partner when ``may_chibre``) and leads; then meld,
    play and score it. Returns ``(leader, chooser, mode, meld_winner)``; ``chooser`` is the
    partner after a chibre."""
    deal_uniform(rng, deck, hands)
    leader = diamond_seven_holder(hands)
    partner = (leader + 2) & 3
    chibred = 0
    if fixed_mode >= 0:
        mode = fixed_mode
    else:
        mode, chibred = choose_mode(mode_policy, hands[leader], hands[partner], modes_allowed,
                                    multipliers, may_chibre, mode_params, rng)
    declarer = partner if chibred else leader
    winner = play_dealt_round(players, hands, initial, declarer, leader, mode, policies, params,
                              run_points, four_points, multipliers, rng, work)
    return leader, declarer, mode, winner
