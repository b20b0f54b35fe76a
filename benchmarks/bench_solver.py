"""Double-dummy solver benchmark: full 9-trick deals and 6-trick endgames.

    python benchmarks/bench_solver.py [--deals 54] [--endgames 300] [--budget 40e6] [--log2-tt 20]

Corpus: deal ``i`` (0 <= i < deals) is ``numpy.random.default_rng(i).permutation(36)`` dealt
9 cards per seat in order, mode ``i % 6``, leader ``i % 4``, match bonus at stake. Endgame ``j``:
``default_rng(10_000 + j)``, the first 24 cards of a permutation dealt 6 per seat, mode
``j % 6``, leader ``j % 4``, no match. Every position is solved from an empty table (a fresh
generation), so node counts are exact and reproducible; a deal that needs more than ``--budget``
nodes is stopped and counted as censored (its time is then a lower bound).

1 thread: each position is timed alone (``time.perf_counter`` around the compiled call).
All threads: the whole corpus in one ``prange`` kernel (``solve_many``), deals per second.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jass_sim.jass.solver._batch import solve_many  # noqa: E402
from jass_sim.jass.solver._bounds import points_of  # noqa: E402
from jass_sim.jass.solver._search import mtd, new_scratch  # noqa: E402
from jass_sim.jass.solver._tables import to_power_mask  # noqa: E402
from jass_sim.jass.solver._transposition import TT_ROWS, new_tt  # noqa: E402


def corpus(n, size, seed0, match):
    hands = np.zeros((n, 4), dtype=np.uint64)
    modes = np.array([i % 6 for i in range(n)], dtype=np.int64)
    leaders = np.array([i % 4 for i in range(n)], dtype=np.int64)
    for i in range(n):
        deck = np.random.default_rng(seed0 + i).permutation(36)
        for s in range(4):
            hands[i, s] = to_power_mask(sum(1 << int(c) for c in deck[size * s: size * s + size]), modes[i])
    flags = np.full(n, 3 if match else 0, dtype=np.int64)
    return hands, modes, leaders, flags


def solve_one(tt, scratch, hands, mode, leader, flag, budget):
    hs, st, fr, fu = scratch
    hs[:] = hands
    gen = st[1] + 1
    st[:] = 0
    st[1] = gen
    st[14] = budget
    fr[38:] = 0
    total = points_of(hs[0] | hs[1] | hs[2] | hs[3], mode) + 5
    t = time.perf_counter()
    v = mtd(hs, tt, st, fr, fu, mode, leader, 0, -1, 0, 0, 0, np.uint64(0), flag, total // 2)
    dt = time.perf_counter() - t
    return int(v), (-1 if st[15] else int(st[0])), dt


def one_thread(name, data, tt, budget):
    scratch = new_scratch()
    hands, modes, leaders, flags = data
    times, nodes, values = [], [], []
    for i in range(len(modes)):
        v, n, dt = solve_one(tt, scratch, hands[i], modes[i], leaders[i], flags[i], budget)
        times.append(dt * 1000)
        nodes.append(n)
        values.append(v)
    times = np.array(times)
    nodes = np.array(nodes)
    done = nodes >= 0
    print(f"{name}: {len(times)} positions, 1 thread: median {np.median(times):.2f} ms, "
          f"p90 {np.percentile(times, 90):.2f} ms, max {times.max():.2f} ms, "
          f"{len(times) / times.sum() * 1000:.2f} positions/s; censored at {budget:,} nodes: "
          f"{(~done).sum()}")
    shown = np.where(done, nodes, budget)
    print(f"{name}: nodes median {np.median(shown):,.0f}, p90 {np.percentile(shown, 90):,.0f}, "
          f"max {shown.max():,} (censored counted at the budget), total {shown.sum():,}")
    for m in range(6):
        sel = modes == m
        print(f"    mode {m}: median {np.median(times[sel]):8.2f} ms, nodes median "
              f"{np.median(shown[sel]):,.0f}, censored {(~done[sel]).sum()}")
    return np.array(values), nodes


def all_threads(name, data, log2_tt, budget, threads):
    hands, modes, leaders, flags = data
    numba.set_num_threads(threads)
    tts = np.zeros((threads, 1 << log2_tt, TT_ROWS), dtype=np.uint64)
    values = np.zeros(len(modes), dtype=np.int64)
    nodes = np.zeros(len(modes), dtype=np.int64)
    t = time.perf_counter()
    solve_many(hands, modes, leaders, flags, tts, budget, values, nodes)
    dt = time.perf_counter() - t
    print(f"{name}: {threads} threads: {len(modes)} positions in {dt:.2f} s, "
          f"{len(modes) / dt:.2f} positions/s")
    return values, nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=54)
    ap.add_argument("--endgames", type=int, default=300)
    ap.add_argument("--budget", type=float, default=40e6, help="node budget per full deal")
    ap.add_argument("--log2-tt", type=int, default=20)
    args = ap.parse_args()
    budget = int(args.budget)
    threads = numba.config.NUMBA_NUM_THREADS
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                  if line.startswith("model name")), "?")
    print(f"machine: {model}, {os.cpu_count()} logical cores; numba {numba.__version__}; "
          f"table 2^{args.log2_tt} entries per thread")
    print(f"load average before: {os.getloadavg()}")
    # compile (or load from the cache) before timing
    t = time.perf_counter()
    small = corpus(2, 2, 0, False)
    tt = new_tt(args.log2_tt)
    one_thread_quiet = solve_one(tt, new_scratch(), small[0][0], 0, 0, 0, 0)
    solve_many(*small, np.zeros((1, 1 << 10, TT_ROWS), dtype=np.uint64), 0, np.zeros(2, np.int64),
               np.zeros(2, np.int64))
    print(f"compile / cache load: {time.perf_counter() - t:.1f} s ({one_thread_quiet[0]})")

    ends = corpus(args.endgames, 6, 10_000, False)
    v1, n1 = one_thread("6-trick endgames", ends, tt, 0)
    v2, n2 = all_threads("6-trick endgames", ends, args.log2_tt, 0, threads)
    assert (v1 == v2).all() and (n1 == n2).all() if threads == 1 else (v1 == v2).all()

    deals = corpus(args.deals, 9, 0, True)
    v1, n1 = one_thread("full deals", deals, tt, budget)
    v2, n2 = all_threads("full deals", deals, args.log2_tt, budget, threads)
    ok = (n1 >= 0) & (n2 >= 0)
    assert (v1[ok] == v2[ok]).all()
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
