"""The Jass :class:`~jass_sim.jass.rules.state.JassState` (issue 50): a whole round through the
descriptor's ``new_state``, over every preset.

Random playouts check the invariants the rules fix (legal actions non-empty until the end and
within the hand, the plain-Python reference's legal cards, 36 cards dealt once and played once,
157 card points, the Matsch rules, the reference score); the JSON round trip and clone independence;
each refusal names its rule and leaves the state as it was; and the engine's ``replay`` rounds,
replayed into the state, give the same trace and score. The cheap tests are marked ``nojit`` and
run again with the JIT off.
"""

from __future__ import annotations

import json
import random

import pytest
from jit_mode import NO_JIT

from jass_sim.core.errors import InputError
from jass_sim.core.state import IllegalAction
from jass_sim.jass.cards import MODE_NAMES, N_CARDS, format_card, parse_card
from jass_sim.jass.descriptor import GAME
from jass_sim.jass.engine.replay import replay_round
from jass_sim.jass.rules import get_rules
from jass_sim.jass.rules.presets import MATCH_BONUS, ROUND_PRESETS
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES
from jass_sim.jass.rules.state import CHIBRE, JassState

from reference import ref_legal_moves, ref_score_round, ref_trick_winner

PRESETS = [opts["rules"] for opts in GAME.state_options if "mode" not in opts]
#: Seeds per preset: 3 x 200 rounds compiled (about 23,000 actions checked, 2 s warm); 3 x 40 without the JIT.
SEEDS = range(40) if NO_JIT else range(200)


def _playout(state: JassState, rnd: random.Random, check=None) -> JassState:
    while not state.is_terminal():
        if check is not None:
            check(state)
        state.apply(rnd.choice(state.legal()))
    return state


def test_the_presets_are_the_state_options():
    from jass_sim.jass.engine.replay import STATE_OPTIONS
    from jass_sim.jass.rules.presets import ROUND_PRESETS

    assert sorted(PRESETS) == sorted(ROUND_PRESETS)
    assert tuple(GAME.state_options) == STATE_OPTIONS  # the descriptor's written-out copy
    assert GAME.new_state is not None and GAME.replay_actions is not None


@pytest.mark.nojit
@pytest.mark.parametrize("rules", PRESETS)
def test_random_playouts_keep_the_rules(rules):
    preset = get_rules(rules, ROUND_PRESETS)
    for seed in SEEDS:
        rnd = random.Random(seed)
        state = GAME.new_state(seed, rules=rules)
        dealt = [set(h) for h in state.dealt]
        assert sorted(c for h in dealt for c in h) == list(range(N_CARDS))  # every card dealt once
        assert 10 in dealt[state.chooser]  # the ♦7 holder chooses, as in replay

        def check(s: JassState):
            legal = s.legal()
            assert legal and len(set(legal)) == len(legal)
            seat = s.to_move()
            if s.choosing:
                assert seat == s.declarer
                assert legal[:len(preset.modes)] == preset.mode_names
                assert (CHIBRE in legal) == (s.may_chibre and not s.chibred)
            else:
                hand = set(s.hand(seat))
                cards = {parse_card(a) for a in legal}
                assert cards <= hand
                assert cards == ref_legal_moves(hand, s.trick, s.trick_mode)
                # the card taking the trick so far (what smearing reads), -1 before the lead
                assert s.winning == (ref_trick_winner(s.trick, s.trick_mode) if s.trick else -1)

        _playout(state, rnd, check)
        assert state.legal() == [] and state.to_move() == -1
        cards = [parse_card(a) for a in state.history if a != CHIBRE and a not in ROUND_MODE_NAMES]
        assert sorted(cards) == list(range(N_CARDS))  # every card played once
        score = state.score
        assert score[0]["cards"] + score[1]["cards"] == 157 or state.mode >= 6  # (mixed modes: see fixed_totals)
        tricks0 = sum(1 for t in state.tricks if t["winner"] % 2 == 0)
        for team in range(2):
            taker = tricks0 == 9 if team == 0 else tricks0 == 0
            assert score[team]["match"] == (MATCH_BONUS if taker else 0)
            if (tricks0 == 0 if team == 0 else tricks0 == 9):  # beaten by a Matsch: melds and stöck void
                assert score[team]["cards"] == score[team]["melds"] == score[team]["stoeck"] == 0
        ref = ref_score_round(dealt, [(t["leader"], t["cards"]) for t in state.tricks], state.mode, preset,
                              state.chooser)
        assert score == ref
        assert state.returns() == [float(s["total"]) for s in score]


@pytest.mark.nojit
def test_json_round_trip_and_clone_independence():
    rnd = random.Random(7)
    state = GAME.new_state(3, rules="schieber")
    while not state.is_terminal():
        doc = json.loads(json.dumps(state.to_json()))
        again = JassState.from_json(doc)
        assert again == state and again.legal() == state.legal() and again.returns() == state.returns()
        twin = state.clone()
        before = state.to_json()
        twin.apply(rnd.choice(twin.legal()))
        assert state.to_json() == before and twin != state
        state.apply(rnd.choice(state.legal()))
    assert JassState.from_json(state.to_json()).score == state.score


def _state_at(seed: int, actions: list[str]) -> JassState:
    state = GAME.new_state(seed)
    for a in actions:
        state.apply(a)
    return state


