"""``jass-sim cribbage play-advice`` and ``jass_sim.cribbage.play_advice``: the contract, the
known positions of the issue (with their figures), the position rules and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core.errors import InputError
from jass_sim.cribbage import play_advice
from jass_sim.cribbage.cards import format_card
from jass_sim.cribbage.pegposition import build_position


def run(*args):
    return CliRunner().invoke(main, ["cribbage", "play-advice", *args])


def by_card(advice):
    return {c["card"]: c for c in advice.to_json()["cards"]}


def test_json_contract_and_exact_lead():
    result = run("--hand", "5H 4D KC QS", "--starter", "2C", "--pone", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert set(doc) >= {"cards", "recommendation", "count", "exact", "sentence"}
    assert doc["exact"] is True and doc["count"] == 0 and doc["rank_classes"] <= 1820
    assert doc["opponent_hands"] == 178365           # C(47, 4): his four of the cards we have not seen
    for c in doc["cards"]:
        assert set(c) >= {"card", "mean_ours", "mean_theirs", "mean_diff", "ci95_diff"}
        assert c["mean_diff"] == pytest.approx(c["mean_ours"] - c["mean_theirs"])
        assert c["ci95_diff"] == [c["mean_diff"], c["mean_diff"]]       # exact: no sampling error
    diffs = [c["mean_diff"] for c in doc["cards"]]
    assert diffs == sorted(diffs, reverse=True) and doc["recommendation"] == doc["cards"][0]["card"]
    assert "exact over all 178,365 opponent hands" in doc["sentence"]
    table = run("--hand", "5H 4D KC QS", "--starter", "2C", "--pone")
    assert table.exit_code == 0 and "exact over all" in table.output


def test_five_lead_is_worse_than_a_four():
    """The pone holding 5 and 4 leads the 4 (a 5 is answered by 16 ten-cards for 15). Figures
    (exact): 4D net -2.03 (1.33 ours, 3.36 theirs), 5H net -3.03 (1.10 ours, 4.13 theirs)."""
    cards = by_card(play_advice("5H 4D KC QS", "2C", dealer=False))
    assert cards["4D"]["mean_diff"] > cards["5H"]["mean_diff"] + 0.5
    assert cards["5H"]["mean_theirs"] > cards["4D"]["mean_theirs"] + 0.5


def test_count_of_21_avoids_giving_31():
    """On a count of 21 holding a 5 and a 2: with every other 5 seen the 5 (26) cannot be answered
    with 31 and the adviser pegs it (net +1.89 against +1.31 for the 2); with three 5s unseen it
    gives the opponent 31 and a pair, and the adviser pegs the 2 (+1.43 against +1.27)."""
    safe = play_advice("QD 5H 2D 2S", "5C", dealer=True, played="KS QD AC", discard="5S 5D")
    assert safe.to_json()["count"] == 21 and safe.recommendation == "5H"
    risky = play_advice("QD 5H 2D 2S", "9C", dealer=True, played="KS QD AC", discard="9S 9D")
    assert risky.recommendation in ("2D", "2S")
    assert by_card(risky)["5H"]["mean_theirs"] > by_card(safe)["5H"]["mean_theirs"] + 0.3


def test_last_card_is_counted():
    """Our last card, the opponent out of cards: 5C on 8D QH AD makes 24 and scores 1 for the
    last card, exactly."""
    advice = play_advice("KH QH 5C 2C", "3S", dealer=True, played="TD KH 9D 2C 8D QH AD")
    card = by_card(advice)["5C"]
    assert (card["mean_ours"], card["mean_theirs"], advice.to_json()["count"]) == (1.0, 0.0, 19)
    # the 2C made 31 (2 points) and the 31 started a new count
    assert advice.position.banked == [2, 0] and advice.position.seq == [7 + 13, 11, 0 + 13]


def test_go_point_counted_and_goes_read():
    """The opponent's go on 25 tells he holds no card worth 6 or less; our go point is banked."""
    pos = build_position("KH 5H 9S 2C", "3S", False, "KH TD 5H 6C")  # 10, 20, 25, 31: 2 to him
    assert pos.count == 0 and pos.banked == [0, 2] and pos.opp_left == 2
    # we lead 9S: he is to play on 9 and we are asked, which would mean a go on 9
    with pytest.raises(InputError, match="any card can be played"):
        build_position("KH 5H 9S 2C", "3S", False, "KH TD 5H 6C 9S")
    # 10 20 25 30 (his pair), neither can play on 30 (his go: no ace), his go point, a new count 9 16
    pos = build_position("KH 5H 9S 3C", "3S", False, "KH TD 5H 5D 9S 7C")
    assert pos.banked == [0, 3] and pos.min_value == 2 and pos.count == 16
    assert all(format_card(c)[0] != "A" for c in pos.unseen())


