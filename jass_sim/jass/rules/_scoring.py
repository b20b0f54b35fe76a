"""Kernel for the score of a round: card points, melds, stöck, match, multiplier."""

from __future__ import annotations

from jass_sim.core.jit import jit
from jass_sim.jass.rules._melds import has_stoeck
from jass_sim.jass.rules.presets import MATCH_BONUS
from jass_sim.jass.rules.round_modes import MELD_MODE, MISERE

# Columns of a round's score row per team.
CARDS, MELDS, STOECK, MATCH, TOTAL = range(5)


@jit(inline="always")
def score_round(hands, mode, meld_winner, m0, m1, card_points0, card_points1, tricks0,
                multipliers, out, stoeck_points):
    """Fill ``out[team] = (cards, melds, stoeck, match, total)`` for one round.

    ``hands`` are the four 9-card hands before play; ``mode`` the round mode
    (:mod:`.round_modes`); ``meld_winner, m0, m1`` come from :func:`team_melds`; ``card_points*``
    include the last-trick 5; ``tricks0`` is the number of tricks team 0 took; ``stoeck_points``
    what a Stöck counts (0: the rules count none). After a match the beaten team's melds and
    stöck are void. In Misère (:data:`~.round_modes.MISERE`) each team's total is the points its
    opponents made (their cards and Matsch bonus), times the multiplier: the declaring team is
    credited with 157 - its own card points. Returns the team whose melds count (-1: none count).
    """
    winner = meld_winner
    out[0, CARDS] = card_points0
    out[1, CARDS] = card_points1
    out[0, MELDS] = m0
    out[1, MELDS] = m1
    for team in range(2):
        out[team, STOECK] = 0
        out[team, MATCH] = 0
    if stoeck_points > 0:
        for seat in range(4):
            if has_stoeck(hands[seat], MELD_MODE[mode]):
                out[seat & 1, STOECK] += stoeck_points
    if tricks0 == 9 or tricks0 == 0:
        taker = 0 if tricks0 == 9 else 1
        out[taker, MATCH] = MATCH_BONUS
        out[1 - taker, MELDS] = 0  # the beaten team's melds and stöck are void
        out[1 - taker, STOECK] = 0
        if winner == 1 - taker:
            winner = -1
    mult = multipliers[mode]
    for team in range(2):
        out[team, TOTAL] = (out[team, CARDS] + out[team, MELDS] + out[team, STOECK] + out[team, MATCH]) * mult
    if MISERE[mode]:
        made0 = out[0, TOTAL]
        out[0, TOTAL] = out[1, TOTAL]
        out[1, TOTAL] = made0
    return winner
