"""play-advice and review from the command line: JSON contract, dd = solve, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.jass.cards import format_card, parse_card, parse_cards, parse_mode
from jass_sim.jass.engine.replay import replay_round
from jass_sim.jass.players import DEFAULT_POLICY

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
PLAYED = "HJ H6 HQ H7 SK SA S6 S7 D7 DA D8"


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False, standalone_mode=False)
    return result


def test_json_contract_and_sentence():
    r = run("play-advice", "--hand", HAND, "--mode", "H", "--played", PLAYED, "--melds", "2: DA DK DQ",
            "--samples", "300", "--seed", "3", "--format", "json")
    doc = json.loads(r.output)
    assert {"cards", "recommendation", "samples", "seed", "position", "policy", "sentence", "too_close"} <= set(doc)
    assert doc["samples"] == 300 and doc["seed"] == 3 and doc["policy"] == DEFAULT_POLICY
    assert doc["position"]["played"] == PLAYED.split() and doc["position"]["mode"] == "H"
    assert doc["position"]["melds"] == {"2": ["DA", "DK", "DQ"]}
    assert sorted(c["card"] for c in doc["cards"]) == ["D6", "H9", "HA"]  # must follow ♦ or trump
    best = doc["cards"][0]
    assert best["card"] == doc["recommendation"] and best["diff_to_best"] == 0
    for c in doc["cards"]:
        assert {"card", "mean_points", "diff_to_best", "ci95_diff"} <= set(c)
        assert c["diff_to_best"] <= 0 and c["ci95_diff"][0] <= c["diff_to_best"] <= c["ci95_diff"][1]
        assert 0 <= c["mean_points"] <= 157 + 100 - 38
    sentence = doc["sentence"]
    assert sentence.startswith("Play ") or sentence.startswith("Too close to call")
    assert "95% CI" in sentence and "300 worlds" in sentence


def test_table_output_and_swiss_german_names():
    swiss = "Rosen-Under Rosen-9 Rosen-As Schilten-König Schilten-Ober Eichel-6 Schellen-7 Schellen-8 Schellen-Banner"
    assert parse_cards(swiss) == parse_cards(HAND)
    assert parse_card("schellen-under") == parse_card("CJ") and parse_card("Eichel-Koenig") == parse_card("DK")
    assert parse_mode("Rosen") == 0 and parse_mode("schellen") == 3
    a = run("play-advice", "--hand", swiss, "--mode", "Rosen", "--samples", "64")
    b = run("play-advice", "--hand", HAND, "--mode", "H", "--samples", "64")
    assert a.output == b.output and "seed 0" in a.output
    assert a.output.splitlines()[0].startswith(("Play ", "Too close"))


@pytest.mark.parametrize("seed,tricks", [(2, 0), (7, 6)])
def test_dd_with_all_hands_equals_solve(seed, tricks):
    """From a position with all four hands given, play-advice --policy dd equals jass-sim solve."""
    rec = replay_round(seed, "chibre", mode=5, policy="heuristic")  # une-ufe: full deals solve fast
    lead = rec.tricks[tricks]["leader"]
    hands = [rec.hands[(s + lead) % 4] for s in range(4)]
    played = [c for t in rec.tricks[:tricks] for c in t["cards"]]
    left = [[c for c in h if c not in played] for h in hands]
    won = [sum(1 for t in rec.tricks[:tricks] if (t["winner"] - lead) % 2 == team) for team in (0, 1)]
    if tricks and min(won) == 0:
        pytest.skip("match at stake: solve only knows it for full deals")
    r = run("play-advice", "--hands", ";".join(" ".join(map(format_card, h)) for h in hands), "--mode", "UNE",
            "--leader", str((rec.leader - lead) % 4), "--chooser", str((rec.chooser - lead) % 4),
            *(["--chibred"] if rec.chooser != rec.leader else []),
            "--played", " ".join(map(format_card, played)), "--policy", "dd", "--format", "json")
    doc = json.loads(r.output)
    s = run("solve", "--mode", "UNE", "--leader", "0", "--format", "json",
            "--hands", ";".join(",".join(map(format_card, h)) for h in left))
    solved = json.loads(s.output)
    assert {c["card"]: c["mean_points"] for c in doc["cards"]} == solved["moves"]
    assert doc["samples"] == 1 and doc["exact"] and doc["known_hands"]


BAD = [
    (["--played", "HJ H6 HQ H7 SK SA S6 S7 D7 DA D8 H9 HJ"], "HJ", "played twice"),
    (["--played", "HJ H6 HQ H7 SK SA S6 S7 D7 DA D8 C7"], "C7", "may not play"),
    (["--played", "HJ H6 HQ"], "HQ", "turn"),
    (["--played", "HJ H6 HQ X7"], "X7", "unknown card"),
    (["--played", "HJ H6 HQ Rosen-Zehn"], "Rosen-Zehn", "unknown card"),
    (["--melds", "5: D7 D8 D9"], "5: D7 D8 D9", "--melds"),
    (["--policy", "oracle"], "oracle", "unknown policy"),
]


@pytest.mark.parametrize("extra,token,words", BAD)
def test_bad_input_one_line_exit_2_no_file(extra, token, words, tmp_path):
    out = tmp_path / "advice.json"
    r = CliRunner().invoke(main, ["play-advice", "--hand", HAND, "--mode", "H", "--samples", "16", "-o", str(out),
                                  *extra])
    assert r.exit_code == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and words in lines[0] and "Traceback" not in r.stderr, r.stderr
    assert not out.exists()


ROUND = """# a played round
rules chibre
mode H
leader 0
hand 0: HJ H9 HA SK SQ D6 C7 C8 CT
meld 1: D7 D8 D9
trick HJ H6 HQ H7
trick SK SA S6 S7
trick DT DA DK D6
"""


def test_review_text_round_file_and_malformed_line(tmp_path):
    path = tmp_path / "round.txt"
    path.write_text(ROUND, encoding="utf-8")
    r = run("review", str(path), "--samples", "32", "--no-mode", "--format", "json")
    doc = json.loads(r.output)
    cards = [d for d in doc["decisions"] if d["kind"] == "card"]
    assert [d["played"] for d in cards] == ["HJ", "SK", "D6"] and [d["trick"] for d in cards] == [1, 2, 3]
    assert cards[2]["options"] == 3 and cards[2]["trick_so_far"] == ["DT", "DA", "DK"]
    assert all(d["hindsight"] is None for d in cards)
    for d in cards[:2]:
        assert d["verdict"] in ("good", "inaccuracy", "mistake", "blunder", "unclear") and d["loss"] >= 0
    bad = tmp_path / "bad.txt"
    bad.write_text(ROUND.replace("trick SK SA S6 S7", "trick SK SA S6 S7 S8"), encoding="utf-8")
    html = tmp_path / "page.html"
    p = CliRunner().invoke(main, ["review", str(bad), "--html", str(html)])
    assert p.exit_code == 2 and len(p.stderr.strip().splitlines()) == 1 and p.stdout == ""
    assert "line 8" in p.stderr and "4 cards" in p.stderr
    assert not html.exists()


def test_ci_mode_reaches_the_half_width_past_equivalent_cards():
    from jass_sim.jass.play.advice import play_advice
    from jass_sim.jass.play.position import build_position

    pos = build_position(parse_cards(HAND), 0, 0, [])
    a = play_advice(pos, ci=1.5, seed=2, max_samples=20_000)
    mean, lo, hi = a.lead()
    assert (hi - lo) / 2 <= 1.5 and a.n % 16 == 0 and a.n < 20_000
    assert a.cards[a.runner_up] not in [a.cards[j] for j in a.equivalent]


def test_review_of_replay_json_writes_json_and_html(tmp_path):
    record = replay_round(5, "chibre", mode=4, policy="heuristic")
    src = tmp_path / "round.json"
    src.write_text(json.dumps(record.to_json()), encoding="utf-8")
    out, page = tmp_path / "review.json", tmp_path / "review.html"
    run("review", str(src), "--seat", "1", "--samples", "64", "--no-mode", "--format", "json", "-o", str(out),
        "--html", str(page))
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert {"round", "seats", "policy", "samples", "seed", "decisions", "summary"} <= set(doc)
    assert doc["seats"] == [1] and doc["samples"] == 64 and doc["round"]["all_hands"]
    assert len(doc["decisions"]) == 9 and all(d["seat"] == 1 and d["hindsight"] for d in doc["decisions"])
    for d in doc["decisions"]:
        assert {"played", "best", "loss", "ci95_loss", "verdict", "hand", "trick_so_far"} <= set(d)
    html = page.read_text(encoding="utf-8")
    assert html.count("<tr>") == 10 and "points lost along the round" in html
