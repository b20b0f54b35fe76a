"""``differenzler report`` (issue 52 item 7): internal consistency at a tiny size.

Budget: one shared analysis of 12 hands x 256 deals (a few seconds warm; the kernels are the
adviser's, compiled once for the session), checked many ways; statistics are not the subject here,
only that the counts add up, the paired differences are differences of columns and the verdicts
follow from the CIs.
"""

from __future__ import annotations

import math

import pandas as pd
import pytest
from click.testing import CliRunner

from jass_sim.jass.cards import parse_card
from jass_sim.jass.differenzler.report import FOLK_RULES, build_report, hand_features, mean_ci, sample_hands
from jass_sim.jass.report.verdicts import ALPHA, EQUIVALENCE, decide

HANDS, SAMPLES = 12, 256


@pytest.fixture(scope="module")
def rep():
    return build_report(HANDS, SAMPLES, seed=5, command="test")


def test_counts_add_up(rep):
    T = rep.tables
    assert len(T["hands"]) == HANDS
    for name in ("best_by_cards", "best_by_trumps", "best_by_aces_seat", "error_by_trumps", "error_by_aces"):
        assert T[name]["n"].sum() == HANDS, name
    assert (T["rules"]["n"] == HANDS).all()
    assert T["open"]["n"].sum() == (T["hands"]["seat"] > 0).sum()
    assert sorted(T["hands"]["seat"].value_counts().to_dict().items()) == [(s, HANDS // 4) for s in range(4)]


def test_paired_differences_are_differences_of_columns(rep):
    h = rep.tables["hands"]
    assert (h["shift_open"] == h["best_open"] - h["best_bid"]).all()
    assert (h.loc[h["seat"] == 0, "shift_open"] == 0).all()
    assert (h["value_open"] >= -1e-12).all()  # the open best is the least on the open deals
    for key, *_ in FOLK_RULES:
        extra = h[f"extra_{key}"]
        assert (extra >= -1e-12).all(), key  # the adviser's best is the least on the same deals
        assert (extra[h[f"bid_{key}"] == h["best_bid"]] == 0).all(), key
        row = rep.tables["rules"].set_index("rule").loc[key]
        assert row["mean"] == pytest.approx(extra.mean())
    o = rep.tables["open"].set_index("seat")
    for seat, g in h[h["seat"] > 0].groupby("seat"):
        assert o.loc[seat, "shift"] == pytest.approx(g["best_open"].mean() - g["best_bid"].mean())
        assert o.loc[seat, "changed"] == (g["best_open"] != g["best_bid"]).sum()
        for col, key in (("best_bid", "mean_secret"), ("best_open", "mean_open")):  # every figure with its CI
            ci = mean_ci(g[col])
            assert (o.loc[seat, key], o.loc[seat, f"{key}_lo"], o.loc[seat, f"{key}_hi"]) == pytest.approx(
                (ci["mean"], ci["ci95_lo"], ci["ci95_hi"]), nan_ok=True)
        assert 0 <= o.loc[seat, "share_lo"] <= o.loc[seat, "share_changed"] <= o.loc[seat, "share_hi"] <= 1


def test_verdicts_follow_from_the_cis(rep):
    for _, r in rep.tables["rules"].iterrows():
        # the verdict is taken on the gain (minus the extra penalty): CI (-hi, -lo); without side-ace
        # groups only a split of them could turn it to "mixed"
        plain = decide(int(r["n"]), -r["mean"], -r["ci95_hi"], -r["ci95_lo"], r["p_holm"])[0]
        assert r["verdict"] == plain or (r["verdict"] == "mixed" and "side aces" in r["decided_by"])
        if r["p_holm"] < ALPHA:
            assert r["verdict"] == ("refuted" if r["mean"] > 0 else "confirmed")
            assert r["ci95_lo"] > 0 or r["ci95_hi"] < 0  # significant after Holm: the plain CI excludes zero
        elif r["verdict"] == "mixed" and "within" in r["decided_by"]:
            assert -EQUIVALENCE <= r["ci95_lo"] and r["ci95_hi"] <= EQUIVALENCE
        assert r["p_holm"] >= r["p_value"]


def test_best_announcement_tables_are_means_of_the_hands(rep):
    h = rep.tables["hands"]
    t = rep.tables["best_by_aces_seat"]
    for r in t.itertuples():
        g = h[(h["side_aces"] == r.side_aces) & (h["seat"] == r.seat)]["best_bid"]
        assert r.mean == pytest.approx(g.mean()) and r.n == len(g)
        if r.n > 1:
            assert r.ci95_lo < r.mean < r.ci95_hi or r.sd == 0
    assert mean_ci([3.0])["n"] == 1 and math.isnan(mean_ci([3.0])["ci95_lo"])


def test_hand_features_and_the_quoted_rule():
    # trump H: HJ (Buur 20), H9 (Nell 14), HA (11): trump values 45; side aces SA, CA; 10s ST: 10
    cards = [parse_card(c) for c in "HJ H9 HA SA CA ST D6 D7 C8".split()]
    f = hand_features(cards, parse_card("H6") // 9)
    assert f == {"trumps": 3, "buur": 1, "nell": 1, "side_aces": 2, "trump_points": 45, "card_points": 77}
    rule = dict((k, fn) for k, _, _, fn in FOLK_RULES)["twice_trumps_11_aces"]
    assert rule(f) == 2 * 45 + 11 * 2


def test_sampled_hands_are_deals_with_the_trump_card_at_the_dealer():
    deals, seats, cards, _ = sample_hands(8, 1)
    for i in range(8):
        assert sorted(deals[i].ravel().tolist()) == list(range(36))
        assert cards[i] in deals[i, 3]
    assert seats.tolist() == [0, 1, 2, 3] * 2


def test_same_seed_same_hands_table_on_any_thread_count(rep):
    from jass_sim.jass.differenzler.report import analyse_hands

    one = analyse_hands(4, SAMPLES, 5, threads=1)
    pd.testing.assert_frame_equal(one, rep.tables["hands"].head(4).reset_index(drop=True))


def test_report_writes_the_document(rep, tmp_path):
    from jass_sim.jass.differenzler.report_doc import write_report

    files = write_report(rep, str(tmp_path / "r"))
    assert {"index.md", "index.html", "rules.png", "error.png", "best_by_trumps.png", "tables/rules.csv"} <= set(files)
    text = (tmp_path / "r" / "index.md").read_text()
    for heading in ("1. The best announcement", "2. Folk rules", "3. Open announcements", "4. The unavoidable error",
                    "How this report was made"):
        assert heading in text


@pytest.mark.parametrize("args, token", [(["--samples", "1"], "--samples"), (["--seed", "-3"], "seed")])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, token):
    from jass_sim.cli import main

    out = CliRunner().invoke(main, ["differenzler", "report", "--hands", "1", *args, "-o", str(tmp_path / "r")])
    assert out.exit_code == 2, out.output
    assert token in out.output and "Traceback" not in out.output
