"""Plain tests of the jass-kit adapter (tests/jasskit_adapter.py): encodings and hand-checked positions."""

from __future__ import annotations

import contextlib
import io
import os
import sys

import numpy as np
import pytest
from jass.game import const as jk
from jass.game.game_sim import GameSim

sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))

from jass_sim.jass.cards import format_card, parse_card, parse_cards  # noqa: E402

from jasskit_adapter import (  # noqa: E402
    JK_RULE,
    card_from_jk,
    card_to_jk,
    cards_from_jk_onehot,
    cards_to_jk_onehot,
    jk_legal_moves,
    jk_trick_points,
    jk_trick_winner,
    jk_trick_winner_seat,
    mode_from_jk,
    mode_to_jk,
    round_from_jk_state,
    seat_from_jk,
    seat_to_jk,
    suit_from_jk,
    suit_to_jk,
    undertrump_reference_differs,
)

H, D, S, C, OBE, UNE = range(6)


def cs(text: str) -> list[int]:
    return parse_cards(text)


# --- encodings ------------------------------------------------------------------------------------------------

def test_card_round_trip_and_names():
    assert sorted(card_to_jk(c) for c in range(36)) == list(range(36))
    for c in range(36):
        assert card_from_jk(card_to_jk(c)) == c
        # jass-kit's own name of the card is ours (jass-kit writes tens as "10")
        assert jk.card_strings[card_to_jk(c)] == format_card(c).replace("T", "10")
    assert card_to_jk(parse_card("HJ")) == jk.HJ
    assert card_to_jk(parse_card("D6")) == jk.D6
    assert card_to_jk(parse_card("CA")) == jk.CA


def test_onehot_round_trip_from_set_and_mask():
    cards = set(cs("HJ H9 HA SK SQ D6 C7 C8 CT"))
    onehot = cards_to_jk_onehot(cards)
    assert onehot.dtype == np.int32 and onehot.sum() == 9
    assert cards_from_jk_onehot(onehot) == cards
    mask = np.uint64(sum(1 << c for c in cards))
    assert (cards_to_jk_onehot(mask) == onehot).all()


def test_suits_modes_seats():
    assert [suit_to_jk(s) for s in range(4)] == [jk.HEARTS, jk.DIAMONDS, jk.SPADES, jk.CLUBS]
    assert [mode_to_jk(m) for m in range(6)] == [jk.H, jk.D, jk.S, jk.C, jk.OBE_ABE, jk.UNE_UFE]
    for s in range(4):
        assert suit_from_jk(suit_to_jk(s)) == s
    for m in range(6):
        assert mode_from_jk(mode_to_jk(m)) == m
    with pytest.raises(ValueError):
        mode_from_jk(jk.PUSH)
    for j0 in range(4):
        for seat in range(4):
            p = seat_to_jk(seat, j0)
            assert seat_from_jk(p, j0) == seat
            # seat + 1 plays after seat, as jass-kit's next_player says; teams agree
            assert seat_to_jk((seat + 1) % 4, j0) == jk.next_player[p]
            assert jk.team[p] == jk.team[seat_to_jk(seat % 2, j0)]


# --- hand-checked positions -------------------------------------------------------------------------------------

def test_legal_moves_obvious_positions():
    hand = set(cs("HJ H9 HA SK SQ D6 C7 C8 CT"))
    assert jk_legal_moves(hand, [], H) == hand                               # leader: anything
    assert jk_legal_moves(hand, cs("S6"), D) == set(cs("SK SQ D6"))           # follow suit or trump (D6)
    assert jk_legal_moves(hand - {parse_card("D6")}, cs("S6"), D) == set(cs("SK SQ"))  # no trump held
    assert jk_legal_moves(hand, cs("S6"), H) == set(cs("SK SQ HJ H9 HA"))     # follow suit or trump
    assert jk_legal_moves(hand, cs("S6"), OBE) == set(cs("SK SQ"))
    assert jk_legal_moves(hand, cs("DA S6"), UNE) == set(cs("D6"))
    assert jk_legal_moves(set(cs("HJ S7 D6")), cs("H6"), H) == set(cs("HJ S7 D6"))  # only trump is the Buur
    assert jk_legal_moves(set(cs("H9 S7 D6")), cs("H6"), H) == set(cs("H9"))        # trump led: must trump
    # no undertrumping (one trump in the trick), with and without the led suit; only trumps -> any
    assert jk_legal_moves(set(cs("H6 HA S7")), cs("S6 HK"), H) == set(cs("HA S7"))
    assert jk_legal_moves(set(cs("H6 HA D7")), cs("S6 HK"), H) == set(cs("HA D7"))
    assert jk_legal_moves(set(cs("H6 H7")), cs("S6 HK"), H) == set(cs("H6 H7"))
    # a bit mask is accepted as the hand
    assert jk_legal_moves(np.uint64(sum(1 << c for c in cs("H6 HA D7"))), cs("S6 HK"), H) == set(cs("HA D7"))


