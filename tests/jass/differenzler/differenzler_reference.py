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
"""

from __future__ import annotations

from reference import ref_legal_moves, ref_trick_points, ref_trick_winner

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
