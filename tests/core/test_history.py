"""The history store (jass_sim.core.history): rows, schema migration, concurrent writers, a corrupt
file moved aside, the data directory."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading

import pytest

from jass_sim.core.errors import InputError
from jass_sim.core.history import (
    DATA_DIR_ENV,
    SCHEMA_VERSION,
    Entry,
    HistoryError,
    HistoryStore,
    data_dir,
    history_path,
    parse_id,
)


def entry(n: int = 0, source: str = "review") -> Entry:
    return Entry(game="jass", source=source, mode="H", seat="0", card_loss=1.5 + n,
                 verdicts={"good": 7, "mistake": n}, round=f"mode H\nleader 0\n# {n}\n",
                 review={"summary": {"card_loss": 1.5 + n}, "n": n, "nan": float("nan")})


def test_rows_are_added_listed_newest_first_fetched_and_deleted(tmp_path):
    store = HistoryStore(str(tmp_path / "sub" / "history.sqlite3"))  # the directory is created
    a, b = store.add(entry(0)), store.add(entry(1, source="coach"))
    rows = store.list()
    assert [r["id"] for r in rows] == [b, a]
    assert rows[0] == {"id": b, "created": rows[0]["created"], "game": "jass", "source": "coach", "mode": "H",
                       "seat": "0", "card_loss": 2.5, "verdicts": {"good": 7, "mistake": 1}}
    assert rows[0]["created"].endswith("Z") and "T" in rows[0]["created"]
    one = store.get(a)
    assert one["round"] == "mode H\nleader 0\n# 0\n"
    assert one["review"] == {"summary": {"card_loss": 1.5}, "n": 0, "nan": None}  # strict JSON for a browser
    assert store.get(999) is None
    assert store.delete(a) and not store.delete(a)
    c = store.add(entry(2))
    assert c > b  # an ID is never given twice, even after a delete
    assert store.clear() == 2 and store.list() == []


def test_a_version_1_file_is_migrated_and_keeps_its_rows(tmp_path):
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)  # the schema of version 1, written out here as it shipped
    conn.executescript("""
        CREATE TABLE rounds (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, game TEXT NOT NULL,
                             mode TEXT NOT NULL, seat TEXT NOT NULL, card_loss REAL, verdicts TEXT NOT NULL,
                             round TEXT NOT NULL, review TEXT NOT NULL);
        INSERT INTO rounds (created, game, mode, seat, card_loss, verdicts, round, review)
            VALUES ('2026-01-02T03:04:05Z', 'jass', 'OBE', '1', 4.0, '{"blunder": 1}', 'mode OBE', '{}');
        PRAGMA user_version = 1;
    """)
    conn.close()
    store = HistoryStore(str(path))
    assert store.list() == [{"id": 1, "created": "2026-01-02T03:04:05Z", "game": "jass", "source": "review",
                             "mode": "OBE", "seat": "1", "card_loss": 4.0, "verdicts": {"blunder": 1}}]
    assert store.version() == SCHEMA_VERSION == 4  # through 2 (source), 3 (practice positions) and 4 (games)
    assert store.add(entry(source="coach")) == 2 and store.get(2)["source"] == "coach"
    indexes = sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
    assert ("rounds_created",) in indexes


def test_a_file_of_a_newer_version_is_refused_in_one_line(tmp_path):
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    with pytest.raises(HistoryError) as err:
        HistoryStore(str(path)).list()
    assert "\n" not in str(err.value) and "schema version 7" in str(err.value) and str(path) in str(err.value)
    assert path.exists()  # not corrupt: left as it is


WRITER = """
import sys
from jass_sim.core.history import Entry, HistoryStore
store = HistoryStore(sys.argv[1])
for i in range(int(sys.argv[2])):
    store.add(Entry("jass", sys.argv[3], "H", "0", float(i), {"good": i}, "mode H", {"i": i}))
"""


def test_two_processes_and_two_threads_writing_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "history.sqlite3")
    n = 60
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, path, str(n), f"p{k}"]) for k in range(2)]
    store = HistoryStore(path)
    errors = []

    def write(k):
        try:
            for i in range(n):
                store.add(entry(i, source=f"t{k}"))
        except Exception as exc:  # pragma: no cover - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    assert errors == []
    rows = store.list()
    assert len(rows) == 4 * n and len({r["id"] for r in rows}) == 4 * n
    for source in ("p0", "p1", "t0", "t1"):
        assert sum(r["source"] == source for r in rows) == n
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize("damage", ["garbage", "pages"])
def test_a_corrupt_file_is_reported_in_one_line_moved_aside_and_a_new_one_started(tmp_path, damage):
    path = tmp_path / "history.sqlite3"
    if damage == "garbage":
        path.write_bytes(b"this is not a database, just some bytes " * 100)
    else:  # a real history whose pages after the header were overwritten
        store = HistoryStore(str(path))
        for i in range(40):
            store.add(entry(i))
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        data = bytearray(path.read_bytes())
        data[4096:] = b"\xa5" * (len(data) - 4096)
        path.write_bytes(bytes(data))
    before = path.read_bytes()
    lines = []
    store = HistoryStore(str(path), notice=lines.append)
    assert store.list() == []
    assert len(lines) == 1 and "\n" not in lines[0]
    assert lines[0].startswith(f"the history file {path} is corrupt (")
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("history.sqlite3.corrupt-")]
    assert len(aside) == 1 and str(aside[0]) in lines[0]
    assert aside[0].read_bytes() == before  # kept as it was, for whoever wants to look
    assert store.add(entry()) == 1 and store.version() == SCHEMA_VERSION


def test_the_default_warning_is_one_line_on_stderr(tmp_path, capfd):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"\x00garbage" * 600)
    assert HistoryStore(str(path)).list() == []
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and err.startswith("jass-sim: warning: the history file ")


def test_the_data_directory_is_the_override_else_the_environment_else_the_users(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert data_dir() == platformdirs.user_data_dir("jass-sim", appauthor=False)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert data_dir() == str(tmp_path / "env")
    assert history_path() == str(tmp_path / "env" / "history.sqlite3")
    assert data_dir(str(tmp_path / "flag")) == str(tmp_path / "flag")


def test_a_directory_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(HistoryError, match="cannot create the history's directory"):
        HistoryStore(str(tmp_path / "file" / "sub" / "history.sqlite3")).list()


@pytest.mark.parametrize("text", ["x", "0", "-3", "1.5", ""])
def test_a_bad_id_names_itself(text):
    with pytest.raises(InputError) as err:
        parse_id(text)
    assert err.value.token == text
    assert parse_id(" 12 ") == 12
