"""Compiled kernels of the ``fitted`` mode policy: hand features in canonical form and the linear
models' predictions (see :mod:`jass_sim.jass.modes.fit` for the weights and their layout).

Card ``9 * suit + rank``, natural ranks 6 7 8 9 T J Q K A = 0..8.

Trump features (one model shared by the four trump suits, the trump suit read first):
``TRUMP_FEATURES`` entries: bias; the nine trump ranks held (6..A); trump count; trumps past the
third; Buur and Nell together; stöck; side-suit aces, kings, kings next to the ace, tens, tens
next to the ace, queens; side voids; side singletons; side voids with three trumps or more.

Obe-abe / une-ufe features (``PLAIN_FEATURES``; une-ufe reads every suit from the 6 up, so the
two share the layout, each with its own weights): bias; the count of each rank from the top
(A..6 for obe-abe, 6..A for une-ufe); the summed unbroken runs from the top; suits with a run of
2+ and 3+; unguarded seconds (the second card without the top, 2+ cards); voids; singletons; the
longest suit; cards past the third summed over suits; cards in suits headed by the top card.

Chibre features (``CHIBRE_FEATURES``): bias; the best and second-best predicted direct values
(times the multiplier); the most trumps in a suit; aces; sixes; jacks; nines; voids.

The partner after a chibre has its own direct weights (fitted for the partner's position by
``scripts/fit_partner.py``: the pusher leads, and the push says the pusher's hand is weak), at
``PARTNER_AT`` of ``mode_params``; :func:`partner_params` is the view of ``mode_params`` in which
they sit where :func:`fitted_best` reads the direct weights.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, jit, popcount

TRUMP_FEATURES = 23
PLAIN_FEATURES = 19
CHIBRE_FEATURES = 9
#: Offsets of the weight vectors in ``mode_params`` (entry 0 is the evaluator's chibre threshold).
TRUMP_AT = 1
OBE_AT = TRUMP_AT + TRUMP_FEATURES
UNE_AT = OBE_AT + PLAIN_FEATURES
CHIBRE_AT = UNE_AT + PLAIN_FEATURES
#: The chooser's part of ``mode_params``: the threshold and the chooser's weights (the shipped
#: ``mode_model.npz`` holds ``CHOOSER_PARAMS - 1`` weights per preset).
CHOOSER_PARAMS = CHIBRE_AT + CHIBRE_FEATURES
#: The partner's direct weights after a chibre (trump, obe-abe, une-ufe; laid out as
#: ``mode_params[TRUMP_AT:CHIBRE_AT]``) follow the chooser's part: :func:`partner_params`.
PARTNER_AT = CHOOSER_PARAMS
PARTNER_WEIGHTS = CHIBRE_AT - TRUMP_AT
N_MODE_PARAMS = PARTNER_AT + PARTNER_WEIGHTS


@jit(inline="always")
def _suit(hand, s):
    return (hand >> np.uint64(9 * s)) & np.uint64(0x1FF)


@jit(inline="always")
def _bit(ranks, r):
    return (ranks >> np.uint64(r)) & U64_ONE


@jit
def trump_features(hand, t, out):
    """Fill ``out[:TRUMP_FEATURES]`` with the features of ``hand`` with trump suit ``t``."""
    out[:TRUMP_FEATURES] = 0.0
    out[0] = 1.0
    trumps = _suit(hand, t)
    n = popcount(trumps)
    for r in range(9):
        out[1 + r] = float(_bit(trumps, r))
    out[10] = n
    out[11] = max(n - 3, 0)
    out[12] = float(_bit(trumps, 5) & _bit(trumps, 3))
    out[13] = float(_bit(trumps, 7) & _bit(trumps, 6))
    for s in range(4):
        if s == t:
            continue
        ranks = _suit(hand, s)
        k = popcount(ranks)
        ace = _bit(ranks, 8)
        out[14] += float(ace)
        out[15] += float(_bit(ranks, 7))
        out[16] += float(_bit(ranks, 7) & ace)
        out[17] += float(_bit(ranks, 4))
        out[18] += float(_bit(ranks, 4) & ace)
        out[19] += float(_bit(ranks, 6))
        if k == 0:
            out[20] += 1.0
            if n >= 3:
                out[22] += 1.0
        elif k == 1:
            out[21] += 1.0


@jit
def plain_features(hand, low, out):
    """Fill ``out[:PLAIN_FEATURES]`` with the obe-abe (``low`` 0) or une-ufe (``low`` 1)
    features of ``hand``."""
    out[:PLAIN_FEATURES] = 0.0
    out[0] = 1.0
    for s in range(4):
        ranks = _suit(hand, s)
        k = popcount(ranks)
        run = 0
        in_run = True
        for i in range(9):
            r = i if low else 8 - i
            held = _bit(ranks, r)
            out[1 + i] += float(held)
            if in_run and held:
                run += 1
            else:
                in_run = False
        out[10] += run
        if run >= 2:
            out[11] += 1.0
        if run >= 3:
            out[12] += 1.0
        second = 1 if low else 7
        if run == 0 and k >= 2 and _bit(ranks, second):
            out[13] += 1.0
        if k == 0:
            out[14] += 1.0
        elif k == 1:
            out[15] += 1.0
        if k > out[16]:
            out[16] = k
        out[17] += max(k - 3, 0)
        if run > 0:
            out[18] += k


@jit
def chibre_features(hand, best, second, out):
    """Fill ``out[:CHIBRE_FEATURES]`` for ``hand`` whose best and second-best predicted direct
    values (times the multiplier) are ``best`` and ``second``."""
    out[:CHIBRE_FEATURES] = 0.0
    out[0] = 1.0
    out[1] = best
    out[2] = second
    for s in range(4):
        ranks = _suit(hand, s)
        k = popcount(ranks)
        if k > out[3]:
            out[3] = k
        out[4] += float(_bit(ranks, 8))
        out[5] += float(_bit(ranks, 0))
        out[6] += float(_bit(ranks, 5))
        out[7] += float(_bit(ranks, 3))
        if k == 0:
            out[8] += 1.0


@jit
def predicted_value(hand, mode, mode_params, feats):
    """The fitted model's mean point difference of playing ``hand`` in ``mode`` (before the
    mode's multiplier); ``feats`` is scratch of at least :data:`TRUMP_FEATURES` entries."""
    if mode < 4:
        trump_features(hand, mode, feats)
        n, at = TRUMP_FEATURES, TRUMP_AT
    else:
        plain_features(hand, mode - 4, feats)
        n, at = PLAIN_FEATURES, OBE_AT if mode == 4 else UNE_AT
    v = 0.0
    for i in range(n):
        v += feats[i] * mode_params[at + i]
    return v


