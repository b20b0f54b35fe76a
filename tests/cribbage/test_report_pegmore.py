"""The Cribbage report's further pegging rules (issue 51 item 7): each rule fires only where it
applies (hand-checked positions and a property over random deals), a rule's figure is its
recommended minus discouraged values on the same deal, and each verdict kind follows from its test
(Holm over the pegging family)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.cribbage import report_pegging as P
from jass_sim.cribbage import report_pegmore as M
from jass_sim.cribbage.cards import card_index


def c(rank: int, suit: int = 0) -> int:
    return card_index(suit, rank)


A, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)


def test_lead_five_sum_by_hand():
    assert M.lead_split([A, FOUR, TEN, KING]) == ([A, FOUR], [TEN, KING])
    assert M.lead_split([TWO, THREE, FIVE, FIVE]) == ([TWO, THREE], [FIVE])
    assert M.lead_split([A, TWO, TEN, TEN]) is None  # no two cards make 5
    assert M.lead_split([A, FOUR, A, FOUR]) is None  # nothing to lead instead
    assert P._lead_split("lead_five_sum", [A, FOUR, TEN, KING]) == ([A, FOUR], [TEN, KING])


def test_no_run_setup_by_hand():
    """The dealer answers a led 7 holding 5 6 8 K: the 8 makes 15 (scores, left out); the 5 and 6
    are 2 and 1 ranks away (discouraged), the K is not (recommended)."""
    hands = [[c(A), c(TWO), c(THREE)], [c(FIVE), c(SIX), c(EIGHT), c(KING)]]
    assert M.split("no_run_setup", hands, 1, [c(SEVEN, 1)], 7, 0) == ([KING], [FIVE, SIX])
    assert M.split("no_run_setup", hands, 1, [c(SEVEN, 1), c(TWO, 1)], 9, 0) is None  # not the reply to a lead
    assert M.split("no_run_setup", hands, 1, [c(SEVEN, 1)], 7, 1) is None  # his own card after a go
    assert M.split("no_run_setup", hands, 1, [], 0, 0) is None  # a lead
    far = [[c(A)], [c(QUEEN), c(KING)]]
    assert M.split("no_run_setup", far, 1, [c(TWO, 1)], 2, 0) is None  # no card 1 or 2 ranks away


def test_pair_reserve_by_hand():
    """The opponent plays a 9; the mover's only 9 pairs it (2 points now); 2, Q and K score
    nothing; with two 9s in hand the rule does not apply (the pair royal is his)."""
    one = [[c(A)], [c(NINE), c(TWO), c(QUEEN), c(KING)]]
    assert M.split("pair_reserve", one, 1, [c(NINE, 1)], 9, 0) == ([TWO, QUEEN, KING], [NINE])
    two = [[c(A)], [c(NINE), c(NINE, 2), c(QUEEN), c(KING)]]
    assert M.split("pair_reserve", two, 1, [c(NINE, 1)], 9, 0) is None
    assert M.split("pair_reserve", one, 1, [c(NINE, 1), c(NINE, 3)], 18, 0) is None  # already a pair on the table
    assert M.split("pair_reserve", one, 1, [c(EIGHT, 1)], 8, 0) is None  # nothing to pair
    only = [[c(A)], [c(NINE), c(SIX)]]
    assert M.split("pair_reserve", only, 1, [c(NINE, 1)], 9, 0) is None  # the 6 makes 15: no quiet card


def test_hold_low_by_hand():
    hands = [[c(A)], [c(A, 1), c(THREE), c(EIGHT), c(NINE)]]
    assert M.split("hold_low", hands, 1, [c(KING, 2)], 10, 0) == ([EIGHT, NINE], [A, THREE])
    fives = [[c(A)], [c(A, 1), c(FIVE)]]
    assert M.split("hold_low", fives, 1, [c(KING, 2)], 10, 0) is None  # the 5 makes 15: only low cards are quiet
    assert M.split("hold_low", hands, 1, [], 0, 0) is None  # a lead


def _walk_decisions(kept):
    """Every decision of the greedy-pegged hand: ``(hands, turn, seq, count, last)``."""
    seen = []

    def stop(h, t, s, cnt, last):
        seen.append((h, t, s, cnt, last))
        return None

    P.greedy_pegging([[int(x) for x in kept[0]], [int(x) for x in kept[1]]], 0, [], 0, -1, stop=stop)
    return seen


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(52)))
def test_each_rule_fires_at_the_first_decision_where_it_applies(deck):
    """``first_position`` stops at the first decision meeting the rule's conditions, checked here
    from the definitions: only quiet cards (scoring nothing now), the groups as the rule says."""
    kept = np.array([deck[:4], deck[4:8]], dtype=np.int64)
    decisions = _walk_decisions(kept)
    shared = P.first_positions(kept)  # the one walk pegging_rules makes for every rule
    assert shared.get("off_21") == P.first_21_position(kept)
    for rule in ("no_run_setup", "pair_reserve", "hold_low"):
        pos = P.first_position(kept, rule)
        assert shared.get(rule) == pos
        first = next((d for d in decisions if M.split(rule, *d) is not None), None)
        assert (pos is None) == (first is None)
        if pos is None:
            continue
        hands, turn, seq, count, last, (good, bad) = pos
        assert (hands, turn, seq, count, last) == first
        assert seq and last == 1 - turn and good and bad and not set(good) & set(bad)
        pts = M.now_points(hands[turn], seq, count)
        assert all(pts[r] == 0 for r in good)
        led = seq[-1] % 13
        if rule == "no_run_setup":
            assert len(seq) == 1 and all(abs(r - led) > 2 for r in good) and all(1 <= abs(r - led) <= 2 for r in bad)
            assert all(pts[r] == 0 for r in bad)
        elif rule == "pair_reserve":
            assert bad == [led] and sum(x % 13 == led for x in hands[turn]) == 1 and led not in good
        else:
            assert all(r >= 4 for r in good) and all(r <= 3 for r in bad) and all(pts[r] == 0 for r in bad)


def test_a_rule_figure_is_recommended_minus_discouraged_on_the_same_deal():
    """Each row's mean is the mean over the deals the rule covers of (mean value of the recommended
    ranks minus the discouraged ranks'), recomputed here from the valuations (30 deals: every rule
    covers some; the valuations are exact, so the figures agree to rounding)."""
    kept = P.deal_hands(30, 11)
    table = P.pegging_rules(kept).set_index(["rule", "valuation"])
    assert list(dict.fromkeys(r for r, _ in table.index)) == list(P.RULES)
    for rule in ("lead_five_sum", "no_run_setup", "pair_reserve", "hold_low"):
        d = {"greedy": [], "minimax": []}
        for k in kept:
            if rule == "lead_five_sum":
                split = M.lead_split([int(x) % 13 for x in k[0]])
                pos = None if split is None else ([list(k[0]), list(k[1])], 0, [], 0, -1, split)
            else:
                pos = P.first_position(k, rule)
            if pos is None:
                continue
            hs, turn, seq, count, last, (good, bad) = pos
            g = P.greedy_values(hs, turn, seq, count, last)
            m = P.minimax_values(hs, turn, seq, count)
            for name, v in (("greedy", g), ("minimax", m)):
                d[name].append(np.mean([v[r] for r in good]) - np.mean([v[r] for r in bad]))
        for name in ("greedy", "minimax"):
            row = table.loc[(rule, name)]
            assert row["n"] == len(d[name])
            if d[name]:
                assert row["mean"] == pytest.approx(np.mean(d[name]))
                assert row["ci95_lo"] <= row["mean"] <= row["ci95_hi"]


def _rows(*specs):
    """Rows of one rule: ``(valuation, n, mean, lo, hi)``."""
    return pd.DataFrame([{"rule": "r", "valuation": v, "n": n, "mean": m, "ci95_lo": lo, "ci95_hi": hi}
                         for v, n, m, lo, hi in specs])


def test_each_verdict_kind_follows_from_its_test():
    conf = M.decide(_rows(("greedy", 500, 0.5, 0.4, 0.6), ("minimax", 500, 0.3, 0.2, 0.4)))
    assert set(conf["verdict"]) == {"confirmed"} and "Holm" in conf["decided_by"].iloc[0]
    ref = M.decide(_rows(("greedy", 500, -0.5, -0.6, -0.4), ("minimax", 500, -0.3, -0.4, -0.2)))
    assert set(ref["verdict"]) == {"refuted"}
    split = M.decide(_rows(("greedy", 500, 0.5, 0.4, 0.6), ("minimax", 500, -0.3, -0.4, -0.2)))
    assert set(split["verdict"]) == {"mixed"} and "disagree" in split["decided_by"].iloc[0]
    flat = M.decide(_rows(("greedy", 5000, 0.01, -0.02, 0.04), ("minimax", 5000, 0.0, -0.03, 0.03)))
    assert set(flat["verdict"]) == {"mixed"} and "notice" in flat["decided_by"].iloc[0]
    wide = M.decide(_rows(("greedy", 500, 0.5, 0.4, 0.6), ("minimax", 500, 0.1, -0.3, 0.5)))
    assert set(wide["verdict"]) == {"not enough data"}
    few = M.decide(_rows(("greedy", M.MIN_DEALS - 1, 3.0, 2.0, 4.0), ("minimax", M.MIN_DEALS - 1, 3.0, 2.0, 4.0)))
    assert set(few["verdict"]) == {"not enough data"} and few["p_holm"].isna().all()


def test_p_text_names_an_underflow():
    assert M.p_text(0.0) == "< 1e-300" and M.p_text(0.0123) == "0.012" and M.p_text(4.7e-208) == "4.7e-208"


def test_holm_is_over_the_whole_pegging_family():
    """A figure significant alone (p about 0.02) is not once 14 figures share the 5%."""
    alone = M.decide(_rows(("greedy", 500, 0.23, 0.03, 0.43), ("minimax", 500, 0.23, 0.03, 0.43)))
    assert set(alone["verdict"]) == {"confirmed"}
    many = pd.concat([_rows(("greedy", 500, 0.23, 0.03, 0.43), ("minimax", 500, 0.23, 0.03, 0.43)).assign(rule=f"r{i}")
                      for i in range(7)], ignore_index=True)
    out = M.decide(many)
    assert (out["p_holm"] > out["p_value"]).all() and set(out["verdict"]) == {"not enough data"}
