"""Declare or push under the rules' multipliers against ×1, on the same deals (issue 51 item 9).

``jass-sim report --rules schieber`` counts rose/acorn ×1, shields/bells ×2 and obe-abe/une-ufe ×3
(:data:`jass_sim.jass.rules.presets.PRESETS`). Section 1's option values are scored with those
multipliers; this module sets them against the same rules at ×1 on the **same hands and deals**:

* a declared mode's value at ×1 is its value divided by its multiplier, deal by deal: the card play
  does not see the multiplier, and every point of the round (cards, melds, stöck, match) is
  multiplied (``tests/jass/report/test_multipliers.py`` checks it against a ×1 run);
* the push at ×1 is played again (:func:`push_x1`, the advise samples of section 1), because after a
  chibre the partner's choice changes with the multipliers: at ×1 the partner picks with the fitted
  mode model of the ``chibre`` preset (the model of ×1 play), under the rules' multipliers with the
  rules' own.

The paired **shift** of a cell is (declare − push under the multipliers) − (declare − push at ×1),
hand by hand, with its 95% CI: how much the multipliers move the choice. Empty tables for rules
without multipliers (``chibre``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import wilson_ci
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.report import declare as D
from jass_sim.jass.report.sections import BUUR_NELL, MIN_CELL, TRUMP_BINS

_KEYS = ("multiplier", "trumps", "buur_nell", "side_aces")
#: ``mult_declare``: the trump cells of :func:`~jass_sim.jass.report.declare.declare_push` at both scales.
DECLARE_COLUMNS = _KEYS + ("n", "declare", "declare_x1", "push", "push_lo", "push_hi", "push_x1", "push_x1_lo",
                           "push_x1_hi", "diff", "diff_lo", "diff_hi", "diff_x1", "diff_x1_lo", "diff_x1_hi",
                           "shift", "shift_lo", "shift_hi")
#: ``mult_sure``: obe-abe / une-ufe by sure tricks at both scales.
SURE_COLUMNS = ("option", "multiplier", "sure_tricks", "n", "diff", "diff_lo", "diff_hi", "diff_x1", "diff_x1_lo",
                "diff_x1_hi", "shift", "shift_lo", "shift_hi")
#: ``mult_breakeven``: the break-even in trumps at both scales.
BREAKEVEN_COLUMNS = ("multiplier", "buur_nell", "side_aces", "declare_from", "clear_from", "declare_from_x1",
                     "clear_from_x1")
#: ``mult_best``: which option has the best mean per hand, at both scales (Wilson CIs).
BEST_COLUMNS = ("option", "multiplier", "hands", "best", "share", "ci95_lo", "ci95_hi", "best_x1", "share_x1",
                "x1_lo", "x1_hi")
#: The x1 rules' partner model after a chibre: the fitted mode model of this preset (fitted at ×1).
X1_PARTNER_PRESET = "chibre"


def has_multipliers(rules) -> bool:
    """Whether any allowed mode of ``rules`` counts more than ×1."""
    return any(int(rules.multipliers[m]) != 1 for m in rules.modes)


def empty_tables() -> dict[str, pd.DataFrame]:
    """The section's tables without rows (rules without multipliers)."""
    return {name: pd.DataFrame(columns=list(cols)) for name, cols in TABLE_COLUMNS.items()}


def push_x1(masks: np.ndarray, rules, samples_per_hand: int, seed: int, policy: int, first_hand: int = 0) -> np.ndarray:
    """Per hand, the mean difference of the push (chibre) with every multiplier 1, on the advise
    samples of :func:`~jass_sim.jass.report.sections.values_of` (hand ``h``: samples
    ``(first_hand + h) * samples_per_hand ...``), the partner choosing with the fitted mode model
    of :data:`X1_PARTNER_PRESET`."""
    from jass_sim.jass.advise.advice import PARTNER_MODELS
    from jass_sim.jass.advise.sampling import CHIBRE, run_advise
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players import DEFAULT_CHOOSER

    x1 = rules.replace(multipliers=(1,) * 6)
    params = default_mode_params(X1_PARTNER_PRESET)
    masks = np.asarray(masks).astype(np.uint64)
    out = np.zeros(len(masks))
    for h in range(len(masks)):
        s = run_advise(masks[h], x1, [CHIBRE], [policy] * 4, leader=0, seed=seed,
                       first_sample=(first_hand + h) * samples_per_hand, n_samples=samples_per_hand,
                       partner_model=PARTNER_MODELS[DEFAULT_CHOOSER], mode_params=params)
        out[h] = (s.ours - s.theirs)[:, 0].astype(np.float64).mean()
    return out


def x1_frame(per_hand: pd.DataFrame, rules, push: np.ndarray) -> pd.DataFrame:
    """``per_hand`` with every ``value_<mode>`` divided by the mode's multiplier and
    ``value_chibre`` replaced by ``push`` (the ×1 push of the same hands, :func:`push_x1`)."""
    out = per_hand.copy()
    for m in rules.modes:
        col = f"value_{MODE_NAMES[m]}"
        if col in out:
            out[col] = out[col].to_numpy(dtype=float) / int(rules.multipliers[m])
    out["value_chibre"] = np.asarray(push, dtype=float)
    return out


