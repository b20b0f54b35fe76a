"""The Differenzler's players: each plays a legal card (the round test against the reference plays
them), the ``number`` player fights below its number and sheds points at or above it, and in
duplicate rounds it beats the points-maximising player with the same announcements.

Budget: the positions are single calls (nojit); the duplicate test plays 5 x 1024 rounds (about a
second once the batch kernel is compiled; the effect, 1.3 points a seat, is ~15 standard errors)."""

from __future__ import annotations

import numpy as np
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import parse_card, parse_cards
from jass_sim.jass.differenzler._players import NO_NUMBER, NUMBER, POINTS_PLAYER, diff_card
from jass_sim.jass.rules._tricks import legal_cards

TRUMP = 0  # hearts


def _play(policy, hand, trick, need, played=""):
    hand_mask = np.uint64(cards_to_mask(parse_cards(hand)))
    cards = parse_cards(trick) if trick else []
    t = np.zeros(4, dtype=np.int64)
    t[:len(cards)] = cards
    led = cards[0] // 9 if cards else -1
    best = cards[0] if cards else 0
    for c in cards[1:]:
        from jass_sim.jass.rules._tricks import beats

        if beats(c, best, TRUMP):
            best = c
    # uint64 as the round kernels pass it: the overload they compile anyway serves these calls (an int64
    # legal mask would compile diff_card once more for this file alone, 3 CPU s cold; issue 50 item 8)
    legal = np.uint64(legal_cards(hand_mask, led, best, TRUMP))
    played_mask = np.uint64(cards_to_mask(parse_cards(played) + cards)) if played or cards else np.uint64(0)
    card = diff_card(policy, 1, legal, hand_mask, t, len(cards), TRUMP, played_mask, 0, need,
                     np.ones(4, dtype=np.uint64))
    assert (int(legal) >> int(card)) & 1
    return int(card)


@pytest.mark.nojit
def test_at_its_number_it_sheds_points_onto_the_trick_it_cannot_win():
    # the king of spades leads; holding ST and S7 (must follow), neither beats it
    assert _play(NUMBER, "ST S7 DA D6 C6 C7 C8 C9 CT", "SK", need=0) == parse_card("ST")
    assert _play(POINTS_PLAYER, "ST S7 DA D6 C6 C7 C8 C9 CT", "SK", need=NO_NUMBER) == parse_card("S7")


@pytest.mark.nojit
def test_below_its_number_it_takes_the_trick_and_above_it_ducks():
    hand = "SA S7 DA D6 C6 C7 C8 C9 CT"
    assert _play(NUMBER, hand, "SK S6 S8", need=40) == parse_card("SA")
    assert _play(POINTS_PLAYER, hand, "SK S6 S8", need=NO_NUMBER) == parse_card("SA")
    assert _play(NUMBER, hand, "SK S6 S8", need=-5) == parse_card("S7")


@pytest.mark.nojit
def test_below_its_number_it_declines_a_trick_that_overshoots_it():
    # 4 points short: taking 4 + 10 + 11 would leave it 21 over
    assert _play(NUMBER, "SA S7 DA D6 C6 C7 C8 C9 CT", "SK ST S8", need=4) == parse_card("S7")


@pytest.mark.nojit
def test_leading_at_its_number_it_leads_low_not_a_master():
    card = _play(NUMBER, "SA S6 DA D7 C6 C7 C8 C9 CT", "", need=0)
    assert card in (parse_card("S6"), parse_card("C6"), parse_card("D7"))


def test_number_beats_points_in_duplicate_rounds():
    from jass_sim.jass.differenzler.duplicate import duplicate

    d = duplicate(1024, "number", "points", seed=3)
    assert d["ci95"][0] > 0, d  # points' penalty is higher: the number player is better
