"""Cribbage's random streams: a feature's name -> its stream number (the first spawn key of
:func:`jass_sim.core.rng.block_states`). Every stream the package draws is read from this table
(checked by tests/core/test_streams.py); the descriptor hands it to the registry. The numbers are
part of every seeded result: changing one changes the output of its command for every seed.
"""

from __future__ import annotations

#: Every random stream of Cribbage.
STREAMS: dict[str, int] = {
    "cribbage.deck": 0,        # simulate and replay: the cards
    "cribbage.play": 1,        # simulate and replay: the players' random choices
    "cribbage.stats": 0,       # stats: sampled hand-plus-starter combinations
    "cribbage.crib-pairs": 2,  # stats --crib-pairs: the model opponents
    "cribbage.discard": 0,     # discard --opponent model / --pegging: the sampled opponents
    "cribbage.win-deck": 3,    # discard --score: the cards of the games played out
    "cribbage.win-play": 4,    # discard --score: the players' random choices in them
    "cribbage.play-advice": 5,  # play-advice --samples: the sampled opponent hands
    "cribbage.play-advice-win": 6,  # play-advice --score: the opponent's and the crib's cards, the later deals
    "cribbage.play-advice-play": 8,  # play-advice --score: the players' random choices in the later deals
    "cribbage.report-hands": 5,  # cribbage report: the sampled six-card hands of the discard sections
    "cribbage.report-deals": 6,  # cribbage report: the deals of the pegging section
    "cribbage.bot": 9,         # the page's coached game: the search player's sampled discards and worlds
}

#: The numbers that several features share, and why each sharing is harmless (streams need to be
#: independent only within one computation: one command run, one API call).
SHARED_STREAMS: dict[int, tuple[str, ...]] = {
    0: ("cribbage.deck", "cribbage.stats", "cribbage.discard"),  # three separate commands
    5: ("cribbage.play-advice", "cribbage.report-hands"),  # two separate commands
    6: ("cribbage.play-advice-win", "cribbage.report-deals"),  # two separate commands
}
