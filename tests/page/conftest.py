"""Fixtures of the page's tests, defined once here (a fixture imported into several modules is a
fixture of each module: a session-scoped server imported so was started once per module).

The browser tests (Chromium, ``/usr/bin/chromium``, through pytest-playwright; browser_setup.py has
their helpers): ``browser_type_launch_args``, ``base``, one live server of the page per test process
shared by every browser module, and ``ready``, a page once the engine is ready. The history's route
tests (test_history_routes, test_game_routes, test_practice_routes): ``store``, a fresh
:class:`HistoryStore` in the test's tmp_path, and ``client``, a TestClient of the page's app saving to
it. A module that defines its own ``client`` (most route tests: an app without a history) uses that one."""

from __future__ import annotations

import re

import pytest

from jass_sim.core.history import HistoryStore


@pytest.fixture(scope="session")
def browser_type_launch_args():
    from browser_setup import CHROMIUM

    return {"executable_path": CHROMIUM, "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                                  "--disable-component-update", "--no-first-run", "--disable-sync"]}


@pytest.fixture(scope="session")
def base():
    """The URL of a live server of the page (uvicorn in a thread of this process), started at its first
    use and shared by every browser module the process runs (its history is ``$JASS_SIM_DATA_DIR``,
    the run's own: tests/conftest.py)."""
    from live_server import LiveServer

    server = LiveServer()
    url = server.start()
    yield url
    server.stop()


@pytest.fixture
def ready(page, base):
    from browser_setup import expect

    page.set_default_timeout(180_000)
    page.add_init_script("window.jassSimTrickMs = 0")  # the coach shows each won trick at once (no 1.5 s pauses)
    page.goto(base)
    # a cold Numba cache (a fresh clone) compiles the kernels first: minutes on a busy 2-core machine
    expect()(page.locator("#engine")).to_have_class(re.compile("ready"), timeout=900_000)
    return page


@pytest.fixture
def store(tmp_path):
    return HistoryStore(str(tmp_path / "data" / "history.sqlite3"))


@pytest.fixture
def client(store):
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app(history=store)) as c:
        yield c
