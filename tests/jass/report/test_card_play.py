"""Section 2g of the Jass report, card play (issue 51 item 4): the positions' choices, the tables'
internal consistency (cells add up, paired differences equal the columns' difference, the verdict
kinds follow from the CIs) and the signal play-outs.

Budget: the pure tests run in milliseconds on synthetic tables; the play-outs use the ``net``
player (compiled once for the session) on 1-3 deals or positions, a few seconds in all."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from jass_sim.jass.play.position import build_position
from jass_sim.jass.report import card_play as C
from jass_sim.jass.report import signals as G
from jass_sim.jass.report.verdicts import EQUIVALENCE

H = 0  # the first suit as trump; cards 9 * suit + rank, ranks 6 7 8 9 10 J Q K A


def card(suit: int, rank: int) -> int:
    return 9 * suit + rank


@pytest.mark.nojit
def test_card_classes_by_points_per_mode():
    assert C.card_class(card(1, 8), H) == "ace (11 points)"
    assert C.card_class(card(1, 4), H) == "10"
    assert C.card_class(card(1, 7), H) == "other counter"
    assert C.card_class(card(1, 0), H) is None
    assert C.card_class(card(1, 0), 5) == "ace (11 points)"  # une-ufe: the 6 takes the ace's 11
    assert C.card_class(card(1, 2), 4) == "other counter"  # obe-abe: the 8 counts 8


@pytest.mark.nojit
def test_smear_choices_keep_the_cheapest_and_one_card_per_class():
    legal = [card(1, 8), card(1, 4), card(1, 7), card(1, 0), card(H, 8)]
    keep, by = C.smear_choices(legal, H)
    assert legal[keep] == card(1, 0)
    assert {k: legal[j] for k, j in by.items()} == {"ace (11 points)": card(1, 8), "10": card(1, 4),
                                                     "other counter": card(1, 7)}  # the trump ace is no smear
    assert C.smear_choices([card(1, 0), card(2, 1)], H) is None


@pytest.mark.nojit
def test_unterzug_position_recommends_the_highest_card_of_the_suit_led():
    # seat 2 chose hearts and leads a spade, seat 3 follows; seat 0 holds three spades
    hand = [card(1, 0), card(1, 5), card(1, 7), card(0, 1), card(2, 0), card(2, 1), card(3, 0), card(3, 1), card(3, 2)]
    pos = build_position(hand, H, 2, [card(1, 3), card(1, 2)], chooser=2)
    good, bad = C.rule_choice("unterzug", pos)
    assert pos.legal[good[0]] == card(1, 7) and pos.legal[bad[0]] == card(1, 0)
    assert C.rule_choice("pull", pos) is None
    # the same trick led by the opponents: no Unterzug position
    assert C.rule_choice("unterzug", build_position(hand, H, 3, [card(1, 3)], chooser=3)) is None


@pytest.mark.nojit
def test_ace_king_position_recommends_cashing_the_ace():
    # seat 0 pushed, its partner chose hearts; seat 0 leads with spade A K 7 (third)
    hand = [card(1, 1), card(1, 7), card(1, 8), card(0, 1), card(2, 0), card(2, 1), card(3, 0), card(3, 1), card(3, 2)]
    pos = build_position(hand, H, 0, [], chooser=2, chibred=True)
    good, bad = C.rule_choice("ace_king", pos)
    assert pos.legal[good[0]] == card(1, 8) and pos.legal[bad[0]] == card(1, 1)
    # seat 0 chose trump itself: not the rule's position; nor with the King missing
    assert C.rule_choice("ace_king", build_position(hand, H, 0, [])) is None
    no_king = [c if c != card(1, 7) else card(1, 6) for c in hand]
    assert C.rule_choice("ace_king", build_position(no_king, H, 0, [], chooser=2, chibred=True)) is None


@pytest.mark.nojit
def test_smear_split_cells_add_up_and_match_their_gains():
    rng = np.random.default_rng(1)
    rows = []
    for i in range(40):
        classes = list(rng.choice(C.CARD_CELLS, size=int(rng.integers(1, 4)), replace=False))
        mode, trick = C.MODE_CELLS[0 if i < 30 else 1 if i < 36 else 2], C.TRICK_CELLS[i % 2]  # thin: 6, 4
        for j, cls in enumerate(classes):
            rows.append({"position": i, "card": cls, "mode": mode, "trick": trick, "gain": float(rng.normal(2, 5)),
                         "top": j == 0})
    gains = pd.DataFrame(rows)
    split = C.smear_split(gains)
    for s in ("mode", "trick"):  # each position once
        assert split.loc[split["split"] == s, "positions"].sum() == 40
    cards = split[split["split"] == "card"]
    assert cards["positions"].sum() == len(gains)  # every class a position holds
    for _, r in split.iterrows():
        col = r["split"]
        frame = gains if col == "card" else gains[gains["top"]]
        x = frame.loc[frame[col] == r["cell"], "gain"]
        assert r["positions"] == len(x) and r["gain"] == pytest.approx(x.mean())
        assert r["ci95_lo"] < r["gain"] < r["ci95_hi"] and r["better"] == (x > 0).sum()
        assert 0 <= r["better_lo"] <= r["share_better"] <= r["better_hi"] <= 1
        assert r["thin"] == (r["positions"] < C.THIN)
    assert split["thin"].any() and not split["thin"].all()


@pytest.mark.nojit
def test_play_rule_verdicts_follow_from_their_tests():
    rng = np.random.default_rng(2)
    rows = [C.rule_row("up", "up", "JO-V", "t", rng.normal(10, 3, 60)),
            C.rule_row("down", "down", "JO-V", "t", rng.normal(-10, 3, 60)),
            C.rule_row("flat", "flat", "JO-V", "t", rng.normal(0, 1, 200)),
            C.rule_row("few", "few", "JO-V", "t", rng.normal(10, 1, 3)),
            C.rule_row("wide", "wide", "JO-V", "t", rng.normal(0, 80, 20))]
    df = C.decide_rules(rows).set_index("key")
    assert list(df["verdict"]) == ["confirmed", "refuted", "mixed", "not enough data", "not enough data"]
    assert (df["p_holm"] >= df["p_value"]).all()
    for key in ("up", "down"):
        assert df.loc[key, "p_holm"] < 0.05 and np.sign(df.loc[key, "mean"]) == (1 if key == "up" else -1)
    assert -EQUIVALENCE <= df.loc["flat", "ci95_lo"] and df.loc["flat", "ci95_hi"] <= EQUIVALENCE
    assert df.loc["wide", "ci95_hi"] - df.loc["wide", "ci95_lo"] > 2 * EQUIVALENCE
    # rule 17's row on the positions where the opponents hold no trump counts positions, as the rules do
    out = C.decide_rules([C.rule_row(*C.UNDERLEAD_OUT, rng.normal(10, 1, 3)),
                          C.rule_row("anziehen", "a", "AVS-S", "t", rng.normal(10, 1, 3))]).set_index("key")
    assert out.loc[C.UNDERLEAD_OUT[0], "decided_by"] == "3 positions, fewer than 10"
    assert out.loc["anziehen", "decided_by"] == "3 deals, fewer than 10"


@pytest.mark.nojit
def test_signal_cards_and_the_reading_partner():
    hand = [card(1, 0), card(1, 8), card(2, 1), card(2, 3), card(3, 2), card(3, 6)]  # tops: spade A, club Q, diamond 9
    legal = hand
    assert G.signal_card(hand, legal, H, "verwerfen") == card(2, 1)  # weakest suit (diamonds, best 9): its 7
    assert G.signal_card(hand, legal, H, "anziehen") == card(1, 0)  # strongest suit held twice (spades): its 6
    assert G.signal_card([card(0, 1)], [card(0, 1)], H, "verwerfen") is None  # trumps only: no signal
    lead = [card(1, 8), card(2, 3), card(3, 6)]
    assert G.read_lead(lead, card(2, 3), 2, "verwerfen") == [card(1, 8), card(3, 6)]
    assert G.read_lead(lead, card(1, 8), 2, "verwerfen") is None  # net's lead keeps the convention
    assert G.read_lead(lead, card(1, 8), 2, "anziehen") == [card(2, 3)]
    assert G.read_lead(lead, card(2, 3), 2, "anziehen") is None


@pytest.mark.nojit
def test_signal_table_read_minus_ignored_is_the_difference_of_its_columns():
    rng = np.random.default_rng(3)
    n = 30
    values = np.zeros((n, 1 + 3 * len(G.CONVENTIONS)))
    values[:, :5] = rng.integers(0, 157, (n, 5))
    values[:, 5:] = rng.integers(0, 2, (n, 2))
    tab = G.signal_table(values)
    rows = G.signal_rows(values)
    for c, conv in enumerate(G.CONVENTIONS):
        t = tab[tab["convention"] == conv].set_index("arm")
        diff = t.loc["read minus ignored", "mean"]
        assert diff == pytest.approx(t.loc["signal read minus plain net", "mean"]
                                     - t.loc["signal ignored minus plain net", "mean"])
        assert diff == pytest.approx(values[:, 2 + 2 * c].mean() - values[:, 1 + 2 * c].mean())
        assert rows[c]["mean"] == pytest.approx(diff) and rows[c]["n"] == n
        assert rows[c]["fires"] == values[:, 5 + c].sum() == t["fires"].iloc[0]


@pytest.mark.nojit
def test_colour_pair_discard_names_the_pair_suit():
    """Rule 15 (farbpaar): Rosen 0 with Eichel 1, Schilten 2 with Schellen 3. Wanting its strongest
    side suit held twice, the seat discards the lowest card of that suit's pair suit."""
    assert G.PAIR_SUIT == (1, 0, 3, 2)
    # trump Rosen (0); side suits: Eichel A 6 (strongest held twice), Schilten 8 9, Schellen 7
    hand = [card(0, 2), card(1, 0), card(1, 8), card(2, 2), card(2, 3), card(3, 1)]
    legal = [c for c in hand if c // 9 != 0]
    # Eichel wanted: its pair suit is Rosen, the trump: no discard from it; next wanted Schilten -> a Schellen
    assert G.signal_card(hand, legal, H, G.PAIR) == card(3, 1)
    assert G.wanted_suit(card(3, 1), G.PAIR) == 2 and G.wanted_suit(card(3, 1), "anziehen") == 3
    # obe-abe (mode 4): every suit is a side suit; Eichel wanted -> the lowest Rosen
    assert G.signal_card(hand, hand, 4, G.PAIR) == card(0, 2)
    # une-ufe (mode 5): the 6 is the top: Eichel (its 6) is still the strongest; its pair suit Rosen, lowest = the A
    une = [card(0, 2), card(0, 8), card(1, 0), card(1, 5), card(2, 3)]
    assert G.signal_card(une, une, 5, G.PAIR) == card(0, 8)
    # no suit held twice with a pair suit to discard from: no signal
    assert G.signal_card([card(1, 0), card(1, 8), card(0, 1)], [card(1, 0), card(1, 8)], H, G.PAIR) is None
    # the reader leads the wanted (pair) suit, as under anziehen
    lead = [card(1, 8), card(2, 3), card(3, 6)]
    assert G.read_lead(lead, card(3, 6), G.wanted_suit(card(3, 1), G.PAIR), G.PAIR) == [card(2, 3)]
    assert G.read_lead(lead, card(2, 3), 2, G.PAIR) is None


@pytest.mark.nojit
def test_colour_pair_columns_join_the_signal_table():
    """Rule 15's piece (ignored, read, fired) joins the table as a third convention against the same
    plain ``net`` column; the first two conventions' rows are unchanged."""
    rng = np.random.default_rng(4)
    n = 25
    values = np.zeros((n, 1 + 3 * len(G.CONVENTIONS)))
    values[:, :5] = rng.integers(0, 157, (n, 5))
    values[:, 5:] = rng.integers(0, 2, (n, 2))
    pair = np.column_stack([rng.integers(0, 157, (n, 2)), rng.integers(0, 2, n)]).astype(float)
    tab = G.signal_table(values, pair)
    rows = G.signal_rows(values, pair)
    assert [r["key"] for r in rows] == [*G.CONVENTIONS, G.PAIR]
    pd.testing.assert_frame_equal(tab[tab["convention"] != G.PAIR].reset_index(drop=True), G.signal_table(values))
    t = tab[tab["convention"] == G.PAIR].set_index("arm")
    assert t.loc["signal ignored minus plain net", "mean"] == pytest.approx((pair[:, 0] - values[:, 0]).mean())
    assert t.loc["read minus ignored", "mean"] == pytest.approx((pair[:, 1] - pair[:, 0]).mean())
    assert rows[2]["mean"] == pytest.approx((pair[:, 1] - pair[:, 0]).mean()) and rows[2]["fires"] == pair[:, 2].sum()


@pytest.mark.nojit
def test_underlead_position_recommends_the_small_card():
    """Rule 17's positive case: seat 0 pushed, its partner chose Rosen; seat 0 leads with Eichel
    A Q 7 (the King out): the 7 against the Ace. Not with the King held or played, nor with two
    cards of the suit, nor when seat 0 chose trump itself."""
    hand = [card(1, 1), card(1, 6), card(1, 8), card(0, 1), card(2, 0), card(2, 1), card(3, 0), card(3, 1), card(3, 2)]
    pos = build_position(hand, H, 0, [], chooser=2, chibred=True)
    good, bad = C.rule_choice(C.UNDERLEAD, pos)
    assert pos.legal[good[0]] == card(1, 1) and pos.legal[bad[0]] == card(1, 8)
    assert C.rule_choice(C.UNDERLEAD, build_position(hand, H, 0, [])) is None
    with_king = [c if c != card(1, 1) else card(1, 7) for c in hand]  # A K Q: the ace_king rule's position
    assert C.rule_choice(C.UNDERLEAD, build_position(with_king, H, 0, [], chooser=2, chibred=True)) is None
    two = [c if c != card(1, 1) else card(2, 2) for c in hand]
    assert C.rule_choice(C.UNDERLEAD, build_position(two, H, 0, [], chooser=2, chibred=True)) is None
    assert C.ace_ober_suit(hand, H) == 1 and C.ace_ober_suit(with_king, H) is None
    assert C.underlead_deal([hand, [], [], []], H, 2) and not C.underlead_deal([hand, [], [], []], H, 0)
    assert not C.underlead_deal([hand, [], [], []], 4, 2)  # obe-abe: no trump to ruff with


def test_signal_play_outs_differ_only_where_the_reading_fires():
    from jass_sim.jass.rules import get_rules

    rules = get_rules("chibre")
    deals = G.signal_deals(rules, 3, 11)
    values = G.signal_values(rules, deals)
    for c in range(len(G.CONVENTIONS)):
        quiet = values[:, 5 + c] == 0
        assert (values[quiet, 1 + 2 * c] == values[quiet, 2 + 2 * c]).all()
    assert (values[:, :5] >= 0).all()
    pair = G.pair_values(rules, deals)
    quiet = pair[:, 2] == 0
    assert (pair[quiet, 0] == pair[quiet, 1]).all() and (pair[:, :2] >= 0).all()


def test_drawn_positions_are_of_their_kind():
    from jass_sim.jass.report.lead import _position
    from jass_sim.jass.rules import get_rules

    rules = get_rules("chibre")
    found = C.play_positions(rules, 1, 1, 5)
    assert {k: len(v) for k, v in found.items()} == {"smear": 1, "unterzug": 1, "pull": 1, "ace_king": 1}
    pos = _position(rules, found["smear"][0])
    assert len(pos.trick) == 3 and C.smear_choices(list(pos.legal), pos.mode) is not None
    for kind in ("unterzug", "pull", "ace_king"):
        assert C.rule_choice(kind, _position(rules, found[kind][0])) is not None
    under = C.underlead_positions(rules, 1, 5)[C.UNDERLEAD]  # deals of their own keys, sampled on purpose
    assert len(under) == 1 and C.rule_choice(C.UNDERLEAD, _position(rules, under[0])) is not None
    assert isinstance(under[0]["trumpless"], bool)


def test_lead_check_agrees_with_itself():
    """The same play model on the same positions and seeds agrees on every best lead (the check's
    test can fail: it compares the cards, not the kinds)."""
    from jass_sim.jass.report import lead as L
    from jass_sim.jass.rules import get_rules

    rules = get_rules("chibre")
    first, _ = L.first_leads(rules, L.lead_positions(rules, 2, 3), "net", 16)
    kinds, agree = C.lead_check(rules, first, 2, 3, "net", 16, check=1)  # the first of each situation
    assert list(agree["situation"]) == list(L.SITUATIONS) and (agree["positions"] == 1).all()
    assert (agree["agree"] == agree["positions"]).all()
    assert (agree["ace_best_first"] == agree["ace_best_second"]).all() and (agree["share_agree"] == 1).all()
    assert kinds["positions"].sum() >= 2
