"""The Basra kernels against the plain-Python reference (also run with NUMBA_DISABLE_JIT=1).

* hypothesis: the capture kernel and the reference capture agree on random tables;
* simulated rounds (kernels, several players and rules) replayed move by move by the referee.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.basra._capture import capture_kernel
from jass_sim.basra.cards import cards_to_mask, mask_to_cards, parse_card
from jass_sim.basra.engine import replay_round
from jass_sim.basra.rules import BasraRules, get_rules

from basra_reference import RefRound, ref_capture

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh


@st.composite
def positions(draw):
    """A table of 0..12 cards (often rich in small numerals) and a card not on it."""
    small = [s * 13 + r for s in range(4) for r in range(9)]
    table = draw(st.sets(st.sampled_from(small), max_size=9) | st.sets(st.integers(0, 51), max_size=12))
    card = draw(st.integers(0, 51).filter(lambda c: c not in table))
    return sorted(table), card


@given(positions(), st.booleans())
def test_capture_kernel_matches_reference(pos, seven):
    table, card = pos
    rules = BasraRules(seven_diamonds=seven).array()
    got, basra = capture_kernel(np.int64(card), cards_to_mask(table), rules)
    ref_got, ref_basra = ref_capture(card, set(table), seven)
    assert set(mask_to_cards(got)) == ref_got
    assert bool(basra) == ref_basra


@pytest.mark.parametrize("card, table, expected", [
    # most cards: A+A+4 and 3+3 (5 cards) beat 4+2 and 3+3 (4 cards)
    ("H6", "CA DA S4 C2 S3 D3", "CA DA S4 S3 D3"),
    # same count, most points: ♣2+4+3 (2 points) beats A+3+5 (1 point)
    ("H9", "CA C2 C4 H3 S5", "C2 C4 H3"),
    # same count and points, higher values: A+5+3 beats A+4+4 (the 5)
    ("H9", "DA S5 H3 D4 S4", "DA S5 H3"),
    # disjoint sums and the same rank are all taken
    ("H7", "DA S6 D2 H5 C7", "DA S6 D2 H5 C7"),
    # lowest suits within a value: one 2 of three, the ♣2 first
    ("S5", "H2 C2 D2 D3", "C2 D3"),
    ("S5", "H2 S2 D3", "H2 D3"),
    # same rank and sums together; face cards never in sums
    ("HT", "CT D4 S6 HQ", "CT D4 S6"),
])
def test_capture_partition_choice(card, table, expected):
    t = {parse_card(c) for c in table.split()}
    want = {parse_card(c) for c in expected.split()}
    got, _ = capture_kernel(np.int64(parse_card(card)), cards_to_mask(t), BasraRules().array())
    assert set(mask_to_cards(got)) == want
    assert ref_capture(parse_card(card), t)[0] == want


def _names(cards) -> list[str]:
    from jass_sim.basra.cards import format_card

    return [format_card(c) for c in sorted(cards)]


def _replay_with_referee(record: dict) -> None:
    n, rules = record["players"], get_rules(record["rules"])
    deals = [[{parse_card(c) for c in hand} for hand in deal] for deal in record["deals"]]
    table = {parse_card(c) for c in record["table"]}
    ref = RefRound(deals, table, n, record["dealer"], rules.seven_diamonds, rules.majority, rules.compulsory)
    assert len(record["moves"]) == 48
    for m in record["moves"]:
        got, basra, after = ref.play(m["player"], parse_card(m["card"]))
        assert m["captured"] == _names(got), m
        assert m["basra"] == basra, m
        assert m["table_after"] == _names(after), m
    taker, left = ref.finish()
    assert record["last_capture"] == {"player": taker, "cards": _names(left)}
    assert record["score"] == ref.score()


def test_simulated_rounds_replay_move_by_move():
    cases = [(seed, n, rules, policy)
             for seed, (n, rules, policy) in enumerate([
                 (2, "leaflet", "random"), (2, "leaflet", "greedy"), (4, "leaflet", "random"),
                 (4, "leaflet", "greedy"), (2, "seven-diamonds+compulsory", "random"),
                 (4, "majority-30+compulsory", "greedy"), (2, "seven-diamonds", "greedy"),
                 (2, "compulsory", "search")] * 3)]
    for seed, n, rules, policy in cases:
        record = replay_round(seed, n, get_rules(rules), policy, dealer=seed % n, samples=2)
        _replay_with_referee(record)
