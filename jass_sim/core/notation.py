"""Card notation shared by every game: a deck described as data (:class:`Deck`: suits, symbols,
ranks, aliases) with its parser, formatter and masks; token splitting; card lists."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.errors import CardError

_OUTLINE_SYMBOL = {"♡": "♥", "♢": "♦", "♤": "♠", "♧": "♣"}

TOKEN_SPLIT = re.compile(r"[\s,]+")

#: The English words of the French-suited letters every deck here uses (for people, not for parsing).
SUIT_WORDS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}


@dataclass(frozen=True)
class Deck:
    """A game's cards and their text notation, as data.

    Card ``suit * n_ranks + rank`` is written with the suit letter and the rank character
    (``HJ``; rank first, ``5H``, with ``rank_first``), or with the suit symbol and ``10`` for
    ``T`` (``♥J``, ``5♥``). Reading is case-insensitive, accepts the symbols (and their outline
    forms ``♡ ♢ ♤ ♧``), ``10`` for ``T`` and ``1`` for an ace that is rank 0; a ``rank_first``
    deck reads either order. A set of cards is a ``np.uint64`` with bit ``card`` set.

    Parameters
    ----------
    suits : str
        The suit letters in suit order (``"HDSC"``).
    suit_symbols : str
        The suit symbols in the same order (``"♥♦♠♣"``).
    ranks : str
        The rank characters from rank 0 up (``"6789TJQKA"``); ``T`` is the ten.
    rank_first : bool
        Cards are written rank first (``5H``) and read in either order.
    suit_names : tuple of str
        Optional words for the suits in suit order, lower-case (Swiss-German ``rosen`` ...),
        read as ``Word-Rank`` (``Rosen-As``, ``Eichel-9``).
    rank_names : tuple of (str, str)
        Optional words for ranks in those alias cards, lower-case, each with its rank character
        (``("under", "J")``).
    alias_hint : str
        How the error message of an unknown card names the aliases (``Swiss-German such as
        Rosen-As``).
    suit_name_variants : tuple of (str, int)
        More words for the suits (other spellings, ``("eicheln", 1)``), lower-case.
    """

    suits: str
    suit_symbols: str
    ranks: str
    rank_first: bool = False
    suit_names: tuple[str, ...] = ()
    rank_names: tuple[tuple[str, str], ...] = ()
    alias_hint: str = ""
    suit_name_variants: tuple[tuple[str, int], ...] = ()
    #: Suit letter or symbol (upper-case) -> suit; rank text (upper-case) -> rank; alias words.
    suit_of_char: dict = field(init=False, repr=False, compare=False)
    rank_of_text: dict = field(init=False, repr=False, compare=False)
    suit_aliases: dict = field(init=False, repr=False, compare=False)
    rank_aliases: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        suit_of_char = {c: i for i, c in enumerate(self.suits)}
        suit_of_char.update({c: i for i, c in enumerate(self.suit_symbols)})
        suit_of_char.update({o: self.suit_symbols.index(c) for o, c in _OUTLINE_SYMBOL.items()
                             if c in self.suit_symbols})
        rank_of_text = {c: i for i, c in enumerate(self.ranks)}
        rank_of_text["10"] = self.ranks.index("T")
        if self.ranks[0] == "A":
            rank_of_text["1"] = 0
        # frozen: the lookup tables are set once, here
        object.__setattr__(self, "suit_of_char", suit_of_char)
        object.__setattr__(self, "rank_of_text", rank_of_text)
        object.__setattr__(self, "suit_aliases", {w: i for i, w in enumerate(self.suit_names)}
                           | dict(self.suit_name_variants))
        object.__setattr__(self, "rank_aliases", {w: self.ranks.index(r) for w, r in self.rank_names})

    @property
    def n_ranks(self) -> int:
        return len(self.ranks)

    @property
    def n_cards(self) -> int:
        return len(self.suits) * len(self.ranks)

    def _rank_text(self) -> str:
        """The ranks as the error messages list them: runs of three digits or more joined
        (``6-9 T J Q K A``)."""
        parts, i = [], 0
        while i < len(self.ranks):
            j = i
            while j + 1 < len(self.ranks) and self.ranks[j].isdigit() and self.ranks[j + 1].isdigit() \
                    and int(self.ranks[j + 1]) == int(self.ranks[j]) + 1:
                j += 1
            parts.append(f"{self.ranks[i]}-{self.ranks[j]}" if j - i >= 2 else " ".join(self.ranks[i:j + 1]))
            i = j + 1
        return " ".join(parts)

    def _unknown(self, token: str) -> CardError:
        suits = f"a suit {' '.join(self.suits)} or {' '.join(self.suit_symbols)}"
        ranks = f"a rank {self._rank_text()}"
        expected = f"{ranks} and {suits}" if self.rank_first else f"{suits} and {ranks}"
        if self.alias_hint:
            expected += f", or {self.alias_hint}"
        text = token.strip()
        if not self.rank_first and len(text) >= 2:  # written rank first (10H): name the card it means
            suit, rank = self.suit_of_char.get(text[-1].upper()), self.rank_of_text.get(text[:-1].upper())
            if suit is not None and rank is not None:
                return CardError(f"unknown card {token!r}: the suit comes first, did you mean "
                                 f"{self.format_card(suit * self.n_ranks + rank)!r}?", token)
        return CardError(f"unknown card {token!r} (expected {expected})", token)

    def _card(self, token: str) -> int | None:
        """The card of ``token``, or None."""
        if self.rank_first:  # either order: rank then suit first
            text = token.strip().upper()
            for suit_text, rank_text in ((text[-1:], text[:-1]), (text[:1], text[1:])):
                suit, rank = self.suit_of_char.get(suit_text), self.rank_of_text.get(rank_text)
                if suit is not None and rank is not None:
                    return suit * self.n_ranks + rank
            return None
        text = token.strip()
        if self.suit_aliases and "-" in text:  # an alias: Rosen-As, Schellen-Under, Eichel-9
            suit_word, _, rank_word = text.partition("-")
            suit = self.suit_aliases.get(suit_word.lower())
            rank = self.rank_aliases.get(rank_word.lower(), self.rank_of_text.get(rank_word.upper()))
        elif len(text) >= 2:
            suit, rank = self.suit_of_char.get(text[0].upper()), self.rank_of_text.get(text[1:].upper())
        else:
            return None
        return None if suit is None or rank is None else suit * self.n_ranks + rank

    def parse_card(self, token: str) -> int:
        """The card number of one card text; a :class:`CardError` naming ``token`` if it is none."""
        card = self._card(token)
        if card is None:
            raise self._unknown(token)
        return card

    def parse_cards(self, text: str | Iterable[str], count: int | None = None, unique: bool = True,
                    parse=None) -> list[int]:
        """Cards separated by spaces or commas (see :func:`parse_card_list`; ``parse`` defaults
        to :meth:`parse_card`)."""
        return parse_card_list(text, parse or self.parse_card, count, unique)

    def format_card(self, card: int, symbols: bool = False) -> str:
        """``HJ`` (``5H`` rank first), or with ``symbols`` ``♥J`` (``5♥``); a ten is ``T``, or
        ``10`` with symbols."""
        suit, rank = divmod(int(card), self.n_ranks)
        if symbols:
            rank_text = "10" if self.ranks[rank] == "T" else self.ranks[rank]
            return rank_text + self.suit_symbols[suit] if self.rank_first else self.suit_symbols[suit] + rank_text
        return self.ranks[rank] + self.suits[suit] if self.rank_first else self.suits[suit] + self.ranks[rank]

    def format_cards(self, cards: Iterable[int], symbols: bool = False, sep: str = " ") -> str:
        return sep.join(self.format_card(c, symbols) for c in cards)

    def to_json(self) -> dict:
        """The notation as data for a client that shows and reads cards (the page): the suit letters,
        symbols and words, the ranks, the order, and every card's code in card order."""
        return {"suits": list(self.suits), "suit_symbols": list(self.suit_symbols),
                "suit_words": [SUIT_WORDS.get(s, s) for s in self.suits], "ranks": list(self.ranks),
                "rank_first": self.rank_first, "cards": [self.format_card(c) for c in range(self.n_cards)],
                "symbol_cards": [self.format_card(c, symbols=True) for c in range(self.n_cards)]}

    def mask(self, cards: Iterable[int]) -> np.uint64:
        """Bit mask (``np.uint64``) of card numbers."""
        return cards_to_mask(cards)

    def cards_of_mask(self, mask) -> list[int]:
        """Card numbers of a mask in increasing order (bits above the deck's cards are ignored)."""
        m, out = int(mask), []
        while m:
            low = m & -m
            card = low.bit_length() - 1
            if card >= self.n_cards:
                break
            out.append(card)
            m ^= low
        return out


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