def test_sampled_is_paired_and_seeded():
    a = play_advice("5H 4D KC QS", "2C", dealer=False, samples=400, seed=3)
    b = play_advice("5H 4D KC QS", "2C", dealer=False, samples=400, seed=3)
    assert a.to_json() == b.to_json()
    doc = a.to_json()
    assert doc["exact"] is False and doc["samples"] == 400 and "400 sampled opponent hands" in doc["sentence"]
    for c in doc["cards"]:
        lo, hi = c["ci95_diff"]
        assert lo < c["mean_diff"] < hi
    exact = by_card(play_advice("5H 4D KC QS", "2C", dealer=False))
    for card, c in by_card(a).items():  # the exact value lies in (or near) the sampled interval
        lo, hi = c["ci95_diff"]
        assert lo - 0.5 < exact[card]["mean_diff"] < hi + 0.5


@pytest.mark.parametrize("args, token", [
    (["--hand", "5H 4D KC", "--starter", "2C", "--pone"], "4"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--pone", "--played", "5H 7C 5H"], "5H is played twice"),
    (["--hand", "KS JC 5H AD", "--starter", "2C", "--pone", "--played", "KS QD JC 5H"],
     "5H would make the count 35, over 31"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--pone", "--played", "7C"],
     "7C is not in your --hand, so it is the opponent's, but it was your turn"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--dealer", "--played", "5H"], "the opponent leads"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--dealer", "--played", "2C"], "2C is the starter"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--pone", "--played", "5H 9C 8C"],
     "it was your turn on a count of 14"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--pone", "--exact", "--samples", "10"], "--samples"),
    (["--hand", "5H 4D KC QS", "--starter", "2C"], "--dealer or --pone"),
    (["--hand", "5H 4D KC QS", "--starter", "2C", "--pone", "--played", "5H ZZ"], "ZZ"),
])
def test_bad_input_one_line_exit_2(args, token):
    # in-process (click's CliRunner): the command, not the interpreter's start, is the subject here; a
    # real process for one row below. No exception but the exit escapes the command (no traceback)
    result = run(*args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and token in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_bad_input_in_a_real_process():
    """One row of the table above through the installed interpreter: exit code 2, one line, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "cribbage", "play-advice", "--hand", "5H 4D KC QS",
                           "--starter", "2C", "--pone", "--played", "5H 7C 5H"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jass-sim: error:") and "5H is played twice" in lines[0], \
        proc.stderr


def test_api_error_names_the_field():
    with pytest.raises(InputError) as info:
        play_advice("5H 4D KC QS", "2C", dealer=False, played="5H 7C 5H")
    assert info.value.field == "played" and info.value.token == "5H"


def test_score_adds_win_chances():
    """At 120:0 our last card scores 1 (the last card) and wins at once: 1.0 in every sample; at
    0:120 the opponent (the pone) counts his hand first and needs one point: a chance below one half
    with a Wilson interval inside [0, 1]; the cards are ranked by the chance to win."""
    won = play_advice("KH QH 5C 2C", "3S", dealer=True, played="TD KH 9D 2C 8D QH AD", score="120:0",
                      win_samples=64)
    assert won.to_json()["cards"][0]["win_prob"] == 1.0 and won.to_json()["win_samples"] == 64
    lost = play_advice("KH QH 5C 2C", "3S", dealer=True, played="TD KH 9D 2C 8D QH AD", score="0:120",
                       win_samples=64)
    p, (lo, hi) = lost.to_json()["cards"][0]["win_prob"], lost.to_json()["cards"][0]["ci95_win"]
    assert 0.0 <= lo <= p <= hi <= 1.0 and p < 0.5
    doc = play_advice("5H 4D KC QS", "2C", dealer=False, score="100:105", win_samples=64, seed=2).to_json()
    probs = [c["win_prob"] for c in doc["cards"]]
    assert probs == sorted(probs, reverse=True) and doc["recommendation"] == doc["cards"][0]["card"]
