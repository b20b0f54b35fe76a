"""``import jass_sim``: wall-clock time of a fresh interpreter importing the package (issue 23:
at most 0.3 s), against a bare interpreter (the baseline, measured in the same run), the first
access to a public function (imports only the API module), and a first call (``replay``: numpy,
pandas, Numba and the cached kernels load then).

    python benchmarks/bench_import.py [--repeats 15]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from common import machine

TARGET = 0.3


def best_wall(code: str, repeats: int) -> float:
    """Best wall-clock seconds of ``python -c code`` in a fresh process."""
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=os.environ.copy())
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    print(f"machine: {machine()}")
    print(f"load average before timing (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bare = best_wall("pass", args.repeats)
    package = best_wall("import jass_sim, jass_sim.cribbage, jass_sim.basra", args.repeats)
    first = best_wall("import jass_sim; jass_sim.advise", args.repeats)
    call = best_wall("import jass_sim; jass_sim.replay(1)", max(3, args.repeats // 5))
    print(f"bare interpreter (baseline)          : {bare:.3f} s")
    print(f"import jass_sim (+ cribbage, basra)  : {package:.3f} s  ({package - bare:+.3f} s over the baseline, "
          f"{package / bare:.2f}x; target {TARGET} s: {'met' if package <= TARGET else 'NOT met'})")
    print(f"import + jass_sim.advise attribute   : {first:.3f} s  (the API module only)")
    print(f"import + first call jass_sim.replay(1): {call:.3f} s  (numpy, pandas, Numba, cached kernels; paid once)")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
