"""Practice positions in the history (jass_sim.core.practice, issue 54 item 2): saved with their
round, due at once, Leitner boxes (solved: up a box and further out; missed: box 1, both not due
again the same day), one answer counted when two tabs answer, reset, and the migration of a
version 2 file. Game-neutral: the positions are written out here, as a game's history hook gives
them (the games' builders are tested in tests/page/test_practice_routes.py (Jass) and
tests/cribbage/test_cribbage_practice.py). No kernel: well under a second in all."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime, timedelta, timezone

import pytest

from jass_sim.core import practice as drill
from jass_sim.core.errors import InputError
from jass_sim.core.history import SCHEMA_VERSION, Entry, HistoryStore, PracticePosition


def position(best="HA", played="H6", game_kind="card") -> PracticePosition:
    return PracticePosition(game_kind, "mistake", {"hand": ["HA", "HK", "H6"], "mode": "S"}, ["HA", "HK", "H6"],
                            [{"choice": "HA", "value": 6.0, "ci95": [2.0, 10.0]},
                             {"choice": "HK", "value": 5.5, "ci95": [1.0, 10.0]},
                             {"choice": "H6", "value": 0.0, "ci95": None}], best, played, tolerance=1.0)


def entry(*positions, game="jass") -> Entry:
    return Entry(game, "review", "S", "0", 6.0, {"mistake": len(positions)}, "mode S", {}, positions=positions)


@pytest.fixture
def store(tmp_path):
    return HistoryStore(str(tmp_path / "history.sqlite3"))


@pytest.fixture
def t0():
    """The answers' time: a minute after the test starts (the positions are saved at the real time)."""
    return (datetime.now(timezone.utc) + timedelta(minutes=1)).replace(microsecond=0)


def test_a_saved_reviews_positions_are_due_at_once_per_game(store):
    rid = store.add(entry(position(), position(best="HK")))
    store.add(entry(position(), game="cribbage"))
    assert drill.due_counts(store, ("jass", "cribbage", "basra")) == {
        "jass": {"due": 2, "total": 2}, "cribbage": {"due": 1, "total": 1}, "basra": {"due": 0, "total": 0}}
    nxt = drill.next_due(store, "jass")
    assert nxt == {"id": 1, "game": "jass", "position": {"hand": ["HA", "HK", "H6"], "mode": "S"},
                   "choices": ["HA", "HK", "H6"], "box": 1, "kind": "card", "verdict": "mistake"}
    rows = drill.list_positions(store, "jass")
    assert [(r["id"], r["round_id"], r["box"]) for r in rows] == [(1, rid, 1), (2, rid, 1)]
    assert drill.next_due(store, "basra") is None


def test_solved_moves_up_a_box_and_out_missed_goes_to_box_1_neither_due_the_same_day(store, t0):
    store.add(entry(position(), position()))
    out = drill.answer(store, 1, "ha", now=t0)
    assert out["correct"] and out["best"] == "HA" and out["box"] == 2 and out["played"] == "H6"
    assert out["due"] == drill.stamp(t0 + timedelta(days=3))
    assert [v["choice"] for v in out["values"]] == ["HA", "HK", "H6"]
    # within the tolerance of the best (0.5 < 1 point behind): solved too
    assert drill.answer(store, 2, "HK", now=t0)["correct"]
    later = t0 + timedelta(hours=23)
    assert drill.next_due(store, "jass", now=later) is None  # not due again the same day
    with pytest.raises(drill.NotDue):
        drill.answer(store, 1, "HA", now=later)
    # due again in 3 days: solved again -> box 3, 7 days out; then missed -> box 1, a day out
    t = t0 + timedelta(days=3)
    assert drill.next_due(store, "jass", now=t)["id"] == 1
    assert drill.answer(store, 1, "HA", now=t)["box"] == 3
    t += timedelta(days=7)
    out = drill.answer(store, 1, "H6", now=t)
    assert not out["correct"] and out["box"] == 1 and out["due"] == drill.stamp(t + timedelta(days=1))
    row = drill.list_positions(store, "jass")[-1]
    assert (row["id"], row["answers"], row["solved"]) == (1, 3, 2)


