"""Confidence intervals from streamed sums (integer sums merge exactly; CIs come last)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def mean_ci(total: float, total_sq: float, n: int) -> tuple[float, float, float]:
    """``(mean, lo, hi)``: the mean of ``n`` values from their sum and sum of squares, with the
    normal-approximation 95% interval (sample variance, ``n - 1``). NaN when ``n`` is 0."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    mean = total / n
    if n == 1:
        return mean, math.nan, math.nan
    var = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson_ci(k: int, n: int) -> tuple[float, float, float]:
    """``(p, lo, hi)``: proportion ``k / n`` with the Wilson score 95% interval."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)
