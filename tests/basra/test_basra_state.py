"""The Basra State (:mod:`jass_sim.basra.state`) against the plain-Python referee and the engine.

The game-neutral checks (legal actions, clone, JSON, cards, totals, replays) are in
tests/contract/test_playthrough.py; here: each step of the State equals the referee's
(tests/basra/basra_reference.py: legal cards, capture, Basra, table, the last capture, the score),
the golden replays step by step, the refusal wording, the card spellings and the options.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from jass_sim.basra.api import replay
from jass_sim.basra.cards import parse_card
from jass_sim.basra.descriptor import STATE_OPTIONS
from jass_sim.basra.rules import get_rules, score_piles
from jass_sim.basra.state import BasraState, new_state, replay_actions, replay_deal
from jass_sim.core.errors import InputError
from jass_sim.core.state import IllegalAction

from basra_reference import RefRound, ref_legal

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

DATA = Path(__file__).parent.parent / "data"
NO_JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")
GOLDEN = ["basra_replay_seed1_2p_greedy.json", "basra_replay_seed2_4p_random_7d_compulsory.json"]


def _cards(names):
    return {parse_card(c) for c in names}


def _referee(state: BasraState) -> RefRound:
    doc = state.to_json()
    deals = [[_cards(h) for h in deal[:state.n]] for deal in doc["deals"]]
    r = state.rules
    return RefRound(deals, _cards(doc["table0"]), state.n, state.dealer, r.seven_diamonds, r.majority, r.compulsory)


@pytest.mark.parametrize("seed, players, rules, dealer", [
    (11, 2, "leaflet", None), (12, 4, "leaflet", 2), (13, 2, "seven-diamonds+compulsory", 0),
    (14, 4, "majority-30+compulsory", None), (15, 2, "seven-diamonds", 1), (16, 4, "compulsory", 1),
])
def test_random_rounds_step_like_the_referee(seed, players, rules, dealer):
    rng = random.Random(seed)
    state = new_state(seed, players=players, rules=rules, dealer=dealer)
    ref = _referee(state)
    while not state.is_terminal():
        seat = state.to_move()
        assert seat == ref.to_move()
        assert _cards(state.hand(seat)) == ref.hands[seat]
        assert _cards(state.legal()) == ref_legal(ref.hands[seat], ref.table, *ref.rules)
        card = rng.choice(state.legal())
        state.apply(card)
        got, basra, after = ref.play(seat, parse_card(card))
        move = state.moves[-1]
        assert (_cards(move["captured"]), move["basra"], _cards(move["table_after"])) == (got, basra, after)
        assert state.cards_played()[-1] == card
    taker, left = ref.finish()
    assert state.last_capture["player"] == taker and _cards(state.last_capture["cards"]) == left
    score = ref.score()
    assert state.returns() == [float(s["total"]) for s in score]
    assert [_cards(state.pile(s)) for s in (0, 1)] == ref.piles
    # the Python scoring of the rules module agrees too
    piles = [sum(1 << c for c in _cards(state.pile(s))) for s in (0, 1)]
    assert [s["total"] for s in score_piles(piles, state.basras(), get_rules(rules))] == [s["total"] for s in score]


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_replay_steps_through_the_state(name):
    doc = json.loads((DATA / name).read_text(encoding="utf-8"))
    options, actions, returns = replay_actions(doc)
    state = new_state(**options)
    assert state.table() == doc["table"]
    for move, action in zip(doc["moves"], actions):
        assert state.to_move() == move["player"]
        state.apply(action)
        assert state.moves[-1] == move
    assert state.is_terminal() and state.legal() == [] and state.to_move() == -1
    assert state.last_capture == doc["last_capture"]
    assert state.returns() == returns
    assert state.basras() == [s["basra_count"] for s in doc["score"]]


def test_refusals_name_the_rule():
    # seed 3, leaflet: seat 0 holds C2 D3 D8 D9 DJ DQ, the table HA H2 HQ S8
    state = new_state(3)
    assert state.hand(0) == ["C2", "D3", "D8", "D9", "DJ", "DQ"] and state.table() == ["HA", "H2", "HQ", "S8"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"^'ZZ' is not a Basra card"):
        state.apply("ZZ")
    with pytest.raises(IllegalAction, match=r"^CJ is not in the hand of seat 0$"):
        state.apply("CJ")
    assert state.to_json() == before
    # compulsory: find a deal where the player to move holds a capturing and a non-capturing card
    for seed in range(40):
        state = new_state(seed, rules="compulsory")
        seat = state.to_move()
        idle = sorted(set(state.hand(seat)) - set(state.legal()))
        if idle:
            before = state.to_json()
            with pytest.raises(IllegalAction, match=rf"^{idle[0]} captures nothing and seat {seat} holds a card "
                                                    r"that captures: a capture is compulsory \(compulsory\)$"):
                state.apply(idle[0])
            assert state.to_json() == before and not state.can(idle[0])
            # the leaflet lets the same card be played
            assert idle[0] in new_state(seed).legal()
            break
    else:
        pytest.fail("no compulsory refusal in 40 deals")
    state = new_state(5)
    while not state.is_terminal():
        state.apply(state.legal()[0])
    with pytest.raises(IllegalAction, match=r"^the basra round is over: no more actions$"):
        state.apply("CA")


def test_every_card_spelling_is_accepted():
    state = new_state(1)
    card = next(c for c in state.legal() if c[1] in "T2")  # a ten or a two, spelt several ways
    spellings = [card, card.lower(), card[0] + "10" if card[1] == "T" else card,
                 "♣♦♥♠"["CDHS".index(card[0])] + card[1:]]
    for s in spellings:
        assert state.can(s) and state.normalise(s) == card
    state.apply(spellings[-1])
    assert state.history == [card] and state.cards_played() == [card]


def test_options_are_checked():
    with pytest.raises(InputError, match="--players must be 2 or 4, got 3"):
        new_state(1, players=3)
    with pytest.raises(InputError, match=r"--dealer must be 0\.\.1, got 2"):
        new_state(1, dealer=2)
    with pytest.raises(InputError, match="unknown rules 'nope'"):
        new_state(1, rules="nope")
    with pytest.raises(InputError, match="not a basra state"):
        BasraState.from_json({"game": "cribbage"})


def test_the_deal_is_the_replay_commands():
    table, deals = replay_deal(4, 4)
    state = new_state(4, players=4)
    assert state.cards_dealt()[:4] == state.table() and len(state.cards_dealt()) == 4 + 4 * 6
    assert [state.hand(s) for s in range(4)] == state.to_json()["deals"][0]
    assert int(table).bit_count() == 4 and deals.shape == (2, 4)
    assert new_state(4, players=4) == state and new_state(5, players=4) != state


def test_majority_counts_once_certain():
    # greedy-free: play the first legal card until one side holds more than 26 cards
    for seed in range(20):
        state = new_state(seed, rules="majority-30")
        while not state.is_terminal():
            state.apply(state.legal()[0])
            sizes = [len(state.pile(s)) for s in (0, 1)]
            pts = state.to_json()["counters"]
            for side in (0, 1):
                majority = 30 if sizes[side] > 26 else 0
                assert state.returns()[side] == pts[2 + side] + 10 * pts[4 + side] + majority
            if max(sizes) > 26:
                return
    pytest.fail("no side reached 27 cards in 20 rounds")


@pytest.mark.parametrize("options", STATE_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_engine_replays_of_every_option_set_step_through_the_state(options):
    # the descriptor's replay plays the default options only; here each option set the suite plays
    # (the search player's rollouts are too slow as plain Python for the no-JIT stage)
    for seed, policy in ((21, "greedy"), (22, "random")) + (() if NO_JIT else ((23, "search"),)):
        doc = replay(seed, policy=policy, samples=2 if policy == "search" else None, **options).to_json()
        opts, actions, returns = replay_actions(doc)
        state = new_state(**opts)
        assert state == new_state(seed, **options)
        for move, action in zip(doc["moves"], actions):
            state.apply(action)
            assert state.moves[-1] == move
        assert state.is_terminal() and state.returns() == returns
        assert state.last_capture == doc["last_capture"]
