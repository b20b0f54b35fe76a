"""``basra report``: a tiny report is written whole, with its figures and tables."""

from __future__ import annotations

import os
import signal

import numpy as np
import pandas as pd
import pytest

from jass_sim.core import files
from jass_sim.core.cli import Interrupted
from jass_sim.core.report import write as report_write

from cli_helpers import assert_bad_input, run

TINY = ("--positions", "12", "--samples", "16", "--deals", "300", "--games", "6", "--search-deals", "4")


def test_report_writes_markdown_html_plots_and_tables(tmp_path):
    out = tmp_path / "rep"
    result = run("report", "-o", out, *TINY)
    assert result.exit_code == 0, result.output
    files = {os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs}
    assert files == {"index.md", "index.html", "jack.png", "seven.png", "empty_table.png", "variants.png",
                     "tables/jack.csv", "tables/seven.csv", "tables/empty_table.csv", "tables/memory.csv",
                     "tables/variants.csv", "tables/capture.csv"}
    md = (out / "index.md").read_text()
    for title in ("When to spend a Jack", "When to spend the seven of diamonds", "empty table",
                  "Remembering played cards", "The variants"):
        assert title in md
    seven = pd.read_csv(out / "tables" / "seven.csv")
    sizes = ["1", "2", "3", "4", "5", "6+"]
    assert len(seven) and seven[seven["table_cards"].astype(str).isin(sizes)]["n"].sum() <= 12
    ci = seven[seven["n"] > 1]
    assert (ci["ci95_lo"] <= ci["mean"]).all() and (ci["mean"] <= ci["ci95_hi"]).all()
    assert seven[seven["n"] == 1]["ci95_lo"].isna().all()  # one position: no interval, and the text says so
    assert "`seven-diamonds`" in md
    jack = pd.read_csv(out / "tables" / "jack.csv")
    by = jack[jack["table_cards"].astype(str).isin(sizes)]
    assert by["n"].sum() <= 12 and set(jack["table_cards"].astype(str)) <= {*sizes, "1-2", "4+", "all"}
    pooled = jack[jack["table_cards"] == "all"].iloc[0]
    assert pooled["n"] == by["n"].sum() and pooled["mean"] == pytest.approx((by["n"] * by["mean"]).sum() / by["n"].sum())
    # the pooled ranges are the n-weighted means of their sizes (issue 51 item 11: rules on more than one size)
    for name, bins in (("1-2", ["1", "2"]), ("4+", ["4", "5", "6+"])):
        part, row = by[by["table_cards"].astype(str).isin(bins)], jack[jack["table_cards"].astype(str) == name]
        if len(part):
            assert row["n"].iloc[0] == part["n"].sum()
            assert row["mean"].iloc[0] == pytest.approx((part["n"] * part["mean"]).sum() / part["n"].sum())
    assert jack.loc[jack["table_cards"] == "all", "p_holm"].isna().all()
    assert jack["share_lo"].between(0, 1).all() and (jack["share_lo"] <= jack["share_jack_better"]).all()
    assert "**Rule of thumb from these positions** (a claim needs Holm-adjusted p < 0.05" in md
    empty = pd.read_csv(out / "tables" / "empty_table.csv")
    assert empty["p_opponent_basra_next"].between(0, 1).all()
    several = empty[empty["n"] > 1]  # one position: no interval (NaN)
    assert (several["p_lo"] <= several["p_opponent_basra_next"] + 1e-12).all() and (several["p_hi"] <= 1).all()
    assert several["p_lo"].notna().all() and empty[empty["n"] == 1]["p_lo"].isna().all()
    var = pd.read_csv(out / "tables" / "variants.csv")
    assert set(var["rules"]) == {"leaflet", "seven-diamonds", "majority-30", "compulsory"}
    assert (var["n"] > 0).all() and (var["ci95_lo"] <= var["mean"]).all()
    cap = pd.read_csv(out / "tables" / "capture.csv")  # section 5: every rule, at most the positions
    assert len(cap) >= 5 and (cap["n"] <= 12).all() and "5. Which capture" in md
    assert set(cap["verdict"]) <= {"confirmed", "refuted", "mixed", "not enough data"}


