"""Basra cards: 52-card notation and bit masks.

Encoding
--------
* Suits ``C D H S`` are 0..3 (clubs, diamonds, hearts, spades): clubs first, so that "lowest
  suit first" takes the ♣2 before the other twos.
* Ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` are 0..12; a numeral's value is ``rank + 1`` (Ace 1 .. ten 10).
* A card is ``suit * 13 + rank`` (0..51); a set of cards is a ``np.uint64`` with bit ``card`` set.
* Seats are 0..n-1 (n = 2 or 4) in playing order; the side of a seat is ``seat % 2``.

Text: a suit letter ``C D H S`` or symbol ``♣ ♦ ♥ ♠`` followed by a rank ``A 2-9 T J Q K``
(``10`` is accepted for ``T``), case-insensitive, separated by spaces or commas.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.errors import CardError
from jass_sim.core.notation import TOKEN_SPLIT, Deck, cards_to_mask

#: ``cards_to_mask`` is jass_sim.jass.cards' own (it works for any card numbers below 64).
__all__ = ["SUITS", "SUIT_SYMBOLS", "RANKS", "N_CARDS", "HAND_SIZE", "TABLE_START", "JACK", "QUEEN", "KING",
           "FULL_DECK", "CARD_POINTS", "card_index", "card_rank", "card_points_table", "parse_card", "parse_cards",
           "check_disjoint", "format_card", "cards_to_mask", "mask_to_cards", "mask_names"]

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANKS = "A23456789TJQK"
N_CARDS = 52
HAND_SIZE = 6
TABLE_START = 4
JACK, QUEEN, KING = 10, 11, 12
FULL_DECK = np.uint64((1 << N_CARDS) - 1)

#: The 52-card deck and its notation (clubs first).
DECK = Deck(SUITS, SUIT_SYMBOLS, RANKS)


def card_index(suit: int, rank: int) -> int:
    """Card number of ``suit`` (0..3, C D H S) and ``rank`` (0..12, A..K)."""
    return suit * 13 + rank


def card_rank(card: int) -> int:
    return int(card) % 13


def card_points_table() -> np.ndarray:
    """``int64[52]``: the points of each card (♦10 3, ♣2 2, each Jack and each Ace 1)."""
    pts = np.zeros(N_CARDS, dtype=np.int64)
    for suit in range(4):
        pts[card_index(suit, 0)] = 1
        pts[card_index(suit, JACK)] = 1
    pts[card_index(0, 1)] = 2
    pts[card_index(1, 9)] = 3
    return pts


CARD_POINTS = card_points_table()


def parse_card(token: str) -> int:
    """Parse one card such as ``D10``, ``♣2``, ``sj``; raise :class:`CardError` naming ``token``."""
    return DECK.parse_card(token)


def parse_cards(text: str, option: str, count: int | None = None, at_most: int | None = None) -> list[int]:
    """Parse the cards of option ``option``; reject unknown and duplicate cards and wrong counts.

    Parameters
    ----------
    text : str
        Cards separated by spaces or commas, e.g. ``"D10 C2 HJ"``.
    option : str
        The option named in error messages (``--hand``).
    count, at_most : int, optional
        The exact, or the largest, number of cards allowed.
    """
    tokens = [t for t in TOKEN_SPLIT.split(text.strip()) if t]
    cards: list[int] = []
    for token in tokens:
        c = parse_card(token)
        if c in cards:
            raise CardError(f"duplicate card {token!r} in {option}", token)
        cards.append(c)
    if (count is not None and len(cards) != count) or (at_most is not None and len(cards) > at_most):
        want = f"{count}" if count is not None else f"at most {at_most}"
        raise CardError(f"{option} needs {want} cards, got {len(cards)}: {text.strip()!r}",
                        text.strip())
    return cards


def check_disjoint(named: dict[str, list[int]]) -> None:
    """Reject a card given in two of the named sets (``{"--hand": [...], "--table": [...]}``)."""
    seen: dict[int, str] = {}
    for option, cards in named.items():
        for c in cards:
            if c in seen:
                raise CardError(f"card {format_card(c)!r} is both in {seen[c]} and in {option}", format_card(c))
            seen[c] = option


def format_card(card: int, symbols: bool = False) -> str:
    """``DT`` (or ``♦10`` with ``symbols``)."""
    return DECK.format_card(card, symbols)


def mask_to_cards(mask) -> list[int]:
    """Card numbers of a mask in increasing order (suits C D H S, ranks A..K)."""
    return DECK.cards_of_mask(mask)


def mask_names(mask, symbols: bool = False) -> list[str]:
    return [format_card(c, symbols) for c in mask_to_cards(mask)]
