"""Fixtures of the player tests."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest


@pytest.fixture
def network_duels(monkeypatch):
    """Duels between networks (``duel_networks``: ``net`` or ``search`` against the second network,
    the training script's and bench_search.py's) play in one player set, ``net`` + ``search`` + the
    second network, instead of one kernel for each pair: about 10 CPU s less on a cold cache
    (issue 50 item 8). A set only prunes the other players' branches
    (jass_sim.jass.players.dispatch), so the wider set plays the same cards; other duels keep
    their own sets. ``.set``: the wider set; ``.asked``: the sets of players it stood in for."""
    from jass_sim.jass.players import PLAYERS, dispatch

    networks = {PLAYERS.code("net"), PLAYERS.code("search"), dispatch.SECOND_NET}
    own = dispatch.player_set
    found = SimpleNamespace(set=own(tuple(sorted(networks))), asked=[])

    def wider(policies, **flags):
        players = {int(p) for p in np.ravel(policies)}
        if flags or not players <= networks:
            return own(policies, **flags)
        found.asked.append(players)
        return found.set

    monkeypatch.setattr(dispatch, "player_set", wider)
    return found
