"""Helpers shared by the benchmark scripts: machine description, timing, result lines."""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))       # the plain-Python reference lives with the tests
sys.path.insert(0, str(ROOT / "benchmarks"))


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} logical cores, Python {platform.python_version()}, {platform.system()}"


def best_rate(fn, n: int, repeats: int = 3) -> float:
    """Best of ``repeats`` runs of ``fn(n)``, in items per wall-clock second."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn(n)
        best = min(best, time.perf_counter() - t)
    return n / best
