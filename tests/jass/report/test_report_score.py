"""Section 2f, the score (issue 51 item 5): declare or push by the probability of winning at scores
near the end, and what a Weis, the Stöck and the match are worth there. Made-up equity tables and
made-up per-hand runs (no simulation: the section's runs against section 1 are checked on the tiny
report of test_report.py)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from jass_sim.core.report.render import render_markdown
from jass_sim.jass.games.equity import EquityTable, make_grid
from jass_sim.jass.report import score as SC
from jass_sim.jass.report.sections import MIN_CELL

SUITS = {"H": 1, "D": 1, "S": 1, "C": 1}
#: The ninth card of the crafted hands (see :func:`crafted_runs`).
KIND_SPARE = (9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 21, 22)


def made_up_table(target: int = 1000, step: int = 50, rules: str = "chibre") -> EquityTable:
    """P(win, we choose at a:b) = a logistic of (a - b) / 150, a little better for the chooser."""
    grid = make_grid(target, step)
    a, b = np.meshgrid(grid, grid, indexing="ij")
    p = 1 / (1 + np.exp(-((a - b) / 150 + 0.1)))
    return EquityTable(rules, "net", target, True, step, 5000, 0, grid, p, np.full_like(p, 0.005), "fitted")


def mask(*cards: int) -> int:
    assert len(set(cards)) == 9
    return sum(1 << c for c in cards)


def test_scores_near_the_end():
    assert SC.score_points(1000) == ((900, 950), (950, 900), (700, 950), (950, 700))
    assert SC.score_points(2500)[0] == (2300, 2400)
    assert SC.score_points(1500) == ((1400, 1450), (1450, 1400), (1200, 1450), (1450, 1200))


def test_values_read_from_the_equity_table():
    t = made_up_table()
    v = SC.value_table(t, multipliers=(1, 2))
    assert tuple(v.columns) == SC.VALUE_COLUMNS and len(v) == 4 * 2 * (len(SC.WEIS) + 1)
    r = v.set_index(["ours", "theirs", "what", "points", "multiplier"])
    # a Weis of 20 at 900:950 (grid points): the chooser's equity at 920 minus at 900
    w = r.loc[(900, 950, "weis", 20, 1)]
    assert w["value"] == pytest.approx(100 * (t.win_probability(920, 950) - t.win_probability(900, 950)))
    assert w["ci95_lo"] < w["value"] < w["ci95_hi"]
    assert w["p_without_lo"] < w["p_without"] < w["p_without_hi"]
    # a Weis of 100 at 900:950 reaches the target before the tricks: the game is won
    assert r.loc[(900, 950, "weis", 100, 1), "p_with"] == 1.0
    # x2: a Weis of 50 counts 100, exactly the x1 Weis of 100
    assert r.loc[(700, 950, "weis", 50, 2), "value"] == pytest.approx(r.loc[(700, 950, "weis", 100, 1), "value"])
    # the match at 900:950: 157 already reach the target, the match adds nothing, exactly
    m = r.loc[(900, 950, "match", 100, 1)]
    assert m["value"] == 0 and m["ci95_lo"] == m["ci95_hi"] == 0
    # at 700:950: after 857 against after 957, the other team choosing at 950
    m = r.loc[(700, 950, "match", 100, 1)]
    assert m["value"] == pytest.approx(100 * (t.win_probability(957, 950, False) - t.win_probability(857, 950, False)))
    assert (v["value"] >= -1e-9).all()  # points never lower the probability in a table rising with our score


def crafted_runs(n: int, rng) -> pd.DataFrame:
    """``n`` hands of one kind (hearts: Buur, Nell and two more; one side ace) where declaring
    hearts gains points but loses games at 950:700, and random hands around them."""
    rows = []
    # HJ H9 H6 H7, the D ace, S7 C7 C8 and one more card: D6..DK, S6, S8..ST
    kind = [mask(5, 3, 0, 1, 17, int(c), 19, 28, 29) for c in KIND_SPARE[:n]]
    others = [int(sum(1 << int(c) for c in rng.choice(36, 9, replace=False))) for _ in range(n)]
    for h, hand in enumerate(kind + others):
        crafted = h < n
        for a, b in ((950, 700), (900, 950)):
            noise = rng.normal(0, 1)
            for o in ("H", "D", "S", "C", "OBE", "UNE", "chibre"):
                pts = (60.0 + noise if o == "H" and crafted else 10.0 * rng.normal()) if o != "chibre" else 0.0
                win = 0.90 if o == "chibre" else 0.5 + 0.1 * rng.random()
                if o == "H" and crafted:
                    win = 0.80 + 0.01 * noise if (a, b) == (950, 700) else 0.95
                rows.append({"ours": a, "theirs": b, "hand": hand, "option": o, "points": pts,
                             "p_win": win})
    return pd.DataFrame(rows, columns=list(SC.RUN_COLUMNS))


def test_cells_are_paired_differences_and_verdicts_follow_their_cis():
    rng = np.random.default_rng(7)
    n = MIN_CELL + 2
    runs = crafted_runs(n, rng)
    kinds = runs["hand"].isin([mask(5, 3, 0, 1, 17, int(c), 19, 28, 29) for c in KIND_SPARE])
    cells = SC.cell_table(runs, SUITS, 64)
    assert tuple(cells.columns) == SC.CELL_COLUMNS
    # declare - push in P(win) is the difference of the two mean probabilities (paired, same hands)
    assert np.allclose(cells["win"], 100 * (cells["p_declare"] - cells["p_push"]))
    for est in ("points", "win", "p_declare", "p_push"):
        d = cells.dropna(subset=[f"{est}_lo"])
        assert ((d[f"{est}_lo"] <= d[est] + 1e-9) & (d[est] <= d[f"{est}_hi"] + 1e-9)).all()
    assert ((cells["p_declare_lo"] >= 0) & (cells["p_declare_hi"] <= 1)).all()
    for by, (m, lo, hi) in (("by_points", ("points", "points_lo", "points_hi")), ("by_games", ("win", "win_lo", "win_hi"))):
        assert (cells.loc[cells[lo] > 0, by] == "declare").all() and (cells.loc[cells[hi] < 0, by] == "push").all()
        assert (cells.loc[(cells[lo] <= 0) & (cells[hi] >= 0), by] == "too close").all()
    assert (cells.loc[cells["differs"], "by_points"] != cells.loc[cells["differs"], "by_games"]).all()
    assert not cells.loc[cells["differs"], ["by_points", "by_games"]].isin(["too close"]).any().any()
    # every hand is counted once per suit, two suits of a hand in one cell once
    for _, g in cells.groupby(["ours", "theirs"]):
        assert (g["hands"] == 2 * n).all() and 2 * n <= g["n"].sum() <= 4 * 2 * n
    # the crafted kind: 4 trumps with Buur and Nell and one side ace (the D ace)
    c = cells.set_index(["ours", "theirs", "trumps", "buur_nell", "side_aces"]).loc[(950, 700, "4", "Buur and Nell", "1")]
    assert c["n"] == n and c["by_points"] == "declare" and c["by_games"] == "push" and c["differs"]
    assert c["points"] == pytest.approx(runs[(runs["option"] == "H") & kinds & (runs["ours"] == 950)]["points"].mean())
    assert c["p_push"] == pytest.approx(0.90)
    rules = SC.hand_rules(cells)
    assert "At 950:700, **push** with 4 trumps, Buur and Nell, 1 side ace (the points say the opposite)." in rules
    # at 900:950 the kind wins more games by declaring: the points agree, so no rule
    assert not any(r.startswith("At 900:950, **declare** with 4 trumps, Buur and Nell, 1 side ace") for r in rules)


def test_section_text_states_rules_and_says_each_number_once():
    rng = np.random.default_rng(3)
    runs = crafted_runs(MIN_CELL, rng)
    cells = SC.cell_table(runs, SUITS, 64)
    vals = pd.concat([SC.value_table(made_up_table()),
                      SC.value_table(made_up_table(2500, 100, "schieber"), (1, 2, 3))], ignore_index=True)
    md = render_markdown(SC.blocks({"score_cells": cells, "score_values": vals}, "2f"))
    assert "## 2f. The score" in md
    assert "At 900:950 (we choose, to 1000; P(win) about" in md and "the match adds nothing" in md
    assert "At 2300:2400 (we choose, to 2500;" in md and "| 2300:2400 | ×3 |" in md
    prose = "\n".join(x for x in md.splitlines() if not x.startswith("|"))
    assert not re.findall(r"[+-]\d+\.\d+ ± \d+\.\d+", prose)  # the figures with CIs are in the tables only
    assert SC.blocks({}, "2f") == []
    md = render_markdown(SC.blocks({"score_cells": cells.iloc[:0], "score_values": vals.iloc[:0]}, "2f"))
    assert md.startswith("## 2f.")
