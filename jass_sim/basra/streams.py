"""Basra's random streams: a feature's name -> its stream number (the first spawn key of
:func:`jass_sim.core.rng.block_states`). Every stream the package draws is read from this table
(checked by tests/core/test_streams.py); the descriptor hands it to the registry. The numbers are
part of every seeded result: changing one changes the output of its command for every seed.
"""

from __future__ import annotations

#: Every random stream of Basra (no number shared).
STREAMS: dict[str, int] = {
    "basra.deals": 20,         # simulate and duel: the decks of the deals
    "basra.deal-players": 21,  # ... and the players' random choices in them
    "basra.games": 22,         # simulate and duel: the decks of the games to 101
    "basra.game-players": 23,  # ... and the players' random choices in them
    "basra.replay-deck": 24,   # replay: the deck
    "basra.replay-players": 25,  # replay: the players' random choices
    "basra.advise": 30,        # advise: the sampled worlds
}

#: No two of Basra's features share a number.
SHARED_STREAMS: dict[int, tuple[str, ...]] = {}