def test_report_refuses_a_directory_that_holds_something_else(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    assert_bad_input(["report", "-o", tmp_path, "--positions", "2"], str(tmp_path))
    assert os.listdir(tmp_path) == ["keep.txt"]


def _tree(directory):
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


def _fail_in_figures(monkeypatch):
    """The new report's first figure is written into the temporary directory, then the disk fills."""
    def write_one_then_fail(directory, figures):
        name, data = next(iter(figures.items()))
        with open(os.path.join(directory, name), "wb") as fh:
            fh.write(data)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report_write, "write_figures", write_one_then_fail)


def _interrupt_before_rename(monkeypatch):
    """SIGTERM at the first rename of anything but ``index.md``: every file of the new report is
    complete; a writer that renamed file by file would have replaced the old ``index.md`` by then."""
    def interrupt(path):
        if os.path.basename(path) != "index.md":
            raise Interrupted(signal.SIGTERM)

    monkeypatch.setattr(files, "pause_before_rename", interrupt)


@pytest.mark.parametrize("fail", [_fail_in_figures, _interrupt_before_rename])
def test_interrupted_report_leaves_the_old_one_whole(tmp_path, monkeypatch, fail):
    out = tmp_path / "rep"
    assert run("report", "-o", out, *TINY).exit_code == 0
    (out / "index.md").write_text("the previous report")  # the old report differs from the new one
    (out / "stale.png").write_bytes(b"old figure")
    before = _tree(out)
    fail(monkeypatch)
    result = run("report", "-o", out, *TINY)
    assert result.exit_code != 0
    assert _tree(out) == before  # not one file replaced, added or removed
    assert os.listdir(tmp_path) == ["rep"]  # no temporary directory left beside it


def _made_up_report():
    """A report with made-up tables (no simulation): the figures and the text only."""
    from jass_sim.basra import strategy_report as SR
    from jass_sim.basra.rules import get_rules as basra_rules

    by = lambda key, vals: pd.DataFrame([{key: k, "n": 40, "mean": m, "ci95_lo": m - 0.5, "ci95_hi": m + 0.5,  # noqa: E731
                                          "share_jack_better": 0.4, "share_lo": 0.3, "share_hi": 0.5}
                                         for k, m in vals])
    jack = by("table_cards", [("1", -1.5), ("2", -1.6), ("3", 0.4), ("all", -0.6)])
    empty = by("rank", [("A", 1.0), ("2", 2.1)]).assign(p_opponent_basra_next=[0.23, 0.22], p_lo=[0.21, 0.19],
                                                         p_hi=[0.26, 0.24])
    var = pd.DataFrame([{"rules": r, "figure": f, "n": 100, "mean": m, "ci95_lo": m - d, "ci95_hi": m + d}
                        for r, off in (("leaflet", 0.0), ("seven-diamonds", 0.17))
                        for f, m, d in (("basras per deal", 3.42 + off, 0.01), ("first-player advantage", -0.5, 0.06),
                                        ("greedy minus random", 14.3 + off, 0.05), ("starting side wins", 0.499, 0.01),
                                        ("rounds per game", 3.948, 0.023))])
    mem = pd.DataFrame({"figure": ["A minus B"], "n": [10], "mean": [5.2], "ci95_lo": [4.7], "ci95_hi": [5.7]})
    return SR.BasraReport(2, basra_rules("leaflet"), 1, 40, 16, 100, 6, 4, "jass-sim basra report",
                          {"jack": jack, "seven": jack, "empty_table": empty, "memory": mem, "variants": var})


