"""Basra: random rounds per second, and the time ``basra advise`` takes.

Compiles first, then times. Rounds: ``run_blocks`` as ``basra simulate --policy random`` runs it
(each deck dealt once and played twice, each play a whole 52-card round: capture, Basras, last
capture, scoring) on 1 thread and on all threads, against the plain-Python reference rules
(tests/basra/basra_reference.py, random legal cards) measured in the same run. Advise: the
Python call and the whole command (a new process: start-up, imports, cached kernels), default
2000 samples, at the start of a round.

    python benchmarks/bench_basra.py [--deals N]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time

import numba

from common import ROOT, best_rate, machine

sys.path.insert(0, str(ROOT / "tests" / "basra"))


def reference_rounds(n: int, seed: int = 1) -> None:
    """``n`` rounds (2 players) with the plain-Python referee and random legal cards."""
    from basra_reference import RefRound, ref_legal

    rnd = random.Random(seed)
    for _ in range(n):
        deck = list(range(52))
        rnd.shuffle(deck)
        deals = [[set(deck[4 + 12 * k + 6 * s: 4 + 12 * k + 6 * s + 6]) for s in range(2)] for k in range(4)]
        ref = RefRound(deals, set(deck[:4]), 2, 1)
        for _ in range(48):
            seat = ref.to_move()
            ref.play(seat, rnd.choice(sorted(ref_legal(ref.hands[seat], ref.table, False, False))))
        ref.finish()
        ref.score()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1_000_000, help="decks per timed run (2 rounds each)")
    args = parser.parse_args()

    from jass_sim.basra.advice import advise
    from jass_sim.basra.cards import parse_cards
    from jass_sim.basra.engine import iter_deal_rows, numba_threads
    from jass_sim.basra.rules import BasraRules

    rules = BasraRules()

    def engine(n_rounds, players=2):
        with numba_threads(threads):
            for _ in iter_deal_rows(n_rounds // 2, players, rules, 0, 0, False, seed=1):
                pass

    threads = 1
    engine(20_000)  # compile (or load the cache)
    engine(20_000, 4)
    rounds = 2 * args.deals
    rate_1 = best_rate(engine, rounds)
    cpu = time.process_time()  # CPU seconds of one thread: a figure the other jobs on the cores disturb less
    engine(rounds)
    cpu_rate_1 = rounds / (time.process_time() - cpu)
    threads = numba.config.NUMBA_NUM_THREADS
    rate_all = best_rate(engine, rounds)
    rate_all_4 = best_rate(lambda n: engine(n, 4), rounds)
    rate_ref = best_rate(reference_rounds, 300, repeats=1)

    hand, table = parse_cards("HJ D10 C5 S3 HK H7", "h"), parse_cards("C2 D3 S4 HA", "t")
    advise(hand, table, [], 2, samples=100)
    advise(hand, table, [], 4, samples=100)
    times = {}
    for n in (2, 4):
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            advise(hand, table, [], n, samples=2000)
            best = min(best, time.perf_counter() - t)
        times[n] = best
    cmd = [os.path.join(os.path.dirname(sys.executable), "jass-sim"), "basra", "advise", "--hand", "HJ D10 C5 S3 HK H7",
           "--table", "C2 D3 S4 HA"]
    walls = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        walls.append(time.perf_counter() - t)

    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.2f} at the end")
    print(f"rounds per timed run: {rounds:,} (random players, 2 players unless said; {args.deals:,} decks, each played twice)")
    print(f"numba, 1 thread:        {rate_1:12,.0f} rounds/s   ({cpu_rate_1:,.0f} rounds per CPU second)")
    print(f"numba, {threads} threads:       {rate_all:12,.0f} rounds/s   ({rate_all / rate_1:.2f}x one thread)")
    print(f"numba, {threads} threads, 4 p:  {rate_all_4:12,.0f} rounds/s")
    print(f"python reference:       {rate_ref:12,.0f} rounds/s   (numba {threads} threads = {rate_all / rate_ref:,.0f}x)")
    print(f"advise, 2000 samples, start of a round, in-process: 2 players {times[2]:.3f} s, 4 players {times[4]:.3f} s")
    print(f"advise command (new process, cached kernels): best {min(walls):.2f} s, worst {max(walls):.2f} s")


if __name__ == "__main__":
    main()
