"""Simulated players against human play (:mod:`jass_sim.jass.report.human`): the counts from
per-deal rows, the table's shape, its intervals, the human figures, and agreement with the
aggregate simulation kernel."""

from __future__ import annotations

import math

import numba
import numpy as np
import pandas as pd
import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.report import human as H
from jass_sim.jass.rules.presets import MATCH_BONUS
from jass_sim.jass.simulate.tables import simulate

PLAYERS = ["heuristic", "net", "pimc"]
DEALS, SLOW = 400, 3


@pytest.fixture(scope="module")
def table():
    return H.simulate_against_humans(PLAYERS, DEALS, slow_deals=SLOW, seed=5)


def test_round_counts_by_hand():
    rows = pd.DataFrame({
        "mode": pd.Categorical.from_codes([0, 0, 4, 1], categories=list(MODE_NAMES)),
        "chibred": [0, 1, 0, 1],
        "cards_ours": [157, 70, 100, 78], "match_ours": [100, 0, 0, 0],
        "cards_theirs": [0, 87, 57, 79], "match_theirs": [0, 0, 0, 0]})
    c = H.round_counts(rows)
    assert c["rounds"] == 4
    assert c["sum_points"] == 257 + 70 + 100 + 78
    assert c["sumsq_points"] == 257 ** 2 + 70 ** 2 + 100 ** 2 + 78 ** 2
    assert (c["wins"], c["matches"], c["pushes"]) == (2, 1, 2)
    assert (c["direct_H"], c["push_H"], c["direct_OBE"], c["push_D"]) == (1, 1, 1, 1)
    assert c[[k for k in c.index if k.startswith(("direct_", "push_"))]].sum() == 4
    # integer mode codes give the same counts; chunks add up
    as_codes = rows.assign(mode=rows["mode"].cat.codes.astype(np.int64))
    pd.testing.assert_series_equal(H.round_counts(as_codes), c)
    pd.testing.assert_series_equal(H.round_counts(rows.iloc[:2]) + H.round_counts(rows.iloc[2:]), c)


def test_table_shape_and_columns(table):
    assert list(table.columns) == list(H.COLUMNS)
    n_stats = 4 + 2 * len(MODE_NAMES)
    assert len(table) == n_stats * len(PLAYERS)
    assert list(dict.fromkeys(table["player"])) == PLAYERS
    assert not table.duplicated(["statistic", "mode", "chosen", "player"]).any()
    n = table.drop_duplicates("player").set_index("player")["n"]
    assert n.to_dict() == {"heuristic": DEALS, "net": DEALS, "pimc": SLOW}
    assert (table.groupby("player")["n"].nunique() == 1).all()


def test_intervals_and_rates(table):
    assert (table["ci95_lo"] <= table["estimate"] + 1e-12).all()
    assert (table["estimate"] <= table["ci95_hi"] + 1e-12).all()
    rates = table[table["statistic"] != "points"]
    values = rates[["estimate", "ci95_lo", "ci95_hi"]].to_numpy()
    assert ((values >= 0) & (values <= 1)).all()
    pts = table[table["statistic"] == "points"]
    assert ((pts["estimate"] >= 0) & (pts["estimate"] <= 257)).all()
    shares = table[table["statistic"] == "mode_share"]
    for player, g in shares.groupby("player"):
        assert math.isclose(g["estimate"].sum(), 1.0), player
        push = table[(table["statistic"] == "push") & (table["player"] == player)]["estimate"].iloc[0]
        assert math.isclose(g[g["chosen"] == "push"]["estimate"].sum(), push), player


def test_human_figures_present(table):
    h = H.human_figures()
    assert len(h) == 4 + 12
    merged = table.merge(h, on=["statistic", "mode", "chosen"], suffixes=("", "_source"))
    assert len(merged) == len(table) and (merged["human"] == merged["human_source"]).all()
    one = table[table["player"] == "heuristic"].set_index(["statistic", "mode", "chosen"])["human"]
    assert one[("points", "all", "all")] == 115.9
    assert one[("round_win", "all", "all")] == 0.81
    assert one[("match", "all", "all")] == 0.09
    assert one[("push", "all", "all")] == 0.62
    assert one[("mode_share", "D", "direct")] == 0.031 and one[("mode_share", "UNE", "push")] == 0.103
    # the published shares are rounded to 0.1%: they sum to 1 and to the push rate within rounding
    shares = h[h["statistic"] == "mode_share"]
    assert abs(shares["human"].sum() - 1) < 0.002
    assert abs(shares[shares["chosen"] == "push"]["human"].sum() - 0.62) < 0.002
    assert "Swisslos" in H.HUMAN_SOURCE and "HSLU" in H.HUMAN_SOURCE


def test_agrees_with_the_aggregate_kernel():
    """The points from per-deal rows equal the aggregate kernel's card points plus 100 per match
    (same deals, same seed), and the push rate its chibre rate."""
    assert MATCH_BONUS == 100  # a match counts 157 + 100 = 257, as in the human figure
    t = H.simulate_against_humans(["heuristic"], 2000, seed=9).set_index(["statistic", "mode", "chosen"])
    agg = simulate(2000, "schieber", "heuristic", seed=9, chooser=DEFAULT_CHOOSER).set_index("mode").loc["all"]
    assert t.loc[("points", "all", "all"), "estimate"] == pytest.approx(
        agg["mean_cards_ours"] + MATCH_BONUS * agg["rate_match_ours"])
    assert t.loc[("match", "all", "all"), "estimate"] == pytest.approx(agg["rate_match_ours"])
    assert t.loc[("push", "all", "all"), "estimate"] == pytest.approx(agg["rate_chibre"])


def test_same_on_any_number_of_threads():
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        a = H.simulate_against_humans(["heuristic"], 1500, seed=2)
    finally:
        numba.set_num_threads(old)
    b = H.simulate_against_humans(["heuristic"], 1500, seed=2)
    pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize("kwargs,token", [
    ({"players": ["heuristic", "oracle"]}, "oracle"),
    ({"players": []}, ""),
    ({"deals": 0}, "0"),
    ({"slow_deals": 0}, "0"),
])
def test_bad_input(kwargs, token):
    args = {"players": ["heuristic"], "deals": 10} | kwargs
    with pytest.raises(InputError) as err:
        H.simulate_against_humans(**args)
    assert token in str(err.value)


def test_report_section_blocks(table):
    """The section's text: each player's figures from the table, what the CIs leave out; and a
    plain statement when no player of ``--players`` is compared."""
    from jass_sim.core.report.render import render_markdown
    from jass_sim.jass.report import human_section as RH

    md = render_markdown(RH.blocks(table, "chibre", "6"))
    assert md.startswith("## 6. Simulated players against human play")
    assert "(not the report's `chibre`)" in md and "♠ ×2" in md and "une-ufe ×3" in md
    for p in PLAYERS:
        r = table[(table["statistic"] == "points") & (table["player"] == p)].iloc[0]
        assert f"`{p}` card play" in md and RH.points_ci(r["estimate"], r["ci95_lo"], r["ci95_hi"]) in md
    assert "do not cover the play model" in md and H.HUMAN_SOURCE in md
    assert "(not the report's" not in render_markdown(RH.blocks(table, "schieber", "6"))
    empty = render_markdown(RH.blocks(pd.DataFrame(columns=list(H.COLUMNS)), "chibre", "6"))
    assert "no comparison" in empty and "![" not in empty
    assert RH.human_png(table)[:8] == b"\x89PNG\r\n\x1a\n"
