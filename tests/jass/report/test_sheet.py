"""The Vorhand sheet (issue 51): built from the declare cells and the sure-trick table only; each
cell's call is the sign of declare - push and clear when its CI excludes zero; the worked hands are
read from their cells; the page is A4 (made-up tables: no Jass simulation)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from test_declare import per_hand
from test_strata import made_up_values, uniform_hands

from jass_sim.jass.report import declare as D
from jass_sim.jass.report import rare as R
from jass_sim.jass.report import sheet as SH
from jass_sim.jass.report import strata as St
from jass_sim.jass.rules import get_rules


@pytest.fixture(scope="module", params=["chibre", "schieber"])
def made(request):
    rules = get_rules(request.param)
    uniform = made_up_values(uniform_hands(1500, 51), 5)
    meta = St.drawn_hands(3, 40, R.trump_suits(rules), 11)
    drawn = made_up_values(meta["hand"].to_numpy().astype(np.uint64), 6)
    cells = R.tables(uniform, drawn, meta, rules)["sheet_cells"]
    sure = D.sure_tricks_table(per_hand(1500, 8))
    return rules, cells, sure, SH.sheet_table(cells, sure)


def test_each_call_follows_from_its_cell(made):
    rules, cells, sure, t = made
    assert tuple(t.columns) == SH.SHEET_COLUMNS and len(t)
    assert ((t["call"] == "declare") == (t["diff"] > 0)).all()
    assert (t["clear"] == ((t["diff_lo"] > 0) | (t["diff_hi"] < 0))).all()
    assert (t["n"] >= SH.MIN_CELL).all()
    trump = t[t["option"] == "trump"]
    assert sorted(set(trump["multiplier"])) == sorted({int(rules.multipliers[m]) for m in rules.modes if m < 4})
    # each trump cell is the pooled cell of the weighted table
    c = cells.set_index(["multiplier", "buur_nell", "side_aces", "trumps"])
    for _, r in trump.iterrows():
        assert c.loc[(r["multiplier"], r["buur_nell"], int(r["side_aces"]), r["level"]), "diff"] == r["diff"]
    assert set(t.loc[t["option"] != "trump", "option"]) == {"OBE", "UNE"}


def test_markdown_and_examples(made):
    rules, _, _, t = made
    md = SH.markdown(t, rules, "jass-sim report --rules x -o y/")
    assert md.startswith(f"# Vorhand sheet — rules `{rules.name}`")
    for mult in sorted({int(rules.multipliers[m]) for m in rules.modes if m < 4}):
        assert f"## Trump suits ×{mult}" in md
    assert "## Obe-abe and une-ufe" in md and "## Three worked hands" in md
    for text in SH.EXAMPLES:
        e = SH.example(text, t, rules)
        assert f"**{text}** → **{e['choice']}**" in md
        declares = [r for _, _, r in e["options"] if r is not None and r["call"] == "declare"]
        assert e["choice"].startswith("declare") == bool(declares)
    e = SH.example(SH.EXAMPLES[0], t, rules)  # HJ H9 HA H7 HK: hearts with 5 trumps, Buur and Nell, 1 side ace
    assert e["options"][0][0].startswith("H (5 trumps, Buur and Nell, 1 side ace)")


def test_printable_page_is_a4(made):
    from PIL import Image

    rules, _, _, t = made
    img = Image.open(io.BytesIO(SH.png(t, rules)))
    w, h = img.size
    assert abs(h / w - 297 / 210) < 0.01
