"""``jass-sim serve`` as a user starts it: the address printed, the page served, a warning and a token
for a host other than localhost, one line and exit 130 on Ctrl-C (143 on SIGTERM), a port in use refused."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "jass_sim.cli", "serve", "--no-browser", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})


def wait_health(port: int, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        try:
            return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2))
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_serve_answers_then_stops_on_a_signal_in_one_line(signum, code):
    port = free_port()
    proc = start("--port", str(port))
    try:
        health = wait_health(port)
        assert health["status"] in ("warming", "ready")
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/").read().decode()
        assert "data-action" in page
        proc.send_signal(signum)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=10)
        assert time.monotonic() - sent < 3.0
    finally:
        proc.kill()
    assert proc.returncode == code
    assert f"http://127.0.0.1:{port}/" in out
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "interrupted" in lines[0] and "Traceback" not in err


def test_a_host_other_than_localhost_wants_the_printed_token():
    """Off loopback: a warning, the URL printed with ?token=..., 401 without it (the page, its assets, the
    API), 200 with it; on loopback (the other tests) no token at all."""
    import re
    import urllib.error

    port = free_port()
    proc = start("--host", "0.0.0.0", "--port", str(port))
    try:
        line = proc.stdout.readline()
        match = re.search(rf"http://127\.0\.0\.1:{port}/\?token=([A-Za-z0-9_-]+)", line)
        assert match, line
        token = match.group(1)
        assert len(token) >= 40
        deadline = time.monotonic() + 60
        while True:  # listening once it answers at all (401 here)
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2)
            except urllib.error.HTTPError:
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        for path in ("/", "/static/app.js", "/api/health"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10)
            assert refused.value.code == 401
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={token}", timeout=10)
        assert "HttpOnly" in page.headers["Set-Cookie"] and "data-action" in page.read().decode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/health",
                                         headers={"Authorization": f"Bearer {token}"})
        assert json.load(urllib.request.urlopen(request, timeout=10))["status"] in ("warming", "ready")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert "warning" in err.splitlines()[0] and "0.0.0.0" in err.splitlines()[0]
    assert token not in err  # the token is printed once, in the URL


def test_a_port_in_use_is_one_line_and_exit_2():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = start("--port", str(port))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert err.count("\n") == 1 and str(port) in err and "Traceback" not in err
