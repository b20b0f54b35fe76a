"""``coiffeur advise``: the issue's JSON keys, the recommendation is the best plan value, passing
only when the rules allow it, P(win) with --score, reproducible. Small samples (128 deals): these
tests check the logic, not the figures (the statistics of the kernels are tested in test_hand and
test_plan); the match plan's DP is computed once per root and cached in the process."""

from __future__ import annotations

import csv
import io

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.coiffeur.api import coiffeur_advise

HAND = "HJ H9 HA HK HQ SA D6 C7 C8"
OPEN = "S,H,OBE,JOKER"
THEIRS = "C,UNE,JOKER"


@pytest.fixture(scope="module")
def advice():
    return coiffeur_advise(HAND, OPEN, THEIRS, samples=128, seed=4)


def test_the_json_has_the_issues_keys_and_one_row_per_open_category(advice):
    doc = advice.to_json()
    assert [o["category"] for o in doc["options"]] == ["S", "H", "OBE", "JOKER"]
    for o in doc["options"]:
        assert {"category", "multiplier", "form", "points", "points_x", "ci95", "plan_value", "ci95_plan"} <= set(o)
        assert o["ci95"][0] <= o["points"] <= o["ci95"][1]
        assert o["ci95_plan"][0] <= o["plan_value"] <= o["ci95_plan"][1]
        assert o["points_x"] == pytest.approx(o["points"] * o["multiplier"])
    assert set(doc["pass"]) == {"plan_value", "ci95_plan", "ci95_exact", "ci95_note"}
    assert {"recommendation", "sentence"} <= set(doc)
    assert doc["options"][3]["form"] in ("H", "D", "S", "C", "OBE", "UNE")


def test_the_recommendation_is_the_best_plan_value_and_the_sentence_says_it(advice):
    doc = advice.to_json()
    best = max(doc["options"], key=lambda o: o["plan_value"])
    if best["plan_value"] >= doc["pass"]["plan_value"]:
        assert doc["recommendation"] == best["category"] and doc["sentence"].startswith("Take ")
        assert f"{best['plan_value']:+.0f} expected on the match" in doc["sentence"]
    else:
        assert doc["recommendation"] == "pass" and doc["sentence"].startswith("Pass")


def test_a_strong_heart_hand_scores_more_in_hearts_than_in_spades(advice):
    h, s = (next(o for o in advice.to_json()["options"] if o["category"] == c) for c in ("H", "S"))
    assert h["ci95"][0] > s["ci95"][1]


def test_forced_has_no_pass_and_the_same_seed_gives_the_same_answer(advice):
    forced = coiffeur_advise(HAND, OPEN, THEIRS, samples=128, seed=4, forced=True, passed=3)
    assert forced.to_json()["pass"] is None and forced.recommendation != "pass"
    # the same deals: the same points per category whatever the round's position
    assert [o["points"] for o in forced.to_json()["options"]] == [o["points"] for o in advice.to_json()["options"]]


def test_a_lead_the_opponents_cannot_catch_wins_for_sure():
    advice = coiffeur_advise(HAND, "S,H", "S,C", samples=64, seed=1, score="7000:0")
    a = advice.to_json()
    for o in a["options"] + [a["pass"]]:
        lo, hi = o["ci95_win_probability"]
        assert o["win_probability"] == 1.0 and hi == 1.0 and lo > 0.99
        assert o["plan_value"] > 6000
    # --format csv with --score: P(win) and its Wilson interval on every row, the pass row's too (the same call)
    rows = list(csv.DictReader(io.StringIO(advice.to_csv())))
    assert [r["category"] for r in rows] == ["S", "H", "pass"]
    for r, o in zip(rows, a["options"] + [a["pass"]]):
        assert float(r["win_probability"]) == o["win_probability"]
        assert [float(r["win_ci95_lo"]), float(r["win_ci95_hi"])] == o["ci95_win_probability"]


def test_the_csv_has_whole_multipliers_and_no_win_columns_without_a_score(advice):
    rows = list(csv.DictReader(io.StringIO(advice.to_csv())))
    assert [r["multiplier"] for r in rows] == ["1", "4", "5", "7", ""]  # not 1.0 (the pass row has none)
    assert "win_probability" not in rows[0]


def test_a_position_the_rules_do_not_allow_is_refused():
    with pytest.raises(InputError, match="--forced"):
        coiffeur_advise(HAND, OPEN, THEIRS, samples=64, forced=True, passed=1)
    with pytest.raises(InputError, match="no open category"):
        coiffeur_advise(HAND, "-", THEIRS, samples=64)
    with pytest.raises(InputError, match="US 300 cannot be"):
        coiffeur_advise(HAND, "S,C,D,H,OBE,UNE,JOKER,JOKER", THEIRS, samples=64, score="300:0")


def test_the_same_seed_gives_the_same_document_on_one_and_two_threads():
    one = coiffeur_advise(HAND, "S,H", "S,C", samples=64, seed=9, score="300:200", threads=1).to_json()
    two = coiffeur_advise(HAND, "S,H", "S,C", samples=64, seed=9, score="300:200", threads=2).to_json()
    assert one == two


