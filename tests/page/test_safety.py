"""The page's server is safe by default (issue 43, part A), through Starlette's TestClient: no job reads a
server file, a token off loopback, caps refused before a job is queued, a body too large (413), a
full queue (429), and the job API's error lines (a ``field``, the JSON argument's name, not a flag)."""

from __future__ import annotations

import threading

import pytest
from starlette.testclient import TestClient

import jass_sim
from jass_sim.core.caps import MAX_BODY_BYTES, MAX_QUEUED
from jass_sim.page.app import create_app
from jass_sim.page.commands import COMMANDS, clean_json
from jass_sim.page.guards import FILE_KINDS, JOB_CAPS, JOB_MINIMUMS, MEMORY_CAPS, ROUND_ARGUMENTS
from jass_sim.page.jobs import JobQueue

from page_helpers import read_events

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
ROUND = """mode H
leader 0
hand 0: HJ H9 HA SK SQ D6 C7 C8 CT
trick HJ H6 HQ H7
"""
SECRET = "jass-sim-secret-7f3a"
#: A Cribbage game so far (one hand, three cards pegged), for the coached game's and the review's jobs.
CRIB_GAME = """hand dealer A starter 3C
A JH AH QS 5C 8H KS throws AH 8H
B QH QC 9H 8S QD AD throws 9H AD
play QH 5C QD
"""
#: The 36 cards of ``differenzler replay --seed 5 --dealer 1`` (a whole coached round).
DIFF_ROUND = ("H7 H6 H8 HQ HA S6 ST SK D6 D7 D9 DQ SJ DA S7 S8 CA CT SA S9 H9 HJ HK D8 C7 CK CJ C6 C8 HT DT CQ DJ C9 "
              "SQ DK")
#: The arguments every command must have, for requests that are to fail on another argument.
#: Four hands of a deal (seats 0..3), for ``declare_melds``.
HANDS = ["HJ H9 HA HK HQ D6 C7 C8 CT", "H6 H7 H8 HT D7 D8 D9 DT DJ", "DQ DK DA S6 S7 S8 S9 ST SJ",
         "SQ SK SA C6 C9 CJ CQ CK CA"]
#: Every slot of the coached Coiffeur match's preset (its jobs' open categories).
COIFFEUR_ALL = "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8"
REQUIRED = {"advise": {"hand": HAND}, "play_advice": {"hand": HAND, "mode": "H"}, "review": {"round": ROUND},
            "equity": {"games": 1000, "step": 50}, "cribbage_discard": {"hand": "5H 5D JS 6C 4H KD", "dealer": True},
            "cribbage_play_advice": {"hand": "5H 4D KC QS", "starter": "2C", "dealer": False},
            "basra_advise": {"hand": "HJ D10 C5 S3 HK H7", "table": "H5 C2 D7 S9"},
            "choose_card": {"hand": HAND, "mode": "H"}, "choose_mode": {"hand": HAND},
            "declare_melds": {"hands": HANDS, "mode": "H"}, "cribbage_review": {"game": CRIB_GAME},
            "cribbage_state": {"game": CRIB_GAME}, "cribbage_rate": {"game": CRIB_GAME},
            "cribbage_bot_discard": {"hand": "5H 5D JS 6C 4H KD", "dealer": True},
            "rate_card": {"hand": HAND, "mode": "H", "card": "HJ"},
            "game_round": {"hands": HANDS, "mode": "H", "played": "H9 H6 DQ SQ HJ H7 DK SK HQ H8 DA SA HK HT S6 C6 HA D7 "
                           "S7 C9 D6 D8 S8 CJ D9 S9 CQ C7 DT ST CK C8 DJ SJ CA CT"},
            "coiffeur_advise": {"hand": HAND, "ours_open": "S,H,OBE,JOKER", "theirs_open": "C,UNE,JOKER"},
            "differenzler_advise": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6"},
            "differenzler_play_advice": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "bid": 60},
            "differenzler_deal": {},
            "differenzler_bot_card": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "bid": 60, "seat": 0},
            "differenzler_rate_card": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "bid": 60, "card": "HJ"},
            "differenzler_coach_round": {"seed": 5, "dealer": 1, "bids": [13, 37, 47, 56], "played": DIFF_ROUND},
            "coiffeur_coach_choice": {"hands": HANDS, "round_no": 0, "ours_open": COIFFEUR_ALL,
                                      "theirs_open": COIFFEUR_ALL},
            "coiffeur_coach_verdict": {"hand": HAND, "ours_open": COIFFEUR_ALL, "theirs_open": COIFFEUR_ALL,
                                       "answer": "H:4"},
            "coiffeur_coach_round": {"hands": HANDS, "taker": 0, "category": "H:4", "form": "H",
                                     "ours_open": COIFFEUR_ALL, "theirs_open": COIFFEUR_ALL,
                                     "played": "H9 H6 DQ SQ HJ H7 DK SK HQ H8 DA SA HK HT S6 C6 HA D7 "
                                     "S7 C9 D6 D8 S8 CJ D9 S9 CQ C7 DT ST CK C8 DJ SJ CA CT"}}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def post(client, command, args):
    return client.post("/api/jobs", json={"command": command, "args": args})


