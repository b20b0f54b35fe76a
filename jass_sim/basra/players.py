"""The Basra players, selectable by name (``--policy``, ``--player-a``, ``--player-b``).

The codes are the player numbers of the kernels (``RANDOM``, ``GREEDY``, ``SEARCH``,
``SEARCH_NO_MEMORY`` in :mod:`jass_sim.basra._play`); written out here so that reading the
registry (at ``jass-sim`` start-up) does not load the compiled kernels. The rules of each player
are in ``docs/basra.md``.
"""

from __future__ import annotations

from jass_sim.core.players import Player, PlayerRegistry

#: The Basra players and their numbers in the kernels.
PLAYERS = PlayerRegistry("player", (
    Player("random", 0, "a uniformly random legal card"),
    Player("greedy", 1, "the most immediate points, then the most cards taken"),
    Player("search", 2, "determinised sampling of the unseen cards with greedy rollouts"),
    Player("search-nomem", 3, "search without memory of the captured cards"),
))
