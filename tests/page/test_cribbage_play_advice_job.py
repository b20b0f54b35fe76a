"""The pegging adviser as a job of the page's API (``cribbage_play_advice``): the same result as the
Python API, bad input refused before queueing with its field, ticks and cancel."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

import jass_sim
from jass_sim.core.errors import Cancelled
from jass_sim.page.app import create_app
from jass_sim.page.commands import clean_json

from page_helpers import read_events

ARGS = {"hand": "5H 4D KC QS", "starter": "2C", "dealer": True, "played": "TS"}


def run_job(client, command: str, args: dict):
    response = client.post("/api/jobs", json={"command": command, "args": args})
    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    return job_id, read_events(client, job_id)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def test_result_equals_the_python_api(client):
    _, events = run_job(client, "cribbage_play_advice", ARGS)
    assert events[-1][0] == "result"
    assert events[-1][1] == clean_json(jass_sim.cribbage.play_advice("5H 4D KC QS", "2C", dealer=True,
                                                                     played="TS").to_json())


@pytest.mark.parametrize("args, field", [
    (ARGS | {"played": "TS TS"}, "played"),
    (ARGS | {"played": "5H"}, "played"),
    (ARGS | {"hand": "5H 4D KC"}, "hand"),
    (ARGS | {"samples": 10 ** 7}, "samples"),
    (ARGS | {"score": "1:2", "win_samples": 10 ** 6}, "win_samples"),
])
def test_bad_input_is_refused_before_queueing(client, args, field):
    response = client.post("/api/jobs", json={"command": "cribbage_play_advice", "args": args})
    assert response.status_code == 400 and response.json()["field"] == field, response.text
    assert "--" not in response.json()["error"]


def test_python_ticks_and_cancels():
    ticks, started = [], time.monotonic()

    def progress(tick):
        ticks.append(tick)
        if len(ticks) > 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        jass_sim.cribbage.play_advice("5H 4D KC QS", "2C", dealer=False, score="100:100", win_samples=4000,
                                      progress=progress)
    assert ticks[0] == 0 and all(t.done <= t.target for t in ticks)
    assert time.monotonic() - started < 30
