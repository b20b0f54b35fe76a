"""The rule-based Misère player (issue 53): give points away.

In Misère (:mod:`jass_sim.jass.rules.round_modes`) each team is credited with the points its
opponents make, so every seat wants to take few points and the opponents to take many. The
tricks are Obenabe or Undenufe (no trump). It sees what the ``heuristic`` player sees (its hand,
the cards played, the trick, the shown voids), in the trick's mode. Its rules:

Leading
  the card most likely to lose the trick: the one of its suit with the most unseen cards above it
  (an opponent or the partner must then take the trick, and the partner's points count against
  us only as much as the opponents' for us), fewest points first; a suit nobody else holds is
  led last (its cards win).

Following
  1. If a card of ``legal`` does not beat the trick's best card: when an opponent is winning, the
     non-beating card with the most points (smear the opponent), else (the partner is winning) the
     one with the fewest points, the strongest first (a high card kept is a trick taken later).
  2. Else (every legal card wins the trick so far): playing last, the card with the fewest points
     and then the strongest (the trick is ours; shed a danger); not last, the weakest winning card
     with the fewest points (a later seat may still overtake).
"""

from __future__ import annotations

from jass_sim.core.jit import U64_ONE, jit, lowest_bit, popcount
from jass_sim.jass.cards import FULL_DECK
from jass_sim.jass.rules._tricks import beats
from jass_sim.jass.rules.tables import HIGHER, POINTS, POWER, SUIT_MASK

_BIG = 1 << 30


@jit
def misere_card(seat, legal, hands, trick, n_in_trick, mode, played):
    """The Misère player's card in a trick played in ``mode`` (see the module docstring)."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    hand = hands[seat]
    unseen = FULL_DECK & ~played & ~hand
    if n_in_trick == 0:
        pick = -1
        pick_cost = _BIG
        m = legal
        while m:
            c = lowest_bit(m)
            m &= m - U64_ONE
            above = popcount(HIGHER[mode, c] & unseen)
            out = popcount(SUIT_MASK[c // 9] & unseen)
            cost = -above * 64 + POINTS[mode, c] + (10_000 if out == 0 else 0)
            if cost < pick_cost:
                pick_cost = cost
                pick = c
        return pick
    best_pos = 0
    for i in range(1, n_in_trick):
        if beats(trick[i], trick[best_pos], mode):
            best_pos = i
    best_card = trick[best_pos]
    partner_wins = best_pos == n_in_trick - 2
    pick = -1
    pick_cost = _BIG
    m = legal
    while m:  # cards that do not beat the trick's best card
        c = lowest_bit(m)
        m &= m - U64_ONE
        if beats(c, best_card, mode):
            continue
        if partner_wins:
            cost = POINTS[mode, c] * 64 - POWER[mode, c]
        else:
            cost = -POINTS[mode, c] * 64 - POWER[mode, c]
        if cost < pick_cost:
            pick_cost = cost
            pick = c
    if pick >= 0:
        return pick
    last = n_in_trick == 3
    m = legal
    while m:  # every card wins the trick so far
        c = lowest_bit(m)
        m &= m - U64_ONE
        cost = POINTS[mode, c] * 64 + (-POWER[mode, c] if last else POWER[mode, c])
        if cost < pick_cost:
            pick_cost = cost
            pick = c
    return pick
