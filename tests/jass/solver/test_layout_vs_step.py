"""The solver's power layout against the Jass step (issue 50: one rule, one place).

The rules of a trick live in :mod:`jass_sim.jass.rules._tricks` (the step). The solver restates
them for its power layout (:mod:`jass_sim.jass.solver._play`, ``_bounds``, ``_tables``), where
beating and undertrumping are bit ranges. These tests check every restatement against the step
exhaustively, over every mode x led suit x winning card, and:

- for a card played to the trick (:func:`beats_p`, :func:`take_p`): every other card;
- for a hand (:func:`legal_p`, :func:`_can_beat`): every hand *pattern* that matters. Both the
  step and the layout read a hand only through which of a few card classes it meets (the led
  suit, the trumps below and above the winning card, the Buur, each other suit; with the winning
  card's suit split at that card), and answer with the hand masked by what they read. So the
  patterns are every choice, per class, of no card, its strongest card alone, or the whole
  class: the unions of whole classes decide every card of every class for every combination of
  classes met, and the single cards give the hands where a class is met by one card (the Buur
  alone, "only trumps").
- for points (``PPTS``, :func:`points_of`): every card and every set of cards of a suit.

A trick so far enters the rules only through its led suit and winning card (the step's
``trick_step`` carries no more), which the loops above cover; the last-trick kernel, which chains
the winner over four cards and adds the last trick's bonus, is checked against ``trick_winner``
and ``trick_points`` on random tricks. About 200,000 hands in all: a few seconds, also with the
JIT off.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.cards import N_CARDS, N_MODES
from jass_sim.jass.rules._tricks import legal_cards, trick_points, trick_power, trick_step, trick_winner
from jass_sim.jass.rules.tables import BUUR, POINTS, POWER
from jass_sim.jass.solver._bounds import _can_beat, points_of
from jass_sim.jass.solver._play import MATCH_HALF, _last_trick, beats_p, legal_p, take_p
from jass_sim.jass.solver._tables import PPTS, TO_NATURAL, TO_POWER

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

U0 = np.uint64(0)


def _trump(mode):
    return mode if mode < 4 else -1


def _pmask(natural, mode):
    """Power-layout mask of a natural mask (an int)."""
    out = 0
    for c in range(N_CARDS):
        if natural >> c & 1:
            out |= 1 << int(TO_POWER[mode, c])
    return out


def _positions():
    """Every ``(mode, led, best)`` after a lead: the winning card is of the led suit or a trump."""
    for mode in range(N_MODES):
        for led in range(4):
            for best in range(N_CARDS):
                if best // 9 == led or best // 9 == _trump(mode):
                    yield mode, led, best


def _step_best(card, led, best, mode):
    """The step's winning card after ``card`` is played on ``best`` (not the lead)."""
    _, new_best, _, _ = trick_step(card, 1, led, best, trick_power(best, led, mode), 0, mode)
    return int(new_best)


def test_layout_is_a_suit_preserving_bijection():
    for mode in range(N_MODES):
        assert sorted(int(x) for x in TO_POWER[mode]) == list(range(N_CARDS))
        for c in range(N_CARDS):
            assert TO_POWER[mode, c] // 9 == c // 9
            assert TO_NATURAL[mode, TO_POWER[mode, c]] == c


def test_beats_p_is_the_step():
    n = 0
    for mode, led, best in _positions():
        for card in range(N_CARDS):
            if card != best:
                takes = _step_best(card, led, best, mode) == card
                assert bool(beats_p(TO_POWER[mode, card], TO_POWER[mode, best], _trump(mode))) == takes, \
                    (mode, led, best, card)
                n += 1
    assert n == 4 * (3 * 18 + 9) * 35 + 2 * 4 * 9 * 35  # every position, every card


def test_take_p_is_the_step():
    for mode, led, best in _positions():
        for card in range(N_CARDS):
            if card != best:
                new_best = _step_best(card, led, best, mode)
                got, seat = take_p(TO_POWER[mode, card], 1, TO_POWER[mode, best], 0, _trump(mode))
                assert (got, seat) == (TO_POWER[mode, new_best], 1 if new_best == card else 0)


def _classes(mode, led, best):
    """The card classes a hand is read through (natural masks, none empty), ``best`` in none."""
    trump = _trump(mode)
    buur = int(BUUR[mode])
    classes = []
    for s in range(4):
        suit = [c for c in range(9 * s, 9 * s + 9) if c != best and not (buur >> c & 1)]
        if s == best // 9:  # split at the winning card: below it, above it
            below = [c for c in suit if POWER[mode, c] < POWER[mode, best]]
            classes += [below, [c for c in suit if c not in below]]
        else:
            classes.append(suit)
        if s == trump and buur != 1 << best:
            classes.append([buur.bit_length() - 1])
    return [sorted(c, key=lambda c: POWER[mode, c]) for c in classes if c]


def _patterns(classes):
    """Every hand made of, per class, no card, its strongest card, or all of it."""
    choices = [(0, 1 << cls[-1], sum(1 << c for c in cls)) for cls in classes]
    for pick in itertools.product(*choices):
        yield sum(pick)


def test_legal_p_is_the_step():
    n = 0
    for mode, led, best in _positions():
        trump = _trump(mode)
        pbest = TO_POWER[mode, best]
        beating = sum(1 << c for c in range(N_CARDS) if c != best and _step_best(c, led, best, mode) == c)
        for hand in _patterns(_classes(mode, led, best)):
            want = int(legal_cards(np.uint64(hand), led, best, mode))
            ph = np.uint64(_pmask(hand, mode))
            assert int(legal_p(ph, led, pbest, trump)) == _pmask(want, mode), (mode, led, best, hex(hand))
            assert bool(_can_beat(ph, led, pbest, trump)) == (want & beating != 0), (mode, led, best, hex(hand))
            n += 1
    assert n == 161_028  # 3 ** (classes) hands at each of the 324 positions: none skipped
    for mode in range(N_MODES):  # the lead: any card
        for suits in range(16):
            hand = sum(0x1FF << (9 * s) for s in range(4) if suits >> s & 1)
            assert int(legal_cards(np.uint64(hand), -1, 0, mode)) == hand
            assert int(legal_p(np.uint64(_pmask(hand, mode)), -1, 0, _trump(mode))) == _pmask(hand, mode)


def test_points_are_the_step():
    for mode in range(N_MODES):
        for c in range(N_CARDS):
            assert PPTS[mode, TO_POWER[mode, c]] == POINTS[mode, c]
        for s in range(4):
            for m in range(512):
                natural = m << (9 * s)
                want = sum(int(POINTS[mode, c]) for c in range(N_CARDS) if natural >> c & 1)
                assert points_of(np.uint64(_pmask(natural, mode)), mode) == want


@settings(max_examples=400, deadline=None)
@given(st.integers(0, N_MODES - 1), st.integers(0, 3), st.permutations(range(N_CARDS)), st.integers(0, 3))
def test_last_trick_is_the_step(mode, leader, deck, flag):
    trick = np.array(deck[:4], dtype=np.int64)  # in playing order from the leader
    hs = np.zeros(4, dtype=np.uint64)
    for i in range(4):
        hs[(leader + i) & 3] = np.uint64(1 << int(TO_POWER[mode, trick[i]]))
    winner = (leader + trick_winner(trick, mode)) & 3
    points = trick_points(trick, mode, True)
    if winner & 1:
        want = -MATCH_HALF if flag & 2 else 0
    else:
        want = points + (MATCH_HALF if flag & 1 else 0)
    assert _last_trick(hs, mode, _trump(mode), leader, flag) == want
