"""The Cribbage players, selectable by name (``--a``, ``--b``).

A player's code is the pair (discard policy, pegging policy) of the kernels: ``DISCARD_*`` in
:mod:`jass_sim.cribbage._players` and ``PEG_*`` in :mod:`jass_sim.cribbage._pegging`; written
out here so that reading the registry (at ``jass-sim`` start-up) does not load the compiled
kernels. The rules of each player are in ``docs/cribbage.md``.
"""

from __future__ import annotations

from jass_sim.core.players import Player, PlayerRegistry

#: The Cribbage players and their (discard, pegging) codes in the kernels.
PLAYERS = PlayerRegistry("player", (
    Player("random", (0, 0), "throws a uniform pair; plays a uniform playable card"),
    Player("greedy", (1, 1), "keeps the most points in the four kept cards; pegs the card that scores most now"),
    Player("expect", (2, 1), "throws to maximise the exact hand and crib expectation; pegs like greedy"),
    Player("search", (3, 2), "adds sampled pegging values to its throws; pegs by sampling and exact search"),
    Player("wide", (3, 3), "throws as search; pegs as search over 256 sampled opponent hands instead of 32"),
))