def _delta(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Option values ``a - b`` hand by hand (the same hands in the same order)."""
    out = a.copy()
    for col in a.columns:
        if col.startswith("value_"):
            out[col] = a[col].to_numpy(dtype=float) - b[col].to_numpy(dtype=float)
    return out


def tables(per_hand: pd.DataFrame, rules, push: np.ndarray) -> dict[str, pd.DataFrame]:
    """``mult_declare``, ``mult_sure``, ``mult_breakeven``, ``mult_best`` from section 1's option
    values ``per_hand`` (under the rules' multipliers) and the ×1 push ``push`` of the same hands.

    The ×1 tables are :func:`~jass_sim.jass.report.declare.declare_push` and
    :func:`~jass_sim.jass.report.declare.sure_tricks_table` of :func:`x1_frame`; the shift is the
    same function applied to the hand-by-hand difference of the two frames, so its ``diff`` is
    the paired (declare − push) − (declare − push at ×1) with the hands as units."""
    if not has_multipliers(rules) or not len(per_hand):
        return empty_tables()
    mults = D.multipliers_of(rules)
    x1 = x1_frame(per_hand, rules, push)
    delta = _delta(per_hand, x1)
    at, one, sh = (D.declare_push(f, mults) for f in (per_hand, x1, delta))
    dec = at[list(_KEYS) + ["n", "declare", "push", "push_lo", "push_hi", "diff", "diff_lo", "diff_hi"]].merge(
        one[list(_KEYS) + ["declare", "push", "push_lo", "push_hi", "diff", "diff_lo", "diff_hi"]].rename(
            columns={"declare": "declare_x1", "push": "push_x1", "push_lo": "push_x1_lo", "push_hi": "push_x1_hi",
                     "diff": "diff_x1", "diff_lo": "diff_x1_lo", "diff_hi": "diff_x1_hi"}), on=list(_KEYS)).merge(
        sh[list(_KEYS) + ["diff", "diff_lo", "diff_hi"]].rename(
            columns={"diff": "shift", "diff_lo": "shift_lo", "diff_hi": "shift_hi"}), on=list(_KEYS))
    s_at, s_one, s_sh = (D.sure_tricks_table(f) for f in (per_hand, x1, delta))
    sure = s_at[["option", "sure_tricks", "n", "diff", "diff_lo", "diff_hi"]].merge(
        s_one[["option", "sure_tricks", "diff", "diff_lo", "diff_hi"]].rename(
            columns={"diff": "diff_x1", "diff_lo": "diff_x1_lo", "diff_hi": "diff_x1_hi"}),
        on=["option", "sure_tricks"]).merge(
        s_sh[["option", "sure_tricks", "diff", "diff_lo", "diff_hi"]].rename(
            columns={"diff": "shift", "diff_lo": "shift_lo", "diff_hi": "shift_hi"}), on=["option", "sure_tricks"])
    sure.insert(1, "multiplier", [int(rules.multipliers[MODE_NAMES.index(o)]) for o in sure["option"]])
    b_at, b_one = D.breakeven(at), D.breakeven(one)
    be = b_at[["multiplier", "buur_nell", "side_aces", "declare_from", "clear_from"]].merge(
        b_one[["multiplier", "buur_nell", "side_aces", "declare_from", "clear_from"]].rename(
            columns={"declare_from": "declare_from_x1", "clear_from": "clear_from_x1"}),
        on=["multiplier", "buur_nell", "side_aces"], how="outer").fillna("")
    return {"mult_declare": dec[list(DECLARE_COLUMNS)], "mult_sure": sure[list(SURE_COLUMNS)],
            "mult_breakeven": be[list(BREAKEVEN_COLUMNS)], "mult_best": best_table(per_hand, x1, rules)}


def best_options(frame: pd.DataFrame, names: list[str]) -> np.ndarray:
    """Per hand the option of ``names`` with the highest value (the first of equal ones)."""
    v = np.stack([frame[f"value_{n}"].to_numpy(dtype=float) for n in names], axis=1)
    return np.asarray(names, dtype=object)[np.argmax(v, axis=1)]


def best_table(per_hand: pd.DataFrame, x1: pd.DataFrame, rules) -> pd.DataFrame:
    """Per option, the share of hands where it has the best mean under the multipliers and at ×1
    (the same hands and deals; Wilson CIs)."""
    names = [MODE_NAMES[m] for m in rules.modes] + ["chibre"]
    at, one = best_options(per_hand, names), best_options(x1, names)
    n = len(per_hand)
    rows = []
    for name in names:
        k, k1 = int((at == name).sum()), int((one == name).sum())
        p, lo, hi = wilson_ci(k, n)
        p1, lo1, hi1 = wilson_ci(k1, n)
        mult = 1 if name == "chibre" else int(rules.multipliers[MODE_NAMES.index(name)])
        rows.append({"option": name, "multiplier": mult, "hands": n, "best": k, "share": p, "ci95_lo": lo,
                     "ci95_hi": hi, "best_x1": k1, "share_x1": p1, "x1_lo": lo1, "x1_hi": hi1})
    return pd.DataFrame(rows, columns=list(BEST_COLUMNS))


TABLE_COLUMNS = {"mult_declare": DECLARE_COLUMNS, "mult_sure": SURE_COLUMNS, "mult_breakeven": BREAKEVEN_COLUMNS,
                 "mult_best": BEST_COLUMNS}


def blocks(tables: dict[str, pd.DataFrame], rules_name: str) -> list[tuple]:
    """The subsection "The multipliers" of section 1 (nothing for rules without multipliers)."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm
    from jass_sim.jass.report.plots import label

    dec = tables.get("mult_declare")
    if dec is None or not len(dec):
        return []
    sure, be, best = tables["mult_sure"], tables["mult_breakeven"], tables["mult_best"]
    mults = ", ".join(f"{label(r['option'])} ×{r['multiplier']}" for _, r in best.iterrows() if r["option"] != "chibre")
    out: list[tuple] = [("h3", f"The multipliers of `{rules_name}` against ×1, on the same deals")]
    out.append(("p", f"The rules count {mults}. Each hand of the uniform sample is also scored at ×1 on the same "
                     "deals: a declared mode's ×1 value is its value divided by its multiplier (the card play does "
                     "not see the multiplier), and the push is played again at ×1, the partner then choosing with "
                     f"the fitted mode model of `{X1_PARTNER_PRESET}` (×1 play). The **shift** is declare − push "
                     "under the multipliers minus declare − push at ×1, hand by hand (paired 95% CI): how far the "
                     "multipliers move the choice. Pushing gains under the multipliers too, because the partner "
                     f"may pick a ×2 or ×3 mode. Cells of fewer than {MIN_CELL} hands are left out (they are in "
                     "`tables/mult_declare.csv`)."))
    out.append(("table", ["option", "multiplier", "best (multipliers)", "best (×1)"],
                [[label(r["option"]), f"×{r['multiplier']}", pct_ci(r["share"], r["ci95_lo"], r["ci95_hi"]),
                  pct_ci(r["share_x1"], r["x1_lo"], r["x1_hi"])] for _, r in best.iterrows()],
                f"Share of the {n_fmt(best['hands'].iloc[0])} hands where each option has the best mean, under the "
                "multipliers and at ×1 (the same hands and deals; Wilson 95% CIs)", "llrr"))
    if len(be):
        def cell(frm, clear) -> str:
            return "push" if not frm else f"from {frm}" + (f" (clear {clear})" if clear and clear != frm else "")

        out.append(("table", ["multiplier", "trump honours", "side aces", "declare (multipliers)", "declare (×1)"],
                    [[f"×{r['multiplier']}", r["buur_nell"], r["side_aces"], cell(r["declare_from"], r["clear_from"]),
                      cell(r["declare_from_x1"], r["clear_from_x1"])] for _, r in be.iterrows()],
                    "The break-even in trumps under the multipliers and at ×1: declare with this many trumps or more "
                    f"(cells of at least {MIN_CELL} hands)", "lllll"))
    order = {b: i for i, b in enumerate(TRUMP_BINS)}
    shown = dec[dec["n"] >= MIN_CELL].assign(_t=lambda d: d["trumps"].map(order),
                                             _g=lambda d: d["buur_nell"].map({g: i for i, g in enumerate(BUUR_NELL)}))
    shown = shown.sort_values(["multiplier", "side_aces", "_t", "_g"], kind="stable")
    if len(shown):
        out.append(("table", ["multiplier", "side aces", "trumps", "Buur / Nell", "hands", "declare − push",
                              "at ×1", "shift"],
                    [[f"×{r['multiplier']}", r["side_aces"], r["trumps"], r["buur_nell"], n_fmt(r["n"]),
                      pm(r["diff"], r["diff_lo"], r["diff_hi"]), pm(r["diff_x1"], r["diff_x1_lo"], r["diff_x1_hi"]),
                      pm(r["shift"], r["shift_lo"], r["shift_hi"])] for _, r in shown.iterrows()],
                    "Declaring a trump suit or pushing under the multipliers and at ×1 (points per round, 95% CIs)",
                    "llllrrrr"))
    s = sure[sure["n"] >= MIN_CELL]
    if len(s):
        out.append(("table", ["mode", "multiplier", "sure tricks", "hands", "declare − push", "at ×1", "shift"],
                    [[label(r["option"]), f"×{r['multiplier']}", r["sure_tricks"], n_fmt(r["n"]),
                      pm(r["diff"], r["diff_lo"], r["diff_hi"]), pm(r["diff_x1"], r["diff_x1_lo"], r["diff_x1_hi"]),
                      pm(r["shift"], r["shift_lo"], r["shift_hi"])] for _, r in s.iterrows()],
                    "Obe-abe and une-ufe or push by sure tricks, under the multipliers and at ×1 (points per round, "
                    "95% CIs)", "lllrrrr"))
    return out
