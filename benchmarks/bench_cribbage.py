"""``jass-sim cribbage`` kernels: scoring, the exact statistics, the discard adviser, whole games.

Compiles first (or loads the Numba cache), then times (best of ``--repeats``): the scoring kernel
against the plain-Python reference (``tests/cribbage/cribbage_reference.py``) in the same run;
``stats --exact`` (all 12,994,800 combinations) on 1 thread and on all threads; the exact
15-discard analysis of one hand (``discard --opponent random``, against the time the reference
would need for the same 683,790 scorings, estimated from its measured rate); the sampled options
(``--opponent model``, ``--pegging``, ``--score``); and games per second between greedy,
between expect players, and of search against expect. Appends the figures, with the command, the machine and its load average
(other jobs share the cores), to ``benchmarks/RESULTS.md`` (``--no-save`` to skip).

    python benchmarks/bench_cribbage.py [--games N] [--search-games N] [--repeats R] [--no-save]
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time

import numba
import numpy as np
from bench_melds import best_time

from common import ROOT, machine

sys.path.insert(0, str(ROOT / "tests" / "cribbage"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000, help="greedy games per timed run (even)")
    parser.add_argument("--expect-games", type=int, default=2_000, help="expect-player games per timed run")
    parser.add_argument("--search-games", type=int, default=256, help="search-against-expect games per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-save", action="store_true", help="do not append to benchmarks/RESULTS.md")
    args = parser.parse_args()

    from jass_sim.cribbage._scoring import score_many
    from jass_sim.cribbage.analysis import exact_stats
    from jass_sim.cribbage.cards import parse_cards
    from jass_sim.cribbage.discards import crib_rank_table, discard_options
    from jass_sim.cribbage.engine import play_batch

    from cribbage_reference import ref_score

    hand = parse_cards("5H 5D JS 6C 4H KD")
    load_before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    t = time.perf_counter()
    rng = np.random.default_rng(0)
    deals = np.array([rng.permutation(52)[:5] for _ in range(200_000)], dtype=np.int64)
    score_many(deals[:10, :4], deals[:10, 4], False)
    exact_stats()
    crib_rank_table()
    discard_options(hand, True)
    discard_options(hand, True, "model", 100, 0, True, (100, 110))
    play_batch(64, "greedy", "greedy", 0)
    play_batch(1, "search", "expect", 0)
    warm = time.perf_counter() - t

    kernel_s = best_time(lambda: score_many(deals[:, :4], deals[:, 4], False), args.repeats)
    n_ref = 5_000
    ref_s = best_time(lambda: [ref_score(list(d[:4]), int(d[4])) for d in deals[:n_ref].tolist()], 1)
    kernel_rate, ref_rate = len(deals) / kernel_s, n_ref / ref_s

    all_threads = numba.config.NUMBA_NUM_THREADS
    exact = {}
    for threads in sorted({1, all_threads}):
        numba.set_num_threads(threads)
        exact[threads] = best_time(exact_stats, args.repeats)
    numba.set_num_threads(all_threads)
    disc_s = best_time(lambda: discard_options(hand, True), 20)
    model_s = best_time(lambda: discard_options(hand, True, "model", 2000), args.repeats)
    peg_s = best_time(lambda: discard_options(hand, True, "random", 2000, 0, True), args.repeats)
    score_s = best_time(lambda: discard_options(hand, False, "random", 2000, 0, False, (100, 110)), 1)
    pairs = args.games // 2
    games = {}
    for threads in sorted({1, all_threads}):
        numba.set_num_threads(threads)
        games[threads] = 2 * pairs / best_time(lambda: play_batch(pairs, "greedy", "greedy", 1), args.repeats)
    numba.set_num_threads(all_threads)
    expect_rate = args.expect_games / best_time(lambda: play_batch(args.expect_games // 2, "expect", "expect", 1), 1)
    search_s = best_time(lambda: play_batch(args.search_games // 2, "search", "expect", 1), 1)

    command = "python benchmarks/bench_cribbage.py " + " ".join(sys.argv[1:])
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    naive = 15 * 1035 * 44 + 15 * 46
    lines = [f"machine: {machine()}", f"load average before timing (1, 5, 15 min): {load_before}; after: {load}",
             f"first call (compile or cache load): {warm:.1f} s",
             f"scoring: kernel {kernel_rate / 1e6:.2f} M hands/s (1 thread), plain-Python reference "
             f"{ref_rate / 1e3:.1f} k hands/s: {kernel_rate / ref_rate:.0f}x"]
    for threads, exact_s in exact.items():
        lines.append(f"{threads} thread{'s' if threads > 1 else ' '}: stats --exact {exact_s:5.2f} s (target 5 s)")
    lines.append(f"discard, one hand, exact (serial kernel, best of 20): {1000 * disc_s:5.1f} ms (target 50 ms; "
                 f"the reference would need {naive / ref_rate:.0f} s for its {naive:,} scorings)")
    lines.append(f"discard --opponent model --samples 2000: {model_s:.2f} s; --pegging --samples 2000: {peg_s:.2f} s; "
                 f"--score 100:110 --samples 2000: {score_s:.2f} s")
    for threads, rate in games.items():
        lines.append(f"{threads} thread{'s' if threads > 1 else ' '}: {rate:,.0f} greedy games/s (target 20,000 "
                     f"on 2 cores)")
    lines.append(f"{all_threads} threads: {expect_rate:,.0f} expect games/s (exact hand expectation per discard)")
    lines.append(f"{all_threads} threads: {args.search_games / search_s:,.1f} search-against-expect games/s "
                 f"({1000 * search_s / args.search_games:.0f} ms per game)")
    print("\n".join(lines))
    if not args.no_save:
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        block = [f"\n## cribbage kernels ({stamp})\n", f"`{command.strip()}` (best of {args.repeats}; "
                 f"hand 5H 5D JS 6C 4H KD; {args.games:,} greedy games per run)\n", "```"]
        block += lines + ["```\n"]
        with open(ROOT / "benchmarks" / "RESULTS.md", "a") as fh:
            fh.write("\n".join(block))


if __name__ == "__main__":
    main()
