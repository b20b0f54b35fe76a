"""Card notation and bit masks.

Encoding used everywhere in jass-sim
------------------------------------
* Suits ``H D S C`` are 0..3 (hearts, diamonds, spades, clubs).
* Ranks in natural order ``6 7 8 9 T J Q K A`` are 0..8.
* A card is the integer ``suit * 9 + rank`` (0..35), e.g. ``H6`` = 0, ``DJ`` = 14, ``CA`` = 35.
* A set of cards (a hand) is a ``np.uint64`` with bit ``card`` set.
* Modes are 0..3 (trump H, D, S, C), 4 (obe-abe, top down) and 5 (une-ufe, bottom up).
* Seats are 0..3 in playing order; teams are ``seat % 2`` (seats 0 and 2, seats 1 and 3).

Text notation (``docs/rules.md``): suit letter ``H D S C`` or symbol ``♥ ♦ ♠ ♣`` followed by a rank
``6 7 8 9 T J Q K A`` (``10`` is accepted for ``T``), case-insensitive; cards are separated by
spaces or commas. Swiss-German names are accepted too, suit and rank joined by a hyphen
(``Rosen-As``, ``Schellen-Under``, ``Eichel-9``), with the Swisslos mapping: Rosen ♥, Eichel ♦,
Schilten ♠, Schellen ♣; Under J, Ober Q, Banner 10, König (or Koenig) K, As A.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from jass_sim.core.errors import CardError, InputError
from jass_sim.core.notation import Deck

SUITS = "HDSC"
SUIT_SYMBOLS = "♥♦♠♣"
RANKS = "6789TJQKA"
N_CARDS = 36
HAND_SIZE = 9

MODE_NAMES = ("H", "D", "S", "C", "OBE", "UNE")
OBE, UNE = 4, 5
N_MODES = 6

FULL_DECK = np.uint64((1 << N_CARDS) - 1)


#: The 36-card deck and its notation, with the Swiss-German suit and rank names (Swisslos mapping).
DECK = Deck(SUITS, SUIT_SYMBOLS, RANKS, suit_names=("rosen", "eichel", "schilten", "schellen"),
            rank_names=(("under", "J"), ("ober", "Q"), ("banner", "T"), ("könig", "K"), ("koenig", "K"), ("as", "A"),
                        ("ass", "A"), ("buur", "J"), ("puur", "J"), ("nell", "9"), ("näll", "9")),
            alias_hint="Swiss-German such as Rosen-As",
            suit_name_variants=(("rose", 0), ("eicheln", 1), ("schilte", 2), ("schelle", 3)))
#: The Swiss-German deck as people read it (the page's labels): the suit names in suit order, short suit
#: labels that stay distinct (Schilten and Schellen both begin with "Sc"), the rank words and letters.
SWISS_LABELS = {"suits": tuple(w.capitalize() for w in DECK.suit_names), "suit_short": ("Ro", "Ei", "Schi", "Sche"),
                "ranks": {"T": "Banner", "J": "Under", "Q": "Ober", "K": "König", "A": "As"},
                "rank_short": {"T": "B", "J": "U", "Q": "O", "K": "K", "A": "A"}}
#: The modes that are no suit, for people.
MODE_WORDS = {"OBE": "Obenabe", "UNE": "Undenufe"}
_SUIT_OF_CHAR = DECK.suit_of_char
#: Swiss-German suit names, lower-case -> suit.
SWISS_SUITS = DECK.suit_aliases



def card_index(suit: int, rank: int) -> int:
    """Card number of ``suit`` (0..3) and natural ``rank`` (0..8)."""
    return suit * 9 + rank


def card_suit(card: int) -> int:
    return card // 9


def card_rank(card: int) -> int:
    return card % 9



def parse_card(token: str) -> int:
    """Parse one card such as ``HJ``, ``h10``, ``♠A``, ``Rosen-As``; raise :class:`CardError` naming ``token``."""
    return DECK.parse_card(token)


def parse_cards(text: str | Iterable[str], count: int | None = None, unique: bool = True,
                parse=None) -> list[int]:
    """Parse Chibre cards separated by spaces or commas; reject unknown and duplicate cards (see
    :func:`jass_sim.core.notation.parse_card_list`; ``parse`` defaults to :func:`parse_card`)."""
    return DECK.parse_cards(text, count, unique, parse)


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
    return DECK.format_card(card, symbols)


def format_cards(cards: Iterable[int], symbols: bool = False, sep: str = " ") -> str:
    return DECK.format_cards(cards, symbols, sep)


def mask_to_cards(mask) -> list[int]:
    """Card numbers of a mask, in increasing order (suit H..C, rank 6..A)."""
    return DECK.cards_of_mask(mask)


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
    raise InputError(f"unknown mode {text!r} (expected one of {', '.join(MODE_NAMES)}, a suit symbol "
                     f"{' '.join(SUIT_SYMBOLS)}, or a Swiss suit name: Rosen, Eichel, Schilten, Schellen)", text)


def mode_name(mode: int, symbols: bool = False) -> str:
    if symbols and mode < 4:
        return SUIT_SYMBOLS[mode]
    return MODE_NAMES[mode]


def mode_option(value: str | None, allow_auto: bool = True) -> int | None:
    """Mode number of ``--mode``; None for ``auto``."""
    from jass_sim.jass.cards import parse_mode

    if value is None or (allow_auto and value.strip().lower() == "auto"):
        return None
    return parse_mode(value)
