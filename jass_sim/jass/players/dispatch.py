"""``choose_card``: the one entry point through which the round kernel asks a policy for a card."""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.players.heuristic import heuristic_card
from jass_sim.jass.players.net import net_card, new_net_scratch, second_net
from jass_sim.jass.players.net_search import search_card
from jass_sim.jass.players.random import random_card
from jass_sim.jass.players.search import dd_card, pimc_card

#: The number of the policy whose scratch the round kernels allocate (:func:`policy_scratch`).
NET = PLAYERS.code("net")
#: An internal policy number, in no player table: ``net`` with the second network of ``params``
#: (:func:`~.net.pack_two`), so that two networks can play one duel (benchmarks and training).
SECOND_NET = 6
#: The number of the ``search`` policy (search over ``net``, :mod:`.net_search`).
SEARCH = PLAYERS.code("search")


@jit(inline="always")
def choose_card(policy, seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer, params,
                rng, scratch):
    """The card (a member of ``legal``) that policy number ``policy`` plays for ``seat``.

    Parameters
    ----------
    policy : int
        Policy number (see ``PLAYERS``).
    seat : int
        The seat to play.
    legal : uint64
        Mask of the legal cards.
    hands : uint64[4]
        The cards each seat still holds (a fair policy reads only ``hands[seat]``).
    trace : int64[9, 6]
        The round so far (see :mod:`jass_sim.jass.engine.round`): the tricks before ``t``, and of
        trick ``t`` its leader and first ``n_in_trick`` cards; later entries are stale.
    t : int
        The current trick, 0..8.
    n_in_trick : int
        Cards already played in the current trick.
    mode : int
        The mode of the round.
    played : uint64
        Every card played so far in the round, this trick's included.
    voids : int64
        Bit ``4 * seat + suit`` is set when ``seat`` has shown it holds no card of ``suit`` (for
        the trump suit: no trump other than, possibly, the Buur).
    shown : uint64[4]
        Cards each seat revealed by announcing melds.
    declarer : int
        The seat that chose the mode (the first leader's partner after a chibre).
    params : float64[:]
        Policy parameters.
    rng : uint64[4]
        The random stream.
    scratch : int64[:]
        Working memory of the policies (:func:`policy_scratch`), allocated once a round.
    """
    trick = trace[t, 1:5]
    if policy == 1:
        return heuristic_card(seat, legal, hands, trick, n_in_trick, mode, played, voids)
    if policy == 2:  # dd: sees all hands (params: see jass_sim.jass.players.search)
        return dd_card(seat, legal, hands, trick, n_in_trick, mode, params)
    if policy == 3:  # pimc: params[0] samples, params[1] horizon, params[2] node budget
        return pimc_card(seat, legal, hands, trick, n_in_trick, mode, played, voids, shown, params, rng)
    if policy == NET:  # net: weights in params after its header (see jass_sim.jass.players.net)
        return net_card(seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer, params,
                        scratch)
    if policy == SECOND_NET:  # its own scratch: sized for the second network, allocated per card
        other = second_net(params)
        return net_card(seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer, other,
                        new_net_scratch(other))
    if policy == SEARCH:  # search over net: params[3] worlds, params[4] belief temperature
        return search_card(seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer, params,
                           rng)
    return random_card(legal, rng)


@jit(inline="always")
def policy_scratch(uses_net, params):
    """Working memory for :func:`choose_card` over a round (or a play-out from a position): the
    net policy's (:func:`~.net.new_net_scratch`) when ``uses_net``, else an empty array."""
    if uses_net:
        return new_net_scratch(params)
    return np.empty(0, dtype=np.int64)
