"""``jass-sim simulate`` and ``jass-sim duel`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import pytest
from click.testing import CliRunner
from player_sets import play_in

from jass_sim.cli import main


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_table_and_json():
    text = run("simulate", "--deals", 3000, "--policy", "heuristic", "--seed", 1)
    assert "ours (chooser team)" in text and text.splitlines()[-1].lstrip().startswith("all")
    doc = json.loads(run("simulate", "--deals", 3000, "--policy", "heuristic", "--seed", 1, "--format", "json"))
    assert doc["deals"] == 3000 and doc["modes"][-1]["mode"] == "all" and doc["modes"][-1]["deals"] == 3000
    row = doc["modes"][-1]
    assert row["ci95_ours_lo"] < row["mean_ours"] < row["ci95_ours_hi"]


def test_simulate_fixed_mode_csv_to_file(tmp_path):
    out = tmp_path / "sim.csv"
    run("simulate", "--deals", 2000, "--mode", "UNE", "--format", "csv", "-o", out)
    table = pd.read_csv(out)
    assert list(table["mode"]) == ["UNE", "all"] and table["deals"].iloc[0] == 2000
    assert table["rate_stoeck_ours"].iloc[0] == 0  # no stöck without trump


@pytest.mark.parametrize("fmt,reader", [("csv", pd.read_csv), ("json", lambda p: pd.read_json(p, lines=True)),
                                        ("parquet", pd.read_parquet)])
def test_per_deal_rows(tmp_path, fmt, reader):
    pytest.importorskip("pyarrow") if fmt == "parquet" else None
    out = tmp_path / f"rows.{fmt}"
    run("simulate", "--deals", 2500, "--per-deal", "--format", fmt, "-o", out, "--seed", 4)
    rows = reader(out)
    assert len(rows) == 2500 and list(rows["deal"]) == list(range(2500))
    assert ((rows["cards_ours"] + rows["cards_theirs"]) == 157).all()
    assert set(rows["mode"]) <= {"H", "D", "S", "C", "OBE", "UNE"}


def test_duel_json():
    doc = json.loads(run("duel", "--team-a", "heuristic", "--team-b", "random", "--deals", 2000, "--format", "json"))
    assert doc["deals"] == 2000 and doc["rounds"] == 4000
    lo, hi = doc["ci95_diff"]
    assert 0 < lo < doc["mean_diff"] < hi and 0.5 < doc["win_rate"] <= 1


def test_solver_player_options_reach_the_players(monkeypatch):
    """``--pimc-samples`` and ``--horizon`` change the cards the solver players play, in ``simulate``
    and ``duel``. Compiling is this test's cost (issue 50 item 8), so it plays only player sets
    other tests compile anyway: ``simulate`` with ``pimc`` (both options reach it: its horizon is
    ``dd``'s) and, for ``dd``'s own horizon, ``duel`` of ``dd`` against ``heuristic`` in the duel
    kernel compiled for ``heuristic``, ``dd`` and ``pimc``, as the report's player table test
    plays it (tests/jass/report/test_report.py; a set only prunes the other players' branches,
    jass_sim.jass.players.dispatch). A ``dd``-only ``simulate`` would compile the round kernels for
    a set nothing else plays (15 CPU s cold), a ``dd`` and ``heuristic`` duel another (16 CPU s)."""
    def sim(*extra):
        return json.loads(run("simulate", "--deals", 8, "--mode", "OBE", "--seed", 3, "--format", "json",
                              "--policy", "pimc", *extra))

    def dd_duel(*extra):
        with monkeypatch.context() as patch:
            play_in(patch, ("heuristic", "dd", "pimc"))
            doc = json.loads(run("duel", "--team-a", "dd", "--team-b", "heuristic", "--deals", 4, "--seed", 3,
                                 "--format", "json", *extra))
        return doc, {k: v for k, v in doc.items() if k not in ("horizon", "pimc_samples")}

    one, four = sim("--pimc-samples", 1), sim("--pimc-samples", 4)
    assert (one["pimc_samples"], one["horizon"], four["pimc_samples"]) == (1, None, 4)
    assert one["modes"] != four["modes"]  # other samples, other cards played
    short, longer = sim("--pimc-samples", 1, "--horizon", 1), sim("--pimc-samples", 1, "--horizon", 5)
    assert (short["horizon"], longer["horizon"]) == (1, 5) and short["modes"] != longer["modes"]
    assert sim("--pimc-samples", 1, "--horizon", 3)["modes"] == one["modes"]  # 3 is the default
    (short, short_play), (longer, longer_play) = dd_duel("--horizon", 1), dd_duel("--horizon", 5)
    assert (short["horizon"], longer["horizon"]) == (1, 5) and short_play != longer_play
    assert dd_duel("--horizon", 3)[1] == dd_duel()[1]  # 3 is dd's default too
    from jass_sim.jass.players import policy_params, solver_player_json

    assert solver_player_json(policy_params(None, "FULL"))["horizon"] == "full"  # echoed as "full"
    doc = json.loads(run("duel", "--team-a", "pimc", "--team-b", "heuristic", "--deals", 2, "--pimc-samples", 2,
                         "--format", "json"))
    assert (doc["pimc_samples"], doc["horizon"]) == (2, None)


@pytest.mark.parametrize("args,token", [
    (["simulate", "--deals", "0"], "0"),
    (["simulate", "--deals", "10", "--policy", "clever"], "'clever'"),
    (["simulate", "--deals", "10", "--format", "xlsx"], "'xlsx'"),
    (["simulate", "--deals", "10", "--mode", "Q"], "'Q'"),
    (["simulate", "--deals", "10", "--threads", "99"], "99"),
    (["simulate", "--deals", "10", "-o", "/nonexistent/dir/x.csv"], "/nonexistent"),
    (["duel", "--team-a", "heuristic", "--team-b", "nobody", "--deals", "10"], "'nobody'"),
    (["simulate", "--deals", "10", "--pimc-samples", "0"], "0"),
    (["simulate", "--deals", "10", "--horizon", "10"], "'10'"),
    (["duel", "--team-a", "pimc", "--team-b", "dd", "--deals", "10", "--horizon", "deep"], "'deep'"),
    (["replay", "--seed", "1", "--policy", "dd", "--horizon", "-1"], "'-1'"),
])
def test_bad_input_one_line_exit_2(args, token, tmp_path, monkeypatch):
    # in-process (a Python process costs seconds of imports); the shell's path: the test below
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and "Traceback" not in result.stderr
    assert result.stdout == "" and list(tmp_path.iterdir()) == []


def test_bad_input_from_a_shell(tmp_path):
    token = "'clever'"
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "simulate", "--deals", "10", "--policy", "clever"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and "Traceback" not in proc.stderr
    assert proc.stdout == "" and list(tmp_path.iterdir()) == []
