"""The verdicts of the rules of thumb (issue 51): four kinds, each following from the test that
decides it; Holm's correction over the family; the threshold rules tested at their threshold, with
the threshold the data give (made-up option values: no Jass simulation)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.stats import Z95
from jass_sim.jass.report import thresholds as TH
from jass_sim.jass.report import thumb as T
from jass_sim.jass.report import verdicts as V


def test_p_value_from_the_interval():
    assert V.p_value(0.0, -1.0, 1.0) == pytest.approx(1.0)
    se = 1.0
    assert V.p_value(Z95 * se, 0.0, 2 * Z95 * se) == pytest.approx(0.05, abs=1e-4)
    assert math.isnan(V.p_value(1.0, math.nan, math.nan))


def test_holm_by_hand():
    got = V.holm([0.01, 0.04, 0.03, math.nan])
    # sorted 0.01, 0.03, 0.04: x3, x2, x1 = 0.03, 0.06, 0.04 -> monotone 0.03, 0.06, 0.06
    assert np.allclose(got[:3], [0.03, 0.06, 0.06]) and math.isnan(got[3])
    assert np.allclose(V.holm([0.5, 0.9]), [1.0, 1.0])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=12))
def test_holm_never_below_the_raw_p_and_keeps_the_order(p):
    a = V.holm(p)
    assert (a >= np.asarray(p) - 1e-12).all() and (a <= 1).all()
    order = np.argsort(p, kind="stable")
    assert (np.diff(a[order]) >= -1e-12).all()


def test_each_kind_from_its_test():
    n = V.MIN_HANDS
    assert V.decide(n - 1, 50, 40, 60, 1e-9)[0] == "not enough data"
    assert V.decide(n, 20, 10, 30, 0.001)[0] == "confirmed"
    assert V.decide(n, -20, -30, -10, 0.001)[0] == "refuted"
    # significant before the correction, not after: no confirmation
    assert V.decide(n, 20, 1, 39, 0.2)[0] == "not enough data"
    # a threshold too strict: the hands one step below are already better
    v, why = V.decide(n, 20, 10, 30, 0.001, below=(4, 30.0, 25.0, 35.0), quantity="sure tricks")
    assert v == "refuted" and "at 4 sure tricks" in why
    # split by side aces: better in one group, worse in another
    v, why = V.decide(40, 0.5, -8, 9, 0.9, parts=[("0", -10, -15, -5), ("2+", 12, 6, 18)])
    assert v == "mixed" and "better with 2+" in why and "worse with 0" in why
    # a narrow interval around zero: no difference a player would notice
    assert V.decide(400, 0.3, -2, 2.6, 0.8)[0] == "mixed"
    # a wide interval: cannot tell
    assert V.decide(12, 3, -20, 26, 0.8)[0] == "not enough data"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 500), st.floats(-50, 50), st.floats(0.01, 40), st.floats(0, 1))
def test_every_verdict_follows_from_its_test(n, mean, half, p_adj):
    lo, hi = mean - half, mean + half
    v, why = V.decide(n, mean, lo, hi, p_adj)
    assert v in V.KINDS and why
    if v in ("confirmed", "refuted"):
        assert n >= V.MIN_HANDS and p_adj < V.ALPHA and (mean > 0) == (v == "confirmed")
    if v == "mixed":
        assert n >= V.MIN_HANDS and p_adj >= V.ALPHA and -V.EQUIVALENCE <= lo and hi <= V.EQUIVALENCE
    if v == "not enough data":
        assert n < V.MIN_HANDS or (p_adj >= V.ALPHA and (lo < -V.EQUIVALENCE or hi > V.EQUIVALENCE))


def _per_hand(n: int = 3000, seed: int = 4) -> pd.DataFrame:
    """Made-up values: une-ufe is worth 12 per sure trick minus 30 (better than chibre's 0 from 3 sure
    tricks), obe-abe 15 per sure trick minus 75 (better from 6), a trump suit 10 per trump minus 30."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        mask = int(sum(1 << int(c) for c in rng.choice(36, 9, replace=False)))
        h = T.Hand(mask)
        row = {"hand": mask, "fitted_option": "chibre", "value_chibre": rng.normal(0, 4)}
        for s, name in enumerate("HDSC"):
            row[f"value_{name}"] = 10 * h.count(s) - 30 + rng.normal(0, 4)
        row["value_OBE"] = 15 * h.sure_tricks(True) - 75 + rng.normal(0, 4)
        row["value_UNE"] = 12 * h.sure_tricks(False) - 30 + rng.normal(0, 4)
        rows.append(row)
    return pd.DataFrame(rows)


def test_thresholds_at_the_rule_and_from_the_data():
    ph = _per_hand()
    lv = TH.levels_table(ph)
    assert tuple(lv.columns) == TH.LEVEL_COLUMNS
    une = lv[lv["key"] == "une_five_sure"]
    assert une.set_index("level").loc[3, "mean"] > 0 and une.set_index("level").loc[2, "mean"] < 0
    assert TH.data_threshold(une).startswith("from 3")
    buur = lv[lv["key"] == "buur_fourth"]
    assert TH.data_threshold(buur).startswith("from 4")  # 10 per trump - 30: above zero from 4
    rules, leads = T.evaluate(ph), pd.DataFrame(columns=["key", "n", "mean", "ci95_lo", "ci95_hi", "verdict"])
    got, _ = TH.apply(rules, leads, T.breakdown(ph), lv)
    assert tuple(got.columns[-4:]) == V.VERDICT_COLUMNS
    r = got.set_index("key")
    # une-ufe: five sure tricks confirmed as a gain, but 4 already gain: the threshold is too strict
    assert r.loc["une_five_sure", "verdict"] == "refuted" and "too strict" in r.loc["une_five_sure", "decided_by"]
    assert r.loc["une_five_sure", "data_threshold"].startswith("from 3")
    assert set(r["verdict"]) <= set(V.KINDS)
    fam = r["p_holm"].dropna()
    assert len(fam) and (fam >= r.loc[fam.index, "p_value"] - 1e-12).all()
    assert np.allclose(np.sort(fam.to_numpy()), np.sort(V.holm(r.loc[fam.index, "p_value"].to_numpy())))
    md = " ".join(str(b) for b in T.blocks(got, T.breakdown(ph), "2b"))
    assert "Holm" in md and "threshold the data give" in md