def _refused(state: JassState, action: str, *words: str) -> str:
    before = state.to_json()
    assert not state.can(action)
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert state.to_json() == before
    message = str(e.value)
    assert "\n" not in message
    for w in words:
        assert w in message, message
    return message


@pytest.mark.nojit
def test_refusals_name_the_rule_and_change_nothing():
    state = GAME.new_state(1)
    seat = state.to_move()
    _refused(state, "SA", f"seat {seat} chooses the mode first")
    _refused(state, "nonsense", "'nonsense' is not a mode or chibre")
    state.apply("chibre")
    assert state.to_move() == (seat + 2) % 4
    _refused(state, "chibre", "after a chibre the partner chooses")
    state.apply("obe-abe")  # the page's and the CLI's spellings of a mode
    assert state.mode == 4 and state.history == ["chibre", "OBE"]
    _refused(state, "H", "the mode is chosen (OBE)")
    seat = state.to_move()
    other = state.hand((seat + 1) % 4)[0]
    _refused(state, format_card(other), f"seat {seat} plays {format_card(other)}, which is not in its hand")
    lead = state.legal()[0]
    state.apply(lead.lower())  # card codes in any case
    assert state.history[-1] == lead
    _refused(state, lead, f"card {lead} is played twice")


@pytest.mark.nojit
def test_a_card_off_suit_is_refused_with_the_suit_to_follow():
    found = 0
    for seed in range(30):
        rnd = random.Random(seed)
        state = GAME.new_state(seed, rules="chibre")
        while not state.is_terminal():
            if not state.choosing and state.trick:
                seat = state.to_move()
                bad = sorted(set(state.hand(seat)) - {parse_card(a) for a in state.legal()})
                if bad:
                    message = _refused(state, format_card(bad[0]), f"seat {seat} may not play {format_card(bad[0])}"
                                       " here: it ")
                    assert "must follow" in message or "may not undertrump" in message
                    found += 1
            state.apply(rnd.choice(state.legal()))
    assert found > 20


def test_no_chibre_where_the_rules_forbid_it():
    state = JassState(GAME.new_state(2).dealt, "chibre", may_chibre=False)
    assert CHIBRE not in state.legal()
    _refused(state, "chibre", "the chibre rules allow no chibre in the first round")


def test_the_round_over_refuses_more():
    rnd = random.Random(0)
    state = _playout(GAME.new_state(5), rnd)
    _refused(state, "HA", "the round is over after 36 cards; HA is one too many")


def test_returns_so_far_credit_melds_stoeck_and_tricks():
    state = GAME.new_state(4, rules="schieber")
    assert state.returns() == [0.0, 0.0]
    state.apply("S")  # spades: x2 in schieber
    score_melds = [0, 0]
    if state.meld_winner is not None:
        score_melds[state.meld_winner] = sum(m["points"] for m in state.melds if m["seat"] % 2 == state.meld_winner)
    stoeck = [0, 0]
    for seat in range(4):
        if {9 * 2 + 6, 9 * 2 + 7} <= set(state.dealt[seat]):
            stoeck[seat % 2] += 20
    assert state.returns() == [2.0 * (score_melds[t] + stoeck[t]) for t in range(2)]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("policy", [pytest.param("random", marks=pytest.mark.nojit), "heuristic", "net"])
def test_the_engines_replay_replays_into_the_state(rules, policy):
    for seed in range(1, 6 if NO_JIT else 31):
        doc = replay_round(seed, rules, policy=policy).to_json()
        doc["seed"] = seed
        options, actions, returns = GAME.replay_actions(doc)
        state = GAME.new_state(**options)
        assert [[format_card(c) for c in h] for h in state.dealt] == doc["hands"]
        for a in actions:
            state.apply(a)
        assert state.is_terminal()
        assert state.returns() == returns
        assert MODE_NAMES[state.mode] == doc["mode"] and state.declarer == doc["chooser"]
        assert [{**t, "cards": [format_card(c) for c in t["cards"]]} for t in state.tricks] == doc["tricks"]
        assert [{**m, "cards": [format_card(c) for c in m["cards"]]} for m in state.melds] == doc["melds"]
        assert state.meld_winner == doc["meld_winner"] and state.score == doc["score"]


@pytest.mark.parametrize("name", ["jass_replay_seed1_net.json", "replay_seed1_chibre_auto.json",
                                  "replay_seed3_schieber_auto.json", "replay_seed4_schieber_UNE.json"])
def test_the_golden_replays_replay_into_the_state(name):
    from pathlib import Path

    doc = json.loads((Path(__file__).parents[2] / "data" / name).read_text())
    options, actions, returns = GAME.replay_actions(doc)
    state = GAME.new_state(**options)
    for a in actions:
        state.apply(a)
    assert state.is_terminal() and state.returns() == returns


def test_a_bad_deal_is_refused_naming_a_card():
    hands = [list(range(9 * s, 9 * s + 9)) for s in range(4)]
    hands[1][0] = 0
    with pytest.raises(InputError, match="card H6 is dealt to seats 0 and 1") as e:
        JassState(hands)
    assert e.value.token == "H6"
    with pytest.raises(InputError, match="a Jass state takes a preset"):
        JassState(GAME.new_state(1).dealt, get_rules("chibre").replace(target=2000))
