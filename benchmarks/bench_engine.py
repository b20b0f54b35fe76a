"""Random-policy rounds per second: deal + melds + whole round + scoring (full rules).

Compiles first, then times: the Numba engine on 1 thread and on all threads, the plain-Python
reference (tests/reference.py) and jass-kit's own game loop, measured in the same run; prints
the ratios against the reference.

    python benchmarks/bench_engine.py [--deals N]
"""

from __future__ import annotations

import argparse
import random

import numba

from common import best_rate, machine


def reference_rounds(n: int, seed: int = 1) -> None:
    from jass_sim.jass.rules import get_rules

    from reference import ref_play_round, ref_score_round

    rules = get_rules("chibre")
    rnd = random.Random(seed)
    for _ in range(n):
        deck = list(range(36))
        rnd.shuffle(deck)
        hands = [set(deck[9 * s: 9 * s + 9]) for s in range(4)]
        chooser = next(s for s in range(4) if 10 in hands[s])
        mode = rnd.randrange(6)
        tricks = ref_play_round(hands, mode, chooser, lambda seat, legal, hand, trick: rnd.choice(sorted(legal)))
        ref_score_round(hands, tricks, mode, rules, chooser)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4_000_000)
    args = parser.parse_args()

    from jass_sim.jass.engine.simulate import random_spec, run_batch

    def engine(n):
        run_batch(random_spec(n, seed=1), threads=threads)

    threads = 1
    engine(10_000)  # compile (or load the cache)
    rate_1 = best_rate(engine, args.deals)
    threads = numba.config.NUMBA_NUM_THREADS
    rate_all = best_rate(engine, args.deals)
    rate_ref = best_rate(reference_rounds, 2_000, repeats=1)
    try:
        from jasskit_loop import jasskit_rounds_per_second
        rate_jk = jasskit_rounds_per_second(300, seed=1)
    except ImportError:
        rate_jk = float("nan")

    print(f"machine: {machine()}")
    print(f"deals per engine run: {args.deals:,} (random policy, random mode, melds, stoeck, match scored)")
    print(f"engine, 1 thread:            {rate_1:>12,.0f} rounds/s  ({rate_1 / rate_ref:,.0f}x reference)")
    print(f"engine, {threads} threads:           {rate_all:>12,.0f} rounds/s  ({rate_all / rate_ref:,.0f}x reference, "
          f"{rate_all / rate_1:.2f}x 1 thread)")
    print(f"plain-Python reference:      {rate_ref:>12,.0f} rounds/s  (1x)")
    print(f"jass-kit game loop:          {rate_jk:>12,.0f} rounds/CPU-s ({rate_jk / rate_ref:.2f}x reference; "
          f"engine 1 thread is {rate_1 / rate_jk:,.0f}x jass-kit)")


if __name__ == "__main__":
    main()
