"""Helpers of the page's tests (not a conftest.py: one here would shadow tests/conftest.py, which other
tests import as ``conftest``)."""

from __future__ import annotations

import json


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
