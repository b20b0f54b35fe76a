"""``cribbage report``: a tiny report is written whole (Markdown, HTML, phone-sized plots, CSVs),
every rule of thumb has a source link and a verdict, the exact figures agree with the scoring
kernels, and the pegging play-out plays the hands the kernel plays."""

from __future__ import annotations

import itertools
import math
import os

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.cribbage import report_discard as D
from jass_sim.cribbage import report_pegging as P

TINY = ["--hands", "60", "--deals", "300", "--crib-samples", "8", "--seed", "2"]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from jass_sim.cli import main

    out = tmp_path_factory.mktemp("crib") / "rep"
    result = CliRunner().invoke(main, ["cribbage", "report", "-o", str(out), *TINY])
    assert result.exit_code == 0, result.output
    return out


def test_report_files_and_sections(tiny):
    files = {os.path.relpath(os.path.join(d, f), tiny) for d, _, fs in os.walk(tiny) for f in fs}
    assert {"index.md", "index.html", "crib_pairs.png", "keep.png", "pegging.png", "tables/rules.csv",
            "tables/pegging.csv", "tables/hand_rules.csv", "tables/thrown_pairs.csv", "tables/model_crib.csv"} <= files
    md = (tiny / "index.md").read_text(encoding="utf-8")
    for title in ("Rules of thumb, tested", "1. What to throw", "2. Keeping fives", "3. His nobs", "4. Pegging rules",
                  "5. Published figures", "6. How this report was made"):
        assert title in md, title
    assert "jass-sim cribbage report" in md and "--deals 300" in md
    html = (tiny / "index.html").read_text(encoding="utf-8")
    assert 'name="viewport"' in html and '<a href="https://www.cribbage.org/NewSite/tips/rasmussen7.asp">' in html


def test_every_rule_has_a_source_link_and_a_verdict(tiny):
    rules = pd.read_csv(tiny / "tables" / "rules.csv")
    assert len(rules) >= 12
    assert rules["source"].str.contains(r"\]\(https?://", regex=True).all()
    assert set(rules["verdict"]) <= {"confirmed", "refuted", "mixed", "not enough data"}
    assert set(rules["kind"]) == {"exact", "sampled"}
    for rule in ("Don't lead a 5", "Lead from a pair", "Avoid making the count 21"):
        assert rule in set(rules["rule"]), rule
    # every pegging rule (issue 51 item 7: seven) is in the table with the verdict of its figures
    peg = pd.read_csv(tiny / "tables" / "pegging.csv")
    sampled = rules[rules["test"].str.contains("decided by: ")]
    assert len(sampled) == len(P.RULES) == 7
    assert list(sampled["verdict"]) == list(peg.drop_duplicates("rule")["verdict"])
    assert "Multiple comparisons" in (tiny / "index.md").read_text(encoding="utf-8")


def test_sampled_tables_have_n_and_ci(tiny):
    for name in ("pegging", "hand_rules"):
        t = pd.read_csv(tiny / "tables" / f"{name}.csv")
        assert len(t) and (t["n"] > 0).all()
        assert (t["ci95_lo"] <= t["mean"] + 1e-12).all() and (t["mean"] <= t["ci95_hi"] + 1e-12).all()
    peg = pd.read_csv(tiny / "tables" / "pegging.csv")
    assert set(peg["rule"]) == set(P.RULES) and set(peg["valuation"]) == {"greedy", "minimax"}
    assert peg["share_lo"].between(0, 1).all() and peg["share_hi"].between(0, 1).all()


