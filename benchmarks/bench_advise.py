"""Time to an answer for ``advise``: compiled first, then timed.

* ``--policy heuristic``: samples until the paired 95% CI half-width of the top two options is
  at most 1 point (target: at most 2 s on 2 cores after compilation), for a few typical hands;
* a whole ``jass-sim advise`` command with warm caches (target: at most 5 s);
* baseline in the same run: the same number of rounds played by the plain-Python reference;
* ``--dd N``: ``--policy dd`` on N sampled deals for one hand, every option (target: 500 deals
  in at most 5 minutes on 2 cores); each deal is solved exactly once per option.

    python benchmarks/bench_advise.py [--dd 500]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numba

from common import ROOT, machine

HANDS = {
    "strong hearts": "HJ H9 HA HK HQ SA DA CA C6",
    "the README hand": "HJ H9 HA SK SQ D6 C7 C8 CT",
    "junk": "H8 HT D9 DQ SJ S8 C9 CQ D7",
    "une-ufe hand": "H6 H7 D6 D7 S6 S8 C6 C7 CA",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dd", type=int, default=0, help="also time --policy dd on this many deals (0: skip)")
    parser.add_argument("--policy", default="heuristic", help="card play of the --ci 1 runs (heuristic or net)")
    args = parser.parse_args()
    from bench_engine import reference_rounds

    from jass_sim.jass.advise.advice import advise

    advise(HANDS["junk"], samples=200, seed=0, policy=args.policy)  # compile (or load the cache)
    print(f"machine: {machine()}, {numba.config.NUMBA_NUM_THREADS} threads; --policy {args.policy}")
    t = time.perf_counter()
    reference_rounds(300)
    ref_rate = 300 / (time.perf_counter() - t)
    for name, hand in HANDS.items():
        t = time.perf_counter()
        a = advise(hand, ci=1.0, seed=1, policy=args.policy)
        dt = time.perf_counter() - t
        rounds = a.n * len(a.options)
        _, lo, hi = a.lead
        print(f"{name:16} --ci 1: {dt:5.2f} s, {a.n:>7,} deals x {len(a.options)} options = {rounds:>9,} rounds "
              f"({rounds / dt:>9,.0f} rounds/s; reference would need {rounds / ref_rate / 60:,.0f} min); "
              f"half-width {(hi - lo) / 2:.2f}; {a.sentence}")
    cmd = [sys.executable, "-m", "jass_sim.cli", "advise", HANDS["the README hand"], "--ci", "1", "--policy",
           args.policy]
    subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT)  # warm the caches
    t = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT)
    print(f"whole command `jass-sim advise '{HANDS['the README hand']}' --ci 1 --policy {args.policy}` with warm caches: "
          f"{time.perf_counter() - t:.2f} s")
    if args.dd:
        hand = HANDS["the README hand"]
        advise(hand, policy="dd", options="OBE", samples=2, seed=0)  # compile (or load the cache)
        t = time.perf_counter()
        a = advise(hand, policy="dd", samples=args.dd, seed=1)
        dt = time.perf_counter() - t
        _, lo, hi = a.lead
        print(f"--policy dd, {a.n:,} deals x {len(a.options)} options = {a.n * len(a.options):,} full-deal solves: "
              f"{dt:.1f} s ({dt / (a.n * len(a.options)) * 1000:.0f} ms per solve per {numba.get_num_threads()} "
              f"threads); lead half-width {(hi - lo) / 2:.2f}; {a.sentence}")


if __name__ == "__main__":
    main()