# --- no server file ---------------------------------------------------------------------------------
@pytest.fixture
def secret_file(tmp_path):
    path = tmp_path / "secret.txt"
    path.write_text(f"{SECRET}\nmode H\n")
    return str(path)


@pytest.mark.parametrize("value", ["/etc/passwd", "/proc/self/environ", "/etc/hostname", "secret", "mode H"])
def test_a_review_round_that_is_a_file_name_is_refused_unread(client, secret_file, value, monkeypatch):
    import builtins

    if value == "secret":
        value = secret_file
    opened = []
    real_open = builtins.open
    monkeypatch.setattr(builtins, "open", lambda f, *a, **k: opened.append(f) or real_open(f, *a, **k))
    response = post(client, "review", {"round": value, "samples": 2})
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "round" and "not a round" in body["error"]
    assert SECRET not in response.text and "root:" not in response.text
    assert not [f for f in opened if str(f) in (value, secret_file)]


@pytest.mark.parametrize("value", [["/etc/passwd"], 7, None])
def test_a_review_round_of_another_type_is_refused(client, value):
    response = post(client, "review", {"round": value})
    assert response.status_code == 400 and response.json()["field"] == "round"


def test_a_round_as_text_or_json_is_still_reviewed(client):
    for value in (ROUND, jass_sim.replay(3, policy="heuristic").to_json()):
        response = post(client, "review", {"round": value, "samples": 2, "rate_mode": False, "save": False})
        assert response.status_code == 202, response.text
        events = read_events(client, response.json()["id"])
        assert events[-1][0] == "result"
        assert events[-1][1] == clean_json(jass_sim.review(value, samples=2, rate_mode=False).to_json())


def test_the_python_api_still_reads_a_round_file(tmp_path):
    path = tmp_path / "round.txt"
    path.write_text(ROUND)
    assert jass_sim.review(str(path), samples=2, rate_mode=False).to_json() == \
        jass_sim.review(ROUND, samples=2, rate_mode=False).to_json()


def test_no_job_command_takes_a_file():
    """The audit of every job command: no argument of a file kind but the rounds checked as text."""
    for name, command in COMMANDS.items():
        function = command.load()
        kinds = getattr(getattr(function, "func", function), "api_kinds")
        files = {(name, arg) for arg, kind in kinds.items() if kind in FILE_KINDS and arg in command.parameters()}
        assert files <= ROUND_ARGUMENTS, files


def test_a_shipped_equity_policy_is_a_name_not_a_path(client):
    response = post(client, "equity", {"shipped": True, "policy": "../../../../../etc/passwd"})
    assert response.status_code == 400 and response.json()["field"] == "policy"


# --- the token off loopback -------------------------------------------------------------------------
TOKEN = "t0ken-for-the-test"


@pytest.fixture(scope="module")
def gated_app():
    return create_app(token=TOKEN)


@pytest.mark.parametrize("method, path", [("GET", "/"), ("GET", "/static/app.js"), ("GET", "/static/style.css"),
                                          ("GET", "/api/health"), ("GET", "/api/commands"), ("POST", "/api/jobs"),
                                          ("POST", "/api/position"), ("GET", "/api/jobs/1-x/events"),
                                          ("DELETE", "/api/jobs/1-x"), ("GET", "/nothing-here"),
                                          ("GET", "/api/reports"), ("GET", "/reports/chibre/index.html")])
