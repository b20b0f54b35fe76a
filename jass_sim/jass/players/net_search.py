"""The ``search`` card player: Monte Carlo search over the ``net`` policy with belief weighting.

At each decision with more than one legal card, the player

1. draws worlds, deals of the cards it has not seen consistent with its view
   (:func:`~.search.sample_hands`: its hand, the cards played, each seat's count, the voids shown
   and the meld cards shown), as ``play-advice`` does, in batches that double, from a quarter of
   the most worlds ``W`` (``params[6]``, see :func:`first_worlds`) up to ``W``, stopping as soon as
   the choice of step 4 is settled (see :func:`search_card`);
2. with belief weighting on (a temperature ``T`` in ``params[4]``; off by default, see
   :data:`BELIEF_TEMPERATURE`), weighs each world by its belief weight (:mod:`.belief`): the
   likelihood of the cards the other three seats played so far under net's own policy, a softmax
   of net's card values at temperature ``T``;
3. plays every legal card out in every world with ``net`` at all four seats, the double-dummy
   solver finishing exactly once :data:`SEARCH_ENDGAME` tricks or fewer are left, and solving
   every world exactly from the decision on when that few are left already (every card of a
   world from the same world: common random numbers; the play-outs use no random numbers); a
   card equivalent to a lower legal card (same suit and points, nothing the player has not
   seen between them: :func:`equivalent_cards`) takes that card's play-outs;
4. plays the card with the best weighted mean of its team's points minus the other team's from
   this trick on (card points, the 5 of the last trick and 100 for a match), unless its gain over
   net's own card is within :data:`CONFIDENCE` standard errors of 0 (``params[5]``), when it
   plays net's card. Ties go to the lowest card number.

It reads only its own hand and what is public (the worlds replace the other hands), so it plays
fair. ``params`` (see :func:`jass_sim.jass.players.policy_params`): ``params[3]`` the most
worlds per decision (0: :data:`SEARCH_WORLDS`), ``params[6]`` the first batch (0: a quarter of
them; negative: all at once), ``params[4]`` the belief temperature in points (0:
:data:`BELIEF_TEMPERATURE`; negative: no belief weighting, every world counts the same),
``params[5]`` the confidence (0: :data:`CONFIDENCE`; negative: none), and the net's weights
after the header.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, bit, copy_into, copy_rows, jit, lowest_bit, popcount, select_bit
from jass_sim.jass.players.belief import belief_log_weight
from jass_sim.jass.players.net import net_card, new_net_scratch
from jass_sim.jass.players.search import sample_hands, solve_moves, solve_rest
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_so_far, trick_taken
from jass_sim.jass.rules.presets import MATCH_BONUS
from jass_sim.jass.rules.tables import HIGHER, POINTS
from jass_sim.jass.solver._search import FRAME_COLS, FU_COLS
from jass_sim.jass.solver._tables import TO_POWER
from jass_sim.jass.solver._transposition import TT_ROWS

#: The most worlds per decision by default (``--search-worlds``), drawn in doubling batches from
#: 16 (benchmarks/RESULTS.md, "Adaptive worlds": 1 point per round better than 32 worlds at once,
#: over 3,000 duplicate deals).
SEARCH_WORLDS = 64
#: The belief temperature in points that played best of 1, 2, 4 and 8 (benchmarks/RESULTS.md,
#: "The search player"): ``policy_params(belief_temperature=FITTED_TEMPERATURE)`` turns it on.
FITTED_TEMPERATURE = 1.0
#: Belief temperature by default: off (-1, every world counts the same). Against ``net``, the
#: weighting at :data:`FITTED_TEMPERATURE` adds 0.7 points per round at 64 worlds (three sets of
#: 2,000 deals) but costs a fifth of the speed, and 48 worlds with it play level with 64 without
#: (benchmarks/RESULTS.md, "The search player" and "Stop 40").
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
FIRST_WORLDS_PARAM = 6
#: The first batch of worlds of a decision is the most worlds divided by this (see
#: :func:`search_card`).
ADAPTIVE_DIVISOR = 4
#: A choice is settled when the best card beats net's own by this many standard errors more than
#: the confidence asks (see :func:`search_card`).
SETTLED_MARGIN = 1.0
#: A choice is settled for net's own card when the best other card's gain over it is at most
#: this many standard errors (see :func:`search_card`; -0.5 played 0.7 points per round better
#: than 0 over 3,000 duplicate deals, at three quarters of its speed).
SETTLED_LOW = -0.5


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
    won0, won1 = tricks_won(trace, t)
    leader = trace[t, 0]
    led, best_card, best_power, best_pos = trick_so_far(trace, t, n_in, mode)
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
        if forced >= 0:
            card = forced
            forced = -1
        else:
            hand = hands[seat]
            legal = hand if n_in == 0 else legal_follow(hand, led, best_card, mode)
            card = net_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params,
                            net_scratch)
        trace[t, 1 + n_in] = card
        played, voids, led, best_card, best_power, best_pos = play_card(card, seat, n_in, hands, played, voids, led,
                                                                        best_card, best_power, best_pos, mode)
        n_in += 1
        if n_in == 4:
            winner, trick_points = trick_taken(trace, t, best_pos, mode)
            if winner & 1:
                won1 += 1
                diff -= trick_points
            else:
                won0 += 1
                diff += trick_points
            t += 1
            leader = winner
            n_in = 0
    if won1 == 0:
        diff += MATCH_BONUS
    elif won0 == 0:
        diff -= MATCH_BONUS
    return diff


@jit(inline="always")
def search_settings(params):
    """``(most worlds, temperature)`` of the ``search`` player from ``params`` (defaults for 0)."""
    worlds = np.int64(params[WORLDS_PARAM]) if params.shape[0] > WORLDS_PARAM and params[WORLDS_PARAM] > 0 \
        else np.int64(SEARCH_WORLDS)
    temperature = params[TEMPERATURE_PARAM] if params.shape[0] > TEMPERATURE_PARAM \
        and params[TEMPERATURE_PARAM] != 0 else BELIEF_TEMPERATURE
    return worlds, temperature


@jit
def _world_scratch():
    """Working arrays of :func:`play_worlds`: a world, its copy for a play-out, the trace's copy,
    :func:`~.search.sample_hands`'s two card lists and one row of exact values."""
    return (np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.uint64), np.zeros((9, 6), dtype=np.int64),
            np.zeros(36, dtype=np.int64), np.zeros(36, dtype=np.int64), np.zeros(36, dtype=np.int64))


