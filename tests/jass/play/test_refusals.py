"""A card refused at the table names the rule it breaks (issue 43, item 6): the suit to follow and
the cards that oblige, the trump it may not undertrump, and the Buur that need not follow."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import parse_cards, parse_mode
from jass_sim.jass.play.position import build_position

HEARTS = parse_mode("H")


def refusal(hand: str, played: str, mode: int = HEARTS, leader: int = 1) -> InputError:
    with pytest.raises(InputError) as err:
        build_position(parse_cards(hand), mode, leader, parse_cards(played))
    return err.value


def test_a_card_that_does_not_follow_names_the_suit_and_the_card_that_obliges():
    # spades led by seat 1; seat 0 holds S9 and plays C7
    err = refusal("H8 H9 HQ HA S9 C7 D6 D7 D8", "S6 SK S7 C7")
    assert str(err) == "seat 0 may not play C7 here: you must follow ♠ (you hold S9) or trump"
    assert err.token == "C7"  # the page shows the line next to the field holding C7


def test_without_trumps_there_is_no_or_trump():
    err = refusal("H8 H9 HQ HA S9 C7 D6 D7 D8", "S6 SK S7 C7", mode=parse_mode("OBE"))
    assert str(err) == "seat 0 may not play C7 here: you must follow ♠ (you hold S9)"


def test_an_undertrump_names_the_trump_it_is_under_and_the_suit_that_could_be_followed():
    # seat 2 trumps the spade lead with HK; seat 0 could follow with S9 but plays H8
    err = refusal("H8 H9 HQ HA S9 C7 D6 D7 D8", "S6 HK S7 H8")
    assert str(err) == "seat 0 may not play H8 here: you may not undertrump HK while you can follow ♠ (you hold S9)"
    assert err.token == "H8"
    # no spade left, but other cards than trumps: still no undertrumping
    err = refusal("H8 H9 HQ HA C8 C7 D6 D7 D8", "S6 HK S7 H8")
    assert str(err) == ("seat 0 may not play H8 here: you may not undertrump HK while you hold cards other "
                        "than trumps (D6 D7 D8 C7 C8)")


def test_a_trump_lead_does_not_oblige_the_buur_alone():
    # hearts led; seat 0's only heart is the Buur (HJ): any card may be played
    pos = build_position(parse_cards("HJ S9 SA C7 C8 D6 D7 D8 DA"), HEARTS, 1, parse_cards("H6 H7 HT C7"),
                         require_turn=False)
    assert pos.played[-1] == parse_cards("C7")[0]
    # with another trump besides the Buur, the line says which card obliges and that the Buur need not follow
    err = refusal("HJ H9 SA C7 C8 D6 D7 D8 DA", "H6 H7 HT C7")
    assert str(err) == "seat 0 may not play C7 here: you must follow trump ♥ (you hold H9; only the Buur HJ need not follow)"


def test_another_seats_card_is_refused_with_its_own_holding_when_all_hands_are_known():
    hands = [parse_cards(h) for h in ("H8 H9 HQ HA S9 C7 D6 D7 D8", "S6 SK S8 ST C9 CT CJ CQ CK",
                                      "S7 SQ SJ SA H6 H7 HT C6 HK", "D9 DT DJ DQ DK DA CA HJ C8")]
    with pytest.raises(InputError) as err:
        build_position(hands[0], HEARTS, 1, parse_cards("S6 C6"), hands=hands)
    assert str(err.value) == "seat 2 may not play C6 here: it must follow ♠ (it holds S7 SJ SQ SA) or trump"
