"""Differenzler ``search`` player (issue 52 item 2) and open announcements in play (item 3), in
duplicate rounds over the same deals and numbers (the fast announcer's).

1. ``search`` against ``number``: for every round ``number`` plays all four seats; then for each
   seat in turn ``search`` plays that seat and ``number`` the others, on the same deal with the same
   numbers. A sample is a round's mean over its four seats of the swapped seat's penalty difference
   (``search`` less ``number``); mean and 95% CI over the rounds (:func:`~jass_sim.jass.differenzler.duplicate.duplicate`).
2. Open against secret announcements: the same swapped rounds played twice, once with the numbers
   announced openly (the ``search`` seat reads the others' numbers) and once secret (it reads them
   from each sampled world by the fast announcer); a sample is a round's mean over the four seats of
   the ``search`` seat's penalty, open less secret.

    python benchmarks/bench_differenzler_search.py --rounds 20000 --seed 1
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from jass_sim.core.stats import mean_ci
from jass_sim.jass.differenzler._batch import BIDS, MADE
from jass_sim.jass.differenzler.duplicate import duplicate
from jass_sim.jass.differenzler.engine import run_rounds
from jass_sim.jass.differenzler.rules import get_rules

from common import machine


def _seat_penalties(rounds: int, seed: int, player: str, open_: bool, bonus: int, threads: int) -> np.ndarray:
    """``[rounds, 4]``: the penalty of seat ``s`` when ``player`` plays it and ``number`` the others."""
    out = np.zeros((rounds, 4), dtype=np.int64)
    for seat in range(4):
        players = ["number"] * 4
        players[seat] = player
        rows = run_rounds(rounds, seed, players, threads=threads, open_=open_, bonus=bonus)
        b, m = rows[:, BIDS + seat], rows[:, MADE + seat]
        out[:, seat] = np.abs(b - m) - bonus * (b == m)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rules", default="differenzler")
    args = ap.parse_args()
    print(machine())
    t = time.perf_counter()
    d = duplicate(args.rounds, "number", "search", rules=args.rules, seed=args.seed, threads=args.threads)
    print(f"{args.rules}, secret: {d['rounds']} duplicate rounds x 4 seats: mean penalty number {d['base_penalty']:.3f}, "
          f"search {d['other_penalty']:.3f}; search - number {d['difference']:+.3f} "
          f"(95% CI {d['ci95'][0]:+.3f} to {d['ci95'][1]:+.3f}) [{time.perf_counter() - t:.0f} s]")
    bonus = get_rules(args.rules).exact_bonus
    t = time.perf_counter()
    secret = _seat_penalties(args.rounds, args.seed, "search", False, bonus, args.threads)
    opened = _seat_penalties(args.rounds, args.seed, "search", True, bonus, args.threads)
    diff = (opened - secret).mean(axis=1)
    m, lo, hi = mean_ci(float(diff.sum()), float((diff ** 2).sum()), args.rounds)
    print(f"{args.rules}: search seat, open - secret announcements: mean penalty open {opened.mean():.3f}, secret "
          f"{secret.mean():.3f}; open - secret {m:+.3f} (95% CI {lo:+.3f} to {hi:+.3f}), {args.rounds} rounds x 4 "
          f"seats [{time.perf_counter() - t:.0f} s]")


if __name__ == "__main__":
    main()
