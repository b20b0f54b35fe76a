"""The verdict of a reviewed decision (good, inaccuracy, mistake, blunder, unclear): one rule for
every game's review, on the scale each game gives (its thresholds: points lost, or chance to win
lost)."""

from __future__ import annotations

import math

#: Every verdict a review gives, in the order its summaries count them (``forced``: one option).
VERDICTS = ("good", "inaccuracy", "mistake", "blunder", "unclear", "forced")


def verdict(loss: float, lo: float = math.nan, *, thresholds, tol: float = 0.0) -> str:
    """The verdict of a loss.

    Parameters
    ----------
    loss : float
        The loss of the decision against the best option (on the scale of ``thresholds``).
    lo : float
        The lower bound of its 95% confidence interval; NaN for an exact loss (no noise).
    thresholds : tuple of (str, float)
        ``(verdict, least loss)`` pairs, worst first; a loss below the last one is ``good``.
    tol : float
        Slack below each threshold: a loss within ``tol`` of it counts as reaching it (for losses
        summed from exact fractions that land a rounding error short).

    Returns
    -------
    str
        ``good`` below the smallest threshold; ``unclear`` when the interval reaches 0; else the
        worst verdict whose threshold the loss reaches.
    """
    if loss < thresholds[-1][1] - tol:
        return "good"
    if not math.isnan(lo) and lo <= 0:
        return "unclear"
    for name, limit in thresholds:
        if loss >= limit - tol:
            return name
    return "good"
