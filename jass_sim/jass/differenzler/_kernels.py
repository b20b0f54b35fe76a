"""The Differenzler's compiled round: the bottom-card deal, nine tricks through chibre's one play
step (:func:`~jass_sim.jass.rules._tricks.play_card`, :func:`~jass_sim.jass.rules._tricks.trick_taken`),
each seat's points and penalty.

Trace layout as the Jass round engine's (``int64[9, 6]``): one row per trick, ``(leader, card1,
card2, card3, card4, winner)``.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit
from jass_sim.core.rng import shuffle
from jass_sim.jass.differenzler._players import NO_NUMBER, NUMBER_OPEN, SEARCH, diff_card, diff_card_open
from jass_sim.jass.differenzler._search import SEARCH_WORLDS, search_card
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_taken


@jit(inline="always")
def deal_bottom(rng, deck, hands, dealer):
    """Deal the 36 cards from a shuffled ``deck`` (shuffled in place): the player after the dealer
    gets ``deck[0:9]``, the next ``deck[9:18]``, ..., the dealer ``deck[27:36]``. The bottom card
    ``deck[35]``, the dealer's, is shown: it is returned, and its suit is trump."""
    shuffle(rng, deck, 36)
    for k in range(4):
        h = U64_ZERO
        for j in range(9 * k, 9 * k + 9):
            h |= U64_ONE << np.uint64(deck[j])
        hands[(dealer + 1 + k) & 3] = h
    return deck[35]


@jit(inline="always")
def round_penalty(bid, made, exact_bonus):
    """``|bid - made|``, less ``exact_bonus`` for an exact hit."""
    p = bid - made if bid >= made else made - bid
    if bid == made:
        p -= exact_bonus
    return p


@jit(inline="always")
def play_diff_round(hands, trump, leader, bids, policies, rng, trace, made, trump_card, open_, bonus, coef):
    """Play the nine tricks of a Differenzler round from ``hands`` (``uint64[4]``, emptied), each
    seat by player number ``policies[seat]`` to its number ``bids[seat]``; ``leader`` leads the first
    trick. Fills ``trace`` and ``made`` (each seat's card points, the last trick's 5 included).

    A ``search`` seat (:func:`~._search.search_card`) sees the bottom ``trump_card``, the penalty's
    ``bonus`` on an exact hit, and the others' numbers when they were announced openly (``open_``);
    with secret numbers it reads them from each sampled world by the fast announcer (``coef``). A
    ``number-open`` seat reads the others' numbers and points when they were announced openly."""
    known = np.full(4, -1, dtype=np.int64)
    needs = np.zeros(4, dtype=np.int64)
    for seat in range(4):
        made[seat] = 0
        if open_:
            known[seat] = bids[seat]
    dealer = (leader - 1) & 3
    played = U64_ZERO
    voids = np.int64(0)  # int64 from the start: a literal 0 here made Numba compile every callee twice
    for t in range(9):
        trace[t, 0] = leader
        led = -1
        best_card = 0
        best_power = 0
        best_pos = 0
        for i in range(4):
            seat = (leader + i) & 3
            hand = hands[seat]
            legal = hand if i == 0 else legal_follow(hand, led, best_card, trump)
            if policies[seat] == SEARCH:
                known[seat] = bids[seat]
                card = search_card(seat, legal, hands, trace, t, i, trump, played, voids, made, known, dealer,
                                   trump_card, coef, bonus, np.int64(SEARCH_WORLDS), rng)
                if not open_:
                    known[seat] = -1
            elif policies[seat] == NUMBER_OPEN:
                for s in range(4):
                    needs[s] = bids[s] - made[s] if open_ or s == seat else NO_NUMBER
                # np.int64: the literal constant would compile a second specialisation beside the int64 one
                card = diff_card_open(np.int64(NUMBER_OPEN), seat, legal, hand, trace[t, 1:5], i, trump, played,
                                      voids, needs, rng)
            else:
                card = diff_card(policies[seat], seat, legal, hand, trace[t, 1:5], i, trump, played, voids,
                                 bids[seat] - made[seat], rng)
            trace[t, 1 + i] = card
            played, voids, led, best_card, best_power, best_pos = play_card(card, seat, i, hands, played, voids, led,
                                                                            best_card, best_power, best_pos, trump)
        winner, pts = trick_taken(trace, t, best_pos, trump)
        made[winner] += pts
        leader = winner
