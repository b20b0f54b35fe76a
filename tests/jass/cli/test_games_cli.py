"""``jass-sim games``, ``jass-sim equity`` and ``advise --score`` from the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from jass_sim.cli import main

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def test_games_formats_and_plot(tmp_path):
    runner = CliRunner()
    base = ["games", "--games", "60", "--team-a", "heuristic", "--team-b", "random", "--seed", "3"]
    text = runner.invoke(main, base)
    assert text.exit_code == 0 and "win rate of team A (paired)" in text.output and "95% CI" in text.output
    doc = json.loads(runner.invoke(main, base + ["--format", "json"]).output)
    assert doc["games"] == 60 and doc["plays"] == 120 and len(doc["win_rate_a"]["ci95"]) == 2
    for key in ("rounds_per_game", "rubicon_rate", "ended_inside_last_round", "mean_final_score_a"):
        assert doc[key]["ci95"][0] <= doc[key]["mean"] <= doc[key]["ci95"][1]
    csv = runner.invoke(main, base + ["--format", "csv", "--rules", "schieber", "--target", "800",
                                      "--ending", "plus-grand-ecart"]).output
    assert csv.splitlines()[0].startswith("figure,mean,ci95_lo,ci95_hi") and ",800,plus-grand-ecart," in csv
    png = tmp_path / "games.png"
    assert runner.invoke(main, base + ["--plot", str(png)]).exit_code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_equity_shipped_outputs(tmp_path):
    runner = CliRunner()
    csv, svg = tmp_path / "eq.csv", tmp_path / "eq.svg"
    r = runner.invoke(main, ["equity", "--shipped", "--rules", "pique-double", "-o", str(csv), "--plot", str(svg)])
    assert r.exit_code == 0, r.output
    lines = csv.read_text().splitlines()
    assert lines[0] == "rules,policy,ours,theirs,chooser,p_win,ci95_lo,ci95_hi,rounds"
    assert len(lines) == 1 + 2 * 151 ** 2 and b"<svg" in svg.read_bytes()[:400]
    r = runner.invoke(main, ["equity", "--shipped", "--score", "980:400"])
    assert r.exit_code == 0 and "980:400, we choose next: P(we win)" in r.output
    pq = tmp_path / "eq.parquet"
    r = runner.invoke(main, ["equity", "--rules", "chibre", "--games", "200", "--step", "50", "--policy", "random",
                             "-o", str(pq)])
    assert r.exit_code == 0, r.output
    import pandas as pd

    df = pd.read_parquet(pq)
    assert set(df["chooser"]) == {"ours", "theirs"} and (df["rounds"] == 200).all()


def test_advise_score_json():
    runner = CliRunner()
    r = runner.invoke(main, ["advise", HAND, "--policy", "heuristic", "--samples", "300", "--score", "850:920", "--format", "json"])
    assert r.exit_code == 0, r.output
    block = json.loads(r.output)["win_probability"]
    assert block["score"] == {"ours": 850, "theirs": 920} and len(block["options"]) == 7
    plain = json.loads(runner.invoke(main, ["advise", HAND, "--policy", "heuristic", "--samples", "300", "--format", "json"]).output)
    assert "win_probability" not in plain


@pytest.mark.parametrize("args,token", [
    (["games", "--games", "0", "--team-a", "heuristic", "--team-b", "random"], "0 is out of range"),
    (["games", "--games", "5", "--team-a", "genius", "--team-b", "random"], "'genius'"),
    (["games", "--games", "5", "--team-a", "random", "--team-b", "random", "--ending", "sudden"], "'sudden'"),
    (["games", "--games", "5", "--team-a", "random", "--team-b", "random", "--format", "xml"], "'xml'"),
    (["games", "--games", "5", "--team-a", "random", "--team-b", "random", "--plot", "x.pdf"], "x.pdf"),
    (["equity", "--shipped", "--policy", "pimc"], "'pimc'"),
    (["equity", "--games", "50"], "got 50"),
    (["equity", "--shipped", "-o", "t.xlsx"], "t.xlsx"),
    (["equity", "--shipped", "--score", "1000:3"], "got 1000"),
    (["advise", HAND, "--score", "12:x"], "'12:x'"),
    (["advise", HAND, "--score", "10:10", "--policy", "dd"], "dd"),
    # a negative score (a real process for advise's bad input: test_advise_cli's test_bad_input_from_a_shell)
    (["advise", HAND, "--score", "5:-3"], "'5:-3'"),
])
def test_bad_input_one_line_exit_2(args, token, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, args)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)  # no traceback
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and token in r.output, r.output
    assert r.stdout == ""
    assert r.output.startswith("jass-sim: error:")
    assert list(tmp_path.iterdir()) == []
