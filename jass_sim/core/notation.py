"""Card notation shared by every game: suit and rank tables, token splitting, card masks."""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

from jass_sim.core.errors import CardError

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


TOKEN_SPLIT = re.compile(r"[\s,]+")


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


def cards_to_mask(cards: Iterable[int]) -> np.uint64:
    """Bit mask (``np.uint64``) of a collection of card numbers."""
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return np.uint64(mask)


def parse_card_list(text: str | Iterable[str], parse, count: int | None = None, unique: bool = True) -> list[int]:
    """Parse cards separated by spaces or commas; reject unknown and duplicate cards.

    Parameters
    ----------
    text : str or iterable of str
        The cards, e.g. ``"HJ H9 HA SK SQ D6 C7 C8 CT"``.
    parse : callable
        The game's parser of one card token (raises :class:`CardError` naming it).
    count : int, optional
        The exact number of cards required.
    unique : bool
        Reject a card given twice (else the caller checks).

    Returns
    -------
    list of int
        Card numbers in input order.
    """
    tokens = [t for t in TOKEN_SPLIT.split(text.strip())] if isinstance(text, str) else [str(t) for t in text]
    tokens = [t for t in tokens if t]
    cards: list[int] = []
    for token in tokens:
        card = parse(token)
        if unique and card in cards:
            raise CardError(f"duplicate card {token!r}", token)
        cards.append(card)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}: {' '.join(tokens)!r}",
                        " ".join(tokens))
    return cards
