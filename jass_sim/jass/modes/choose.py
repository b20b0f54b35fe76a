"""Mode-choice kernels: how the chooser (and, after a chibre, the partner) picks the mode.

Policies (``MODE_POLICIES``):

``random``
    A mode drawn uniformly from the allowed ones; never chibres.
``evaluator``
    Scores every allowed mode for the hand with :func:`mode_score` and picks the best score times
    the mode's multiplier (ties: the first allowed mode). When the best score is below the
    threshold ``mode_params[0]`` (default :data:`CHIBRE_BELOW`) and chibre is allowed, it
    chibres; the partner then picks its own best mode and may not pass back.
``fitted``
    A linear model fitted by simulation under the ``net`` card play
    (:mod:`jass_sim.jass.modes.fit`, kernels in :mod:`.features`, weights in :mod:`.weights`): picks the allowed
    mode with the best predicted point difference times the mode's multiplier; chibres (when
    allowed) when the predicted value of chibre beats it; the partner then picks its own best
    predicted mode by the partner model (its own weights, fitted for the partner's position after
    a push: :func:`~jass_sim.jass.modes.features.partner_params`) and may not pass back. Its
    weights follow the threshold in ``mode_params`` (build them with
    :func:`jass_sim.jass.modes.weights.default_mode_params` for the rules played).

:func:`mode_score` is a documented point count, in card points the chooser's team can expect
(out of 157) — a starting heuristic, to be calibrated by simulation:

* trump suit: Buur 20, Nell 14 (+4 with the Buur), A 10, K 6, Q 5, 10 6, each of 8 7 6 4; every
  trump past the third +6; with three trumps or more, +4 per void side suit;
* side suits (trump modes): A 10, K next to the A 5, 10 next to the A 4;
* obe-abe: per suit, the unbroken run from the ace down: 16, 12, 10, 8, 6, ...; an unguarded
  second card (K without A, with 2+ cards) 5; une-ufe: the same from the 6 up;
* stöck (trump K and Q): +20; plus a base of 30.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, jit, popcount
from jass_sim.core.rng import below
from jass_sim.jass.cards import OBE
from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params, predicted_chibre

#: Mode-choice policies by name.
MODE_POLICIES = {"random": 0, "evaluator": 1, "fitted": 2}
#: Default chibre threshold of the evaluator (expected card points of the chooser's team).
CHIBRE_BELOW = 70.0
_TRUMP_VALUE = (4, 4, 4, 14, 6, 20, 5, 6, 10)  # by natural rank 6 7 8 9 T J Q K A
_TOP_RUN = (16, 12, 10, 8, 6, 5, 4, 3, 2)


@jit(inline="always")
def _has(hand, card):
    return (hand >> np.uint64(card)) & U64_ONE


@jit
def mode_score(hand, mode):
    """Heuristic expected card points of the chooser's team for ``hand`` in ``mode``."""
    score = 30.0
    if mode < 4:
        t = mode
        n_trumps = 0
        for r in range(9):
            if _has(hand, 9 * t + r):
                n_trumps += 1
                score += _TRUMP_VALUE[r]
        if _has(hand, 9 * t + 5) and _has(hand, 9 * t + 3):
            score += 4
        if n_trumps > 3:
            score += 6 * (n_trumps - 3)
        if _has(hand, 9 * t + 7) and _has(hand, 9 * t + 6):
            score += 20
        for s in range(4):
            if s == t:
                continue
            ranks = (hand >> np.uint64(9 * s)) & np.uint64(0x1FF)
            if ranks == 0:
                if n_trumps >= 3:
                    score += 4
                continue
            if ranks >> np.uint64(8) & U64_ONE:
                score += 10
                if ranks >> np.uint64(7) & U64_ONE:
                    score += 5
                if ranks >> np.uint64(4) & U64_ONE:
                    score += 4
        return score
    for s in range(4):
        ranks = (hand >> np.uint64(9 * s)) & np.uint64(0x1FF)
        n = popcount(ranks)
        run = 0
        for i in range(9):
            r = 8 - i if mode == OBE else i
            if ranks >> np.uint64(r) & U64_ONE:
                score += _TOP_RUN[run]
                run += 1
            else:
                break
        if run == 0 and n >= 2:
            second = 7 if mode == OBE else 1
            if ranks >> np.uint64(second) & U64_ONE:
                score += 5
    return score


@jit
def best_mode(hand, modes_allowed, multipliers):
    """``(mode, score)`` of the allowed mode with the best score times its multiplier."""
    best = modes_allowed[0]
    best_value = -1e18
    best_score = 0.0
    for i in range(len(modes_allowed)):
        m = modes_allowed[i]
        s = mode_score(hand, m)
        v = (s - 78.5) * multipliers[m]
        if v > best_value:
            best_value = v
            best = m
            best_score = s
    return best, best_score


@jit
def choose_mode(mode_policy, chooser_hand, partner_hand, modes_allowed, multipliers, may_chibre,
                mode_params, rng):
    """``(mode, chibred)`` chosen for the chooser holding ``chooser_hand``."""
    if mode_policy == 0:
        return modes_allowed[below(rng, len(modes_allowed))], 0
    if mode_policy == 2:
        feats = np.zeros(TRUMP_FEATURES)
        mode, value, second = fitted_best(chooser_hand, modes_allowed, multipliers, mode_params, feats)
        if may_chibre and predicted_chibre(chooser_hand, value, second, mode_params, feats) > value:
            return fitted_best(partner_hand, modes_allowed, multipliers, partner_params(mode_params), feats)[0], 1
        return mode, 0
    mode, score = best_mode(chooser_hand, modes_allowed, multipliers)
    if may_chibre and score < mode_params[0]:
        return best_mode(partner_hand, modes_allowed, multipliers)[0], 1
    return mode, 0

