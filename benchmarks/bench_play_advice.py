"""Time to an answer for ``play-advice`` and ``review``: compiled first, then timed.

* ``play-advice`` with the default policy and samples in trick 1 (seat 0 leads, 9 legal cards;
  target: at most 10 s on 2 cores) and from trick 5 on (target: at most 2 s), on positions of
  heuristic rounds (seats renumbered so that seat 0 is to play);
* ``review`` of a whole round for one seat, mode choice included, with all hands known (double-dummy
  hindsight) and with only the reviewed hand (target: at most 60 s);
* baseline in the same run: ``advise`` on the same number of samples, the first-decision adviser
  (one heuristic round per sample and option).

    python benchmarks/bench_play_advice.py [--rounds N] [--policy P]
"""

from __future__ import annotations

import argparse
import json
import time

import numba

from common import machine


def positions(rounds: int, cards_played: int):
    """Positions after ``cards_played`` cards of heuristic rounds, seen by the seat to play."""
    from jass_sim.jass.engine.replay import replay_round
    from jass_sim.jass.play.position import build_position

    out = []
    for seed in range(rounds):
        rec = replay_round(100 + seed, "chibre", policy="heuristic")
        played = [c for t in rec.tricks for c in t["cards"]][:cards_played]
        t = cards_played // 4
        me = (rec.tricks[t]["leader"] + cards_played % 4) % 4
        shown = {}
        for m in rec.melds:
            if rec.meld_winner is not None and m["seat"] % 2 == rec.meld_winner:
                shown.setdefault((m["seat"] - me) % 4, []).extend(m["cards"])
        out.append(build_position(rec.hands[me], rec.mode, (rec.leader - me) % 4, played, shown,
                                  chooser=(rec.chooser - me) % 4, chibred=rec.chooser != rec.leader))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=6, help="positions (rounds) per phase")
    parser.add_argument("--policy", default=None, help="play-out policy (default: DEFAULT_PLAY_POLICY)")
    args = parser.parse_args()
    from jass_sim.jass.advise.advice import advise
    from jass_sim.jass.engine.replay import replay_round
    from jass_sim.jass.play.advice import DEFAULT_PLAY_POLICY, DEFAULT_SAMPLES, play_advice
    from jass_sim.jass.play.review import review
    from jass_sim.jass.play.round_file import parse_round_json

    policy = args.policy or DEFAULT_PLAY_POLICY
    first = positions(args.rounds, 0)
    play_advice(first[0], policy=policy, samples=64)  # compile (or load the cache)
    advise("HJ H9 HA SK SQ D6 C7 C8 CT", samples=64)
    print(f"machine: {machine()}, {numba.config.NUMBA_NUM_THREADS} threads; policy {policy}, "
          f"{DEFAULT_SAMPLES} worlds per decision")
    t = time.perf_counter()
    advise("HJ H9 HA SK SQ D6 C7 C8 CT", samples=DEFAULT_SAMPLES, seed=1)
    base = time.perf_counter() - t
    print(f"baseline: advise on {DEFAULT_SAMPLES} deals x 7 options: {base:.2f} s")
    for label, cards in (("trick 1 (lead)", 0), ("trick 5", 16), ("trick 5, 2nd card", 17), ("trick 7", 24)):
        pos = first if cards == 0 else positions(args.rounds, cards)
        times = []
        for p in pos:
            t = time.perf_counter()
            a = play_advice(p, policy=policy, seed=1)
            times.append(time.perf_counter() - t)
        times.sort()
        print(f"play-advice {label:18}: {len(times)} positions, median {times[len(times) // 2]:.3f} s, "
              f"max {times[-1]:.3f} s ({times[-1] / base:.2f}x the baseline); e.g. {a.sentence}")
    for hindsight in (True, False):
        times = []
        for seed in range(args.rounds):
            rec = replay_round(100 + seed, "chibre", policy="heuristic")
            rnd = parse_round_json(json.dumps(rec.to_json()))
            if not hindsight:  # only the reviewed hand known
                rnd.hands = [h if s == rec.chooser else None for s, h in enumerate(rnd.hands)]
            t = time.perf_counter()
            rv = review(rnd, [rec.chooser], policy=policy)
            times.append(time.perf_counter() - t)
        times.sort()
        print(f"review of a whole round, the chooser's seat (mode + 9 cards{' + hindsight' if hindsight else ''}): "
              f"{len(times)} rounds, median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s "
              f"({times[-1] / base:.1f}x the baseline); last: {rv.summary}")


if __name__ == "__main__":
    main()
