"""``choose_card``: the one entry point through which the round kernels ask a policy for a card,
compiled only for the players a kernel can meet.

Which players a kernel may call is a compile-time choice: every kernel that plays cards takes a
:class:`PlayerSet` (first argument), whose Numba type carries the set as a bit mask. Numba
specialises (and caches) a kernel per type, and :func:`choose_card` is an ``overload`` whose
implementation for a set has no branch for the players outside it, so their code is never typed
nor compiled: ``advise`` with ``net`` compiles neither the solver nor ``search``, ``pimc``,
``heuristic``. Build the set with :func:`~.player_set.player_set` from the policy numbers a call will use (the
``SOLVER`` flag adds the double-dummy solver's exact endgames, :mod:`.solver_units`).

The large players (``net``, ``search``, ``dd``, ``pimc``) are compiled units
(:class:`~jass_sim.core.units.CompiledUnit`): each is compiled once, on its own, and every kernel
that plays it holds an external call, instead of a copy optimised again inside each kernel.

Under ``NUMBA_DISABLE_JIT=1`` the same functions run as plain Python and dispatch at run time.
"""

from __future__ import annotations

import numpy as np
from numba.core import types
from numba.extending import overload

from jass_sim.core.units import CompiledUnit
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.players.heuristic import heuristic_card
from jass_sim.jass.players.net import net_card, new_net_scratch, second_net
from jass_sim.jass.players.player_set import (
    SECOND_NET,
    SOLVER,
    PlayerSet,
    PlayerSetType,
    is_player_set_type,
    on_flag,
    player_set,
)
from jass_sim.jass.players.random import random_card
from jass_sim.jass.players.round_search import search_any
from jass_sim.jass.players.search import dd_card, pimc_card

__all__ = ["NET", "SEARCH", "SECOND_NET", "SOLVER", "PlayerSet", "PlayerSetType", "choose_card", "player_set",
           "policy_scratch"]

#: The number of the policy whose scratch the round kernels allocate (:func:`policy_scratch`).
NET = PLAYERS.code("net")
#: The number of the ``search`` policy (search over ``net``, :mod:`.net_search`).
SEARCH = PLAYERS.code("search")
HEURISTIC = PLAYERS.code("heuristic")
DD = PLAYERS.code("dd")
PIMC = PLAYERS.code("pimc")
RANDOM = PLAYERS.code("random")


def _vector(dtype, ndim=1):
    return types.Array(dtype, ndim, "C")


def _view_types():
    """Argument types of the players that read the round so far: ``(seat, legal, hands, trace, t,
    n_in_trick, mode, played, voids, shown, declarer, params)``."""
    i64, u64 = types.int64, types.uint64
    return (i64, u64, _vector(u64), _vector(i64, 2), i64, i64, i64, u64, i64, _vector(u64), i64,
            _vector(types.float64))


NET_UNIT = CompiledUnit("net_card", lambda: net_card, lambda: _view_types() + (_vector(types.int64),))
SEARCH_UNIT = CompiledUnit("search_card", lambda: search_any, lambda: _view_types() + (_vector(types.uint64),))
DD_UNIT = CompiledUnit("dd_card", lambda: dd_card, lambda: (
    types.int64, types.uint64, _vector(types.uint64), _vector(types.int64), types.int64, types.int64,
    _vector(types.float64)))
PIMC_UNIT = CompiledUnit("pimc_card", lambda: pimc_card, lambda: (
    types.int64, types.uint64, _vector(types.uint64), _vector(types.int64), types.int64, types.int64, types.uint64,
    types.int64, _vector(types.uint64), _vector(types.float64), _vector(types.uint64)))
_NET = NET_UNIT.caller()
_SEARCH = SEARCH_UNIT.caller()
_DD = DD_UNIT.caller()
_PIMC = PIMC_UNIT.caller()
for _code, _unit in ((NET, NET_UNIT), (SEARCH, SEARCH_UNIT), (DD, DD_UNIT), (PIMC, PIMC_UNIT)):
    on_flag(_code, _unit.ensure)


