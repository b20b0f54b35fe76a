"""``coiffeur_advise`` as a job command of the page (issue 53 item 5), through Starlette's TestClient:
its result is the Python function's ``to_json()``, and bad input (a repeated, unknown or
not-in-the-preset category, a hand that is not nine cards) is a 400 or an error event naming the field.

Sizes: 64 sampled deals (the smallest block): the test checks the job path, not the figures. A few
seconds warm (the advice's kernels are the ones tests/jass/coiffeur compiles)."""

from __future__ import annotations

import pytest

from jass_sim.jass.coiffeur import api

from page_helpers import read_events

HAND = "HJ H9 HA HK SQ D6 C7 C8 CT"
ARGS = {"hand": HAND, "ours_open": "S,H,OBE,JOKER", "theirs_open": "C,UNE,JOKER", "samples": 64, "seed": 3}


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app()) as c:
        yield c


def test_coiffeur_advise_is_a_job(client):
    response = client.post("/api/jobs", json={"command": "coiffeur_advise", "args": ARGS})
    assert response.status_code == 202, response.text
    events = read_events(client, response.json()["id"])
    name, doc = events[-1][:2]
    assert name == "result"
    assert doc == api.coiffeur_advise(**ARGS).to_json()


@pytest.mark.parametrize("field, value", [("ours_open", "S,S"), ("theirs_open", "SLALOM"), ("hand", "HJ H9"),
                                          ("ours_open", "ZIGZAG")])
def test_coiffeur_advise_job_bad_input(client, field, value):
    response = client.post("/api/jobs", json={"command": "coiffeur_advise", "args": ARGS | {field: value}})
    if response.status_code == 202:  # a check queued beside the job: the error event names the field
        name, doc = read_events(client, response.json()["id"])[-1][:2]
        assert name == "error" and doc.get("field") == field, doc
    else:
        assert response.status_code == 400 and response.json()["field"] == field, response.text
