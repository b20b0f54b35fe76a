"""The first run answers at once (issue 54 item 1): on an empty Numba cache, the first ``POST /api/jobs``
of every job command answers within a second while the kernels compile (the check of its arguments is
queued beside the job when it would compile), its events say what it waits for ("compiling the
review's kernels, about N s", with progress in seconds), ``/api/health`` lists the commands still
warming, and bad input found by a queued check still comes back naming its field (in-process).

One server start (a subprocess ``jass-sim serve`` with its own empty ``NUMBA_CACHE_DIR``, so that the
compiling is real and does not touch the suite's cache): about 10 s in all, most of it the server's
start; the test ends it before the kernels finish compiling."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from jass_sim.page.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
ROUND = "mode H\nleader 0\nhand 0: HJ H9 HA SK SQ D6 C7 C8 CT\ntrick HJ H6 HQ H7\n"
GAME = "hand dealer A starter 3C\nA JH AH QS 5C 8H KS throws AH 8H\nB QH QC 9H 8S QD AD throws 9H AD\nplay QH 5C QD\n"
HANDS = ["H6 H7 H8 HK HQ D6 C7 C8 CT", "HJ H9 HA SK SQ D7 D8 D9 S6", "S7 S8 S9 ST SJ SA DT DJ DQ",
         "DK DA CA CK CQ CJ C9 C6 HT"]
#: Small valid arguments of every job command (a new command needs a row: the contract covers each).
ARGS = {
    "advise": {"hand": HAND, "samples": 64},
    "play_advice": {"hand": HAND, "mode": "H", "samples": 16},
    "review": {"round": ROUND, "samples": 8, "rate_mode": False, "save": False},
    "equity": {"games": 200, "step": 50},
    "choose_card": {"hand": HAND, "mode": "H"},
    "choose_mode": {"hand": HAND},
    "declare_melds": {"hands": HANDS, "mode": "H"},
    "rate_card": {"hand": HAND, "mode": "H", "card": "HJ", "samples": 16},
    "game_round": {"hands": ["H8 H9 HQ HA D6 DJ S9 C7 C9", "D7 D8 D9 DT S7 S8 ST CJ CK", "H7 DQ DK SK C6 C8 CT CQ CA",
                             "H6 HT HJ HK DA S6 SJ SQ SA"], "mode": "H", "leader": 1,
                   "played": "D7 H7 HT H9 H8 D8 DQ H6 HQ D9 DK HJ HK HA DT SK D6 S7 C6 DA S6 S9 S8 C8 DJ ST CT SJ C7 CJ "
                             "CQ SQ CA SA C9 CK", "score0": 100, "score1": 200},
    "cribbage_discard": {"hand": "5H 5D JS 6C 4H KD", "dealer": True},
    "cribbage_play_advice": {"hand": "5H 5D JS 6C", "starter": "3C", "dealer": True},
    "cribbage_review": {"game": GAME, "save": False},
    "cribbage_state": {"game": GAME},
    "cribbage_bot_discard": {"hand": "5H 5D JS 6C 4H KD", "dealer": False, "seed": 1},
    "cribbage_rate": {"game": GAME, "player": 0},
    "basra_advise": {"hand": "HJ D10 C5 S3 HK H7", "table": "H5 C2 D7 S9", "samples": 64},
    "coiffeur_advise": {"hand": HAND, "ours_open": "S,H,OBE,JOKER", "theirs_open": "C,UNE,JOKER", "samples": 64},
    "differenzler_advise": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "samples": 64},
    "differenzler_play_advice": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "bid": 60,
                                 "played": "SA S6 S7 S8", "samples": 16},
    "differenzler_deal": {"seed": 5},
    "differenzler_bot_card": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "bid": 60, "seat": 0},
    "differenzler_rate_card": {"hand": "HJ H9 HA HK SA ST D6 C7 C8", "trump_card": "H6", "bid": 60, "card": "HJ",
                               "samples": 16},
    "differenzler_coach_round": {"seed": 5, "dealer": 1, "bids": [13, 37, 47, 56], "samples": 16, "save": False,
                                 "played": "H7 H6 H8 HQ HA S6 ST SK D6 D7 D9 DQ SJ DA S7 S8 CA CT SA S9 H9 HJ HK D8 "
                                           "C7 CK CJ C6 C8 HT DT CQ DJ C9 SQ DK"},
    "coiffeur_coach_choice": {"hands": HANDS, "round_no": 1, "ours_open": "S,H", "theirs_open": "C,OBE"},
    "coiffeur_coach_verdict": {"hand": HAND, "ours_open": "S,H", "theirs_open": "C,OBE", "answer": "H:4",
                               "samples": 64},
    "coiffeur_coach_round": {"hands": HANDS, "taker": 0, "category": "H", "form": "H", "ours_open": "H",
                             "theirs_open": "-", "totals": "0:0",
                             "played": "H6 H9 DT HT HJ DJ DK H7 HA DQ DA H8 D7 S7 C6 HQ HK D8 S8 C9 D6 D9 S9 CJ "
                                       "S6 ST CQ C7 SJ CK C8 SQ SK SA CA CT"},
}
#: The contract: a POST answers within this many seconds, whatever compiles.
ANSWER_WITHIN = 1.0


def call(url: str, body=None, timeout: float = 30.0) -> tuple[int, dict, float]:
    """``(status, JSON body, seconds)`` of a GET (``body`` None) or a JSON POST."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read()), time.monotonic() - started
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), time.monotonic() - started


