"""The Differenzler view's job, ``differenzler_advise`` (issue 52 item 6 and "Bad input"): bad input is a
400 before the job is queued (or, when the check outlasts the server's wait, the held job's error event
with the same body), one line naming the argument and the ``field`` the page shows it next to,
the same line as the API's InputError. No job runs (the input is checked before the first deal), so this
module compiles nothing and takes well under a second."""

from __future__ import annotations

import re

import pytest

import jass_sim

from page_helpers import read_events

HAND = "HJ H9 HA HK SA ST D6 C7 C8"


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("args, field, token", [
    ({"hand": "HJ H9 HA HK SA ST D6 C7", "trump_card": "H6"}, "hand", "9 cards"),  # eight cards
    ({"hand": "HJ H9 HA HK SA ST D6 C7 C7", "trump_card": "H6"}, "hand", "C7"),  # a card twice
    ({"hand": HAND, "trump_card": ""}, "trump_card", "missing"),
    ({"hand": HAND, "trump_card": "HJ"}, "trump_card", "HJ"),  # in my hand, and I am not the dealer
    ({"hand": HAND, "trump_card": "H6", "seat": 3, "dealer": 3}, "trump_card", "H6"),  # the dealer lacks it
    ({"hand": HAND, "trump_card": "H6", "dealer": 4}, "dealer", "4"),
    ({"hand": HAND, "trump_card": "H6", "seat": -1}, "seat", "-1"),
    ({"hand": HAND, "trump_card": "H6", "bids": "40,35"}, "bids", "40,35"),
    ({"hand": HAND, "trump_card": "H6", "bids": "40,35,158"}, "bids", "158"),
    ({"hand": HAND, "trump_card": "H6", "rules": "schieber"}, "rules", "schieber"),
])
def test_bad_differenzler_input_answers_400_with_its_field(client, args, field, token):
    response = client.post("/api/jobs", json={"command": "differenzler_advise", "args": args})
    if response.status_code == 202:
        # a check slower than the server waits for (the first import of the modules, a busy machine): the
        # job is held and fails with the 400's body as its error event, before any deal
        events = read_events(client, response.json()["id"])
        assert [name for name, _, _ in events if name != "progress"] == ["error"], events
        assert all(data["done"] == 0 for name, data, _ in events if name == "progress")
        body = events[-1][1]
    else:
        assert response.status_code == 400
        body = response.json()
    assert body.get("field") == field, body
    assert token in body["error"] and "\n" not in body["error"] and "--" not in body["error"]
    # the page's line is the API's (with the job API's argument names for the flags)
    with pytest.raises(jass_sim.InputError) as raised:
        jass_sim.differenzler.advise(**args, samples=64)
    assert body["error"] == re.sub(r"--([a-z-]+)", lambda m: m.group(1).replace("-", "_"), str(raised.value))
