"""Section 2c, the endgame (issue 44): the choice by points against the choice by games, and the
value of the match and of a meld read from an equity table (a made-up table: no simulation)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from jass_sim.jass.games.equity import EquityTable, make_grid
from jass_sim.jass.report import endgame as E


def test_choices_break_ties_by_points():
    points = np.array([[10.0, 30.0, 20.0], [10.0, 30.0, 20.0]])
    win = np.array([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]])  # the game is won whatever we choose
    assert E.choices(points, win) == (1, 1)
    win = np.array([[1.0, 0.5, 1.0], [0.0, 0.5, 1.0]])  # option 2 wins more games, option 1 more points
    assert E.choices(points, win) == (1, 2)


def made_up_table(target: int = 1000, step: int = 50) -> EquityTable:
    """P(win, we choose at a:b) = a logistic of (a - b) / 150, a little better for the chooser."""
    grid = make_grid(target, step)
    a, b = np.meshgrid(grid, grid, indexing="ij")
    p = 1 / (1 + np.exp(-((a - b) / 150 + 0.1)))
    return EquityTable("chibre", "net", target, True, step, 5000, 0, grid, p, np.full_like(p, 0.005), "fitted")


def test_match_and_meld_values_from_the_table():
    t = made_up_table()
    v = E.match_and_melds(t, ours_grid=(600, 700, 850, 950), theirs_grid=(800,))
    assert tuple(v.columns) == E.VALUE_COLUMNS
    r = v.set_index(["what", "points", "ours", "theirs"])
    m = r.loc[("match", 100, 600, 800)]
    # after 757 vs after 857, the other team choosing at 800 (grid points: no interpolation needed)
    p757 = 1 - t.win_probability(800, 757)
    p857 = 1 - t.win_probability(800, 857)
    assert m["p_without"] == pytest.approx(p757, abs=1e-9) and m["p_with"] == pytest.approx(p857, abs=1e-9)
    assert m["value"] == pytest.approx(100 * (p857 - p757))
    assert m["ci95_lo"] < m["value"] < m["ci95_hi"]
    # 850 + 157 reaches the target: the match adds nothing, exactly
    z = r.loc[("match", 100, 850, 800)]
    assert z["value"] == 0 and z["ci95_lo"] == z["ci95_hi"] == 0
    # a 50-point meld at 950: the game is won before the tricks
    meld = r.loc[("meld", 50, 950, 800)]
    assert meld["p_with"] == 1.0 and meld["value"] == pytest.approx(100 * (1 - t.win_probability(950, 800)))
    # a 20-point meld at 700: the chooser's equity at 720
    meld = r.loc[("meld", 20, 700, 800)]
    assert meld["value"] == pytest.approx(100 * (t.win_probability(720, 800) - t.win_probability(700, 800)))
    assert (v["equity_table"] == "chibre-net").all()


def test_blocks_and_figure_from_made_up_tables():
    from jass_sim.core.report.render import render_markdown
    from jass_sim.core.report.text import pct_ci

    cells = pd.DataFrame([{"ours": a, "theirs": b, "hands": 20, "samples": 64, "differs": k, "share_differs": k / 20,
                           "differs_lo": 0.0, "differs_hi": 0.5, "clear": 1, "share_clear": 0.05, "clear_lo": 0.01,
                           "clear_hi": 0.2, "gain": 0.5, "gain_lo": -0.5, "gain_hi": 1.5}
                          for a in (850, 950) for b, k in ((850, 2), (950, 6))], columns=list(E.CELL_COLUMNS))
    tables = {"endgame": cells, "endgame_examples": pd.DataFrame(columns=list(E.EXAMPLE_COLUMNS)),
              "endgame_values": E.match_and_melds(made_up_table())}
    md = render_markdown(E.blocks(tables, "2c"))
    assert "## 2c. The endgame" in md and "![" in md
    assert f"in {pct_ci(0.3, 0.0, 0.5)} of the hands" in md  # the cell where the choice changes most
    assert "`chibre-net`" in md
    assert set(E.figures(tables)) == {"endgame.png"}
    assert E.blocks({}, "2c") == []
