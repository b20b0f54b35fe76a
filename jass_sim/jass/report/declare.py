"""Declare or push, in card terms (report section 1): for each kind of hand, the value of declaring a
mode, the value of pushing (chibre) and their paired difference, from the per-hand option values of
:func:`jass_sim.jass.report.sections.option_values` (every option played on the same deals of each
hand).

Trump modes are described by the cards of the trump suit: how many trumps, whether the Buur (J)
and the Nell (9) are among them, and how many aces the other three suits hold. Every suit of a hand
is a candidate trump, so a hand enters the table once per suit (pooled over the suits that share a
multiplier); when two suits of one hand fall in the same cell, their differences are averaged
first, so that the hands stay the units of the 95% CIs. Obe-abe and une-ufe are described by their
*sure tricks*: the unbroken runs from the ace down (obe-abe) or from the six up (une-ufe), summed
over the four suits.

The break-even is where declaring and pushing are worth the same: the difference crosses zero.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.cards import MODE_NAMES, N_CARDS
from jass_sim.jass.report.sections import BUUR_NELL, MIN_CELL, TRUMP_BINS

#: Side-ace bins of the trump tables (aces in the three other suits).
SIDE_ACE_BINS = ("0", "1", "2", "3")
#: Sure-trick bins of the obe-abe / une-ufe table.
SURE_BINS = ("0", "1", "2", "3", "4", "5", "6+")
#: Columns of :func:`declare_push` (``trumps_table``) and :func:`sure_tricks_table`.
VALUE_COLUMNS = ("n", "declare", "declare_lo", "declare_hi", "push", "push_lo", "push_hi", "diff", "diff_lo",
                 "diff_hi", "declare_better", "better_lo", "better_hi")
DECLARE_COLUMNS = ("multiplier", "trumps", "buur_nell", "side_aces") + VALUE_COLUMNS
SURE_COLUMNS = ("option", "sure_tricks") + VALUE_COLUMNS
BREAKEVEN_COLUMNS = ("multiplier", "buur_nell", "side_aces", "shown", "declare_from", "clear_from",
                     "push_clear_until")


def _bits(masks: np.ndarray) -> np.ndarray:
    m = np.asarray(masks).astype(np.uint64)
    return ((m[:, None] >> np.arange(N_CARDS, dtype=np.uint64)) & np.uint64(1)).astype(bool)


def runs(masks: np.ndarray, top: bool) -> np.ndarray:
    """Per hand, the sure tricks of obe-abe (``top``) or une-ufe: per suit the length of the unbroken
    run from the ace down (from the six up), summed over the four suits."""
    bits = _bits(masks)
    total = np.zeros(len(bits), dtype=np.int64)
    for s in range(4):
        suit = bits[:, 9 * s: 9 * s + 9]
        if top:
            suit = suit[:, ::-1]
        # the run is the number of leading held cards: the index of the first card not held
        not_held = ~suit
        first_gap = np.where(not_held.any(axis=1), not_held.argmax(axis=1), 9)
        total += first_gap
    return total


def _row(declare: np.ndarray, push: np.ndarray) -> dict:
    """The value columns for paired per-hand values ``declare`` and ``push``."""
    out = {"n": len(declare)}
    for name, x in (("declare", declare), ("push", push), ("diff", declare - push)):
        m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
        out[name], out[f"{name}_lo"], out[f"{name}_hi"] = m, lo, hi
    p, lo, hi = wilson_ci(int((declare > push).sum()), len(declare))
    out["declare_better"], out["better_lo"], out["better_hi"] = p, lo, hi
    return out


def _trump_bin(k: np.ndarray) -> np.ndarray:
    return np.where(k >= 6, "6+", k.astype(str)).astype(object)


def declare_push(per_hand: pd.DataFrame, multipliers: dict[str, int] | None = None) -> pd.DataFrame:
    """Declaring a trump suit against pushing, by the cards of that suit (:data:`DECLARE_COLUMNS`).

    ``per_hand``: rows of :func:`~jass_sim.jass.report.sections.option_values` (``hand``,
    ``value_H`` .. ``value_C`` for the allowed trump suits, ``value_chibre``). ``multipliers``:
    each trump option's multiplier (suits with equal multipliers are pooled; default all 1).
    Per cell (``trumps`` bin, ``buur_nell``, ``side_aces``): ``declare`` (the mean value of the
    suit as trump), ``push`` (chibre's on the same hands), ``diff`` (declare minus push, paired)
    with 95% CIs, and ``declare_better`` (share of the cell's hands where declaring has the higher
    mean, Wilson CI)."""
    suits = [s for s in "HDSC" if f"value_{s}" in per_hand]
    multipliers = multipliers or {s: 1 for s in suits}
    if not suits or "value_chibre" not in per_hand:
        return pd.DataFrame(columns=list(DECLARE_COLUMNS))
    bits = _bits(per_hand["hand"].to_numpy())
    push = per_hand["value_chibre"].to_numpy(dtype=float)
    aces = bits[:, [9 * s + 8 for s in range(4)]]
    long = []
    for s in suits:
        i = "HDSC".index(s)
        trump = bits[:, 9 * i: 9 * i + 9]
        bn = np.asarray(BUUR_NELL, dtype=object)[trump[:, 3] * 1 + trump[:, 5] * 2]
        side = aces.sum(axis=1) - aces[:, i]
        long.append(pd.DataFrame({"hand_row": np.arange(len(per_hand)), "multiplier": multipliers[s],
                                  "trumps": _trump_bin(trump.sum(axis=1)), "buur_nell": bn,
                                  "side_aces": side.astype(str),
                                  "declare": per_hand[f"value_{s}"].to_numpy(dtype=float), "push": push}))
    df = pd.concat(long, ignore_index=True)
    # two suits of one hand in the same cell: one unit, their mean
    df = df.groupby(["multiplier", "trumps", "buur_nell", "side_aces", "hand_row"], sort=False,
                    as_index=False)[["declare", "push"]].mean()
    rows = []
    for mult in sorted(set(multipliers.values())):
        for t in TRUMP_BINS:
            for g in BUUR_NELL:
                for a in SIDE_ACE_BINS:
                    c = df[(df["multiplier"] == mult) & (df["trumps"] == t) & (df["buur_nell"] == g)
                           & (df["side_aces"] == a)]
                    if len(c):
                        rows.append({"multiplier": mult, "trumps": t, "buur_nell": g, "side_aces": a,
                                     **_row(c["declare"].to_numpy(), c["push"].to_numpy())})
    return pd.DataFrame(rows, columns=list(DECLARE_COLUMNS))


def sure_tricks_table(per_hand: pd.DataFrame) -> pd.DataFrame:
    """Obe-abe and une-ufe against pushing by sure tricks (:data:`SURE_COLUMNS`; see :func:`runs`)."""
    rows = []
    push = per_hand["value_chibre"].to_numpy(dtype=float) if "value_chibre" in per_hand else None
    masks = per_hand["hand"].to_numpy()
    for option, top in (("OBE", True), ("UNE", False)):
        if push is None or f"value_{option}" not in per_hand:
            continue
        k = runs(masks, top)
        bins = np.where(k >= 6, "6+", k.astype(str))
        declare = per_hand[f"value_{option}"].to_numpy(dtype=float)
        for b in SURE_BINS:
            sel = bins == b
            if sel.any():
                rows.append({"option": option, "sure_tricks": b, **_row(declare[sel], push[sel])})
    return pd.DataFrame(rows, columns=list(SURE_COLUMNS))


def breakeven(table: pd.DataFrame, min_cell: int = MIN_CELL) -> pd.DataFrame:
    """Per Buur/Nell group and side aces, from the cells of :func:`declare_push` with at least
    ``min_cell`` hands: ``declare_from`` (the fewest trumps from which declaring has the higher
    mean in every larger bin shown: the break-even), ``clear_from`` (the same with the difference's
    95% CI above zero), ``push_clear_until`` (the most trumps at which pushing is better with the
    CI below zero), ``shown`` (the range of trump counts with enough hands); empty strings where there
    is none."""
    rows = []
    order = {b: i for i, b in enumerate(TRUMP_BINS)}
    for (mult, g, a), c in table.groupby(["multiplier", "buur_nell", "side_aces"], sort=False):
        c = c[c["n"] >= min_cell].sort_values("trumps", key=lambda s: s.map(order))
        if not len(c):
            continue

        def from_where(ok: np.ndarray) -> str:
            # the first bin from which every shown bin satisfies ok
            idx = [i for i in range(len(ok)) if ok[i:].all()]
            return str(c["trumps"].iloc[idx[0]]) if idx else ""

        below = c[c["diff_hi"] < 0]
        rows.append({"multiplier": mult, "buur_nell": g, "side_aces": a,
                     "shown": f"{c['trumps'].iloc[0]}–{c['trumps'].iloc[-1]}" if len(c) > 1 else str(c["trumps"].iloc[0]),
                     "declare_from": from_where(c["diff"].to_numpy() > 0),
                     "clear_from": from_where(c["diff_lo"].to_numpy() > 0),
                     "push_clear_until": str(below["trumps"].iloc[-1]) if len(below) else ""})
    out = pd.DataFrame(rows, columns=list(BREAKEVEN_COLUMNS))
    if len(out):
        out["_g"] = out["buur_nell"].map({g: i for i, g in enumerate(BUUR_NELL)})
        out = out.sort_values(["multiplier", "_g", "side_aces"], kind="stable").drop(columns="_g")
    return out.reset_index(drop=True)


def multipliers_of(rules) -> dict[str, int]:
    """Each trump option's multiplier under ``rules``."""
    return {MODE_NAMES[m]: int(rules.multipliers[m]) for m in rules.modes if m < 4}


# ---------------------------------------------------------------------------------------------
# Figures (a phone's width: panels one above the other)
# ---------------------------------------------------------------------------------------------

#: Label of the break-even line in the declare-or-push plots (tests look for it).
BREAK_EVEN = "break-even: declare = push"


def declare_push_figure(table: pd.DataFrame, min_cell: int = MIN_CELL):
    """Declare minus push by trumps held, one panel per number of side aces, one series per
    Buur/Nell group (95% CIs; cells of fewer than ``min_cell`` hands left out); the zero line is
    the break-even."""
    from jass_sim.core.report.figures import error_bars, new_figure

    mult = sorted(set(table["multiplier"]))[0] if len(table) else 1
    t = table[(table["multiplier"] == mult) & (table["n"] >= min_cell)]
    panels = [a for a in SIDE_ACE_BINS if (t["side_aces"] == a).any()] or ["0"]
    fig = new_figure(6, 2.6 * len(panels) + 0.4)
    axes = np.atleast_1d(fig.subplots(len(panels), 1, sharex=True)).ravel()
    pos = {b: i for i, b in enumerate(TRUMP_BINS)}
    for ax, a in zip(axes, panels):
        for i, g in enumerate(BUUR_NELL):
            c = t[(t["side_aces"] == a) & (t["buur_nell"] == g)]
            if len(c):
                x = np.array([pos[b] for b in c["trumps"]], dtype=float) + (i - 1.5) * 0.08
                ax.errorbar(x, c["diff"], yerr=error_bars(c, "diff", "diff_lo", "diff_hi"), marker="o", ms=3,
                            capsize=2, label=g, color=f"C{i}")  # one colour per holding in every panel
        ax.axhline(0, color="black", lw=1.4, ls="--", label=BREAK_EVEN)
        ax.set_title(f"{a} side ace{'s' if a != '1' else ''}", fontsize=10)
        ax.set_ylabel("declare − push\n(points per round)", fontsize=8)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6, ncol=2)
    axes[-1].set_xticks(range(len(TRUMP_BINS)), TRUMP_BINS)
    axes[-1].set_xlabel("trumps held (in the declared suit)")
    return fig


