"""The Cribbage state (:mod:`jass_sim.cribbage.state`) and the one peg step under it
(:mod:`jass_sim.cribbage._pegrules`): the step against the plain-Python reference (also run with
NUMBA_DISABLE_JIT=1 by scripts/test.sh), random playouts checked rule by rule against the
reference, the JSON round trip, clones, refusals, and the engine's replays played into the state."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.state import IllegalAction
from jass_sim.cribbage._pegrules import END, PLAY, peg_forced, peg_next, peg_play, peg_settle
from jass_sim.cribbage.cards import card_value, format_card, parse_cards
from jass_sim.cribbage.descriptor import GAME
from jass_sim.cribbage.state import DEALER, PONE, CribbageState, deal_seed

from cribbage_reference import ref_check_pegging, ref_peg_hand, ref_score, value

#: Seeds of the random playouts: every one plays a whole hand with every check at every step
#: (200 hands meet goes, 31s, pairs royal and runs many times over; a rule broken on a rarer
#: event shows in the hypothesis test of the step below).
PLAYOUT_SEEDS = range(200)


def _walk_step(hands, n_left, pone, picks):
    """Peg ``hands`` with the compiled step, the player to play taking his ``picks[j] % n``-th
    playable card (hand order); returns each player's points and the cards in play order."""
    seq = np.zeros(16, dtype=np.int64)
    base = k = count = 0
    turn, last, j = pone, -1, 0
    pts, played = [0, 0], []
    while True:
        kind = peg_next(hands, n_left, count, turn)
        if kind == END:
            break
        # the forced steps the searches take in one call agree with the step taken one at a time
        settled = peg_settle(hands, n_left, base, k, count, turn, last)
        if kind == PLAY:
            held = [int(c) for c in hands[turn, :n_left[turn]]]
            playable = [i for i, c in enumerate(held) if count + card_value(c) <= 31]
            assert not settled[0] and tuple(settled[1:]) == (0, 0, base, k, count, turn)
            idx = playable[picks[j % len(picks)] % len(playable)]
            j += 1
            card, got, shown, base, k, count = peg_play(hands, n_left, seq, base, k, count, turn, idx)
            assert shown <= 31 and count == (0 if shown == 31 else shown)
            assert sum(card_value(c) for c in seq[base:base + k]) == count
            played.append(int(card))
            pts[turn] += int(got)
            last, turn = turn, 1 - turn
        else:
            who, got, base, k, count, turn = peg_forced(kind, base, k, count, turn, last)
            pts[who] += int(got)
            nxt = peg_next(hands, n_left, count, turn)
            if nxt in (PLAY, END):  # the last forced step: where the settled walk stops, with its points
                assert bool(settled[0]) == (nxt == END)
                assert tuple(settled[1:]) == (got * (who == 0), got * (who == 1), base, k, count, turn)
    return pts, played


@pytest.mark.nojit
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=8, max_size=8, unique=True), st.integers(0, 1),
       st.lists(st.integers(0, 3), min_size=8, max_size=8), st.integers(0, 4), st.integers(1, 4))
def test_the_peg_step_pegs_as_the_reference(cards, pone, picks, n0, n1):
    """Go, 31, the go point, the last card and every card's points as the reference rules peg."""
    kept = [cards[:n0], cards[4:4 + n1]]
    hands = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        hands[p, :len(kept[p])] = kept[p]
    n_left = np.array([len(kept[0]), len(kept[1])], dtype=np.int64)
    pts, played = _walk_step(hands, n_left, pone, picks)
    j = [0]
    ref_played = []

    def choose(p, hand, seq, _played):
        count = sum(value(c) for c in seq)
        playable = [c for c in hand if count + value(c) <= 31]
        c = playable[picks[j[0] % len(picks)] % len(playable)]
        j[0] += 1
        ref_played.append(c)
        return c

    assert pts == ref_peg_hand(kept, pone, choose)
    assert played == ref_played


def _point_events(state: CribbageState):
    return [e for e in state.events if e["kind"] in ("card", "go", "last card") and (e["card"] or e["points"])]


def _check_terminal(state: CribbageState) -> None:
    """Every card once, the pegging and the show as the reference counts them, returns their sum."""
    kept = {p: state.kept(p) for p in (PONE, DEALER)}
    events = [{"player": e["seat"], "card": parse_cards(e["card"], 1)[0] if e["card"] else None,
               "count": e["count"], "points": e["points"]} for e in _point_events(state)]
    pegged, left = ref_check_pegging(events, kept, PONE)
    assert left == {PONE: [], DEALER: []}
    cards = [e["card"] for e in events if e["card"] is not None]
    assert sorted(cards) == sorted(kept[PONE] + kept[DEALER])  # each kept card played once
    crib = state.thrown[PONE] + state.thrown[DEALER]
    assert sorted(crib + kept[PONE] + kept[DEALER]) == sorted(state.six[PONE] + state.six[DEALER])
    shown = {(e["seat"], e["kind"]): e["points"] for e in state.events if e["kind"] in ("hand", "crib")}
    assert shown == {(PONE, "hand"): ref_score(kept[PONE], state.starter),
                     (DEALER, "hand"): ref_score(kept[DEALER], state.starter),
                     (DEALER, "crib"): ref_score(crib, state.starter, crib=True)}
    heels = 2 if state.starter % 13 == 10 else 0
    assert state.returns() == [pegged[PONE] + shown[(PONE, "hand")],
                               heels + pegged[DEALER] + shown[(DEALER, "hand")] + shown[(DEALER, "crib")]]
    assert state.legal() == [] and state.to_move() == -1


