"""``basra report``: a tiny report is written whole, with its figures and tables."""

from __future__ import annotations

import os

import pandas as pd

from cli_helpers import assert_bad_input, run


def test_report_writes_markdown_html_plots_and_tables(tmp_path):
    out = tmp_path / "rep"
    result = run("report", "-o", out, "--positions", "12", "--samples", "16", "--deals", "300", "--games", "6",
                 "--search-deals", "4")
    assert result.exit_code == 0, result.output
    files = {os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs}
    assert files == {"index.md", "index.html", "jack.png", "empty_table.png", "variants.png",
                     "tables/jack.csv", "tables/empty_table.csv", "tables/memory.csv", "tables/variants.csv"}
    md = (out / "index.md").read_text()
    for title in ("When to spend a Jack", "empty table", "Remembering played cards", "The variants"):
        assert title in md
    jack = pd.read_csv(out / "tables" / "jack.csv")
    assert jack["n"].sum() <= 12 and set(jack["table_cards"].astype(str)) <= {"1", "2", "3", "4", "5", "6+"}
    empty = pd.read_csv(out / "tables" / "empty_table.csv")
    assert empty["p_opponent_basra_next"].between(0, 1).all()
    var = pd.read_csv(out / "tables" / "variants.csv")
    assert set(var["rules"]) == {"leaflet", "seven-diamonds", "majority-30", "compulsory"}
    assert (var["n"] > 0).all() and (var["ci95_lo"] <= var["mean"]).all()


def test_report_refuses_a_directory_that_holds_something_else(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    assert_bad_input(["report", "-o", tmp_path, "--positions", "2"], str(tmp_path))
    assert os.listdir(tmp_path) == ["keep.txt"]
