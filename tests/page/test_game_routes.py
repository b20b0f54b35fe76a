"""Whole games in the history through the page's API (Starlette's TestClient, issue 54 item 4): a
game is one entry with its score sheet and rounds, its rounds leave the flat list of rounds but keep
their practice positions, a round that does not follow the game's state is refused (409: over,
another tab's round, a round linked twice), bad fields are 400 with ``field``, and a history file of
schema version 3 (before games) opens and keeps its rounds.

Budget: no job and no kernel: the rounds are review rows written out (0.5 s in all)."""

from __future__ import annotations

import sqlite3

import pytest

from jass_sim.core.history import SCHEMA_VERSION, Entry, HistoryStore, PracticePosition


def saved_round(store, loss=12.0, verdicts=None) -> int:
    """A coached round's review row with one practice position, as the review job saves it."""
    p = PracticePosition("card", "blunder", {"hand": ["HA", "H6"], "mode": "S"}, ["HA", "H6"],
                         [{"choice": "HA", "value": 12.0, "ci95": [8.0, 16.0]},
                          {"choice": "H6", "value": 0.0, "ci95": None}], "HA", "H6", 1.0)
    return store.add(Entry("jass", "coach", "S", "0", loss, verdicts or {"blunder": 1, "good": 7}, "mode S", {},
                           positions=(p,)))


def row(mode="S"):
    return {"first": 1, "chooser": 1, "chibred": False, "mode": mode, "cards": [100, 57], "weis": [20, 0],
            "stoeck": [0, 0], "match": [0, 0], "totals": [120, 57]}


def test_a_game_is_one_entry_with_its_sheet_and_rounds(client, store):
    made = client.post("/api/history/games", json={"game": "jass", "rules": "chibre", "target": 300})
    assert made.status_code == 201
    game = made.json()
    assert game["score"] == [0, 0] and game["target"] == 300 and game["winner"] is None and game["sheet"] == []
    gid = game["id"]
    single = saved_round(store)  # a coached round outside the game stays in the flat list
    first = saved_round(store, 4.5, {"mistake": 1, "good": 8})
    out = client.post(f"/api/history/games/{gid}/rounds", json={"row": row(), "before": [0, 0], "after": [120, 57],
                                                                "winner": None, "round_id": first})
    assert out.status_code == 200, out.text
    assert out.json()["score"] == [120, 57] and out.json()["played"] == 1
    assert client.get("/api/history/games/open?game=jass").json()["id"] == gid  # to go on with after a reload
    second = saved_round(store, 2.0, {"blunder": 1})
    out = client.post(f"/api/history/games/{gid}/rounds", json={"row": row("OBE"), "before": [120, 57],
                                                                "after": [180, 301], "winner": 1, "round_id": second})
    done = out.json()
    assert done["winner"] == 1 and done["score"] == [180, 301] and done["ended"]
    assert [r["mode"] for r in done["sheet"]] == ["S", "OBE"]
    assert [(r["before"], r["after"], r["round_id"]) for r in done["sheet"]] == [
        ([0, 0], [120, 57], first), ([120, 57], [180, 301], second)]
    assert client.get("/api/history/games/open?game=jass").status_code == 204  # the game is over
    # the History: the game is one entry (its rounds' losses and verdicts summed), its rounds not listed alone
    listed = client.get("/api/history/games").json()["games"]
    assert len(listed) == 1 and listed[0]["saved_rounds"] == 2 and listed[0]["card_loss"] == pytest.approx(6.5)
    assert listed[0]["verdicts"] == {"mistake": 1, "good": 8, "blunder": 1}
    assert [r["id"] for r in client.get("/api/history").json()["rounds"]] == [single]
    assert {r["id"] for r in store.list()} == {single, first, second}  # the command line lists every round
    assert client.get(f"/api/history/{first}").json()["source"] == "coach"  # each round opens in Review
    # its mistakes feed Practice, as a coached round's do
    assert client.get("/api/practice").json()["games"]["jass"] == {"due": 3, "total": 3}
    # deleting the game deletes its rounds and their positions, not the other round
    assert client.delete(f"/api/history/games/{gid}").json() == {"deleted": 1}
    assert client.get(f"/api/history/games/{gid}").status_code == 404
    assert {r["id"] for r in store.list()} == {single}
    assert client.get("/api/practice").json()["games"]["jass"] == {"due": 1, "total": 1}
    # Delete all takes the games too
    gid = client.post("/api/history/games", json={"game": "jass", "rules": "chibre", "target": 1000}).json()["id"]
    client.delete("/api/history")
    assert client.get("/api/history/games").json() == {"games": []}
    assert client.get(f"/api/history/games/{gid}").status_code == 404


