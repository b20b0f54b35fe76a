"""The coached Coiffeur match's server side (issue 53 item 6, jass_sim/jass/coiffeur/coach.py, coach_verdict.py): the
choosing chain with the planning bot and seat 0's answers, the round written on the sheet (the Jass
state's card points, x the multiplier, Matsch 257), the verdict on a take or pass against
``coiffeur_advise``, and the bad input naming its field.

Sizes: the choice and the round are plain Python over the shipped tables (no sampling); the verdicts
use 64 sampled deals (the smallest block): they check that the verdict is the advice's, not figures.
About 10 s warm (the advice's kernels, which test_coiffeur_advise compiles too)."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import parse_hands
from jass_sim.jass.coiffeur.advice import coiffeur_advise
from jass_sim.jass.coiffeur.coach import coiffeur_coach_choice, coiffeur_coach_round, parse_slots, slots_text
from jass_sim.jass.coiffeur.coach_verdict import coiffeur_coach_verdict
from jass_sim.jass.coiffeur.match_bots import plan_choice
from jass_sim.jass.coiffeur.presets import get_coiffeur_rules
from jass_sim.jass.rules.state import JassState

ALL = "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8"
HANDS = ["H6 H9 HQ HK D6 DQ DA SQ CA", "H7 D8 DK S8 ST SJ C6 C8 CT", "H8 DJ S9 SK SA C7 C9 CQ CK",
         "HT HJ HA D7 D9 DT S6 S7 CJ"]
RULES = get_coiffeur_rules("coiffeur")


def _play_out(hands, taker, mode):
    """The 36 cards of a round played by always the first legal card (a legal round of the rules)."""
    state = JassState(parse_hands(hands), "coiffeur", chooser=taker, may_chibre=False)
    state.apply(mode)
    played = []
    while not state.is_terminal():
        played.append(state.legal()[0])
        state.apply(played[-1])
    return " ".join(played), state


def test_the_jokers_are_two_slots_named_by_their_multipliers():
    mask = parse_slots("JOKER:8,H", RULES, "ours_open")
    assert mask == (1 << 7) | (1 << 3) and slots_text(mask, RULES) == "H:4,JOKER:8"
    assert parse_slots("JOKER", RULES, "x") == 1 << 6  # a bare code: its first open slot, as --ours-open
    assert slots_text(0, RULES) == "-"


def test_the_bots_before_seat_0_choose_as_the_planning_bot_then_seat_0_is_asked():
    doc = coiffeur_coach_choice(HANDS, round_no=1, ours_open=ALL, theirs_open=ALL).to_json()
    full = (1 << 8) - 1
    for k, step in enumerate(doc["steps"]):  # seats 1, 2, 3 in play order, each after k passes
        seat = 1 + k
        d = plan_choice(cards_to_mask(parse_hands(HANDS)[seat]), RULES, full, full, k, False, first_team=seat & 1)
        assert step["seat"] == seat and (step["answer"] == "pass") == (d.slot is None)
    if doc["ask"] is not None:  # everybody passed to seat 0: it may pass too (the first chooser then takes)
        assert doc["ask"]["passed"] == 3 and doc["ask"]["pass_allowed"] and not doc["ask"]["forced"]
        assert doc["ask"]["ours_open"] == "S,C,D,H,OBE,UNE,JOKER,JOKER"


def test_seat_0_takes_a_joker_in_the_form_it_names():
    doc = coiffeur_coach_choice(HANDS, round_no=0, ours_open=ALL, theirs_open=ALL, answers="JOKER:8@OBE").to_json()
    assert doc["ask"] is None and doc["taker"] == 0 and doc["team"] == 0
    assert (doc["category"], doc["code"], doc["multiplier"], doc["form"]) == ("JOKER:8", "JOKER", 8, "OBE")
    assert doc["steps"] == [{"seat": 0, "answer": "JOKER:8", "form": "OBE", "forced": False}]


def test_after_four_passes_the_first_chooser_must_take_im_fass():
    # seat 0 chooses first in round 0; with only its team open, the chain is seat 0 then seat 2
    ours = "S:1"
    doc = coiffeur_coach_choice(HANDS, round_no=0, ours_open=ours, theirs_open="-", answers="pass").to_json()
    if doc["ask"] is None:  # the partner took it
        assert doc["taker"] == 2 and doc["category"] == "S:1"
    else:  # the partner passed back: seat 0 must take ("im Fass")
        assert doc["ask"]["forced"] and not doc["ask"]["pass_allowed"]
        with pytest.raises(InputError) as err:
            coiffeur_coach_choice(HANDS, round_no=0, ours_open=ours, theirs_open="-", answers="pass,pass")
        assert err.value.field == "answers"
        done = coiffeur_coach_choice(HANDS, round_no=0, ours_open=ours, theirs_open="-", answers="pass,S").to_json()
        assert done["taker"] == 0 and done["forced"]


def test_a_round_is_written_as_the_declarers_points_times_the_multiplier():
    played, state = _play_out(HANDS, 2, "C")
    doc = coiffeur_coach_round(HANDS, taker=2, category="C:2", form="C", played=played, ours_open="C:2,H:4",
                               theirs_open="S:1,C:2,H:4", totals="100:50").to_json()
    points = [state.score[0]["total"], state.score[1]["total"]]
    assert sum(points) == 157 and doc["points"] == points
    assert doc["written"] == [2 * points[0], 0] and doc["totals"] == [100 + 2 * points[0], 50]
    assert doc["ours_open"] == "H:4" and doc["theirs_open"] == "S:1,C:2,H:4"
    assert not doc["over"] and doc["winner"] is None


def test_a_matsch_is_257_and_the_last_category_ends_the_match_with_its_winner():
    hands = ["HJ H9 HA HK HQ HT H8 H7 H6", "D6 D7 D8 D9 DT DJ DQ DK DA", "S6 S7 S8 S9 ST SJ SQ SK SA",
             "C6 C7 C8 C9 CT CJ CQ CK CA"]
    played, _ = _play_out(hands, 0, "H")
    doc = coiffeur_coach_round(hands, taker=0, category="H:4", form="H", played=played, ours_open="H:4",
                               theirs_open="-", totals="0:500").to_json()
    assert doc["matsch"] and doc["points"] == [257, 0] and doc["written"] == [4 * 257, 0]
    assert doc["over"] and doc["totals"] == [1028, 500] and doc["winner"] == 0 and doc["margin"] == 528


def test_the_verdict_is_the_advices_plan_values_on_the_same_deals():
    advice = coiffeur_advise(HANDS[0], "S,H,OBE,JOKER", "C,UNE,JOKER", samples=64, seed=5).to_json()
    options = {(o["category"], o["multiplier"]): o for o in advice["options"]}
    best_take = max(advice["options"], key=lambda o: o["plan_value"])
    ours, theirs = "S:1,H:4,OBE:5,JOKER:7", "C:2,UNE:6,JOKER:7"
    for answer, key in (("S:1", ("S", 1)), ("OBE:5", ("OBE", 5))):
        v = coiffeur_coach_verdict(HANDS[0], ours_open=ours, theirs_open=theirs, answer=answer, samples=64,
                                   seed=5).to_json()
        assert v["advice"] == advice and v["plan_value"] == pytest.approx(options[key]["plan_value"])
        if advice["recommendation"] != "pass":
            assert v["loss"] == pytest.approx(best_take["plan_value"] - options[key]["plan_value"], abs=1e-6)
            assert v["ci95_loss"][0] <= v["loss"] <= v["ci95_loss"][1]
        assert v["verdict"] in ("good", "inaccuracy", "mistake", "blunder", "unclear")
    passed = coiffeur_coach_verdict(HANDS[0], ours_open=ours, theirs_open=theirs, answer="pass", samples=64,
                                    seed=5).to_json()
    assert passed["plan_value"] == pytest.approx(advice["pass"]["plan_value"])
    assert (passed["loss"] == 0) == (advice["recommendation"] == "pass")


@pytest.mark.parametrize("call, field", [
    (lambda: coiffeur_coach_choice(HANDS, round_no=0, ours_open="S:1,S:1", theirs_open=ALL), "ours_open"),
    (lambda: coiffeur_coach_choice(HANDS, round_no=0, ours_open="SLALOM", theirs_open=ALL), "ours_open"),
    (lambda: coiffeur_coach_choice(HANDS, round_no=0, ours_open=ALL, theirs_open="JOKER:9"), "theirs_open"),
    (lambda: coiffeur_coach_choice(HANDS, round_no=16, ours_open=ALL, theirs_open=ALL), "round_no"),
    (lambda: coiffeur_coach_choice(HANDS[:3], round_no=0, ours_open=ALL, theirs_open=ALL), "hands"),
    (lambda: coiffeur_coach_choice(HANDS, round_no=0, ours_open=ALL, theirs_open=ALL, answers="JOKER:8"), "answers"),
    (lambda: coiffeur_coach_choice(HANDS, round_no=0, ours_open=ALL, theirs_open=ALL, rules="coiffeur-10"), "rules"),
    (lambda: coiffeur_coach_verdict(HANDS[0], ours_open="S:1", theirs_open=ALL, answer="H:4"), "answer"),
    (lambda: coiffeur_coach_verdict(HANDS[0], ours_open=ALL, theirs_open=ALL, answer="pass", forced=True), "answer"),
    (lambda: coiffeur_coach_verdict(HANDS[0], ours_open=ALL, theirs_open=ALL, answer="H:4", passed=1, forced=True),
     "forced"),
    (lambda: coiffeur_coach_round(HANDS, taker=2, category="C:2", form="H", played="", ours_open=ALL,
                                  theirs_open=ALL), "form"),
    (lambda: coiffeur_coach_round(HANDS, taker=2, category="C:2", form="C", played="H8 HT", ours_open=ALL,
                                  theirs_open=ALL), "played"),
    (lambda: coiffeur_coach_round(HANDS, taker=2, category="C:2", form="C", played="HT H8" + _play_out(HANDS, 2, "C")[0][5:],
                                  ours_open=ALL, theirs_open=ALL), "played"),
    (lambda: coiffeur_coach_round(HANDS, taker=2, category="C:2", form="C", played=_play_out(HANDS, 2, "C")[0],
                                  ours_open=ALL, theirs_open=ALL, totals="9999:0"), "totals"),
])
def test_bad_input_is_one_line_naming_its_field(call, field):
    with pytest.raises(InputError) as err:
        call()
    assert err.value.field == field and "\n" not in str(err.value)
