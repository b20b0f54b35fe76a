"""Explanations the Jass report owes a player, built from a run's tables and the rules (no
simulation): what the hand evaluator's score is, which meld drives the four-aces figures, why
obe-abe is best less often than une-ufe, what chibre is worth on average (the bar a mode must
clear), and what the ``dd`` player sees.

Every number comes from a table of the same run, so that the prose never quotes a figure the
tables do not hold (tested in ``tests/jass/report``).
"""

from __future__ import annotations

import pandas as pd

from jass_sim.core.report.text import n_fmt, pm
from jass_sim.core.stats import mean_ci
from jass_sim.jass.report import sections as S
from jass_sim.jass.report.plots import label
from jass_sim.jass.rules import RuleSet

#: Natural rank order of ``RuleSet.four_points`` (6 7 8 9 10 J Q K A).
FOUR_RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: The columns of :func:`chibre_reference`.
REFERENCE_COLUMNS = ("option", "n", "mean", "ci95_lo", "ci95_hi")


def evaluator_definition() -> str:
    """What the hand evaluator's score (``mode_score``) counts, from the constants it uses."""
    from jass_sim.jass.modes import choose as C

    tv = dict(zip(FOUR_RANKS, C._TRUMP_VALUE))
    run = ", ".join(str(v) for v in C._TOP_RUN[:5])
    return ("**The hand evaluator's score** (`mode_score` in `jass_sim/jass/modes/choose.py`, a hand-made point "
            "count, not fitted) estimates the card points (out of 157) the chooser's team takes in a mode: a "
            f"base of 30; in a trump mode the trumps held (Buur {tv['J']}, Nell {tv['9']}, +4 for both, A "
            f"{tv['A']}, K {tv['K']}, 10 {tv['10']}, Q {tv['Q']}, 8 7 6 {tv['8']} each), +6 for every trump past "
            "the third, +4 per void side suit with three trumps or more, +20 for stöck, and per side suit A 10, "
            "K beside the A 5, 10 beside the A 4; in obe-abe (une-ufe) per suit the unbroken run from the ace "
            f"(the six): {run}, … points for its first, second, third … card, or 5 for a guarded K (7) "
            f"without the A (6). The evaluator's chibre threshold is {C.CHIBRE_BELOW:g}: below it, it chibres.")


def four_of_a_kind_note(rules: RuleSet, present_bins: dict[str, list[str]]) -> str | None:
    """The sentence naming the four-of-a-kind meld behind the top aces/sixes bin, or None when
    no four-aces or four-sixes cell is shown. ``present_bins``: feature (``aces``, ``sixes``) to
    the bins the report shows."""
    aces, sixes = rules.four_points[FOUR_RANKS.index("A")], rules.four_points[FOUR_RANKS.index("6")]
    if "4" not in present_bins.get("aces", []) and "4" not in present_bins.get("sixes", []):
        return None
    six_text = "no meld" if sixes <= 0 else f"a {sixes}-point meld"
    return (f"The 4-aces figures carry the **four-aces meld** ({aces} points under these rules, announced by "
            f"the holder whatever the mode, times the mode's multiplier), in every option of that row; four sixes "
            f"are {six_text} here. So obe-abe's value with 4 aces against une-ufe's with 4 sixes compares a hand "
            "with a meld to one without: the gap is not the mode's.")


def _cell(f: pd.DataFrame, feature: str, option: str, b: str, min_cell: int):
    r = f[(f["feature"] == feature) & (f["option"] == option) & (f["bin"] == b) & (f["group"] == "all")]
    return None if len(r) == 0 or r.iloc[0]["n"] < min_cell else r.iloc[0]


