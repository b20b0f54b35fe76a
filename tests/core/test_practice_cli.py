"""``jass-sim practice`` (issue 54 item 2): the positions with box and due date (table, json, csv),
``--game``, ``--due``, ``--reset ID|all`` and ``--data-dir`` (the directory ``serve --data-dir``
keeps the history in). In-process (CliRunner), positions written out: well under a second."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core import practice as drill
from jass_sim.core.history import Entry, HistoryStore, PracticePosition, history_path


def run(*args):
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args))


def add(store, game, n=1):
    p = PracticePosition("card", "mistake", {}, ["HA", "H6"], [{"choice": "HA", "value": 5.0, "ci95": None},
                                                               {"choice": "H6", "value": 0.0, "ci95": None}],
                         "HA", "H6", 1.0)
    store.add(Entry(game, "review", "S", "0", 5.0, {"mistake": n}, "", {}, positions=(p,) * n))


@pytest.fixture
def data(tmp_path):
    """A history in a directory of its own, as serve --data-dir keeps it (not $JASS_SIM_DATA_DIR)."""
    store = HistoryStore(history_path(str(tmp_path / "d")))
    add(store, "jass", 2)
    add(store, "cribbage")
    drill.answer(store, 1, "HA")  # box 2, due in 3 days
    return tmp_path / "d", store


def test_list_formats_game_and_due(data, tmp_path, monkeypatch):
    d, store = data
    out = run("practice", "--data-dir", str(d), "--format", "json")
    assert out.exit_code == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [(r["id"], r["game"], r["box"]) for r in rows] == [(2, "jass", 1), (3, "cribbage", 1), (1, "jass", 2)]
    due = json.loads(run("practice", "--data-dir", str(d), "--format", "json", "--game", "jass", "--due").stdout)
    assert [r["id"] for r in due] == [2]
    table = run("practice", "--data-dir", str(d)).stdout.splitlines()
    assert table[0].split()[:6] == ["id", "game", "kind", "verdict", "box", "due"] and len(table) == 4
    rows = list(csv.DictReader(io.StringIO(run("practice", "--data-dir", str(d), "--format", "csv").stdout)))
    assert [r["box"] for r in rows] == ["1", "1", "2"] and rows[2]["due"] == drill.list_positions(store)[2]["due"]
    # without --data-dir: $JASS_SIM_DATA_DIR's history, another one, with none
    monkeypatch.setenv("JASS_SIM_DATA_DIR", str(tmp_path / "elsewhere"))
    assert run("practice").stdout.startswith("no practice positions")


def test_reset_one_and_all(data):
    d, store = data
    assert run("practice", "--data-dir", str(d), "--reset", "1").stdout.strip() == \
        "reset 1 practice position(s): box 1, due now"
    assert [r["box"] for r in drill.list_positions(store)] == [1, 1, 1]
    assert run("practice", "--data-dir", str(d), "--reset", "all").stdout.startswith("reset 3 ")


@pytest.mark.parametrize("args, token", [
    (["--reset", "9"], "9"), (["--reset", "x"], "'x'"), (["--game", "chess"], "chess"),
    (["--reset", "1", "--format", "json"], "--format"), (["--reset", "1", "--due"], "--due"),
])
def test_bad_input_is_one_line_exit_2(data, args, token):
    d, _ = data
    out = run("practice", "--data-dir", str(d), *args)
    assert out.exit_code == 2 and len(out.stderr.strip().splitlines()) == 1 and token in out.stderr, out.stderr
