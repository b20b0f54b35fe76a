"""The page links the committed strategy reports (issue 44, item 8) and serves them itself, read
only: ``GET /api/reports`` lists them, ``/reports/<game>/`` serves each report's files, and nothing
outside ``reports/`` can be reached through it."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from jass_sim.page import reports as R
from jass_sim.page.app import create_app

REPO_REPORTS = Path(__file__).resolve().parents[2] / "reports"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def test_every_committed_report_is_listed_and_served(client):
    listed = client.get("/api/reports").json()["reports"]
    committed = [g for g, _ in R.REPORTS if (REPO_REPORTS / g / "index.html").is_file()]
    assert [r["game"] for r in listed] == committed == ["chibre", "cribbage", "basra"]
    for r in listed:
        page = client.get(r["href"])
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        committed = (REPO_REPORTS / r["game"] / "index.html").read_text(encoding="utf-8")
        assert page.text == R.for_the_page(committed)
        # the report's own images and tables come from the same server
        png = next((REPO_REPORTS / r["game"]).glob("*.png"))
        image = client.get(f"/reports/{r['game']}/{png.name}")
        assert image.status_code == 200 and image.content == png.read_bytes()
    assert client.get("/reports/chibre/").text == client.get("/reports/chibre/index.html").text


@pytest.mark.parametrize("path", ["/reports/%2e%2e/pyproject.toml", "/reports/..%2fpyproject.toml",
                                  "/reports/chibre/%2e%2e/%2e%2e/pyproject.toml", "/reports/nothing/index.html"])
def test_nothing_outside_the_reports_is_served(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "[project]" not in response.text


def test_the_page_has_the_links_hook(client):
    html = client.get("/").text
    assert "data-reports" in html and "data-report-links" in html
    assert 'getJSON("/api/reports")' in client.get("/static/app.js").text


def test_without_the_repository_no_report_is_listed(monkeypatch):
    monkeypatch.setattr(R, "reports_dir", lambda: None)
    assert R.available() == []
    with TestClient(create_app()) as c:
        assert c.get("/api/reports").json() == {"reports": []}


def test_a_report_opens_with_a_way_back_contents_and_keyboard_stops(client):
    """Issue 54: a report opened from the page has a way back to it, a table of contents of its
    sections, every table that scrolls a named keyboard stop, and each figure full size on a phone."""
    committed = (REPO_REPORTS / "chibre" / "index.html").read_text(encoding="utf-8")
    text = client.get("/reports/chibre/index.html").text
    assert 'href="/" data-testid="report-back"' in text and 'aria-label="Contents"' in text
    assert text.count('<a href="#section-') == committed.count("<h2>") == text.count('<h2 id="section-')
    assert text.count('<div class="wide" tabindex="0" role="region" aria-label="') == \
        committed.count('<div class="wide">') and '<div class="wide">' not in text
    assert text.count('<div class="fig" tabindex="0"') == committed.count("<img ")
    assert 'aria-label="Heat map of card values by mode (figure)"><a href="card_values.png">' in text
    assert R.for_the_page("<html><body><p>x</p></body></html>").count("report-back") == 1  # no sections: no contents
