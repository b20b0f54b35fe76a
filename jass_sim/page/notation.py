"""The card notation of every game as data for the page (``GET /api/notation``): the page shows and
reads cards from this one definition (each game's :class:`jass_sim.core.notation.Deck`, given by its
descriptor's ``notation`` hook), not from a copy in JavaScript."""

from __future__ import annotations

from jass_sim.registry import GAMES


def notation_json() -> dict:
    """``{game: deck}`` for every registered game with a notation (see :meth:`Deck.to_json`; a game
    may add its own keys, such as its modes)."""
    return {game.name: game.notation() for game in GAMES if game.notation is not None}
