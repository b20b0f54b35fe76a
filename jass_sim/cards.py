"""Card notation and bit masks.

Encoding used everywhere in jass-sim
------------------------------------
* Suits ``H D S C`` are 0..3 (hearts, diamonds, spades, clubs).
* Ranks in natural order ``6 7 8 9 T J Q K A`` are 0..8.
* A card is the integer ``suit * 9 + rank`` (0..35), e.g. ``H6`` = 0, ``DJ`` = 14, ``CA`` = 35.
* A set of cards (a hand) is a ``np.uint64`` with bit ``card`` set.
* Modes are 0..3 (trump H, D, S, C), 4 (obe-abe, top down) and 5 (une-ufe, bottom up).
* Seats are 0..3 in playing order; teams are ``seat % 2`` (seats 0 and 2, seats 1 and 3).

Text notation (RULES.md): suit letter ``H D S C`` or symbol ``♥ ♦ ♠ ♣`` followed by a rank
``6 7 8 9 T J Q K A`` (``10`` is accepted for ``T``), case-insensitive; cards are separated by
spaces or commas. Swiss-German names are accepted too, suit and rank joined by a hyphen
(``Rosen-As``, ``Schellen-Under``, ``Eichel-9``), with the Swisslos mapping: Rosen ♥, Eichel ♦,
Schilten ♠, Schellen ♣; Under J, Ober Q, Banner 10, König (or Koenig) K, As A.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

SUITS = "HDSC"
SUIT_SYMBOLS = "♥♦♠♣"
RANKS = "6789TJQKA"
N_CARDS = 36
HAND_SIZE = 9

MODE_NAMES = ("H", "D", "S", "C", "OBE", "UNE")
OBE, UNE = 4, 5
N_MODES = 6

FULL_DECK = np.uint64((1 << N_CARDS) - 1)

_OUTLINE_SYMBOL = {"♡": "♥", "♢": "♦", "♤": "♠", "♧": "♣"}


def notation_tables(suits: str, suit_symbols: str, ranks: str) -> tuple[dict, dict]:
    """``(suit_of_char, rank_of_text)`` for a deck whose suits are ``suits`` (letters) or
    ``suit_symbols`` (solid symbols; the outline ones are accepted too) and whose ranks are the
    characters of ``ranks`` (``10`` is accepted for ``T``, and ``1`` for ``A`` when the ace is
    rank 0). Shared by the Chibre, Basra and Cribbage parsers."""
    suit_of_char = {c: i for i, c in enumerate(suits)}
    suit_of_char.update({c: i for i, c in enumerate(suit_symbols)})
    suit_of_char.update({o: suit_symbols.index(c) for o, c in _OUTLINE_SYMBOL.items() if c in suit_symbols})
    rank_of_text = {c: i for i, c in enumerate(ranks)}
    rank_of_text["10"] = ranks.index("T")
    if ranks[0] == "A":
        rank_of_text["1"] = 0
    return suit_of_char, rank_of_text


_SUIT_OF_CHAR, _RANK_OF_TEXT = notation_tables(SUITS, SUIT_SYMBOLS, RANKS)
_SPLIT = re.compile(r"[\s,]+")
#: Swiss-German suit and rank names (Swisslos mapping), lower-case.
SWISS_SUITS = {"rosen": 0, "eichel": 1, "schilten": 2, "schellen": 3}
SWISS_RANKS = {"under": RANKS.index("J"), "ober": RANKS.index("Q"), "banner": RANKS.index("T"),
               "könig": RANKS.index("K"), "koenig": RANKS.index("K"), "as": RANKS.index("A")}


class InputError(ValueError):
    """Bad user input; ``token`` is the offending piece, named in the one-line error message."""

    def __init__(self, message: str, token: str | None = None):
        super().__init__(message)
        self.token = token


class CardError(InputError):
    """A card text that cannot be parsed, or a set of cards that breaks a rule of the deal."""


def card_index(suit: int, rank: int) -> int:
    """Card number of ``suit`` (0..3) and natural ``rank`` (0..8)."""
    return suit * 9 + rank


def card_suit(card: int) -> int:
    return card // 9


def card_rank(card: int) -> int:
    return card % 9


def card_from_text(token: str, suit_of_char: dict, rank_of_text: dict, n_ranks: int) -> int | None:
    """Card number ``suit * n_ranks + rank`` of a suit character and a rank text (looked up,
    upper-cased, in the two tables), or None when ``token`` is not one (shared with Basra)."""
    text = token.strip()
    if len(text) >= 2:
        suit = suit_of_char.get(text[0].upper())
        rank = rank_of_text.get(text[1:].upper())
        if suit is not None and rank is not None:
            return suit * n_ranks + rank
    return None


def parse_card(token: str) -> int:
    """Parse one card such as ``HJ``, ``h10``, ``♠A``, ``Rosen-As``; raise :class:`CardError` naming ``token``."""
    text = token.strip()
    if "-" in text:  # Swiss-German: Rosen-As, Schellen-Under, Eichel-9
        suit_word, _, rank_word = text.partition("-")
        suit = SWISS_SUITS.get(suit_word.lower())
        rank = SWISS_RANKS.get(rank_word.lower(), _RANK_OF_TEXT.get(rank_word.upper()))
        if suit is not None and rank is not None:
            return card_index(suit, rank)
    else:
        card = card_from_text(text, _SUIT_OF_CHAR, _RANK_OF_TEXT, len(RANKS))
        if card is not None:
            return card
    raise CardError(f"unknown card {token!r} (expected a suit H D S C or ♥ ♦ ♠ ♣ and a rank 6-9 T J Q K A, "
                    "or Swiss-German such as Rosen-As)", token)


def parse_cards(text: str | Iterable[str], count: int | None = None, unique: bool = True,
                parse=None) -> list[int]:
    """Parse cards separated by spaces or commas; reject unknown and duplicate cards.

    Parameters
    ----------
    text : str or iterable of str
        The cards, e.g. ``"HJ H9 HA SK SQ D6 C7 C8 CT"``.
    count : int, optional
        The exact number of cards required.
    unique : bool
        Reject a card given twice (else the caller checks).
    parse : callable, optional
        Parser of one card (default :func:`parse_card`; the cribbage package passes its own).

    Returns
    -------
    list of int
        Card numbers in input order.
    """
    tokens = [t for t in _SPLIT.split(text.strip())] if isinstance(text, str) else [str(t) for t in text]
    tokens = [t for t in tokens if t]
    cards: list[int] = []
    for token in tokens:
        card = (parse or parse_card)(token)
        if unique and card in cards:
            raise CardError(f"duplicate card {token!r}", token)
        cards.append(card)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}: {' '.join(tokens) or '(none)'!r}",
                        " ".join(tokens))
    return cards


def parse_hands(texts: Iterable[str], count: int | None = HAND_SIZE) -> list[list[int]]:
    """Parse several hands and reject a card held by two of them."""
    hands = [parse_cards(t, count) for t in texts]
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for c in hand:
            if c in owner:
                raise CardError(f"card {format_card(c)!r} is held by seats {owner[c]} and {seat}",
                                format_card(c))
            owner[c] = seat
    return hands


def format_card(card: int, symbols: bool = False) -> str:
    """``HJ`` (or ``♥J`` with ``symbols``); tens are written ``T`` (``10`` with symbols)."""
    suit, rank = divmod(int(card), 9)
    if symbols:
        return SUIT_SYMBOLS[suit] + ("10" if RANKS[rank] == "T" else RANKS[rank])
    return SUITS[suit] + RANKS[rank]


def format_cards(cards: Iterable[int], symbols: bool = False, sep: str = " ") -> str:
    return sep.join(format_card(c, symbols) for c in cards)


def cards_to_mask(cards: Iterable[int]) -> np.uint64:
    """Bit mask (``np.uint64``) of a collection of card numbers."""
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return np.uint64(mask)


def mask_to_cards(mask) -> list[int]:
    """Card numbers of a mask, in increasing order (suit H..C, rank 6..A)."""
    m = int(mask)
    return [c for c in range(N_CARDS) if m >> c & 1]


def parse_mode(text: str) -> int:
    """Mode number of ``H D S C OBE UNE`` (or a suit symbol or Swiss-German suit name), case-insensitive."""
    t = text.strip().upper()
    if t in MODE_NAMES:
        return MODE_NAMES.index(t)
    if len(t) == 1 and t in _SUIT_OF_CHAR:
        return _SUIT_OF_CHAR[t]
    if t.lower() in SWISS_SUITS:
        return SWISS_SUITS[t.lower()]
    aliases = {"OBEABE": OBE, "OBE-ABE": OBE, "OBENABE": OBE, "UNEUFE": UNE, "UNE-UFE": UNE, "UNDENUFE": UNE}
    if t in aliases:
        return aliases[t]
    raise InputError(f"unknown mode {text!r} (expected one of {', '.join(MODE_NAMES)})", text)


def mode_name(mode: int, symbols: bool = False) -> str:
    if symbols and mode < 4:
        return SUIT_SYMBOLS[mode]
    return MODE_NAMES[mode]
