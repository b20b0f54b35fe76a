"""Progress over time (jass_sim.core.history_stats, issue 54 item 3): the points lost per round by
ISO week with their CI, the trend's slope per week with its t interval, the share of best choices
(Wilson), the practice positions solved; ``jass-sim history --stats`` (text, JSON, CSV, --plot) and
``GET /api/history/stats``. Rounds written out with set dates: well under a second but the plot."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core import practice as drill
from jass_sim.core.history import Entry, HistoryStore, PracticePosition, history_path
from jass_sim.core.history_stats import history_stats, trend, week_of
from jass_sim.core.stats import mean_ci, t95, wilson_ci

#: (created, card loss, the review's decisions as (loss, verdict)): three weeks, a line falling 2 points a week
ROUNDS = [("2026-11-02T10:00:00Z", 10.0, [(0.0, "good"), (0.0, "forced"), (10.0, "blunder")]),
          ("2026-11-09T10:00:00Z", 8.0, [(0.0, "good"), (4.0, "mistake")]),
          ("2026-11-16T10:00:00Z", 6.0, [(0.0, "good"), (0.5, "good")]),
          ("2026-11-18T10:00:00Z", 7.0, [(0.0, "good")])]


def run(*args):
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args))


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("JASS_SIM_DATA_DIR", str(tmp_path / "data"))
    s = HistoryStore(history_path())
    p = PracticePosition("card", "mistake", {}, ["HA", "H6"], [{"choice": "HA", "value": 5.0, "ci95": None},
                                                               {"choice": "H6", "value": 0.0, "ci95": None}],
                         "HA", "H6", 1.0)
    for k, (created, loss, decisions) in enumerate(ROUNDS):
        review = {"decisions": [{"loss": x, "verdict": v} for x, v in decisions]}
        rid = s.add(Entry("jass", "review", "H", "0", loss, {}, "", review, positions=(p,) if k < 2 else ()))
        s.transaction(lambda conn, c=created, r=rid: conn.execute("UPDATE rounds SET created = ? WHERE id = ?", (c, r)),
                      write=True)
    s.add(Entry("cribbage", "review", "1 hand", "A", None, {}, "", {"decisions": []}))
    drill.answer(s, 1, "HA")
    drill.answer(s, 2, "H6")
    return s


def test_weeks_trend_best_and_practice(store):
    doc = history_stats(store)
    g = doc["games"]["jass"]
    assert [w["week"] for w in g["weeks"]] == ["2026-W45", "2026-W46", "2026-W47"]
    mean, lo, hi = mean_ci(13.0, 85.0, 2)
    assert g["weeks"][2] == {"week": "2026-W47", "rounds": 2, "mean": mean, "ci95": [lo, hi]}
    assert g["weeks"][0]["ci95"] is None  # one round: no interval
    # the slope by hand: x in days (0, 7, 14, 16), per week
    xs, ys = [0, 7, 14, 16], [10, 8, 6, 7]
    mx, my = sum(xs) / 4, sum(ys) / 4
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    half = t95(2) * math.sqrt(sum((y - my - b * (x - mx)) ** 2 for x, y in zip(xs, ys)) / 2 / sxx)
    assert g["trend"]["per_week"] == pytest.approx(7 * b) and g["trend"]["rounds"] == 4
    assert g["trend"]["ci95"] == pytest.approx([7 * (b - half), 7 * (b + half)])
    # best: losses of exactly 0 among the decisions that had a choice (the forced one left out)
    assert g["best"]["best"] == 4 and g["best"]["decisions"] == 7
    assert [g["best"]["share"], *g["best"]["ci95"]] == pytest.approx(list(wilson_ci(4, 7)))
    assert doc["practice"]["jass"] == {"positions": 2, "answers": 2, "solved": 1, "share": 0.5,
                                       "ci95": list(wilson_ci(1, 2)[1:]), "boxes": {"1": 1, "2": 1, "3": 0, "4": 0,
                                                                                    "5": 0}}
    crib = doc["games"]["cribbage"]
    assert crib["rounds"] == 1 and crib["card_loss"]["mean"] is None and crib["trend"] is None


def test_a_trend_needs_three_rounds_on_different_days():
    assert trend([0, 1], [1, 2]) is None and trend([0, 0, 0], [1, 2, 3]) is None
    line = trend([0, 7, 14], [10, 8, 6])
    assert line["per_week"] == pytest.approx(-2) and line["ci95"] == pytest.approx([-2, -2])
    assert week_of("2026-11-29T23:59:59Z") == "2026-W48" and week_of("2027-01-01T00:00:00Z") == "2026-W53"


def test_history_stats_command(store, tmp_path):
    out = run("history", "--stats", "--format", "json")
    assert out.exit_code == 0, out.stderr
    assert json.loads(out.stdout) == history_stats(store)
    text = run("history", "--stats").stdout
    assert "jass: 4 round(s); points lost per round 7.8 [" in text and "2026-W47: 2 round(s), 6.5 [" in text
    # no interval is claimed where there is none: a week of one round, a game without card-play losses
    assert "2026-W45: 1 round(s), 10.0 (no CI)" in text and "(mean, 95% CI)" in text
    assert "cribbage: 1 round(s); points lost per round – (no round with card-play losses)" in text
    assert "best choices: 4 of 7 (57%" in text and "practice: 2 position(s), 1 of 2 answers solved" in text
    rows = list(csv.DictReader(io.StringIO(run("history", "--stats", "--format", "csv").stdout)))
    assert [(r["game"], r["week"], r["rounds"]) for r in rows] == [("jass", "2026-W45", "1"), ("jass", "2026-W46", "1"),
                                                                  ("jass", "2026-W47", "2")]
    plot = tmp_path / "progress.png"
    assert run("history", "--stats", "--plot", str(plot)).exit_code == 0
    assert plot.read_bytes()[:4] == b"\x89PNG"
    bad = run("history", "--plot", str(tmp_path / "x.png"))
    assert bad.exit_code == 2 and "--stats" in bad.stderr and not (tmp_path / "x.png").exists()


def test_the_stats_route(store):
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app(history=store)) as client:
        doc = client.get("/api/history/stats").json()
        assert doc == json.loads(json.dumps(history_stats(store, ("jass", "cribbage"))))
        assert client.get("/api/history/1").json()["id"] == 1  # the rounds' route still answers


def test_one_round_is_shown_without_a_ci(tmp_path):
    """A single round has no interval: the text says so instead of labelling the mean "95% CI"."""
    from jass_sim.core.history_stats import stats_text

    s = HistoryStore(str(tmp_path / "one.sqlite3"))
    s.add(Entry("jass", "review", "H", "0", 23.6, {}, "", {"decisions": [{"loss": 0.0, "verdict": "good"}]}))
    text = stats_text(history_stats(s))
    assert "jass: 1 round(s); points lost per round 23.6 (mean of 1 round(s): no CI)" in text and "95% CI [" not in text
