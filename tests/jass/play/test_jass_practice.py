"""A Jass review's practice positions carry a saved value for every choice (issue 54 item 2): every
legal card of a card decision, every option of a mode choice, each with the review's paired 95% CI."""

from __future__ import annotations

import jass_sim
from jass_sim.jass.play.practice import practice_positions
from jass_sim.jass.play.review import review
from jass_sim.jass.play.round_file import parse_round_text


def test_every_legal_card_of_a_practised_card_has_its_saved_value():
    # a round played at random: seed 1's seat 0 makes a mistake at trick 4 with 6 legal cards (more than
    # the played card and the three alternatives the review shows); 8 worlds per decision is enough, the
    # values are checked against the review's own, not the truth
    rv = jass_sim.review(jass_sim.replay(1, policy="random"), seat=0, samples=8, rate_mode=False)
    positions = practice_positions(rv, rv.to_json())
    bad = [d for d in rv.decisions if d.verdict in ("mistake", "blunder")]
    assert positions and len(positions) == len(bad)
    assert max(len(p.choices) for p in positions) > 4
    for p, d in zip(positions, bad):
        assert p.kind == "card" and [v["choice"] for v in p.values] == p.choices
        assert len(p.choices) == d.options
        by = {v["choice"]: v for v in p.values}
        assert by[d.played] == {"choice": d.played, "value": 0.0, "ci95": None}
        others = [v for v in p.values if v["choice"] != d.played]
        assert all(v["value"] is not None and v["ci95"][0] <= v["value"] <= v["ci95"][1] for v in others)
        for a in d.alternatives:  # the three shown are the same gaps
            assert by[a["card"]]["value"] == a["gap"] and by[a["card"]]["ci95"] == a["ci95_gap"]
        assert max(v["value"] for v in p.values) == by[d.best]["value"]


def test_a_blundered_mode_choice_becomes_a_position_with_every_options_value():
    # six hearts with the Jack and the Nell, clubs chosen: a blunder at any sample size; 64 deals
    # keep it quick (the CIs are about +-40 points, the loss about 200)
    rnd = parse_round_text("mode C\nleader 0\nhand 0: HJ H9 HA HK HQ HT D6 S6 C6\n")
    rv = review(rnd, [0], samples=64)
    (d,) = [d for d in rv.decisions if d.kind == "mode"]
    assert d.verdict == "blunder" and d.played == "C"
    (p,) = practice_positions(rv, rv.to_json())
    assert p.kind == "mode" and p.verdict == "blunder" and (p.best, p.played) == (d.best, "C")
    assert p.choices == ["H", "D", "S", "C", "OBE", "UNE", "chibre"]
    assert p.position == {"rules": "chibre", "seat": 0, "hand": ["HJ", "H9", "HA", "HK", "HQ", "HT", "D6", "S6", "C6"],
                          "chibred": False}
    by = {v["choice"]: v for v in p.values}
    assert by["C"] == {"choice": "C", "value": 0.0, "ci95": None}
    assert by[d.best]["value"] == d.loss and by[d.best]["ci95"] == list(d.ci95)
    assert all(v["ci95"][0] <= v["value"] <= v["ci95"][1] for c, v in by.items() if c != "C")
