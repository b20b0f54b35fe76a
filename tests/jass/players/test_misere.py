"""The Misère player (issue 53): its rules on hand-made tricks, and legal play in whole Misère
rounds (tests/jass/rules/test_round_modes.py plays heuristic/net seats through it against the
reference). Plain Python under NUMBA_DISABLE_JIT=1 too; a few positions, well under a second warm."""

from __future__ import annotations

import numpy as np
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import OBE, UNE, parse_cards
from jass_sim.jass.players.misere import misere_card

pytestmark = pytest.mark.nojit


def _card(hand, trick, mode, legal=None, played=()):
    """Seat 3 (after seats 0..2 of ``trick``, the trick led by seat ``3 - len(trick)``) plays."""
    hands = np.zeros(4, dtype=np.uint64)
    hands[3] = cards_to_mask(parse_cards(hand))
    cards = parse_cards(trick) if trick else []
    arr = np.zeros(4, dtype=np.int64)
    arr[:len(cards)] = cards
    mask = hands[3] if legal is None else np.uint64(cards_to_mask(parse_cards(legal)))
    seen = np.uint64(cards_to_mask(cards + (parse_cards(played) if played else [])))
    return misere_card(3, mask, hands, arr, len(cards), mode, seen)


def test_smears_an_opponent_with_the_most_points_it_cannot_win_with():
    # seat 2 (an opponent of seat 3) leads HK, seat 3 plays second: HT and HQ lose to HK
    assert _card("HT HQ HA", "HK", OBE, legal="HT HQ HA") == parse_cards("HT")[0]


def test_gives_the_partner_no_points():
    # seat 1 (the partner of seat 3) leads HA, seat 2 follows H6: the partner wins, seat 3 adds nothing
    assert _card("HT H7 HQ", "HA H6", OBE) == parse_cards("H7")[0]
    # the same cards with an opponent winning (seat 2's HA over seat 1's H6): it smears the 10
    assert _card("HT H7 HQ", "H6 HA", OBE) == parse_cards("HT")[0]


def test_forced_to_win_last_it_sheds_its_strongest_card_without_points():
    # under Undenufe the 6 is highest: every heart of seat 3 beats H9, it plays last
    assert _card("H6 H7 H8", "H9 HK HA", UNE) == parse_cards("H7")[0]  # the 7 counts 0 (the 6 11, the 8 8)


def test_leads_the_card_most_likely_to_lose():
    # leading in Obenabe: H6 has 8 unseen hearts above it; SA none (it wins)
    assert _card("H6 SA CK", "", OBE) == parse_cards("H6")[0]