def test_hessel_section_has_every_pair_of_ours(tiny):
    """Section 5 (issue 51 item 7): every thrown pair of our model cribs, each with Hessel's two
    values, and the summary CSV is the summary of the table CSV."""
    from jass_sim.cribbage import report_hessel as H

    ours = pd.read_csv(tiny / "tables" / "model_crib.csv")
    t = pd.read_csv(tiny / "tables" / "hessel.csv")
    assert len(t) == len(ours) == 91
    assert list(zip(t["rank1"], t["rank2"])) == list(zip(ours["rank1"], ours["rank2"]))
    assert t[["hessel_dealer", "hessel_pone"]].notna().all().all()
    assert np.allclose(t["diff_pone"], t["ours_pone"] - t["hessel_pone"])
    pd.testing.assert_frame_equal(pd.read_csv(tiny / "tables" / "hessel_summary.csv"),
                                  H.hessel_summary(t).reset_index(drop=True), check_exact=False)
    md = (tiny / "index.md").read_text(encoding="utf-8")
    assert "all 91 thrown rank pairs" in md and "| T-K | 2.86 |" in md


def test_figures_are_sized_for_a_phone(tiny):
    from PIL import Image

    for f in ("crib_pairs.png", "keep.png", "pegging.png"):
        w, _ = Image.open(tiny / f).size
        assert w <= 720, (f, w)  # 6.4 in at the report's 110 dpi


def test_same_seed_same_tables(tmp_path, tiny):
    from jass_sim.cli import main

    out = tmp_path / "again"
    assert CliRunner().invoke(main, ["cribbage", "report", "-o", str(out), *TINY]).exit_code == 0
    for name in ("pegging", "hand_rules", "rules", "model_crib"):
        pd.testing.assert_frame_equal(pd.read_csv(out / "tables" / f"{name}.csv"),
                                      pd.read_csv(tiny / "tables" / f"{name}.csv"))


def test_bad_sizes_are_refused(tmp_path):
    from jass_sim.cli import main

    for opt, v in (("--hands", "0"), ("--deals", "-3"), ("--crib-samples", str(10**7))):
        r = CliRunner().invoke(main, ["cribbage", "report", "-o", str(tmp_path / "x"), opt, v])
        assert r.exit_code == 2 and v in r.output and "Traceback" not in r.output
    assert not (tmp_path / "x").exists()


# -- exact figures against the scoring kernels -----------------------------------------------------

def test_thrown_pairs_agree_with_the_package_crib_table():
    from jass_sim.cribbage.cards import RANKS
    from jass_sim.cribbage.discards import crib_rank_table

    pairs = D.thrown_pairs()
    table = crib_rank_table()
    for (a, b), g in pairs.groupby(["rank1", "rank2"]):
        w = np.where(g["suited"], 0.25, 1.0 if a == b else 0.75)
        assert float((g["crib_ev"] * w).sum()) == pytest.approx(table[RANKS.index(a), RANKS.index(b)], abs=1e-9)
    groups = D.thrown_rules(pairs).set_index("group")
    assert groups.loc["all pairs", "pairs"] == 52 * 51 // 2


def test_nobs_and_flush_by_enumeration():
    """His nobs and a kept four-card flush, counted over the 46 unseen starters by the kernel."""
    from jass_sim.cribbage._scoring import flush, nobs
    from jass_sim.cribbage.cards import card_index

    six = np.array([card_index(0, 10), card_index(0, 2), card_index(1, 3), card_index(2, 4), card_index(3, 5),
                    card_index(0, 6)], dtype=np.int64)  # J of suit 0 with two other cards of suit 0
    kept = six[:4]
    unseen = [c for c in range(52) if c not in set(six.tolist())]
    total = 0
    for s in unseen:
        buf = np.array(list(kept) + [s], dtype=np.int64)
        total += nobs(buf, 5)
    assert total / 46 == pytest.approx(D.nobs_table()["p_nobs"].iloc[2])
    fl = np.array([card_index(1, r) for r in (0, 3, 6, 9)] + [card_index(2, 1), card_index(3, 2)], dtype=np.int64)
    unseen = [c for c in range(52) if c not in set(fl.tolist())]
    total = sum(flush(np.array(list(fl[:4]) + [s], dtype=np.int64), 5, False) for s in unseen)
    assert total / 46 == pytest.approx(D.flush_table().set_index("suit_cards_held").loc[4, "hand_flush_ev"])