def sure_tricks_figure(table: pd.DataFrame, min_cell: int = MIN_CELL):
    """Obe-abe and une-ufe minus push by sure tricks (95% CIs), with the break-even line."""
    from jass_sim.core.report.figures import error_bars, new_figure
    from jass_sim.jass.report.plots import label

    fig = new_figure(6, 3.6)
    ax = fig.subplots()
    pos = {b: i for i, b in enumerate(SURE_BINS)}
    for i, (option, c) in enumerate(table[table["n"] >= min_cell].groupby("option", sort=False)):
        x = np.array([pos[b] for b in c["sure_tricks"]], dtype=float) + (i - 0.5) * 0.1
        ax.errorbar(x, c["diff"], yerr=error_bars(c, "diff", "diff_lo", "diff_hi"), marker="o", ms=3, capsize=2,
                    label=f"{label(option)} − push")
    ax.axhline(0, color="black", lw=1.4, ls="--", label=BREAK_EVEN)
    ax.set_xticks(range(len(SURE_BINS)), SURE_BINS)
    ax.set_xlabel("sure tricks (runs from the ace for obe-abe, from the six for une-ufe)")
    ax.set_ylabel("declare − push (points per round)", fontsize=8)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    return fig


def figures(tables: dict[str, pd.DataFrame]) -> dict[str, bytes]:
    """The section's PNG files (none when the run has no such tables)."""
    from jass_sim.core.report.figures import png_bytes

    out = {}
    if "declare_push" in tables:
        out["declare_push.png"] = png_bytes(declare_push_figure(tables["declare_push"]))
    if "declare_sure" in tables and len(tables["declare_sure"]):
        out["declare_sure.png"] = png_bytes(sure_tricks_figure(tables["declare_sure"]))
    return out


