"""Plain-Python reference of the Differenzler's own rules (issue 52; docs/differenzler.md), the
oracle its kernels are tested against. The trick rules are chibre's: this module takes them from
the Jass reference (``tests/reference.py``), with the trump suit as the mode.

* The deal: from a deck in dealt order, the player after the dealer gets the first 9 cards, the
  next player the next 9, ..., the dealer the last 9; the last card (the bottom card) is shown and
  its suit is trump. No Obenabe, no Undenufe.
* Each seat plays alone and makes the card points of the tricks it takes, the last trick's 5
  included: 157 in all; a Matsch counts 157, no bonus; no Weis, no Stöck.
* A round's penalty is |announced - made|; with the exact bonus B, an exact hit's penalty is -B.
* The player after the dealer announces first and leads the first trick; a game's dealer moves on
  one seat each round; the lowest total penalty wins.
* The rule players ``number`` and ``number-open`` (:func:`ref_number_card`): the rules in the
  docstring of ``jass_sim.jass.differenzler._players`` and in docs/differenzler.md.
"""

from __future__ import annotations

from reference import ref_card_points, ref_card_strength, ref_legal_moves, ref_trick_points, ref_trick_winner

ROUND_POINTS = 157


def ref_deal(deck_order: list[int], dealer: int) -> tuple[list[set[int]], int, int]:
    """``(hands, bottom card, trump suit)`` of a deck in dealt order."""
    hands: list[set[int]] = [set(), set(), set(), set()]
    for k in range(4):
        hands[(dealer + 1 + k) % 4] = set(deck_order[9 * k:9 * k + 9])
    bottom = deck_order[35]
    return hands, bottom, bottom // 9


def ref_penalty(bid: int, made: int, exact_bonus: int) -> int:
    """|bid - made|, minus the exact bonus on an exact hit."""
    return abs(bid - made) - (exact_bonus if bid == made else 0)


def ref_first_leader(dealer: int) -> int:
    """The player after the dealer."""
    return (dealer + 1) % 4


def ref_round(hands: list[set[int]], trump: int, dealer: int, cards_in_order: list[int]) -> list[int]:
    """Replay 36 cards played in order (each checked legal); return each seat's points."""
    hands = [set(h) for h in hands]
    made = [0, 0, 0, 0]
    leader = ref_first_leader(dealer)
    for t in range(9):
        trick = cards_in_order[4 * t:4 * t + 4]
        for i, card in enumerate(trick):
            seat = (leader + i) % 4
            assert card in ref_legal_moves(hands[seat], trick[:i], trump), (t, i, card)
            hands[seat].remove(card)
        winner = (leader + ref_trick_winner(trick, trump)) % 4
        made[winner] += ref_trick_points(trick, trump, t == 8)
        leader = winner
    assert sum(made) == ROUND_POINTS
    return made


def ref_game_winners(penalties: list[list[int]]) -> list[int]:
    """The seats with the lowest total penalty over the rounds (ties: all of them)."""
    totals = [sum(r[s] for r in penalties) for s in range(4)]
    low = min(totals)
    return [s for s in range(4) if totals[s] == low]


def ref_dealers(first_dealer: int, rounds: int) -> list[int]:
    """The dealer of each round: moving on one seat each round."""
    return [(first_dealer + r) % 4 for r in range(rounds)]


# ---------------------------------------------------------------------------------------------
# The rule players ``number`` and ``number-open`` (``jass_sim.jass.differenzler._players``), the
# oracle of ``diff_card`` and ``diff_card_open``. "Power" is the strength within the suit, plus 16
# for a trump (any trump beats any plain card), as the rule players weigh cards; ties go to the
# lowest card number (the kernels scan the cards upwards).
# ---------------------------------------------------------------------------------------------

#: A seat's ``need`` when its number is not known (secret announcements).
UNKNOWN = 1 << 20
_TRUMP_BONUS = 16
_BIG = 1 << 30


def _pts(c: int, trump: int) -> int:
    return ref_card_points(c, trump)


