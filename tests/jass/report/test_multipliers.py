"""The multipliers against ×1 (issue 51 item 9) and the Weis and the choice (item 8), report section 1.

Table checks on made-up option values (no simulation): the shift is declare − push under the
multipliers minus the same at ×1 in every cell, a ×1 value times its multiplier is the value, the
best-option shares add up to one; the Weis table's columns are each other's differences. One small simulation (2 hands x 64 deals, a few seconds warm) checks
what the tables rest on: a declared mode at ×1 scores its value divided by its multiplier on the
same deals, :func:`push_x1` and :func:`values_without_weis` play the same deals as section 1.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.core.report.render import render_markdown
from jass_sim.jass.cards import MODE_NAMES, mask_to_cards, parse_cards
from jass_sim.jass.report import multipliers as M
from jass_sim.jass.report import weis as W
from jass_sim.jass.rules import announcement, get_rules

SCHIEBER = get_rules("schieber")


def made_up(n: int, seed: int, rules=SCHIEBER) -> pd.DataFrame:
    """Per-hand option values like ``sections.values_of``'s: random hands, values scaled by the
    multipliers, a push, the best option and the evaluator's mode."""
    rng = np.random.default_rng(seed)
    hands = [sum(1 << int(c) for c in rng.choice(36, 9, replace=False)) for _ in range(n)]
    df = pd.DataFrame({"hand": np.array(hands, dtype=np.int64)})
    names = [MODE_NAMES[m] for m in rules.modes]
    for m in rules.modes:
        df[f"value_{MODE_NAMES[m]}"] = rng.normal(10, 60, n) * rules.multipliers[m]
    df["value_chibre"] = rng.normal(60, 40, n)
    v = df[[f"value_{x}" for x in names + ["chibre"]]].to_numpy()
    df["best"] = np.asarray(names + ["chibre"], dtype=object)[v.argmax(axis=1)]
    df["eval_mode"] = rng.choice(names, n)
    return df


def test_shift_is_the_difference_of_the_two_scales():
    ph = made_up(500, 1)
    push = ph["value_chibre"].to_numpy() / 2 + np.random.default_rng(2).normal(0, 5, len(ph))
    t = M.tables(ph, SCHIEBER, push)
    assert set(t) == set(M.TABLE_COLUMNS)
    for name, cols in M.TABLE_COLUMNS.items():
        assert tuple(t[name].columns) == cols
    dec = t["mult_declare"]
    assert len(dec) and set(dec["multiplier"]) == {1, 2}
    assert np.allclose(dec["shift"], dec["diff"] - dec["diff_x1"])
    assert np.allclose(dec["declare_x1"] * dec["multiplier"], dec["declare"])
    assert np.allclose(dec["diff"], dec["declare"] - dec["push"])
    assert np.allclose(dec["diff_x1"], dec["declare_x1"] - dec["push_x1"])
    ci = dec[dec["n"] > 1]  # a cell of one hand has no CI
    assert len(ci) and ((ci["shift_lo"] <= ci["shift"]) & (ci["shift"] <= ci["shift_hi"])).all()
    sure = t["mult_sure"]
    assert set(sure["option"]) == {"OBE", "UNE"} and set(sure["multiplier"]) == {3}
    assert np.allclose(sure["shift"], sure["diff"] - sure["diff_x1"])
    best = t["mult_best"]
    assert best["best"].sum() == best["best_x1"].sum() == len(ph)
    assert math.isclose(best["share"].sum(), 1) and math.isclose(best["share_x1"].sum(), 1)
    # the x1 values of obe-abe are a third: it is best less often at x1 than under the multipliers
    obe = best.set_index("option").loc["OBE"]
    assert obe["best_x1"] < obe["best"]
    be = t["mult_breakeven"]
    assert tuple(be.columns) == M.BREAKEVEN_COLUMNS and len(be)
    text = str(M.blocks(t, "schieber"))
    assert "The multipliers of `schieber`" in text and "shift" in text


def test_no_tables_without_multipliers():
    chibre = get_rules("chibre")
    assert not M.has_multipliers(chibre) and M.has_multipliers(SCHIEBER)
    ph = made_up(50, 3, chibre)
    t = M.tables(ph, chibre, ph["value_chibre"].to_numpy())
    assert all(not len(v) for v in t.values()) and M.blocks(t, "chibre") == []


def test_weis_points_follow_the_announcement():
    rng = np.random.default_rng(4)
    masks = [sum(1 << int(c) for c in rng.choice(36, 9, replace=False)) for _ in range(200)]
    for rules in (get_rules("chibre"), SCHIEBER):
        got = W.weis_points(np.array(masks, dtype=np.uint64), rules)
        want = [sum(m.points for m in announcement(mask_to_cards(h), 0, rules)) for h in masks]
        assert list(got) == want
    four_jacks = cards_to_mask(parse_cards("HJ DJ SJ CJ H6 D7 S8 C9 HA"))
    four_sixes = cards_to_mask(parse_cards("H6 D6 S6 C6 HJ D8 SQ CA DA"))
    chibre = get_rules("chibre")
    assert W.weis_points(np.array([four_jacks, four_sixes], dtype=np.uint64), chibre).tolist() == [200, 0]


def test_weis_bins():
    assert list(W.weis_bin(np.array([0, 20, 40, 50, 90, 100, 140, 150, 200]))) == [
        "none", "20", "20", "50", "50", "100", "100", "150+", "150+"]


