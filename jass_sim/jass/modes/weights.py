"""The shipped weights of the ``fitted`` mode policy, and the ``mode_params`` array the kernels read.

The weights ship in ``jass/data/mode_model.npz``, one vector per rule preset (key: the preset
name), written by ``scripts/fit_mode_model.py`` with :func:`jass_sim.jass.modes.fit.fit_mode_model`:
``mode_params[1:]`` of :func:`default_mode_params`. Their layout is in :mod:`.features`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from jass_sim.jass.modes.choose import CHIBRE_BELOW
from jass_sim.jass.modes.features import N_MODE_PARAMS
from jass_sim.jass.rules.presets import get_rules

WEIGHTS_FILE = Path(__file__).parent.parent / "data" / "mode_model.npz"


@lru_cache(maxsize=None)
def _load(path: str) -> dict:
    with np.load(path) as z:
        return {k: z[k].copy() for k in z.files}


def fitted_weights(rules, path: Path | None = None) -> np.ndarray:
    """``float64[N_MODE_PARAMS - 1]``: the shipped ``fitted`` weights for ``rules`` (a preset
    name or :class:`~jass_sim.jass.rules.RuleSet`)."""
    name = get_rules(rules).name
    weights = _load(str(path or WEIGHTS_FILE))
    if name not in weights:
        raise ValueError(f"{path or WEIGHTS_FILE} has no fitted mode model for the {name!r} rules")
    w = weights[name]
    if w.shape != (N_MODE_PARAMS - 1,):
        raise ValueError(f"fitted mode model of {name!r}: {w.shape[0]} weights, expected {N_MODE_PARAMS - 1}")
    return w


def default_mode_params(rules) -> np.ndarray:
    """``mode_params`` of the mode policies for ``rules`` (a preset name or
    :class:`~jass_sim.jass.rules.RuleSet`): the evaluator's threshold
    :data:`~jass_sim.jass.modes.choose.CHIBRE_BELOW`, then the ``fitted`` model's weights for that
    preset (:func:`fitted_weights`)."""
    out = np.zeros(N_MODE_PARAMS)
    out[0] = CHIBRE_BELOW
    out[1:] = fitted_weights(rules)
    return out