def test_a_round_that_does_not_follow_the_game_is_refused(client, store):
    gid = client.post("/api/history/games", json={"game": "jass", "rules": "chibre", "target": 300}).json()["id"]
    rid = saved_round(store)
    add = lambda **kw: client.post(f"/api/history/games/{gid}/rounds", json={"row": row(), **kw})  # noqa: E731
    assert add(before=[0, 0], after=[120, 57], round_id=rid).status_code == 200
    # another tab adds the same round from the old score: refused, the game counts it once
    again = add(before=[0, 0], after=[120, 57])
    assert again.status_code == 409 and "stands at 120:57" in again.json()["error"]
    assert add(before=[120, 57], after=[200, 100], round_id=rid).status_code == 409  # linked to a game already
    assert client.get(f"/api/history/games/{gid}").json()["played"] == 1
    # a team at the target needs the winner; then the game takes no more rounds
    no_winner = add(before=[120, 57], after=[300, 100])
    assert no_winner.status_code == 400 and no_winner.json()["field"] == "winner"
    assert add(before=[120, 57], after=[300, 100], winner=0).status_code == 200
    over = add(before=[300, 100], after=[400, 150], winner=0)
    assert over.status_code == 409 and "is over" in over.json()["error"]


def test_a_match_that_ends_with_equal_totals_is_saved_as_a_tie(client):
    # a Coiffeur match can end level: winner 2 (history_games.TIE) ends it, only with equal scores
    gid = client.post("/api/history/games", json={"game": "coiffeur", "rules": "coiffeur", "target": 10_000}).json()["id"]
    add = lambda **kw: client.post(f"/api/history/games/{gid}/rounds", json={"row": {"round": 0}, **kw})  # noqa: E731
    assert add(before=[0, 0], after=[0, 300]).status_code == 200
    unequal = add(before=[0, 300], after=[500, 300], winner=2)
    assert unequal.status_code == 400 and unequal.json()["field"] == "winner"
    assert add(before=[0, 300], after=[300, 300], winner=2).status_code == 200
    entry = client.get(f"/api/history/games/{gid}").json()
    assert entry["winner"] == 2 and entry["score"] == [300, 300] and entry["ended"]
    over = add(before=[300, 300], after=[400, 300], winner=0)
    assert over.status_code == 409 and "ended in a tie" in over.json()["error"]
    assert client.get("/api/history/games/open?game=coiffeur").status_code == 204  # not offered to go on with


