"""Fixtures of the page's tests: one application (and job queue) for the session, warmed up."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="session")
def app():
    from jass_sim.page.app import create_app
    from jass_sim.page.cli import warm_up

    return create_app(warm_up=warm_up)


@pytest.fixture(scope="session")
def client(app):
    import time

    from starlette.testclient import TestClient

    with TestClient(app) as c:
        deadline = time.monotonic() + 900
        while c.get("/api/health").json()["status"] != "ready":
            assert time.monotonic() < deadline, "the engine did not warm up"
            time.sleep(0.2)
        yield c


def read_events(client, job_id: str, on_progress=None) -> list[tuple[str, dict, float]]:
    """The events of a job's stream: ``(name, data, seconds since the stream opened)``."""
    import time

    started = time.monotonic()
    events = []
    name = None
    with client.stream("GET", f"/api/jobs/{job_id}/events") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith("event: "):
                name = line[len("event: "):]
            elif line.startswith("data: "):
                data = json.loads(line[len("data: "):])
                events.append((name, data, time.monotonic() - started))
                if name == "progress" and on_progress is not None:
                    on_progress(data)
    return events
