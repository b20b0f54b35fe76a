"""The ``fitted`` mode-choice model: its shipped weights, its features on many hands, its fit.

Three ridge regressions predict the mean point difference of a round (ours minus theirs, before
the mode's multiplier) when the chooser plays its hand in a mode: one for the four trump suits
(features read with the trump suit first), one for obe-abe, one for une-ufe. A fourth predicts
the value of chibring (times the multiplier of the mode the partner then picks) from the best and
second-best predicted direct values and a few hand features. The features are computed by the
compiled kernels of :mod:`.features`, the same ones the mode policy runs.

The weights ship in ``jass/data/mode_model.npz``, one vector per rule preset (key: the preset
name), written by ``scripts/fit_mode_model.py``; they are read by :mod:`.weights`.
"""

from __future__ import annotations

import numpy as np

from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
from jass_sim.jass.modes.features import (
    CHIBRE_AT,
    CHIBRE_FEATURES,
    CHOOSER_PARAMS,
    N_MODE_PARAMS,
    OBE_AT,
    PLAIN_FEATURES,
    TRUMP_AT,
    TRUMP_FEATURES,
    UNE_AT,
    chibre_features,
    fitted_best,
    plain_features,
    trump_features,
)

#: Ridge penalty of every fit (on the standardized features; the bias is not penalized).
RIDGE = 1.0


def mode_feature_matrix(hands: np.ndarray, mode: int) -> np.ndarray:
    """``float64[len(hands), n]``: the features of every hand in ``mode`` (``TRUMP_FEATURES``
    for trump modes, ``PLAIN_FEATURES`` for obe-abe and une-ufe)."""
    n = TRUMP_FEATURES if mode < 4 else PLAIN_FEATURES
    out = np.zeros((len(hands), n))
    for i, h in enumerate(np.asarray(hands, dtype=np.uint64)):
        if mode < 4:
            trump_features(h, mode, out[i])
        else:
            plain_features(h, mode - 4, out[i])
    return out


def ridge(x: np.ndarray, y: np.ndarray, penalty: float = RIDGE) -> np.ndarray:
    """Ridge regression weights for ``y ~ x`` (column 0 of ``x`` is the bias, not penalized);
    the features are standardized for the penalty and the weights returned on the raw scale."""
    mean = x[:, 1:].mean(axis=0)
    std = x[:, 1:].std(axis=0)
    std[std == 0] = 1.0
    z = np.column_stack([np.ones(len(x)), (x[:, 1:] - mean) / std])
    reg = penalty * np.eye(z.shape[1])
    reg[0, 0] = 0.0
    b = np.linalg.solve(z.T @ z + reg, z.T @ y)
    w = np.empty_like(b)
    w[1:] = b[1:] / std
    w[0] = b[0] - (w[1:] * mean).sum()
    return w


def r_squared(y: np.ndarray, pred: np.ndarray) -> float:
    """R²: one minus the mean squared error of ``pred`` over the variance of ``y`` (NaN when ``y``
    is constant). On held-out data a biased ``pred`` counts against it; in sample (with the
    unpenalized bias of :func:`ridge`) the residuals have mean 0 and this is ``1 - var(res)/var(y)``."""
    return float(1 - ((y - pred) ** 2).mean() / y.var()) if y.var() > 0 else float("nan")


def fit_direct_models(hands: np.ndarray, values: np.ndarray, rules, params: np.ndarray,
                      penalty: float = RIDGE) -> dict:
    """Fit the three direct models (trump, obe-abe, une-ufe) on ``hands`` (``uint64[n]``) with
    ``values`` (``float[n, len(rules.modes)]``: the mean point difference of playing each hand in
    each mode, multiplier included) and write their weights into ``params`` (a full
    ``mode_params``, at ``TRUMP_AT``, ``OBE_AT``, ``UNE_AT``). Returns the in-sample R² of each
    (NaN for a kind the rules do not allow)."""
    modes = list(rules.modes)
    mults = rules.arrays()[2]
    r2 = {}
    kinds = (("trump", [m for m in modes if m < 4], TRUMP_AT, TRUMP_FEATURES),
             ("obe", [m for m in modes if m == 4], OBE_AT, PLAIN_FEATURES),
             ("une", [m for m in modes if m == 5], UNE_AT, PLAIN_FEATURES))
    for kind, kind_modes, at, n in kinds:
        if not kind_modes:
            r2[kind] = float("nan")
            continue
        x = np.vstack([mode_feature_matrix(hands, m) for m in kind_modes])
        y = np.concatenate([values[:, modes.index(m)] / mults[m] for m in kind_modes])
        w = ridge(x, y, penalty)
        params[at:at + n] = w
        r2[kind] = r_squared(y, x @ w)
    return r2


