"""Card notation as data (:class:`jass_sim.core.notation.Deck`): every game's deck reads what it
writes, masks round-trip, and the error messages stay each game's own."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.basra.cards import DECK as BASRA
from jass_sim.core.errors import CardError
from jass_sim.core.notation import Deck
from jass_sim.cribbage.cards import DECK as CRIBBAGE
from jass_sim.jass.cards import DECK as JASS

DECKS = {"jass": JASS, "cribbage": CRIBBAGE, "basra": BASRA}


@pytest.mark.parametrize("name", DECKS)
@given(data=st.data())
def test_parse_reads_what_format_writes(name, data):
    deck = DECKS[name]
    card = data.draw(st.integers(0, deck.n_cards - 1))
    for symbols in (False, True):
        text = deck.format_card(card, symbols)
        assert deck.parse_card(text) == card
        assert deck.parse_card(f" {text.lower()} ") == card
    cards = data.draw(st.lists(st.integers(0, deck.n_cards - 1), unique=True, max_size=deck.n_cards))
    assert deck.parse_cards(deck.format_cards(cards, data.draw(st.booleans()), sep=", ")) == cards


@pytest.mark.parametrize("name", DECKS)
@given(data=st.data())
def test_masks_round_trip(name, data):
    deck = DECKS[name]
    cards = data.draw(st.lists(st.integers(0, deck.n_cards - 1), unique=True))
    mask = deck.mask(cards)
    assert isinstance(mask, np.uint64)
    assert deck.cards_of_mask(mask) == sorted(cards)
    bits = data.draw(st.integers(0, (1 << deck.n_cards) - 1))
    assert int(deck.mask(deck.cards_of_mask(bits))) == bits
    assert deck.cards_of_mask(bits | 1 << 63) == deck.cards_of_mask(bits)  # bits past the deck ignored


def test_decks_as_data():
    assert (JASS.n_ranks, JASS.n_cards, CRIBBAGE.n_ranks, BASRA.n_cards) == (9, 36, 13, 52)
    assert JASS.format_card(JASS.parse_card("Rosen-As"), True) == "♥A"
    assert JASS.parse_card("schellen-under") == JASS.parse_card("CJ") and JASS.parse_card("Eichel-10") == 13
    assert CRIBBAGE.parse_card("H5") == CRIBBAGE.parse_card("5h") == 4 and CRIBBAGE.format_card(9, True) == "10♥"
    assert CRIBBAGE.parse_card("1♧") == CRIBBAGE.parse_card("AC")  # outline symbol, 1 for the ace
    assert BASRA.format_card(BASRA.parse_card("♦10")) == "DT"
    tarot = Deck("ABCD", "♥♦♠♣", "A23456789TJCQK", suit_names=("first",), rank_names=(("knight", "C"),),
                 alias_hint="First-Knight")
    assert tarot.n_cards == 56 and tarot.parse_card("First-Knight") == 11
    with pytest.raises(CardError, match=r"a rank A 2-9 T J C Q K, or First-Knight\)$"):
        tarot.parse_card("E5")


# The messages as each game gave them before the deck became data (byte-identical output).
@pytest.mark.parametrize("deck, token, message", [
    (JASS, "X9", ("unknown card 'X9' (expected a suit H D S C or ♥ ♦ ♠ ♣ and a rank 6-9 T J Q K A, "
                  "or Swiss-German such as Rosen-As)")),
    (JASS, "Rosen-Zehn", ("unknown card 'Rosen-Zehn' (expected a suit H D S C or ♥ ♦ ♠ ♣ and a rank "
                          "6-9 T J Q K A, or Swiss-German such as Rosen-As)")),
    (CRIBBAGE, "5X", "unknown card '5X' (expected a rank A 2-9 T J Q K and a suit H D S C or ♥ ♦ ♠ ♣)"),
    (BASRA, "H1O", "unknown card 'H1O' (expected a suit C D H S or ♣ ♦ ♥ ♠ and a rank A 2-9 T J Q K)"),
])
def test_unknown_card_messages(deck, token, message):
    with pytest.raises(CardError) as err:
        deck.parse_card(token)
    assert str(err.value) == message and err.value.token == token
