"""``jass-sim basra ...``: the replay JSON contract, golden traces, outputs, bad input.

The golden traces in tests/data/basra_*.json are the output of the commands in ``GOLDEN``
(``jass-sim basra replay ARGS --format json``); rewrite them only after a deliberate rules change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cli_helpers import assert_bad_input, run

DATA = os.path.join(os.path.dirname(__file__), "..", "data")
GOLDEN = [("basra_replay_seed1_2p_greedy.json", ["--seed", "1"]),
          ("basra_replay_seed2_4p_random_7d_compulsory.json",
           ["--seed", "2", "--players", "4", "--rules", "seven-diamonds+compulsory", "--policy", "random"])]


def test_replay_json_contract():
    result = run("replay", "--seed", "5", "--players", "4", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert {"players", "rules", "dealer", "table", "deals", "moves", "last_capture", "score"} <= set(doc)
    assert doc["players"] == 4 and doc["rules"] == "leaflet" and len(doc["table"]) == 4
    assert len(doc["deals"]) == 2 and all(len(d) == 4 and all(len(h) == 6 for h in d) for d in doc["deals"])
    assert len(doc["moves"]) == 48
    for m in doc["moves"]:
        assert {"player", "card", "captured", "basra", "table_after"} <= set(m)
        assert isinstance(m["basra"], bool) and isinstance(m["captured"], list)
    assert set(doc["last_capture"]) == {"player", "cards"}
    assert len(doc["score"]) == 2
    for s in doc["score"]:
        assert {"cards", "majority", "basras"} <= set(s)
        assert s["total"] == s["cards"] + s["majority"] + s["basras"] == s["cards"] + s["majority"] + 10 * s["basra_count"]
    assert sum(s["cards"] + s["majority"] for s in doc["score"]) in (13, 16)


@pytest.mark.parametrize("name, args", GOLDEN)
def test_replay_golden_traces(name, args):
    result = run("replay", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        assert json.loads(result.output) == json.load(fh)


def test_replay_text_lists_every_move_and_the_score():
    result = run("replay", "--seed", "1")
    assert result.exit_code == 0
    assert result.output.count(" plays ") == 48 and "last to capture" in result.output
    assert "side 0:" in result.output and "side 1:" in result.output


def test_simulate_and_duel_json():
    result = run("simulate", "--deals", "300", "--games", "20", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    figures = {f["figure"]: f for f in doc["figures"]}
    assert figures["card points (both sides)"]["mean"] == 13.0
    assert all(f["n"] in (300, 20) and f["ci95_lo"] <= f["mean"] <= f["ci95_hi"] for f in doc["figures"])
    result = run("duel", "--player-a", "greedy", "--player-b", "random", "--deals", "300", "--games", "10",
                 "--players", "4", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "figure,unit,n,mean,ci95_lo,ci95_hi"


@pytest.mark.parametrize("args, token", [
    (["replay", "--seed", "1", "--players", "3"], "3"),
    (["replay", "--seed", "1", "--rules", "egyptian"], "egyptian"),
    (["replay", "--seed", "1", "--format", "xml"], "xml"),
    (["replay", "--seed", "1", "--policy", "smart"], "smart"),
    (["simulate", "--deals", "0"], "0"),
    (["duel", "--player-a", "greedy", "--player-b", "nobody", "--deals", "10"], "nobody"),
])
def test_bad_input_one_line_exit_2(args, token):
    assert_bad_input(args, token)


def test_bad_input_from_the_installed_command():
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "basra", "advise", "--hand", "HJ D10",
                           "--table", "HJ C2"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == ["jass-sim: error: card 'HJ' is both in --hand and in --table"]
