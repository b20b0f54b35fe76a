"""The Python walks of a hand's pegging go through the one peg step (issue 50 item 2): the
adviser's position check (:func:`jass_sim.cribbage.pegposition.build_position`) and the report's
greedy play-outs (:mod:`jass_sim.cribbage.report_pegging`).

Two kinds of checks: spies on :mod:`jass_sim.cribbage._pegrules` (a walk that wrote the count, the
go, 31 or the points again would not call the step, and these tests fail), and the walks against
:class:`jass_sim.cribbage.state.CribbageState` on random hands (a walk that diverged from the State
fails). Rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh (about two seconds either way).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

# every module that binds the step's functions at import, imported before a spy replaces one of them
# in _pegrules (a kernel module imported during a spy would bind the spy and fail to compile later)
from jass_sim.cribbage import _advice, _pegging, _pegrules, _pegwin, _search, pegposition  # noqa: F401
from jass_sim.cribbage import report_pegging as P
from jass_sim.cribbage.cards import format_card, format_cards, parse_cards
from jass_sim.cribbage.state import DEALER, PONE, CribbageState

from cribbage_reference import value

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

#: Random hands of the agreement tests: 60 hands give about 500 positions with goes, 31s and
#: new counts among them, in about a second (the walks are plain Python over the compiled step).
HANDS = range(60)


class _Spy:
    """Records the calls of one function of ``_pegrules`` and adds up the points it gives."""

    def __init__(self, monkeypatch, module, name):
        self.calls = []
        self.points = 0  # the points the step gave
        real = getattr(_pegrules, name)

        def spy(*args):
            self.calls.append(args)
            out = real(*args)
            self.points += int(out[1])
            return out

        monkeypatch.setattr(module, name, spy)


def test_what_fits_is_the_reference_rule():
    """``fits``, the one rule of what may be played (every walk asks it): a card keeps the count at
    31 or below; every card on every count."""
    for card in range(52):
        for count in range(32):
            assert bool(_pegrules.fits(card, count)) == (count + value(card) <= 31), (card, count)


def _random_hand(rng: random.Random) -> tuple[CribbageState, list[str]]:
    """A hand played to its end through the State with random legal actions; its pegged cards."""
    deck = rng.sample(range(52), 13)
    state = CribbageState([deck[:6], deck[6:12]], deck[12])
    plays: list[str] = []
    while not state.is_terminal():
        action = rng.choice(state.legal())
        if state.phase == "pegging":
            plays.append(action)
        state.apply(action)
    return state, plays


def test_the_position_check_plays_every_card_through_the_peg_step(monkeypatch):
    """Every card of ``--played`` goes through ``peg_play`` and the go of a new count through
    ``peg_forced``: the points come from the step, not from a count written here."""
    play = _Spy(monkeypatch, pegposition, "peg_play")
    forced = _Spy(monkeypatch, pegposition, "peg_forced")
    # pone (he leads): KH, TD, 5H (25), 6C makes 31 for 2 to him; 9S, then the dealer's 7C makes 16
    pos = pegposition.build_position("KH 5H 9S 3C", "3S", False, "KH TD 5H 6C 9S 7C")
    assert len(play.calls) == 6 and not forced.calls
    assert pos.banked == [0, 2] and pos.count == 16 and pos.seq == parse_cards("9S 7C", 2)
    # 10, 20, 30 (KH TD QH) and neither can play on 30: the go point is ours (QH was the last card),
    # the opponent leads the new count (JD 9S 5D: 24)
    forced.calls.clear()
    pos = pegposition.build_position("KH QH 9S 3C", "3S", False, "KH TD QH JD 9S 5D")
    assert len(forced.calls) == 1 and forced.calls[0][0] == _pegrules.GO
    assert pos.banked == [1, 0] and pos.count == 24


def test_the_greedy_play_out_is_the_peg_step(monkeypatch):
    """The report's play-out plays each of the eight cards through ``peg_play`` and takes every go
    and the last card from ``peg_forced``; its points are theirs."""
    play = _Spy(monkeypatch, _pegrules, "peg_play")
    forced = _Spy(monkeypatch, _pegrules, "peg_forced")
    mine, theirs = parse_cards("TH JH QH KH", 4), parse_cards("TD JD QD KD", 4)
    pts = P.play_out([list(mine), list(theirs)], 0, [], 0, -1)
    assert len(play.calls) == 8
    kinds = [int(args[0]) for args in forced.calls]
    # 10 20 30, go (1 to the pone, who played 30); 10 20 30 led by the dealer, go; 10 20 and the last card
    assert kinds.count(_pegrules.GO) == 2 and kinds.count(_pegrules.LAST) == 1
    assert int(pts.sum()) == play.points + forced.points > 0


def _pegged(state: CribbageState, seat: int) -> int:
    """Seat's pegging points so far (cards, goes, the last card), from the State's events."""
    return sum(e["points"] for e in state.events if e["seat"] == seat and e["kind"] in ("card", "go", "last card"))


@pytest.mark.parametrize("seed", [0, 1])
def test_positions_agree_with_the_state(seed):
    """At every card a player is to play in random hands, the adviser's position built from his
    view (his hand, the cards pegged, the opponent's goes read) has the State's count, current
    count, playable cards and pegging points."""
    rng = random.Random(seed)
    checked = 0
    for _ in HANDS:
        state, plays = _random_hand(rng)
        replay = CribbageState(state.six, state.starter)
        replay.apply(state.history[0])
        replay.apply(state.history[1])
        for i in range(len(plays) + 1):
            if replay.phase == "pegging":
                p = replay.to_move()
                pos = pegposition.build_position(format_cards(replay.kept(p)), format_card(replay.starter),
                                                 p == DEALER, " ".join(plays[:i]), format_cards(replay.thrown[p]),
                                                 opponent_go=True)
                assert pos.count == replay.count and pos.seq == replay.current_count()
                assert sorted(pos.legal) == sorted(replay.playable())
                assert pos.banked == [_pegged(replay, p), _pegged(replay, 1 - p)]
                assert pos.opp_left == len(replay.held(1 - p))
                checked += 1
            if i < len(plays):
                replay.apply(plays[i])
    assert checked > 200


@pytest.mark.parametrize("seed", [0, 1])
def test_the_greedy_play_out_agrees_with_the_state(seed):
    """The report's greedy play-out of a hand from the lead scores the pegging the State scores
    when the same cards are played into it (goes, 31s and the last card included)."""
    from jass_sim.cribbage._pegging import PEG_GREEDY, choose_play

    rng = random.Random(seed)
    for _ in HANDS:
        deck = rng.sample(range(52), 13)
        state = CribbageState([deck[:6], deck[6:12]], deck[12])
        state.apply(format_cards(deck[4:6]))
        state.apply(format_cards(deck[10:12]))
        if state.phase != "pegging":  # his heels won the game: nothing to peg
            continue
        pts = P.play_out([state.held(PONE), state.held(DEALER)], PONE, [], 0, -1)
        buf = np.zeros(16, dtype=np.int64)
        while state.phase == "pegging":  # the greedy choice, made on the State
            seq = state.current_count()
            buf[:len(seq)] = seq
            held = np.array(state.held(state.turn), dtype=np.int64)
            idx = int(choose_play(PEG_GREEDY, held, len(held), buf, len(seq), state.count,
                                  np.zeros(4, dtype=np.uint64)))
            state.apply(format_card(int(held[idx])))
        assert [int(x) for x in pts] == [_pegged(state, PONE), _pegged(state, DEALER)]
