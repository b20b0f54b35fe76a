"""Fixtures of the history's route tests (test_history_routes, test_game_routes,
test_practice_routes): ``store``, a fresh :class:`HistoryStore` in the test's tmp_path, and
``client``, a TestClient of the page's app saving to it. A module that defines its own ``client``
(most route tests: an app without a history) uses that one."""

from __future__ import annotations

import pytest

from jass_sim.core.history import HistoryStore


@pytest.fixture
def store(tmp_path):
    return HistoryStore(str(tmp_path / "data" / "history.sqlite3"))


@pytest.fixture
def client(store):
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app(history=store)) as c:
        yield c
