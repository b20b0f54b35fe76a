"""The coached round's job commands (``choose_mode``, ``declare_melds``), through Starlette's TestClient:
each result equals its Python function's ``to_json()``, bad input is a 400 or an error naming it, and
the job API's commands are the games' descriptors' (``Game.jobs``)."""

from __future__ import annotations

import pytest

from jass_sim.page.commands import COMMANDS

from page_helpers import read_events

HANDS = ["H6 H7 H8 HK HQ D6 C7 C8 CT", "HJ H9 HA SK SQ D7 D8 D9 S6", "S7 S8 S9 ST SJ SA DT DJ DQ",
         "DK DA CA CK CQ CJ C9 C6 HT"]


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app()) as c:
        yield c


def run(client, command, args):
    response = client.post("/api/jobs", json={"command": command, "args": args})
    assert response.status_code == 202, response.text
    events = read_events(client, response.json()["id"])
    return events[-1][0], events[-1][1]


def test_the_commands_are_the_games_descriptors():
    from jass_sim.registry import GAMES

    jobs = {job.name: job for game in GAMES for job in game.jobs}
    assert set(COMMANDS) == set(jobs)
    for name, job in jobs.items():
        assert COMMANDS[name] is job
    assert {"choose_mode", "declare_melds"} <= set(jobs)
    assert jobs["cribbage_discard"].module.startswith("jass_sim.cribbage")


def test_choose_mode_is_the_fitted_model(client):
    from jass_sim.jass.play.choose import choose_mode_for
    from jass_sim.jass.play.coach import choose_mode

    for hand in HANDS:
        for may_chibre in (True, False):
            name, doc = run(client, "choose_mode", {"hand": hand, "may_chibre": may_chibre})
            assert name == "result"
            assert doc == choose_mode(hand, may_chibre=may_chibre).to_json()
            mode = choose_mode_for(hand, may_chibre=may_chibre, chooser="fitted")
            assert doc["chibre"] == (mode is None)
            if not may_chibre:
                assert doc["chibre"] is False


def test_declare_melds_compares_the_best_melds(client):
    from jass_sim.jass.play.coach import declare_melds

    name, doc = run(client, "declare_melds", {"hands": HANDS, "mode": "H", "leader": 0})
    assert name == "result" and doc == declare_melds(HANDS, mode="H", leader=0).to_json()
    # seat 2's run of five (100) is the best meld: team 0 scores its own melds (20 + 120), team 1 none
    assert doc["scoring_team"] == 0 and doc["meld_points"] == [140, 0]
    assert [s["points"] for s in doc["seats"]] == [20, 20, 120, 50]
    assert [s["stoeck"] for s in doc["seats"]] == [True, False, False, False]  # HK HQ with hearts trump
    assert (doc["stoeck_points"], doc["match_points"]) == (20, 100)
    name, doc = run(client, "declare_melds", {"hands": HANDS, "mode": "OBE", "leader": 0})
    assert not any(s["stoeck"] for s in doc["seats"])  # no stöck without a trump


def test_bad_hands_are_named(client):
    # checked before the job is queued (every job command is): 400 with the field, no job
    response = client.post("/api/jobs", json={"command": "declare_melds", "args": {"hands": HANDS[:3], "mode": "H"}})
    assert response.status_code == 400 and "four hands" in response.json()["error"]
    assert response.json()["field"] == "hands"
    response = client.post("/api/jobs", json={"command": "declare_melds",
                                              "args": {"hands": [HANDS[0], HANDS[0], HANDS[2], HANDS[3]], "mode": "H"}})
    assert response.status_code == 400 and "held by seats 0 and 1" in response.json()["error"]
    response = client.post("/api/jobs", json={"command": "choose_mode", "args": {"cards": HANDS[0]}})
    assert response.status_code == 400 and "cards" in response.json()["error"]


def test_the_coachs_verdict_is_the_reviews_rating_of_the_card(client):
    """Issue 54: one verdict scale. The coach's ``rate_card`` job gives, for the same position, worlds
    and seed, exactly the review's decision (verdict, best card, loss and CI, the words); an illegal
    card is named. 24 worlds: the two must be equal at any size, and small keeps it under a second."""
    from jass_sim.jass.play.review import review
    from jass_sim.jass.play.round_file import parse_round_text

    hand = "HJ H9 HA SK SQ D6 C7 C8 CT"
    rnd = parse_round_text(f"mode H\nleader 1\nhand 0: {hand}\ntrick S6 SA S7 SK\n")
    played = [d for d in review(rnd, [0], samples=24, seed=4, review_mode=False).decisions if d.kind == "card"]
    name, doc = run(client, "rate_card", {"hand": hand, "mode": "H", "leader": 1, "played": "S6 SA S7", "card": "SK",
                                          "samples": 24, "seed": 4})
    assert name == "result" and doc == played[0].to_json()
    assert doc["verdict"] in ("good", "inaccuracy", "mistake", "blunder", "unclear")
    response = client.post("/api/jobs", json={"command": "rate_card", "args": {"hand": hand, "mode": "H", "leader": 1,
                                                                              "played": "S6 SA S7", "card": "D6"}})
    assert response.status_code == 400 and response.json()["field"] == "card" and "D6" in response.json()["error"]


def test_game_round_is_the_games_score_after_the_round(client):
    """Issue 54 item 4: the job is ``game_round``'s ``to_json()``; the round (hearts, seat 0's melds 170
    and stöck, 288 to 59) leaves 700:100 short of 1000, and 0:990 ends inside the round (premier sorti)
    with team 1 the winner; a score at the target is refused naming it."""
    from jass_sim.jass.play.game_round import game_round

    hands = ["HJ H9 HA HK HQ D6 C7 C8 CT", "H6 H7 H8 HT D7 D8 D9 DT DJ", "DQ DK DA S6 S7 S8 S9 ST SJ",
             "SQ SK SA C6 C9 CJ CQ CK CA"]
    played = ("H9 H6 DQ SQ HJ H7 DK SK HQ H8 DA SA HK HT S6 C6 HA D7 S7 C9 D6 D8 S8 CJ D9 S9 CQ C7 DT ST CK C8 DJ SJ "
              "CA CT")
    args = {"hands": hands, "mode": "H", "leader": 0, "played": played, "score0": 700, "score1": 100}
    name, doc = run(client, "game_round", args)
    assert name == "result" and doc == game_round(**args).to_json()
    assert doc["round_totals"] == [288, 59] and doc["after"] == [988, 159] and not doc["over"]
    name, doc = run(client, "game_round", args | {"score0": 0, "score1": 990})
    assert doc["over"] and doc["winner"] == 1 and doc["mid_round"] and doc["after"][1] >= 1000 > doc["after"][0]
    response = client.post("/api/jobs", json={"command": "game_round", "args": args | {"score0": 1000}})
    assert response.status_code == 400 and response.json()["field"] == "score0"
