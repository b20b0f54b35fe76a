"""``jass-sim games`` and ``jass-sim equity``: whole games per second, and the time to build an
equity table.

Compiles first (or loads the Numba cache), then times (best of ``--repeats``) duplicate games
with the heuristic policy on both teams (each duplicate game is two games played) on 1 thread
and on all threads, against the baseline measured in the same run: single heuristic rounds per
second from the batch kernel (``simulate``), whose ratio to games per second is the cost of a
game in rounds. Then builds the equity table of ``--equity-rules`` once (``--equity-rounds``
sampled rounds). Appends the figures, with the command, the machine and its load average (other
jobs share the cores), to ``benchmarks/RESULTS.md`` (``--no-save`` to skip).

    python benchmarks/bench_games.py [--games N] [--repeats R] [--equity-rules chibre] [--no-save]
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time

import numba
import numpy as np

from common import ROOT, best_rate, machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000, help="duplicate games per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--equity-rules", default="chibre")
    parser.add_argument("--equity-rounds", type=int, default=50_000)
    parser.add_argument("--no-save", action="store_true", help="do not append to benchmarks/RESULTS.md")
    args = parser.parse_args()

    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.engine.simulate import BatchSpec, iter_chunks
    from jass_sim.jass.games.equity import build_equity
    from jass_sim.jass.games.games import play_games
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.rules import get_rules

    load_before = os.getloadavg()
    t = time.perf_counter()
    play_games(300, "heuristic", "heuristic")
    spec = BatchSpec(1000, get_rules("chibre"), np.full(4, PLAYERS.code("heuristic"), dtype=np.int64), mode_policy=1)
    list(iter_chunks(spec))
    build_equity("chibre", rounds=200, step=50)
    compile_s = time.perf_counter() - t

    def rounds(n):
        spec.deals = n
        for _ in iter_chunks(spec):
            pass

    lines = []
    all_threads = numba.config.NUMBA_NUM_THREADS
    for threads in sorted({1, all_threads}):
        with numba_threads(threads):
            base = best_rate(rounds, 10 * args.games, args.repeats)
            pairs = best_rate(lambda n: play_games(n, "heuristic", "heuristic", threads=threads), args.games,
                              args.repeats)
        lines.append(f"{threads} thread{'s' if threads > 1 else ' '}: {2 * pairs:,.0f} heuristic games/s "
                     f"({pairs:,.0f} duplicate games/s; target 10,000 games/s on 2 cores); baseline "
                     f"{base:,.0f} heuristic rounds/s (batch kernel): a game costs {base / (2 * pairs):.1f} rounds")
        print(lines[-1], flush=True)
    t = time.perf_counter()
    table = build_equity(args.equity_rules, "heuristic", args.equity_rounds)
    lines.append(f"equity table {args.equity_rules} (heuristic, {args.equity_rounds:,} rounds, grid "
                 f"{len(table.grid)}x{len(table.grid)}): {time.perf_counter() - t:.0f} s (target 600 s)")
    print(lines[-1], flush=True)
    load_after = os.getloadavg()
    text = "\n".join([f"machine: {machine()}",
                      "load average before timing (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in load_before)
                      + "; after: " + ", ".join(f"{x:.2f}" for x in load_after),
                      f"first call (compile or cache load): {compile_s:.1f} s", *lines])
    print(text)
    if not args.no_save:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
        cmd = "python benchmarks/bench_games.py " + " ".join(sys.argv[1:])
        with open(ROOT / "benchmarks" / "RESULTS.md", "a") as fh:
            fh.write(f"\n## whole games and equity tables (issue 20, {stamp})\n\n`{cmd.strip()}` (best of "
                     f"{args.repeats})\n\n```\n{text}\n```\n")


if __name__ == "__main__":
    main()
