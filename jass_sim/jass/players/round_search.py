"""The default player of each Coiffeur round mode, and ``search`` in those modes (issue 53).

The chibre modes (0..5) are played as before. In the new round modes
(:mod:`jass_sim.jass.rules.round_modes`) the tricks change mode and Misère turns the objective
round, so the default player and ``search`` look at the *round* mode:

* **The default player of a round mode** (:data:`ROUND_PLAYER`): in Misère the rule-based Misère
  player (:mod:`.misere`, give points away) for the ``net`` and ``heuristic`` seats; in Slalom and
  Guschti the ``heuristic`` player for the ``net`` seats (``net`` learnt one mode for the whole
  round: fed the current trick's mode it loses to ``heuristic`` by about 20 points a round in
  Slalom and 6 in Guschti, benchmarks/RESULTS.md, "Players in the Coiffeur round modes"); in 3x3
  (Trio, a tie there) and the chibre modes the seat's own player.
* **``search`` in a new mode** (:func:`round_search_card`): as in the chibre modes
  (:mod:`.net_search`) it draws worlds consistent with its view, plays every legal card out in
  every world and keeps the mode's default player's own card unless another card's mean gain over
  it exceeds the confidence in standard errors; but the play-outs are played trick by trick in
  each trick's mode by the *round mode's default player* at all four seats (:func:`round_play_out`),
  to the end of the round (no double-dummy endgame: the solver knows one mode and the points
  objective), and the value is the round mode's own: in Misère the points the opponents are
  credited, each team being credited with what the other made (the negative of the points
  difference, the Matsch included). Belief weighting is not used (every world counts the same).
  Cards are merged as equivalent only while every trick left is played in one mode.

The round kernels hand ``search`` the round mode as ``ROUND_MODE_TAG + mode`` in place of the
trick's mode (:func:`jass_sim.jass.engine.round.play_tricks`); :func:`search_any` is the ``search``
policy's entry, which sends such calls here and every other to
:func:`~.net_search.search_card` unchanged.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, copy_into, copy_rows, jit, lowest_bit, popcount, select_bit
from jass_sim.jass.players.heuristic import heuristic_card
from jass_sim.jass.players.misere import misere_card
from jass_sim.jass.players.net import net_card, new_net_scratch
from jass_sim.jass.players.net_search import (
    CONFIDENCE,
    CONFIDENCE_PARAM,
    SETTLED_LOW,
    SETTLED_MARGIN,
    equivalent_cards,
    first_worlds,
    gain_and_error,
    normalise_weights,
    search_card,
    search_settings,
    tricks_won,
)
from jass_sim.jass.players.search import sample_hands
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_so_far, trick_taken
from jass_sim.jass.rules.presets import MATCH_BONUS
from jass_sim.jass.rules.round_modes import MISERE, N_ROUND_MODES, ROUND_MODE_NAMES, TRICK_MODE

#: ``search`` is told the round mode ``m`` of a new-mode round as ``ROUND_MODE_TAG + m`` (its
#: ``mode`` argument otherwise holds the trick's mode, 0..5).
ROUND_MODE_TAG = 64
#: :data:`ROUND_PLAYER` values: the seat's own player, the Misère player, the ``heuristic`` player.
OWN, MISERE_PLAYER, HEURISTIC_PLAYER = 0, 1, 2


def _round_players() -> np.ndarray:
    out = np.zeros(N_ROUND_MODES, dtype=np.int64)
    for code, name in enumerate(ROUND_MODE_NAMES):
        if MISERE[code]:
            out[code] = MISERE_PLAYER
        elif name.startswith(("SLALOM", "GUSCHTI")):
            out[code] = HEURISTIC_PLAYER
    return out


#: ``ROUND_PLAYER[mode]``: how the default player plays a round in ``mode`` (see the module doc).
ROUND_PLAYER = _round_players()


@jit
def default_card(kind, seat, legal, hands, trace, t, n_in, tm, played, voids, shown, declarer, params, net_scratch):
    """The card of the round mode's default player (``kind``, :data:`ROUND_PLAYER`) in a trick
    played in ``tm``: the Misère player, ``heuristic``, or ``net`` (:data:`OWN`)."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    if kind == MISERE_PLAYER:
        return misere_card(seat, legal, hands, trace[t, 1:5], n_in, tm, played)
    if kind == HEURISTIC_PLAYER:
        return heuristic_card(seat, legal, hands, trace[t, 1:5], n_in, tm, played, voids)
    return net_card(seat, legal, hands, trace, t, n_in, tm, played, voids, shown, declarer, params, net_scratch)


@jit
def round_play_out(hands, trace, t, n_in, mode, declarer, played, voids, shown, first_card, params, net_scratch):
    """Team 0's credit minus team 1's from the current trick on (the cards already in it included,
    the Matsch of the whole round) when the seat to play plays ``first_card`` and every seat then
    plays the default player of round mode ``mode`` (:func:`default_card`), each trick in its own
    mode. In Misère each team is credited with what the other made: the negative of the points
    difference. ``hands`` and ``trace`` are modified."""
    kind = ROUND_PLAYER[mode]
    won0, won1 = tricks_won(trace, t)
    leader = trace[t, 0]
    tm = TRICK_MODE[mode, t]
    led, best_card, best_power, best_pos = trick_so_far(trace, t, n_in, tm)
    diff = 0
    forced = first_card
    while t < 9:
        seat = (leader + n_in) & 3
        if forced >= 0:
            card = forced
            forced = -1
        else:
            hand = hands[seat]
            legal = hand if n_in == 0 else legal_follow(hand, led, best_card, tm)
            card = default_card(kind, seat, legal, hands, trace, t, n_in, tm, played, voids, shown, declarer, params,
                                net_scratch)
        trace[t, 1 + n_in] = card
        played, voids, led, best_card, best_power, best_pos = play_card(card, seat, n_in, hands, played, voids, led,
                                                                        best_card, best_power, best_pos, tm)
        n_in += 1
        if n_in == 4:
            winner, trick_points = trick_taken(trace, t, best_pos, tm)
            if winner & 1:
                won1 += 1
                diff -= trick_points
            else:
                won0 += 1
                diff += trick_points
            t += 1
            leader = winner
            n_in = 0
            led = -1
            best_card = 0
            best_power = -1
            best_pos = 0
            if t < 9:
                trace[t, 0] = leader
                tm = TRICK_MODE[mode, t]
    if won1 == 0:
        diff += MATCH_BONUS
    elif won0 == 0:
        diff -= MATCH_BONUS
    return -diff if MISERE[mode] else diff