def test_spend_advice_needs_holm_over_sizes_and_pools():
    """issue 51 item 11: one table size with a 95% CI just above zero is no rule once the six sizes
    and the two pooled ranges are one family (Holm); a pooled range that clears it is."""
    from jass_sim.basra import strategy_report as SR

    def row(name, mean, half, n=50):
        return {"table_cards": name, "n": n, "mean": mean, "ci95_lo": mean - half, "ci95_hi": mean + half,
                "share_jack_better": 0.5, "share_lo": 0.4, "share_hi": 0.6}

    sizes = [row("1", -2.6, 1.0), row("2", -0.7, 1.2), row("3", -0.7, 1.1), row("4", 0.5, 1.0), row("5", 0.8, 2.0),
             row("6+", 1.9, 1.8)]  # 6+ alone: CI above zero, p about 0.04
    advice = SR.spend_advice(pd.DataFrame(sizes + [row("all", -1.0, 0.5)]), "7♦")
    assert "keep the 7♦ with 1 table card (-2.60 ± 1.00)" in advice and "spend it" not in advice
    assert "with 2, 3, 4, 5, 6+ table cards the two are too close to call" in advice
    advice = SR.spend_advice(pd.DataFrame(sizes + [row("4+", 0.9, 0.6), row("all", -1.0, 0.5)]), "7♦")
    assert "spend it with 4+ table cards pooled (+0.90 ± 0.60)" in advice
    p, adjusted = SR.spend_tests(pd.DataFrame(sizes + [row("all", -1.0, 0.5)]))
    assert p[5] < 0.05 < adjusted[5] and np.isnan(adjusted[6])


def test_figures_dashed_zero_and_untruncated_axes(monkeypatch):
    """issue 51 item 11: jack.png's zero line is dashed; variants.png's y axes start at zero (a
    truncated axis made 3.42 against 3.59 Basras per deal look like a doubling)."""
    from jass_sim.basra import strategy_report as SR
    from jass_sim.core.report import figures as F

    made = []
    monkeypatch.setattr(F, "png_bytes", lambda fig: made.append(fig) or b"")
    out = SR.figures(_made_up_report())
    figs = dict(zip(out, made))
    zero = [ln for ln in figs["jack.png"].axes[0].lines if list(ln.get_ydata()) == [0, 0]]
    assert zero and zero[0].get_linestyle() == "--"
    for ax in figs["variants.png"].axes:
        lo, hi = ax.get_ylim()
        assert lo <= 0 <= hi


def test_one_ci_format():
    """Shares and rates as the Jass report writes them (``40.0% (95% CI 30.0–50.0%)``), means as
    ``+1.23 ± 0.45``; no bracketed ranges."""
    from jass_sim.basra import strategy_report as SR
    from jass_sim.core.report.render import render_markdown

    md = render_markdown(SR.blocks(_made_up_report()))
    assert "[" not in md.replace("![", "").replace("](", "") and "40.0% (95% CI 30.0–50.0%)" in md
    assert "| 49.9% (95% CI 48.9–50.9%) | 3.948 ± 0.023 |" in md
    assert "23.0% (95% CI 21.0–26.0%)" in md


