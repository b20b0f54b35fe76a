"""``jass-sim cribbage review``: a replayed game and the text game format, the verdicts, the
biggest mistakes, the HTML page and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.cribbage import play_advice, replay, review
from jass_sim.cribbage.game_review import verdict

HAND1 = """# hand 1 of cribbage replay --seed 1 --a search --b expect
hand dealer A starter 3C
A JH AH QS 5C 8H KS throws AH 8H
B QH QC 9H 8S QD AD throws 9H AD
play QH 5C QD JH QC KS 8S QS
"""


@pytest.fixture(scope="module")
def game():
    return replay(1, a="search", b="expect")


def test_verdict_thresholds():
    assert [verdict(x) for x in (0.0, 0.24, 0.25, 0.99, 1.0, 2.49, 2.5, 7.0)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert verdict(3.0, lo=-0.1) == "unclear" and verdict(3.0, lo=0.2) == "blunder"


def test_review_of_a_replay(game):
    doc = game.to_json()
    rv = review(doc, player=1)
    out = rv.to_json()
    discards = [d for d in out["decisions"] if d["kind"] == "discard"]
    cards = [d for d in out["decisions"] if d["kind"] == "card"]
    # the expect player throws by exactly the net expectation the review rates discards by
    assert len(discards) == len(doc["hands"]) and all(d["loss"] < 1e-9 and d["verdict"] == "good" for d in discards)
    assert len(cards) == sum(1 for h in doc["hands"] for e in h["pegging"] if e["player"] == "B" and e["card"])
    assert out["summary"]["decisions"] == len(discards) + len(cards)
    assert sum(out["summary"]["verdicts"].values()) == len(out["decisions"])
    for d in cards:
        assert d["loss"] >= 0 and d["verdict"] in ("good", "inaccuracy", "mistake", "blunder", "forced")
        assert d["loss"] == pytest.approx(d["values"]["best_mean_diff"] - d["values"]["taken_mean_diff"])
    # the same JSON read from a file by the command
    assert out["player"] == "B" and rv.biggest == sorted(rv.biggest, key=lambda d: -d.loss)


def test_a_card_decision_equals_play_advice(game):
    """Hand 1: A's KS on QH 5C QD | JH QC (count 20) is rated by play-advice's figures for A's
    view; A's JH leading the new count after B's go (JH and QS are both ten-cards) is an
    inaccuracy against QS; the text file's hand 1 reviews as the replay's."""
    rv = review(HAND1, player=0)
    ks = next(d for d in rv.decisions if d.kind == "card" and d.played == ["KS"])
    figs = {f["card"]: f for f in play_advice("JH AH QS 5C 8H KS".replace("AH ", "").replace("8H ", ""), "3C",
                                              dealer=True, played="QH 5C QD JH QC", discard="AH 8H").to_json()["cards"]}
    best = max(figs.values(), key=lambda f: f["mean_diff"])
    assert ks.count == 20 and ks.best == [best["card"]]
    assert ks.loss == pytest.approx(best["mean_diff"] - figs["KS"]["mean_diff"])
    jh = next(d for d in rv.decisions if d.kind == "card" and d.played == ["JH"])
    assert jh.count == 0 and jh.best == ["QS"] and jh.verdict == "inaccuracy"
    same = [d for d in review(game, player=0).decisions if d.hand == 1]
    assert [(d.kind, d.played, d.best, round(d.loss, 9)) for d in same] == \
        [(d.kind, d.played, d.best, round(d.loss, 9)) for d in rv.decisions]


def test_a_bad_discard_is_a_mistake_and_listed():
    text = """hand dealer A starter 2C
A 5H 5D 5S JC 4H KD throws 5H 5D
play
"""
    rv = review(text, player=0)
    (d,) = rv.decisions
    assert d.kind == "discard" and d.loss > 2.5 and d.verdict == "blunder"
    assert rv.biggest == [d] and rv.to_json()["biggest_mistakes"][0]["played"] == ["5H", "5D"]
    assert "biggest mistakes" in rv.text() and "5H 5D" in rv.text()


def test_cli_json_text_and_html(game, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_json()))
    page = tmp_path / "review.html"
    result = CliRunner().invoke(main, ["cribbage", "review", str(path), "--player", "1", "--format", "json",
                                       "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == review(str(path), player=1).to_json()
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<table>" in html and "Biggest mistakes" in html
    text_file = tmp_path / "hand1.txt"
    text_file.write_text(HAND1)
    result = CliRunner().invoke(main, ["cribbage", "review", str(text_file)])
    assert result.exit_code == 0 and "review of player A: 1 hands" in result.output


@pytest.mark.parametrize("content, args, token", [
    (None, [], "cannot read game file"),
    ("hand dealer A starter 3C\nA JH AH QS 5C 8H KS throws AH 8H\nplay 5C QH\n", [],
     "hand 1, 5C: the opponent is to lead"),
    ("hand dealer A starter 3C\nA JH AH QS 5C 8H KS throws AH 9H\n", [], "throws two of his six cards"),
    ("hand dealer A starter 3C\nC JH AH QS 5C 8H KS throws AH 8H\n", [], "unknown line 'C'"),
    ("hand dealer A starter 3C\nA JH AH QS 5C 8H KS throws AH 8H\n", ["--player", "2"], "--player is 0"),
    ("hand dealer A starter 3C\nA JH AH QS 5C 8H KS throws AH 8H\n", ["--player", "1"], "no cards of player B"),
    ("{\"hands\": 3}", [], "not a cribbage replay document"),
])
def test_bad_input_one_line_exit_2(tmp_path, content, args, token):
    path = tmp_path / "game.txt"
    if content is not None:
        path.write_text(content)
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "cribbage", "review", str(path), *args],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and token in lines[0], proc.stderr
