"""Tests that play in a player set the suite compiles anyway (issue 50 item 8).

On a cold cache the compiled stage is mostly Numba compiling, and each engine kernel is compiled once
per player set (:class:`jass_sim.jass.players.player_set.PlayerSet`): a test that plays a set no other
test plays pays that compile alone (10-20 CPU s). A set only prunes the branches of the players outside
it (:mod:`jass_sim.jass.players.dispatch`), so a wider set plays the same cards: :func:`play_in` lets a
test's kernels use one that other tests compile too.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np


def play_in(monkeypatch, players, *, where=None, others_own: bool = False) -> SimpleNamespace:
    """Swap ``where.player_set`` for one that answers the set of ``players`` (names or policy numbers)
    to every request for some of them without flags, for the duration of ``monkeypatch``.

    ``where``: the module whose ``player_set`` the code under test calls (default
    :mod:`jass_sim.jass.players.dispatch`; a module that imported the name, such as
    ``jass_sim.jass.train.selfplay``, is passed itself). Any other request fails the test, or with
    ``others_own`` gets its own set (other duels keep their kernels).

    Returns ``SimpleNamespace(set=..., asked=[...])``: the wider set, and the players of each request
    it answered, in order, which the tests check."""
    from jass_sim.jass.players import PLAYERS, dispatch

    codes = {p if isinstance(p, int) else PLAYERS.code(p) for p in players}
    module = dispatch if where is None else where
    own = module.player_set
    found = SimpleNamespace(set=own(tuple(sorted(codes))), asked=[])

    def wider(policies, **flags):
        asked = {int(p) for p in np.ravel(policies)}
        if flags or not asked <= codes:
            assert others_own, (policies, flags)
            return own(policies, **flags)
        found.asked.append(asked)
        return found.set

    monkeypatch.setattr(module, "player_set", wider)
    return found