def direct_predictions(hands: np.ndarray, rules, params: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per hand, the best and second-best predicted direct values times the multiplier under
    ``params`` (a full ``mode_params`` array): the kernel :func:`.features.fitted_best`."""
    modes = np.asarray(rules.modes, dtype=np.int64)
    mults = rules.arrays()[2]
    feats = np.zeros(TRUMP_FEATURES)
    best = np.zeros(len(hands))
    second = np.zeros(len(hands))
    for i, h in enumerate(np.asarray(hands, dtype=np.uint64)):
        _, best[i], second[i] = fitted_best(h, modes, mults, params, feats)
    return best, second


def fit_mode_model(hands: np.ndarray, values: np.ndarray, rules, penalty: float = RIDGE,
                   direct_from: np.ndarray | None = None) -> tuple[np.ndarray, dict]:
    """Fit the four models on ``hands`` (``uint64[n]``) with ``values`` (``float[n, k]``: the mean
    point difference of each option of ``list(rules.modes) + [chibre]``, multiplier included, as
    in the report's ``option_values``).

    ``direct_from`` (optional, ``float64[CHOOSER_PARAMS - 1]``): take the direct (mode) weights from
    it and fit only the chibre model (for a preset whose modes score like another's and whose
    multipliers differ). Returns ``(weights, r2)``: ``weights`` is ``mode_params[1:]``, ``r2`` the
    in-sample R² of each model (``trump``, ``obe``, ``une``, ``chibre``; NaN if not fitted here).
    The chibre values were measured with some partner model; the weights fit that partner.
    """
    hands = np.asarray(hands, dtype=np.uint64)
    values = np.asarray(values, dtype=np.float64)
    modes = list(rules.modes)
    if values.shape != (len(hands), len(modes) + 1):
        raise ValueError(f"values must be {len(hands)} x {len(modes) + 1}, got {values.shape}")
    params = np.zeros(CHOOSER_PARAMS)
    r2 = {}
    if direct_from is not None:
        params[1:] = direct_from
        r2.update(trump=float("nan"), obe=float("nan"), une=float("nan"))
    else:
        r2.update(fit_direct_models(hands, values[:, :-1], rules, params, penalty))
    best, second = direct_predictions(hands, rules, params)
    x = np.zeros((len(hands), CHIBRE_FEATURES))
    for i, h in enumerate(hands):
        chibre_features(h, best[i], second[i], x[i])
    y = values[:, -1]
    w = ridge(x, y, penalty)
    params[CHIBRE_AT:] = w
    r2["chibre"] = r_squared(y, x @ w)
    return params[1:].copy(), r2


def fitted_options(hands: np.ndarray, rules, params: np.ndarray) -> np.ndarray:
    """``int64[n]``: the option the ``fitted`` policy picks for each hand (a mode, or -1 for
    chibre), by the mode-choice kernel itself (:func:`jass_sim.jass.modes.choose.choose_mode`);
    ``params`` is a full ``mode_params`` (``float64[N_MODE_PARAMS]``, the partner's weights too)."""
    if np.shape(params) != (N_MODE_PARAMS,):
        raise ValueError(f"mode_params must have {N_MODE_PARAMS} entries, got {np.shape(params)}")
    modes = np.asarray(rules.modes, dtype=np.int64)
    mults = rules.arrays()[2]
    rng = np.ones(4, dtype=np.uint64)
    out = np.zeros(len(hands), dtype=np.int64)
    for i, h in enumerate(np.asarray(hands, dtype=np.uint64)):
        mode, chibred = choose_mode(MODE_POLICIES["fitted"], h, h, modes, mults, rules.chibre_first_round,
                                    params, rng)
        out[i] = -1 if chibred else mode
    return out
