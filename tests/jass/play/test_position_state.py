"""The position check and the review walk a round through its State (issue 50 item 1): the
history of :func:`~jass_sim.jass.play.position.build_position` is played through seat 0's
:class:`~jass_sim.jass.rules.view.JassView`, and the review's per-decision positions come from one
walk of each reviewed seat's view. A rule changed in the State's step changes the position check;
the review's walk gives, card by card, the positions the check builds from scratch; and a history
that no deal fits because no hidden seat may hold some cards is refused. Sizes: 6 random rounds
(3 without the JIT), under a second warm.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from jit_mode import NO_JIT

import jass_sim.jass.rules.state as state_module
from jass_sim.core.errors import InputError
from jass_sim.jass.cards import parse_cards, parse_mode
from jass_sim.jass.engine.replay import replay_deal
from jass_sim.jass.play.position import Position, build_position
from jass_sim.jass.play.review import _rotated, _walk
from jass_sim.jass.play.round_file import RoundInput
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES
from jass_sim.jass.rules.state import JassState

HEARTS = parse_mode("H")
HAND = "H8 H9 HQ HA S9 C7 D6 D7 D8"
SEEDS = range(3) if NO_JIT else range(6)


@pytest.mark.nojit
def test_the_position_check_takes_its_rule_from_the_states_step(monkeypatch):
    # spades led by seat 1: seat 0 may follow with S9 or trump
    pos = build_position(parse_cards(HAND), HEARTS, 1, parse_cards("S6 SK S7"))
    assert pos.legal == parse_cards("H8 H9 HQ HA S9")
    build_position(parse_cards(HAND), HEARTS, 1, parse_cards("S6 SK S7 S9"), require_turn=False)

    def lowest_only(hand, trick, n_in, mode):  # a changed rule: only the lowest card may be played
        return np.uint64(int(hand) & -int(hand))

    monkeypatch.setattr(state_module, "legal_card_mask", lowest_only)
    pos = build_position(parse_cards(HAND), HEARTS, 1, parse_cards("S6 SK S7"))
    assert pos.legal == parse_cards("H8")
    with pytest.raises(InputError, match="^seat 0 may not play S9 here: "):
        build_position(parse_cards(HAND), HEARTS, 1, parse_cards("S6 SK S7 S9"), require_turn=False)


@pytest.mark.nojit
def test_no_deal_fits_when_no_hidden_seat_may_hold_an_unseen_card():
    # seat 0 leads ♦6 and no other seat follows: nobody may hold ♦9..♦A (accepted before issue 50's walk)
    hand = parse_cards("D6 D7 D8 HJ H9 HA SK SQ C7")
    build_position(hand, HEARTS, 0, parse_cards("D6 S6 S7"), require_turn=False)
    with pytest.raises(InputError, match=r"^no deal fits the history: no hidden seat may hold D9 DT DJ DQ DK DA "
                                         r"\(each has shown it lacks the suit\)$") as err:
        build_position(hand, HEARTS, 0, parse_cards("D6 S6 S7 S8"))
    assert err.value.token == "--played"


def _round(seed: int, all_hands: bool) -> RoundInput:
    """A round played at random through the State, as a round file gives it: the Weis shown by the
    team whose Weis count, every hand (or the reviewed seats' only)."""
    hands = replay_deal(seed)
    state = JassState(hands, "chibre")
    state.apply(ROUND_MODE_NAMES[seed % 6])
    shown: dict[int, list[int]] = {}
    for meld in state.melds:
        if meld["seat"] % 2 == state.meld_winner:
            shown.setdefault(meld["seat"], []).extend(meld["cards"])
    rnd = random.Random(seed)
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal()))
    played = [parse_cards(c)[0] for c in state.history[1:]]
    return RoundInput("chibre", state.mode, state.chooser, None, False,
                      [list(h) if all_hands or s % 2 == seed % 2 else None for s, h in enumerate(hands)], shown,
                      played)


@pytest.mark.nojit
@pytest.mark.parametrize("all_hands", [True, False])
def test_the_review_walk_gives_the_positions_the_check_builds(all_hands):
    for seed in SEEDS:
        r = _round(seed, all_hands)
        for me in [s for s in range(4) if r.hands[s] is not None]:
            turns = 0
            for i, view in _walk(r, me):
                if view.to_move() == 0:
                    hands = [r.hands[(s + me) % 4] for s in range(4)] if all_hands else None
                    assert Position.from_view(view, hands) == _rotated(r, me, i), (seed, me, i)
                    turns += 1
            assert turns == 9


@pytest.mark.nojit
@pytest.mark.parametrize("mode, hand, played, shown, why", [
    # seat 3 showed ♦9 ♦10 ♦J, then did not follow ♦
    ("H", "D6 D7 D8 HJ H9 HA SK SQ C7", "D6 S6 S7 S8", {3: "D9 DT DJ"},
     "meld card D9 is still out although seat 3 has shown it holds no ♦"),
    # seats 1 and 2 lack ♦ and ♣: seat 3 alone would hold the 12 unseen ones with 7 cards left
    ("OBE", "D6 D8 HJ H9 HA SK SQ C7 CA", "D6 S6 S7 D7 C6 C7 S8 ST", {},
     "no deal fits the history: seats 3 would have to hold 12 cards of the suits the others have shown they lack"),
])
def test_the_dealing_of_the_hidden_hands_is_refused_as_before(mode, hand, played, shown, why):
    """The wording the position check had before it walked through the view (the same lines at fcfe847)."""
    with pytest.raises(InputError) as err:
        build_position(parse_cards(hand), parse_mode(mode), 0, parse_cards(played),
                       {s: parse_cards(c) for s, c in shown.items()}, require_turn=False)
    assert str(err.value) == why
