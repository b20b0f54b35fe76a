"""Outputs say what was run and are what their file name says (issue 33 item 9): no option is
silently dropped, an ``-o`` extension sets the format, ``advise`` records its request and says
when ``--ci`` was not reached."""

from __future__ import annotations

import json

import pandas as pd
from click.testing import CliRunner

from jass_sim.cli import main

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def run(*args, code=0):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result.output


def test_the_extension_of_o_sets_the_format(tmp_path):
    base = ["simulate", "--deals", 50, "--policy", "random", "--seed", 2]
    run(*base, "-o", tmp_path / "r.csv")
    table = pd.read_csv(tmp_path / "r.csv")
    assert list(table.columns[:3]) == ["mode", "deals", "share"] and table["deals"].iloc[-1] == 50
    run(*base, "-o", tmp_path / "r.json")
    assert json.loads((tmp_path / "r.json").read_text())["deals"] == 50
    run(*base, "-o", tmp_path / "r.txt")  # no data extension: the --format (table)
    assert not (tmp_path / "r.txt").read_text().startswith("{")


def test_advise_records_its_request_and_a_missed_ci_target():
    doc = json.loads(run("advise", HAND, "--policy", "heuristic", "--ci", "0.2", "--max-samples", "1024",
                         "--options", "H,S,chibre", "--partner-model", "fitted", "--format", "json"))
    assert (doc["partner_model"], doc["options_requested"], doc["ci"], doc["max_samples"]) == \
        ("fitted", ["H", "S", "chibre"], 0.2, 1024)
    assert doc["chibred"] is False and doc["samples"] == 1024 and doc["ci_reached"] is False
    plain = json.loads(run("advise", HAND, "--policy", "heuristic", "--samples", 200, "--format", "json"))
    assert plain["options_requested"] is None and plain["ci"] is None and "ci_reached" not in plain
    chibred = json.loads(run("advise", HAND, "--policy", "heuristic", "--samples", 200, "--chibred",
                             "--format", "json"))
    assert chibred["chibred"] is True
    text = run("advise", HAND, "--policy", "heuristic", "--ci", "0.2", "--max-samples", "1024")
    assert "--ci 0.2 was not reached" in text and "partner model fitted" in text
    reached = run("advise", HAND, "--policy", "heuristic", "--ci", "30", "--max-samples", "4096")
    assert "was not reached" not in reached


def test_advise_csv_keeps_the_win_probabilities(tmp_path):
    out = tmp_path / "a.csv"
    run("advise", HAND, "--policy", "heuristic", "--samples", 200, "--score", "500:500", "-o", out)
    table = pd.read_csv(out)
    assert {"p_win", "ci95_win_lo", "ci95_win_hi", "behind_best_win"} <= set(table.columns)
    assert ((table["ci95_win_lo"] <= table["p_win"]) & (table["p_win"] <= table["ci95_win_hi"])).all()


def test_equity_shipped_keeps_or_refuses_the_step():
    assert "grid step 10" in run("equity", "--shipped", "--step", 10, "--score", "500:500")
    assert "grid step 10" in run("equity", "--shipped", "--score", "500:500")


def test_basra_games_0_means_no_games_as_the_help_says():
    for cmd in (["basra", "simulate"], ["basra", "duel", "--player-a", "random", "--player-b", "greedy"]):
        out = run(*cmd, "--deals", 4, "--games", 0, "--format", "json")
        doc = json.loads(out)
        assert doc["games"] == 0 and not any("101" in f["figure"] for f in doc["figures"])
        assert "0: none" in run(*cmd, "--help")


def test_play_advice_says_when_its_ci_target_was_missed():
    args = ["play-advice", "--hand", HAND, "--mode", "H", "--policy", "heuristic", "--max-samples", 2048]
    doc = json.loads(run(*args, "--ci", "0.1", "--format", "json"))
    assert (doc["ci"], doc["max_samples"], doc["ci_reached"], doc["samples"]) == (0.1, 2048, False, 2048)
    assert "--ci 0.1 was not reached" in run(*args, "--ci", "0.1")
    plain = json.loads(run("play-advice", "--hand", HAND, "--mode", "H", "--policy", "heuristic", "--samples", 64,
                           "--format", "json"))
    assert plain["ci"] is None and "ci_reached" not in plain
