"""The coached Differenzler round's jobs (issue 52 item 6), through Starlette's TestClient:
``differenzler_deal``, ``differenzler_bot_card``, ``differenzler_rate_card`` and
``differenzler_coach_round``: each result equals its Python function's ``to_json()``, bad input is a 400
naming its ``field``, a bot's card depends on nothing but its own view (the same card whatever the
hidden cards of the other seats: they are not an argument, and the job refuses one), and the whole round
is saved in the History as one ``differenzler`` row that lists, reopens and deletes.

Budget: verdicts at 16 worlds (shapes and equality with the API on the same seed, not statistics), one
round of nine rated cards: about 2 s once the Differenzler's kernels are compiled."""

from __future__ import annotations

import pytest

from jass_sim.jass.differenzler import coach

from page_helpers import read_events

HAND = "HJ H9 HA HK SA ST D6 C7 C8"
#: ``differenzler replay --seed 5 --dealer 1``: the four numbers and the 36 cards.
BIDS = [13, 37, 47, 56]
PLAYED = ("H7 H6 H8 HQ HA S6 ST SK D6 D7 D9 DQ SJ DA S7 S8 CA CT SA S9 H9 HJ HK D8 C7 CK CJ C6 C8 HT DT CQ DJ C9 "
          "SQ DK").split()


@pytest.fixture(scope="module")
def history_client(tmp_path_factory):
    """One app for the module, saving to a fresh history file: ``(client, store)``."""
    from starlette.testclient import TestClient

    from jass_sim.core.history import HistoryStore
    from jass_sim.page.app import create_app

    store = HistoryStore(str(tmp_path_factory.mktemp("diff-coach") / "history.sqlite3"))
    with TestClient(create_app(history=store)) as c:
        yield c, store


def run(client, command, args):
    response = client.post("/api/jobs", json={"command": command, "args": args})
    if response.status_code == 400:
        return "400", response.json()
    assert response.status_code == 202, response.text
    events = read_events(client, response.json()["id"])
    return events[-1][0], events[-1][1]


def test_the_deal_job_is_the_deal(history_client):
    client, _ = history_client
    name, doc = run(client, "differenzler_deal", {"seed": 5, "open": True})
    assert name == "result" and doc == coach.deal(5, open=True).to_json()
    assert doc["open"] is True and len(doc["hands"]) == 4 and doc["bids"][0] is None


def test_a_bots_card_reads_only_its_own_view(history_client):
    client, _ = history_client
    deal = coach.deal(5).to_json()
    # seat 3, third in trick 2 (seat 1 deals, seat 2 leads the first trick, seat 1 took it and leads HA, seat 2
    # has no heart): its card from its hand and the cards seen
    args = {"hand": " ".join(deal["hands"][3]), "trump_card": deal["trump_card"], "bid": BIDS[3], "dealer": 1,
            "seat": 3, "played": " ".join(PLAYED[:6])}
    name, doc = run(client, "differenzler_bot_card", args)
    assert name == "result" and doc == coach.bot_card(**args).to_json()
    assert doc["card"] in doc["legal"] and doc["card"] == PLAYED[6]  # the compiled round's card
    # the other seats' hidden cards are no argument: a job that sends them is refused, naming the argument
    response = client.post("/api/jobs", json={"command": "differenzler_bot_card",
                                              "args": args | {"hands": [" ".join(h) for h in deal["hands"]]}})
    assert response.status_code == 400 and response.json()["field"] == "hands"


def test_the_verdict_job_is_rate_card(history_client):
    client, _ = history_client
    args = {"hand": HAND, "trump_card": "H6", "bid": 60, "card": "C7", "samples": 16, "seed": 3}
    name, doc = run(client, "differenzler_rate_card", args)
    assert name == "result" and doc == coach.rate_card(**args).to_json()
    assert {"played", "best", "loss", "ci95_loss", "verdict", "expected_penalty", "trick", "samples"} <= set(doc)


@pytest.mark.parametrize("command, args, field", [
    ("differenzler_deal", {"dealer": 4}, "dealer"),
    ("differenzler_deal", {"open": "yes"}, "open"),
    ("differenzler_deal", {"rules": "schieber"}, "rules"),
    ("differenzler_bot_card", {"hand": HAND, "trump_card": "HJ", "bid": 60, "seat": 0}, "trump_card"),
    ("differenzler_bot_card", {"hand": HAND, "trump_card": "H6", "bid": 158, "seat": 0}, "bid"),
    ("differenzler_bot_card", {"hand": HAND, "trump_card": "H6", "bid": 60, "seat": 1}, "played"),  # seat 0's turn
    ("differenzler_rate_card", {"hand": HAND, "trump_card": "H6", "bid": 60, "card": "H6"}, "card"),
    ("differenzler_rate_card", {"hand": HAND, "trump_card": "H6", "bid": 60, "card": "HJ", "samples": 10**6}, "samples"),
    ("differenzler_coach_round", {"seed": 5, "dealer": 1, "bids": BIDS[:3], "played": " ".join(PLAYED)}, "bids"),
    ("differenzler_coach_round", {"seed": 5, "dealer": 1, "bids": BIDS, "played": " ".join(PLAYED[:35])}, "played"),
    ("differenzler_coach_round", {"seed": 5, "dealer": 1, "bids": BIDS,  # seat 2 leads H6, which seat 3 holds
                                  "played": " ".join(PLAYED[1::-1] + PLAYED[2:])}, "played"),
])
def test_bad_input_is_a_400_naming_its_field(history_client, command, args, field):
    client, _ = history_client
    name, body = run(client, command, args)
    if name == "error":  # a check slower than the server waits for: the held job's error event, same body
        name = "400"
    assert name == "400" and body.get("field") == field, body
    assert "\n" not in body["error"] and "--" not in body["error"]


def test_the_round_is_rated_and_saved_as_one_history_row(history_client):
    client, _ = history_client
    args = {"seed": 5, "dealer": 1, "bids": BIDS, "played": " ".join(PLAYED), "samples": 16}
    name, doc = run(client, "differenzler_coach_round", args | {"source": "coach"})
    assert name == "result", doc
    rid = doc.pop("history_id")
    assert doc == coach.coach_round(**args).to_json()
    rows = client.get("/api/history").json()["rounds"]
    row = next(r for r in rows if r["id"] == rid)
    assert (row["game"], row["source"], row["seat"], row["mode"]) == ("differenzler", "coach", "0", doc["trump"])
    assert row["card_loss"] == pytest.approx(doc["summary"]["card_loss"])
    assert row["score"] == {"bid": 13, "made": doc["made"][0], "penalty": doc["penalties"][0]}
    assert row["hand"] == doc["hands"][0]
    entry = client.get(f"/api/history/{rid}").json()
    assert entry["review"]["decisions"] == doc["decisions"] and entry["review"]["penalties"] == doc["penalties"]
    # no practice positions: Practice draws Jass and Cribbage decisions
    assert client.delete(f"/api/history/{rid}").json() == {"deleted": 1}
    assert client.get(f"/api/history/{rid}").status_code == 404