def test_capture_rules_split_the_cards_and_cross_fit():
    """Section 5 (issue 51 item 7): what each card does on a crafted table, which cards follow each
    rule, the cross-fitted difference, Holm's correction and the verdicts."""
    import numpy as np

    from jass_sim.basra import report_capture as RC
    from jass_sim.basra.cards import parse_card
    from jass_sim.basra.rules import BasraRules

    c = parse_card
    # table 10♦ and 4♠: the 10♣ takes the 10♦ (no Basra: the 4 stays); the K♥ takes nothing;
    # the 4♥ takes the 4♠ and leaves the 10♦ alone on the table
    pos = {"table": sorted([c("D10"), c("S4")])}
    cands = [c("C10"), c("HK"), c("H4")]
    mv = RC.moves(pos, cands, BasraRules())
    assert [m["captured"] for m in mv] == [1, 0, 1] and [m["left"] for m in mv] == [1, 3, 1]
    assert mv[0]["wins"] >> c("D10") & 1 and not mv[2]["wins"] >> c("D10") & 1
    assert list(RC.follows("ten_diamonds", mv)) == [1, 0, 0]
    assert list(RC.follows("capture", mv)) == [1, 0, 1]
    assert list(RC.follows("no_lone_card", mv)) == [0, 1, 0]
    assert RC.follows("basra", mv) is None  # no card clears the table: the rule does not apply
    assert RC.follows("two_clubs", mv) is None
    f = RC.follows("most_cards", mv)
    assert f is None  # both captures take one card
    # cross-fitting: a column better by 2 in every world gains 2; picking among equal columns gains nothing
    net = np.zeros((8, 3))
    net[:, 0] = 2.0
    assert RC.cross_fit(net, np.array([0]), np.array([1, 2])) == 2.0
    rng = np.random.default_rng(1)
    noise = rng.normal(size=(400, 4))
    assert abs(RC.cross_fit(noise, np.array([0, 1]), np.array([2, 3]))) < 0.3
    p = RC.holm([0.01, 0.04, np.nan, 0.03])
    assert np.isnan(p[2]) and p[0] == 0.03 and p[3] == 0.06 and p[1] == 0.06
    assert RC.verdict(9, 5.0, 4.0, 6.0, 0.0) == "not enough data"
    assert RC.verdict(50, 1.0, 0.5, 1.5, 0.01) == "confirmed" and RC.verdict(50, -1.0, -1.5, -0.5, 0.01) == "refuted"
    assert RC.verdict(50, 0.1, -0.2, 0.4, 0.6) == "mixed" and RC.verdict(50, 0.1, -2.0, 2.2, 0.9) == "not enough data"


def test_rare_rules_get_positions_sampled_on_purpose():
    """Section 5: the 10♦, the 2♣ and a Basra over the 10♦ apply in about 2% of positions, so their
    positions are also sampled on purpose: each kept one applies to the rules it was drawn for, no
    rule takes more than asked, and in the table they count for those rules only (``targeted``)."""
    from jass_sim.basra import report_capture as RC
    from jass_sim.basra.rules import BasraRules

    rules = BasraRules()
    rare = RC.rare_positions(2, rules, 600_001, 3)  # 3 a rule: 220 greedy rounds at most, a second
    count = dict.fromkeys(RC.RARE, 0)
    for pos, keys in rare:
        assert keys and set(keys) <= set(RC.RARE)
        for k in keys:
            assert RC.follows(k, RC.moves(pos, pos["hand"], rules)) is not None
            count[k] += 1
    assert count["ten_diamonds"] == count["two_clubs"] == 3 and count["basra_over_ten"] <= 3
    t = RC.rules_table([], 2, rules, 8, 1, rare).set_index("rule")
    assert (t.loc[["basra", "capture", "most_cards", "no_lone_card"], "n"] == 0).all()  # drawn for the rare ones only
    for k in RC.RARE:
        assert t.loc[k, "targeted"] == t.loc[k, "n"] <= count[k]
    assert 1 <= t.loc["ten_diamonds", "n"]


def test_empty_table_rows_for_the_ten_of_diamonds_and_two_of_clubs():
    """issue 51 item 11: the 10♦ (3 points) and the 2♣ (2 points) laid on an empty table have rows
    of their own, apart from the other tens and twos."""
    from jass_sim.basra import strategy_report as SR
    from jass_sim.basra.cards import parse_card
    from jass_sim.basra.rules import BasraRules

    hand = sorted(parse_card(c) for c in ("D10", "C2", "H10", "S5"))
    # two moves each after the deal: the four table cards and the four played ones all captured
    played = sorted(parse_card(c) for c in ("H3", "H4", "S3", "S4", "C3", "C4", "D3", "D4"))
    pos = {"hand": hand, "table": [], "played": played, "piles": (4, 4), "last": "us"}
    t = SR.empty_table([pos], 2, BasraRules(), 16, 0).set_index("rank")
    assert {"T (10♦)", "2 (2♣)", "T", "5"} == set(t.index) and (t["n"] == 1).all()
