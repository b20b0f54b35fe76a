"""Published Jass rules of thumb as data (issue 44, section 3): each rule covers the hands its
source describes, and :func:`evaluate` gives the paired difference, its CI and a verdict on a tiny
sample of hands (synthetic option values: no Jass simulation)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import parse_cards
from jass_sim.jass.report import thumb as T


def hand(text: str) -> T.Hand:
    return T.Hand(cards_to_mask(parse_cards(text)))


def pick(key: str, text: str, fitted: str = "chibre"):
    rule = next(r for r in T.RULES if r.key == key)
    return rule.pick(hand(text), pd.Series({"fitted_option": fitted}))


def test_at_least_ten_rules_each_with_a_source_and_its_words():
    assert len(T.RULES) >= 10 and len({r.key for r in T.RULES}) == len(T.RULES)
    for r in T.RULES:
        assert r.sources and all(T.SOURCES[k][1].startswith("http") for k in r.sources)
        assert r.quote and r.test and r.decision == "MODE"


@pytest.mark.parametrize("key,covered,expected,not_covered", [
    ("buur_fourth", "HJ H6 H7 HK SA S6 D7 C8 C9", ("H", "chibre"), "HJ H6 H7 SK SA S6 D7 C8 C9"),
    ("buur_nell_ace_third", "HJ H9 HA SA S6 D7 C8 C9 CT", ("H", "chibre"), "HJ H9 HA SK S6 D7 C8 C9 CT"),
    ("nell_ace_fifth", "H9 HA H6 H7 HQ S6 D7 C8 CT", ("H", "chibre"), "HJ H9 HA H7 HQ S6 D7 C8 CT"),
    ("buur_third_boecke", "SJ S6 S7 HA DA C8 C9 CT D6", ("S", "chibre"), "SJ S6 S7 HA DK C8 C9 CT D6"),
    ("obe_five_sure", "HA HK HQ SA SK D6 D7 C8 C9", ("OBE", "chibre"), "HA HK HQ SA SQ D6 D7 C8 C9"),
    ("une_five_sure", "H6 H7 H8 S6 S7 DA DK CQ CJ", ("UNE", "chibre"), "H6 H7 H9 S6 S8 DA DK CQ CJ"),
    ("jack_nine_plus", "CJ C9 C6 HA D7 D8 S6 S7 SQ", ("C", "chibre"), "CJ C9 HA HK D7 D8 S6 S7 SQ"),
    ("jack_ace_ten_eight_seven", "HJ HA HT H8 H7 SA D7 C8 C9", ("H", "chibre"), "HJ HA HT H8 H7 SK D7 C8 C9"),
    ("ace_king_run_obe", "HA HK HT H9 H8 H7 S6 D7 C8", ("OBE", "chibre"), "HA HK HT H9 H8 H6 S6 D7 C8"),
    ("control_over_length", "HJ H6 SA SK SQ S7 D7 C8 C9", ("H", "S"), "HK H6 SA SK SQ S7 D7 C8 CT"),
    ("nell_third_and_fifty", "HJ H9 H6 SA SK SQ SJ D7 C8", ("H", "S"), "HJ H9 H6 H7 SK SQ SJ D7 C8"),
])
def test_each_rule_covers_the_hands_its_source_describes(key, covered, expected, not_covered):
    assert pick(key, covered) == expected
    assert pick(key, not_covered) is None


def test_graf_scores():
    h = hand("HJ H9 HA HK HQ SA D7 C8 C9")   # trump ♥: 25+19+15+10+7 + side 9 = 85
    assert T.graf_choice(h) == "H"
    assert T.graf_choice(hand("H6 H8 S7 SQ D7 DT C8 C9 CT")) == "chibre"
    assert pick("graf_scores", "HJ H9 HA HK HQ SA D7 C8 C9", fitted="H") is None  # same choice: not covered
    assert pick("graf_scores", "HJ H9 HA HK HQ SA D7 C8 C9", fitted="chibre") == ("H", "chibre")


def test_sure_tricks():
    h = hand("HA HK HQ SA D6 D7 D8 C6 CT")
    assert h.sure_tricks(True) == 4 and h.sure_tricks(False) == 4
    assert h.run_from(2, True) == 1 and h.side_aces(0) == 1


def _per_hand(n: int = 400, seed: int = 3) -> pd.DataFrame:
    """Random hands with made-up option values: trumps are worth 12 each, chibre 25, obe-abe 9 a sure
    trick, une-ufe 9 a sure trick minus 30, plus noise; the fitted model always pushes."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        cards = rng.choice(36, 9, replace=False)
        mask = int(sum(1 << int(c) for c in cards))
        h = T.Hand(mask)
        row = {"hand": mask, "fitted_option": "chibre", "value_chibre": 25 + rng.normal(0, 5)}
        for s, name in enumerate("HDSC"):
            row[f"value_{name}"] = 12 * h.count(s) + rng.normal(0, 5)
        row["value_OBE"] = 9 * h.sure_tricks(True) + rng.normal(0, 5)
        row["value_UNE"] = 9 * h.sure_tricks(False) - 30 + rng.normal(0, 5)
        rows.append(row)
    return pd.DataFrame(rows)


def test_evaluate_gives_paired_differences_and_verdicts():
    ph = _per_hand()
    t = T.evaluate(ph).set_index("key")
    assert list(t.index) == [r.key for r in T.RULES]
    # buur_fourth: every covered hand has >= 4 trumps, worth >= 48 against chibre's 25
    r = t.loc["buur_fourth"]
    c = T.covered(ph, next(x for x in T.RULES if x.key == "buur_fourth"))
    assert r["n"] == len(c) > 0 and r["mean"] == pytest.approx(c["diff"].mean())
    assert r["ci95_lo"] < r["mean"] < r["ci95_hi"] and r["verdict"] == "confirmed"
    # control_over_length compares a shorter suit with a longer one, worth 12 less per card here
    assert t.loc["control_over_length", "verdict"] == "refuted"
    # rare hands: too few to judge
    rare = t.loc["jack_ace_ten_eight_seven"]
    assert rare["n"] < T.MIN_HANDS and rare["verdict"] == "not enough data"
    assert t["source"].str.contains(r"\]\(https?://", regex=True).all()
    assert (t["share_fails"].between(0, 1) | t["share_fails"].isna()).all()


def test_breakdown_splits_the_covered_hands_by_side_aces():
    ph = _per_hand()
    b = T.breakdown(ph)
    t = T.evaluate(ph).set_index("key")
    for key, g in b.groupby("key"):
        assert g["n"].sum() == t.loc[key, "n"]
        assert set(g["side_aces"]) <= {"0", "1", "2+"}


def test_report_section_from_the_tables():
    from jass_sim.core.report.render import render_markdown

    ph = _per_hand()
    t, b = T.evaluate(ph), T.breakdown(ph)
    md = render_markdown(T.blocks(t, b, "2b"))
    assert "## 2b. Rules of thumb, tested" in md
    for _, r in t.iterrows():
        assert f"**{r['verdict']}**" in md and r["quote"] in md
    for keys in T.source_keys(t["key"]):
        assert keys in md
    assert "Where each rule holds and fails" in md
