"""Simulation throughput: random and heuristic rounds per second, 1 thread and all threads,
aggregates only and with per-deal rows; baselines (plain-Python reference, jass-kit's game loop)
measured in the same run; peak memory at 1e6 and 1e8 deals; heuristic vs random duel.

    python benchmarks/bench_simulate.py [--deals N] [--big 100000000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import numba

from common import ROOT, best_rate, machine


def _rss_child(deals: int) -> None:
    """Run ``simulate`` (aggregates only) in this process and print its peak RSS in MiB."""
    import resource
    import time

    from jass_sim.jass.simulate.tables import simulate

    t = time.perf_counter()
    simulate(deals, policy="random", seed=1)
    dt = time.perf_counter() - t
    print(json.dumps({"deals": deals, "seconds": dt, "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def peak_rss(deals: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--rss-child", str(deals)], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000_000)
    parser.add_argument("--big", type=int, default=100_000_000, help="deals of the large memory run (0: skip)")
    parser.add_argument("--rss-child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rss_child is not None:
        _rss_child(args.rss_child)
        return

    from bench_engine import reference_rounds
    from jasskit_loop import jasskit_rounds_per_second

    from jass_sim.jass.simulate.duel import duel
    from jass_sim.jass.simulate.tables import simulate, simulate_deals

    all_threads = numba.config.NUMBA_NUM_THREADS
    figures = {}
    for policy in ("random", "heuristic"):
        n = args.deals if policy == "random" else args.deals // 2
        simulate(5_000, policy=policy, seed=1)  # compile or load the cache
        list(simulate_deals(5_000, policy=policy, seed=1))
        for threads in (1, all_threads):
            figures[policy, threads, "aggregate"] = best_rate(
                lambda k: simulate(k, policy=policy, seed=1, threads=threads), n)
            figures[policy, threads, "per-deal"] = best_rate(
                lambda k: sum(len(f) for f in simulate_deals(k, policy=policy, seed=1, threads=threads)), n)
    ref = best_rate(reference_rounds, 2_000, repeats=1)
    jk = jasskit_rounds_per_second(300, seed=1)
    print(f"machine: {machine()}")
    print(f"{'policy':<10}{'threads':>8}{'output':>11}{'rounds/s':>14}{'x reference':>13}{'x jass-kit':>12}")
    for (policy, threads, output), rate in figures.items():
        print(f"{policy:<10}{threads:>8}{output:>11}{rate:>14,.0f}{rate / ref:>13,.0f}{rate / jk:>12,.0f}")
    print(f"{'reference':<10}{1:>8}{'-':>11}{ref:>14,.0f}{1:>13}")
    print(f"{'jass-kit':<10}{1:>8}{'-':>11}{jk:>14,.0f}{jk / ref:>13.2f}   (rounds per CPU-second)")
    result = duel("heuristic", "random", 200_000, seed=1)
    lo, hi = result["ci95_diff"]
    print(f"duel heuristic vs random, {result['deals']:,} duplicate deals: {result['mean_diff']:+.2f} points per round "
          f"(95% CI {lo:+.2f} to {hi:+.2f}), win rate {100 * result['win_rate']:.1f}%")
    for deals in (1_000_000, args.big):
        if deals:
            r = peak_rss(deals)
            print(f"simulate {r['deals']:,} deals (random, aggregates only): peak RSS {r['peak_rss_mib']:.0f} MiB, "
                  f"{r['seconds']:.1f} s")


if __name__ == "__main__":
    main()