@jit
def fitted_best(hand, modes_allowed, multipliers, mode_params, feats):
    """``(mode, value, second)``: the allowed mode with the best predicted value times its
    multiplier (ties: the first), that value and the runner-up's (``value`` if only one)."""
    best = modes_allowed[0]
    best_value = -1e18
    second = -1e18
    for i in range(len(modes_allowed)):
        m = modes_allowed[i]
        v = predicted_value(hand, m, mode_params, feats) * multipliers[m]
        if v > best_value:
            second = best_value
            best_value = v
            best = m
        elif v > second:
            second = v
    if second < -1e17:
        second = best_value
    return best, best_value, second


@jit
def predicted_chibre(hand, best, second, mode_params, feats):
    """The fitted model's value of chibring ``hand`` (times the partner's mode multiplier)."""
    chibre_features(hand, best, second, feats)
    v = 0.0
    for i in range(CHIBRE_FEATURES):
        v += feats[i] * mode_params[CHIBRE_AT + i]
    return v


@jit(inline="always")
def partner_params(mode_params):
    """The view of ``mode_params`` whose direct weights (at ``TRUMP_AT``, ``OBE_AT``, ``UNE_AT``)
    are the partner's (``mode_params[PARTNER_AT:]``): pass it to :func:`fitted_best` for the
    partner after a chibre. A slice of a contiguous array, so no other compiled variant."""
    return mode_params[PARTNER_AT - TRUMP_AT:]