def test_coiffeur_10_slalom_and_guschti_are_the_declarers_best_form_on_the_same_deals():
    """Issue 53: coiffeur-10's Slalom and Guschti rows: each the better of its two forms for this
    hand, on the same sampled deals as the other rows (the hand's points re-read from hand_points)."""

    from jass_sim.core.notation import cards_to_mask
    from jass_sim.jass.cards import parse_cards
    from jass_sim.jass.coiffeur.hand import hand_points
    from jass_sim.jass.players import PLAYERS, policy_params

    doc = coiffeur_advise(HAND, "H,SLALOM,GUSCHTI", "S,SLALOM", rules="coiffeur-10", samples=64, seed=4).to_json()
    rows = {o["category"]: o for o in doc["options"]}
    assert (rows["SLALOM"]["multiplier"], rows["GUSCHTI"]["multiplier"]) == (7, 8)
    o, _ = hand_points(cards_to_mask(parse_cards(HAND)), [PLAYERS.code("net")] * 4, seed=4, first_sample=0,
                       n_samples=64, params=policy_params(), modes=(0, 6, 7, 8, 9))
    mean = o.mean(axis=0)
    for code, cols, names in (("SLALOM", (1, 2), ("SLALOM-OBE", "SLALOM-UNE")),
                              ("GUSCHTI", (3, 4), ("GUSCHTI-OBE", "GUSCHTI-UNE"))):
        best = max(cols, key=lambda c: mean[c])
        assert rows[code]["form"] == names[cols.index(best)]
        assert rows[code]["points"] == pytest.approx(mean[best])
    assert rows["H"]["points"] == pytest.approx(mean[0])  # the same deals as with the 8-category preset
    assert doc["recommendation"] in ("H", "SLALOM", "GUSCHTI", "pass")


def test_misere_and_3x3_categories_and_their_bad_input():
    """--categories with MISERE and TRIO: Misère played as its best of Obenabe, Undenufe, Slalom
    (the credit is the opponents' points), 3x3 as one of its 24 forms; a category outside the
    table, MISERE in a preset without it, an unknown or repeated one: one line naming it."""
    cats = "S:1,C:2,MISERE:5,TRIO:6"
    doc = coiffeur_advise(HAND, "MISERE,TRIO", "S,TRIO", categories=cats, samples=64, seed=2).to_json()
    rows = {o["category"]: o for o in doc["options"]}
    assert rows["MISERE"]["form"] in ("MISERE-OBE", "MISERE-UNE", "MISERE-SLALOM")
    assert rows["TRIO"]["form"].startswith("TRIO-") and rows["TRIO"]["multiplier"] == 6
    assert 0 <= rows["MISERE"]["points"] <= 257
    for kwargs, token in ((dict(ours_open="MISERE"), "'MISERE' is not in the preset 'coiffeur-10'"),
                          (dict(categories="S:1,FOO:2"), "unknown category 'FOO'"),
                          (dict(categories="S:1,TRIO:2,TRIO:3"), "'TRIO' is given twice"),
                          (dict(ours_open="SLALOM,SLALOM"), "more often")):
        args = dict(ours_open="S,SLALOM", theirs_open="S", rules="coiffeur-10", samples=64) | kwargs
        with pytest.raises(InputError, match=token):
            coiffeur_advise(HAND, **args)


class _Checked(Exception):
    """Raised by the progress callback at the first tick: the input was accepted (no sampling done)."""


def _stop(tick):
    raise _Checked


def test_a_score_a_slalom_matsch_reaches_is_accepted_and_one_beyond_every_bound_refused():
    """In Slalom, Guschti and 3x3 a card counts what it counts in its trick's mode, so a round may be
    written more than 157 + 100 (docs/coiffeur.md's `coiffeur replay --seed 5`: a Slalom-Obe Matsch of
    168 + 100 = 268, x3 = 804). The score check must admit it; the bound per form is each card's best
    value over its tricks' modes + 5 + 100 (Slalom 301 x3 = 903). Only the check runs (stopped at the
    first tick, before any sampling: no time)."""
    cats = "S:1,OBE:2,SLALOM:3,GUSCHTI:4,MISERE:5,TRIO:6"
    args = dict(categories=cats, samples=64, progress=_stop)
    with pytest.raises(_Checked):  # team 0 played only Slalom (x3), a Matsch: 804 (refused as > 771 before)
        coiffeur_advise(HAND, "S,OBE,GUSCHTI,MISERE,TRIO", "S,OBE,SLALOM,GUSCHTI,MISERE,TRIO", score="804:0", **args)
    with pytest.raises(InputError, match="US 904 cannot be: the categories played allow 0 to 903"):
        coiffeur_advise(HAND, "S,OBE,GUSCHTI,MISERE,TRIO", "S,OBE,SLALOM,GUSCHTI,MISERE,TRIO", score="904:0", **args)
    with pytest.raises(InputError, match="THEM 258 cannot be: the categories played allow 0 to 257"):
        coiffeur_advise(HAND, OPEN, "C,UNE,JOKER,D,H,OBE,JOKER", score="0:258", **(args | dict(categories=None)))
