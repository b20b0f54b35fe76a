"""The ``fitted`` mode policy's feature and prediction kernels against plain-Python references
(also run with NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
from jass_sim.jass.modes.features import (
    CHIBRE_AT,
    CHIBRE_FEATURES,
    N_MODE_PARAMS,
    OBE_AT,
    PARTNER_AT,
    PARTNER_WEIGHTS,
    PLAIN_FEATURES,
    TRUMP_AT,
    TRUMP_FEATURES,
    UNE_AT,
    chibre_features,
    fitted_best,
    partner_params,
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
    expected = float(ref_chibre(cards, best, second) @ params[CHIBRE_AT:CHIBRE_AT + CHIBRE_FEATURES])
    assert np.isclose(predicted_chibre(h, best, second, params, feats), expected, rtol=1e-9, atol=1e-6)


def ref_fitted_choice(chooser_cards, partner_cards, modes, mults, may_chibre, params):
    """Plain-Python ``fitted`` mode choice: the chooser's best predicted mode (times the
    multiplier, ties to the first), chibre when its predicted value beats it, and then the
    partner's best mode by the partner's own weights (``params[PARTNER_AT:]``)."""
    vals = [ref_value(chooser_cards, m, params) * mults[m] for m in modes]
    order = sorted(vals, reverse=True)
    best, second = order[0], order[1] if len(order) > 1 else order[0]
    chibre = float(ref_chibre(chooser_cards, best, second) @ params[CHIBRE_AT:CHIBRE_AT + CHIBRE_FEATURES])
    if may_chibre and chibre > best:
        partner = np.concatenate([[0.0], params[PARTNER_AT:]])  # the partner's weights at TRUMP_AT..
        pvals = [ref_value(partner_cards, m, partner) * mults[m] for m in modes]
        return int(modes[int(np.argmax(pvals))]), 1
    return int(modes[int(np.argmax(vals))]), 0


two_hands = st.lists(st.integers(0, 35), min_size=18, max_size=18, unique=True)


@settings(max_examples=80, deadline=None)
@given(two_hands, weights, st.lists(st.sampled_from([1, 2, 3]), min_size=6, max_size=6),
       st.sets(st.integers(0, 5), min_size=1), st.booleans(), st.floats(-200, 200))
def test_choose_mode_partner_uses_the_partner_weights(cards, w, mults, allowed, may_chibre, bias):
    """``choose_mode``'s ``fitted`` policy against the plain-Python choice: after a chibre the
    partner picks by the partner weights at ``PARTNER_AT``, not by the chooser's."""
    params = np.asarray(w, dtype=np.float64)
    params[CHIBRE_AT] += bias  # chibre both ways
    modes = np.array(sorted(allowed), dtype=np.int64)
    mults = np.asarray(mults, dtype=np.int64)
    chooser, partner = cards[:9], cards[9:]
    got = choose_mode(MODE_POLICIES["fitted"], mask(chooser), mask(partner), modes, mults, may_chibre, params,
                      np.ones(4, dtype=np.uint64))
    assert (int(got[0]), int(got[1])) == ref_fitted_choice(chooser, partner, modes, mults, may_chibre, params)
    # the view the partner reads: the partner weights where fitted_best reads the direct ones
    view = partner_params(params)
    assert view[TRUMP_AT] == params[PARTNER_AT] and len(view) - TRUMP_AT == PARTNER_WEIGHTS


def test_partner_weights_not_the_chooser_weights_decide():
    """A partner whose weights favour une-ufe picks it although the chooser's weights favour
    hearts: the partner's choice reads the partner block (the old kernel read the chooser's)."""
    params = np.zeros(N_MODE_PARAMS)
    params[TRUMP_AT] = 50.0  # the chooser's direct models: trump +50, obe/une 0
    params[CHIBRE_AT] = 1e6  # the chooser always chibres
    params[PARTNER_AT + UNE_AT - TRUMP_AT] = 80.0  # the partner's une-ufe bias
    modes = np.arange(6, dtype=np.int64)
    mults = np.ones(6, dtype=np.int64)
    got = choose_mode(MODE_POLICIES["fitted"], mask(range(9)), mask(range(9, 18)), modes, mults, True, params,
                      np.ones(4, dtype=np.uint64))
    assert (int(got[0]), int(got[1])) == (5, 1)
