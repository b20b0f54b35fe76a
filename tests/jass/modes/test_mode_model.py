"""The ``fitted`` mode policy: allowed modes only, chibre rules, determinism, shipped weights, and a
tiny end-to-end fit with ``scripts/fit_mode_model.py``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.engine.simulate import BatchSpec, run_batch
from jass_sim.jass.modes.choose import CHIBRE_BELOW, MODE_POLICIES, choose_mode
from jass_sim.jass.modes.features import CHIBRE_AT, CHOOSER_PARAMS, N_MODE_PARAMS, OBE_AT, TRUMP_AT, UNE_AT
from jass_sim.jass.modes.fit import fitted_options
from jass_sim.jass.modes.weights import default_mode_params, fitted_weights, mode_params_of
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.rules import PRESETS, get_rules

FITTED = MODE_POLICIES["fitted"]
ROOT = Path(__file__).resolve().parents[3]
RNG = np.ones(4, dtype=np.uint64)


def mask(cards):
    return np.uint64(cards_to_mask(cards))


two_hands = st.lists(st.integers(0, 35), min_size=18, max_size=18, unique=True)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_shipped_weights_for_every_preset(preset):
    params = default_mode_params(preset)
    assert params.shape == (N_MODE_PARAMS,) and params[0] == CHIBRE_BELOW
    assert np.isfinite(params).all() and np.abs(params[1:]).sum() > 0


def test_unknown_weights_file_entry_is_an_error(tmp_path):
    path = tmp_path / "w.npz"
    np.savez(path, chibre=np.zeros(CHOOSER_PARAMS - 1))
    assert fitted_weights("chibre", path).shape == (CHOOSER_PARAMS - 1,)
    with pytest.raises(ValueError, match="schieber"):
        fitted_weights("schieber", path)


@settings(max_examples=80, deadline=None)
@given(two_hands, st.sets(st.integers(0, 5), min_size=1), st.booleans(), st.sampled_from(sorted(PRESETS)),
       st.floats(-300, 300))
def test_fitted_picks_an_allowed_mode_and_chibres_only_when_allowed(cards, allowed, may_chibre, preset, bias):
    rules = get_rules(preset)
    params = default_mode_params(rules)
    params[CHIBRE_AT] += bias  # push the chibre model both ways
    modes = np.array(sorted(allowed), dtype=np.int64)
    mults = rules.arrays()[2]
    mode, chibred = choose_mode(FITTED, mask(cards[:9]), mask(cards[9:]), modes, mults, may_chibre, params, RNG)
    assert mode in allowed
    assert chibred in (0, 1)
    assert may_chibre or not chibred


@settings(max_examples=60, deadline=None)
@given(two_hands)
def test_partner_never_passes_back(cards):
    rules = get_rules("chibre")
    params = default_mode_params(rules)
    params[CHIBRE_AT] = 1e9  # the chooser always chibres
    modes = np.asarray(rules.modes, dtype=np.int64)
    mults = rules.arrays()[2]
    chooser, partner = mask(cards[:9]), mask(cards[9:])
    mode, chibred = choose_mode(FITTED, chooser, partner, modes, mults, True, params, RNG)
    assert chibred == 1 and mode in rules.modes
    # the partner's pick is its own best direct mode by the partner model, whatever the chibre model says
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params

    assert mode == fitted_best(partner, modes, mults, partner_params(params), np.zeros(TRUMP_FEATURES))[0]
    params[CHIBRE_AT] = -1e9  # never chibres: the chooser's own best mode
    assert choose_mode(FITTED, chooser, partner, modes, mults, True, params, RNG) == \
        choose_mode(FITTED, chooser, partner, modes, mults, False, params, RNG)


def test_multiplier_counts_in_the_choice():
    """A hand whose predictions tie across modes goes to the mode with the larger multiplier."""
    params = np.zeros(N_MODE_PARAMS)
    params[TRUMP_AT] = params[OBE_AT] = params[UNE_AT] = 10.0  # equal biases: every mode predicts +10
    params[CHIBRE_AT] = -1e9
    modes = np.arange(6, dtype=np.int64)
    mults = np.array([1, 1, 2, 1, 1, 1], dtype=np.int64)
    assert choose_mode(FITTED, mask(range(9)), mask(range(9, 18)), modes, mults, True, params, RNG) == (2, 0)


def test_fitted_is_deterministic_on_1_and_2_threads():
    spec = BatchSpec(deals=300, rules=get_rules("schieber"), policies=np.full(4, PLAYERS.code("heuristic"), np.int64),
                     mode_policy=FITTED, seed=5)
    one = run_batch(spec, threads=1)
    two = run_batch(spec, threads=2)
    np.testing.assert_array_equal(one, two)
    ev = run_batch(BatchSpec(deals=300, rules=spec.rules, policies=spec.policies, mode_policy=1, seed=5), threads=1)
    assert not np.array_equal(one, ev)  # the policy is really used


def _load_script():
    spec = importlib.util.spec_from_file_location("fit_mode_model_script", ROOT / "scripts" / "fit_mode_model.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_tiny_end_to_end_fit(tmp_path, capsys):
    script = _load_script()
    out = tmp_path / "mode_model.npz"
    res = script.main(["--train-hands", "32", "--test-hands", "8", "--deals", "64", "--jobs", "1", "--policy", "heuristic",
                       "--presets", "chibre", "--seed", "3", "--partner", "evaluator", "--out", str(out)])
    text = capsys.readouterr().out
    assert "R²" in text and "fitted" in text and f"wrote {out}" in text
    w = fitted_weights("chibre", out)
    assert np.isfinite(w).all()
    np.testing.assert_array_equal(w, res["weights"]["chibre"])
    # holding the Buur is worth points in the trump model, and the fitted policy uses the file
    assert w[TRUMP_AT - 1 + 1 + 5] > 0  # weights: mode_params[1:]; feature 1 + rank (J = 5)
    rules = get_rules("chibre")
    params = mode_params_of(rules, w)
    options = fitted_options(np.array([mask(range(9)), mask(range(27, 36))]), rules, params)
    assert all(o == -1 or o in rules.modes for o in options)
    rows = res["results"]["chibre"]
    assert [r["chooser"] for r in rows[:2]] == ["evaluator", "fitted"]
    assert all(0 <= r["share"] <= 1 and r["cost"] >= 0 for r in rows[:2])


def test_fit_iterates_with_the_fitted_partner_and_resumes(tmp_path, capsys):
    """--partner fitted (the default): the chibre values are simulated again with the partner
    choosing by the previous weights, until the held-out choices stop changing; a second run on
    the same --data reads every value back and writes the same weights."""
    script = _load_script()
    args = ["--train-hands", "32", "--test-hands", "16", "--deals", "64", "--jobs", "1", "--policy", "heuristic",
            "--presets", "chibre", "--seed", "5", "--iterations", "2", "--stop-change", "0",
            "--data", str(tmp_path / "data")]
    res = script.main(args + ["--out", str(tmp_path / "a.npz")])
    text = capsys.readouterr().out
    assert "iteration 2" in text and "final comparison" in text and "choices changed" in text
    assert [h["iteration"] for h in res["history"]] == [1, 2]
    assert all(0 <= h["share_changed"] <= 1 for h in res["history"])
    own = res["results"]["chibre"]["own"]
    assert [r["chooser"] for r in own[:3]] == ["evaluator", "old fitted", "new fitted"]
    again = script.main(args + ["--out", str(tmp_path / "b.npz")])
    assert "generated in" in capsys.readouterr().out
    np.testing.assert_array_equal(again["weights"]["chibre"], res["weights"]["chibre"])
    # the chibre column alone is the same as in the report's option values with that partner
    from jass_sim.jass.report.sections import option_values

    w = fitted_weights("chibre")
    ch = script.chibre_values("chibre", 4, 64, 5, "heuristic", w)
    df = option_values(get_rules("chibre"), 4, 64, 5, PLAYERS.code("heuristic"), partner_model="fitted",
                       mode_params=mode_params_of("chibre", w))
    np.testing.assert_allclose(ch["chibre"], df["value_chibre"].to_numpy())


@pytest.mark.parametrize("preset", ["pique-double", "chibre"])  # without and with a partner model of its own
def test_advise_partner_model_fitted_picks_the_fitted_mode(preset):
    from jass_sim.jass.advise.sampling import CHIBRE, PARTNER_FITTED, run_advise, sample_deals
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params

    rules = get_rules(preset)
    hand = mask([0, 5, 12, 20, 21, 27, 30, 33, 35])
    s = run_advise(hand, rules, [0, CHIBRE], [PLAYERS.code("heuristic")] * 4, leader=0, seed=9, first_sample=0,
                   n_samples=64, partner_model=PARTNER_FITTED)
    deals = sample_deals(hand, 9, 0, 64)
    params = default_mode_params(rules)
    modes = np.asarray(rules.modes, dtype=np.int64)
    expected = [fitted_best(d[2], modes, rules.arrays()[2], partner_params(params), np.zeros(TRUMP_FEATURES))[0]
                for d in deals]
    np.testing.assert_array_equal(s.partner_modes, expected)
    assert len(set(expected)) > 1
    chooser = [fitted_best(d[2], modes, rules.arrays()[2], params, np.zeros(TRUMP_FEATURES))[0] for d in deals]
    assert (chooser != expected) == (preset == "chibre")  # chibre's partner model picks otherwise on some deals


def test_cli_chooser_fitted_and_bad_chooser():
    import json

    from click.testing import CliRunner

    from jass_sim.cli import main

    ok = CliRunner().invoke(main, ["simulate", "--deals", "400", "--policy", "heuristic", "--rules", "schieber",
                                   "--chooser", "fitted", "--format", "json"])
    assert ok.exit_code == 0, ok.output
    row = json.loads(ok.output)["modes"][-1]
    assert row["deals"] == 400 and 0 < row["rate_chibre"] < 1
    bad = CliRunner().invoke(main, ["duel", "--team-a", "heuristic", "--team-b", "random", "--deals", "10",
                                    "--chooser", "fited"])
    assert bad.exit_code == 2 and "fited" in bad.output and "fitted" in bad.output


def test_shipped_partner_model_loads_with_its_shape_and_goes_into_mode_params(tmp_path):
    """The partner model (issue 44) ships for chibre: PARTNER_WEIGHTS finite weights, in
    ``default_mode_params`` at PARTNER_AT; a preset without one gets the chooser's direct
    weights there; a file of another format or shape is refused."""
    from jass_sim.jass.modes.features import PARTNER_AT, PARTNER_WEIGHTS
    from jass_sim.jass.modes.weights import PARTNER_FORMAT, partner_weights, write_partner_weights

    w = partner_weights("chibre")
    assert w.shape == (PARTNER_WEIGHTS,) and np.isfinite(w).all()
    params = default_mode_params("chibre")
    np.testing.assert_array_equal(params[PARTNER_AT:], w)
    assert not np.array_equal(params[PARTNER_AT:], params[TRUMP_AT:CHIBRE_AT])  # not the chooser's
    assert w[1 + 5] > 0  # the partner's Buur is worth points in the trump model
    assert partner_weights("schieber") is None
    other = default_mode_params("schieber")
    np.testing.assert_array_equal(other[PARTNER_AT:], other[TRUMP_AT:CHIBRE_AT])
    path = tmp_path / "p.npz"
    write_partner_weights(path, {"chibre": np.arange(PARTNER_WEIGHTS, dtype=np.float64)})
    np.testing.assert_array_equal(mode_params_of("chibre", fitted_weights("chibre"), path)[PARTNER_AT:],
                                  np.arange(PARTNER_WEIGHTS))
    with pytest.raises(ValueError, match="expected 61 finite"):
        write_partner_weights(tmp_path / "q.npz", {"chibre": np.zeros(3)})
    np.savez(tmp_path / "old.npz", format=np.int64(PARTNER_FORMAT + 1), chibre=np.zeros(PARTNER_WEIGHTS))
    with pytest.raises(ValueError, match="format"):
        partner_weights("chibre", tmp_path / "old.npz")
    np.savez(tmp_path / "short.npz", format=np.int64(PARTNER_FORMAT), chibre=np.zeros(5))
    with pytest.raises(ValueError, match="5 weights"):
        partner_weights("chibre", tmp_path / "short.npz")


def test_fitted_options_and_advise_refuse_short_mode_params():
    """A ``mode_params`` without the partner block would make the kernel read past its end."""
    from jass_sim.jass.advise.sampling import CHIBRE, PARTNER_FITTED, run_advise

    rules = get_rules("chibre")
    short = default_mode_params(rules)[:CHOOSER_PARAMS]
    with pytest.raises(ValueError, match="mode_params must have"):
        fitted_options(np.array([mask(range(9))]), rules, short)
    with pytest.raises(ValueError, match="mode_params must have"):
        run_advise(mask(range(9)), rules, [CHIBRE], [PLAYERS.code("heuristic")] * 4, leader=0, seed=1,
                   first_sample=0, n_samples=64, partner_model=PARTNER_FITTED, mode_params=short)
