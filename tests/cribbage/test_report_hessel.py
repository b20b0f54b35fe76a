"""Section 5 of ``cribbage report`` (issue 51 item 7): Hessel's 91 thrown rank pairs, dealer and
pone, against ours. The published data (transcribed by hand, so checked for its shape and a few
hand-read values), each value attached to its pair, and the summary computed from the table.
Plain pandas on made-up model cribs: no kernel, well under a second."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from jass_sim.cribbage import report_hessel as H

PAIRS = [(a, b) for i, a in enumerate(H.RANKS) for b in H.RANKS[i:]]


def model_crib(offset) -> pd.DataFrame:
    """A table shaped like :func:`~jass_sim.cribbage.analysis.crib_rank_pairs`'s, ours = Hessel's +
    ``offset(pair, role)``, the CI ± 0.2 around ours."""
    rows = []
    for a, b in PAIRS:
        row = {"rank1": a, "rank2": b, "random_ev": 4.0, "samples": 300}
        for role, h in zip(H.ROLES, H.HESSEL[(a, b)]):
            ours = h + offset((a, b), role)
            row.update({f"{role}_ev": ours, f"{role}_lo": ours - 0.2, f"{role}_hi": ours + 0.2})
        rows.append(row)
    return pd.DataFrame(rows)


def test_the_published_tables_have_all_91_pairs():
    assert H.DEALER.shape == H.PONE.shape == (13, 13)
    # the pages print the full symmetric matrix: a transcription slip breaks the symmetry
    assert np.array_equal(H.PONE, H.PONE.T) and np.array_equal(H.DEALER, H.DEALER.T)
    assert len(H.HESSEL) == 91 and set(H.HESSEL) == set(PAIRS)
    values = np.array(list(H.HESSEL.values()))
    assert ((values > 2.5) & (values < 9.5)).all()
    # the dealer's own crib is worth less than the same throw to the opponent's (salting vs balking)
    assert (values[:, 0] < values[:, 1]).all()


@pytest.mark.parametrize("pair, published", [
    (("5", "5"), (8.95, 9.39)),   # the richest throw, both pages
    (("T", "K"), (2.86, 3.99)),   # the best balk, both pages
    (("A", "A"), (5.26, 6.07)),   # first cell of each table
    (("7", "9"), (4.06, 5.46)),   # AnalyzeDiscardsPart2: Hessel's 7-9 to your crib
    (("J", "Q"), (4.90, 5.55)),   # same page: J-Q
    (("A", "6"), (3.80, 4.93)),   # AnalyzeDiscardsPart3 (pone): A-6 4.93
])
def test_hand_checked_values(pair, published):
    assert H.HESSEL[pair] == published


def test_each_value_is_attached_to_its_pair():
    offsets = {p: 0.01 * k for k, p in enumerate(PAIRS)}  # a different offset per pair
    crib = model_crib(lambda p, role: offsets[p] if role == "dealer" else -offsets[p])
    t = H.hessel_table(crib.sample(frac=1, random_state=3))  # any row order
    assert len(t) == 91 and t[["hessel_dealer", "hessel_pone"]].notna().all().all()
    for r in t.itertuples():
        assert (r.hessel_dealer, r.hessel_pone) == H.HESSEL[(r.rank1, r.rank2)]
        assert r.diff_dealer == pytest.approx(offsets[(r.rank1, r.rank2)])
        assert r.diff_pone == pytest.approx(-offsets[(r.rank1, r.rank2)])
    five = t.set_index(["rank1", "rank2"]).loc[("5", "5")]
    assert five["hessel_dealer"] == 8.95 and five["ours_dealer"] == pytest.approx(8.95 + offsets[("5", "5")])


def test_side_of_the_ci():
    # ours 0.3 above Hessel on 10 pairs (Hessel below the ±0.2 CI), 0.3 below on 5, equal elsewhere
    up, down = set(PAIRS[:10]), set(PAIRS[10:15])
    t = H.hessel_table(model_crib(lambda p, role: 0.3 if p in up else -0.3 if p in down else 0.0))
    s = H.hessel_summary(t).set_index("role")
    for role in H.ROLES:
        assert (s.loc[role, "below"], s.loc[role, "inside"], s.loc[role, "above"]) == (10, 76, 5)
        assert t[f"side_{role}"].value_counts().sum() == 91


def test_summary_follows_from_the_table():
    rng = np.random.default_rng(5)
    noise = {(p, r): float(rng.normal(0, 0.15)) for p in PAIRS for r in H.ROLES}
    t = H.hessel_table(model_crib(lambda p, role: noise[(p, role)]))
    s = H.hessel_summary(t).set_index("role")
    for role in H.ROLES:
        d = np.array([noise[(p, role)] for p in PAIRS])
        h = np.array([H.HESSEL[p][H.ROLES.index(role)] for p in PAIRS])
        r = s.loc[role]
        assert r["pairs"] == 91
        assert r["mean_diff"] == pytest.approx(d.mean()) and r["mean_abs_diff"] == pytest.approx(np.abs(d).mean())
        assert r["max_diff"] == pytest.approx(d.max()) and r["min_diff"] == pytest.approx(d.min())
        a, b = PAIRS[int(np.argmax(d))]
        assert r["max_pair"] == f"{a}-{b}"
        assert r["mean_random_diff"] == pytest.approx((4.0 - h).mean())
        assert r["pearson"] == pytest.approx(np.corrcoef(h, h + d)[0, 1])
        assert 0.9 < r["spearman"] <= 1
        assert r["below"] + r["inside"] + r["above"] == 91


def test_reading_follows_the_figures():
    t = H.hessel_table(model_crib(lambda p, role: 0.0))
    text = H.reading(H.hessel_summary(t), 0.04)
    assert "rank the pairs alike" in text and "+0.00 points per crib" in text and "as many as sampling" in text
    assert "0.010 points" in text
    # 30 pairs moved outside the CI: more than chance, so the reading blames the opponent model
    moved = set(PAIRS[:30])
    text = H.reading(H.hessel_summary(H.hessel_table(model_crib(lambda p, role: 0.5 * (p in moved)))), 0.04)
    assert "30 (dealer) and 30 (pone) do, so part of the gap is the opponent model" in text
