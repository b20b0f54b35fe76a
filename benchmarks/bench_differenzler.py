"""Differenzler players (issue 52 item 2): the ``number`` player against the points-maximising
``points`` player in duplicate rounds (same deals, same announcements), and the speed of ``number``
against chibre's ``heuristic`` (rounds per second, one thread, warm).

    python benchmarks/bench_differenzler.py --rounds 100000 --seed 1
"""

from __future__ import annotations

import argparse
import time

from jass_sim.jass.differenzler.duplicate import duplicate
from jass_sim.jass.differenzler.engine import run_rounds

from common import machine


def _rate(fn, n: int, repeats: int = 3) -> float:
    fn(min(n, 2048))  # compile or load the cache
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn(n)
        best = min(best, time.perf_counter() - t)
    return n / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000)
    ap.add_argument("--speed-rounds", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(machine())
    for rules in ("differenzler", "differenzler-jw"):
        d = duplicate(args.rounds, "number", "points", rules=rules, seed=args.seed)
        print(f"{rules}: {d['rounds']} duplicate rounds x 4 seats: mean penalty number {d['base_penalty']:.2f}, "
              f"points {d['other_penalty']:.2f}; points - number {d['difference']:+.2f} "
              f"(95% CI {d['ci95'][0]:+.2f} to {d['ci95'][1]:+.2f})")
    from jass_sim.jass.api import simulate

    heuristic = _rate(lambda n: simulate(n, policy="heuristic", seed=args.seed, threads=1), args.speed_rounds)
    number = _rate(lambda n: run_rounds(n, args.seed, "number", threads=1), args.speed_rounds)
    print(f"speed, 1 thread: heuristic (chibre simulate) {heuristic:,.0f} rounds/s, differenzler number "
          f"(announced and played) {number:,.0f} rounds/s: {number / heuristic:.2f}x")


if __name__ == "__main__":
    main()
