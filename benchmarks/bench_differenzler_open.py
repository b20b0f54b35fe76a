"""Differenzler under open announcements (issue 52): ``number-open`` (reads the others' numbers and
points) against ``number`` in duplicate rounds, its speed against chibre's ``heuristic``, and
optionally a ``search`` seat of this tree against one of another tree (its play-outs' players).

1. For every round ``number`` plays all four seats; then for each seat in turn ``number-open`` plays
   that seat and ``number`` the others, on the same deal with the same numbers (the fast
   announcer's), announced openly. A sample is a round's mean over its four seats of the swapped
   seat's penalty difference (``number-open`` less ``number``); mean and 95% CI over the rounds
   (:func:`~jass_sim.jass.differenzler.duplicate.duplicate`). Under secret announcements the
   difference must be exactly 0 (``number-open`` is ``number`` there).
2. Speed, one thread, warm: rounds per second with ``number-open`` at every seat (open numbers)
   against chibre's ``heuristic`` (``simulate``), best of 3.
3. ``--search-against DIR``: the same open rounds with a ``search`` seat (``number`` at the others),
   played by this tree and by the source tree at ``DIR`` (a subprocess with ``PYTHONPATH=DIR``; the
   same seed deals the same rounds and numbers); a sample is a round's mean over the four seats of
   the ``search`` seat's penalty, ``DIR`` less this tree.

    python benchmarks/bench_differenzler_open.py --rounds 100000 --seed 1
    python benchmarks/bench_differenzler_open.py --rounds 0 --search-rounds 2000 --search-against /tmp/other
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from jass_sim.core.stats import mean_ci
from jass_sim.jass.differenzler._batch import BIDS, MADE
from jass_sim.jass.differenzler.duplicate import duplicate
from jass_sim.jass.differenzler.engine import run_rounds

from common import best_rate, machine


def _rate(fn, n: int, repeats: int = 3) -> float:
    fn(min(n, 2048))  # compile, warm
    return best_rate(fn, n, repeats)


def search_seat_penalties(rounds: int, seed: int, threads: int) -> np.ndarray:
    """``[rounds, 4]``: seat ``s``'s penalty when ``search`` plays it and ``number`` the others,
    the numbers (the fast announcer's) announced openly, rules ``differenzler``."""
    out = np.zeros((rounds, 4), dtype=np.int64)
    for seat in range(4):
        players = ["number"] * 4
        players[seat] = "search"
        rows = run_rounds(rounds, seed, players, threads=threads, open_=True)
        out[:, seat] = np.abs(rows[:, BIDS + seat] - rows[:, MADE + seat])
    return out


def _search_against(rounds: int, seed: int, threads: int, other: str) -> None:
    t = time.perf_counter()
    mine = search_seat_penalties(rounds, seed, threads)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pen.npy"
        env = dict(os.environ, PYTHONPATH=other)
        subprocess.run([sys.executable, __file__, "--dump-search", str(out), "--search-rounds", str(rounds),
                        "--seed", str(seed), "--threads", str(threads)], env=env, check=True,
                       cwd=Path(__file__).parent)
        theirs = np.load(out)
    diff = (theirs - mine).mean(axis=1)
    m, lo, hi = mean_ci(float(diff.sum()), float((diff ** 2).sum()), rounds)
    print(f"search seat, open numbers: mean penalty this tree {mine.mean():.3f}, {other} {theirs.mean():.3f}; "
          f"{other} - this {m:+.3f} (95% CI {lo:+.3f} to {hi:+.3f}), {rounds} rounds x 4 seats "
          f"[{time.perf_counter() - t:.0f} s]")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000)
    ap.add_argument("--speed-rounds", type=int, default=0, help="0: no speed run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--search-rounds", type=int, default=0)
    ap.add_argument("--search-against", default=None, help="another tree's source folder (its jass_sim/)")
    ap.add_argument("--dump-search", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.dump_search:
        np.save(args.dump_search, search_seat_penalties(args.search_rounds, args.seed, args.threads))
        return
    print(machine())
    if args.rounds:
        for rules in ("differenzler", "differenzler-jw"):
            t = time.perf_counter()
            d = duplicate(args.rounds, "number", "number-open", rules=rules, seed=args.seed, threads=args.threads,
                          open=True)
            print(f"{rules}, open: {d['rounds']} duplicate rounds x 4 seats: mean penalty number "
                  f"{d['base_penalty']:.4f}, number-open {d['other_penalty']:.4f}; number-open - number "
                  f"{d['difference']:+.4f} (95% CI {d['ci95'][0]:+.4f} to {d['ci95'][1]:+.4f}) "
                  f"[{time.perf_counter() - t:.0f} s]")
        d = duplicate(args.rounds, "number", "number-open", seed=args.seed, threads=args.threads, open=False)
        print(f"differenzler, secret: number-open - number {d['difference']:+.4f} (must be 0: it is number there)")
    if args.speed_rounds:
        from jass_sim.jass.api import simulate

        heuristic = _rate(lambda n: simulate(n, policy="heuristic", seed=args.seed, threads=1), args.speed_rounds)
        reader = _rate(lambda n: run_rounds(n, args.seed, "number-open", threads=1, open_=True), args.speed_rounds)
        number = _rate(lambda n: run_rounds(n, args.seed, "number", threads=1, open_=True), args.speed_rounds)
        print(f"speed, 1 thread: heuristic (chibre simulate) {heuristic:,.0f} rounds/s, number-open (open) "
              f"{reader:,.0f} rounds/s: {reader / heuristic:.2f}x; number (open) {number:,.0f} rounds/s")
    if args.search_against:
        _search_against(args.search_rounds, args.seed, args.threads, args.search_against)


if __name__ == "__main__":
    main()
