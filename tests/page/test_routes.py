"""The job API of ``jass-sim serve`` (a contract: the page and other tools use it), through
Starlette's TestClient: every command's result equals its Python function's ``to_json()``,
progress, cancellation, bad input and unknown jobs."""

from __future__ import annotations

import pytest

import jass_sim
from jass_sim.page.commands import COMMANDS, clean_json

from page_helpers import read_events

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


@pytest.fixture(scope="session")
def app():
    from jass_sim.page.app import create_app
    from jass_sim.page.cli import warm_up

    return create_app(warm_up=warm_up)


@pytest.fixture(scope="session")
def client(app):
    import time

    from starlette.testclient import TestClient

    with TestClient(app) as c:
        deadline = time.monotonic() + 900
        while c.get("/api/health").json()["status"] != "ready":
            assert time.monotonic() < deadline, "the engine did not warm up"
            time.sleep(0.2)
        yield c



def run_job(client, command: str, args: dict, on_progress=None):
    response = client.post("/api/jobs", json={"command": command, "args": args})
    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    return job_id, read_events(client, job_id, on_progress)


def test_health_says_ready_and_the_version(client):
    body = client.get("/api/health").json()
    assert body["status"] == "ready"
    from jass_sim.core.files import package_version

    assert body["version"] == package_version()


def test_the_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "data-action" in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    # nothing is loaded from another host
    import re

    for text in (page.text, client.get("/static/app.js").text, client.get("/static/style.css").text):
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
        assert "@import url(http" not in text


@pytest.mark.parametrize("command, args, call", [
    ("advise", {"hand": HAND, "samples": 256, "seed": 3},
     lambda: jass_sim.advise(HAND, samples=256, seed=3)),
    ("play_advice", {"hand": HAND, "mode": "H", "played": "D7 S6", "leader": 2, "samples": 64, "seed": 1},
     lambda: jass_sim.play_advice(HAND, mode="H", played="D7 S6", leader=2, samples=64, seed=1)),
    ("cribbage_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": True},
     lambda: jass_sim.cribbage.discard("5H 5D JS 6C 4H KD", dealer=True)),
    ("basra_advise", {"hand": "HJ D10 C5 S3 HK H7", "table": "H5 C2 D7 S9", "samples": 64, "seed": 2},
     lambda: jass_sim.basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9", samples=64, seed=2)),
    ("equity", {"shipped": True}, lambda: jass_sim.equity(shipped=True)),
])
def test_result_equals_the_python_api(client, command, args, call):
    job_id, events = run_job(client, command, args)
    names = [e[0] for e in events]
    assert names[-1] == "result" and names.count("result") == 1
    assert set(names[:-1]) <= {"progress"}
    assert events[-1][1] == clean_json(call().to_json())


def test_review_of_a_replayed_round(client):
    rnd = jass_sim.replay(3, policy="heuristic")
    job_id, events = run_job(client, "review", {"round": rnd.to_json(), "samples": 32})
    assert events[-1][0] == "result"
    result = dict(events[-1][1])
    assert isinstance(result.pop("history_id"), int)  # saved in the history (test_history_routes.py)
    assert result == clean_json(jass_sim.review(rnd, samples=32).to_json())
    progress = [e[1] for e in events if e[0] == "progress"]
    assert all("done" in p and "target" in p for p in progress)


def test_choose_card_plays_as_the_engine(client):
    job_id, events = run_job(client, "choose_card", {"hand": HAND, "mode": "H", "leader": 0})
    assert events[-1][0] == "result" and events[-1][1]["card"] in events[-1][1]["legal"]
    # the page's fields (no policy: net), as jass_sim.choose_card
    args = {"hand": HAND, "mode": "H", "leader": 2, "chooser": 2, "played": "D7 S6", "seed": 2}
    _, events = run_job(client, "choose_card", args)
    assert events[-1][1] == clean_json(jass_sim.choose_card("net", **args).to_json())
    # a policy and (seat, card) pairs in JSON lists
    args = {"policy": "heuristic", "hand": HAND, "mode": "H", "chooser": 3, "played": [[3, "D7"]], "seat": 0}
    _, events = run_job(client, "choose_card", args)
    assert events[-1][1] == clean_json(jass_sim.choose_card(**args).to_json())
    refused = client.post("/api/jobs", json={"command": "choose_card", "args": {"policy": "dd", "hand": HAND, "mode": "H"}})
    assert refused.status_code == 400 and refused.json()["field"] == "policy"  # checked before it is queued


