"""Cribbage card notation, 52-card bit masks and rank counts.

Encoding used in :mod:`jass_sim.cribbage`
-----------------------------------------
* Suits ``H D S C`` are 0..3 (hearts, diamonds, spades, clubs), as in the Jass package.
* Ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` are 0..12 (the ace is low: runs end at A-2-3).
* A card is the integer ``suit * 13 + rank`` (0..51), e.g. ``AH`` = 0, ``5H`` = 4, ``JC`` = 49.
* A card's count value (fifteens, the pegging total) is ``min(rank + 1, 10)``.
* A set of cards is a ``np.uint64`` with bit ``card`` set.

Text notation: a rank ``A 2-9 T J Q K`` (``10`` is accepted for ``T``) and a suit letter
``H D S C`` or symbol ``♥ ♦ ♠ ♣``, in either order (``5H``, ``H5``, ``10♦``), case-insensitive;
cards are separated by spaces or commas. Cards are written rank first, ``T`` for ten (``5H``, ``TD``).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from jass_sim.core.errors import CardError  # noqa: F401  (re-exported)
from jass_sim.core.notation import Deck, cards_to_mask  # noqa: F401  (masks of any card numbers below 64)

SUITS = "HDSC"
SUIT_SYMBOLS = "♥♦♠♣"
RANKS = "A23456789TJQK"
N_CARDS = 52
N_RANKS = 13
JACK = 10
FULL_DECK = np.uint64((1 << N_CARDS) - 1)

#: Count value (fifteens and the pegging total) of each card 0..51.
VALUES = np.array([min(r + 1, 10) for _ in range(4) for r in range(N_RANKS)], dtype=np.int64)

#: The 52-card deck and its notation (rank first, read in either order).
DECK = Deck(SUITS, SUIT_SYMBOLS, RANKS, rank_first=True)


def card_index(suit: int, rank: int) -> int:
    """Card number of ``suit`` (0..3) and ``rank`` (0 = ace .. 12 = king)."""
    return suit * N_RANKS + rank


def card_suit(card: int) -> int:
    return int(card) // N_RANKS


def card_rank(card: int) -> int:
    return int(card) % N_RANKS


def card_value(card: int) -> int:
    """Count value: ace 1, 2..9 face value, ten and court cards 10."""
    return min(card_rank(card) + 1, 10)


def parse_card(token: str) -> int:
    """Parse one card such as ``5H``, ``h5``, ``10♦``, ``JC``; raise :class:`CardError` naming ``token``."""
    return DECK.parse_card(token)


def parse_cards(text: str | Iterable[str], count: int | None = None) -> list[int]:
    """Parse cards separated by spaces or commas (``"5H 5D 5S JC"``); reject unknown and duplicate
    cards and, with ``count``, a wrong number of cards (:meth:`jass_sim.core.notation.Deck.parse_cards`
    of this module's :data:`DECK`)."""
    return DECK.parse_cards(text, count)


def format_card(card: int, symbols: bool = False) -> str:
    """``5H`` (or ``5♥`` with ``symbols``); tens are written ``T`` (``10`` with symbols)."""
    return DECK.format_card(card, symbols)


def format_cards(cards: Iterable[int], symbols: bool = False, sep: str = " ") -> str:
    return DECK.format_cards(cards, symbols, sep)


def mask_to_cards(mask) -> list[int]:
    """Card numbers of a mask, in increasing order (suit H..C, rank A..K)."""
    return DECK.cards_of_mask(mask)