def test_weis_choice_columns_are_each_others_differences():
    rules = get_rules("chibre")
    ph = made_up(2000, 5, rules)
    held = W.weis_points(ph["hand"].to_numpy(), rules) > 0
    bare = np.random.default_rng(6).normal(0, 50, (int(held.sum()), 2))
    t = W.choice_table(ph, rules, bare)
    assert tuple(t.columns) == W.CHOICE_COLUMNS
    assert t["n"].sum() == len(ph) and t.set_index("weis").loc["none", "n"] == (~held).sum()
    assert np.allclose(t["diff"], t["declare"] - t["push"])
    assert np.allclose(t["weis_effect"], t["diff"] - t["diff_no_weis"], equal_nan=True)
    none = t.set_index("weis").loc["none"]
    assert np.isnan(none["weis_effect"]) and np.isnan(none["diff_no_weis"])  # not played again
    assert ((t["best_lo"] <= t["best_share"]) & (t["best_share"] <= t["best_hi"])).all()
    assert W.choice_table(ph, rules, None)["weis_effect"].isna().all()
    assert "| none |" in render_markdown(W.blocks({"weis_choice": t})) and "nan" not in str(W.blocks({"weis_choice": t}))


def test_weis_per_hand_against_graf():
    rules = get_rules("chibre")
    masks = made_up(3000, 7, rules)["hand"].to_numpy()
    melds = pd.DataFrame({"statistic": ["mean_meld_points"], "estimate": [8.75], "ci95_lo": [8.75],
                          "ci95_hi": [8.75], "n": [94143280]})
    stoeck = pd.DataFrame({"statistic": ["p_stoeck"], "estimate": [2 / 35], "ci95_lo": [2 / 35], "ci95_hi": [2 / 35],
                           "n": [94143280], "exact": [True]})
    t = W.per_hand_table(masks, rules, melds, stoeck, exact=True).set_index("count")
    assert t.loc["announced", "estimate"] == 8.75 and t.loc["graf", "estimate"] == W.GRAF_MEAN
    assert math.isclose(t.loc["announced + stöck", "estimate"], 8.75 + 20 * 2 / 35)
    assert t.loc["four 6s/7s/8s at 100", "estimate"] >= 8.75  # more melds count, none counts less
    assert math.isclose(t.loc["graf_shares", "estimate"], 0.21 * 20 + 0.01 * 40 + 0.04 * 50 + 0.02 * 100 + 0.0018 * 200)
    assert W.closest(t.reset_index()) in ("announced", "four 6s/7s/8s at 100", "announced + stöck")
    lo, hi = W.graf_rounding_range()
    assert math.isclose(lo, 8.96 - 1.06) and math.isclose(hi, 8.96 + 1.06) and lo < W.GRAF_MEAN < hi
    text = str(W.blocks({"weis_choice": W.choice_table(made_up(50, 8, rules), rules, None),
                         "weis_per_hand": t.reset_index()}))
    assert "Weis points per hand: 8.75 against Graf's 9.48" in text and "7.90 to 10.02" in text
    # without the exact figure: the mean of the hands' own Weis points
    own = W.per_hand_table(masks, rules).set_index("count").loc["announced"]
    assert math.isclose(own["estimate"], W.weis_points(masks, rules).mean()) and own["n"] == len(masks)


@pytest.mark.slow
def test_the_scales_and_the_weis_replay_play_section_1s_deals():
    """A declared mode at ×1 scores its value / multiplier on the same deals; ``push_x1`` and
    ``values_without_weis`` play section 1's deals. 2 hands x 64 deals: the smallest advise block."""
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.report import sections as S

    pid, seed, spp = PLAYERS.code("net"), 9, 64
    masks = np.array([cards_to_mask(parse_cards("HJ H9 HA HK D6 D7 S8 CQ CA")),  # no Weis
                      cards_to_mask(parse_cards("HJ HQ HK HA D6 D7 D8 CQ CA"))], dtype=np.uint64)  # runs of 4 and 3
    at = S.values_of(masks, SCHIEBER, spp, seed, pid, first_hand=1)
    one = S.values_of(masks, SCHIEBER.replace(multipliers=(1,) * 6), spp, seed, pid, first_hand=1)
    for m in SCHIEBER.modes:
        col = f"value_{MODE_NAMES[m]}"
        assert np.allclose(at[col] / SCHIEBER.multipliers[m], one[col]), col
    chibre = get_rules("chibre")
    plain = S.values_of(masks, chibre, spp, seed, pid, first_hand=1)
    assert np.allclose(M.push_x1(masks, chibre, spp, seed, pid, first_hand=1), plain["value_chibre"])
    assert not np.allclose(M.push_x1(masks, SCHIEBER, spp, seed, pid, first_hand=1), at["value_chibre"])
    bare = W.values_without_weis(masks, np.array([0, 0]), np.array([0, 1]), chibre, spp, seed, pid, first_hand=1)
    assert W.weis_points(masks, chibre).tolist() == [0, 70]
    nothing = S.values_of(masks, W.no_weis_rules(chibre), spp, seed, pid, first_hand=1)
    assert np.allclose(bare, nothing[["value_H", "value_chibre"]].to_numpy())
    assert bare[1, 0] < plain["value_H"].iat[1]  # 70 Weis points no longer count for the declarer's team
