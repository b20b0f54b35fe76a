"""The fast announcer, compiled: a number from the hand, the trump and the seat's place in the
announcing order, by a linear model of the hand's features fitted by simulation
(``scripts/fit_differenzler_announcer.py``, coefficients in :mod:`.announcer_model`).

The model is a median (least absolute deviation) regression of the points the ``number`` players
make on the features below: for an absolute-error penalty the best number is a median of the
points a hand makes.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit, popcount
from jass_sim.jass.differenzler.announcer_model import COEFFICIENTS
from jass_sim.jass.rules.tables import POINTS, SUIT_MASK

#: The features, in the order of :data:`COEFFICIENTS`.
FEATURES = ("one", "buur", "nell", "trump_ace", "other_trumps", "side_aces", "side_tens", "side_kings",
            "side_queens", "card_points", "void_suits", "second", "third", "dealer")
N_FEATURES = len(FEATURES)
_COEF = np.asarray(COEFFICIENTS, dtype=np.float64)
_J, _NINE, _A, _T, _K, _Q = 5, 3, 8, 4, 7, 6


@jit(inline="always")
def _has(hand, card):
    return (hand >> np.uint64(card)) & np.uint64(1) != np.uint64(0)


@jit
def hand_features(hand, trump, place, out):
    """The features of ``hand`` (uint64) with ``trump`` (0..3) at ``place`` (0: the player after
    the dealer, 3: the dealer) into ``out`` (float64[N_FEATURES])."""
    out[0] = 1.0
    out[1] = 1.0 if _has(hand, 9 * trump + _J) else 0.0
    out[2] = 1.0 if _has(hand, 9 * trump + _NINE) else 0.0
    out[3] = 1.0 if _has(hand, 9 * trump + _A) else 0.0
    out[4] = popcount(hand & SUIT_MASK[trump]) - out[1] - out[2] - out[3]
    aces = 0.0
    tens = 0.0
    kings = 0.0
    queens = 0.0
    voids = 0.0
    for s in range(4):
        if s == trump:
            continue
        aces += 1.0 if _has(hand, 9 * s + _A) else 0.0
        tens += 1.0 if _has(hand, 9 * s + _T) else 0.0
        kings += 1.0 if _has(hand, 9 * s + _K) else 0.0
        queens += 1.0 if _has(hand, 9 * s + _Q) else 0.0
        if hand & SUIT_MASK[s] == np.uint64(0):
            voids += 1.0
    out[5] = aces
    out[6] = tens
    out[7] = kings
    out[8] = queens
    pts = 0
    for c in range(36):
        if _has(hand, c):
            pts += POINTS[trump, c]
    out[9] = pts
    out[10] = voids
    out[11] = 1.0 if place == 1 else 0.0
    out[12] = 1.0 if place == 2 else 0.0
    out[13] = 1.0 if place == 3 else 0.0


@jit
def announce(hand, trump, place, coef):
    """The announcer's number (0..157) for ``hand`` with ``trump`` at ``place`` by the model ``coef``."""
    f = np.empty(N_FEATURES, dtype=np.float64)
    hand_features(hand, trump, place, f)
    x = 0.0
    for k in range(N_FEATURES):
        x += coef[k] * f[k]
    b = np.int64(np.floor(x + 0.5))
    if b < 0:
        return np.int64(0)
    if b > 157:
        return np.int64(157)
    return b


def model_coefficients() -> np.ndarray:
    """The fitted coefficients (float64[N_FEATURES])."""
    return _COEF
