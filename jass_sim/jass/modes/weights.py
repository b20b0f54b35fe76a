"""The shipped weights of the ``fitted`` mode policy, and the ``mode_params`` array the kernels read.

The chooser's weights ship in ``jass/data/mode_model.npz``, one vector per rule preset (key: the
preset name), written by ``scripts/fit_mode_model.py`` with
:func:`jass_sim.jass.modes.fit.fit_mode_model`: ``mode_params[1:CHOOSER_PARAMS]`` of
:func:`default_mode_params`. The partner model after a chibre (issue 44) ships in
``jass/data/partner_model.npz`` (:data:`PARTNER_FILE`), written by ``scripts/fit_partner.py``:
``mode_params[PARTNER_AT:]``. Their layout is in :mod:`.features`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from jass_sim.jass.modes.choose import CHIBRE_BELOW
from jass_sim.jass.modes.features import CHOOSER_PARAMS, N_MODE_PARAMS, PARTNER_AT, PARTNER_WEIGHTS, TRUMP_AT
from jass_sim.jass.rules.presets import get_rules

WEIGHTS_FILE = Path(__file__).parent.parent / "data" / "mode_model.npz"
#: The partner model after a chibre: direct weights only (trump, obe-abe, une-ufe: the layout of
#: ``mode_params[TRUMP_AT:CHIBRE_AT]``), one vector per preset it was fitted for, and ``format``
#: (:data:`PARTNER_FORMAT`, the layout's version).
PARTNER_FILE = Path(__file__).parent.parent / "data" / "partner_model.npz"
PARTNER_FORMAT = 1


@lru_cache(maxsize=None)
def _load(path: str) -> dict:
    with np.load(path) as z:
        return {k: z[k].copy() for k in z.files}


def fitted_weights(rules, path: Path | None = None) -> np.ndarray:
    """``float64[CHOOSER_PARAMS - 1]``: the shipped ``fitted`` chooser weights for ``rules`` (a
    preset name or :class:`~jass_sim.jass.rules.RuleSet`)."""
    rules = get_rules(rules)
    name = rules.chooser_weights or rules.name
    weights = _load(str(path or WEIGHTS_FILE))
    if name not in weights:
        raise ValueError(f"{path or WEIGHTS_FILE} has no fitted mode model for the {name!r} rules")
    w = weights[name]
    if w.shape != (CHOOSER_PARAMS - 1,):
        raise ValueError(f"fitted mode model of {name!r}: {w.shape[0]} weights, expected {CHOOSER_PARAMS - 1}")
    return w


def partner_weights(rules, path: Path | None = None) -> np.ndarray | None:
    """``float64[PARTNER_WEIGHTS]``: the shipped partner model after a chibre for ``rules`` (a
    preset name or :class:`~jass_sim.jass.rules.RuleSet`), or None when the partner file has no
    model for that preset (it has one where there is partner data: ``chibre``)."""
    rules = get_rules(rules)
    name = rules.chooser_weights or rules.name
    where = path or PARTNER_FILE
    weights = _load(str(where))
    if "format" not in weights or int(weights["format"]) != PARTNER_FORMAT:
        raise ValueError(f"{where}: partner model format {weights.get('format')}, expected {PARTNER_FORMAT}")
    if name not in weights:
        return None
    w = weights[name]
    if w.shape != (PARTNER_WEIGHTS,):
        raise ValueError(f"partner model of {name!r}: {w.shape[0]} weights, expected {PARTNER_WEIGHTS}")
    return w


def write_partner_weights(path: Path, weights: dict) -> None:
    """Write the partner weights ``weights`` (preset name -> ``float64[PARTNER_WEIGHTS]``) to
    ``path`` (npz, with the ``format`` version), through a temporary file."""
    for name, w in weights.items():
        if np.shape(w) != (PARTNER_WEIGHTS,) or not np.isfinite(w).all():
            raise ValueError(f"partner weights of {name!r}: expected {PARTNER_WEIGHTS} finite values")
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez(tmp, format=np.int64(PARTNER_FORMAT), **{k: np.asarray(v, dtype=np.float64) for k, v in weights.items()})
    tmp.replace(path)


def mode_params_of(rules, chooser_weights: np.ndarray, partner_path: Path | None = None) -> np.ndarray:
    """``float64[N_MODE_PARAMS]``: ``mode_params`` of the mode policies for ``rules`` with the
    chooser weights ``chooser_weights`` (``float64[CHOOSER_PARAMS - 1]``): the evaluator's
    threshold :data:`~jass_sim.jass.modes.choose.CHIBRE_BELOW`, ``chooser_weights``, then the
    partner's: the shipped partner model (:func:`partner_weights`), or for a preset without one
    the direct part of ``chooser_weights`` (the partner of every preset before issue 44)."""
    chooser_weights = np.asarray(chooser_weights, dtype=np.float64)
    if chooser_weights.shape != (CHOOSER_PARAMS - 1,):
        raise ValueError(f"chooser weights: {chooser_weights.shape}, expected ({CHOOSER_PARAMS - 1},)")
    out = np.zeros(N_MODE_PARAMS)
    out[0] = CHIBRE_BELOW
    out[1:CHOOSER_PARAMS] = chooser_weights
    partner = partner_weights(rules, partner_path)
    out[PARTNER_AT:] = out[TRUMP_AT:TRUMP_AT + PARTNER_WEIGHTS] if partner is None else partner
    return out


def default_mode_params(rules) -> np.ndarray:
    """``float64[N_MODE_PARAMS]``: ``mode_params`` of the mode policies for ``rules`` (a preset
    name or :class:`~jass_sim.jass.rules.RuleSet`): :func:`mode_params_of` the shipped chooser
    weights (:func:`fitted_weights`)."""
    return mode_params_of(rules, fitted_weights(rules))
