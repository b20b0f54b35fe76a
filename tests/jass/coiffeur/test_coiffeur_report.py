"""``coiffeur report`` (issue 53 item 7): a tiny report is written whole and its tables are
consistent (counts add up, the x-multiplier columns are raw x multiplier, shares in [0, 1], every
category taken once per team and match), the card features are read in card terms, the same seed
gives the same tables, and bad sizes are one line with exit 2.

Budget: one tiny report, built once for the module (2 play-out hands x 64 deals, 32 decisions, 4
matches) on a 4-category table (the plan's DP is 2^4 x 2^4 states instead of 2^8 x 2^8, as in
test_match.py); the card play is net's, compiled by the other coiffeur tests. The statistics
themselves are the committed report's, not a test's."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import parse_cards
from jass_sim.jass.coiffeur.presets import get_coiffeur_rules, parse_categories
from jass_sim.jass.coiffeur.report import (
    DECISIONS_PER_HAND,
    build_report,
    hand_features,
    misere_hand_type,
    random_hands_from,
)
from jass_sim.jass.coiffeur.report_write import coiffeur_report

RULES = get_coiffeur_rules("coiffeur").replace_categories(parse_categories("S:1,OBE:5,UNE:6,JOKER:7"))
SIZES = dict(hands=2, deals=64, matches=4, seed=3)


def _mask(text):
    return sum(1 << c for c in parse_cards(text))


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    out = tmp_path_factory.mktemp("coiffeur") / "rep"
    res = coiffeur_report(str(out), rules=RULES, **SIZES)
    return out, res.report


def test_files_written_whole(tiny):
    out, rep = tiny
    for f in ("index.md", "index.html"):
        assert (out / f).stat().st_size > 0
    for name in rep.tables:
        assert (out / "tables" / f"{name}.csv").exists()
    md = (out / "index.md").read_text()
    for head in ("1. Each category", "2. What a hand", "3. The order", "4. How often", "5. Misère",
                 "How this report was made"):
        assert head in md


def test_values_consistent(tiny):
    v = tiny[1].tables["values"]
    assert list(v["category"]) == [c.code for c in RULES.categories]
    assert (v["hands"] == SIZES["hands"]).all()
    np.testing.assert_allclose(v["mean_x"], v["mean"] * v["multiplier"])
    np.testing.assert_allclose(v["ci95_x_lo"], v["ci95_lo"] * v["multiplier"])
    assert ((v["ci95_lo"] <= v["mean"]) & (v["mean"] <= v["ci95_hi"])).all()
    assert ((v["mean"] >= 0) & (v["mean"] <= 257)).all()
    # a Joker is the best form of each hand: never below any single form's mean
    assert v.loc[v["category"] == "JOKER", "mean"].iloc[0] >= v["mean"].iloc[:-1].max() - 1e-9


def test_take_counts_add_up(tiny):
    n = SIZES["hands"] * DECISIONS_PER_HAND
    t, f = tiny[1].tables["take"], tiny[1].tables["take_features"]
    assert (t["hands"] == n).all() and t["takes"].sum() == n
    assert t["share"].between(0, 1).all() and (t["ci95_lo"] <= t["share"]).all() and (t["share"] <= t["ci95_hi"]).all()
    for code, sub in f.groupby("category"):
        assert sub["hands"].sum() == n  # every hand in exactly one group
        assert sub["takes"].sum() == t.loc[t["answer"] == code, "takes"].iloc[0]
    assert f["share"].between(0, 1).all()


def test_order_and_fass(tiny):
    T = tiny[1].tables
    o = T["order"]
    assert (o["takes"] == 2 * SIZES["matches"]).all()  # each team takes each category once a match
    assert o["mean_round"].between(1, RULES.rounds).all()
    f = T["fass"]
    assert f["share"].between(0, 1).all() and (f["matches"] == SIZES["matches"]).all()
    for team in (0, 1):
        sub = f[f["team"] == team].set_index("event")["count"]
        assert sub.iloc[1] <= sub.iloc[0]  # forced with a valuable category implies forced
    fc = T["fass_categories"]
    assert (fc["forced"] <= fc["takes"]).all() and fc["share"].between(0, 1).all()
    assert fc["forced"].sum() >= f.groupby("team")["count"].first().sum()


def test_misere_groups_add_up(tiny):
    m = tiny[1].tables["misere"]
    for mode, sub in m.groupby("mode"):
        total = sub.loc[sub["feature"] == "all hands", "hands"].iloc[0]
        assert total == SIZES["hands"]
        for feat, g in sub[sub["feature"] != "all hands"].groupby("feature"):
            assert g["hands"].sum() == total, feat
        assert sub["mean"].between(0, 257).all()


def test_card_features():
    h = _mask("HJ H9 H6 HA SA CA DK C6 S7")
    assert hand_features(h, "H") == {"trumps": "4", "Buur/Nell": "both", "side aces": "2+"}
    assert hand_features(h, "S") == {"trumps": "2", "Buur/Nell": "neither", "side aces": "2+"}
    assert hand_features(h, "OBE") == {"aces": "3+", "kings": "1"}
    assert hand_features(h, "UNE") == {"sixes": "2", "sevens": "1"}
    assert misere_hand_type(h) == {"sixes": "2", "low cards (6-8)": "3", "aces": "3+"}
    hands = random_hands_from(0, 50)
    assert all(bin(int(x)).count("1") == 9 for x in hands)


def test_same_seed_same_tables(tiny):
    again = build_report(rules=RULES, hands=2, deals=64, matches=2, seed=3)
    first = tiny[1].tables
    for name in ("values", "take", "take_features", "misere"):
        pd.testing.assert_frame_equal(again.tables[name], first[name])


def test_bad_sizes_are_refused(tmp_path):
    from jass_sim.cli import main

    for opt, v in (("--hands", "1"), ("--deals", "100"), ("--matches", "0")):
        r = CliRunner().invoke(main, ["coiffeur", "report", "-o", str(tmp_path / "x"), opt, v])
        assert r.exit_code == 2 and v in r.output and "Traceback" not in r.output, r.output
    assert not (tmp_path / "x").exists()
    with pytest.raises(InputError):
        build_report(hands=2, deals=63, matches=2, seed=0)


def test_values_table_reads_the_new_forms_columns():
    """Section 1 with Slalom (issue 53): a hand's Slalom value is its better of Slalom-Obe and -Une,
    read from the columns of the modes played (``CoiffeurRules.form_modes``)."""
    import numpy as np

    from jass_sim.jass.coiffeur.report import values_table

    rules = get_coiffeur_rules("coiffeur").replace_categories(parse_categories("S:1,SLALOM:7"))
    assert rules.form_modes == (2, 6, 7)
    ours = np.array([[80.0, 100.0, 120.0], [60.0, 140.0, 90.0], [70.0, 90.0, 95.0]])
    t = values_table(rules, ours, 64, "net", rules.form_modes)
    assert t["mean"].tolist() == [70.0, (120 + 140 + 95) / 3] and t["mean_x"].iloc[1] == 7 * t["mean"].iloc[1]