def test_trick_winner_and_points_obvious_positions():
    assert jk_trick_winner(cs("S6 SA SK D9"), D) == 3        # the only trump wins
    assert jk_trick_winner(cs("HA HJ H9 HK"), H) == 1        # Buur beats Nell beats ace
    assert jk_trick_winner(cs("S6 SA SK DA"), H) == 1        # highest of the led suit
    assert jk_trick_winner(cs("S7 SA S6 DA"), UNE) == 2      # une-ufe: 6 highest
    assert jk_trick_winner(cs("S7 SA S6 DA"), OBE) == 1
    assert jk_trick_winner_seat(cs("S6 SA SK D9"), 2, D) == 1
    assert jk_trick_points(cs("HJ H9 HA HK"), H, False) == 20 + 14 + 11 + 4
    assert jk_trick_points(cs("SJ S9 SA SK"), H, True) == 2 + 0 + 11 + 4 + 5
    assert jk_trick_points(cs("S6 S8 SA ST"), OBE, False) == 0 + 8 + 11 + 10
    assert jk_trick_points(cs("S6 S8 SA ST"), UNE, False) == 11 + 8 + 0 + 10


def test_card_points_total_157_in_every_mode():
    for mode in range(6):
        total = sum(jk_trick_points(list(range(4 * t, 4 * t + 4)), mode, t == 8) for t in range(9))
        assert total == 157


def test_known_difference_undertrump_reference():
    """D1: jass-kit measures undertrumping against the lower of two trumps in the trick (see module doc)."""
    assert jk_legal_moves(set(cs("H7 S7 D6")), cs("S6 H6 HA"), H) == set(cs("S7 H7"))   # RULES.md: {S7}
    assert jk_legal_moves(set(cs("H9 S7 D6")), cs("S6 HJ H6"), H) == set(cs("S7 H9"))   # RULES.md: {S7}
    assert jk_legal_moves(set(cs("HA D6")), cs("S6 HJ HT"), H) == set(cs("HA D6"))      # RULES.md: {D6}
    assert undertrump_reference_differs(cs("S6 H6 HA"), H)
    assert undertrump_reference_differs(cs("S6 HJ H9"), H)
    assert undertrump_reference_differs(cs("S6 HA H6"), H)          # reference H6 whatever the order
    assert not undertrump_reference_differs(cs("S6 H9 HA"), H)      # reference H9 (larger index) is the highest
    assert not undertrump_reference_differs(cs("S6 HJ HA"), H)      # reference HJ (larger index) is the highest
    assert not undertrump_reference_differs(cs("S6 HA D6"), H)      # one trump only
    assert not undertrump_reference_differs(cs("H6 HJ HA"), H)      # trump led
    assert not undertrump_reference_differs(cs("S6 H6 HA"), OBE)


def test_round_from_jk_state_replays_a_jasskit_round():
    rng = np.random.default_rng(3)
    sim = GameSim(rule=JK_RULE)
    cards = rng.permutation(36)
    hands = np.zeros((4, 36), dtype=np.int32)
    for p in range(4):
        hands[p, cards[9 * p:9 * p + 9]] = 1
    sim.init_from_cards(hands, dealer=jk.NORTH)
    sim.action_trump(jk.PUSH)
    sim.action_trump(jk.SPADES)
    while not sim.is_done():
        sim.action_play_card(int(rng.choice(np.flatnonzero(JK_RULE.get_valid_cards_from_state(sim.state)))))
    r = round_from_jk_state(sim.state)
    assert r["mode"] == S and r["leaders"][0] == 0 and r["jk_of_seat0"] == jk.WEST
    assert sum(int(h) for h in r["hands"]) == (1 << 36) - 1
    leader = 0
    for t, trick in enumerate(r["tricks"]):
        assert r["leaders"][t] == leader
        for i, c in enumerate(trick):
            assert int(r["hands"][(leader + i) % 4]) >> c & 1
        leader = jk_trick_winner_seat(trick, leader, S)
        assert r["winners"][t] == leader
        assert r["points"][t] == jk_trick_points(trick, S, t == 8)
    team0 = sum(p for w, p in zip(r["winners"], r["points"]) if w % 2 == 0)
    assert r["team_points"] == [team0, 157 - team0]


def test_benchmark_runs():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, os.pardir, "benchmarks"))
    from jasskit_loop import jasskit_rounds_per_second, make_arena

    assert jasskit_rounds_per_second(3, 0) > 0
    points = []
    for _ in range(2):
        arena = make_arena(5, 11)
        with contextlib.redirect_stdout(io.StringIO()):
            arena.play_all_games()
        points.append(arena.points_team_0.tolist())
        assert (arena.points_team_0 + arena.points_team_1 == 157).all()
    assert points[0] == points[1]  # seeded: same rounds