def first_progress(url: str, job_id: str, timeout: float = 5.0) -> dict:
    """The first ``progress`` event of a job's stream that says what it waits for (or the last one)."""
    last = {}
    with urllib.request.urlopen(f"{url}api/jobs/{job_id}/events", timeout=timeout) as response:
        deadline = time.monotonic() + timeout
        event = None
        for raw in response:
            line = raw.decode().strip()
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "progress":
                last = json.loads(line[6:])
                if last.get("warming"):
                    return last
            if time.monotonic() > deadline or event in ("result", "error", "cancelled"):
                break
    return last


@pytest.fixture(scope="module")
def cold_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cold")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp / "numba"), PYTHONPATH=str(ROOT), JASS_SIM_DATA_DIR=str(tmp / "data"))
    proc = subprocess.Popen([sys.executable, "-m", "jass_sim.cli", "serve", "--no-browser", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while True:
        try:
            call(url + "api/health", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start: " + proc.stderr.read().decode()[-2000:]) from None
            time.sleep(0.1)
    yield url
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def test_the_first_post_of_every_job_command_answers_at_once_while_kernels_compile(cold_server):
    url = cold_server
    assert set(ARGS) == set(COMMANDS), "give every job command small arguments in ARGS"
    status, health, _ = call(url + "api/health")
    assert health["status"] == "warming" and "review" in health["warming"]  # nothing compiled yet
    assert health["families"]["jass-play"]["state"] == "warming"
    assert "review" in health["families"]["jass-play"]["commands"]
    family = {c: f for f, body in health["families"].items() for c in body["commands"]}
    assert set(family) == set(COMMANDS), "every job command has a warm-up that /api/health reports"
    times, waits = {}, {}
    for name, args in ARGS.items():
        status, body, seconds = call(url + "api/jobs", {"command": name, "args": args})
        assert status == 202, (name, body)
        times[name] = (seconds, body["id"])
        waits[name] = first_progress(url, body["id"])  # sent at once: what it waits for
        if name != "review":  # room in the queue (MAX_QUEUED waiting jobs) for the next command's first POST
            urllib.request.urlopen(urllib.request.Request(f"{url}api/jobs/{body['id']}", method="DELETE"), timeout=30)
    slow = {name: round(s, 2) for name, (s, _) in times.items() if s > ANSWER_WITHIN}
    assert not slow, f"POST /api/jobs took over {ANSWER_WITHIN} s on an empty cache: {slow}"
    # every job names what it waits for (its family's warm-up; "loading" until the server's first compile
    # has begun, a second or two after its start), the review with the time left in seconds
    for name, waiting in waits.items():
        assert waiting.get("warming") == family[name], (name, waiting)
        what = name.replace("_", " ")
        assert waiting["stage"].startswith((f"compiling the {what}'s kernels, about ", f"loading the {what}'s kernels")), \
            (name, waiting)
    waiting = first_progress(url, times["review"][1])
    assert waiting.get("warming") == "jass-play", waiting
    assert waiting["stage"].startswith("compiling the review's kernels, about ") and waiting["stage"].endswith(" s")
    assert waiting["target"] == COMMANDS["review"].compile_seconds and 0 <= waiting["done"] < waiting["target"]


def test_bad_input_found_by_a_queued_check_fails_the_job_naming_its_field(monkeypatch):
    """A check that outlasts the POST (here: no wait at all) queues the job; the rules' refusal then
    comes back as the job's error event, with the 400's body (``error``, ``field``)."""
    from starlette.testclient import TestClient

    import jass_sim.page.app as page_app

    from page_helpers import read_events

    monkeypatch.setattr(page_app, "CHECK_WAIT", 0.0)
    with TestClient(page_app.create_app()) as client:
        response = client.post("/api/jobs", json={"command": "play_advice",
                                                  "args": {"hand": HAND, "mode": "H", "played": "D7 D7"}})
        if response.status_code == 400:  # the check won the race even so: the same body
            body = response.json()
        else:
            assert response.status_code == 202
            name, body, _ = read_events(client, response.json()["id"])[-1]
            assert name == "error"
        assert body["field"] == "played" and "D7" in body["error"]
