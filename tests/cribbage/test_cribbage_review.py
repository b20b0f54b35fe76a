"""``jass-sim cribbage review``: a replayed game and the text game format, the verdicts, the
biggest mistakes, the HTML page and bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core.verdicts import verdict as core_verdict
from jass_sim.cribbage import discard, play_advice, replay, review
from jass_sim.cribbage.review_win import decision_scores, paired_loss, t95, win_verdict
from jass_sim.cribbage.verdicts import THRESHOLDS, TOL

HAND1 = """# hand 1 of cribbage replay --seed 1 --a search --b expect
hand dealer A starter 3C
A JH AH QS 5C 8H KS throws AH 8H
B QH QC 9H 8S QD AD throws 9H AD
play QH 5C QD JH QC KS 8S QS
"""


@pytest.fixture(scope="module")
def game():
    return replay(1, player_a="search", player_b="expect")


def verdict(loss, lo=math.nan):
    """The one verdict rule on the Cribbage review's points scale."""
    return core_verdict(loss, lo, thresholds=THRESHOLDS, tol=TOL)


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
    (HAND1, ["--win-samples", "100"], "--win-samples is 0 (no win chances) or at least 128"),
    (HAND1, ["--seed", "3"], "--seed applies only to the win chances"),
])
def test_bad_input_one_line_exit_2(tmp_path, content, args, token):
    path = tmp_path / "game.txt"
    if content is not None:
        path.write_text(content)
    # in-process (click's CliRunner): the command, not the interpreter's start, is the subject here; a
    # real process for one row below. No exception but the exit escapes the command (no traceback)
    result = CliRunner().invoke(main, ["cribbage", "review", str(path), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and token in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_bad_input_in_a_real_process(tmp_path):
    """One row of the table above through the installed interpreter: exit code 2, one line, no traceback."""
    path = tmp_path / "game.txt"
    path.write_text("hand dealer A starter 3C\nC JH AH QS 5C 8H KS throws AH 8H\n")
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "cribbage", "review", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and "unknown line 'C'" in lines[0], \
        proc.stderr


#: The seed and game samples of the win-chance tests (two blocks and a part: a short last block).
WIN_SEED, WIN_SAMPLES = 3, 160


@pytest.fixture(scope="module")
def win_review():
    return review(HAND1, player=0, win_samples=WIN_SAMPLES, seed=WIN_SEED)


def test_student_t_and_the_paired_loss_over_blocks():
    # Student's t 95% quantiles (two-sided) from tables
    assert [t95(df) for df in (1, 2, 3, 4, 5, 8, 15, 30, 100)] == pytest.approx(
        [12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.3060, 2.1314, 2.0423, 1.9840], abs=5e-4)
    # blocks of 64, 64 and 32 samples: differences 2, 0, 2 -> loss 4/160, the cluster interval by hand
    loss, lo, hi = paired_loss(np.array([30, 40, 20]), np.array([28, 40, 18]), 160)
    resid = np.array([2 - 0.025 * 64, 0 - 0.025 * 64, 2 - 0.025 * 32])
    half = t95(2) * np.sqrt(3 / 2 * (resid ** 2).sum()) / 160
    assert loss == pytest.approx(0.025) and (lo, hi) == pytest.approx((0.025 - half, 0.025 + half))
    assert paired_loss(np.array([5, 6]), np.array([5, 6]), 128) == (0.0, 0.0, 0.0)


def test_win_verdicts_on_their_own_scale():
    assert [win_verdict(x, 0.001) for x in (0.004, 0.005, 0.019, 0.02, 0.049, 0.05)] == [
        "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder"]
    assert win_verdict(0.03, -0.001) == "unclear" and win_verdict(0.0, 0.0) == "good"


def test_the_scores_at_each_decision_follow_the_game(game):
    """Before each discard: the score after the previous hand (replay's own ``score``); before a
    pegging card: that plus his heels and the points pegged so far."""
    doc = game.to_json()
    scores = decision_scores(review_hands(doc))
    assert [s["discard"] for s in scores] == [[0, 0]] + [[h["score"]["A"], h["score"]["B"]] for h in doc["hands"][:-1]]
    # hand 1 (text above): QH 5C (fifteen for A) QD, both go (B pegs 1), JH QC KS (a run of
    # three for A), go (A pegs 1), 8S QS
    first = decision_scores(review_hands(HAND1))[0]["cards"]
    assert [first[i] for i in range(8)] == [[0, 0], [0, 0], [2, 0], [2, 1], [2, 1], [2, 1], [6, 1], [6, 1]]


def review_hands(doc):
    from jass_sim.cribbage.game_file import read_game

    return read_game(doc)


def test_a_discard_is_rated_by_the_chance_to_win_as_discard_score_rates_it(win_review):
    """Hand 1: A (dealer, 0:0) throws AH 8H; its win figures are ``discard --score 0:0`` with the
    same samples and seed, the loss paired against the best of them."""
    d = win_review.to_json()["decisions"][0]
    assert d["kind"] == "discard" and d["win"]["score"] == {"A": 0, "B": 0}
    opts = {" ".join(o["discard"]): o for o in
            discard("JH AH QS 5C 8H KS", dealer=True, score="0:0", samples=WIN_SAMPLES, seed=WIN_SEED)
            .to_json()["discards"]}
    taken = opts["AH 8H"]
    best = max(opts.values(), key=lambda o: o["win_prob"])
    assert d["win"]["taken_win_prob"] == taken["win_prob"] and d["win"]["ci95_taken"] == taken["win_ci"]
    assert d["win"]["best_win_prob"] == best["win_prob"]
    assert d["win"]["loss"] == pytest.approx(max(0.0, best["win_prob"] - taken["win_prob"]))
    lo, hi = d["win"]["ci95_loss"]
    assert lo <= d["win"]["loss"] <= hi and d["win"]["samples"] == WIN_SAMPLES
    assert d["win"]["verdict"] == win_verdict(d["win"]["loss"], lo)


def test_a_pegging_card_is_rated_by_the_chance_to_win_as_play_advice_score_rates_it(win_review):
    """Hand 1: A's KS on a count of 20 at 2:1 (his fifteen, B's go): ``play-advice --score 2:1``
    with the same samples and seed; a forced card is not rated."""
    out = win_review.to_json()
    ks = next(d for d in out["decisions"] if d["played"] == ["KS"])
    figs = {f["card"]: f for f in play_advice("JH QS 5C KS", "3C", dealer=True, played="QH 5C QD JH QC",
                                              discard="AH 8H", score="2:1", win_samples=WIN_SAMPLES,
                                              seed=WIN_SEED).to_json()["cards"]}
    assert ks["win"]["score"] == {"A": 2, "B": 1}
    assert ks["win"]["taken_win_prob"] == figs["KS"]["win_prob"]
    best = max(figs.values(), key=lambda f: f["win_prob"])
    assert ks["win"]["best_win_prob"] == best["win_prob"]
    assert ks["win"]["loss"] == pytest.approx(best["win_prob"] - figs["KS"]["win_prob"])
    forced = [d for d in out["decisions"] if d["verdict"] == "forced"]
    assert forced and all(d["win"] is None for d in forced)
    assert out["win_samples"] == WIN_SAMPLES and out["seed"] == WIN_SEED
    assert out["win_thresholds"] == {"blunder": 0.05, "mistake": 0.02, "inaccuracy": 0.005}
    rated = [d for d in out["decisions"] if d["win"] is not None]
    assert out["summary"]["card_win_loss"] == pytest.approx(sum(d["win"]["loss"] for d in rated if d["kind"] == "card"))
    assert sum(out["summary"]["win_verdicts"].values()) == len(rated)
    assert "win loss (pp)" in win_review.text() and "win verdict" in win_review.html()


def test_without_both_players_cards_or_samples_no_win_chances():
    one_player = HAND1.replace("B QH QC 9H 8S QD AD throws 9H AD\n", "")
    for rv in (review(one_player, player=0, win_samples=WIN_SAMPLES), review(HAND1, player=0)):
        out = rv.to_json()
        assert all(d["win"] is None for d in out["decisions"]) and out["win_samples"] == 0
        assert out["summary"]["discard_win_loss"] is None and "no win chances" in rv.text()


def test_cli_win_samples(tmp_path):
    path = tmp_path / "hand1.txt"
    path.write_text(HAND1)
    result = CliRunner().invoke(main, ["cribbage", "review", str(path), "--format", "json", "--win-samples",
                                       str(WIN_SAMPLES), "--seed", str(WIN_SEED)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == review(str(path), player=0, win_samples=WIN_SAMPLES, seed=WIN_SEED).to_json()