@jit
def equivalent_cards(legal, hand, played, trace, t, n_in, mode, rep):
    """``rep[j]``: the index (in card order) of the first legal card that is equivalent to the
    ``j``-th, ``j`` itself when none is. Two cards are equivalent when they are of one suit, count
    the same points, and every card between them in the suit's order of power is in the player's
    hand or was played in an earlier trick: whoever holds the other cards, either wins the same
    tricks (the standard reduction of double-dummy solvers), so the search plays one out for both.
    Reads only the player's hand and what is public."""
    trick = U64_ZERO
    for k in range(n_in):
        trick |= bit(trace[t, 1 + k])
    gone = hand | (played & ~trick)  # a card of the current trick still counts: it is in play
    n = 0
    rest = legal
    while rest:
        c = lowest_bit(rest)
        rest &= rest - U64_ONE
        rep[n] = n
        earlier = legal
        k = 0
        while k < n:
            e = lowest_bit(earlier)
            earlier &= earlier - U64_ONE
            if e // 9 == c // 9 and POINTS[mode, e] == POINTS[mode, c]:
                if HIGHER[mode, c] & bit(e):  # e beats c: the cards between beat c but not e
                    between = HIGHER[mode, c] & ~HIGHER[mode, e] & ~bit(e)
                else:
                    between = HIGHER[mode, e] & ~HIGHER[mode, c] & ~bit(c)
                if between & ~gone == U64_ZERO:
                    rep[n] = rep[k]
                    break
            k += 1
        n += 1


@jit
def play_worlds(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng, values,
                log_weights, first, last, temperature, net_scratch, solver, scratch, rep):
    """Draw worlds ``first .. last - 1`` and fill their rows of ``values`` (see
    :func:`search_values`) and ``log_weights`` (the log belief weight; 0 with belief weighting
    off). A card equivalent to an earlier one (``rep``, see :func:`equivalent_cards`) takes that
    card's play-out instead of its own."""
    world, now, work, cards, types, row = scratch
    sign = 1 if seat & 1 == 0 else -1
    # with few tricks left every world is solved exactly from the decision on
    exact = popcount(hands[seat]) <= SEARCH_ENDGAME
    for w in range(first, last):
        sample_hands(seat, hands, played, voids, shown, mode, rng, world, cards, types)
        if temperature < -1.5:
            copy_into(world, hands)
        if temperature > 0:
            log_weights[w] = belief_log_weight(seat, world, trace, t, n_in, mode, shown, declarer, params,
                                               temperature, net_scratch)
        else:
            log_weights[w] = 0.0
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
            if rep[j] != j:
                values[w, j] = values[w, rep[j]]
                j += 1
                continue
            copy_into(now, world)
            copy_rows(work, trace)
            values[w, j] = sign * net_play_out(now, work, t, n_in, mode, declarer, played, voids, shown, c, params,
                                               SEARCH_ENDGAME, net_scratch, solver)
            j += 1


@jit
def normalise_weights(log_weights, n, weights):
    """``weights[:n]``: the softmax of ``log_weights[:n]`` (every world the same when none fits
    net's model at all)."""
    top = -np.inf
    for w in range(n):
        top = max(top, log_weights[w])
    total = 0.0
    for w in range(n):
        weights[w] = 1.0 if top == -np.inf else np.exp(log_weights[w] - top)
        total += weights[w]
    for w in range(n):
        weights[w] /= total


