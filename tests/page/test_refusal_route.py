"""A card refused at the table names the rule it breaks, through ``POST /api/position`` (issue 43 item 6;
the sentences themselves: tests/jass/play/test_refusals.py)."""

from __future__ import annotations

import pytest

HAND = "H8 H9 HQ HA S9 C7 D6 D7 D8"


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("played, line", [
    ("S6 SK S7 C7", "seat 0 may not play C7 here: you must follow ♠ (you hold S9) or trump"),
    ("S6 HK S7 H8", "seat 0 may not play H8 here: you may not undertrump HK while you can follow ♠ (you hold S9)"),
])
def test_a_refused_card_names_the_rule_next_to_the_played_field(client, played, line):
    response = client.post("/api/position", json={"hand": HAND, "mode": "H", "leader": 1, "played": played})
    assert response.status_code == 400
    assert response.json() == {"error": line, "field": "played"}


def test_the_buur_alone_need_not_follow_a_trump_lead(client):
    body = {"hand": "HJ S9 SA C7 C8 D6 D7 D8 DA", "mode": "H", "leader": 1, "played": "H6 H7 HT C7"}
    assert client.post("/api/position", json=body).status_code == 200
    body["hand"] = "HJ H9 SA C7 C8 D6 D7 D8 DA"
    response = client.post("/api/position", json=body)
    assert response.json()["error"] == ("seat 0 may not play C7 here: you must follow trump ♥ (you hold H9; "
                                        "only the Buur HJ need not follow)")
