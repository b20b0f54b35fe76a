"""``jass-sim melds`` kernels: the exact count of all 94,143,280 hands, sampled hands and deals.

Compiles first (or loads the Numba cache), then times, on 1 thread and on all threads: the exact
enumeration (best of ``--repeats``), sampled hands per second and sampled deals per second.
Prints the figures and appends them, with the command, the machine and its load average (the
machine may be shared: other jobs slow the multi-thread figures most), to
``benchmarks/RESULTS.md`` (``--no-save`` to skip).

    python benchmarks/bench_melds.py [--hands N] [--deals N] [--repeats R] [--no-save]
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time

import numba

from common import ROOT, best_rate, machine


def best_time(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000_000, help="sampled hands per timed run")
    parser.add_argument("--deals", type=int, default=4_000_000, help="sampled deals per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-save", action="store_true", help="do not append to benchmarks/RESULTS.md")
    args = parser.parse_args()

    from jass_sim.jass.melds.count import ALL_HANDS, exact_hand_counts, sampled_deal_counts, sampled_hand_counts

    load_before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    t = time.perf_counter()
    exact_hand_counts("chibre", 0, threads=1)        # compile or load every kernel
    sampled_hand_counts(1000, 1, "chibre", 0)
    sampled_deal_counts(1000, 1, "chibre", 0)
    warm = time.perf_counter() - t

    all_threads = numba.config.NUMBA_NUM_THREADS
    results = {}
    for threads in sorted({1, all_threads}):
        exact_s = best_time(lambda: exact_hand_counts("chibre", 0, threads=threads), args.repeats)
        hands = best_rate(lambda n: sampled_hand_counts(n, 1, "chibre", 0, threads=threads), args.hands, args.repeats)
        deals = best_rate(lambda n: sampled_deal_counts(n, 1, "chibre", 0, threads=threads), args.deals, args.repeats)
        results[threads] = (exact_s, hands, deals)

    command = "python benchmarks/bench_melds.py " + " ".join(sys.argv[1:])
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"machine: {machine()}", f"load average before timing (1, 5, 15 min): {load_before}; after: {load}",
             f"first call (compile or cache load): {warm:.1f} s"]
    for threads, (exact_s, hands, deals) in results.items():
        lines.append(f"{threads} thread{'s' if threads > 1 else ' '}: exact {ALL_HANDS:,} hands in {exact_s:6.2f} s "
                     f"({ALL_HANDS / exact_s / 1e6:6.1f} M hands/s); sampled {hands / 1e6:6.2f} M hands/s; "
                     f"deals {deals / 1e6:6.2f} M deals/s (4 announcements + comparison)")
    if len(results) > 1:
        e1, h1, d1 = results[1]
        en, hn, dn = results[all_threads]
        lines.append(f"speed-up on {all_threads} threads: exact {e1 / en:.2f}x, sampled hands {hn / h1:.2f}x, "
                     f"deals {dn / d1:.2f}x")
    print("\n".join(lines))
    if not args.no_save:
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        block = [f"\n## melds kernels ({stamp})\n", f"`{command.strip()}` (best of {args.repeats}; "
                 f"{args.hands:,} sampled hands, {args.deals:,} deals per run, chibre, hearts)\n", "```"]
        block += lines + ["```\n"]
        results_md = ROOT / "benchmarks" / "RESULTS.md"
        if not results_md.exists():
            block.insert(0, "# Benchmark results\n")
        with open(results_md, "a") as fh:
            fh.write("\n".join(block))


if __name__ == "__main__":
    main()
