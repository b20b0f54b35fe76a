"""``jass-sim cribbage``: the score listing, the two contracts, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jass_sim.cli import main


def run(*args):
    return CliRunner().invoke(main, ["cribbage", *args])


def test_score_lists_every_combination():
    result = run("score", "5H 5D 5S JC", "--starter", "5C")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == "total 29"
    assert sum(line.split()[0] == "fifteen" for line in lines[1:-1]) == 8
    assert sum(line.split()[0] == "pair" for line in lines[1:-1]) == 6
    assert sum(line.split()[0] == "nobs" for line in lines[1:-1]) == 1
    doc = json.loads(run("score", "2H 4H 6H 8H", "--starter", "KS", "--crib", "--format", "json").output)
    assert doc["points"] == 0 and doc["crib"] is True
    doc = json.loads(run("score", "2H 4H 6H 8H", "--starter", "KS", "--format", "json").output)
    assert doc["points"] == 4 and doc["combinations"] == [{"kind": "flush", "cards": ["2H", "4H", "6H", "8H"],
                                                           "points": 4}]


def test_stats_exact_csv_contract():
    result = run("stats", "--exact", "--format", "csv")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "score,hand_count,hand_probability,crib_count,crib_probability"
    rows = [line.split(",") for line in lines[1:]]
    assert [int(r[0]) for r in rows] == list(range(30))
    assert sum(int(r[1]) for r in rows) == 12_994_800 == sum(int(r[3]) for r in rows)
    assert rows[0][1] == "1009008" and rows[0][3] == "1022208"
    assert sum(float(r[2]) for r in rows) == pytest.approx(1.0)


def test_discard_json_contract():
    result = run("discard", "5H 5D JS 6C 4H KD", "--dealer", "--opponent", "random", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["hand"] == ["5H", "5D", "JS", "6C", "4H", "KD"] and doc["role"] == "dealer"
    assert len(doc["discards"]) == 15
    for d in doc["discards"]:
        assert {"discard", "hand_ev", "crib_ev", "net_ev"} <= set(d) and len(d["discard"]) == 2
        assert d["net_ev"] == pytest.approx(d["hand_ev"] + d["crib_ev"])
    nets = [d["net_ev"] for d in doc["discards"]]
    assert nets == sorted(nets, reverse=True)
    assert doc["recommendation"] == doc["discards"][0]["discard"] == ["JS", "KD"]
    exact = run("discard", "5H 5D JS 6C 4H KD", "--dealer", "--exact", "--opponent", "random", "--format", "json")
    assert exact.exit_code == 0 and exact.output == result.output      # --exact: the same exact figures
    pone = json.loads(run("discard", "5H 5D JS 6C 4H KD", "--pone", "--format", "json").output)
    assert pone["role"] == "pone"
    assert all(d["net_ev"] == pytest.approx(d["hand_ev"] - d["crib_ev"]) for d in pone["discards"])


def test_discard_model_opponent_has_intervals_and_is_seeded():
    args = ("discard", "5H 5D JS 6C 4H KD", "--pone", "--opponent", "model", "--samples", "200",
            "--format", "json")
    a = run(*args)
    assert a.exit_code == 0, a.output
    doc = json.loads(a.output)
    assert doc["samples"] == 200 and doc["opponent"] == "model"
    for d in doc["discards"]:
        lo, hi = d["crib_ci"]
        assert lo < d["crib_ev"] < hi
    assert a.output == run(*args).output
    assert a.output != run(*args, "--seed", "1").output


@pytest.mark.parametrize("args,token", [
    (["score", "5H 5D 5S", "--starter", "5C"], "5H 5D 5S"),           # three cards
    (["score", "5H 5D 5S 5H", "--starter", "5C"], "'5H'"),            # duplicate
    (["score", "5H 5D 5S ZZ", "--starter", "5C"], "'ZZ'"),            # unknown card
    (["score", "5H 5D 5S JC", "--starter", "JC"], "'JC'"),            # starter in the hand
    (["discard", "5H 5D JS 6C 4H", "--dealer"], "5H 5D JS 6C 4H"),    # five cards
    (["discard", "5H 5D JS 6C 4H KD"], "--dealer or --pone"),         # no role
    (["simulate", "--games", "3"], "got 3"),
    (["simulate", "--games", "4", "--a", "shark"], "'shark'"),
    (["stats", "--format", "xml"], "'xml'"),
    (["stats", "--plot", "out.gif"], "'out.gif'"),
    (["stats", "--exact", "--hands", "10"], "--hands and --exact"),
    (["stats", "--samples", "10"], "--samples applies only"),
    (["discard", "5H 5D JS 6C 4H KD", "--pone", "--samples", "10"], "--samples and --seed apply only"),
    (["discard", "5H 5D JS 6C 4H KD", "--pone", "--score", "100-110"], "'100-110'"),
    (["discard", "5H 5D JS 6C 4H KD", "--pone", "--opponent", "smart"], "'smart'"),
    (["discard", "5H 5D JS 6C 4H KD", "--pone", "--exact", "--pegging"], "--exact asks for exact figures only; --pegging"),
    (["discard", "5H 5D JS 6C 4H KD", "--pone", "--exact", "--opponent", "model"], "--exact asks for exact figures only; --opponent model"),
    (["discard", "5H 5D JS 6C 4H KD", "--dealer", "--exact", "--score", "1:2"], "--exact asks for exact figures only; --score"),
    (["simulate", "--games", "4", "--b", "searching"], "'searching'"),
])
def test_bad_input_one_line_exit_2(args, token):
    # in-process (click's CliRunner): the command, not the interpreter's start, is the subject here; a
    # real process for one row below. No exception but the exit escapes the command (no traceback)
    result = run(*args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and token in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_bad_input_in_a_real_process():
    """One row of the table above through the installed interpreter: exit code 2, one line, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "cribbage", "score", "5H 5D 5S ZZ", "--starter", "5C"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and "'ZZ'" in lines[0], proc.stderr


