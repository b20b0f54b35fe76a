"""Shown melds must be melds an announcement could show (issue 33 item 5)."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import parse_cards
from jass_sim.jass.play.api import parse_melds
from jass_sim.jass.play.position import build_position, check_shown_melds
from jass_sim.jass.rules.presets import FOUR_OF_KIND_LOW_100

HAND = parse_cards("HJ H9 HA SK SQ D6 C7 C8 CT")


@pytest.mark.parametrize("melds", [
    "1: D7 D8 D9",                      # a run of 3
    "1: D7 D8 D9 DT DJ DQ DK",          # a long run, announced whole
    "3: HT ST DT CT",                   # four 10s
    "1: D7 D8 D9; 3: HT ST DT CT",      # both players of one team
    "1: D7 D8 D9 HT ST DT CT",          # a run and a four
    "1: S6 S7 S8; 1: D7 D8 D9",         # one seat, two lines
])
def test_valid_melds_are_accepted(melds):
    check_shown_melds(parse_melds(melds))


@pytest.mark.parametrize("melds,token", [
    ("1: DA", "DA"), ("1: D7 D8", "D7"), ("1: D7 D9 DJ", "D7"), ("1: D7 S8 C9", "D7"),
    ("2: D7 D8 D9; 1: DT DJ DQ", "D7"), ("1: H7 D7 S7 C7", "H7"), ("3: HK HQ", "HQ"),
    ("1: DT DJ DQ HJ SJ CJ", "HJ"),     # DJ cannot be in the run and in four Js at once
    ("1: D7 D8 D9; 1: D8", "D8"),       # shown twice
])
def test_impossible_melds_are_refused(melds, token):
    with pytest.raises(InputError) as exc:
        check_shown_melds(parse_melds(melds))
    assert exc.value.token == token or token in str(exc.value)


def test_low_fours_follow_the_rules():
    low = parse_melds("1: H7 D7 S7 C7")
    with pytest.raises(InputError, match="four 7s are not a meld"):
        check_shown_melds(low)
    check_shown_melds(low, FOUR_OF_KIND_LOW_100)  # the option where four 6s, 7s or 8s score 100


def test_seat0_meld_must_be_a_meld_of_its_cards():
    with pytest.raises(InputError, match="C7"):
        build_position(HAND, 0, 0, [], parse_melds("0: C7 C8 CT"))
    with pytest.raises(InputError, match="not in seat 0's hand"):
        build_position(HAND, 0, 0, [], parse_melds("0: C6 C7 C8"))
    with pytest.raises(InputError, match="is in seat 0's hand"):
        build_position(HAND, 0, 0, [], parse_melds("1: C8 C9 CT"))
    pos = build_position(parse_cards("HJ H9 HA SK SQ D6 C7 C8 C9"), 0, 0, [], parse_melds("0: C7 C8 C9"))
    assert pos.shown[0] == parse_cards("C7 C8 C9")


def test_a_card_outside_every_meld_is_named_in_the_api():
    import jass_sim

    with pytest.raises(jass_sim.InputError, match="D7"):
        jass_sim.play_advice("HJ H9 HA SK SQ D6 C7 C8 CT", mode="H", melds={1: "D7 D8"}, samples=2)
