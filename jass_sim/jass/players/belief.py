"""Belief weights of the ``search`` player: how likely the cards already played are in a world.

A *world* is a deal of the cards a seat has not seen to the other three seats, consistent with
what it has seen (:func:`jass_sim.jass.players.search.sample_hands` draws them). Worlds drawn that
way are equally likely, whatever the other players did; but players do not play at random, and a
card they played says something about the cards they held. The belief weight of a world is the
likelihood of every card the other three seats played so far, had they held the world's cards
and played as the ``net`` policy does, smoothed: at each of their decisions with more than one
legal card, the probability of the card played is a softmax of net's card values over the legal
cards at temperature ``T`` (in points: a card valued ``T`` points below another is ``e`` times
less likely)::

    log w(world) = sum over past decisions d of seats != me:
                   (v_d(card played) - log sum_{c legal} exp(v_d(c))) / T   (values divided by T)

The seat's own decisions carry no information about the world (it knows its cards), and neither
do forced ones (one legal card). ``T`` was fitted by the strength of the search player (see
benchmarks/RESULTS.md, "search"): a small ``T`` trusts net's model of the other players fully,
a large one makes every world equally likely (plain sampling).
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, bit, jit, lowest_bit, popcount
from jass_sim.jass.players._net_features import CANON_CARD, MAX_ACTIVE, encode_view
from jass_sim.jass.players.net import NET_H1, NET_H2, net_output, net_values
from jass_sim.jass.rules._tricks import legal_follow, play_card


@jit
def belief_log_weight(seat, world, trace, t, n_in, mode, shown, declarer, params, temperature, scratch):
    """The log belief weight (see the module doc) of ``world`` for ``seat``.

    Parameters
    ----------
    seat : int
        The seat whose belief it is; its own cards are not weighed.
    world : uint64[4]
        The cards each seat holds now (natural card masks).
    trace : int64[9, 6]
        The round so far (:mod:`jass_sim.jass.engine.round`): the tricks before ``t`` and the
        first ``n_in`` cards of trick ``t``.
    t, n_in : int
        The current trick and the cards already in it.
    mode, shown, declarer :
        As for :func:`jass_sim.jass.players.dispatch.choose_card`.
    params : float64[:]
        Policy parameters holding the ``net`` weights (:func:`~.net.pack_params`).
    temperature : float
        Softmax temperature in points (> 0).
    scratch : int64[:]
        The net policy's scratch (:func:`~.net.new_net_scratch`).

    Returns
    -------
    float
        The sum of the log probabilities of the other seats' choices.
    """
    n1 = np.int64(params[NET_H1])
    n2 = np.int64(params[NET_H2])
    feats = scratch[:MAX_ACTIVE]
    h1 = scratch[MAX_ACTIVE:].view(np.int16)[:n1]
    floats = scratch[MAX_ACTIVE + (n1 + 3) // 4:].view(np.float32)
    x = floats[:n1]
    h2 = floats[n1:n1 + n2]
    hands = world.copy()
    for tt in range(t + 1):  # back to the hands as dealt
        leader = trace[tt, 0]
        for k in range(4 if tt < t else n_in):
            hands[(leader + k) & 3] |= bit(trace[tt, 1 + k])
    played = U64_ZERO
    voids = 0
    log_w = 0.0
    for tt in range(t + 1):
        leader = trace[tt, 0]
        led = -1
        best_card = 0
        best_power = 0
        best_pos = 0
        for k in range(4 if tt < t else n_in):
            s = (leader + k) & 3
            card = trace[tt, 1 + k]
            hand = hands[s]
            if s != seat:
                legal = hand if k == 0 else legal_follow(hand, led, best_card, mode)
                if popcount(legal) > 1:
                    n = encode_view(s, hand, trace, tt, k, mode, voids, shown, played, declarer, feats)
                    net_values(feats, n, params, h1, x, h2)
                    log_w += _log_softmax(legal, card, mode, params, h2, temperature)
            played, voids, led, best_card, best_power, best_pos = play_card(card, s, k, hands, played, voids, led,
                                                                            best_card, best_power, best_pos, mode)
    return log_w


@jit(inline="always")
def _log_softmax(legal, card, mode, params, h2, temperature):
    """log P(``card``) under the softmax of net's values (after ``net_values``) over ``legal``;
    ``card`` outside ``legal`` (a world the rules exclude) gives -inf."""
    if (legal >> np.uint64(card)) & U64_ONE == U64_ZERO:
        return -np.inf
    top = -np.inf
    rest = legal
    while rest:
        c = lowest_bit(rest)
        rest &= rest - U64_ONE
        top = max(top, np.float64(net_output(CANON_CARD[mode, c], params, h2)))
    total = 0.0
    rest = legal
    while rest:
        c = lowest_bit(rest)
        rest &= rest - U64_ONE
        total += np.exp((np.float64(net_output(CANON_CARD[mode, c], params, h2)) - top) / temperature)
    chosen = np.float64(net_output(CANON_CARD[mode, card], params, h2))
    return (chosen - top) / temperature - np.log(total)