def test_the_top_box_stays_at_5_with_30_days(store, t0):
    store.add(entry(position()))
    t = t0
    for box in (2, 3, 4, 5, 5):
        out = drill.answer(store, 1, "HA", now=t)
        assert out["box"] == box
        t += timedelta(days=drill.INTERVALS[box - 1])
        assert out["due"] == drill.stamp(t)


def test_an_unknown_id_and_a_choice_not_among_the_choices_are_refused(store):
    store.add(entry(position()))
    with pytest.raises(drill.UnknownPosition):
        drill.answer(store, 9, "HA")
    with pytest.raises(InputError) as err:
        drill.answer(store, 1, "SA")
    assert err.value.field == "choice" and "'SA'" in str(err.value)
    assert drill.list_positions(store)[0]["answers"] == 0  # nothing counted


def test_a_choice_the_review_did_not_rate_is_not_solved(store):
    p = PracticePosition("card", "blunder", {}, ["HA", "HK", "H6"], [
        {"choice": "HA", "value": 3.0, "ci95": None}, {"choice": "HK", "value": None, "ci95": None},
        {"choice": "H6", "value": 0.0, "ci95": None}], "HA", "H6", 1.0)
    store.add(entry(p))
    assert not drill.answer(store, 1, "HK")["correct"]


def test_several_cards_match_in_any_order():
    assert drill.match_choice("6s 5h", ["5H 6S", "5H 7C"]) == "5H 6S"
    assert drill.match_choice("5H", ["5H 6S"]) is None and drill.match_choice(7, ["7"]) is None


def test_two_tabs_answering_at_once_count_one_answer(store, t0):
    store.add(entry(position()))
    outcomes, barrier = [], threading.Barrier(4)

    def tab(choice):
        barrier.wait()
        try:
            outcomes.append(drill.answer(store, 1, choice, now=t0)["box"])
        except drill.NotDue:
            outcomes.append("refused")

    tabs = [threading.Thread(target=tab, args=(c,)) for c in ("HA", "H6", "HA", "HK")]
    for t in tabs:
        t.start()
    for t in tabs:
        t.join()
    assert sorted(outcomes, key=str).count("refused") == 3
    row = drill.list_positions(store)[0]
    assert row["answers"] == 1 and row["box"] in (1, 2)


def test_reset_puts_positions_back_in_box_1_due_now(store, t0):
    store.add(entry(position(), position()))
    drill.answer(store, 1, "HA", now=t0)
    drill.answer(store, 2, "HA", now=t0)
    assert drill.reset(store, "1") == 1
    assert [(r["id"], r["box"]) for r in drill.list_positions(store, due_only=True)] == [(1, 1)]
    assert drill.reset(store, "all") == 2 and len(drill.list_positions(store, due_only=True)) == 2
    for bad in ("0", "x", "99"):
        with pytest.raises(InputError):
            drill.reset(store, bad)


def test_a_version_2_file_gets_the_positions_table_and_keeps_its_rounds(tmp_path):
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)  # version 2 as it shipped
    conn.executescript("""
        CREATE TABLE rounds (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, game TEXT NOT NULL,
                             mode TEXT NOT NULL, seat TEXT NOT NULL, card_loss REAL, verdicts TEXT NOT NULL,
                             round TEXT NOT NULL, review TEXT NOT NULL, source TEXT NOT NULL DEFAULT 'review');
        CREATE INDEX rounds_created ON rounds (created);
        INSERT INTO rounds (created, game, mode, seat, card_loss, verdicts, round, review)
            VALUES ('2026-01-02T03:04:05Z', 'jass', 'OBE', '1', 4.0, '{"blunder": 1}', 'mode OBE', '{}');
        PRAGMA user_version = 2;
    """)
    conn.close()
    store = HistoryStore(str(path))
    assert drill.list_positions(store) == [] and store.version() == SCHEMA_VERSION == 4  # through 3 and 4 (games)
    assert len(store.list()) == 1
    assert store.add(entry(position())) == 2 and drill.next_due(store, "jass")["id"] == 1


def test_deleting_a_round_deletes_its_positions(store):
    a = store.add(entry(position(), position()))
    store.add(entry(position()))
    assert store.delete(a)
    assert [r["round_id"] for r in drill.list_positions(store)] == [a + 1]
    assert store.clear() == 1 and drill.list_positions(store) == []