@jit
def search_values(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng,
                  values, weights):
    """Fill ``values[w, j]`` (``seat``'s team's points minus the other's, see
    :func:`net_play_out`) of the ``j``-th legal card (in card order) in world ``w`` and
    ``weights[w]`` (the normalised belief weights, summing to 1) for the worlds the player draws;
    their number is ``values.shape[0]``. Reads only ``hands[seat]`` and the public state."""
    _, temperature = search_settings(params)
    n_worlds = values.shape[0]
    rep = np.zeros(values.shape[1], dtype=np.int64)
    equivalent_cards(legal, hands[seat], played, trace, t, n_in, mode, rep)
    play_worlds(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng, values,
                weights, 0, n_worlds, temperature, new_net_scratch(params), _solver_scratch(), _world_scratch(), rep)
    normalise_weights(weights, n_worlds, weights)


@jit
def weighted_means(values, weights):
    """``means[j]``: the weighted mean over the worlds (rows) of ``values[:, j]``."""
    means = np.zeros(values.shape[1])
    for w in range(values.shape[0]):
        for j in range(values.shape[1]):
            means[j] += weights[w] * values[w, j]
    return means


@jit
def gain_and_error(values, weights, n, better, base):
    """The weighted mean over the first ``n`` worlds of ``values[:, better] - values[:, base]``
    and its standard error (the weighted variance over the effective sample size)."""
    gain = 0.0
    for w in range(n):
        gain += weights[w] * (values[w, better] - values[w, base])
    spread = 0.0
    squares = 0.0
    for w in range(n):
        d = values[w, better] - values[w, base] - gain
        spread += weights[w] * d * d
        squares += weights[w] * weights[w]
    return gain, np.sqrt(spread * squares)


@jit(inline="always")
def first_worlds(params, most):
    """Worlds of the first batch of an adaptive decision (``params[6]``; 0: ``most`` divided by
    :data:`ADAPTIVE_DIVISOR`; negative: all ``most`` at once)."""
    first = np.int64(params[FIRST_WORLDS_PARAM]) if params.shape[0] > FIRST_WORLDS_PARAM else np.int64(0)
    if first < 0:
        return most
    if first == 0:
        first = most // ADAPTIVE_DIVISOR
    return min(max(first, np.int64(1)), most)


@jit
def search_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng):
    """The ``search`` policy (see the module doc): the legal card of best belief-weighted mean
    play-out value for ``seat``, unless that card's gain over net's own card is within
    ``params[5]`` (default :data:`CONFIDENCE`; negative: 0) standard errors of 0, in which case
    net's card is played: with a few dozen worlds the best mean is often best by luck, and net's
    card is the better guess then.

    The worlds come in batches that double (the first of ``params[6]`` worlds, see
    :func:`first_worlds`, up to ``params[3]``): after each batch the player stops when the choice
    is settled, that is when ``t``, the best other card's gain over net's card in standard errors,
    is at most :data:`SETTLED_LOW` (net's card stays) or at least :data:`SETTLED_MARGIN` more than
    the confidence ``z`` asks (``t >= z + SETTLED_MARGIN``: the other card is played). Clear
    decisions thus cost a quarter of the worlds and close ones get them all. Cards that are
    equivalent (:func:`equivalent_cards`) are played out once."""
    n_legal = popcount(legal)
    if n_legal == 1:
        return lowest_bit(legal)
    most, temperature = search_settings(params)
    z = params[CONFIDENCE_PARAM] if params.shape[0] > CONFIDENCE_PARAM and params[CONFIDENCE_PARAM] != 0 \
        else CONFIDENCE
    net_scratch = new_net_scratch(params)
    values = np.zeros((most, n_legal))
    weights = np.zeros(most)
    log_weights = np.zeros(most)
    solver = _solver_scratch()
    scratch = _world_scratch()
    own = net_card(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, net_scratch)
    own_j = popcount(legal & ((U64_ONE << np.uint64(own)) - U64_ONE))
    rep = np.zeros(n_legal, dtype=np.int64)
    equivalent_cards(legal, hands[seat], played, trace, t, n_in, mode, rep)
    # without the confidence rule there is no settled test: every decision takes all the worlds
    done = 0
    size = first_worlds(params, most) if z > 0 else most
    while True:
        play_worlds(seat, legal, hands, trace, t, n_in, mode, played, voids, shown, declarer, params, rng, values,
                    log_weights, done, size, temperature, net_scratch, solver, scratch, rep)
        done = size
        normalise_weights(log_weights, done, weights)
        means = weighted_means(values[:done], weights[:done])
        best_j = 0
        rival_j = -1
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
