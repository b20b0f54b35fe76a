"""Kernel for the score of a round: card points, melds, stöck, match, multiplier."""

from __future__ import annotations

from .._jit import jit
from .presets import MATCH_BONUS, STOECK_POINTS
from ._melds import has_stoeck

# Columns of a round's score row per team.
CARDS, MELDS, STOECK, MATCH, TOTAL = range(5)


@jit
def score_round(hands, mode, meld_winner, m0, m1, card_points0, card_points1, tricks0,
                multipliers, out):
    """Fill ``out[team] = (cards, melds, stoeck, match, total)`` for one round.

    ``hands`` are the four 9-card hands before play; ``meld_winner, m0, m1`` come from
    :func:`team_melds`; ``card_points*`` include the last-trick 5; ``tricks0`` is the number of
    tricks team 0 took. After a match the beaten team's melds and stöck are void. Returns the
    team whose melds count (-1: none count).
    """
    winner = meld_winner
    s0 = 0
    s1 = 0
    for seat in range(4):
        if has_stoeck(hands[seat], mode):
            if seat & 1:
                s1 += STOECK_POINTS
            else:
                s0 += STOECK_POINTS
    x0 = 0
    x1 = 0
    if tricks0 == 9:
        x0 = MATCH_BONUS
        m1 = 0
        s1 = 0
        if winner == 1:
            winner = -1
    elif tricks0 == 0:
        x1 = MATCH_BONUS
        m0 = 0
        s0 = 0
        if winner == 0:
            winner = -1
    mult = multipliers[mode]
    out[0, CARDS] = card_points0
    out[0, MELDS] = m0
    out[0, STOECK] = s0
    out[0, MATCH] = x0
    out[0, TOTAL] = (card_points0 + m0 + s0 + x0) * mult
    out[1, CARDS] = card_points1
    out[1, MELDS] = m1
    out[1, STOECK] = s1
    out[1, MATCH] = x1
    out[1, TOTAL] = (card_points1 + m1 + s1 + x1) * mult
    return winner
