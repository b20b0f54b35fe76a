"""``scripts/fit_partner.py`` (issue 44, section 2): fits the partner model on the chunks of
``scripts/partner_data.py`` with a deterministic split by chunk, compares the partners paired on
the held-out deals, and writes weights the package loads."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np

from jass_sim.jass.modes.features import PARTNER_AT, PARTNER_WEIGHTS
from jass_sim.jass.modes.weights import fitted_weights, mode_params_of, partner_weights

ROOT = Path(__file__).resolve().parents[3]


def load(name):
    spec = importlib.util.spec_from_file_location(f"{name}_script", ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_fit_partner_end_to_end(tmp_path, capsys):
    data = tmp_path / "pd"
    assert load("partner_data").main(["--chunk", "32", "--chunks", "4", "--seed", "2", "--out", str(data)]) == 0
    script = load("fit_partner")
    out, js = tmp_path / "partner.npz", tmp_path / "fit.json"
    args = ["--data", str(data), "--holdout-every", "2", "--json", str(js), "--out", str(out)]
    assert script.main(args) == 0
    text = capsys.readouterr().out
    assert "gain partner model - chooser weights" in text and f"wrote {out}" in text
    doc = json.loads(js.read_text())
    d = script.load(data)
    held = d["chunk"] % 2 == 1
    assert doc["test"] == int(held.sum()) and doc["train"] == int((~held).sum())
    rows = doc["partners"]
    assert list(rows) == ["partner model", "chooser weights", "evaluator"]
    diff = d["diff"][held]
    for r in rows.values():
        assert r["n"] == len(diff) and r["mean_ci"][0] <= r["mean"] <= r["mean_ci"][1]
        assert 0 <= r["best_ci"][0] <= r["best_share"] <= r["best_ci"][1] <= 1
    gain = doc["gains"]["partner model - chooser weights"]
    assert np.isclose(gain["mean"], rows["partner model"]["mean"] - rows["chooser weights"]["mean"])
    # the written weights load as a partner model and go into mode_params
    w = partner_weights("chibre", out)
    assert w.shape == (PARTNER_WEIGHTS,) and np.isfinite(w).all()
    np.testing.assert_array_equal(mode_params_of("chibre", fitted_weights("chibre"), out)[PARTNER_AT:], w)
    # reproducible: the same data and split give the same weights
    assert script.main(["--data", str(data), "--holdout-every", "2", "--out", str(tmp_path / "again.npz")]) == 0
    np.testing.assert_array_equal(partner_weights("chibre", tmp_path / "again.npz"), w)
