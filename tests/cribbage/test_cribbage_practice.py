"""A Cribbage game review's mistakes and blunders as practice positions (issue 54 item 2): one per
such decision, the discard's 15 pairs or the pegging cards that fit on the count as the choices,
the review's saved values of the choice taken and the best (nothing recomputed). Budget: the review
of one hand (a quarter of a second once the kernels test_cribbage_review compiles are there)."""

from __future__ import annotations

import pytest

from jass_sim.core.practice import is_correct
from jass_sim.cribbage import review
from jass_sim.cribbage.cards import card_value, parse_card
from jass_sim.cribbage.game_review import history_entry

#: Hand 1 of ``cribbage replay --seed 1 --a random --b expect``: A's discard is a blunder, two of A's
#: pegging cards a mistake and a blunder.
GAME = """hand dealer A starter 3C
A JH AH QS 5C 8H KS throws JH QS
B QH QC 9H 8S QD AD throws 9H AD
play QH 8H 8S AH QD 5C QC KS
"""


@pytest.fixture(scope="module")
def reviewed():
    rv = review(GAME, player=0)
    return rv, history_entry(rv, "cli")


def test_every_mistake_and_blunder_is_a_position(reviewed):
    rv, entry = reviewed
    bad = [d for d in rv.decisions if d.verdict in ("mistake", "blunder")]
    assert [d.kind for d in bad] == ["discard", "card", "card"] and len(entry.positions) == len(bad)
    for d, p in zip(bad, entry.positions):
        assert (p.kind, p.verdict) == (d.kind, d.verdict)
        values = {v["choice"]: v["value"] for v in p.values}
        assert p.played in p.choices and p.best in p.choices and len(set(p.choices)) == len(p.choices)
        assert p.position["crib"] == ("yours" if p.position["dealer"] == p.position["player"] else "theirs")
        if d.kind == "discard":
            assert len(p.choices) == 15 and sorted(p.played.split()) == sorted(d.played)
            assert values[p.played] == d.values["taken_net_ev"] and values[p.best] == d.values["best_net_ev"]
            assert sorted(p.position["holding"]) == sorted(d.holding)
        else:
            assert p.position["count"] == d.count and p.position["holding"] == d.holding
            assert all(card_value(parse_card(c)) + d.count <= 31 for c in p.choices)
            assert values[p.played] == d.values["taken_mean_diff"] and values[p.best] == d.values["best_mean_diff"]
        # the round's choice does not solve it, the best does
        assert is_correct(p.best, p.best, p.values, p.tolerance)
        assert not is_correct(p.played, p.best, p.values, p.tolerance)
