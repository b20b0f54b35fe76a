"""Kernels for trick play: legal moves, which card wins, trick points.

A trick in progress is summarised by the led suit (-1 before the lead) and the card currently
winning it; the highest trump in a trick is always the winning card when a trump was played.
"""

from __future__ import annotations

import numpy as np

from .._jit import U64_ZERO, jit
from .tables import BUUR, LOWER_TRUMPS, POINTS, POWER, SUIT_MASK


@jit(inline="always")
def legal_cards(hand, led_suit, best_card, mode):
    """Mask of the cards of ``hand`` that may be played.

    ``led_suit`` is -1 for the lead; ``best_card`` is the card winning the trick so far.
    """
    if led_suit < 0:
        return hand
    follow = hand & SUIT_MASK[led_suit]
    if mode >= 4:  # obe-abe, une-ufe: follow suit if possible, else any card
        return follow if follow != U64_ZERO else hand
    trumps = hand & SUIT_MASK[mode]
    if led_suit == mode:  # trump led: play trump, unless the only trump held is the Buur
        if trumps == U64_ZERO or trumps == BUUR[mode]:
            return hand
        return trumps
    allowed = (follow | trumps) if follow != U64_ZERO else hand
    if trumps != hand and best_card // 9 == mode:  # no undertrumping, unless holding only trumps
        allowed &= ~LOWER_TRUMPS[mode, best_card]
    return allowed


@jit(inline="always")
def beats(card, best_card, mode):
    """Whether ``card`` played now takes the trick from ``best_card``."""
    if card // 9 == best_card // 9:
        return POWER[mode, card] > POWER[mode, best_card]
    return card // 9 == mode  # a trump on a plain card (mode < 4 only: suits are 0..3)


@jit
def trick_state(trick, n_played, mode):
    """``(led_suit, best_position)`` of the first ``n_played`` cards of ``trick``."""
    if n_played == 0:
        return -1, -1
    best = 0
    for i in range(1, n_played):
        if beats(trick[i], trick[best], mode):
            best = i
    return trick[0] // 9, best


@jit
def legal_moves(hand, trick, n_played, mode):
    """Mask of the legal cards of ``hand`` after the first ``n_played`` cards of ``trick``."""
    led, best = trick_state(trick, n_played, mode)
    best_card = trick[best] if best >= 0 else 0
    return legal_cards(np.uint64(hand), led, best_card, mode)


@jit
def trick_winner(trick, mode):
    """Position (0..3) in ``trick`` of the card that wins the full trick."""
    return trick_state(trick, 4, mode)[1]


@jit
def trick_points(trick, mode, last):
    """Card points of a full trick, plus 5 if it is the last trick."""
    total = 0
    for i in range(4):
        total += POINTS[mode, trick[i]]
    return total + (5 if last else 0)