@pytest.mark.parametrize(("url", "body", "field"), [
    ("/api/history/games", {"game": "poker", "rules": "chibre", "target": 1000}, "game"),
    ("/api/history/games", {"game": "jass", "rules": "", "target": 1000}, "rules"),
    ("/api/history/games", {"game": "jass", "rules": "chibre", "target": 0}, "target"),
    ("/api/history/games", {"game": "jass", "rules": "chibre", "target": "1000"}, "target"),
    ("/api/history/games", {"game": "jass", "rules": "chibre", "target": 10_001}, "target"),
    ("/api/history/games", [1], "body"),
    ("/api/history/games/x/rounds", {"row": {}, "before": [0, 0], "after": [1, 1]}, "id"),
    ("/api/history/games/{gid}/rounds", {"row": [], "before": [0, 0], "after": [1, 1]}, "row"),
    ("/api/history/games/{gid}/rounds", {"row": {}, "before": [0], "after": [1, 1]}, "before"),
    ("/api/history/games/{gid}/rounds", {"row": {}, "before": [0, 0], "after": [-1, 1]}, "after"),
    ("/api/history/games/{gid}/rounds", {"row": {}, "before": [0, 0], "after": [1, 1], "winner": 3}, "winner"),
    ("/api/history/games/{gid}/rounds", {"row": {}, "before": [0, 0], "after": [1, 2], "winner": 2}, "winner"),
    ("/api/history/games/{gid}/rounds", {"row": {}, "before": [0, 0], "after": [1, 1], "round_id": 99}, "round_id"),
    ("/api/history/games/{gid}/rounds", {"row": {}, "before": [0, 0], "after": [1, 1], "path": "/etc"}, "path"),
])
def test_bad_fields_are_400_naming_the_field(client, url, body, field):
    gid = client.post("/api/history/games", json={"game": "jass", "rules": "chibre", "target": 300}).json()["id"]
    out = client.post(url.format(gid=gid), json=body)
    assert out.status_code == 400 and out.json()["field"] == field, out.text


def test_unknown_games_and_bad_ids(client):
    assert client.get("/api/history/games/7").status_code == 404
    assert client.delete("/api/history/games/7").status_code == 404
    assert client.post("/api/history/games/7/rounds", json={"row": {}, "before": [0, 0],
                                                            "after": [1, 1]}).status_code == 404
    bad = client.get("/api/history/games/-3")
    assert bad.status_code == 400 and bad.json()["field"] == "id"
    assert client.get("/api/history/games/open?game=poker").json()["field"] == "game"


def test_a_version_3_history_opens_with_its_rounds_and_takes_games(tmp_path, client):
    from jass_sim.core.history import MIGRATIONS

    path = tmp_path / "old" / "history.sqlite3"
    path.parent.mkdir()
    conn = sqlite3.connect(path)  # a file as version 3 wrote it: its migrations, one round and a position
    for step in MIGRATIONS[:3]:
        for statement in step:
            conn.execute(statement)
    conn.execute("INSERT INTO rounds (created, game, source, mode, seat, card_loss, verdicts, round, review) "
                 "VALUES ('2026-11-01T10:00:00Z', 'jass', 'coach', 'H', '0', 3.0, '{\"mistake\": 1}', 'mode H', '{}')")
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    conn.close()
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    old = HistoryStore(str(path))
    with TestClient(create_app(history=old)) as c:
        assert [r["mode"] for r in c.get("/api/history").json()["rounds"]] == ["H"]
        assert old.version() == SCHEMA_VERSION == 4
        assert c.get("/api/history/games").json() == {"games": []}
        gid = c.post("/api/history/games", json={"game": "jass", "rules": "chibre", "target": 1000}).json()["id"]
        assert c.post(f"/api/history/games/{gid}/rounds", json={"row": row(), "before": [0, 0], "after": [120, 57],
                                                                 "round_id": 1}).status_code == 200
        assert c.get("/api/history").json()["rounds"] == []  # the old round is in the game now


def test_two_tabs_adding_the_same_round_at_once_count_it_once(store):
    """Two threads (two tabs' requests) add a round from the same score at the same moment: one is
    counted, the other refused (GameConflict), never both, never neither."""
    import threading

    from jass_sim.core.history_games import GameConflict, add_round, get_game, start_game

    gid = start_game(store, "jass", "chibre", 1000)["id"]
    outcomes, gate = [], threading.Barrier(2)

    def tab():
        gate.wait()
        try:
            add_round(store, gid, row=row(), before=[0, 0], after=[120, 57])
            outcomes.append("counted")
        except GameConflict:
            outcomes.append("refused")

    threads = [threading.Thread(target=tab) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["counted", "refused"]
    game = get_game(store, gid)
    assert game["played"] == 1 and game["score"] == [120, 57]
