"""The card notation of every game as data for the page (``GET /api/notation``): the page shows and
reads cards from this one definition (the games' :class:`jass_sim.core.notation.Deck`), not from a
copy in JavaScript."""

from __future__ import annotations

from jass_sim.basra.cards import DECK as BASRA_DECK
from jass_sim.cribbage.cards import DECK as CRIBBAGE_DECK
from jass_sim.jass.cards import DECK as JASS_DECK
from jass_sim.jass.cards import MODE_NAMES, MODE_WORDS, SWISS_LABELS


def notation_json() -> dict:
    """``{game: deck}`` for ``jass``, ``cribbage`` and ``basra`` (see :meth:`Deck.to_json`); Chibre's
    adds its modes (``modes``, ``mode_words``) and the Swiss-German labels (``swiss``)."""
    jass = JASS_DECK.to_json() | {"modes": list(MODE_NAMES), "mode_words": dict(MODE_WORDS),
                                  "swiss": {"suits": list(SWISS_LABELS["suits"]),
                                            "suit_short": list(SWISS_LABELS["suit_short"]),
                                            "ranks": dict(SWISS_LABELS["ranks"]),
                                            "rank_short": dict(SWISS_LABELS["rank_short"])}}
    return {"jass": jass, "cribbage": CRIBBAGE_DECK.to_json(), "basra": BASRA_DECK.to_json()}
