"""Each reviewed card decision lists the best other cards with their paired gap to the card played."""

from __future__ import annotations

import jass_sim


def test_alternatives_are_the_best_other_cards_with_their_gap():
    rnd = jass_sim.replay(3, policy="heuristic")
    rv = jass_sim.review(rnd, samples=64)
    checked = 0
    for d in rv.to_json()["decisions"]:
        if d["kind"] != "card" or d["verdict"] == "forced":
            continue
        alts = d["alternatives"]
        assert 1 <= len(alts) <= min(3, d["options"] - 1)
        assert d["played"] not in [a["card"] for a in alts]
        assert [a["gap"] for a in alts] == sorted((a["gap"] for a in alts), reverse=True)
        for a in alts:
            lo, hi = a["ci95_gap"]
            assert lo <= a["gap"] <= hi
        if d["best"] != d["played"]:  # the best card, when another, leads the list with the played card's loss
            assert alts[0]["card"] == d["best"] and abs(alts[0]["gap"] - d["loss"]) < 1e-9
        checked += 1
    assert checked >= 3
