"""Kernels for trick play: legal moves, which card wins, trick points.

A trick in progress is summarised by the led suit (-1 before the lead) and the card currently
winning it; the highest trump in a trick is always the winning card when a trump was played.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ZERO, jit
from jass_sim.jass.rules.tables import BUUR, LOWER_TRUMPS, POINTS, POWER, SUIT_MASK, TRUMP_BONUS, TRUMP_MASK


@jit(inline="always")
def legal_cards(hand, led_suit, best_card, mode):
    """Mask of the cards of ``hand`` that may be played.

    ``led_suit`` is -1 for the lead; ``best_card`` is the card winning the trick so far.
    """
    if led_suit < 0:
        return hand
    return legal_follow(hand, led_suit, best_card, mode)


@jit(inline="always")
def legal_follow(hand, led_suit, best_card, mode):
    """:func:`legal_cards` after the lead (``led_suit >= 0``), written with selects rather than
    branches (random play makes every branch here unpredictable); the same rules:

    follow suit if possible, trumps may always be played (none in obe-abe, une-ufe); a trump lead
    does not oblige the holder of the Buur alone; no undertrumping on a plain lead unless holding
    only trumps.
    """
    follow = hand & SUIT_MASK[led_suit]
    trumps = hand & TRUMP_MASK[mode]
    allowed = (follow | trumps) if (follow & ~BUUR[mode]) != U64_ZERO else hand
    lower = LOWER_TRUMPS[mode, best_card]  # 0 unless best_card is a trump
    if led_suit == mode or trumps == hand:
        lower = U64_ZERO
    return allowed & ~lower


@jit(inline="always")
def beats(card, best_card, mode):
    """Whether ``card`` played now takes the trick from ``best_card``."""
    if card // 9 == best_card // 9:
        return POWER[mode, card] > POWER[mode, best_card]
    return card // 9 == mode  # a trump on a plain card (mode < 4 only: suits are 0..3)


@jit(inline="always")
def trick_power(card, led_suit, mode):
    """Strength of ``card`` in a trick led in ``led_suit``: the highest takes the trick.

    ``POWER`` (trumps >= TRUMP_BONUS) for cards of the led suit and trumps, -1 for the others, so
    that ``trick_power(card) > trick_power(best_card)`` exactly when ``beats(card, best_card)``
    (``best_card`` being of the led suit or a trump), as a comparison without branches.
    """
    p = POWER[mode, card]
    return p if card // 9 == led_suit or p >= TRUMP_BONUS else -1


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


@jit(inline="always")
def trick_step(card, i, led, best_card, best_power, best_pos, mode):
    """The state of a trick, ``(led_suit, best_card, best_power, best_pos)``, after ``card`` is
    played as its card number ``i`` (0 leads); ``best_power`` as :func:`trick_power`."""
    if i == 0:
        return card // 9, card, POWER[mode, card], 0
    power = trick_power(card, led, mode)
    if power > best_power:
        return led, card, power, i
    return led, best_card, best_power, best_pos