def test_progress_every_half_second_with_the_ci(client):
    seen = []
    job_id, events = run_job(client, "advise", {"hand": HAND, "ci": 0.6, "max_samples": 40_000, "seed": 4},
                             on_progress=seen.append)
    assert events[-1][0] == "result"
    times = [t for name, _, t in events]
    assert max(b - a for a, b in zip(times, times[1:])) < 0.5 + 0.3  # scheduling slack of a busy test machine
    assert any("half_width" in p for p in seen)
    assert all(p["done"] <= p["target"] or p["target"] == 0 for p in seen)
    assert events[-1][1] == clean_json(jass_sim.advise(HAND, ci=0.6, max_samples=40_000, seed=4).to_json())


def test_cancel_ends_the_stream_within_a_second_and_keeps_the_estimate(client):
    import threading
    import time

    response = client.post("/api/jobs", json={"command": "advise",
                                              "args": {"hand": HAND, "ci": 0.01, "max_samples": 1_000_000}})
    job_id = response.json()["id"]
    asked = {}

    def cancel_later(progress):
        if progress.get("done", 0) > 0 and "at" not in asked:
            asked["at"] = time.monotonic()
            threading.Thread(target=lambda: client.delete(f"/api/jobs/{job_id}")).start()

    events = read_events(client, job_id, cancel_later)
    ended = time.monotonic()
    assert events[-1][0] == "cancelled"
    assert ended - asked["at"] < 1.0 + 0.5
    # the queue goes on
    _, events = run_job(client, "advise", {"hand": HAND, "samples": 64})
    assert events[-1][0] == "result"


@pytest.mark.parametrize("args, field, token", [
    ({"hand": "HJ H9 HA SK SQ D6 C7 C8 XX"}, "hand", "XX"),
    ({"hand": HAND, "rules": "poker"}, "rules", "poker"),
    ({"hand": HAND, "samples": 1}, "samples", "1"),
    ({"hand": HAND, "policy": "magic"}, "policy", "magic"),
])
def test_bad_arguments_answer_400_with_the_line(client, args, field, token):
    response = client.post("/api/jobs", json={"command": "advise", "args": args})
    assert response.status_code == 400
    body = response.json()
    assert token in body["error"] and "\n" not in body["error"] and "Traceback" not in body["error"]
    assert body.get("field") == field
    with pytest.raises(jass_sim.InputError, match=str(body["error"])[:20].replace("(", r"\(").replace("[", r"\[")):
        jass_sim.advise(**args)


@pytest.mark.parametrize("body", [
    {"command": "rm -rf", "args": {}},
    {"command": "advise", "args": ["HJ"]},
    {"command": "advise", "args": {"hand": HAND, "bogus": 1}},
    "advise",
])
def test_malformed_requests_answer_400(client, body):
    response = client.post("/api/jobs", json=body)
    assert response.status_code == 400 and "error" in response.json()


def test_a_bad_job_ends_with_an_error_event_and_the_queue_goes_on(client, monkeypatch):
    # every command's input is checked before it is queued (400); a job may still fail as it runs
    bad = client.post("/api/jobs", json={"command": "cribbage_discard", "args": {"hand": "5H 5D JS 6C 4H QQ",
                                                                                 "dealer": True}})
    assert bad.status_code == 400 and "QQ" in bad.json()["error"] and bad.json()["field"] == "hand"
    import jass_sim.cribbage.discards as discards

    def fails_as_it_runs(*args, progress=None, **kwargs):
        progress(0)
        raise jass_sim.InputError("a failure after the checks", "KD")

    monkeypatch.setattr(discards, "discard_options", fails_as_it_runs)
    job_id, events = run_job(client, "cribbage_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": True})
    assert events[-1][0] == "error" and events[-1][1] == {"error": "a failure after the checks", "field": "hand"}
    monkeypatch.undo()
    job_id, events = run_job(client, "cribbage_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": False})
    assert events[-1][0] == "result"


def test_unknown_job_is_404(client):
    assert client.get("/api/jobs/nope/events").status_code == 404
    assert client.delete("/api/jobs/nope").status_code == 404
    assert client.get("/api/jobs/nope").status_code == 404


def test_every_command_is_a_public_function():
    for name, command in COMMANDS.items():
        assert callable(command.load()), name


def test_position_route_checks_a_round_at_the_table(client):
    body = {"hand": HAND, "mode": "H", "leader": 1, "played": "D7 DQ DA"}
    pos = client.post("/api/position", json=body).json()
    assert pos["to_play"] == 0 and sorted(pos["legal"]) == sorted(["H9", "HJ", "HA", "D6"])
    after = client.post("/api/position", json=body | {"played": "D7 DQ DA D6"}).json()
    assert after["tricks"][0]["winner"] == 3 and after["to_play"] == 3 and after["legal"] == []
    bad = client.post("/api/position", json=body | {"played": "D7 DQ HJ"})
    assert bad.status_code == 400 and "HJ" in bad.json()["error"] and bad.json()["field"] == "played"
    assert client.post("/api/position", json=body | {"mode": "X"}).status_code == 400
    assert client.post("/api/position", json=body | {"bogus": 1}).status_code == 400


