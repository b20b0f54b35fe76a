"""The ``search`` card player: Monte Carlo search over the ``net`` policy with belief weighting.

At each decision with more than one legal card, the player

1. draws ``W`` worlds, deals of the cards it has not seen consistent with its view
   (:func:`~.search.sample_hands`: its hand, the cards played, each seat's count, the voids shown
   and the meld cards shown), as ``play-advice`` does;
2. with belief weighting on (a temperature ``T`` in ``params[4]``; off by default, see
   :data:`BELIEF_TEMPERATURE`), weighs each world by its belief weight (:mod:`.belief`): the
   likelihood of the cards the other three seats played so far under net's own policy, a softmax
   of net's card values at temperature ``T``;
3. plays every legal card out in every world with ``net`` at all four seats, the double-dummy
   solver finishing exactly once :data:`SEARCH_ENDGAME` tricks or fewer are left, and solving
   every world exactly from the decision on when that few are left already (every card of a
   world from the same world: common random numbers; the play-outs use no random numbers);
4. plays the card with the best weighted mean of its team's points minus the other team's from
   this trick on (card points, the 5 of the last trick and 100 for a match), unless its gain over
   net's own card is within :data:`CONFIDENCE` standard errors of 0 (``params[5]``), when it
   plays net's card. Ties go to the lowest card number.

It reads only its own hand and what is public (the worlds replace the other hands), so it plays
fair. ``params`` (see :func:`jass_sim.jass.players.policy_params`): ``params[3]`` worlds per
decision (0: :data:`SEARCH_WORLDS`), ``params[4]`` the belief temperature in points (0:
:data:`BELIEF_TEMPERATURE`; negative: no belief weighting, every world counts the same),
``params[5]`` the confidence (0: :data:`CONFIDENCE`; negative: none), and the net's weights
after the header.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, bit, jit, lowest_bit, popcount
from jass_sim.jass.players.belief import belief_log_weight
from jass_sim.jass.players.net import net_card, new_net_scratch
from jass_sim.jass.players.search import sample_hands, solve_moves, solve_rest
from jass_sim.jass.rules._tricks import legal_follow, trick_step
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS, MATCH_BONUS
from jass_sim.jass.rules.tables import POINTS
from jass_sim.jass.solver._search import FRAME_COLS, FU_COLS
from jass_sim.jass.solver._tables import TO_POWER
from jass_sim.jass.solver._transposition import TT_ROWS

#: Worlds per decision by default (``--search-worlds``).
SEARCH_WORLDS = 32
#: The belief temperature in points that played best of 1, 2, 4 and 8 (benchmarks/RESULTS.md,
#: "The search player"): ``policy_params(belief_temperature=FITTED_TEMPERATURE)`` turns it on.
FITTED_TEMPERATURE = 1.0
#: Belief temperature by default: off (-1, every world counts the same). Against ``net``, the
#: weighting at :data:`FITTED_TEMPERATURE` won nothing measurable at 32 worlds with the
#: confidence rule (+11.4 against +11.8 points per round without it, 2,000 deals) and costs a
#: fifth of the speed (16.9 against 21.8 rounds/s); see benchmarks/RESULTS.md.
BELIEF_TEMPERATURE = -1.0
#: The solver finishes a play-out exactly once this many tricks (or fewer) are left.
SEARCH_ENDGAME = 3
#: Entries of the endgame solver's transposition table (2 ** 10: the endgames are small).
_TT_LOG2 = 10
#: How sure the search must be to overrule net's own card: the belief-weighted mean gain of its
#: best card over net's card must exceed this many standard errors (see :func:`search_card`).
CONFIDENCE = 1.0
#: ``params`` entries of the player (after those of ``pimc`` and ``dd``).
WORLDS_PARAM = 3
TEMPERATURE_PARAM = 4
CONFIDENCE_PARAM = 5


@jit
def _solver_scratch():
    st = np.zeros(16, dtype=np.int64)
    st[1] = 1
    return (np.zeros((1 << _TT_LOG2, TT_ROWS), dtype=np.uint64), st, np.zeros((42, FRAME_COLS), dtype=np.int64),
            np.zeros((38, FU_COLS), dtype=np.uint64), np.zeros(4, dtype=np.uint64), np.zeros(36, dtype=np.int64))


@jit(inline="always")
def tricks_won(trace, t):
    """``(team 0's, team 1's)`` tricks among the ``t`` finished tricks of ``trace``."""
    won0 = 0
    for k in range(t):
        won0 += 1 - (trace[k, 5] & 1)
    return won0, t - won0


@jit
def rest_difference(hands, mode, leader, won0, won1, solver):
    """Team 0's points minus team 1's of the rest of the round from a trick boundary (match
    bonus included while it is live), double dummy."""
    tt, st, fr, fu, hs, _ = solver
    v, rem, _ = solve_rest(hands, mode, leader, won0, won1, hs, tt, st, fr, fu)
    # the solver's value is team 0's points with a match as +-50 (see solver._search)
    return 2 * v - rem


@jit
def exact_differences(world, seat, trace, t, n_in, mode, solver, legal, out):
    """``out[j]``: team 0's points minus team 1's from the current trick on (the cards already in
    it included, the match bonus of the whole round) when ``seat`` plays the ``j``-th card of
    ``legal`` (in card order) in ``world`` and everyone then plays double dummy."""
    tt, st, fr, fu, hs, pout = solver
    won0, won1 = tricks_won(trace, t)
    rem, _ = solve_moves(world, mode, seat, trace[t, 1:5], n_in, won0, won1, hs, tt, st, fr, fu, pout)
    rest = legal
    j = 0
    while rest:
        c = lowest_bit(rest)
        rest &= rest - U64_ONE
        out[j] = 2 * pout[TO_POWER[mode, c]] - rem
        j += 1


@jit
def net_play_out(hands, trace, t, n_in, mode, declarer, played, voids, shown, first_card, params, endgame,
                 net_scratch, solver):
    """Team 0's points minus team 1's from the current trick on (the cards already in it
    included; the match bonus of the whole round) when the seat to play plays ``first_card`` and
    every seat then plays ``net``, the solver finishing exactly at the first trick boundary with
    ``endgame`` or fewer cards in each hand (0: never). ``hands`` and ``trace`` are modified."""
    trump = mode if mode < 4 else -1
    won0, won1 = tricks_won(trace, t)
    leader = trace[t, 0]
    led = -1
    best_card = 0
    best_power = -1
    best_pos = 0
    trick_points = 0
    for k in range(n_in):
        c = trace[t, 1 + k]
        trick_points += POINTS[mode, c]
        led, best_card, best_power, best_pos = trick_step(c, k, led, best_card, best_power, best_pos, mode)
    diff = 0
    forced = first_card
    while True:
        if n_in == 0:
            left = popcount(hands[leader])
            if left == 0:
                break
            if left <= endgame and forced < 0:  # (the candidate card is played first)
                return diff + rest_difference(hands, mode, leader, won0, won1, solver)
        seat = (leader + n_in) & 3
        hand = hands[seat]
        if forced >= 0:
            card = forced
            forced = -1
        else:
            legal = hand if n_in == 0 else legal_follow(hand, led, best_card, mode)
            card = net_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params,
                            net_scratch)
        b = bit(card)
        hands[seat] = hand ^ b
        played |= b
        trace[t, 1 + n_in] = card
        trick_points += POINTS[mode, card]
        suit = card // 9
        if n_in > 0 and suit != led and (suit != trump or led == trump):
            voids |= 1 << (4 * seat + led)
        led, best_card, best_power, best_pos = trick_step(card, n_in, led, best_card, best_power, best_pos, mode)
        n_in += 1
        if n_in == 4:
            winner = (leader + best_pos) & 3
            if hands[0] | hands[1] | hands[2] | hands[3] == U64_ZERO:
                trick_points += LAST_TRICK_BONUS
            if winner & 1:
                won1 += 1
                diff -= trick_points
            else:
                won0 += 1
                diff += trick_points
            trace[t, 5] = winner
            t += 1
            if t < 9:
                trace[t, 0] = winner
            leader = winner
            n_in = 0
            trick_points = 0
            best_power = -1
    if won1 == 0:
        diff += MATCH_BONUS
    elif won0 == 0:
        diff -= MATCH_BONUS
    return diff


@jit(inline="always")
def search_settings(params):
    """``(worlds, temperature)`` of the ``search`` player from ``params`` (defaults for 0)."""
    worlds = np.int64(params[WORLDS_PARAM]) if params.shape[0] > WORLDS_PARAM and params[WORLDS_PARAM] > 0 \
        else np.int64(SEARCH_WORLDS)
    temperature = params[TEMPERATURE_PARAM] if params.shape[0] > TEMPERATURE_PARAM \
        and params[TEMPERATURE_PARAM] != 0 else BELIEF_TEMPERATURE
    return worlds, temperature


@jit
def search_values(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng,
                  values, weights):
    """Fill ``values[w, j]`` (``seat``'s team's points minus the other's, see
    :func:`net_play_out`) of the ``j``-th legal card (in card order) in world ``w`` and
    ``weights[w]`` (the normalised belief weights, summing to 1) for the worlds the player draws;
    their number is ``values.shape[0]``. Reads only ``hands[seat]`` and the public state."""
    _, temperature = search_settings(params)
    n_worlds = values.shape[0]
    net_scratch = new_net_scratch(params)
    solver = _solver_scratch()
    world = np.zeros(4, dtype=np.uint64)
    now = np.zeros(4, dtype=np.uint64)
    work = np.zeros((9, 6), dtype=np.int64)
    cards = np.zeros(36, dtype=np.int64)
    types = np.zeros(36, dtype=np.int64)
    row = np.zeros(36, dtype=np.int64)
    sign = 1 if seat & 1 == 0 else -1
    # with few tricks left every world is solved exactly from the decision on
    exact = popcount(hands[seat]) <= SEARCH_ENDGAME
    top = -np.inf
    for w in range(n_worlds):
        sample_hands(seat, hands, played, voids, shown, mode, rng, world, cards, types)
        if temperature < -1.5:
            world[:] = hands
        if temperature > 0:
            weights[w] = belief_log_weight(seat, world, trace, t, n_in, mode, shown, declarer, params, temperature,
                                           net_scratch)
        else:
            weights[w] = 0.0
        top = max(top, weights[w])
        if exact:
            exact_differences(world, seat, trace, t, n_in, mode, solver, legal, row)
            for j in range(values.shape[1]):
                values[w, j] = sign * row[j]
            continue
        rest = legal
        j = 0
        while rest:
            c = lowest_bit(rest)
            rest &= rest - U64_ONE
            now[:] = world
            work[:, :] = trace
            values[w, j] = sign * net_play_out(now, work, t, n_in, mode, declarer, played, voids, shown, c, params,
                                               SEARCH_ENDGAME, net_scratch, solver)
            j += 1
    if top == -np.inf:  # no world fits net's model at all: count them all the same
        top = 0.0
        weights[:] = 0.0
    total = 0.0
    for w in range(n_worlds):
        weights[w] = np.exp(weights[w] - top)
        total += weights[w]
    for w in range(n_worlds):
        weights[w] /= total


@jit
def weighted_means(values, weights):
    """``means[j]``: the weighted mean over the worlds (rows) of ``values[:, j]``."""
    means = np.zeros(values.shape[1])
    for w in range(values.shape[0]):
        for j in range(values.shape[1]):
            means[j] += weights[w] * values[w, j]
    return means


@jit
def search_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng):
    """The ``search`` policy (see the module doc): the legal card of best belief-weighted mean
    play-out value for ``seat``, unless that card's gain over net's own card is within
    ``params[5]`` (default :data:`CONFIDENCE`; negative: 0) standard errors of 0, in which case
    net's card is played: with a few dozen worlds the best mean is often best by luck, and net's
    card is the better guess then."""
    n_legal = popcount(legal)
    if n_legal == 1:
        return lowest_bit(legal)
    n_worlds, _ = search_settings(params)
    values = np.zeros((n_worlds, n_legal))
    weights = np.zeros(n_worlds)
    search_values(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng, values,
                  weights)
    means = weighted_means(values, weights)
    best = -1
    best_j = 0
    rest = legal
    j = 0
    while rest:
        c = lowest_bit(rest)
        rest &= rest - U64_ONE
        if best < 0 or means[j] > means[best_j] + 1e-9:
            best = c
            best_j = j
        j += 1
    z = params[CONFIDENCE_PARAM] if params.shape[0] > CONFIDENCE_PARAM and params[CONFIDENCE_PARAM] != 0 \
        else CONFIDENCE
    if z <= 0:
        return best
    own = net_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params,
                   new_net_scratch(params))
    if own == best:
        return best
    own_j = popcount(legal & ((U64_ONE << np.uint64(own)) - U64_ONE))
    gain = 0.0
    for w in range(n_worlds):
        gain += weights[w] * (values[w, best_j] - values[w, own_j])
    spread = 0.0
    squares = 0.0
    for w in range(n_worlds):
        d = values[w, best_j] - values[w, own_j] - gain
        spread += weights[w] * d * d
        squares += weights[w] * weights[w]
    # standard error of a weighted mean: the weighted variance over the effective sample size
    if gain * gain > z * z * spread * squares:
        return best
    return own
