"""The Cribbage view's jobs through the page's API (Starlette's TestClient): the coached game's
``cribbage_state``, ``cribbage_bot_discard`` and ``cribbage_rate`` and the review ``cribbage_review``
answer as the Python API; a game is text or JSON, never a server file; bad games give one line with
the field ``game``; a review is saved in the history (game ``cribbage``) and reopens from it; the
review is cancellable."""

from __future__ import annotations

import builtins

import pytest
from starlette.testclient import TestClient

import jass_sim
from jass_sim.core.history import HistoryStore
from jass_sim.cribbage.game_file import parse_game_text
from jass_sim.page.app import create_app
from jass_sim.page.commands import clean_json

from page_helpers import read_events

GAME = """hand dealer A starter 3C
A JH AH QS 5C 8H KS throws AH 8H
B QH QC 9H 8S QD AD throws 9H AD
play QH 5C QD
"""
SECRET = "jass-sim-secret-crib"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return HistoryStore(str(tmp_path_factory.mktemp("data") / "history.sqlite3"))


@pytest.fixture(scope="module")
def client(store):
    with TestClient(create_app(history=store)) as c:
        yield c


def run(client, command: str, args: dict):
    response = client.post("/api/jobs", json={"command": command, "args": args})
    assert response.status_code == 202, response.text
    events = read_events(client, response.json()["id"])
    assert events[-1][0] == "result", events[-1]
    return events[-1][1]


@pytest.mark.parametrize(("command", "args", "api"), [
    ("cribbage_state", {"game": GAME, "choose": True, "seed": 2},
     lambda: jass_sim.cribbage.game_state(GAME, choose=True, seed=2)),
    ("cribbage_bot_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": False, "seed": 1},
     lambda: jass_sim.cribbage.bot_discard("5H 5D JS 6C 4H KD", dealer=False, seed=1)),
    ("cribbage_rate", {"game": GAME, "player": 0}, lambda: jass_sim.cribbage.rate_decision(GAME, player=0)),
])
def test_the_coached_games_jobs_answer_as_the_python_api(client, command, args, api):
    assert run(client, command, args) == clean_json(api().to_json())


def test_the_state_of_a_game_in_play(client):
    doc = run(client, "cribbage_state", {"game": GAME, "choose": True})
    assert doc["to_play"] == "A" and doc["count"] == 0 and doc["choice"] in doc["legal"]
    assert [e["kind"] for e in doc["hands"][0]["pegging"]] == ["card", "card", "card", "go", "go"]


@pytest.mark.parametrize("command", ["cribbage_state", "cribbage_rate", "cribbage_review"])
@pytest.mark.parametrize("value", ["/etc/passwd", "secret", "hand dealer A starter 3C"])
def test_a_game_that_is_a_file_name_is_refused_unread(client, tmp_path, monkeypatch, command, value):
    path = tmp_path / "secret.txt"
    path.write_text(f"{SECRET}\n{GAME}")
    if value == "secret":
        value = str(path)
    opened = []
    real_open = builtins.open
    monkeypatch.setattr(builtins, "open", lambda f, *a, **k: opened.append(f) or real_open(f, *a, **k))
    response = client.post("/api/jobs", json={"command": command, "args": {"game": value}})
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["field"] == "game" and "not a game" in body["error"] and SECRET not in response.text
    assert not [f for f in opened if str(f) == value]


@pytest.mark.parametrize(("game", "token"), [
    (GAME.replace("play QH 5C QD", "play 5C"), "5C"),
    (GAME.replace("play QH 5C QD", "play QH QD"), "QD"),
    (GAME.replace("throws 9H AD", "throws 9H 2C"), "2C"),
])
def test_a_bad_game_is_one_line_with_its_field(client, game, token):
    for command in ("cribbage_state", "cribbage_rate"):
        response = client.post("/api/jobs", json={"command": command, "args": {"game": game}})
        assert response.status_code == 400, response.text
        body = response.json()
        assert body["field"] == "game" and token in body["error"] and "\n" not in body["error"]


def test_a_review_is_saved_in_the_history_and_reopens(client, store):
    replayed = jass_sim.cribbage.replay(1, player_a="search", player_b="expect")
    doc = run(client, "cribbage_review", {"game": replayed.to_json(), "player": 1, "source": "coach"})
    rid = doc.pop("history_id")
    assert doc == clean_json(jass_sim.cribbage.review(replayed, player=1).to_json())
    row = next(r for r in client.get("/api/history").json()["rounds"] if r["id"] == rid)
    assert row["game"] == "cribbage" and row["source"] == "coach" and row["seat"] == "B"
    assert row["card_loss"] == pytest.approx(doc["summary"]["discard_loss"] + doc["summary"]["card_loss"])
    saved = client.get(f"/api/history/{rid}").json()
    assert saved["review"] == doc
    again = parse_game_text(saved["round"])
    assert [h.to_json() for h in again] == doc["hands"]
    # the saved text reviews to the same decisions
    assert run(client, "cribbage_review", {"game": saved["round"], "player": 1, "save": False})["decisions"] == \
        doc["decisions"]


def test_a_review_with_save_false_is_not_saved(client, store):
    before = len(store.list())
    doc = run(client, "cribbage_review", {"game": GAME, "save": False})
    assert "history_id" not in doc and len(store.list()) == before


def test_a_review_job_is_cancelled(client):
    game = jass_sim.cribbage.replay(2, player_a="search", player_b="search").to_json()
    response = client.post("/api/jobs", json={"command": "cribbage_review", "args": {"game": game, "save": False}})
    job_id = response.json()["id"]
    assert client.delete(f"/api/jobs/{job_id}").status_code == 200
    events = read_events(client, job_id)
    assert events[-1][0] == "cancelled"


def test_a_game_over_the_cap_of_hands_is_refused(client):
    from jass_sim.cribbage.page_hooks import MAX_GAME_HANDS

    hand = GAME.replace("play QH 5C QD\n", "")
    text = "".join(hand.replace("dealer A", f"dealer {'AB'[i % 2]}") for i in range(MAX_GAME_HANDS + 1))
    for game in (text, {"hands": [{}] * (MAX_GAME_HANDS + 1)}):
        response = client.post("/api/jobs", json={"command": "cribbage_review", "args": {"game": game}})
        assert response.status_code == 400 and response.json()["field"] == "game", response.text
        assert f"{MAX_GAME_HANDS + 1} hands" in response.json()["error"]


def test_a_review_with_win_chances_answers_as_the_python_api(client):
    """The review panel's "chance to win" field: ``win_samples`` and ``seed`` reach the review, and a
    bad count is one line with its field."""
    args = {"game": GAME, "player": 0, "win_samples": 128, "seed": 2, "save": False}
    doc = run(client, "cribbage_review", args)
    assert doc == clean_json(jass_sim.cribbage.review(GAME, player=0, win_samples=128, seed=2).to_json())
    assert doc["win_samples"] == 128 and doc["decisions"][0]["win"]["samples"] == 128
    response = client.post("/api/jobs", json={"command": "cribbage_review", "args": {**args, "win_samples": 5}})
    assert response.status_code == 400 and response.json()["field"] == "win_samples", response.text
