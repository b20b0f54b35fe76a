"""Cost of the ``fitted`` mode choice in simulation: rounds per second of ``simulate`` with
``random`` card play (so the mode choice weighs the most) under ``--chooser evaluator`` (the
baseline) and ``--chooser fitted``, in the same run, after compiling both.

    python benchmarks/bench_mode_choice.py [--deals 400000] [--threads 2]
"""

from __future__ import annotations

import argparse
import os

from common import best_rate, machine


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=400_000)
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()

    from jass_sim.jass.simulate.tables import simulate

    print(f"machine: {machine()}")
    print(f"load average before timing: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rates = {}
    for chooser in ("evaluator", "fitted"):
        simulate(1000, policy="random", chooser=chooser, seed=1, threads=args.threads)  # compile
        rates[chooser] = best_rate(lambda n: simulate(n, policy="random", chooser=chooser, seed=1,
                                                      threads=args.threads), args.deals)
        print(f"--chooser {chooser:<9}: {rates[chooser]:12,.0f} rounds/s (random card play)")
    print(f"fitted / evaluator: {rates['fitted'] / rates['evaluator']:.2f}")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
