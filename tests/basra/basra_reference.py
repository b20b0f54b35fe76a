"""Plain-Python reference rules of Basra (slow and obvious), as written in docs/basra.md.

Cards are numbers 0..51 (``suit * 13 + rank``, suits C D H S, ranks A 2..9 T J Q K); sets of
cards are Python sets. Nothing here uses the kernels.
"""

from __future__ import annotations

from itertools import combinations

JACK, QUEEN, KING = 10, 11, 12
D7 = 13 + 6


def rank(card: int) -> int:
    return card % 13


def points(card: int) -> int:
    """♦10 3, ♣2 2, each Jack 1, each Ace 1."""
    if card == 13 + 9:
        return 3
    if card == 1:
        return 2
    return 1 if rank(card) in (0, JACK) else 0


def _splits_into_sums(cards: list[int], v: int) -> bool:
    """Whether ``cards`` (numerals) split into groups that each sum to ``v``."""
    if not cards:
        return True
    if sum(rank(c) + 1 for c in cards) % v:
        return False
    first, rest = cards[0], cards[1:]
    for k in range(len(rest) + 1):
        for group in combinations(rest, k):
            if rank(first) + 1 + sum(rank(c) + 1 for c in group) == v:
                if _splits_into_sums([c for c in rest if c not in group], v):
                    return True
    return False


def ref_numeral_capture(v: int, table: set[int]) -> set[int]:
    """Every table card of value ``v`` and the best set of smaller numerals that splits into
    sums of ``v``: most cards, then most card points, then the higher values (compared from the
    highest down), then the smallest mask (the lowest suits within a value)."""
    same = {c for c in table if rank(c) == v - 1}
    small = sorted(c for c in table if rank(c) + 1 < v)
    best, best_key = set(), None
    for k in range(len(small) + 1):
        for subset in combinations(small, k):
            if not _splits_into_sums(list(subset), v):
                continue
            key = (len(subset), sum(points(c) for c in subset),
                   sorted((rank(c) for c in subset), reverse=True), -sum(1 << c for c in subset))
            if best_key is None or key > best_key:
                best, best_key = set(subset), key
    return same | best


def ref_capture(card: int, table: set[int], seven_diamonds: bool = False) -> tuple[set[int], bool]:
    """``(captured table cards, basra)`` when ``card`` is played on ``table``."""
    if not table:
        return set(), False
    r = rank(card)
    if r == JACK:
        return set(table), len(table) == 1 and rank(next(iter(table))) == JACK
    if seven_diamonds and card == D7:
        return set(table), ref_numeral_capture(7, table) == table
    got = {c for c in table if rank(c) == r} if r >= QUEEN else ref_numeral_capture(r + 1, table)
    return got, bool(got) and got == table


def ref_legal(hand: set[int], table: set[int], seven_diamonds: bool, compulsory: bool) -> set[int]:
    if not compulsory:
        return set(hand)
    caps = {c for c in hand if ref_capture(c, table, seven_diamonds)[0]}
    return caps or set(hand)


class RefRound:
    """A referee: replays a round card by card and checks every move against the rules."""

    def __init__(self, deals: list[list[set[int]]], table: set[int], n: int, dealer: int,
                 seven_diamonds=False, majority=3, compulsory=False):
        self.deals, self.n, self.dealer = deals, n, dealer
        self.rules = (seven_diamonds, compulsory)
        self.majority = majority
        self.hands = [set(h) for h in deals[0]]
        self.table = set(table)
        self.piles = [set(), set()]
        self.basras = [0, 0]
        self.last = None
        self.t = 0

    def to_move(self) -> int:
        return (self.dealer + 1 + self.t) % self.n

    def play(self, seat: int, card: int) -> tuple[set[int], bool, set[int]]:
        """Play and return ``(captured, basra, table after)``; AssertionError on an illegal move."""
        assert seat == self.to_move(), f"seat {seat} plays out of turn"
        assert card in ref_legal(self.hands[seat], self.table, *self.rules), f"illegal card {card}"
        self.hands[seat].remove(card)
        got, basra = ref_capture(card, self.table, self.rules[0])
        if got:
            self.table -= got
            self.piles[seat % 2] |= got | {card}
            self.basras[seat % 2] += basra
            self.last = seat
        else:
            self.table.add(card)
        self.t += 1
        if not any(self.hands[:self.n]) and self.t // (6 * self.n) < len(self.deals):
            self.hands = [set(h) for h in self.deals[self.t // (6 * self.n)]]
        return got, basra, set(self.table)

    def finish(self) -> tuple[int, set[int]]:
        """The last capturer (the dealer if nobody captured) takes the table: ``(seat, cards)``."""
        taker = self.dealer if self.last is None else self.last
        left = set(self.table)
        self.piles[taker % 2] |= left
        self.table = set()
        return taker, left

    def score(self) -> list[dict]:
        out = []
        for side in range(2):
            cards = sum(points(c) for c in self.piles[side])
            maj = self.majority if len(self.piles[side]) > 26 else 0
            out.append({"cards": cards, "majority": maj, "basras": 10 * self.basras[side],
                        "total": cards + maj + 10 * self.basras[side], "basra_count": self.basras[side]})
        return out
