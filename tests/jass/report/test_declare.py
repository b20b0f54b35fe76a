"""Section 1, declare or push in card terms (issue 44): the tables by trumps x Buur/Nell x side
aces and by sure tricks, their break-even, and the plots' break-even line, on made-up option values
(no Jass simulation)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import parse_cards
from jass_sim.jass.report import declare as D
from jass_sim.jass.report import thumb as T


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text))


def random_hands(n: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([sum(1 << int(c) for c in rng.choice(36, 9, replace=False)) for _ in range(n)], dtype=np.uint64)


def per_hand(n: int = 600, seed: int = 2) -> pd.DataFrame:
    """Made-up values: a trump suit is worth 30 per trump, +30 with the Buur, +15 with the Nell, +10 per
    side ace, minus 100; chibre 40; obe-abe / une-ufe 20 per sure trick minus 60; noise."""
    rng = np.random.default_rng(seed)
    masks = random_hands(n, seed)
    rows = []
    for m in masks:
        h = T.Hand(int(m))
        row = {"hand": int(m), "value_chibre": 40 + rng.normal(0, 3)}
        for s, name in enumerate("HDSC"):
            row[f"value_{name}"] = (30 * h.count(s) + 30 * h.has(s, T.JACK) + 15 * h.has(s, T.NINE)
                                    + 10 * h.side_aces(s) - 100 + rng.normal(0, 3))
        row["value_OBE"] = 20 * h.sure_tricks(True) - 60 + rng.normal(0, 3)
        row["value_UNE"] = 20 * h.sure_tricks(False) - 60 + rng.normal(0, 3)
        rows.append(row)
    return pd.DataFrame(rows)


def test_runs_agree_with_the_reference():
    masks = random_hands(300, 5)
    for top in (True, False):
        assert list(D.runs(masks, top)) == [T.Hand(int(m)).sure_tricks(top) for m in masks]
    one = np.array([mask("HA HK HQ SA D6 D7 D8 C6 CT")], dtype=np.uint64)
    assert D.runs(one, True)[0] == 4 and D.runs(one, False)[0] == 4


def test_declare_push_columns_and_units():
    ph = per_hand()
    t = D.declare_push(ph)
    assert tuple(t.columns) == D.DECLARE_COLUMNS
    # every (hand, suit) pair lands in one cell; two suits of a hand in one cell count once
    cells = set()
    for i, m in enumerate(ph["hand"]):
        h = T.Hand(m)
        for s in range(4):
            k = h.count(s)
            g = D.BUUR_NELL[h.has(s, T.NINE) + 2 * h.has(s, T.JACK)]
            cells.add((i, "6+" if k >= 6 else str(k), g, str(h.side_aces(s))))
    assert t["n"].sum() == len(cells)
    assert np.allclose(t["diff"], t["declare"] - t["push"])
    c = t[t["n"] >= 3].dropna()
    assert ((c["diff_lo"] <= c["diff"]) & (c["diff"] <= c["diff_hi"])).all()
    assert ((c["better_lo"] <= c["declare_better"]) & (c["declare_better"] <= c["better_hi"])).all()


def test_one_cell_by_hand():
    ph = per_hand(200, 3)
    t = D.declare_push(ph).set_index(["trumps", "buur_nell", "side_aces"])
    r = t.loc[("2", "neither", "1")]
    values = []
    for _, row in ph.iterrows():
        h = T.Hand(row["hand"])
        d = [row[f"value_{n}"] - row["value_chibre"] for s, n in enumerate("HDSC")
             if h.count(s) == 2 and not h.has(s, T.JACK) and not h.has(s, T.NINE) and h.side_aces(s) == 1]
        if d:
            values.append(np.mean(d))
    assert r["n"] == len(values) and r["diff"] == pytest.approx(np.mean(values))


def test_breakeven_reads_the_difference():
    ph = per_hand(2000, 4)
    t = D.declare_push(ph)
    be = D.breakeven(t, min_cell=5)
    assert tuple(be.columns) == D.BREAKEVEN_COLUMNS
    r = be.set_index(["buur_nell", "side_aces"])
    # made-up values: with one side ace, Buur and Nell pay from 3 trumps (90+45+10-100 = 45 > 40), neither from
    # 5 (150+10-100 = 60 > 40; 4 trumps: 30 < 40)
    both = r.loc[("Buur and Nell", "1")]
    neither = r.loc[("neither", "1")]
    assert (both["declare_from"], both["clear_from"]) == ("3", "3")
    assert neither["push_clear_until"] == "4" and neither["declare_from"] in ("5", "")


def test_breakeven_on_a_made_up_table():
    rows = [{"multiplier": 1, "trumps": b, "buur_nell": "neither", "side_aces": "0", "n": 50, "diff": d,
             "diff_lo": d - 5, "diff_hi": d + 5} for b, d in (("2", -30), ("3", -8), ("4", 2), ("5", 12), ("6+", 30))]
    be = D.breakeven(pd.DataFrame(rows))
    r = be.iloc[0]
    assert (r["declare_from"], r["clear_from"], r["push_clear_until"]) == ("4", "5", "3")


def test_sure_tricks_table():
    ph = per_hand()
    s = D.sure_tricks_table(ph)
    assert tuple(s.columns) == D.SURE_COLUMNS
    for option, g in s.groupby("option"):
        assert g["n"].sum() == len(ph)
    obe = s[s["option"] == "OBE"].set_index("sure_tricks")
    assert obe.loc["0", "diff"] < obe.loc["2", "diff"]


def test_plots_draw_the_break_even():
    ph = per_hand()
    t = D.declare_push(ph)
    fig = D.declare_push_figure(t, min_cell=3)
    for ax in fig.axes:
        assert D.BREAK_EVEN in [h.get_label() for h in ax.get_legend().legend_handles]
    fig = D.sure_tricks_figure(D.sure_tricks_table(ph), min_cell=3)
    assert D.BREAK_EVEN in [h.get_label() for h in fig.axes[0].get_legend().legend_handles]
    assert fig.get_size_inches()[0] <= 6  # a phone's width


def test_blocks_come_from_the_tables():
    from jass_sim.core.report.render import render_markdown
    from jass_sim.core.report.text import pm

    ph = per_hand()
    t = D.declare_push(ph)
    tables = {"declare_push": t, "declare_breakeven": D.breakeven(t), "declare_sure": D.sure_tricks_table(ph)}
    md = render_markdown(D.blocks(tables))
    assert "### Declare or push, in card terms" in md and "**break-even**" in md
    r = t[t["n"] >= D.MIN_CELL].iloc[0]
    assert pm(r["diff"], r["diff_lo"], r["diff_hi"]) in md
    assert D.blocks({}) == []


def test_the_bar_is_the_hands_own_push_value():
    """Issue 51: the bar sentence quotes the range of the push value over the declare table's shown
    cells (their lowest and highest push, as the tables print them), not one constant."""
    from jass_sim.core.report.text import pm
    from jass_sim.jass.report import notes as N

    ph = per_hand(900, 7)
    t = D.declare_push(ph)
    ref = N.chibre_reference(ph)
    s = N.own_bar_sentence(ref, t)
    shown = t[(t["multiplier"] == 1) & (t["n"] >= D.MIN_CELL)]
    lo, hi = shown.loc[shown["push"].idxmin()], shown.loc[shown["push"].idxmax()]
    assert s.startswith("**The bar is the hand's own push value.**")
    assert pm(lo["push"], lo["push_lo"], lo["push_hi"]) in s and pm(hi["push"], hi["push_lo"], hi["push_hi"]) in s
    assert N.own_bar_sentence(ref, None) == N.reference_sentence(ref)
