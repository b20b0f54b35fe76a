"""The coached Coiffeur match's routes (issue 53 item 6), through Starlette's TestClient: its three job
commands answer with the Python functions' ``to_json()`` (the choice, the verdict, the round on the
sheet), bad input is a 400 (or an error event) naming its field, and the History takes a match as a
game entry of its own (``game: "coiffeur"``), found again by ``/api/history/games/open?game=coiffeur``.

Sizes: the choice and the sheet are plain Python over the shipped tables; the verdict samples 64 deals
(the smallest block). A few seconds warm (tests/jass/coiffeur/test_coach.py compiles the same kernels)."""

from __future__ import annotations

import pytest

from jass_sim.jass.coiffeur import coach, coach_verdict

from page_helpers import read_events

ALL = "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8"
HANDS = ["H6 H9 HQ HK D6 DQ DA SQ CA", "H7 D8 DK S8 ST SJ C6 C8 CT", "H8 DJ S9 SK SA C7 C9 CQ CK",
         "HT HJ HA D7 D9 DT S6 S7 CJ"]
# seat 2 took clubs and led; the cards by the first legal one each time (a legal round of the rules)
PLAYED = ("H8 HT H6 H7 HJ H9 D8 DJ HA HQ DK S9 D7 D6 S8 SK D9 DQ ST SA HK SJ C7 DT C9 S6 CA C6 CQ S7 DA C8 CK CJ "
          "SQ CT")
ARGS = {
    "coiffeur_coach_choice": {"hands": HANDS, "round_no": 0, "ours_open": ALL, "theirs_open": ALL,
                              "answers": "JOKER:8@OBE"},
    "coiffeur_coach_verdict": {"hand": HANDS[0], "ours_open": ALL, "theirs_open": ALL, "answer": "H:4", "samples": 64,
                               "seed": 2},
    "coiffeur_coach_round": {"hands": HANDS, "taker": 2, "category": "C:2", "form": "C", "played": PLAYED,
                             "ours_open": ALL, "theirs_open": ALL},
}


def result_of(client, command, args):
    response = client.post("/api/jobs", json={"command": command, "args": args})
    assert response.status_code == 202, response.text
    name, doc = read_events(client, response.json()["id"])[-1][:2]
    assert name == "result", doc
    return doc


@pytest.mark.parametrize("command", sorted(ARGS))
def test_each_job_answers_with_its_python_functions_json(client, command):
    doc = result_of(client, command, ARGS[command])
    module = coach_verdict if command == "coiffeur_coach_verdict" else coach
    assert doc == getattr(module, command)(**ARGS[command]).to_json()


def test_the_answer_shapes(client):
    choice = result_of(client, "coiffeur_coach_choice", ARGS["coiffeur_coach_choice"] | {"answers": ""})
    assert choice["steps"] == [] and choice["ask"]["pass_allowed"] and choice["ask"]["slots_ours"] == ALL
    verdict = result_of(client, "coiffeur_coach_verdict", ARGS["coiffeur_coach_verdict"])
    assert {"answer", "best", "loss", "ci95_loss", "verdict", "line", "plan_value", "ci95_plan", "advice"} <= set(verdict)
    sheet = result_of(client, "coiffeur_coach_round", ARGS["coiffeur_coach_round"])
    assert sheet["written"] == [2 * sheet["points"][0], 0] and sheet["ours_open"] == ALL.replace("C:2,", "")


@pytest.mark.parametrize("command, field, value", [
    ("coiffeur_coach_choice", "ours_open", "S:1,S:1"), ("coiffeur_coach_choice", "theirs_open", "SLALOM"),
    ("coiffeur_coach_choice", "hands", ["HJ H9"]), ("coiffeur_coach_choice", "round_no", 16),
    ("coiffeur_coach_choice", "answers", "JOKER:8"), ("coiffeur_coach_choice", "rules", "coiffeur-10"),
    ("coiffeur_coach_verdict", "answer", "ZIGZAG"), ("coiffeur_coach_verdict", "hand", "HJ H9"),
    ("coiffeur_coach_verdict", "samples", 10 ** 7),
    ("coiffeur_coach_round", "played", PLAYED.replace("H8 HT", "HT H8")), ("coiffeur_coach_round", "form", "OBE"),
    ("coiffeur_coach_round", "totals", "9000:0"), ("coiffeur_coach_round", "category", "JOKER:9"),
])
def test_bad_input_is_a_400_naming_its_field(client, command, field, value):
    response = client.post("/api/jobs", json={"command": command, "args": ARGS[command] | {field: value}})
    if response.status_code == 202:  # a check queued beside the job: the error event names the field
        name, doc = read_events(client, response.json()["id"])[-1][:2]
        assert name == "error" and doc.get("field") == field, doc
    else:
        assert response.status_code == 400 and response.json()["field"] == field, response.text


def test_a_coiffeur_match_is_a_game_entry_of_its_own(client):
    made = client.post("/api/history/games", json={"game": "coiffeur", "rules": "coiffeur", "target": 10000})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    row = {"round": 0, "team": 0, "category": "JOKER:8", "form": "OBE", "mode": "OBE", "written": [800, 0],
           "totals": [800, 0]}
    out = client.post(f"/api/history/games/{gid}/rounds", json={"row": row, "before": [0, 0], "after": [800, 0],
                                                                  "winner": None, "round_id": None})
    assert out.status_code == 200 and out.json()["score"] == [800, 0]
    found = client.get("/api/history/games/open?game=coiffeur").json()
    assert found["id"] == gid and found["sheet"][0]["category"] == "JOKER:8"
    assert client.get("/api/history/games/open?game=jass").status_code == 204
    listed = client.get("/api/history/games").json()["games"]
    assert [(g["id"], g["game"]) for g in listed] == [(gid, "coiffeur")]
    bad = client.post("/api/history/games", json={"game": "zigzag", "rules": "coiffeur", "target": 10000})
    assert bad.status_code == 400 and bad.json()["field"] == "game" and "coiffeur" in bad.json()["error"]
    assert client.delete(f"/api/history/games/{gid}").json() == {"deleted": 1}