def _specialised(has_heuristic, has_dd, has_pimc, has_net, has_second, has_search, external):
    # The dispatch for one set of players. The has_* flags are free variables of the closure, so
    # Numba prunes the branches of the players outside the set before typing them: their code is
    # never compiled into the caller. ``external``: call the players' compiled units (compiled
    # code) or the functions themselves (plain Python, JIT disabled).
    def dispatch(players, policy, seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                 params, rng, scratch):
        trick = trace[t, 1:5]
        if has_heuristic:
            if policy == 1:
                return heuristic_card(seat, legal, hands, trick, n_in_trick, mode, played, voids)
        if has_dd:
            if policy == 2:  # dd: sees all hands (params: see jass_sim.jass.players.search)
                if external:
                    return _DD((seat, legal, hands, trick, n_in_trick, mode, params))
                return dd_card(seat, legal, hands, trick, n_in_trick, mode, params)
        if has_pimc:
            if policy == 3:  # pimc: params[0] samples, params[1] horizon, params[2] node budget
                if external:
                    return _PIMC((seat, legal, hands, trick, n_in_trick, mode, played, voids, shown, params, rng))
                return pimc_card(seat, legal, hands, trick, n_in_trick, mode, played, voids, shown, params, rng)
        if has_net:
            if policy == NET:  # net: weights in params after its header (see jass_sim.jass.players.net)
                if external:
                    return _NET((seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                                 params, scratch))
                return net_card(seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                                params, scratch)
        if has_second:
            if policy == SECOND_NET:  # its own scratch: sized for the second network, allocated per card
                other = second_net(params)
                return net_card(seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                                other, new_net_scratch(other))
        if has_search:
            if policy == SEARCH:  # search over net: params[3] worlds, params[4] belief temperature; a
                # new round mode comes as ROUND_MODE_TAG + mode (jass_sim.jass.players.round_search)
                if external:
                    return _SEARCH((seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                                    params, rng))
                return search_any(seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                                  params, rng)
        return random_card(legal, rng)

    return dispatch


#: Every player's branch: the plain-Python path of :func:`choose_card` (JIT disabled).
_ANY_PLAYER = _specialised(True, True, True, True, True, True, False)


def choose_card(players, policy, seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                params, rng, scratch):
    """The card (a member of ``legal``) that policy number ``policy`` plays for ``seat``.

    Parameters
    ----------
    players : PlayerSet
        The players the calling kernel is compiled for; ``policy`` must be one of them.
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

    Notes
    -----
    This plain-Python body runs only with the JIT disabled; compiled callers get the
    specialisation for their ``players`` (:func:`_specialised`).
    """
    if policy not in players:
        raise ValueError(f"policy {policy} is not in {players!r}")
    return _ANY_PLAYER(players, policy, seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown,
                       declarer, params, rng, scratch)


@overload(choose_card, inline="always")
def _choose_card_for(players, policy, seat, legal, hands, trace, t, n_in_trick, mode, played, voids, shown, declarer,
                     params, rng, scratch):
    if not is_player_set_type(players):
        return None
    return _specialised(*(code in players for code in (HEURISTIC, DD, PIMC, NET, SECOND_NET, SEARCH)), True)


def policy_scratch(players, uses_net, params):
    """Working memory for :func:`choose_card` over a round (or a play-out from a position): the
    net policy's (:func:`~.net.new_net_scratch`) when ``uses_net``, else an empty array (and always
    empty when ``players`` has no ``net``)."""
    if uses_net and NET in players:
        return new_net_scratch(params)
    return np.empty(0, dtype=np.int64)


@overload(policy_scratch, inline="always")
def _policy_scratch_for(players, uses_net, params):
    if not is_player_set_type(players):
        return None
    if NET in players:
        def impl(players, uses_net, params):
            if uses_net:
                return new_net_scratch(params)
            return np.empty(0, dtype=np.int64)
    else:
        def impl(players, uses_net, params):
            return np.empty(0, dtype=np.int64)
    return impl
