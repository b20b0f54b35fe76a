"""Hand and crib scoring: checked public wrappers of the compiled kernels in ``_scoring`` and
the list of scoring combinations shown by ``jass-sim cribbage score``."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

import numpy as np

from jass_sim.core.errors import CardError
from jass_sim.cribbage import _scoring
from jass_sim.cribbage.cards import JACK, card_rank, card_suit, card_value, format_card, parse_card, parse_cards


@dataclass(frozen=True)
class Combination:
    """One scoring combination: ``kind`` (fifteen, pair, run, flush, nobs), its cards, its points."""

    kind: str
    cards: tuple[int, ...]
    points: int

    def to_json(self) -> dict:
        return {"kind": self.kind, "cards": [format_card(c) for c in self.cards], "points": self.points}


def parse_hand(hand: str, starter: str | None) -> tuple[list[int], int | None]:
    """Parse four held cards and an optional starter; reject a wrong count, a duplicate, an
    unknown card and a starter that is already in the hand (:class:`~jass_sim.jass.cards.InputError`)."""
    cards = parse_cards(hand, 4)
    if starter is None:
        return cards, None
    s = parse_card(starter)
    if s in cards:
        raise CardError(f"the starter {starter!r} is already in the hand", starter)
    return cards, s


def score(hand, starter: int | None, crib: bool = False) -> int:
    """Points of four cards ``hand`` with ``starter`` (None: the four cards alone) under hand
    rules or, with ``crib``, crib rules (a flush counts only with all five cards).

    Wraps the kernel ``_scoring.score_many``.
    """
    cards = [int(c) for c in hand]
    every = cards + ([int(starter)] if starter is not None else [])
    if len(cards) != 4 or len(set(every)) != len(every) or not all(0 <= c < 52 for c in every):
        raise CardError(f"a hand is four distinct cards 0..51 and a starter not among them, got {every}")
    return int(_scoring.score_many(np.array([cards], dtype=np.int64), np.array([-1 if starter is None else starter]), crib)[0])


def combinations_of(hand, starter: int | None, crib: bool = False) -> list[Combination]:
    """Every scoring combination of ``hand`` (and ``starter``), in the order players count them:
    fifteens, pairs, runs, flush, nobs. Their points add up to :func:`score`."""
    held = list(hand)
    cards = held + ([starter] if starter is not None else [])
    out: list[Combination] = []
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(card_value(c) for c in combo) == 15:
                out.append(Combination("fifteen", combo, 2))
    for a, b in combinations(cards, 2):
        if card_rank(a) == card_rank(b):
            out.append(Combination("pair", (a, b), 2))
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(card_rank(c), []).append(c)
    r = 0
    while r < 13:
        if r not in by_rank:
            r += 1
            continue
        end = r
        while end + 1 in by_rank:
            end += 1
        if end - r + 1 >= 3:
            for combo in product(*(by_rank[k] for k in range(r, end + 1))):
                out.append(Combination("run", tuple(combo), end - r + 1))
        r = end + 1
    suits = {card_suit(c) for c in held}
    if len(suits) == 1:
        five = starter is not None and card_suit(starter) in suits
        if five:
            out.append(Combination("flush", tuple(cards), 5))
        elif not crib:
            out.append(Combination("flush", tuple(held), 4))
    if starter is not None:
        for c in held:
            if card_rank(c) == JACK and card_suit(c) == card_suit(starter):
                out.append(Combination("nobs", (c,), 1))
    return out
