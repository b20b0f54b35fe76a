"""Warm speed of this tree against another checkout, measured in the same run.

The issue-42 guard: re-cutting the kernels for a faster first run must not slow the warm ones.
For each workload, a fresh process per tree imports that tree's ``jass_sim`` (``PYTHONPATH``),
runs the workload once (compile or cache load, not timed), then times it ``--repeats`` times and
keeps the best. The trees take turns, ``--rounds`` times, and the ratio of the best rates
(this tree / the other) is reported per workload: above 1 is faster here.

    python benchmarks/bench_warm.py --against /work/ref42
    python benchmarks/bench_warm.py --against /work/ref42 --only random net --rounds 3 --threads 1

The two trees keep separate Numba caches (the cache folder is named by a hash of the sources),
so the first round of each compiles; run it once more, or look at the later rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from common import ROOT, machine

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
PLAYED = "HJ H6 HQ H7 SK SA S6 S7 D7 DA D8"

#: name -> (what is counted, its number per run)
WORKLOADS = {
    "random": ("rounds", 2_000_000),
    "heuristic": ("rounds", 400_000),
    "net": ("rounds", 100_000),
    "search": ("rounds", 40),
    "pimc": ("rounds", 40),
    "solve": ("positions", 100),
    "advise": ("answers", 1),
    "play-advice": ("answers", 1),
}


def _workload(name: str, n: int, threads: int | None) -> None:
    import jass_sim

    if name in ("random", "heuristic", "net", "search", "pimc"):
        from jass_sim.jass.simulate.tables import simulate

        simulate(n, policy=name, seed=1, threads=threads)
    elif name == "solve":  # the double-dummy solver alone: 7-card endgames, bench_solver's corpus
        import numpy as np

        from jass_sim.jass.solver import Solver

        solver = Solver()
        for i in range(n):
            deck = np.random.default_rng(10_000 + i).permutation(36)
            solver.solve([[int(c) for c in deck[7 * s: 7 * s + 7]] for s in range(4)], i % 6, i % 4, moves=True)
    elif name == "advise":
        jass_sim.advise(HAND, seed=1, threads=threads)
    elif name == "play-advice":
        jass_sim.play_advice(HAND, mode="H", played=PLAYED, seed=1, threads=threads)
    else:
        raise SystemExit(f"unknown workload {name}")


def _child(name: str, n: int, repeats: int, threads: int) -> None:
    threads = threads or None
    clock = time.process_time if threads == 1 else time.perf_counter
    _workload(name, n, threads)
    best = float("inf")
    for _ in range(repeats):
        t = clock()
        _workload(name, n, threads)
        best = min(best, clock() - t)
    print(json.dumps({"rate": n / best}))


def _rate(tree: str, name: str, n: int, repeats: int, threads: int) -> float:
    env = {**os.environ, "PYTHONPATH": tree}
    out = subprocess.run([sys.executable, __file__, "--child", name, str(n), str(repeats), str(threads)], env=env,
                         capture_output=True, text=True, cwd=tree)
    if out.returncode != 0:
        raise SystemExit(f"{name} in {tree} failed: {out.stderr.strip()[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])["rate"]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="The other checkout (its root folder).")
    parser.add_argument("--only", nargs="*", choices=list(WORKLOADS), help="Workloads [default: all].")
    parser.add_argument("--rounds", type=int, default=2, help="Turns of each tree per workload.")
    parser.add_argument("--repeats", type=int, default=3, help="Timed runs per process (best kept).")
    parser.add_argument("--threads", type=int, default=0,
                        help="Threads of the workloads [default: all]; with 1 the rate is per CPU second of the "
                             "process, which other jobs on the machine disturb less than the wall time.")
    opts = parser.parse_args()
    here, there = str(ROOT), os.path.abspath(opts.against)
    print(f"machine: {machine()}")
    print(f"load average before (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'workload':<12} {'here':>12} {'there':>12} {'ratio':>6}  unit")
    for name in opts.only or list(WORKLOADS):
        unit, n = WORKLOADS[name]
        best_here = best_there = 0.0
        for _ in range(opts.rounds):
            best_here = max(best_here, _rate(here, name, n, opts.repeats, opts.threads))
            best_there = max(best_there, _rate(there, name, n, opts.repeats, opts.threads))
        print(f"{name:<12} {best_here:12,.2f} {best_there:12,.2f} {best_here / best_there:6.3f}  {unit}/s "
              f"(load {os.getloadavg()[0]:.2f})", flush=True)
    print(f"load average after (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