@jit
def one_mode_left(mode, t):
    """True when tricks ``t .. 8`` of round mode ``mode`` are all played in one trick mode."""
    for k in range(t + 1, 9):
        if TRICK_MODE[mode, k] != TRICK_MODE[mode, t]:
            return False
    return True


@jit
def round_search_values(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng,
                        values, first, last, net_scratch, rep):
    """Draw worlds ``first .. last - 1`` and fill their rows of ``values``: ``values[w, j]`` is
    ``seat``'s team's credit minus the other's (:func:`round_play_out`) when it plays the ``j``-th
    card of ``legal`` (card order) in world ``w``. A card equivalent to an earlier one (``rep``)
    takes that card's play-out."""
    tm = TRICK_MODE[mode, t]
    sign = 1 if seat & 1 == 0 else -1
    world = np.zeros(4, dtype=np.uint64)
    now = np.zeros(4, dtype=np.uint64)
    work = np.zeros((9, 6), dtype=np.int64)
    cards = np.zeros(36, dtype=np.int64)
    types = np.zeros(36, dtype=np.int64)
    for w in range(first, last):
        sample_hands(seat, hands, played, voids, shown, tm, rng, world, cards, types)
        rest = legal
        j = 0
        while rest:
            c = lowest_bit(rest)
            rest &= rest - U64_ONE
            if rep[j] != j:
                values[w, j] = values[w, rep[j]]
            else:
                copy_into(now, world)
                copy_rows(work, trace)
                values[w, j] = sign * round_play_out(now, work, t, n_in, mode, declarer, played, voids, shown, c,
                                                     params, net_scratch)
            j += 1


@jit
def round_search_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng):
    """``search`` in round mode ``mode`` (a new mode, see the module doc): the legal card of best
    mean play-out value for ``seat``'s team, unless its gain over the mode's default player's own
    card is within the confidence (``params[5]``, default 1) in standard errors. Worlds come in
    doubling batches up to ``params[3]`` (default 64), stopping when the choice is settled, as in
    :func:`~.net_search.search_card`."""
    n_legal = popcount(legal)
    if n_legal == 1:
        return lowest_bit(legal)
    tm = TRICK_MODE[mode, t]
    most, _ = search_settings(params)
    z = params[CONFIDENCE_PARAM] if params.shape[0] > CONFIDENCE_PARAM and params[CONFIDENCE_PARAM] != 0 \
        else CONFIDENCE
    net_scratch = new_net_scratch(params)
    own = default_card(ROUND_PLAYER[mode], seat, legal, hands, trace, t, n_in, tm, played, voids, shown, declarer,
                       params, net_scratch)
    own_j = popcount(legal & ((U64_ONE << np.uint64(own)) - U64_ONE))
    rep = np.arange(n_legal)
    if one_mode_left(mode, t):  # equivalent cards win the same tricks only within one trick mode
        equivalent_cards(legal, hands[seat], played, trace, t, n_in, tm, rep)
    values = np.zeros((most, n_legal))
    weights = np.zeros(most)
    zeros = np.zeros(most)
    done = 0
    size = first_worlds(params, most) if z > 0 else most
    best_j = own_j
    gain = 0.0
    error = 0.0
    while True:
        round_search_values(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng,
                            values, done, size, net_scratch, rep)
        done = size
        normalise_weights(zeros, done, weights)  # every world the same
        best_j = 0
        rival_j = -1
        means = np.zeros(n_legal)
        for w in range(done):
            for j in range(n_legal):
                means[j] += weights[w] * values[w, j]
        for j in range(n_legal):
            if means[j] > means[best_j] + 1e-9:
                best_j = j
            if j != own_j and (rival_j < 0 or means[j] > means[rival_j] + 1e-9):
                rival_j = j
        if z <= 0:
            return select_bit(legal, best_j)
        gain, error = gain_and_error(values, weights, done, rival_j, own_j)
        if done >= most or gain <= SETTLED_LOW * error or gain >= (z + SETTLED_MARGIN) * error:
            break
        size = min(2 * done, most)
    if best_j != own_j and gain > z * error:
        return select_bit(legal, best_j)
    return own


@jit
def search_any(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng):
    """The ``search`` policy's entry: :func:`round_search_card` for a round mode given as
    ``ROUND_MODE_TAG + mode``, :func:`~.net_search.search_card` (the trick's mode) otherwise."""
    if mode >= ROUND_MODE_TAG:
        return round_search_card(seat, legal, hands, trace, t, n_in, mode - ROUND_MODE_TAG, played, voids, shown,
                                 declarer, params, rng)
    return search_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng)
