"""``jass-sim review --save`` and ``jass-sim history``: list (table, json, csv, -o), delete one or all,
a bad ID in one line with exit 2."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core.history import Entry, HistoryStore, history_path

ROUND = """mode H
leader 0
hand 0: HJ H9 HA SK SQ D6 C7 C8 CT
trick HJ H6 HQ H7
trick SK S6 S7 S8
"""


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("JASS_SIM_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def run(*args):
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args))


def test_review_save_saves_the_round_and_history_lists_it(data):
    (data / "round.txt").write_text(ROUND)
    r = run("review", str(data / "round.txt"), "--samples", "8", "--no-mode", "--format", "json", "--save")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert r.stderr.startswith("jass-sim: saved in the history as round 1 (")
    assert str(data / "data" / "history.sqlite3") in r.stderr
    saved = HistoryStore(history_path()).get(1)
    assert saved["source"] == "cli" and saved["game"] == "jass" and saved["mode"] == "H" and saved["seat"] == "0"
    # the History view's row (issue 54 item 0): hearts trump, HJ takes 20 + 3 (HQ), SK then 4: 27 to 0
    glance = {"score": {"us": 27, "them": 0}, "hand": ["HJ", "H9", "HA", "SK", "SQ", "D6", "C7", "C8", "CT"]}
    assert saved["review"] == doc | {"glance": glance} and saved["card_loss"] == pytest.approx(doc["summary"]["card_loss"])
    assert saved["round"].splitlines()[1:] == ["mode H", "leader 0", "hand 0: HJ H9 HA SK SQ D6 C7 C8 CT",
                                               "trick HJ H6 HQ H7", "trick SK S6 S7 S8"]
    table = run("history")
    assert table.exit_code == 0
    lines = table.stdout.splitlines()
    assert lines[0].split()[:3] == ["id", "date", "(UTC)"] and lines[1].split()[0] == "1"
    assert "cli" in lines[1] and f"{doc['summary']['card_loss']:.1f}" in lines[1]
    # without --save, nothing more
    assert run("review", str(data / "round.txt"), "--samples", "8", "--no-mode").exit_code == 0
    assert len(HistoryStore(history_path()).list()) == 1
    # --save --data-dir D: into the history serve --data-dir D keeps (issue 54), listed by history --data-dir D
    other = data / "served"
    r = run("review", str(data / "round.txt"), "--samples", "8", "--no-mode", "--save", "--data-dir", str(other))
    assert r.exit_code == 0, r.stderr
    assert str(other / "history.sqlite3") in r.stderr
    rows = json.loads(run("history", "--data-dir", str(other), "--format", "json").stdout)
    assert [(r["source"], r["mode"]) for r in rows] == [("cli", "H")]
    assert len(HistoryStore(history_path()).list()) == 1


def add(n: int) -> list[int]:
    store = HistoryStore(history_path())
    return [store.add(Entry("jass", "review", "OBE", "0, 2", 2.5 * i, {"good": 3, "blunder": i}, "mode OBE\n", {}))
            for i in range(n)]


def test_history_as_json_and_csv_and_to_a_file(data):
    ids = add(2)
    rows = json.loads(run("history", "--format", "json").stdout)
    assert [r["id"] for r in rows] == ids[::-1] and rows[0]["verdicts"] == {"good": 3, "blunder": 1}
    assert set(rows[0]) == {"id", "created", "game", "source", "mode", "seat", "card_loss", "verdicts"}
    out = list(csv.DictReader(io.StringIO(run("history", "--format", "csv").stdout)))
    assert [r["id"] for r in out] == [str(i) for i in ids[::-1]]
    assert out[0]["blunder"] == "1" and out[0]["seat"] == "0, 2" and out[0]["card_loss"] == "2.50"
    r = run("history", "-o", str(data / "h.csv"))  # the extension sets the format
    assert r.exit_code == 0 and (data / "h.csv").read_text().startswith("id,created,game,source,mode,seat,card_loss")
    assert run("history", "--delete", "all").exit_code == 0
    assert run("history").stdout.startswith("the history is empty")
    assert json.loads(run("history", "--format", "json").stdout) == []


def test_delete_one_or_all(data):
    ids = add(3)
    r = run("history", "--delete", str(ids[1]))
    assert r.exit_code == 0 and r.stdout == f"removed round {ids[1]} from the history\n"
    assert [row["id"] for row in HistoryStore(history_path()).list()] == [ids[2], ids[0]]
    r = run("history", "--delete", "ALL")
    assert r.exit_code == 0 and r.stdout == "removed 2 round(s) from the history\n"
    assert HistoryStore(history_path()).list() == []


@pytest.mark.parametrize("args, token", [
    (["--delete", "x7"], "'x7'"),
    (["--delete", "0"], "'0'"),
    (["--delete", "999"], "999"),
    (["--delete", "1", "--format", "json"], "--format"),
    (["--format", "xml"], "xml"),
])
def test_a_bad_id_is_one_line_and_exit_2(data, args, token):
    add(1)
    r = run("history", *args)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and token in r.stderr and r.stdout == ""
    assert r.stderr.startswith("jass-sim: error: ")
    assert len(HistoryStore(history_path()).list()) == 1


def test_data_dir_lists_the_history_serve_keeps_there(data):
    """Issue 54: after ``serve --data-dir D`` the rounds are in D: ``history --data-dir D`` lists them
    (it listed the default directory's, nothing)."""
    other = data / "served"
    HistoryStore(history_path(str(other))).add(Entry(game="jass", source="coach", mode="S", seat="0", card_loss=2.5,
                                                     verdicts={"good": 7, "mistake": 1}, round=ROUND, review={}))
    assert json.loads(run("history", "--format", "json").stdout) == []
    rows = json.loads(run("history", "--data-dir", str(other), "--format", "json").stdout)
    assert [(r["source"], r["mode"], r["card_loss"]) for r in rows] == [("coach", "S", 2.5)]
    r = run("history", "--data-dir", str(other), "--delete", "all")
    assert r.exit_code == 0 and "removed 1 round(s)" in r.stdout
