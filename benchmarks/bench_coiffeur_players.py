"""Players in issue 53's round modes: duplicate rounds per mode, paired 95% CIs.

    PYTHONPATH=. nice -n 10 python benchmarks/bench_coiffeur_players.py --deals 400 --a net --b random

For each new round mode (Slalom, Guschti, Misère, a 3x3) and each of ``--deals`` deals (the
``replay`` deal of seeds 1..N, ``--rules coiffeur``, the ♦7 holder chooses the mode and leads), the
round is played twice: player A on team 0 (seats 0, 2) and B on team 1, then the reverse. The
figure is A's edge, ``(total_0(A, B) - total_0(B, A)) / 2``: the points A's team is credited per round
more than B's on the same cards (in Misère the credit is the opponents' points), its mean with a
normal 95% CI over the deals (the deals are independent; each pair shares its cards).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from jass_sim.core.rng import block_states
from jass_sim.core.stats import mean_ci
from jass_sim.jass.engine.deal import new_deck
from jass_sim.jass.engine.round import first_round, new_work
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.rules.presets import ROUND_PRESETS
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES, parse_round_mode
from jass_sim.jass.streams import STREAMS

MODES = ("SLALOM-OBE", "SLALOM-UNE", "GUSCHTI-OBE", "GUSCHTI-UNE", "MISERE-OBE", "MISERE-UNE", "MISERE-SLALOM",
         "TRIO-H-UNE-OBE")


def team0_total(seed: int, mode: int, team0: str, team1: str, params) -> int:
    rules = ROUND_PRESETS["coiffeur"]
    runs, fours, mults = rules.arrays()
    a, b = PLAYERS.code(team0), PLAYERS.code(team1)
    policies = np.array([a, b, a, b], dtype=np.int64)
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    first_round(player_set(policies), block_states(seed, 0, 1, STREAMS["jass.replay"])[0],
                np.asarray(rules.modes, np.int64), mode, 0, False, default_mode_params(rules), policies, params, runs,
                fours, mults, new_deck(), hands, initial, work)
    return int(work[3][0, 4])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--a", default="net")
    ap.add_argument("--b", default="random")
    ap.add_argument("--modes", default=",".join(MODES))
    args = ap.parse_args()
    params = policy_params()
    print(f"A = {args.a}, B = {args.b}, {args.deals} deals per mode, --rules coiffeur (replay deals, seeds 1..N)")
    print("| mode | A's edge per round (points) | 95% CI | deals |")
    print("| --- | ---: | --- | ---: |")
    for name in args.modes.split(","):
        mode = parse_round_mode(name)
        start = time.perf_counter()
        diffs = [(team0_total(s, mode, args.a, args.b, params) - team0_total(s, mode, args.b, args.a, params)) / 2
                 for s in range(1, args.deals + 1)]
        d = np.asarray(diffs)
        mean, lo, hi = mean_ci(float(d.sum()), float((d * d).sum()), len(d))
        print(f"| {ROUND_MODE_NAMES[mode]} | {mean:+.1f} | [{lo:+.1f}, {hi:+.1f}] | {len(d)} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