def _power(c: int, trump: int) -> int:
    return ref_card_strength(c, trump) + (_TRUMP_BONUS if c // 9 == trump else 0)


def _beats(c: int, best: int, trump: int) -> bool:
    return ref_trick_winner([best, c], trump) == 1


def _master(c: int, trump: int, unseen: set[int]) -> bool:
    """No unseen card of its suit ranks above it."""
    return not any(u // 9 == c // 9 and _power(u, trump) > _power(c, trump) for u in unseen)


def _argmin(cards, key):
    best, best_key = -1, _BIG
    for c in sorted(cards):
        k = key(c)
        if k < best_key:
            best, best_key = c, k
    return best


def _argmax(cards, key):
    best, best_key = -1, -_BIG
    for c in sorted(cards):
        k = key(c)
        if k > best_key:
            best, best_key = c, k
    return best


def _cheapest(cards, trump, unseen):
    return _argmin(cards, lambda c: _pts(c, trump) * 64 + _power(c, trump) + (2000 if c // 9 == trump else 0)
                   + (1000 if _master(c, trump, unseen) else 0))


def _lead_fight(hand, trump, unseen, voids, seat):
    out_trumps = [c for c in unseen if c // 9 == trump]
    mine = sorted(c for c in hand if c // 9 == trump)
    if mine and out_trumps:
        for c in mine:
            if _master(c, trump, unseen):
                return c
    best, best_pts, longest, longest_len = -1, -1, -1, 0
    for s in range(4):
        suit = sorted(c for c in hand if c // 9 == s)
        if s == trump or not suit:
            continue
        if len(suit) > longest_len:
            longest, longest_len = s, len(suit)
        if out_trumps and any(o != seat and voids >> (4 * o + s) & 1 for o in range(4)):
            continue  # a seat void in it may cut
        for c in suit:
            if _master(c, trump, unseen) and _pts(c, trump) > best_pts:
                best, best_pts = c, _pts(c, trump)
    if best >= 0:
        return best
    if longest >= 0:
        return _cheapest([c for c in hand if c // 9 == longest], trump, unseen)
    return _cheapest(hand, trump, unseen)


def _lead_duck(hand, trump, unseen):
    return _argmin(hand, lambda c: _power(c, trump) * 16 + _pts(c, trump) + (4000 if c // 9 == trump else 0)
                   + (8000 if _master(c, trump, unseen) else 0))


def later_seats_duck(seat: int, n_in_trick: int, needs: list[int]) -> bool:
    """``number-open``'s reading: a card is already in the trick, and every seat still to play in
    it has a known number and is at or above it (``need <= 0``)."""
    if not 0 < n_in_trick < 3:
        return False
    later = [(seat + k) % 4 for k in range(1, 4 - n_in_trick)]
    return all(needs[s] != UNKNOWN and needs[s] <= 0 for s in later)


def ref_number_card(seat: int, legal: set[int], hand: set[int], trick: list[int], trump: int, played: set[int],
                    voids: int, needs: list[int], reads_open: bool, points_player: bool = False) -> int:
    """The card ``number`` (``reads_open`` False), ``number-open`` (True) or, with ``points_player``,
    ``points`` plays for ``seat``; ``needs[s]``: seat ``s``'s number less its points so far
    (:data:`UNKNOWN` when not known; ``number`` reads only its own)."""
    if len(legal) == 1:
        return next(iter(legal))
    need = needs[seat]
    unseen = set(range(36)) - played - hand
    fight = points_player or need > 0
    if not trick:
        return _lead_fight(hand, trump, unseen, voids, seat) if fight else _lead_duck(hand, trump, unseen)
    best = trick[0]
    for c in trick[1:]:
        if _beats(c, best, trump):
            best = c
    trick_pts = sum(_pts(c, trump) for c in trick)
    last = len(trick) == 3
    mine = last or (reads_open and later_seats_duck(seat, len(trick), needs))  # the trick is its own if it beats
    led = trick[0] // 9
    if not fight:
        under = [c for c in legal if not _beats(c, best, trump)]
        if under:  # shed the most points, the strongest first, onto a trick it does not take
            return _argmax(under, lambda c: _pts(c, trump) * 64 + _power(c, trump))
        if mine:  # the trick is its own: the fewest points
            return _argmin(legal, lambda c: _pts(c, trump) * 64 + _power(c, trump))
        return _argmin(legal, lambda c: _power(c, trump) * 64 + _pts(c, trump))  # the weakest: a later seat may win
    limit = _BIG if points_player else 2 * need

    def cost(c):
        if not _beats(c, best, trump) or trick_pts + _pts(c, trump) > limit:
            return _BIG
        cut = c // 9 == trump and led != trump
        if cut and trick_pts < 10 and not (last and trick_pts > 0):
            return _BIG
        safe = last or _master(c, trump, unseen)
        if not safe and trick_pts < 10:
            return _BIG
        return _pts(c, trump) * 8 + _power(c, trump) + (200 if cut else 0) + (0 if safe else 50)

    pick = _argmin(legal, cost)
    return pick if pick >= 0 else _cheapest(legal, trump, unseen)
