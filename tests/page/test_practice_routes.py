"""Practice through the page's API (Starlette's TestClient, issue 54 item 2): a review job's
mistakes become positions, ``GET /api/practice/next`` gives the one due, ``POST
/api/practice/{id}/answer`` the verdict with every choice's saved value, and the bad requests
(unknown id 404, a choice not among the position's 400 with ``field``, answered twice 409).

Budget: one review of a randomly played round at 8 samples per decision (the smallest the
review's paired CIs allow; its kernels are the ones test_history_routes compiles), the rest on
positions written out."""

from __future__ import annotations

import pytest

import jass_sim
from jass_sim.core.history import Entry, PracticePosition

from page_helpers import read_events


def saved(store, game="jass") -> None:
    p = PracticePosition("card", "blunder", {"hand": ["HA", "H6"], "mode": "S"}, ["HA", "H6"],
                         [{"choice": "HA", "value": 12.0, "ci95": [8.0, 16.0]},
                          {"choice": "H6", "value": 0.0, "ci95": None}], "HA", "H6", 1.0)
    store.add(Entry(game, "coach", "S", "0", 12.0, {"blunder": 1}, "mode S", {}, positions=(p,)))


def test_a_review_jobs_mistakes_become_positions_to_answer(client, store):
    # a round played at random by every seat: seed 3's seat 0 makes a mistake at trick 7
    rnd = jass_sim.replay(3, policy="random")
    response = client.post("/api/jobs", json={"command": "review", "args": {
        "round": rnd.to_json(), "samples": 8, "rate_mode": False, "source": "coach"}})
    assert response.status_code == 202, response.text
    result = read_events(client, response.json()["id"])[-1][1]
    bad = [d for d in result["decisions"] if d["verdict"] in ("mistake", "blunder")]
    assert bad, "the round should hold a mistake to practise"
    assert client.get("/api/practice").json()["games"]["jass"] == {"due": len(bad), "total": len(bad)}
    nxt = client.get("/api/practice/next", params={"game": "jass"}).json()
    d = bad[0]
    pos = nxt["position"]
    assert set(nxt) >= {"id", "game", "position", "choices"} and nxt["game"] == "jass"
    assert (pos["trick"], pos["seat"], pos["hand"], pos["trick_so_far"]) == (d["trick"], d["seat"], d["hand"],
                                                                             d["trick_so_far"])
    # what the seat knew: the earlier tricks and the points taken in them, not the card it played
    assert pos["earlier_tricks"] == result["round"]["tricks"][:d["trick"] - 1]
    assert pos["score"]["us"] + pos["score"]["them"] == sum(t["points"] for t in pos["earlier_tricks"])
    assert d["played"] in nxt["choices"] and d["best"] in nxt["choices"] and set(nxt["choices"]) <= set(d["hand"])
    assert "best" not in nxt and "values" not in str(nxt)
    out = client.post(f"/api/practice/{nxt['id']}/answer", json={"choice": d["best"]}).json()
    assert set(out) >= {"correct", "best", "values", "box", "due"}
    assert out["correct"] and out["best"] == d["best"] and out["box"] == 2
    by = {v["choice"]: v for v in out["values"]}
    assert [v["choice"] for v in out["values"]] == nxt["choices"]
    assert by[d["played"]]["value"] == 0.0  # the reference the review's gaps are paired with
    for a in d["alternatives"]:
        assert by[a["card"]]["value"] == a["gap"] and by[a["card"]]["ci95"] == a["ci95_gap"]


def test_next_is_204_when_none_is_due_and_a_bad_game_is_400(client, store):
    assert client.get("/api/practice/next", params={"game": "jass"}).status_code == 204
    r = client.get("/api/practice/next", params={"game": "chess"})
    assert r.status_code == 400 and r.json()["field"] == "game"
    assert client.get("/api/practice/next").json()["field"] == "game"


def test_a_missed_answer_goes_to_box_1_and_a_second_answer_is_refused(client, store):
    saved(store)
    pid = client.get("/api/practice/next?game=jass").json()["id"]
    out = client.post(f"/api/practice/{pid}/answer", json={"choice": "h6"}).json()
    assert (out["correct"], out["best"], out["box"]) == (False, "HA", 1)
    assert out["values"] == [{"choice": "HA", "value": 12.0, "ci95": [8.0, 16.0]},
                             {"choice": "H6", "value": 0.0, "ci95": None}]
    again = client.post(f"/api/practice/{pid}/answer", json={"choice": "HA"})  # the second tab
    assert again.status_code == 409
    assert client.get("/api/practice/next?game=jass").status_code == 204
    assert client.get("/api/practice").json()["games"]["jass"] == {"due": 0, "total": 1}


@pytest.mark.parametrize("path, body, status, field", [
    ("/api/practice/99/answer", {"choice": "HA"}, 404, None),
    ("/api/practice/x/answer", {"choice": "HA"}, 400, "id"),
    ("/api/practice/1/answer", {"choice": "SA"}, 400, "choice"),
    ("/api/practice/1/answer", {"choice": 7}, 400, "choice"),
    ("/api/practice/1/answer", {}, 400, "choice"),
    ("/api/practice/1/answer", ["HA"], 400, "choice"),
])
def test_bad_answers(client, store, path, body, status, field):
    saved(store)
    r = client.post(path, json=body)
    assert r.status_code == status and r.json().get("field") == field, r.text
    assert client.get("/api/practice").json()["games"]["jass"]["due"] == 1  # nothing counted


def test_a_body_that_is_not_json_is_400(client, store):
    saved(store)
    r = client.post("/api/practice/1/answer", content=b"{", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["field"] == "body"
