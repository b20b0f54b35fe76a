"""The ``fitted`` mode policy's feature and prediction kernels against plain-Python references
(also run with NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.modes.features import (
    CHIBRE_AT,
    CHIBRE_FEATURES,
    N_MODE_PARAMS,
    OBE_AT,
    PLAIN_FEATURES,
    TRUMP_AT,
    TRUMP_FEATURES,
    UNE_AT,
    chibre_features,
    fitted_best,
    plain_features,
    predicted_chibre,
    predicted_value,
    trump_features,
)

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

A, K, Q, J, T, NINE, SIX = 8, 7, 6, 5, 4, 3, 0


def suits_of(cards):
    """``{suit: set of ranks}`` for card numbers ``9 * suit + rank``."""
    out = {s: set() for s in range(4)}
    for c in cards:
        out[c // 9].add(c % 9)
    return out


def ref_trump(cards, t):
    h = suits_of(cards)
    tr = h[t]
    n = len(tr)
    f = [1.0] + [float(r in tr) for r in range(9)] + [n, max(n - 3, 0), float(J in tr and NINE in tr),
                                                      float(K in tr and Q in tr)]
    side = [h[s] for s in range(4) if s != t]
    f += [sum(A in s for s in side), sum(K in s for s in side), sum(K in s and A in s for s in side),
          sum(T in s for s in side), sum(T in s and A in s for s in side), sum(Q in s for s in side),
          sum(len(s) == 0 for s in side), sum(len(s) == 1 for s in side),
          sum(len(s) == 0 for s in side) if n >= 3 else 0]
    return np.array(f, dtype=float)


def ref_plain(cards, low):
    h = suits_of(cards)
    order = list(range(9)) if low else list(range(8, -1, -1))   # from the top card of the mode
    f = [1.0] + [sum(order[i] in h[s] for s in range(4)) for i in range(9)]
    runs = []
    for s in range(4):
        run = 0
        while run < 9 and order[run] in h[s]:
            run += 1
        runs.append(run)
    f += [sum(runs), sum(r >= 2 for r in runs), sum(r >= 3 for r in runs),
          sum(runs[s] == 0 and len(h[s]) >= 2 and order[1] in h[s] for s in range(4)),
          sum(len(h[s]) == 0 for s in range(4)), sum(len(h[s]) == 1 for s in range(4)),
          max(len(h[s]) for s in range(4)), sum(max(len(h[s]) - 3, 0) for s in range(4)),
          sum(len(h[s]) for s in range(4) if runs[s] > 0)]
    return np.array(f, dtype=float)


def ref_chibre(cards, best, second):
    h = suits_of(cards)
    return np.array([1.0, best, second, max(len(h[s]) for s in range(4)), sum(A in h[s] for s in range(4)),
                     sum(SIX in h[s] for s in range(4)), sum(J in h[s] for s in range(4)),
                     sum(NINE in h[s] for s in range(4)), sum(len(h[s]) == 0 for s in range(4))])


def ref_value(cards, mode, params):
    if mode < 4:
        return float(ref_trump(cards, mode) @ params[TRUMP_AT:TRUMP_AT + TRUMP_FEATURES])
    at = OBE_AT if mode == 4 else UNE_AT
    return float(ref_plain(cards, mode - 4) @ params[at:at + PLAIN_FEATURES])


def mask(cards):
    return np.uint64(cards_to_mask(cards))


hands = st.lists(st.integers(0, 35), min_size=9, max_size=9, unique=True)
weights = st.lists(st.floats(-20, 20, allow_nan=False, width=32), min_size=N_MODE_PARAMS, max_size=N_MODE_PARAMS)


@settings(max_examples=100, deadline=None)
@given(hands, st.integers(0, 5))
def test_features_match_reference(cards, mode):
    h = mask(cards)
    out = np.full(TRUMP_FEATURES, np.nan)
    if mode < 4:
        trump_features(h, mode, out)
        np.testing.assert_array_equal(out, ref_trump(cards, mode))
    else:
        plain_features(h, mode - 4, out)
        np.testing.assert_array_equal(out[:PLAIN_FEATURES], ref_plain(cards, mode - 4))
    chibre_features(h, 12.5, -3.0, out)
    np.testing.assert_array_equal(out[:CHIBRE_FEATURES], ref_chibre(cards, 12.5, -3.0))


def test_trump_features_read_the_trump_suit_first():
    """The same hand with its suits permuted has the same features in the permuted trump."""
    cards = [9 * 0 + J, 9 * 0 + NINE, 9 * 0 + A, 9 * 1 + K, 9 * 2 + SIX, 9 * 2 + 1, 9 * 3 + A, 9 * 3 + T, 9 * 3 + Q]
    swapped = [9 * {0: 2, 2: 0}.get(c // 9, c // 9) + c % 9 for c in cards]
    a, b = np.zeros(TRUMP_FEATURES), np.zeros(TRUMP_FEATURES)
    trump_features(mask(cards), 0, a)
    trump_features(mask(swapped), 2, b)
    np.testing.assert_array_equal(a, b)
    assert a[1 + J] == 1 and a[12] == 1 and a[10] == 3  # Buur, Buur and Nell, three trumps


@settings(max_examples=60, deadline=None)
@given(hands, weights, st.lists(st.sampled_from([1, 2, 3]), min_size=6, max_size=6),
       st.sets(st.integers(0, 5), min_size=1))
def test_predictions_match_reference(cards, w, mults, allowed):
    params = np.asarray(w, dtype=np.float64)
    h = mask(cards)
    feats = np.zeros(TRUMP_FEATURES)
    modes = np.array(sorted(allowed), dtype=np.int64)
    mults = np.asarray(mults, dtype=np.int64)
    vals = [ref_value(cards, m, params) * mults[m] for m in modes]
    for m in modes:
        assert np.isclose(predicted_value(h, m, params, feats), ref_value(cards, m, params), rtol=1e-9, atol=1e-6)
    mode, best, second = fitted_best(h, modes, mults, params, feats)
    order = sorted(vals, reverse=True)
    assert mode == modes[int(np.argmax(vals))]
    assert np.isclose(best, order[0], atol=1e-6)
    assert np.isclose(second, order[1] if len(order) > 1 else order[0], atol=1e-6)
    expected = float(ref_chibre(cards, best, second) @ params[CHIBRE_AT:])
    assert np.isclose(predicted_chibre(h, best, second, params, feats), expected, rtol=1e-9, atol=1e-6)
