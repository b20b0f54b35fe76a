"""``jass-sim cribbage play-advice``: warm time of one exact pegging answer, for any position.

Compiles first (or loads the Numba cache) with one answer, then times exact answers (the API call
the command and the page make, input checks included) on: the four leads of a few hands (the
largest enumeration: the opponent holds four cards), and ``--positions`` random positions (random
deals, a random legal pegging prefix by a seeded generator, every position where the adviser is to
play). Baseline from the same run: the exact 15-discard analysis of one hand
(``cribbage discard --pone``). Appends the figures, with the command, the machine and its load
average, to ``benchmarks/RESULTS.md`` (``--no-save`` to skip).

    NUMBA_NUM_THREADS=1 python benchmarks/bench_peg_advice.py [--positions N] [--seed S] [--no-save]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import time

import numba

from common import ROOT, machine


def value(c: int) -> int:
    return min(c % 13 + 1, 10)


def random_positions(n: int, seed: int):
    """``(hand, starter, dealer, played)`` texts of ``n`` positions where the adviser is to play."""
    from jass_sim.core.errors import InputError
    from jass_sim.cribbage.cards import format_cards
    from jass_sim.cribbage.pegposition import build_position

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        deck = rng.sample(range(52), 9)
        ours, theirs, starter = deck[:4], deck[4:8], deck[8]
        dealer = rng.random() < 0.5
        left = [list(ours), list(theirs)]
        count, last, turn, played = 0, None, 1 if dealer else 0, []
        stop = rng.randrange(0, 8)
        while len(played) < stop and (left[0] or left[1]):
            can = [c for c in left[turn] if count + value(c) <= 31]
            if can:
                c = rng.choice(can)
                left[turn].remove(c)
                played.append(c)
                count += value(c)
                last, turn = turn, 1 - turn
                if count == 31:
                    count = 0
            elif any(count + value(c) <= 31 for c in left[1 - turn]):
                turn = 1 - turn
            else:
                count, turn = 0, 1 - last
        args = (format_cards(ours), format_cards([starter]), dealer, format_cards(played))
        try:
            build_position(*args)
        except InputError:
            continue
        out.append(args)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()

    from jass_sim.cribbage import discard, play_advice

    load_before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    t = time.perf_counter()
    play_advice("5H 4D KC QS", "2C", dealer=False)
    discard("5H 5D JS 6C 4H KD", dealer=False)
    first = time.perf_counter() - t

    def timed(fn):
        t = time.perf_counter()
        fn()
        return time.perf_counter() - t

    base = min(timed(lambda: discard("5H 5D JS 6C 4H KD", dealer=False)) for _ in range(3))
    leads = []
    for hand in ("5H 4D KC QS", "AH 2D 3S 4C", "6H 7D 8S 9C", "TH JD QS KC", "5H 5D 5S JC"):
        leads.append(max(timed(lambda: play_advice(hand, "2H" if "2H" not in hand else "3H", dealer=False))
                         for _ in range(2)))
    positions = random_positions(args.positions, args.seed)
    times = [timed(lambda p=p: play_advice(p[0], p[1], dealer=p[2], played=p[3])) for p in positions]
    load_after = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        f"- first answer (compile or cache load, with one `discard`): {first:.1f} s",
        f"- baseline: `discard --pone` exact, one hand: {base:.3f} s (best of 3)",
        f"- leads (opponent holds four, the largest enumeration), 5 hands, worst of 2 each: "
        f"max {max(leads):.3f} s, median {statistics.median(leads):.3f} s ({max(leads) / base:.2f} x the baseline)",
        f"- {len(times)} random positions (seed {args.seed}): median {statistics.median(times) * 1000:.1f} ms, "
        f"90% {sorted(times)[int(0.9 * len(times))] * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
        f"({max(times) / base:.2f} x the baseline)",
        f"- Numba threads {numba.get_num_threads()}; load average {load_before} before, {load_after} after; "
        f"{machine()}",
    ]
    print("\n".join(lines))
    if not args.no_save:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        section = (f"\n## Cribbage pegging adviser, warm answer ({stamp})\n\n"
                   f"`NUMBA_NUM_THREADS={numba.get_num_threads()} python benchmarks/bench_peg_advice.py "
                   f"--positions {args.positions} --seed {args.seed}`\n\n" + "\n".join(lines) + "\n")
        with open(ROOT / "benchmarks" / "RESULTS.md", "a") as f:
            f.write(section)


if __name__ == "__main__":
    main()
