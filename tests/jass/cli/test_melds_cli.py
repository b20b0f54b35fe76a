"""``jass-sim melds``: the JSON contract, CSV and table output, plots, bad input."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jass_sim.cli import main

HAND_KEYS = {"p_any_meld", "p_four_jacks", "p_four_nines", "p_four_100", "p_stoeck", "mean_meld_points"}
DEAL_KEYS = {"p_leader_team_wins", "p_other_team_wins", "p_no_meld", "mean_counted_points",
             "mean_points_leader_team", "mean_points_other_team"}


def run(*args):
    return CliRunner().invoke(main, ["melds", *args])


def check_stat(value, width_zero=False):
    assert set(value) == {"estimate", "ci95"}
    lo, hi = value["ci95"]
    assert lo <= value["estimate"] <= hi
    if width_zero:
        assert lo == value["estimate"] == hi


@pytest.mark.parametrize("rules,runs", [("chibre", range(3, 6)), ("schieber", range(3, 10))])
def test_json_contract(rules, runs):
    result = run("--rules", rules, "--hands", "30000", "--deals", "4000", "--seed", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    run_keys = {f"p_run_{k}" for k in runs}
    assert set(doc) == HAND_KEYS | run_keys | {"rules", "mode", "exact", "seed", "hands", "deal"}
    assert (doc["rules"], doc["mode"], doc["exact"], doc["seed"], doc["hands"]) == (rules, "H", False, 2, 30000)
    for key in HAND_KEYS | run_keys:
        check_stat(doc[key])
    deal = doc["deal"]
    assert set(deal) == DEAL_KEYS | {"deals", "first_leader", "mode", "distribution"}
    assert (deal["deals"], deal["first_leader"], deal["mode"]) == (4000, 0, "H")
    for key in DEAL_KEYS:
        check_stat(deal[key])
    points = [row["points"] for row in deal["distribution"]]
    assert points == sorted(points) and points[0] == 0
    for row in deal["distribution"]:
        assert set(row) == {"points", "leader_team", "other_team"}
        check_stat(row["leader_team"])
        check_stat(row["other_team"])
    assert abs(sum(row["leader_team"]["estimate"] for row in deal["distribution"]) - 1) < 1e-9
    assert run("--rules", rules, "--hands", "30000", "--deals", "4000", "--seed", "2", "--format", "json").output \
        == result.output


def test_exact_json():
    result = run("--exact", "--deals", "1000", "--format", "json", "--mode", "S")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["hands"] == 94143280 and doc["exact"] is True and doc["mode"] == "S"
    for key in HAND_KEYS | {"p_run_3", "p_run_4", "p_run_5"}:
        check_stat(doc[key], width_zero=True)
    assert doc["p_four_jacks"]["estimate"] == 201376 / 94143280


def test_csv_table_and_files(tmp_path):
    out, png, svg = tmp_path / "m.csv", tmp_path / "sub" / "m.png", tmp_path / "m.svg"
    png.parent.mkdir()  # an output directory must exist (issue 19)
    result = run("--hands", "5000", "--deals", "2000", "--format", "csv", "-o", str(out), "--plot", str(png))
    assert result.exit_code == 0, result.output
    assert result.output == ""
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert list(rows[0]) == ["statistic", "estimate", "ci95_lo", "ci95_hi", "n"]
    names = [r["statistic"] for r in rows]
    assert names[0] == "p_any_meld" and "deal.p_no_meld" in names and "deal.p_leader_team_points_0" in names
    assert {r["n"] for r in rows if r["statistic"].startswith("deal.")} == {"2000"}
    assert {r["n"] for r in rows if not r["statistic"].startswith("deal.")} == {"5000"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = run("--hands", "5000", "--deals", "2000", "--plot", str(svg))
    assert result.exit_code == 0, result.output
    assert "<svg" in svg.read_text()[:1000]
    assert "p_any_meld" in result.output and "distribution" in result.output


@pytest.mark.parametrize("args,token", [
    (["--rules", "bridge"], "'bridge'"),
    (["--hands", "-5"], "-5"),
    (["--deals", "-1"], "-1"),
    (["--hands", "10", "--exact"], "--hands"),
    (["--format", "xml"], "'xml'"),
    (["--plot", "out.gif"], "out.gif"),
    (["--mode", "X"], "'X'"),
])
def test_bad_input_one_line_exit_2(tmp_path, args, token):
    # in-process (a Python process costs seconds of imports); the shell's path: the test below
    args = [a.replace("out.gif", str(tmp_path / "out.gif")) for a in args]
    result = CliRunner().invoke(main, ["melds", "--deals", "100", "-o", str(tmp_path / "o.json"),
                                       "--plot", str(tmp_path / "p.png"), *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    err = result.stderr.strip().splitlines()
    assert len(err) == 1 and token in err[0] and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_bad_input_from_a_shell(tmp_path):
    token = "'bridge'"
    cmd = [sys.executable, "-m", "jass_sim.cli", "melds", "--deals", "100", "-o", str(tmp_path / "o.json"),
           "--plot", str(tmp_path / "p.png"), "--rules", "bridge"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1 and token in err[0] and "Traceback" not in proc.stderr
    assert list(tmp_path.iterdir()) == []