def test_health_says_which_game_is_ready():
    """Jass warms first on the worker; the other games after it on a thread of their own, and
    /api/health says each game's state (issue 42)."""
    import threading
    import time as _time

    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    release = threading.Event()
    app = create_app(warm_up=lambda: None, background=(("cribbage", release.wait), ("basra", lambda: 1 / 0)))
    with TestClient(app) as client:
        deadline = _time.monotonic() + 10
        while client.get("/api/health").json()["status"] != "ready" and _time.monotonic() < deadline:
            _time.sleep(0.05)
        body = client.get("/api/health").json()
        assert body["status"] == "ready" and body["games"] == {"jass": "ready", "cribbage": "warming",
                                                               "basra": "warming"}
        release.set()
        while client.get("/api/health").json()["games"]["basra"] == "warming" and _time.monotonic() < deadline:
            _time.sleep(0.05)
        assert client.get("/api/health").json()["games"] == {"jass": "ready", "cribbage": "ready", "basra": "failed"}


def test_the_page_is_ready_once_advise_is_warm_and_card_play_warms_after(monkeypatch):
    """The first question (advise) is all the worker warms before the page says ready; card play
    (play-advice and its endgame solver, the bots) warms first of the background tasks (issue 42:
    serve ready in seconds, not after the solver's compile)."""
    import jass_sim
    from jass_sim.page import cli

    called = []
    monkeypatch.setattr(jass_sim, "advise", lambda *a, **k: called.append("advise"))
    monkeypatch.setattr(jass_sim, "play_advice", lambda *a, **k: called.append("play_advice"))
    monkeypatch.setattr(jass_sim, "choose_card", lambda *a, **k: called.append("choose_card"))
    cli.warm_up()
    assert called == ["advise"]
    assert [game for game, _ in cli.BACKGROUND_WARM_UPS] == ["jass-play", "differenzler", "coiffeur", "cribbage", "basra"]
    cli.BACKGROUND_WARM_UPS[0][1]()
    # card play first; then advise at a game score (the coach's word on a mode choice, issue 54)
    assert called == ["advise", "play_advice", "choose_card", "advise"]


def test_the_coiffeur_jobs_have_a_warm_up_of_their_own(monkeypatch):
    """Issue 54 item 1: the Coiffeur jobs' first run compiles for minutes (coiffeur_advise's kernels: 413 s
    on an empty cache at load 10, after Chibre's advise), so /api/health must not call them ready once
    Chibre's advise is: they are the ``coiffeur`` family, warmed in the background, and a job sent
    meanwhile says what it waits for. The warm-up's choice and round pass every check (each call stops
    at its first tick, before any kernel: 0.2 s); the verdict's first tick comes after the plan tables
    (seconds), so its arguments are checked to be the first-POST test's, which runs it."""
    from test_first_post import ARGS

    from jass_sim.jass.coiffeur import coach, coach_verdict
    from jass_sim.page import cli
    from jass_sim.page.jobs import JobQueue

    coiffeur = ["coiffeur_advise", "coiffeur_coach_choice", "coiffeur_coach_verdict", "coiffeur_coach_round"]
    families = JobQueue(first="jass").families()
    assert families["coiffeur"]["commands"] == coiffeur
    assert not set(coiffeur) & set(families["jass"]["commands"])
    called = []

    class Stop(BaseException):
        pass

    def checked(module, name, run=True):
        real = getattr(module, name)

        def stop(tick):
            raise Stop

        def call(*args, **kwargs):
            called.append((name, args, kwargs))
            if not run:
                return
            try:
                real(*args, **kwargs, progress=stop)
            except Stop:
                return
            raise AssertionError(f"{name} ended before its first tick")
        monkeypatch.setattr(module, name, call)

    checked(coach_verdict, "coiffeur_coach_verdict", run=False)
    checked(coach, "coiffeur_coach_choice")
    checked(coach, "coiffeur_coach_round")
    dict(cli.BACKGROUND_WARM_UPS)["coiffeur"]()
    assert [c[0] for c in called] == ["coiffeur_coach_verdict", "coiffeur_coach_choice", "coiffeur_coach_round"]
    _, (hand,), kwargs = called[0]
    assert {"hand": hand} | kwargs == ARGS["coiffeur_coach_verdict"] | {"seed": 0}
