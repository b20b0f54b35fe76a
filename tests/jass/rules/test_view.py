"""The Jass round as one seat sees it (issue 50 item 1): :class:`~jass_sim.jass.rules.view.JassView`,
a :class:`~jass_sim.jass.rules.state.JassState` whose other hands may be hidden.

With every hand known the view plays as the State; with hidden hands every real round (random
play of the whole deal through the State) is legal in every seat's view at every step, the hidden
seat's real legal cards are among the view's, and the view stays dealable; its refusals name the
rule (the wording of the position check); the JSON round trip and the clone of a hidden-hand view.
The conformance playthrough plays a view too (``STATE_OPTIONS``'s ``view`` entry). Sizes: a few
dozen random rounds (about 1 s warm; 6 rounds without the JIT), cheap enough to be ``nojit``.
"""

from __future__ import annotations

import json
import random

import pytest
from jit_mode import NO_JIT

from jass_sim.core.errors import InputError
from jass_sim.core.state import IllegalAction
from jass_sim.jass.cards import format_card, parse_cards
from jass_sim.jass.engine.replay import replay_deal
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES
from jass_sim.jass.rules.state import JassState
from jass_sim.jass.rules.view import JassView

#: Random rounds per test: 10 compiled (about 2 s warm under load for the four views of each), 4 without the JIT.
SEEDS = range(4) if NO_JIT else range(10)
HEARTS = 0


def _round(seed: int) -> tuple[JassState, list[str]]:
    """A round of the deal of ``seed`` in mode ``seed % 6``, played at random through the State:
    the State at the first card and the cards played."""
    state = JassState(replay_deal(seed), "chibre")
    state.apply(ROUND_MODE_NAMES[seed % 6])
    start = state.clone()
    rnd = random.Random(seed)
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal()))
    return start, state.history[1:]


@pytest.mark.nojit
def test_with_every_hand_known_the_view_plays_as_the_state():
    for seed in SEEDS:
        state, cards = _round(seed)
        view = JassView(state.dealt, state.mode, state.chooser, me=seed % 4)
        for card in cards:
            assert view.legal() == state.legal(), (seed, state.history)
            assert (view.to_move(), view.trick, view.tricks) == (state.to_move(), state.trick, state.tricks)
            for other in set(view.legal()) ^ {format_card(c) for c in range(36)}:
                assert not view.can(other) and not state.can(other)
            view.apply(card)
            state.apply(card)
        assert view.is_terminal() and view.tricks == state.tricks
        # the view counts no Weis or Stöck: its cards and Matsch are the State's
        for mine, full in zip(view.score, state.score):
            assert (mine["cards"], mine["match"], mine["melds"], mine["stoeck"]) == (full["cards"], full["match"], 0, 0)


@pytest.mark.nojit
def test_every_real_round_is_legal_in_every_seats_view():
    """The real deal always fits what a seat sees: each card played is legal in every seat's view,
    the hidden seat's real legal cards are among the view's, and the view stays dealable."""
    for seed in SEEDS:
        state, cards = _round(seed)
        views = [JassView([h if s == me else None for s, h in enumerate(state.dealt)], state.mode, state.chooser,
                          me=me) for me in range(4)]
        for card in cards:
            real = set(state.legal())
            for view in views:
                legal = set(view.legal())
                assert real <= legal, (seed, view.me, state.history)
                if view.to_move() == view.me:
                    assert legal == real
                view.check_dealable()
                view.apply(card)
            state.apply(card)
        assert all(v.is_terminal() and v.tricks == state.tricks for v in views)


@pytest.mark.nojit
def test_a_hidden_seat_is_refused_what_the_view_rules_out():
    hand = parse_cards("HJ H9 HA SK SQ D6 C7 C8 CT")
    view = JassView([hand, None, None, None], HEARTS, 0, shown=[[], [], parse_cards("D9 DT DJ"), []])
    for card in parse_cards("C7 S6 CA"):  # seat 1 plays ♠ on a ♣ lead: a void in ♣
        view.apply(format_card(card))
    refusals = {"H9": "seat 3 plays H9, which is in seat 0's hand",
                "DT": "seat 3 plays DT, which seat 2 showed in a meld",
                "S6": "card S6 is played twice"}
    for card, why in refusals.items():
        with pytest.raises(IllegalAction, match=f"^{why}$"):
            view.apply(card)
    view.apply("C9")  # seat 3; seat 2's ♣A takes the trick
    assert view.to_move() == 2
    for card in ("S7", "S8", "SQ"):
        view.apply(card)
    with pytest.raises(IllegalAction, match="^seat 1 plays CJ although seat 1 has shown it holds no ♣$"):
        view.apply("CJ")
    assert view.history == ["C7", "S6", "CA", "C9", "S7", "S8", "SQ"]
    assert view.legal() and all(view.can(c) for c in view.legal())


@pytest.mark.nojit
def test_verify_keeps_the_hidden_hands_dealable_and_play_leaves_that_to_check_dealable():
    # seat 0 leads ♦6; seats 1 and 2 show they hold no ♦; if seat 3 did too, no seat could hold ♦9..♦A
    hand = parse_cards("D6 D7 D8 HJ H9 HA SK SQ C7")
    view = JassView([hand, None, None, None], HEARTS, 0)
    for card in ("D6", "S6", "S7"):
        view.apply(card)
    assert "S8" not in view.legal() and "DA" in view.legal()
    with pytest.raises(IllegalAction, match=r"^seat 3 may not play S8 here: no deal fits the history: no hidden "
                                            r"seat may hold D9 DT DJ DQ DK DA \(each has shown it lacks the suit\)$"):
        view.apply("S8")
    view.play(parse_cards("S8")[0])  # the card's own rules allow it
    with pytest.raises(InputError, match="^no deal fits the history: no hidden seat may hold D9"):
        view.check_dealable()


@pytest.mark.nojit
def test_a_hidden_hand_view_survives_json_and_clone():
    state, cards = _round(5)
    view = JassView([None, state.dealt[1], None, None], state.mode, state.chooser, me=1, chibred=True,
                    shown=[[], [], [], []], rules="schieber")
    for card in cards[:13]:
        view.apply(card)
    doc = json.loads(json.dumps(view.to_json()))
    assert doc["hands"][0] is None and doc["view"] == 1 and doc["rules"] == "schieber"
    copy = JassView.from_json(doc)
    assert copy == view
    assert (copy.legal(), copy.to_move(), copy.returns(), copy.voids, copy.declarer) == \
           (view.legal(), view.to_move(), view.returns(), view.voids, (state.chooser + 2) & 3)
    twin = view.clone()
    twin.apply(twin.legal()[0])
    assert twin != view and view.history == cards[:13]


@pytest.mark.nojit
def test_the_viewers_hand_is_known_and_the_hands_are_a_deal():
    hands = replay_deal(2)
    with pytest.raises(InputError, match=r"^the viewer's hand \(seat 0\) must be known$"):
        JassView([None, hands[1], None, None], HEARTS, 0)
    with pytest.raises(InputError, match="is dealt to seats 0 and 1$"):
        JassView([hands[0], hands[0], None, None], HEARTS, 0)
