"""Kernels for trick play: legal moves, which card wins, trick points, and the one play step.

A trick in progress is summarised by the led suit (-1 before the lead) and the card currently
winning it; the highest trump in a trick is always the winning card when a trump was played.

:func:`play_card` and :func:`trick_taken` are the Jass play step, written once: every kernel that
plays cards (the round engine, ``play-advice``'s rollouts, ``net``'s search, self-play, the belief
replay) applies a card with them, and the page's position check calls :func:`void_shown` and
:func:`trick_state` (through :mod:`jass_sim.jass.rules`) for the same rules in Python.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ZERO, bit, jit
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.rules.tables import BUUR, LOWER_TRUMPS, POINTS, POWER, RJ, SUIT_MASK, TRUMP_BONUS, TRUMP_MASK


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
    led = -1
    best_card = 0
    best_power = -1
    best_pos = 0
    for i in range(n_played):
        led, best_card, best_power, best_pos = trick_step(trick[i], i, led, best_card, best_power, best_pos, mode)
    return led, best_pos


@jit
def legal_moves(hand, trick, n_played, mode):
    """Mask of the legal cards of ``hand`` after the first ``n_played`` cards of ``trick``."""
    led, best = trick_state(trick, n_played, mode)
    best_card = trick[best] if best >= 0 else 0
    return legal_cards(np.uint64(hand), led, best_card, mode)


_FULL_TRICK = np.int64(4)  # an int64, not a literal 4: trick_state compiles once for every caller


@jit
def trick_winner(trick, mode):
    """Position (0..3) in ``trick`` of the card that wins the full trick."""
    return trick_state(trick, _FULL_TRICK, mode)[1]


@jit
def trick_points(trick, mode, last):
    """Card points of a full trick, plus 5 if it is the last trick."""
    total = 0
    for i in range(4):
        total += POINTS[mode, trick[i]]
    return total + (LAST_TRICK_BONUS if last else 0)


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


@jit(inline="always")
def trick_so_far(trace, t, n_in, mode):
    """The state of trick ``t`` of a round's ``trace`` (:mod:`jass_sim.jass.engine.round`: row ``t``
    holds the leader, then the cards in play order) after its first ``n_in`` cards:
    ``(led_suit, best_card, best_power, best_pos)`` as :func:`trick_step` leaves it, ``(-1, 0, -1, 0)``
    before the lead. Where a play-out starts in the middle of a trick (the search players)."""
    led = -1
    best_card = 0
    best_power = -1
    best_pos = 0
    for i in range(n_in):
        led, best_card, best_power, best_pos = trick_step(trace[t, 1 + i], i, led, best_card, best_power, best_pos,
                                                          mode)
    return led, best_card, best_power, best_pos


@jit(inline="always")
def void_shown(voids, card, seat, led, mode):
    """``voids`` (bit ``4 * seat + suit``: ``seat`` has shown it holds no card of ``suit``) after
    ``seat`` plays ``card`` to a trick led in suit ``led`` (``led >= 0``).

    A card off the led suit shows the void, unless it is a trump on a plain lead (trumping is
    allowed while holding the led suit). On a trump lead the bit means "no trump but perhaps the
    Buur", which its holder may keep back.
    """
    suit = card // 9
    if suit != led and (suit != mode or led == mode):  # (suits are 0..3: no trump when mode >= 4)
        voids |= 1 << (4 * seat + led)
    return voids


@jit(inline="always")
def may_hold(voids, seat, card, mode):
    """Whether ``seat`` may still hold ``card`` by the voids it has shown (:func:`void_shown`): not
    after showing a void in its suit, except the Buur after a void in trumps."""
    suit = card // 9
    return (voids >> (4 * seat + suit)) & 1 == 0 or (suit == mode and card % 9 == RJ)


@jit(inline="always")
def play_card(card, seat, n_in, hands, played, voids, led, best_card, best_power, best_pos, mode):
    """Seat ``seat`` plays ``card`` as card ``n_in`` (0 leads) of the current trick: the card leaves
    ``hands[seat]`` (modified) and joins ``played``, a void it shows is recorded
    (:func:`void_shown`), and the trick's state moves on (:func:`trick_step`).

    Returns ``(played, voids, led, best_card, best_power, best_pos)``. The seat to play next is
    ``(trick leader + n_in + 1) & 3`` until the trick is full; then :func:`trick_taken`.
    """
    b = bit(card)
    hands[seat] ^= b
    played |= b
    if n_in > 0:
        voids = void_shown(voids, card, seat, led, mode)
    led, best_card, best_power, best_pos = trick_step(card, n_in, led, best_card, best_power, best_pos, mode)
    return played, voids, led, best_card, best_power, best_pos


@jit(inline="always")
def trick_result(trace, t, best_pos, mode):
    """``(winner, points)`` of full trick ``t`` of ``trace`` (rows ``(leader, card1..card4,
    winner)``) whose winning card is at ``best_pos``: the winner's seat (it leads the next trick)
    and the trick's card points, with the last trick's 5 for trick 8."""
    winner = (trace[t, 0] + best_pos) & 3
    points = POINTS[mode, trace[t, 1]] + POINTS[mode, trace[t, 2]] + POINTS[mode, trace[t, 3]] \
        + POINTS[mode, trace[t, 4]]
    if t == 8:
        points += LAST_TRICK_BONUS
    return winner, points


@jit(inline="always")
def trick_taken(trace, t, best_pos, mode):
    """:func:`trick_result`, written into ``trace``: the winner into ``trace[t, 5]`` and, before
    the last trick, as the leader of trick ``t + 1``."""
    winner, points = trick_result(trace, t, best_pos, mode)
    trace[t, 5] = winner
    if t < 8:
        trace[t + 1, 0] = winner
    return winner, points
