"""The verdicts of the rules of thumb (issue 51): four kinds, each with the test that decides it,
one multiple-comparison correction over every rule, and the threshold the data give where a rule
names one.

Kinds (:data:`KINDS`), decided by :func:`decide` in this order:

- **not enough data**: fewer than :data:`MIN_HANDS` hands (positions);
- **confirmed** / **refuted**: the Holm-adjusted two-sided p-value of the mean difference
  (recommended minus advised against) is below :data:`ALPHA`, the mean above / below zero; for a
  rule with a threshold (:data:`jass_sim.jass.report.thresholds.THRESHOLDS`) the test is made on the hands *at* the threshold (the
  hands that decide it), and a rule whose hands one step below the threshold are already better
  (95% CI above zero) is refuted: its threshold is too strict;
- **mixed**: no significant mean, and either the hands split (one side-ace group's 95% CI above
  zero, another's below) or the CI lies within ±:data:`EQUIVALENCE` points (the rule makes no
  difference a player would notice);
- **not enough data** again otherwise: the CI is too wide to tell.

Holm's step-down correction runs over every rule with enough hands, the mode rules and the
first-lead rules together (one family): it holds the chance of any false confirmation or refutation
at 5%. The secondary checks (side-ace groups, one step below a threshold) use unadjusted 95% CIs and
say so.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import holm, p_value  # noqa: F401  (this module's names since issue 51)

KINDS = ("confirmed", "refuted", "mixed", "not enough data")
#: Fewer covered hands (positions) than this: no verdict ("not enough data").
MIN_HANDS = 10
#: Family-wise error rate of the verdicts.
ALPHA = 0.05
#: Points per round below which a difference is none a player would notice.
EQUIVALENCE = 5.0
#: Columns each rule table gains.
VERDICT_COLUMNS = ("p_value", "p_holm", "decided_by", "data_threshold")


def decide(n: int, mean: float, lo: float, hi: float, p_adj: float, parts=(), below=None,
           quantity: str = "") -> tuple[str, str]:
    """``(verdict, decided_by)`` for a rule: ``n`` hands, mean difference with 95% CI ``lo, hi``,
    Holm-adjusted p-value ``p_adj``; ``parts``: ``(name, mean, lo, hi)`` of its side-ace groups;
    ``below``: ``(level, mean, lo, hi)`` of the hands one step below its threshold, if it has one."""
    if n < MIN_HANDS:
        return "not enough data", f"{n} hand{'s' if n != 1 else ''}, fewer than {MIN_HANDS}"
    if below is not None and np.isfinite(below[2]) and below[2] > 0:
        return "refuted", (f"threshold too strict: at {below[0]} {quantity} the recommended option is already "
                           f"better ({below[1]:+.1f}, 95% CI {below[2]:+.1f} to {below[3]:+.1f})")
    if np.isfinite(p_adj) and p_adj < ALPHA:
        kind = "confirmed" if mean > 0 else "refuted"
        return kind, f"Holm-adjusted p = {p_adj:.2g} < {ALPHA}, mean {'above' if mean > 0 else 'below'} zero"
    up = [x for x in parts if np.isfinite(x[2]) and x[2] > 0]
    down = [x for x in parts if np.isfinite(x[3]) and x[3] < 0]
    if up and down:
        return "mixed", (f"not significant overall (Holm p = {p_adj:.2g}); better with {up[0][0]} side aces, worse "
                         f"with {down[0][0]} (unadjusted 95% CIs)")
    if np.isfinite(lo) and -EQUIVALENCE <= lo and hi <= EQUIVALENCE:
        return "mixed", f"95% CI within ±{EQUIVALENCE:g} points: no difference a player would notice"
    return "not enough data", (f"Holm p = {p_adj:.2g} ≥ {ALPHA} and the 95% CI ({lo:+.1f} to {hi:+.1f}) is wider "
                               f"than ±{EQUIVALENCE:g} points")


def statement(rules: pd.DataFrame, lead_rules: pd.DataFrame) -> str:
    """The section's one statement of the verdicts' test and of the multiple comparisons."""
    m = int(pd.concat([rules["p_holm"], lead_rules["p_holm"]]).notna().sum())
    return ("**How a verdict is decided.** *confirmed* / *refuted*: the rule's mean difference (recommended minus "
            f"advised against) differs from zero at Holm-adjusted p < {ALPHA} (a rule with a threshold is tested on "
            "the hands at its threshold, and is refuted when the hands one step below are already better, 95% CI "
            f"above zero: its threshold is too strict); *mixed*: not significant, and either its side-ace groups "
            f"split (one CI above zero, one below) or the CI lies within ±{EQUIVALENCE:g} points; *not enough data*: "
            f"fewer than {MIN_HANDS} hands, or a CI too wide to tell. **Multiple comparisons**: the {m} rules with "
            "enough hands, mode choice and first lead together, are one family; Holm's step-down correction holds "
            "the chance of any false confirmation or refutation among them at 5%. The side-ace groups and the "
            "thresholds the data give are descriptive (unadjusted 95% CIs). Like every figure of §1-§3, the "
            "verdicts hold for this simulation's card play and partner model, whose error the CIs do not cover.")
