"""Fixtures of the player tests."""

from __future__ import annotations

import pytest
from player_sets import play_in


@pytest.fixture
def network_duels(monkeypatch):
    """The training's and the network benchmarks' duels (``net`` or ``search`` against the second
    network, ``duel_networks``; ``net`` against ``heuristic``, ``train_net.py``'s ``duel_vs``) play in
    one player set, ``heuristic`` + ``net`` + ``search`` + the second network, instead of one kernel
    for each pair: PlayerSet(18), (80) and (96) were compiled for test_net.py and test_search.py alone,
    about 12 CPU s each on a cold cache (issue 50 item 8). A set only prunes the other players'
    branches (jass_sim.jass.players.dispatch), so the wider set plays the same cards; other duels keep
    their own sets. ``.set``: the wider set; ``.asked``: the sets of players it stood in for."""
    from jass_sim.jass.players import dispatch

    return play_in(monkeypatch, ("heuristic", "net", "search", dispatch.SECOND_NET), others_own=True)
