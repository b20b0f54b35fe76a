"""The Vorhand sheet (issue 51): one page a player keeps, the decision made at the table as the
forehand: declare a trump suit or push, by trumps x Buur/Nell x side aces, and obe-abe / une-ufe by
sure tricks; each cell marked clear (the paired difference's 95% CI excludes zero) or too close,
one table per multiplier of the rules, and three worked example hands.

Built from a report's tables only: ``sheet_cells`` (the declare-or-push cells of the uniform and the
stratified hands weighted back to the population, :mod:`jass_sim.jass.report.rare`) and
``declare_sure`` (:func:`jass_sim.jass.report.declare.sure_tricks_table`). :func:`markdown` gives
``sheet.md``, :func:`png` a printable A4 page (``sheet.png``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.notation import cards_to_mask
from jass_sim.core.report.text import n_fmt, pm
from jass_sim.jass.cards import MODE_NAMES, parse_cards
from jass_sim.jass.report.declare import SURE_BINS, runs
from jass_sim.jass.report.sections import BUUR_NELL, MIN_CELL, TRUMP_BINS
from jass_sim.jass.report.thumb import Hand

#: Columns of :func:`sheet_table`.
SHEET_COLUMNS = ("multiplier", "option", "buur_nell", "side_aces", "level", "n", "diff", "diff_lo", "diff_hi", "call",
                 "clear")
#: The worked examples (card codes): a clear declare, a clear push and a close one, in most runs.
EXAMPLES = ("HJ H9 HA H7 HK SA D6 C7 CQ", "S6 S8 HQ H7 D9 DT C6 C8 CK", "DJ D7 D8 HA SK S6 C7 CT CQ")
SUITS_WORDS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}
#: Cell colours of the printable sheet: declare / push, clear / too close, no data.
COLOURS = {("declare", True): "#4caf50", ("declare", False): "#c8e6c9", ("push", True): "#e57373",
           ("push", False): "#ffcdd2", (None, None): "#eeeeee"}


def _call(r) -> tuple[str, bool]:
    return ("declare" if r["diff"] > 0 else "push"), bool(r["diff_lo"] > 0 or r["diff_hi"] < 0)


def sheet_table(cells: pd.DataFrame, sure: pd.DataFrame, min_cell: int = MIN_CELL) -> pd.DataFrame:
    """Every cell of the sheet with at least ``min_cell`` hands (:data:`SHEET_COLUMNS`): trump cells
    (``option`` ``trump``, ``level`` the trumps held) from ``cells``, obe-abe / une-ufe cells
    (``level`` the sure tricks) from ``sure``; ``call`` declare or push (the sign of declare - push),
    ``clear`` when its 95% CI excludes zero."""
    rows = []
    for _, r in cells[cells["n"] >= min_cell].iterrows():
        if not np.isfinite(r["diff_lo"]):
            continue
        call, clear = _call(r)
        rows.append({"multiplier": int(r["multiplier"]), "option": "trump", "buur_nell": r["buur_nell"],
                     "side_aces": str(r["side_aces"]), "level": str(r["trumps"]), "n": int(r["n"]), "diff": r["diff"],
                     "diff_lo": r["diff_lo"], "diff_hi": r["diff_hi"], "call": call, "clear": clear})
    for _, r in sure[sure["n"] >= min_cell].iterrows():
        if not np.isfinite(r["diff_lo"]):
            continue
        call, clear = _call(r)
        rows.append({"multiplier": 0, "option": r["option"], "buur_nell": "", "side_aces": "",
                     "level": str(r["sure_tricks"]), "n": int(r["n"]), "diff": r["diff"], "diff_lo": r["diff_lo"],
                     "diff_hi": r["diff_hi"], "call": call, "clear": clear})
    return pd.DataFrame(rows, columns=list(SHEET_COLUMNS))


def _mark(r) -> str:
    if r is None:
        return "·"
    word = "DECLARE" if r["call"] == "declare" else "push"
    return f"**{word}**" if r["clear"] else f"{word}?"


def _grid(t: pd.DataFrame, mult: int) -> tuple[list[str], list[list[str]]]:
    head = ["Buur / Nell", "side aces"] + [f"{b} trumps" for b in TRUMP_BINS[1:]]
    rows = []
    g = t[(t["option"] == "trump") & (t["multiplier"] == mult)].set_index(["buur_nell", "side_aces", "level"])
    for bn in BUUR_NELL:
        for a in ("0", "1", "2", "3"):
            cells = [_mark(g.loc[(bn, a, b)] if (bn, a, b) in g.index else None) for b in TRUMP_BINS[1:]]
            if any(c != "·" for c in cells):
                rows.append([bn, a] + cells)
    return head, rows


def _sure_grid(t: pd.DataFrame) -> tuple[list[str], list[list[str]]]:
    s = t[t["option"].isin(["OBE", "UNE"])].set_index(["option", "level"])
    rows = [[b] + [_mark(s.loc[(o, b)] if (o, b) in s.index else None) for o in ("OBE", "UNE")] for b in SURE_BINS]
    return ["sure tricks", "obe-abe (from the aces down)", "une-ufe (from the sixes up)"], rows


def example(text: str, t: pd.DataFrame, rules) -> dict:
    """A worked example: the hand's cell for each trump suit of ``rules`` and its obe-abe / une-ufe
    sure tricks, the sheet's call in each, and the option to choose: the declare call with the
    largest difference, else push."""
    h = Hand(cards_to_mask(parse_cards(text)))
    mask = np.array([h.mask], dtype=np.uint64)
    options = []
    for m in rules.modes:
        if m < 4:
            mult = int(rules.multipliers[m])
            bn = BUUR_NELL[h.has(m, 3) + 2 * h.has(m, 5)]
            k = h.count(m)
            key = ("trump", mult, bn, str(h.side_aces(m)), "6+" if k >= 6 else str(k))
            a = h.side_aces(m)
            where = f"{MODE_NAMES[m]} ({k} trump{'s' if k != 1 else ''}, {bn}, {a} side ace{'s' if a != 1 else ''})"
        else:
            opt = MODE_NAMES[m]
            k = int(runs(mask, opt == "OBE")[0])
            key = (opt, 0, "", "", "6+" if k >= 6 else str(k))
            where = f"{opt} ({k} sure trick{'s' if k != 1 else ''})"
        c = t[(t["option"] == key[0]) & (t["multiplier"] == key[1]) & (t["buur_nell"] == key[2])
              & (t["side_aces"] == key[3]) & (t["level"] == key[4])]
        options.append((where, MODE_NAMES[m], c.iloc[0] if len(c) else None))
    known = [(w, m, r) for w, m, r in options if r is not None]
    best = max((x for x in known if x[2]["call"] == "declare"), key=lambda x: x[2]["diff"], default=None)
    choice = f"declare {best[1]}" + ("" if best[2]["clear"] else " (too close: pushing is as good)") if best else (
        "push" + ("" if all(r["clear"] for _, _, r in known) else " (too close in some options)"))
    return {"hand": text, "options": options, "choice": choice}


def markdown(t: pd.DataFrame, rules, command: str) -> str:
    """``sheet.md``: the sheet of the table :func:`sheet_table` under ``rules``."""
    lines = [f"# Vorhand sheet — rules `{rules.name}`", "",
             "You are the forehand: declare, or push (chibre) to your partner? Find your best trump suit's row "
             "(its Buur and Nell, the aces of the other three suits) and column (trumps held), and your obe-abe "
             "and une-ufe sure tricks (unbroken runs from the ace down, from the six up, over the four suits). "
             "**DECLARE** / **push**: clear (the 95% CI of declare − push, paired on the same deals, excludes "
             "zero); DECLARE? / push?: too close to call; ·: fewer than "
             f"{MIN_CELL} hands. Where several options say DECLARE, take the one with the largest difference "
             "(`tables/sheet_cells.csv`, `tables/declare_sure.csv`). Card play is the simulation's; the CIs do not "
             "cover its error.", ""]
    for mult in sorted(set(t.loc[t["option"] == "trump", "multiplier"])):
        suits = ", ".join(SUITS_WORDS[MODE_NAMES[m]] for m in rules.modes if m < 4 and rules.multipliers[m] == mult)
        head, rows = _grid(t, mult)
        lines += [f"## Trump suits ×{mult} ({suits})", "", "| " + " | ".join(head) + " |",
                  "|" + "---|" * len(head)] + ["| " + " | ".join(r) + " |" for r in rows] + [""]
    mults = sorted({int(rules.multipliers[m]) for m in rules.modes if m >= 4})
    head, rows = _sure_grid(t)
    lines += [f"## Obe-abe and une-ufe (×{'/'.join(map(str, mults))}) by sure tricks", "",
              "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(r) + " |" for r in rows] + ["", "## Three worked hands", ""]
    for text in EXAMPLES:
        e = example(text, t, rules)
        lines.append(f"- **{e['hand']}** → **{e['choice']}**. " + "; ".join(
            f"{w}: " + (f"{_mark(r)} {pm(r['diff'], r['diff_lo'], r['diff_hi'])} ({n_fmt(r['n'])} hands)"
                        if r is not None else "·") for w, _, r in e["options"]) + ".")
    lines += ["", f"Made by `{command}` (the sheet is part of the report; numbers in points per round).", ""]
    return "\n".join(lines)


def png(t: pd.DataFrame, rules) -> bytes:
    """The printable sheet: an A4 page (portrait) of coloured grids, one per multiplier, and the
    obe-abe / une-ufe grid."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    from jass_sim.core.report.figures import png_bytes

    mults = sorted(set(t.loc[t["option"] == "trump", "multiplier"]))
    fig = Figure(figsize=(8.27, 11.69))
    fig.suptitle(f"Vorhand sheet — declare or push (rules {rules.name})", fontsize=13, y=0.985)
    n_panels = len(mults) + 1
    axes = fig.subplots(n_panels, 1, gridspec_kw={"height_ratios": [3] * len(mults) + [1.6]})
    axes = np.atleast_1d(axes)

    def colour(r):
        return COLOURS[(None, None)] if r is None else COLOURS[(r["call"], bool(r["clear"]))]

    for ax, mult in zip(axes, mults):
        g = t[(t["option"] == "trump") & (t["multiplier"] == mult)].set_index(["buur_nell", "side_aces", "level"])
        rows = [(bn, a) for bn in BUUR_NELL for a in ("0", "1", "2", "3")]
        text = [[_mark(g.loc[(bn, a, b)]).replace("*", "") if (bn, a, b) in g.index else "·" for b in TRUMP_BINS[1:]]
                for bn, a in rows]
        colours = [[colour(g.loc[(bn, a, b)] if (bn, a, b) in g.index else None) for b in TRUMP_BINS[1:]]
                   for bn, a in rows]
        ax.axis("off")
        labels = [f"{bn}, {a} side ace{'s' if a != '1' else ''}" for bn, a in rows]
        tab = ax.table(cellText=[[x] + r for x, r in zip(labels, text)],
                       cellColours=[["white"] + c for c in colours],
                       colLabels=["Buur / Nell, side aces"] + [f"{b} trumps" for b in TRUMP_BINS[1:]],
                       colWidths=[0.28] + [0.12] * (len(TRUMP_BINS) - 1), cellLoc="center", bbox=[0, 0, 1, 1])
        tab.auto_set_font_size(False)
        tab.set_fontsize(7)
        ax.set_title(f"Trump suits ×{mult}: rows Buur/Nell and aces of the other suits, columns trumps held",
                     fontsize=9)
    ax = axes[-1]
    s = t[t["option"].isin(["OBE", "UNE"])].set_index(["option", "level"])
    ax.axis("off")
    tab = ax.table(cellText=[[name] + [_mark(s.loc[(o, b)]).replace("*", "") if (o, b) in s.index else "·"
                                       for b in SURE_BINS] for o, name in (("OBE", "obe-abe"), ("UNE", "une-ufe"))],
                   cellColours=[["white"] + [colour(s.loc[(o, b)] if (o, b) in s.index else None) for b in SURE_BINS]
                                for o in ("OBE", "UNE")],
                   colLabels=["mode"] + [f"{b} sure" for b in SURE_BINS],
                   colWidths=[0.16] + [0.12] * len(SURE_BINS), cellLoc="center", bbox=[0, 0.3, 1, 0.6])
    tab.auto_set_font_size(False)
    tab.set_fontsize(7)
    ax.set_title("Obe-abe / une-ufe by sure tricks (runs from the ace down / from the six up)", fontsize=9)
    fig.legend(handles=[Patch(color=COLOURS[("declare", True)], label="DECLARE (clear)"),
                        Patch(color=COLOURS[("declare", False)], label="DECLARE? (too close)"),
                        Patch(color=COLOURS[("push", True)], label="push (clear)"),
                        Patch(color=COLOURS[("push", False)], label="push? (too close)"),
                        Patch(color=COLOURS[(None, None)], label=f"· fewer than {MIN_CELL} hands")],
               loc="lower center", ncol=3, fontsize=8)
    return png_bytes(fig)
