"""The verdicts of a Cribbage review (good, inaccuracy, mistake, blunder, unclear), on the points
scale and on the win-probability scale: one rule, used by the review and its win rating."""

from __future__ import annotations

import math

#: Loss thresholds (points) of the verdicts, worst first.
THRESHOLDS = (("blunder", 2.5), ("mistake", 1.0), ("inaccuracy", 0.25))
#: Loss thresholds (win probability) of the verdicts, worst first.
WIN_THRESHOLDS = (("blunder", 0.05), ("mistake", 0.02), ("inaccuracy", 0.005))


def verdict(loss: float, lo: float = math.nan, thresholds=THRESHOLDS) -> str:
    """The verdict of a loss with 95% CI lower bound ``lo`` (NaN: exact) on the scale of
    ``thresholds`` (``(name, limit)``, worst first)."""
    if loss < thresholds[-1][1] - 1e-9:
        return "good"
    if not math.isnan(lo) and lo <= 0:
        return "unclear"
    for name, limit in thresholds:
        if loss >= limit - 1e-9:
            return name
    return "good"
