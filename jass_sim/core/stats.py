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


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (Abramowitz and
    Stegun 26.7.5, within 5e-4 for ``df >= 5``; the table's values below)."""
    if df < 1:
        return math.nan
    if df <= 4:
        return (12.706204736, 4.302652730, 3.182446305, 2.776445105)[df - 1]
    z = 1.959963984540054
    z2 = z * z
    return (z + (z2 + 1) * z / (4 * df) + ((5 * z2 + 16) * z2 + 3) * z / (96 * df ** 2)
            + (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / (384 * df ** 3)
            + ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / (92160 * df ** 4))


def wilson_ci(k: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """``(p, lo, hi)``: proportion ``k / n`` with the Wilson score interval (95% by default)."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    p = min(1.0, max(0.0, k / n))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if p <= 0 else max(0.0, centre - half)  # exact bounds where rounding would miss them
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return p, lo, hi


def wilson_se_ci(p: float, se: float, n: int, max_n: float | None = None, z: float = Z95
                 ) -> tuple[float, float, float]:
    """``(p, lo, hi)``: a rate ``p`` in [0, 1] estimated from ``n`` samples with standard error
    ``se``, with the Wilson score interval at the effective sample size ``p (1 - p) / se**2``.

    The samples need not be 0/1: each may be the average of paired plays (0, 0.5, 1) or a
    probability. The effective size is kept between ``n`` (a value in [0, 1] varies at most like
    a 0/1 one) and ``max_n`` (e.g. ``2 n`` for the two plays of a pair), and is ``n`` at ``p`` 0 or
    1, where the spread says nothing; so the interval stays inside [0, 1] and never has zero
    width, unlike the normal interval of the mean.
    """
    if n <= 0 or math.isnan(p):
        return math.nan, math.nan, math.nan
    p = min(1.0, max(0.0, float(p)))
    if 0 < p < 1 and se > 0:
        n_eff = max(float(n), p * (1 - p) / (se * se))
        if max_n is not None:
            n_eff = min(n_eff, float(max_n))
    elif 0 < p < 1:
        n_eff = float(max_n if max_n is not None else n)
    else:
        n_eff = float(n)
    return wilson_ci(p * n_eff, n_eff, z)


def rate_ci(total: float, total_sq: float, n: int, max_n: float | None = None, z: float = Z95
            ) -> tuple[float, float, float]:
    """``(mean, lo, hi)`` of ``n`` samples in [0, 1] from their sum and sum of squares: the rate
    counterpart of :func:`mean_ci`, with :func:`wilson_se_ci` instead of the normal interval."""
    if n <= 0:
        return math.nan, math.nan, math.nan
    mean = total / n
    var = max((total_sq - n * mean * mean) / (n - 1), 0.0) if n > 1 else 0.0
    return wilson_se_ci(mean, math.sqrt(var / n), n, max_n, z)


def ci_pair(lo: float, hi: float) -> list[float] | None:
    """A 95% CI as JSON writes it: ``[lo, hi]``, or None when there is none (``lo`` is NaN: too few
    samples)."""
    return None if math.isnan(lo) else [lo, hi]


def ci_lo(pair) -> float:
    """The lower end of a :func:`ci_pair` (NaN for None), for a CSV column."""
    return float("nan") if pair is None else pair[0]


def ci_hi(pair) -> float:
    """The upper end of a :func:`ci_pair` (NaN for None), for a CSV column."""
    return float("nan") if pair is None else pair[1]


def check_sampling(samples: int | None, ci: float | None, max_samples: int, min_samples: int = 2,
                   bytes_per_sample: int = 0, samples_at_most: bool = False) -> None:
    """Validate ``--samples``/``--ci``/``--max-samples`` (InputError naming the bad value); with
    ``bytes_per_sample`` (the memory each kept sample takes), refuse a request that cannot fit in
    memory (:func:`jass_sim.core.resources.check_memory`) before any work; with
    ``samples_at_most``, refuse ``--samples`` above ``max_samples`` too (a command whose cap is fixed,
    without a ``--max-samples`` option)."""
    from jass_sim.core.errors import InputError
    from jass_sim.core.resources import check_memory

    if samples is not None and ci is not None:
        raise InputError("give --samples or --ci, not both", "--ci")
    if samples is not None and samples < min_samples:
        raise InputError(f"--samples must be at least {min_samples}, got {samples}", str(samples))
    if samples_at_most and samples is not None and samples > max_samples:
        raise InputError(f"--samples must be at most {max_samples}, got {samples}", str(samples))
    if ci is not None and not ci > 0:
        raise InputError(f"--ci must be a positive number of points, got {ci}", str(ci))
    if max_samples < 2:
        raise InputError(f"--max-samples must be at least 2, got {max_samples}", str(max_samples))
    if bytes_per_sample and ci is not None:  # sample_until keeps every batch and their concatenation
        check_memory(2 * max_samples * bytes_per_sample, f"--max-samples {max_samples}", str(max_samples),
                     per_unit=2 * bytes_per_sample)
    elif bytes_per_sample and samples is not None:
        check_memory(samples * bytes_per_sample, f"--samples {samples}", str(samples), per_unit=bytes_per_sample)


def sample_until(run, merge, half_width, ci: float, max_samples: int, block: int, first_batch: int,
                 progress=None):
    """Sample in batches until ``half_width(result) <= ci`` or ``max_samples`` samples.

    ``run(first, n)`` returns samples ``first .. first + n`` (``first`` a multiple of ``block``),
    ``merge(parts)`` joins them. Each next batch aims at the sample size the current half-width
    asks for (CI width shrinks as ``1 / sqrt(n)``), 10% over, rounded up to whole blocks.
    """
    parts = []
    n = 0
    target = min(first_batch, max_samples)
    while True:
        parts.append(run(n, target - n))
        n = target
        if progress is not None:
            progress(n)
        result = merge(parts)
        half = half_width(result)
        if half <= ci or n >= max_samples:
            return result
        needed = int(n * (half / ci) ** 2 * 1.1) + 1
        target = min(max_samples, max(needed, n + first_batch))
        target = min(max_samples, -(-target // block) * block)


def p_value(mean: float, lo: float, hi: float) -> float:
    """Two-sided normal p-value of ``mean`` = 0 from its 95% interval ``lo, hi`` (NaN without one)."""
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return math.nan
    se = (hi - lo) / (2 * Z95)
    if se <= 0:
        return 0.0 if mean != 0 else 1.0
    return math.erfc(abs(mean) / se / math.sqrt(2))


def holm(p) -> np.ndarray:
    """Holm's step-down adjusted p-values (NaN entries stay NaN and do not count in the family)."""
    p = np.asarray(p, dtype=float)
    out = np.full(len(p), math.nan)
    idx = np.flatnonzero(np.isfinite(p))
    m = len(idx)
    running = 0.0
    for rank, i in enumerate(idx[np.argsort(p[idx], kind="stable")]):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out
