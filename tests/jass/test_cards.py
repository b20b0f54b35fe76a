"""Card notation: parsing, formatting and the errors that name the bad token."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import CardError, InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import format_card, mask_to_cards, parse_card, parse_cards, parse_hands, parse_mode


def test_every_card_round_trips():
    for card in range(36):
        assert parse_card(format_card(card)) == card
        assert parse_card(format_card(card, symbols=True)) == card
        assert parse_card(format_card(card).lower()) == card


def test_notation_variants():
    assert parse_card("H10") == parse_card("HT") == parse_card("♥10") == parse_card("h10")
    assert parse_cards("HJ,H9, HA  SK") == [parse_card(c) for c in ("HJ", "H9", "HA", "SK")]
    assert format_card(parse_card("DT")) == "DT" and format_card(parse_card("DT"), True) == "♦10"
    assert parse_card("♣6") == 27 and parse_card("CA") == 35 and parse_card("H6") == 0


def test_example_hand_from_rules():
    cards = parse_cards("HJ H9 HA SK SQ D6 C7 C8 CT", count=9)
    assert mask_to_cards(cards_to_mask(cards)) == sorted(cards)


@pytest.mark.parametrize("text,token", [("HJ X9 HA", "X9"), ("HJ H1 HA", "H1"), ("H", "H"), ("HJ HJJ", "HJJ"),
                                        ("H5", "H5")])
def test_unknown_card_names_token(text, token):
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert err.value.token == token and repr(token) in str(err.value)


def test_duplicate_and_count():
    with pytest.raises(CardError, match="duplicate card 'hj'"):
        parse_cards("HJ H9 hj")
    with pytest.raises(CardError, match="expected 9 cards, got 8"):
        parse_cards("HJ H9 HA SK SQ D6 C7 C8", count=9)
    with pytest.raises(CardError, match="expected 9 cards, got 10"):
        parse_cards("HJ H9 HA SK SQ D6 C7 C8 CT CA", count=9)


def test_card_held_by_two_players():
    with pytest.raises(CardError, match="'HJ' is held by seats 0 and 1"):
        parse_hands(["HJ H6", "HJ H7"], count=2)


def test_modes():
    assert [parse_mode(m) for m in ("H", "d", "♠", "C", "obe", "UNE")] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(InputError, match="unknown mode 'X'"):
        parse_mode("X")
