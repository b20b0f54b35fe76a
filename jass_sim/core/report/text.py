"""Numbers in report prose and tables, formatted the same way in both (game-neutral)."""

from __future__ import annotations

import math


def plural(n, one: str, many: str | None = None) -> str:
    """``1 trick``, ``2 tricks``, ``6+ sixes``: a count (a number or a table bin such as ``"6+"``)
    and its noun, singular only for exactly 1."""
    word = one if str(n).strip() in ("1", "1.0", "-1") else (many or one + "s")
    return f"{n} {word}"


def pm(mean: float, lo: float, hi: float, digits: int = 1) -> str:
    """``+12.3 ± 2.2``: a mean and the half-width of its symmetric 95% interval."""
    if math.isnan(lo) or math.isnan(hi):
        return f"{mean:+.{digits}f}"
    return f"{mean:+.{digits}f} ± {(hi - lo) / 2:.{digits}f}"


def pct(p: float) -> str:
    """``12.3%``."""
    return f"{100 * p:.1f}%"


def pct_ci(p: float, lo: float, hi: float) -> str:
    """``12.3% (95% CI 11.0–13.6%)``."""
    return f"{pct(p)} (95% CI {100 * lo:.1f}–{100 * hi:.1f}%)"


def prob(p: float, lo: float, hi: float, exact: bool = False) -> str:
    """A small probability: ``0.01234`` with its interval, or ``(exact)``."""
    if exact or lo == hi:
        return f"{p:.5f} (exact)"
    return f"{p:.5f} (95% CI {lo:.5f}–{hi:.5f})"


def n_fmt(n) -> str:
    """A count with thousands separators: ``12,345``."""
    return f"{int(n):,}"


def score_fmt(x: float) -> str:
    """A score to one decimal, ``—`` for NaN (no value)."""
    return "—" if math.isnan(x) else f"{x:.1f}"
