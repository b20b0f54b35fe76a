"""The history through the page's API (Starlette's TestClient): a review job saves its round (``save``,
default true; ``source`` review or coach), and ``/api/history`` lists, fetches and deletes the rounds."""

from __future__ import annotations

import pytest

import jass_sim
from jass_sim.core.history import Entry, HistoryStore
from jass_sim.jass.play.round_file import parse_round_text
from jass_sim.page.commands import clean_json

from page_helpers import read_events


def review_job(client, **args):
    response = client.post("/api/jobs", json={"command": "review", "args": args})
    assert response.status_code == 202, response.text
    events = read_events(client, response.json()["id"])
    assert events[-1][0] == "result", events[-1]
    return events[-1][1]


def entry(n: int) -> Entry:
    return Entry("jass", "review", "S", "0", float(n), {"good": n}, "mode S\nleader 0\n", {"n": n})


def test_a_review_job_saves_the_round_to_reopen_and_the_review(client, store):
    rnd = jass_sim.replay(3, policy="heuristic")
    result = review_job(client, round=rnd.to_json(), samples=8, rate_mode=False)
    rid = result.pop("history_id")
    assert result == clean_json(jass_sim.review(rnd, samples=8, rate_mode=False).to_json())
    rows = client.get("/api/history").json()["rounds"]
    # the row's score (the points each team took, from seat 0's side) and seat 0's dealt hand (issue 54 item 0)
    taken = [sum(t["points"] for t in result["round"]["tricks"] if t["winner"] % 2 == team) for team in (0, 1)]
    hand = rnd.to_json()["hands"][0]
    assert rows == [{"id": rid, "created": rows[0]["created"], "game": "jass", "source": "review",
                     "mode": result["round"]["mode"], "seat": "0", "card_loss": result["summary"]["card_loss"],
                     "verdicts": result["summary"]["verdicts"], "score": {"us": taken[0], "them": taken[1]},
                     "hand": hand}]
    assert sum(taken) == 157 and len(hand) == 9
    one = client.get(f"/api/history/{rid}").json()
    assert one["review"] == result | {"glance": {"score": rows[0]["score"], "hand": hand}}
    # the saved text is the same round: reviewed again it gives the same review
    again = parse_round_text(one["round"])
    assert again.played == [jass_sim.jass.cards.parse_card(c) for t in rnd.to_json()["tricks"] for c in t["cards"]]
    assert jass_sim.review(one["round"], samples=8, rate_mode=False).to_json() == \
        jass_sim.review(rnd, samples=8, rate_mode=False).to_json()


def test_save_false_saves_nothing_and_a_coached_round_says_so(client, store):
    text = jass_sim.replay(5, policy="heuristic").to_json()
    result = review_job(client, round=text, samples=4, rate_mode=False, save=False)
    assert "history_id" not in result and store.list() == []
    result = review_job(client, round=text, samples=4, rate_mode=False, source="coach", team=1)
    assert [(r["id"], r["source"], r["seat"]) for r in store.list()] == [(result["history_id"], "coach", "1, 3")]


@pytest.mark.parametrize("args, field, token", [
    ({"save": "yes"}, "save", "'yes'"),
    ({"source": "cron"}, "source", "'cron'"),
])
def test_a_bad_save_or_source_is_400_naming_it(client, args, field, token):
    response = client.post("/api/jobs", json={"command": "review", "args": {"round": "mode H\nleader 0\n", **args}})
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == field and token in body["error"] and "\n" not in body["error"]


def test_save_is_an_argument_of_review_only(client):
    response = client.post("/api/jobs", json={"command": "advise", "args": {"hand": "HJ", "save": False}})
    assert response.status_code == 400 and response.json()["field"] == "save"
    assert {"save", "source"} <= set(client.get("/api/commands").json()["review"])
    assert "save" not in client.get("/api/commands").json()["advise"]


def test_rounds_are_fetched_and_deleted_one_or_all(client, store):
    ids = [store.add(entry(n)) for n in range(3)]
    assert [r["id"] for r in client.get("/api/history").json()["rounds"]] == ids[::-1]
    assert client.get(f"/api/history/{ids[0]}").json()["review"] == {"n": 0}
    assert client.delete(f"/api/history/{ids[0]}").json() == {"deleted": 1}
    for method in (client.get, client.delete):
        missing = method(f"/api/history/{ids[0]}")
        assert missing.status_code == 404 and missing.json() == {"error": f"no round {ids[0]} in the history"}
        bad = method("/api/history/abc")
        assert bad.status_code == 400 and bad.json()["field"] == "id" and "'abc'" in bad.json()["error"]
    assert client.delete("/api/history").json() == {"deleted": 2}
    assert client.get("/api/history").json() == {"rounds": []}


def test_a_history_that_cannot_be_used_is_503_in_one_line(tmp_path):
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    (tmp_path / "afile").write_text("x")
    with TestClient(create_app(history=HistoryStore(str(tmp_path / "afile" / "h.sqlite3")))) as c:
        response = c.get("/api/history")
    assert response.status_code == 503
    assert response.json()["error"].startswith("the history cannot be used: cannot create its directory: ")
    assert str(tmp_path) not in response.text  # a client is not told the server's paths


def test_a_review_that_cannot_be_saved_says_why_in_its_result(tmp_path):
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    (tmp_path / "afile").write_text("x")
    with TestClient(create_app(history=HistoryStore(str(tmp_path / "afile" / "h.sqlite3")))) as c:
        result = review_job(c, round=jass_sim.replay(3, policy="heuristic").to_json(), samples=4, rate_mode=False)
    assert "history_id" not in result
    assert result["history_error"].startswith("the history cannot be used: cannot create its directory: ")
    assert str(tmp_path) not in result["history_error"]


def test_the_server_keeps_its_history_in_the_data_directory(tmp_path, monkeypatch):
    from jass_sim.page.app import create_app

    monkeypatch.setenv("JASS_SIM_DATA_DIR", str(tmp_path / "env"))
    assert create_app().state.history.path == str(tmp_path / "env" / "history.sqlite3")


def test_serve_data_dir_holds_the_history(tmp_path):
    import signal
    import urllib.request

    from test_serve_command import free_port, start, wait_health

    port = free_port()
    proc = start("--port", str(port), "--data-dir", str(tmp_path / "mine"))
    try:
        wait_health(port)
        rounds = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/history", timeout=5).read()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert rounds == b'{"rounds":[]}'
    assert (tmp_path / "mine" / "history.sqlite3").exists()
    assert f"history in {tmp_path / 'mine' / 'history.sqlite3'}" in out
