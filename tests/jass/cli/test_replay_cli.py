"""``jass-sim replay``: text and JSON output, the JSON contract, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from player_sets import play_in

from jass_sim.cli import main

JSON_KEYS = {"rules", "mode", "multiplier", "chooser", "leader", "hands", "melds", "meld_winner", "tricks", "score"}
#: The run's options, echoed after the round (issue 33 item 9).
ECHO_KEYS = {"policy", "mode_chooser", "seed", "pimc_samples", "horizon", "search_worlds"}


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_json_contract():
    result = run("replay", "--seed", "7", "--mode", "S", "--rules", "schieber", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert set(doc) == JSON_KEYS | ECHO_KEYS
    assert (doc["policy"], doc["mode_chooser"], doc["seed"]) == ("net", "fitted", 7)
    assert doc["pimc_samples"] is None and doc["horizon"] is None
    assert doc["rules"] == "schieber" and doc["mode"] == "S" and doc["multiplier"] == 2
    assert [len(h) for h in doc["hands"]] == [9, 9, 9, 9]
    assert len(doc["tricks"]) == 9 and all(set(t) == {"leader", "cards", "winner", "points"} for t in doc["tricks"])
    assert sum(t["points"] for t in doc["tricks"]) == 157
    for m in doc["melds"]:
        assert set(m) == {"seat", "kind", "cards", "points"} and m["kind"] in ("run", "four")
    for s in doc["score"]:
        assert set(s) == {"cards", "melds", "stoeck", "match", "total"}
        assert s["total"] == 2 * (s["cards"] + s["melds"] + s["stoeck"] + s["match"])
    assert doc["meld_winner"] in (0, 1, None)
    assert all(len(c) == 2 for h in doc["hands"] for c in h)  # letter notation, T for ten


def test_text_output_shows_symbols_and_tricks():
    result = run("replay", "--seed", "1")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert sum(line.startswith("trick ") for line in lines) == 9
    assert any("♥" in line or "♦" in line for line in lines)
    assert lines[-1].startswith("team 1:")


def test_same_seed_same_round_and_policy_option():
    """The default is the strong player: net card play (issue 33 item 3) and the fitted mode choice
    (issue 34), not random play."""
    a = run("replay", "--seed", "11", "--format", "json", "--policy", "net", "--chooser", "fitted").output
    assert a == run("replay", "--seed", "11", "--format", "json").output
    assert a != run("replay", "--seed", "12", "--format", "json").output
    r = run("replay", "--seed", "11", "--format", "json", "--policy", "random", "--chooser", "random").output
    assert json.loads(r)["tricks"] != json.loads(a)["tricks"]


def test_pimc_options_are_echoed(monkeypatch):
    play_in(monkeypatch, ("dd", "pimc"))  # pimc's round in the kernel the dd review plays too (tests/player_sets.py)
    doc = json.loads(run("replay", "--seed", "1", "--policy", "pimc", "--pimc-samples", "4", "--horizon", "2",
                         "--mode", "H", "--format", "json").output)
    assert (doc["policy"], doc["pimc_samples"], doc["horizon"]) == ("pimc", 4, 2)


def test_chooser_option_picks_the_mode_choice():
    modes = {json.loads(run("replay", "--seed", str(s), "--chooser", c, "--policy", "heuristic", "--format",
                            "json").output)["mode"] for s in range(8) for c in ("random",)}
    evaluator = {json.loads(run("replay", "--seed", str(s), "--policy", "heuristic", "--format", "json").output)["mode"]
                 for s in range(8)}
    assert modes != evaluator or len(modes) > 1


@pytest.mark.parametrize("args,token", [
    (["--mode", "X"], "'X'"), (["--rules", "bridge"], "'bridge'"), (["--policy", "smart"], "'smart'"),
    (["--format", "xml"], "'xml'"), (["--mode", "C", "--rules", "chibre", "--seed", "x"], "'x'"),
])
def test_bad_input_one_line_exit_2(args, token):
    # in-process (a Python process costs seconds of imports); the shell's path: the test below
    result = CliRunner().invoke(main, ["replay", "--seed", "1", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    err = result.stderr.strip().splitlines()
    assert len(err) == 1 and token in err[0] and "Traceback" not in result.stderr


def test_bad_input_from_a_shell():
    token = "'X'"
    cmd = [sys.executable, "-m", "jass_sim.cli", "replay", "--seed", "1", "--mode", "X"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1 and token in err[0] and "Traceback" not in proc.stderr
