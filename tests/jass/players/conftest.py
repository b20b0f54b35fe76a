"""Fixtures of the player tests."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest


@pytest.fixture
def network_duels(monkeypatch):
    """The training's and the network benchmarks' duels (``net`` or ``search`` against the second
    network, ``duel_networks``; ``net`` against ``heuristic``, ``train_net.py``'s ``duel_vs``) play in
    one player set, ``heuristic`` + ``net`` + ``search`` + the second network, instead of one kernel
    for each pair: PlayerSet(18), (80) and (96) were compiled for test_net.py and test_search.py alone,
    about 12 CPU s each on a cold cache (issue 50 item 8). A set only prunes the other players'
    branches (jass_sim.jass.players.dispatch), so the wider set plays the same cards; other duels keep
    their own sets. ``.set``: the wider set; ``.asked``: the sets of players it stood in for."""
    from jass_sim.jass.players import PLAYERS, dispatch

    players = {PLAYERS.code("heuristic"), PLAYERS.code("net"), PLAYERS.code("search"), dispatch.SECOND_NET}
    own = dispatch.player_set
    found = SimpleNamespace(set=own(tuple(sorted(players))), asked=[])

    def wider(policies, **flags):
        asked = {int(p) for p in np.ravel(policies)}
        if flags or not asked <= players:
            return own(policies, **flags)
        found.asked.append(asked)
        return found.set

    monkeypatch.setattr(dispatch, "player_set", wider)
    return found