def test_random_playouts_keep_every_rule():
    rng = random.Random(50)
    for seed in PLAYOUT_SEEDS:
        state = GAME.new_state(seed)
        assert state.six == list(deal_seed(seed)[:2])
        while not state.is_terminal():
            legal = state.legal()
            assert legal, f"seed {seed}: nothing legal before the end"
            p = state.to_move()
            if state.phase == "discard":
                assert len(legal) == 15
                assert all(len(parse_cards(a, 2)) == 2 and set(parse_cards(a, 2)) <= set(state.six[p]) for a in legal)
            else:
                assert {parse_cards(a, 1)[0] for a in legal} <= set(state.held(p))
                assert all(state.count + card_value(parse_cards(a, 1)[0]) <= 31 for a in legal)
            doc = state.to_json()
            assert CribbageState.from_json(doc) == state and CribbageState.from_json(doc).to_json() == doc
            state.apply(rng.choice(legal))
            assert state.count <= 31
        _check_terminal(state)


def test_a_clone_is_independent():
    state = GAME.new_state(7)
    state.apply(state.legal()[0])
    copy = state.clone()
    before = state.to_json()
    copy.apply(copy.legal()[3])
    assert state.to_json() == before and copy.to_json() != before and copy.history[:-1] == state.history


def _refused(state: CribbageState, action: str, words: str) -> None:
    before = state.to_json()
    assert not state.can(action)
    with pytest.raises(IllegalAction, match=words):
        state.apply(action)
    assert state.to_json() == before


def test_illegal_actions_are_refused_with_the_rule_and_change_nothing():
    state = GAME.new_state(1)  # pone QH QC 9H 8S QD AD, dealer JH AH QS 5C 8H KS, starter 3C
    _refused(state, "JH AH", "JH is not one of the pone's six cards")
    _refused(state, "QH", "2 cards")
    state.apply("9h 8s")
    assert state.history == ["9H 8S"] and state.to_move() == DEALER
    state.apply("AH 8H")
    assert state.phase == "pegging" and state.to_move() == PONE
    _refused(state, "QS", "QS is the dealer's, but the pone is to play on a count of 0")
    _refused(state, "8S", "8S is in neither player's kept cards")
    for card in ("QH", "QS", "QC"):
        state.apply(card)
    # 30: the dealer cannot play (he says go), the pone plays AD for 31
    assert state.count == 30 and state.to_move() == PONE and state.legal() == ["AD"]
    _refused(state, "QD", "QD would make the count 40, over 31")
    state.apply("AD")
    assert state.count == 0 and state.points == [8, 2]


def test_the_hand_stops_when_a_score_reaches_121():
    six = [parse_cards("QH QC 9H 8S QD AD"), parse_cards("JH AH QS 5C 8H KS")]
    state = CribbageState(six, parse_cards("JC")[0], scores=(0, 119))
    state.apply("9H 8S")
    state.apply("AH 8H")
    assert state.is_terminal() and state.returns() == [0.0, 2.0] and state.winner() == DEALER
    _refused(state, "QH", "QH is played after the game ended")
    state = CribbageState(six, parse_cards("3C")[0], scores=(119, 0))
    state.apply("9H 8S")
    state.apply("AH 8H")
    state.apply("QH")
    state.apply("QS")  # a pair for the dealer: 2
    state.apply("QC")  # a pair royal for the pone: 6, 125
    assert state.is_terminal() and state.returns() == [6.0, 2.0]


@pytest.mark.parametrize("seed, a, b", [(1, "expect", "greedy"), (2, "random", "greedy"), (3, "search", "wide"),
                                        (4, "greedy", "random"), (5, "expect", "search")])
def test_the_engine_replay_played_into_the_state_scores_the_same(seed, a, b):
    from jass_sim.cribbage import replay

    doc = replay(seed, player_a=a, player_b=b).to_json()
    options, actions, returns = GAME.replay_actions(doc)
    state = GAME.new_state(**options)
    for action in actions:
        state.apply(action)
    assert state.is_terminal() and state.returns() == returns
    hand = doc["hands"][0]
    seat = {("B" if hand["dealer"] == "A" else "A"): PONE, hand["dealer"]: DEALER}
    trace = [(seat[e["player"]], e["card"], e["count"], e["points"]) for e in hand["pegging"]]
    assert [(e["seat"], e["card"], e["count"], e["points"]) for e in _point_events(state)] == trace
    assert format_card(state.starter) == hand["starter"]