def test_crib_flush_chance_by_enumeration():
    # two thrown hearts, the thrower holds 2 hearts among six; other crib cards and the starter from 46
    left, n = 11, 46
    hits = sum(1 for a, b in itertools.combinations(range(n), 2) for s in range(n)
               if s not in (a, b) and a < left and b < left and s < left)
    assert hits / (math.comb(n, 2) * 44) == pytest.approx(D.crib_flush_chance(2))


def test_hand_rules_compare_the_best_discards():
    hands = D.sample_hands(30, 5)
    nets = {"dealer": D.discard_values(hands, 1), "pone": D.discard_values(hands, -1)}
    t = D.hand_rules(hands, nets).set_index(["rule", "role"])
    with_five = [h for h in range(30) if (hands[h] % 13 == 4).any() and not (hands[h] % 13 == 4).all()]
    assert t.loc[("keep_fives", "pone"), "n"] == len(with_five)
    for role in ("dealer", "pone"):
        r = t.loc[("keep_fives", role)]
        assert r["ci95_lo"] <= r["mean"] <= r["ci95_hi"] and 0 <= r["share"] <= 1


# -- pegging ---------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 1))
def test_play_out_plays_the_kernel_hands(deck, pone):
    """With no forced card, the play-out is the kernel's greedy pegging of the same two hands."""
    from jass_sim.cribbage._pegging import greedy_pegging_net

    mine, theirs = list(deck[:4]), list(deck[4:8])
    hands = [mine, theirs]
    pts = P.play_out([list(mine), list(theirs)], pone, [], 0, -1)
    net = greedy_pegging_net(np.array(mine, dtype=np.int64), np.array(theirs, dtype=np.int64), pone,
                             np.zeros(4, dtype=np.uint64))
    assert pts[0] - pts[1] == net
    assert hands == [mine, theirs]


def test_forced_lead_values():
    """A 5 led into a hand of four ten-cards: the dealer answers 15 for 2 (both valuations)."""
    from jass_sim.cribbage.cards import card_index

    pone = [card_index(0, 4), card_index(1, 0), card_index(2, 1), card_index(3, 2)]   # 5 A 2 3
    dealer = [card_index(0, 9), card_index(1, 10), card_index(2, 11), card_index(3, 12)]  # T J Q K
    g = P.greedy_values([list(pone), list(dealer)], 0, [], 0, -1)
    m = P.minimax_values([list(pone), list(dealer)], 0, [], 0)
    assert set(g) == set(m) == {4, 0, 1, 2}
    assert g[4] < g[0] and m[4] < m[0]
    pts = P.play_out([list(pone), list(dealer)], 0, [], 0, -1, forced=0)
    assert pts[1] >= 2  # the 15


def test_typical_discards_are_the_exact_best():
    """Section 2b (issue 51 item 7): each typical hand's best discard, by role, is the maximum of
    the exact discard values of section 2; net = kept hand ± crib; the runner-up throws other ranks
    and is not better."""
    from jass_sim.cribbage import report_typical as TY
    from jass_sim.cribbage.cards import parse_cards

    typical = TY.TYPICAL[:3]  # three hands: the exact values take a fraction of a second each
    t = TY.typical_table(typical)
    assert tuple(t.columns) == TY.COLUMNS and len(t) == 2 * len(typical)
    for (text, _), (_, r) in zip([x for x in typical for _ in (0, 1)], t.iterrows()):
        cards = parse_cards(text, 6)
        sign = 1 if r["role"] == "dealer" else -1
        net = D.discard_values(np.asarray([sorted(cards)]), sign)[0]
        assert r["best_net"] == pytest.approx(net.max())
        assert r["best_net"] == pytest.approx(r["best_hand"] + sign * r["best_crib"])
        assert r["gap"] >= 0 and r["second_net"] == pytest.approx(r["best_net"] - r["gap"])
        assert sorted(c[0] for c in r["best"].split()) != sorted(c[0] for c in r["second"].split())
    # the pone keeps a pair of 5s (Rasmussen's "hang onto your 5s"); here the dealer does too
    five = t[t["hand"].str.startswith("5H 5D")].set_index("role")
    assert "5" not in five.loc["pone", "best"] and five.loc["pone", "same_as_other_role"]
