"""Confidence intervals from streamed sums (integer sums merge exactly; CIs come last)."""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def mean_ci(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """``(mean, lo, hi)``: the mean of ``n`` values from their sum and sum of squares, with the
    normal-approximation 95% interval (sample variance, ``n - 1``). NaN when ``n`` is 0."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    mean = total / n
    if n == 1:
        return mean, math.nan, math.nan
    if isinstance(total, (int, np.integer)) and isinstance(total_sq, (int, np.integer)):
        var = (int(n) * int(total_sq) - int(total) ** 2) / (n * (n - 1))  # exact integers: no cancellation
    else:
        var = (total_sq - n * mean * mean) / (n - 1)
    half = z * math.sqrt(max(var, 0.0) / n)
    return mean, mean - half, mean + half


def wilson_ci(k: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """``(p, lo, hi)``: proportion ``k / n`` with the Wilson score interval (95% by default)."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if k == 0 else max(0.0, centre - half)  # exact bounds where rounding would miss them
    hi = 1.0 if k == n else min(1.0, centre + half)
    return p, lo, hi