# ---------------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------------

def blocks(tables: dict[str, pd.DataFrame]) -> list[tuple]:
    """The subsection of section 1 (see :mod:`jass_sim.core.report.render`), from the tables
    ``declare_push``, ``declare_breakeven`` and ``declare_sure`` only."""
    from jass_sim.core.report.text import n_fmt, pm
    from jass_sim.jass.report.plots import label

    if "declare_push" not in tables:
        return []
    t, be, sure = tables["declare_push"], tables["declare_breakeven"], tables["declare_sure"]
    out: list[tuple] = [("h3", "Declare or push, in card terms")]
    out.append(("p", "For each hand of the uniform sample (hands dealt at random; the rare hands drawn on purpose "
                     "follow in their own subsection) and each suit as trump: the value of declaring that suit, the "
                     "value of pushing (chibre, the partner then choosing with the fitted mode model), and their "
                     "**paired difference** on the same deals, declare minus push, with its 95% CI (the hands are "
                     "the units: a hand enters once per suit, and two of its suits in one cell count as one hand). "
                     "Above zero, declare; below, push: zero is the **break-even**, drawn as a dashed line. Side "
                     f"aces are the aces of the three other suits. Cells of fewer than {MIN_CELL} hands are left "
                     "out (they are in `tables/declare_push.csv`)."))
    mult = sorted(set(t["multiplier"]))[0] if len(t) else 1
    if len(set(t["multiplier"])) > 1:
        out.append(("p", f"The suits with multiplier ×{mult} are shown; the others are in the CSV."))
    b = be[be["multiplier"] == mult]
    if len(b):
        def where(r) -> str:
            if not r["declare_from"]:
                return f"push ({r['shown']} shown)" if r["push_clear_until"] else f"— ({r['shown']} shown)"
            text = f"from {r['declare_from']}"
            if r["clear_from"] and r["clear_from"] != r["declare_from"]:
                text += f" (clear from {r['clear_from']})"
            elif not r["clear_from"]:
                text += " (never clear)"
            return text

        cells = {(r["buur_nell"], r["side_aces"]): where(r) for _, r in b.iterrows()}
        aces = [a for a in SIDE_ACE_BINS if (b["side_aces"] == a).any()]
        out.append(("p", "**The break-even in trumps.** The table gives, for each Buur/Nell holding and number of "
                         "side aces, the number of trumps from which declaring beats pushing on average in every "
                         "larger group shown (*clear*: the difference's 95% CI is above zero there); *push*: no "
                         "group shown favours declaring (in parentheses the trump counts with enough hands)."))
        out.append(("table", ["trump honours"] + [f"{a} side ace{'s' if a != '1' else ''}" for a in aces],
                    [[g] + [cells.get((g, a), "") for a in aces] for g in BUUR_NELL if (b["buur_nell"] == g).any()],
                    "Declare with this many trumps or more (break-even of declare minus push)", "l"))
    out.append(("img", "declare_push.png", "Declare minus push by trumps, Buur/Nell and side aces"))
    shown = t[(t["multiplier"] == mult) & (t["n"] >= MIN_CELL)]
    for a in SIDE_ACE_BINS:
        c = shown[shown["side_aces"] == a]
        if not len(c):
            continue
        order = {x: i for i, x in enumerate(TRUMP_BINS)}
        c = c.assign(_t=c["trumps"].map(order), _g=c["buur_nell"].map({g: i for i, g in enumerate(BUUR_NELL)}))
        c = c.sort_values(["_t", "_g"], kind="stable")
        out.append(("table", ["trumps", "Buur / Nell", "hands", "declare", "push", "declare − push"],
                    [[r["trumps"], r["buur_nell"], n_fmt(r["n"]), pm(r["declare"], r["declare_lo"], r["declare_hi"]),
                      pm(r["push"], r["push_lo"], r["push_hi"]), pm(r["diff"], r["diff_lo"], r["diff_hi"])]
                     for _, r in c.iterrows()],
                    f"Declaring a trump suit or pushing, {a} side ace{'s' if a != '1' else ''} (points per round, "
                    "95% CIs)", "llrrrr"))
    if len(sure):
        s = sure[sure["n"] >= MIN_CELL]
        out.append(("p", "**Obe-abe and une-ufe by sure tricks.** A sure trick here is a card of an unbroken run "
                         "from the ace down (obe-abe) or from the six up (une-ufe), counted over the four suits: "
                         "A-K-Q of one suit and the A of another are four sure tricks in obe-abe."))
        out.append(("img", "declare_sure.png", "Obe-abe and une-ufe minus push by sure tricks"))
        out.append(("table", ["mode", "sure tricks", "hands", "declare", "push", "declare − push"],
                    [[label(r["option"]), r["sure_tricks"], n_fmt(r["n"]),
                      pm(r["declare"], r["declare_lo"], r["declare_hi"]), pm(r["push"], r["push_lo"], r["push_hi"]),
                      pm(r["diff"], r["diff_lo"], r["diff_hi"])] for _, r in s.iterrows()],
                    "Obe-abe and une-ufe or push, by sure tricks (points per round, 95% CIs)", "llrrrr"))
    return out