def asymmetry_note(features: pd.DataFrame, best: pd.DataFrame, gaps: pd.DataFrame | None, min_cell: int,
                   first_trump: str | None) -> str | None:
    """Why obe-abe is the best option less often than une-ufe: aces raise chibre and the trump
    modes too, sixes raise none of them; from the aces/sixes table (and the paired gaps of
    :func:`option_gaps` when the run has them). None when the cells needed are missing."""
    opts = set(best["option"])
    if not {"OBE", "UNE", "chibre"} <= opts:
        return None
    k = next((b for b in ("3", "2") if all(_cell(features, feat, o, b, min_cell) is not None
                                          for feat, o in (("aces", "OBE"), ("aces", "chibre"),
                                                          ("sixes", "UNE"), ("sixes", "chibre")))), None)
    if k is None:
        return None
    sh = best.set_index("option")["share"]
    obe, obe_c = _cell(features, "aces", "OBE", k, min_cell), _cell(features, "aces", "chibre", k, min_cell)
    une, une_c = _cell(features, "sixes", "UNE", k, min_cell), _cell(features, "sixes", "chibre", k, min_cell)

    def v(r):
        return f"{pm(r['mean'], r['ci95_lo'], r['ci95_hi'])} ({n_fmt(r['n'])} hands)"

    text = (f"**Why obe-abe is best in {100 * sh['OBE']:.1f}% of the hands and une-ufe in {100 * sh['UNE']:.1f}%.** "
            f"An ace wins a trick in every mode (a side ace under trumps, and whatever the partner names after a "
            "push); a six wins only in une-ufe. So the hands that make obe-abe good make chibre good too, and "
            f"the hands that make une-ufe good leave chibre weak. With {k} aces obe-abe is worth {v(obe)} and "
            f"chibre {v(obe_c)}; with {k} sixes une-ufe is worth {v(une)} and chibre {v(une_c)}.")
    t = _cell(features, "aces", first_trump, k, min_cell) if first_trump else None
    t6 = _cell(features, "sixes", first_trump, k, min_cell) if first_trump else None
    if t is not None and t6 is not None:
        text += (f" A trump mode ({label(first_trump)}) is worth {pm(t['mean'], t['ci95_lo'], t['ci95_hi'])} with "
                 f"{k} aces and {pm(t6['mean'], t6['ci95_lo'], t6['ci95_hi'])} with {k} sixes.")
    if gaps is not None and len(gaps):
        g = gaps.set_index(["feature", "bin", "option"])
        if ("aces", k, "OBE") in g.index and ("sixes", k, "UNE") in g.index:
            a, s = g.loc[("aces", k, "OBE")], g.loc[("sixes", k, "UNE")]
            text += (f" Paired on the same hands and deals, obe-abe minus chibre is "
                     f"{pm(a['mean'], a['ci95_lo'], a['ci95_hi'])} with {k} aces, une-ufe minus chibre "
                     f"{pm(s['mean'], s['ci95_lo'], s['ci95_hi'])} with {k} sixes (table below).")
    return text


def option_gaps(per_hand: pd.DataFrame) -> pd.DataFrame:
    """Paired per-hand differences that explain the obe-abe/une-ufe asymmetry: obe-abe minus
    chibre by aces held, une-ufe minus chibre by sixes held (the hands are the units; their
    95% CIs are paired: the same hands and deals for both options).

    Columns: ``feature, bin, option, versus, n, mean, ci95_lo, ci95_hi``."""
    rows = []
    for feature, option in (("aces", "OBE"), ("sixes", "UNE")):
        if f"value_{option}" not in per_hand or "value_chibre" not in per_hand:
            continue
        d = (per_hand[f"value_{option}"] - per_hand["value_chibre"]).to_numpy(dtype=float)
        bins = per_hand[feature].astype(int).astype(str).to_numpy()
        for b in ("0", "1", "2", "3", "4"):
            x = d[bins == b]
            if len(x):
                m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
                rows.append({"feature": feature, "bin": b, "option": option, "versus": "chibre", "n": len(x),
                             "mean": m, "ci95_lo": lo, "ci95_hi": hi})
    return pd.DataFrame(rows, columns=["feature", "bin", "option", "versus", "n", "mean", "ci95_lo", "ci95_hi"])


def chibre_reference(per_hand: pd.DataFrame) -> pd.DataFrame:
    """Chibre's mean value over all the hands (one row, ``REFERENCE_COLUMNS``), drawn in every
    mode-value plot; a hand's bar is its own push value (:func:`own_bar_sentence`)."""
    x = per_hand["value_chibre"].to_numpy(dtype=float)
    m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
    return pd.DataFrame([{"option": "chibre", "n": len(x), "mean": m, "ci95_lo": lo, "ci95_hi": hi}],
                        columns=list(REFERENCE_COLUMNS))