@pytest.mark.slow  # compiles the sampling and model-opponent kernels and imports matplotlib
def test_stats_sampled_crib_table_and_plot(tmp_path):
    crib_csv = tmp_path / "crib.csv"
    plot = tmp_path / "stats.png"
    result = run("stats", "--hands", "20000", "--seed", "3", "--format", "json", "--crib-table", str(crib_csv),
                 "--samples", "20", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["exact"] is False and doc["combinations"] == 20000 and len(doc["rows"]) == 30
    assert doc["hand_mean_ci"][0] < 4.76915 < doc["hand_mean_ci"][1]
    import pandas as pd

    table = pd.read_csv(crib_csv, dtype={"rank1": str, "rank2": str})
    assert len(table) == 91 and set(table.samples) == {20}
    assert {"rank1", "rank2", "random_ev", "dealer_ev", "dealer_lo", "dealer_hi", "pone_ev"} <= set(table.columns)
    assert (table.dealer_lo <= table.dealer_ev).all() and (table.dealer_ev <= table.dealer_hi).all()
    assert plot.stat().st_size > 1000


def test_discard_pegging_adds_sampled_pegging_and_ranks_by_total():
    exact = json.loads(run("discard", "5H 5D JS 6C 4H KD", "--pone", "--format", "json").output)
    exact_crib = {tuple(d["discard"]): d["crib_ev"] for d in exact["discards"]}
    result = run("discard", "5H 5D JS 6C 4H KD", "--pone", "--pegging", "--samples", "100", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["pegging"] is True and doc["samples"] == 100
    totals = [d["total_ev"] for d in doc["discards"]]
    assert totals == sorted(totals, reverse=True)
    assert doc["recommendation"] == doc["discards"][0]["discard"]
    for d in doc["discards"]:
        assert d["total_ev"] == pytest.approx(d["net_ev"] + d["peg_ev"])
        assert d["peg_ci"][0] < d["peg_ev"] < d["peg_ci"][1]
        assert d["total_ci"][0] < d["total_ev"] < d["total_ci"][1]
        assert d["crib_ev"] == exact_crib[tuple(d["discard"])]  # --opponent random: the crib stays exact


@pytest.mark.slow  # compiles the win-probability kernel (about 10 s of the CI budget)
@pytest.mark.parametrize("score,role,expected", [("120:0", "--pone", 1.0), ("0:120", "--pone", 0.0),
                                                 ("120:0", "--dealer", 1.0)])
def test_discard_score_win_probability_at_the_edges(score, role, expected):
    """At 120 a player wins as soon as he scores once (the other cannot make 121 from 0 in one
    hand); at 0 against 120 he cannot win."""
    result = run("discard", "5H 5D JS 6C 4H KD", role, "--score", score, "--samples", "64", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["score"] == [int(x) for x in score.split(":")]
    assert all(d["win_prob"] == expected for d in doc["discards"])


@pytest.mark.slow  # compiles the win-probability kernel
def test_discard_score_ranks_by_win_probability_and_is_seeded():
    args = ("discard", "5H 5D JS 6C 4H KD", "--pone", "--score", "100:110", "--samples", "128", "--format", "json")
    doc = json.loads(run(*args).output)
    wins = [d["win_prob"] for d in doc["discards"]]
    assert wins == sorted(wins, reverse=True) and wins[0] > wins[-1]
    assert all(d["win_ci"][0] <= d["win_prob"] <= d["win_ci"][1] for d in doc["discards"])
    assert json.loads(run(*args).output) == doc
