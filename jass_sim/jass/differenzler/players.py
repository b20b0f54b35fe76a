"""The Differenzler's card players, by name (kernels in :mod:`._players`)."""

from __future__ import annotations

from jass_sim.core.players import Player, PlayerRegistry

#: The players and their numbers in the kernels.
PLAYERS = PlayerRegistry("policy", (
    Player("random", 0, "a uniformly random legal card"),
    Player("points", 1, "makes as many points as it can, whatever its number (the baseline)"),
    Player("number", 2, "plays to its number: below it fights for tricks, at or above it sheds points onto others"),
    Player("search", 3, "the card of least expected penalty over sampled worlds, played out by number (slow)"),
    Player("number-open", 4, "number, reading the others' numbers and points under open announcements "
                              "(under secret ones it is number)"),
))

#: The card play of every Differenzler command when none is given.
DEFAULT_PLAYER = "number"