def reference_sentence(ref: pd.DataFrame) -> str:
    r = ref.iloc[0]
    return (f"**The bar is chibre, not zero.** Chibre is worth {pm(r['mean'], r['ci95_lo'], r['ci95_hi'])} points "
            f"per round over all {n_fmt(r['n'])} hands, so a mode worth less than that on a hand is a push, even "
            "when its value is positive; the plots draw chibre's value as a dashed line.")


def dd_sentence() -> str:
    return ("`dd` is not a player one can meet at a table: it **sees all four hands** (double dummy) and plays "
            "each card of best value with every card known, so its figures are an upper reference for card play, "
            "not a strategy; `pimc` and `search` see only their own hand and the cards played, and guess the "
            "rest by sampling.")


def own_bar_sentence(ref: pd.DataFrame, declare: pd.DataFrame | None) -> str:
    """The bar is the hand's own push value (issue 51): chibre's mean over all hands, and the range
    of the push value over the cells of the declare-or-push table shown in the report (the first
    multiplier, cells of at least :data:`~jass_sim.jass.report.sections.MIN_CELL` hands); falls back
    to :func:`reference_sentence` without such cells."""
    if declare is None or not len(declare):
        return reference_sentence(ref)
    t = declare[(declare["multiplier"] == declare["multiplier"].min()) & (declare["n"] >= S.MIN_CELL)]
    if len(t) < 2:
        return reference_sentence(ref)
    r = ref.iloc[0]
    lo, hi = t.loc[t["push"].idxmin()], t.loc[t["push"].idxmax()]

    def cell(c) -> str:
        aces = f"{c['side_aces']} side ace{'s' if c['side_aces'] != '1' else ''}"
        return f"{pm(c['push'], c['push_lo'], c['push_hi'])} with {c['trumps']} trumps, {c['buur_nell']}, {aces}"

    return (f"**The bar is the hand's own push value.** Pushing (chibre) is worth "
            f"{pm(r['mean'], r['ci95_lo'], r['ci95_hi'])} points per round on average over all {n_fmt(r['n'])} "
            f"hands, but its value moves with the hand: from {cell(lo)} to {cell(hi)} (in the tables below). A mode "
            "is worth declaring on a hand when it beats that hand's own push value, which the declare-or-push "
            "tables below compare on the same deals (declare − push); the average, drawn as a dashed line in the "
            "plots, is no bar for any one hand.")


def bar_blocks(rep) -> list[tuple]:
    """Chibre's mean value, the hand's own push value as the bar, and the four-of-a-kind note."""
    ref = rep.tables["chibre_reference"]
    out: list[tuple] = [("p", own_bar_sentence(ref, rep.tables.get("declare_push")))]
    shown = {feat: [b for b in S.COUNT_BINS if rep.cell(feat, o, b) is not None]
             for feat, o in (("aces", "OBE"), ("sixes", "UNE"))}
    note = four_of_a_kind_note(rep.rules, shown)
    if note:
        out.append(("p", note))
    r = ref.iloc[0]
    out.append(("table", ["reference", "hands", "value (points per round)"],
                [["chibre, all hands", n_fmt(r["n"]), pm(r["mean"], r["ci95_lo"], r["ci95_hi"])]],
                "Chibre's mean value over all hands (the hand's own push value is the bar)"))
    return out


def asymmetry_blocks(rep) -> list[tuple]:
    """Why obe-abe is best less often than une-ufe, and the paired gaps behind it."""
    gaps = rep.tables.get("option_gaps")
    text = asymmetry_note(rep.tables["mode_features"], rep.tables["best_choice"], gaps, S.MIN_CELL,
                          rep.first_trump)
    if text is None:
        return []
    out: list[tuple] = [("p", text)]
    if gaps is not None and len(gaps):
        g = gaps[gaps["n"] >= S.MIN_CELL]
        out.append(("table", ["held", "option minus chibre", "hands", "paired difference"],
                    [[f"{b} {f}", f"{label(o)} − chibre", n_fmt(n), pm(m, lo, hi)]
                     for f, b, o, n, m, lo, hi in g[["feature", "bin", "option", "n", "mean", "ci95_lo",
                                                     "ci95_hi"]].itertuples(index=False)],
                    "Obe-abe and une-ufe against chibre on the same hands (paired, 95% CIs)"))
    return out
