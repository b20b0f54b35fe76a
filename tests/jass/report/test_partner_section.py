"""Section 2e of the report (after the push), without a whole report: the hand types, the
pushed deals and the hand-type table's arithmetic."""

from __future__ import annotations

import numpy as np
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.report import partner as P
from jass_sim.jass.rules import get_rules

J, NINE, A = 5, 3, 8


def mask(cards):
    return np.uint64(cards_to_mask(cards))


@pytest.mark.parametrize("cards, expected", [
    ([J, NINE, A, 0, 9 + 0, 9 + 1, 18 + 2, 27 + 4, 27 + 6], ("4", "Buur and Nell", 0)),
    # three cards in hearts and in spades: the suit with the Buur wins the tie
    ([0, 1, 2, 9 + J, 9 + 0, 9 + 1, 18 + 2, 18 + 4, 27 + 6], ("3", "Buur", 1)),
    ([0, 1, 2, 9 + 7, 9 + 0, 9 + 1, 18 + NINE, 18 + 4, 18 + 6], ("3", "Nell", 2)),
    ([0, 1, 2, 3, 4, 6, 9 + J, 18 + J, 27 + J], ("5+", "Nell", 0)),  # six hearts with the 9, the J elsewhere
    ([0, 1, 2, 9 + 0, 9 + 1, 9 + 2, 18 + 0, 18 + 1, 27 + 0], ("3", "neither", 0)),
])
def test_hand_type(cards, expected):
    assert P.hand_type(int(mask(cards))) == expected


def test_pushed_deals_are_pushed_and_reproducible():
    rules = get_rules("chibre")
    pid = PLAYERS.code("net")  # the play of the report (its kernels are compiled for it)
    a = P.play_pushed(rules, 6, 2, pid)
    assert a["diff"].shape == (6, len(rules.modes))
    params = default_mode_params(rules)
    for pusher, partner in zip(a["pusher"], a["partner"]):
        assert int(pusher) & int(partner) == 0 and bin(int(partner)).count("1") == 9
        assert choose_mode(MODE_POLICIES["fitted"], pusher, partner, np.asarray(rules.modes, dtype=np.int64),
                           rules.arrays()[2], True, params, np.ones(4, dtype=np.uint64))[1] == 1
    b = P.play_pushed(rules, 6, 2, pid)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert not np.array_equal(P.play_pushed(rules, 6, 3, pid)["partner"], a["partner"])


def test_tables_read_every_pick_off_the_same_deal():
    """The model table's means are the picked columns' means; the choice table's long suit and
    side suits are the right columns."""
    rules = get_rules("chibre")
    hands = np.array([mask([J, NINE, A, 0, 9 + 0, 9 + 1, 18 + 2, 27 + 4, 27 + 6]),   # long suit ♥ (0)
                      mask([0, 1, 2, 9 + J, 9 + 0, 9 + 1, 18 + 2, 18 + 4, 27 + 6])])  # long suit ♠ (1)
    diff = np.array([[10, 20, 30, 40, 50, 60], [1, 2, 3, 4, 5, 6]], dtype=np.int64)
    data = {"partner": hands, "pusher": np.zeros(2, dtype=np.uint64), "diff": diff}
    chosen = {"partner model": np.array([0, 5]), "chooser weights": np.array([4, 5]), "evaluator": np.array([1, 1]),
              "best mode in hindsight": diff.argmax(axis=1)}
    m = P.model_table(data, chosen).set_index("partner")
    assert m.loc["partner model", "mean"] == (10 + 6) / 2 and m.loc["chooser weights", "vs_model"] == (40 + 0) / 2
    assert m.loc["partner model", "best"] == 1 and m.loc["best mode in hindsight", "best"] == 2
    c = P.choice_table(data, chosen["partner model"], rules, np.array([3, 0])).set_index(["trumps", "jacks", "option"])
    assert c.loc[("4", "Buur and Nell", "long suit trump"), "mean"] == 10
    assert c.loc[("4", "Buur and Nell", "side suit trump"), "mean"] == 40  # the side suit given: ♣ (3)
    assert c.loc[("3", "Buur", "side suit trump"), "mean"] == 1  # ♥ (0)
    assert c.loc[("4", "Buur and Nell", "long suit trump"), "picked"] == 1
    assert c.loc[("3", "Buur", "long suit trump"), "mean"] == 2
    assert c.loc[("3", "Buur", "une-ufe"), "picked"] == 1


def test_best_side_suit_is_the_models_best_other_trump():
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params
    from jass_sim.jass.modes.weights import default_mode_params

    rules = get_rules("chibre")
    hands = np.array([mask([J, NINE, A, 0, 9 + 0, 9 + 1, 18 + J, 18 + 2, 27 + 6]),
                      mask([0, 1, 2, 9 + J, 9 + 0, 9 + 1, 18 + 2, 18 + 4, 27 + 6])])
    side = P.best_side_suits(hands, rules)
    params = partner_params(default_mode_params(rules))
    for h, s in zip(hands, side):
        long_suit = P.hand_type(int(h))[2]
        others = np.array([m for m in range(4) if m != long_suit], dtype=np.int64)
        assert s != long_suit and s == fitted_best(h, others, rules.arrays()[2], params, np.zeros(TRUMP_FEATURES))[0]
    assert side[0] == 2  # the side suit with the Buur


def test_agreement_sentence():
    import pandas as pd

    rows = [("3", "Buur", "long suit trump", 10.0, 0.7), ("3", "Buur", "une-ufe", 5.0, 0.3),
            ("4", "neither", "long suit trump", 1.0, 0.6), ("4", "neither", "obe-abe", 8.0, 0.4)]
    df = pd.DataFrame(rows, columns=["trumps", "jacks", "option", "mean", "share_picked"])
    text = P.agreement_sentence(df)
    assert text.startswith("In 1 of 2 hand types")
    assert "4 cards, neither: mostly long suit trump, best mean obe-abe" in text
