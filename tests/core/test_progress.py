"""The progress line of long runs (issue 33): quiet for quick runs, a line with an ETA for long ones,
and an error line after an interrupted progress line starts on a line of its own."""

from __future__ import annotations

import io
import time

from jass_sim.core import progress as progress_mod
from jass_sim.core.progress import Progress


def _progress(delay, monkeypatch):
    out = io.StringIO()
    p = Progress(1000, "simulate", enabled=True, delay=delay)
    monkeypatch.setattr(p, "_stream", out)
    return p, out


def test_quick_run_shows_nothing(monkeypatch):
    p, out = _progress(60.0, monkeypatch)
    p(500)
    p(1000)
    assert out.getvalue() == "" and not progress_mod._line_open


def test_long_run_shows_a_line_with_eta_then_ends_it(monkeypatch):
    p, out = _progress(0.05, monkeypatch)
    time.sleep(0.06)
    p(250)
    assert out.getvalue().startswith("\rsimulate:  25.0% (250/1,000) ETA") and progress_mod._line_open
    p(1000)
    assert out.getvalue().endswith("\n") and not progress_mod._line_open


def test_error_after_an_open_line_gets_its_own_line(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    p = Progress(10, "duel", enabled=True)
    p(3)
    progress_mod.end_line()
    progress_mod.end_line()  # once only
    assert err.getvalue().endswith(" \n") and err.getvalue().count("\n") == 1


def test_disabled_off_a_terminal(monkeypatch):
    monkeypatch.setattr("sys.stderr", io.StringIO())
    p = Progress(10, "games")
    p(10)
    assert not p.enabled