def test_without_the_token_every_request_is_401(gated_app, method, path):
    with TestClient(gated_app) as c:
        assert c.request(method, path).status_code == 401
        assert c.request(method, path + "?token=wrong").status_code == 401
        assert c.request(method, path, headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert c.request(method, path, headers={"Cookie": f"jass_sim_token={TOKEN}"}).status_code == 401
        assert "set-cookie" not in c.request(method, path).headers


def test_the_token_in_the_url_sets_a_cookie_the_page_then_carries(gated_app):
    with TestClient(gated_app) as c:
        first = c.get(f"/?token={TOKEN}")
        assert first.status_code == 200 and "data-action" in first.text
        cookie = first.headers["set-cookie"]
        assert TOKEN in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
        # the page's own requests carry the cookie: assets, API, event streams
        assert c.get("/static/app.js").status_code == 200
        assert c.get("/api/health").json()["status"] in ("ready", "warming")
        response = post(c, "choose_card", {"hand": HAND, "mode": "H"})
        assert response.status_code == 202
        assert read_events(c, response.json()["id"])[-1][0] == "result"
        name = cookie.split("=", 1)[0]
    with TestClient(gated_app) as other:  # another browser: no cookie
        assert other.get("/static/app.js").status_code == 401
        # among other cookies of this host, one of them malformed
        header = f'a="x; b=\\; {name}={TOKEN}; c=1'
        assert other.get("/static/app.js", headers={"Cookie": header}).status_code == 200


def test_a_bearer_token_is_accepted(gated_app):
    with TestClient(gated_app) as c:
        assert c.get("/api/health", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
        assert c.get("/api/health").status_code == 401  # no cookie from a header


def test_on_loopback_there_is_no_token(client):
    assert client.get("/").status_code == 200 and "set-cookie" not in client.get("/").headers
    assert client.get("/api/health").status_code == 200


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("127.0.0.2", True), ("::1", True),
                                            ("[::1]", True), ("localhost", True), ("0.0.0.0", False),
                                            ("::", False), ("192.168.1.20", False), ("myhost.lan", False)])
def test_which_hosts_want_a_token(host, loopback):
    from jass_sim.page.auth import is_loopback

    assert is_loopback(host) is loopback


def test_tokens_are_random_and_long():
    from jass_sim.page.auth import new_token

    tokens = {new_token() for _ in range(20)}
    assert len(tokens) == 20 and min(len(t) for t in tokens) >= 40


# --- caps ---------------------------------------------------------------------------------------------
CAP_CASES = [(command, name, cap) for command, caps in JOB_CAPS.items() for name, cap in caps.items()]


@pytest.mark.parametrize("command, name, cap", CAP_CASES)
def test_an_argument_over_its_cap_is_refused_before_the_job_is_queued(client, command, name, cap):
    args = REQUIRED[command] | {name: cap * 10}
    response = post(client, command, args)
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == name and f"{cap:,}" in body["error"] and name in body["error"]
    assert "internal" not in body["error"] and "\n" not in body["error"]


@pytest.mark.parametrize("command, name, least", [(c, n, v) for c, m in JOB_MINIMUMS.items() for n, v in m.items()])
def test_an_argument_under_its_minimum_is_refused(client, command, name, least):
    response = post(client, command, REQUIRED[command] | {name: least - 1})
    assert response.status_code == 400 and response.json()["field"] == name and f"{least:,}" in response.json()["error"]


@pytest.mark.parametrize("command, policy", [("advise", "pimc"), ("advise", "search"), ("advise", "dd"),
                                             ("play_advice", "pimc"), ("review", "search")])
def test_a_policy_whose_block_cannot_stop_in_time_is_refused(client, command, policy):
    response = post(client, command, REQUIRED[command] | {"policy": policy})
    assert response.status_code == 400 and response.json()["field"] == "policy"
    assert policy in response.json()["error"] and "net" in response.json()["error"]


