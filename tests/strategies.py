"""Hypothesis strategies for random Chibre states (deals, modes, positions in a round)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from reference import ref_legal_moves, ref_trick_winner

modes = st.integers(0, 5)
rule_names = st.sampled_from(["chibre", "schieber"])


@st.composite
def deals(draw):
    """Four 9-card hands (sets) of a uniformly shuffled deck."""
    deck = draw(st.permutations(range(36)))
    return [set(deck[9 * s: 9 * s + 9]) for s in range(4)]


@st.composite
def hands(draw, size=9):
    return set(draw(st.permutations(range(36)))[:size])


@st.composite
def positions(draw):
    """A reachable position: ``(hands_left, trick_so_far, mode, seat_to_play)``.

    A random deal is played by random legal moves (reference rules) up to a random point.
    """
    deal = draw(deals())
    mode = draw(modes)
    leader = draw(st.integers(0, 3))
    stop = draw(st.integers(0, 35))
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    hands_left = [set(h) for h in deal]
    trick: list[int] = []
    played = 0
    while True:
        seat = (leader + len(trick)) % 4
        if played == stop:
            return hands_left, trick, mode, seat
        card = rnd.choice(sorted(ref_legal_moves(hands_left[seat], trick, mode)))
        hands_left[seat].remove(card)
        trick.append(card)
        played += 1
        if len(trick) == 4:
            leader = (leader + ref_trick_winner(trick, mode)) % 4
            trick = []
