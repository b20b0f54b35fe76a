"""Issue 45: the time of ``jass-sim cribbage review`` on a whole game, in points only and with the
chance to win (``--win-samples``), warm (each kernel compiled by a first small review), with the
time of one ``discard --score`` and one ``play-advice --score`` at the same sample size as the
baseline of the same run.

    NUMBA_NUM_THREADS=1 python benchmarks/bench_crib_review.py [--win-samples 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--win-samples", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="the replayed game: replay --seed S --a search --b expect")
    parser.add_argument("--player", type=int, default=1)
    args = parser.parse_args()
    from jass_sim.cribbage import discard, play_advice, replay, review

    game = replay(args.seed, player_a="search", player_b="expect")
    review({"hands": game.to_json()["hands"][:1]}, player=args.player, win_samples=128)  # compile
    out = {"threads": os.environ.get("NUMBA_NUM_THREADS"), "load": os.getloadavg()[0]}
    t = time.perf_counter()
    discard("5H 5D JS 6C 4H KD", dealer=True, score="60:70", samples=args.win_samples)
    out["discard_score_s"] = time.perf_counter() - t
    t = time.perf_counter()
    play_advice("5H 4D KC QS", "2C", dealer=False, score="60:70", win_samples=args.win_samples)
    out["play_advice_score_s"] = time.perf_counter() - t
    t = time.perf_counter()
    rv = review(game, player=args.player)
    out["review_points_s"] = time.perf_counter() - t
    t = time.perf_counter()
    rv = review(game, player=args.player, win_samples=args.win_samples)
    out["review_win_s"] = time.perf_counter() - t
    doc = rv.to_json()
    out["decisions"] = len(doc["decisions"])
    out["rated_by_win"] = sum(d["win"] is not None for d in doc["decisions"])
    out["win_verdicts"] = doc["summary"]["win_verdicts"]
    out["verdicts"] = doc["summary"]["verdicts"]
    out["discard_win_loss"] = doc["summary"]["discard_win_loss"]
    out["card_win_loss"] = doc["summary"]["card_win_loss"]
    halves = [(d["win"]["ci95_loss"][1] - d["win"]["ci95_loss"][0]) / 2 for d in doc["decisions"]
              if d["win"] is not None and d["win"]["ci95_loss"]]
    out["median_ci_half_width_pp"] = 100 * sorted(halves)[len(halves) // 2] if halves else None
    out["load_end"] = os.getloadavg()[0]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