def test_basra_samples_1e12_is_one_line_in_the_api_the_python_api_and_the_cli(client):
    from click.testing import CliRunner

    from jass_sim.cli import main

    response = post(client, "basra_advise", REQUIRED["basra_advise"] | {"samples": 1e12})
    assert response.status_code == 400 and response.json()["field"] == "samples"
    assert "MemoryError" not in response.text and "internal" not in response.text
    cap = {(command, name): cap for command, name, cap in MEMORY_CAPS}[("basra advise", "samples")]
    with pytest.raises(jass_sim.InputError, match=f"{cap:,}"):
        jass_sim.basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9", samples=10**12)
    result = CliRunner().invoke(main, ["basra", "advise", "--hand", "HJ D10 C5 S3 HK H7", "--table", "H5 C2 D7 S9",
                                       "--samples", str(10**12)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "--samples" in lines[0] and f"{cap:,}" in lines[0] and "Traceback" not in result.output


# --- 413 and 429 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/api/jobs", "/api/position"])
def test_a_body_over_the_limit_is_413(client, path):
    big = b'{"command": "advise", "args": {"hand": "' + b"H" * MAX_BODY_BYTES + b'"}}'
    assert client.post(path, content=big, headers={"content-type": "application/json"}).status_code == 413

    def chunks():  # no Content-Length: counted as it is read
        yield big[: len(big) // 2]
        yield big[len(big) // 2:]

    assert client.post(path, content=chunks(), headers={"content-type": "application/json"}).status_code == 413


def test_more_than_16_queued_jobs_get_429():
    gate = threading.Event()
    jobs = JobQueue(warm_up=lambda: gate.wait(60))  # the worker waits: every job stays queued
    try:
        with TestClient(create_app(jobs=jobs)) as c:
            ids = []
            for _ in range(MAX_QUEUED):
                response = post(c, "choose_card", {"hand": HAND, "mode": "H"})
                assert response.status_code == 202
                ids.append(response.json()["id"])
            full = post(c, "choose_card", {"hand": HAND, "mode": "H"})
            assert full.status_code == 429 and str(MAX_QUEUED) in full.json()["error"]
            assert c.delete(f"/api/jobs/{ids[0]}").status_code == 200  # a cancelled job frees its place
            assert post(c, "choose_card", {"hand": HAND, "mode": "H"}).status_code == 202
    finally:
        gate.set()
        jobs.close()


# --- the job API's error lines ------------------------------------------------------------------------
@pytest.mark.parametrize("command, args, field", [
    ("advise", {"hand": HAND, "samples": 1}, "samples"),
    ("advise", {"hand": HAND, "samples": 100, "ci": 0.5}, "ci"),
    ("play_advice", {"mode": "H"}, "hand"),
    ("play_advice", {"hand": HAND, "mode": "H", "hands": "HJ;H9"}, "hands"),
    ("play_advice", {"hand": HAND, "mode": "H", "melds": "5: D7 D8 D9"}, "melds"),
    ("review", {"round": ROUND, "seat": 0, "team": 1}, "team"),
    ("review", {"round": ROUND, "samples": 1}, "samples"),
    ("equity", {"games": 500, "shipped": True}, "shipped"),
    ("equity", {"shipped": True, "step": 20}, "step"),
    ("cribbage_discard", {"hand": "5H 5D JS 6C 4H KD"}, "dealer"),
    ("cribbage_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": True, "samples": 50}, "samples"),
    ("cribbage_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": True, "exact": True, "pegging": True}, "exact"),
    ("cribbage_discard", {"hand": "5H 5D JS 6C 4H KD", "dealer": True, "opponent": "smart"}, "opponent"),
    ("basra_advise", {"hand": "HJ D10 C5 S3", "table": "H5 C2 D7 S9"}, "hand"),
    ("basra_advise", {"hand": "HJ D10 C5 S3 HK H7", "table": "H5 C2 D7 S9", "piles": "1,2"}, "piles"),
    ("basra_advise", {"hand": "HJ D10 C5 S3 HK H7", "table": "H5 C2 D7 S9", "horizon": "game"}, "horizon"),
    ("choose_card", {"hand": HAND, "mode": "H", "seat": 7}, "seat"),
    ("choose_card", {"hand": HAND}, "mode"),
])
def test_every_refusal_is_400_with_a_field_and_names_no_flag(client, command, args, field):
    response = post(client, command, args)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body.get("field") == field, body
    assert "--" not in body["error"] and "missing a required" not in body["error"]


def test_cribbage_without_dealer_says_whose_crib(client):
    body = post(client, "cribbage_discard", {"hand": "5H 5D JS 6C 4H KD"}).json()
    assert body == {"error": "cribbage_discard needs dealer: whose crib it is, true (yours, counted plus) or false "
                             "(the opponent's, minus)", "field": "dealer"}


def test_basra_names_the_six_cards_the_rules_deal(client):
    body = post(client, "basra_advise", {"hand": "HJ D10 C5 S3", "table": "H5 C2 D7 S9"}).json()
    assert body["field"] == "hand" and "4 cards in hand" in body["error"] and "deal 6 cards" in body["error"]
    assert "holds 6" in body["error"]


@pytest.mark.parametrize("body, field", [("not json", "body"), ({"command": "nope"}, "command"),
                                         ({"command": "advise", "args": [1]}, "args"),
                                         ({"command": "advise", "args": {"hand": HAND, "bogus": 1}}, "bogus")])
def test_malformed_requests_name_their_field(client, body, field):
    if isinstance(body, str):
        response = client.post("/api/jobs", content=body, headers={"content-type": "application/json"})
    else:
        response = client.post("/api/jobs", json=body)
    assert response.status_code == 400 and response.json()["field"] == field


@pytest.mark.parametrize("argv, option", [
    (["advise", HAND, "--samples", str(10**12)], "--samples"),
    (["advise", HAND, "--ci", "0.1", "--max-samples", str(10**12)], "--max-samples"),
    (["equity", "--games", str(10**12)], "--games"),
    (["cribbage", "discard", "5H 5D JS 6C 4H KD", "--dealer", "--score", "100:110", "--samples", str(10**12)],
     "--samples"),
])
def test_the_cli_refuses_what_memory_cannot_hold_naming_the_largest_value(argv, option):
    import re

    from click.testing import CliRunner

    from jass_sim.cli import main

    result = CliRunner().invoke(main, argv)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert option in lines[0] and re.search(r"at most [\d,]+ here", lines[0]) and "Traceback" not in result.output


@pytest.mark.parametrize("command", list(COMMANDS))
def test_any_bad_value_of_any_argument_is_a_400_with_its_field(command):
    """Every argument of every command, given values of the wrong kind: 202 (a value the command
    takes) or 400 with a field and a line that names no flag; never a server error."""
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        for name in sorted(COMMANDS[command].parameters()):
            for value in ({"x": 1}, [{"a": 1}], "", -1, 1.5, True, "zz"):
                args = REQUIRED[command] | {name: value}
                response = post(c, command, args)
                if response.status_code == 202:
                    c.delete(f"/api/jobs/{response.json()['id']}")
                    continue
                body = response.json()
                assert response.status_code == 400 and body.get("field"), (name, value, response.text)
                assert "--" not in body["error"] and "internal" not in body["error"], (name, value, body)


def test_any_bad_value_of_a_position_is_a_400_with_its_field(client):
    body = {"hand": HAND, "mode": "H", "leader": 1, "played": "D7 DQ DA"}
    assert client.post("/api/position", json=body).status_code == 200
    for name in ("hand", "mode", "leader", "chooser", "chibred", "played", "melds"):
        for value in ({"x": 1}, [{"a": 1}], "", -1, 1.5, True, "zz", None):
            response = client.post("/api/position", json=body | {name: value})
            if response.status_code == 200:
                continue
            assert response.status_code == 400 and response.json().get("field"), (name, value, response.text)


def test_every_job_command_reports_progress():
    """Every command is checked up to its first tick before it is queued (and so is cancellable):
    the coach's choose_mode and declare_melds, from page-front's descriptors, too."""
    assert [name for name, command in COMMANDS.items() if not command.progress] == []


@pytest.mark.parametrize(("command", "args", "field"), [
    ("choose_mode", {"hand": "HJ H9"}, "hand"), ("choose_mode", {"hand": HAND, "model": "zz"}, "model"),
    ("choose_mode", {"hand": HAND, "may_chibre": "yes"}, "may_chibre"),
    ("declare_melds", {"hands": "HJ", "mode": "H"}, "hands"), ("declare_melds", {"hands": HANDS, "mode": "zz"}, "mode"),
    ("declare_melds", {"hands": HANDS, "mode": "H", "leader": 7}, "leader")])
def test_the_coachs_table_talk_refuses_bad_input_with_its_field(client, command, args, field):
    response = post(client, command, args)
    assert response.status_code == 400 and response.json()["field"] == field, response.text
    assert post(client, command, REQUIRED[command]).status_code == 202
