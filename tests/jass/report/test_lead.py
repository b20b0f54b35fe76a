"""Section 2d, the first lead and smearing (issue 44): the kinds of lead, the cross-fitted
comparison with the best lead, the sampled positions, and the tables' figures (made-up values)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from jass_sim.jass.cards import parse_card, parse_cards
from jass_sim.jass.report import lead as L
from jass_sim.jass.rules import get_rules


@pytest.mark.parametrize("card,hand,kind", [
    ("HJ", "HJ H9 H6 SA S6 D7 C8 CK DA", "Buur"),
    ("H9", "HJ H9 H6 SA S6 D7 C8 CK DA", "other high trump"),
    ("H6", "HJ H9 H6 SA S6 D7 C8 CK DA", "small trump"),
    ("H9", "H9 HA H6 SA S6 D7 C8 CK DA", "trump from the top"),
    ("HA", "H9 HA H6 SA S6 D7 C8 CK DA", "other high trump"),
    ("SA", "H9 HA H6 SA S6 D7 C8 CK DA", "side ace"),
    ("D7", "H9 HA H6 SA S6 D7 C8 CK DA", "small side card"),
    ("C9", "H9 HA H6 SA S6 D7 C9 CK DA", "small side card"),
    ("CK", "H9 HA H6 SA S6 D7 C8 CK DA", "other side card"),
])
def test_lead_kind(card, hand, kind):
    assert L.lead_kind(parse_card(card), 0, parse_cards(hand)) == kind


def test_cross_fit_against_the_best():
    # column 0 is best on every world; column 1 is 10 below, column 2 20 below
    v = np.array([[100.0, 90.0, 80.0]] * 8)
    assert L._cross_fit_vs_best(v, [1]) == pytest.approx(-10)
    assert L._cross_fit_vs_best(v, [1, 2]) == pytest.approx(-15)
    assert L._cross_fit_vs_best(v, [0]) == 0
    # the best picked on one half is judged on the other: with halves that disagree, a card can beat the
    # pick of the other half (+10 one way, 0 the other)
    v = np.array([[10.0, 0.0]] * 4 + [[0.0, 10.0]] * 4)
    assert L._cross_fit_vs_best(v, [0]) == pytest.approx(5) and L._cross_fit_vs_best(v, [1]) == pytest.approx(5)


def test_kind_table():
    kinds = pd.DataFrame({"position": [0, 0, 1, 1, 2], "situation": ["pushed"] * 5,
                          "kind": ["Buur", "side ace", "Buur", "side ace", "Buur"],
                          "vs_best": [0.0, -10.0, -4.0, -6.0, -2.0], "best": [True, False, False, True, True]})
    t = L.kind_table(kinds)
    assert tuple(t.columns) == L.KIND_COLUMNS
    b = t.set_index("kind").loc["Buur"]
    assert b["positions"] == 3 and b["vs_best"] == pytest.approx(-2) and b["best"] == 2
    assert b["ci95_lo"] < -2 < b["ci95_hi"] and 0 < b["best_lo"] < 2 / 3 < b["best_hi"] < 1


def test_lead_positions_are_reproducible_and_balanced():
    rules = get_rules("chibre")
    a = L.lead_positions(rules, 6, seed=4)
    assert a == L.lead_positions(rules, 6, seed=4)
    assert [p["situation"] for p in a].count("declared") == 6 and [p["situation"] for p in a].count("pushed") == 6
    for p in a:
        assert p["mode"] < 4 and len(p["hand"]) == 9
        assert p["chooser"] == (2 if p["pushed"] else 0) and p["pushed"] == (p["situation"] == "pushed")
    assert a != L.lead_positions(rules, 6, seed=5)


def test_smear_cards():
    rules = get_rules("chibre")
    # seat 1 leads ♠6, partner (seat 2) plays ♠A, seat 3 ♠7; seat 0 holds ♠10 and ♠8: smear the 10
    hand = parse_cards("ST S8 H6 H7 D6 D7 C6 C7 C8")
    p = {"hand": hand, "mode": 0, "leader": 1, "chooser": 1, "pushed": False,
         "played": parse_cards("S6 SA S7"), "seed": 1}
    pos, smear, keep = L.smear_cards(rules, p)
    assert pos.legal[smear] == parse_card("ST") and pos.legal[keep] == parse_card("S8")
    # only small cards of the suit led: nothing to smear
    p["hand"] = parse_cards("S9 S8 H6 H7 D6 D7 C6 C7 C8")
    assert L.smear_cards(rules, p) is None


def test_blocks_and_figure():
    from jass_sim.core.report.render import render_markdown

    kinds = pd.DataFrame([{"situation": s, "kind": k, "positions": 10, "vs_best": -3.0, "ci95_lo": -5.0,
                           "ci95_hi": -1.0, "best": 2, "share_best": 0.2, "best_lo": 0.05, "best_hi": 0.5}
                          for s in L.SITUATIONS for k in ("Buur", "side ace")], columns=list(L.KIND_COLUMNS))
    smear = pd.DataFrame([{"case": "all", "positions": 12, "gain": 4.0, "ci95_lo": 1.0, "ci95_hi": 7.0, "better": 9,
                           "share_better": 0.75, "better_lo": 0.5, "better_hi": 0.9, "smear_points": 10.5}],
                         columns=list(L.SMEAR_COLUMNS))
    tables = {"lead_kinds": kinds, "smearing": smear}
    md = render_markdown(L.blocks(tables, "2d", {"policy": "search", "worlds": 32}))
    assert "## 2d. The first lead and the play" in md and "`search`" in md
    assert "Smearing is worth +4.0 ± 3.0 points per round" in md
    assert set(L.figures(tables)) == {"lead.png"}
    assert L.blocks({}, "2d", {}) == []


def test_rule_positions_cover_every_lead_rule():
    from jass_sim.jass.report.thumb import Hand
    from jass_sim.jass.report.thumb_lead import LEAD_RULES

    rules = get_rules("chibre")
    pos = L.rule_positions(rules, 3, seed=2)
    assert pos == L.rule_positions(rules, 3, seed=2)
    covered = {r.key: 0 for r in LEAD_RULES}
    for p in pos:
        assert p["situation"] == L.RULE_SITUATION and p["pushed"] and p["chooser"] == 2 and p["mode"] < 4
        keys = [r.key for r in LEAD_RULES if r.pick(Hand(int(L._mask(p["hand"]))), p["mode"]) is not None]
        assert keys
        for k in keys:
            covered[k] += 1
    assert min(covered.values()) >= 3
    assert L.rule_positions(rules, 0, seed=2) == []


def test_smear_positions_are_walked_by_the_state(monkeypatch):
    """The smearing positions are played through :class:`JassState` (the one play step: whose turn,
    the trick's winner, what is legal): a walk that found the turn or the winner itself would make
    no states here. Each position is the state where seat 0 plays last to a trick seat 2 wins, and
    the position check from seat 0's view agrees. Two positions (a few net choices each) suffice."""
    from jass_sim.jass.cards import format_card
    from jass_sim.jass.rules import current_trick
    from jass_sim.jass.rules import state as S

    states = []

    class Recorded(S.JassState):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            states.append(self)

    monkeypatch.setattr(S, "JassState", Recorded)
    rules = get_rules("chibre")
    positions = L.smear_positions(rules, 2, seed=5)
    assert len(positions) == 2
    for p in positions:
        cards = [format_card(c) for c in p["played"]]
        state = next(s for s in states if [a for a in s.history if len(a) == 2] == cards)
        assert state.to_move() == 0 and len(state.trick) == 3 and state.winning == 1
        pos = L._position(rules, p)
        assert pos.trick == state.trick and current_trick(pos.trick, p["mode"])[1] == pos.trick[1]
