"""The ``search`` player: strength against ``net``, what belief weighting adds, and speed.

    python benchmarks/bench_search.py [--deals 2000] [--worlds 16] [--temperatures off,1,2,4,8]
                                      [--speed-rounds 200] [--seed 5] [--out out/bench_search.jsonl]

Strength: ``search`` (team A) against ``net`` (team B) on ``--deals`` duplicate deals under chibre
rules, every deal played twice with the seats swapped (``jass_sim.jass.simulate.duel``), one duel
per belief temperature in ``--temperatures`` (``off``: no belief weighting, every world counts the
same: the ablation), all on the same deals. The target (issue 34) is at least +12 points per round
with the 95% CI above +9 at the default settings. The CI covers the deal luck; it says nothing
about how good ``net``, the model of the other players inside the search, is.

Speed: ``simulate --policy search`` (all four seats searching) on ``--speed-rounds`` rounds on all
threads after compilation, with and without belief weighting, next to ``simulate --policy net`` (a
thousand times the rounds) as the baseline (target: at least 20 rounds/s on 2 cores at the
default worlds).

Each result is appended to ``--out`` as one JSON line as soon as it is done; a rerun skips the
duels already there (same deals, worlds, temperature and seed), so an interrupted run resumes.
With ``--previous FILE``: search over the shipped network against the network of FILE on the same
deals (does a new network make a stronger search?); with ``--candidate FILE2`` search runs over
FILE2's network instead, so a candidate is judged before it ships.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numba

from common import ROOT, machine


def temperature_value(token: str) -> float:
    """The ``belief_temperature`` of :func:`policy_params` for a ``--temperatures`` token: ``off``
    (no belief weighting) is 0, ``default`` the player's default (0 when that is off: the player
    keeps a negative number for it, which ``policy_params`` refuses), a number is points."""
    from jass_sim.jass.players.net_search import BELIEF_TEMPERATURE

    token = token.strip().lower()
    if token == "default":
        return max(BELIEF_TEMPERATURE, 0.0)
    return 0.0 if token == "off" else float(token)


def rounded_difference(result: dict) -> dict:
    """A duel's mean difference and its 95% CI, rounded for the JSON line."""
    return {"mean_diff": round(float(result["mean_diff"]), 3),
            "ci95_diff": [round(float(x), 3) for x in result["ci95_diff"]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000, help="0: skip the duels (speed only)")
    parser.add_argument("--worlds", type=int, default=None, help="worlds per decision (default: the player's)")
    parser.add_argument("--temperatures", default="default,1", help="comma-separated: default, off or points")
    parser.add_argument("--speed-rounds", type=int, default=200, help="0: skip the speed figure")
    parser.add_argument("--confidences", default="default", help="comma-separated: default or standard errors "
                        "(0: always the best mean)")
    parser.add_argument("--first-worlds", default="default", help="comma-separated: default, or worlds of the "
                        "first batch of a decision (0: all the worlds at once, no adaptive batches)")
    parser.add_argument("--previous", default=None, help="weights file of an earlier net: search over the shipped "
                        "net (default settings) also meets that network, on the same deals")
    parser.add_argument("--candidate", default=None, help="with --previous: search over this weights file's "
                        "network instead of the shipped one (judge a candidate before it ships)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "out" / "bench_search.jsonl"))
    args = parser.parse_args()

    from jass_sim.jass.players import policy_params
    from jass_sim.jass.players.net_search import CONFIDENCE, FITTED_TEMPERATURE, SEARCH_WORLDS
    from jass_sim.jass.simulate.duel import duel
    from jass_sim.jass.simulate.tables import simulate

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = [json.loads(line) for line in out.read_text().splitlines() if line.strip()] if out.exists() else []
    worlds = args.worlds or SEARCH_WORLDS
    print(f"machine: {machine()}, {numba.config.NUMBA_NUM_THREADS} Numba threads; search worlds {worlds}")

    def record(row: dict) -> None:
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)

    settings = [(t.strip().lower(), c.strip().lower(), f.strip().lower()) for f in args.first_worlds.split(",")
                for c in args.confidences.split(",") for t in args.temperatures.split(",")]
    for token, conf, first_token in settings if args.deals > 0 else []:
        first = None if first_token == "default" else int(first_token)
        temperature = temperature_value(token)
        confidence = CONFIDENCE if conf == "default" else float(conf)
        key = {"kind": "duel", "deals": args.deals, "worlds": worlds, "temperature": temperature,
               "confidence": confidence, "first_worlds": first, "seed": args.seed}
        if any(all(r.get(k, CONFIDENCE if k == "confidence" else None) == v for k, v in key.items()) for r in done):
            print(f"kept: {key}")
            continue
        params = policy_params(search_worlds=worlds, belief_temperature=temperature, search_confidence=confidence,
                               search_first_worlds=first)
        t = time.perf_counter()
        r = duel("search", "net", args.deals, "chibre", args.seed, None, "evaluator", None, params)
        seconds = time.perf_counter() - t
        record(key | rounded_difference(r) | {"seconds": round(seconds, 1), "rounds_per_s_two_seats_searching": round(2 * args.deals / seconds, 1),
                      "machine": machine()})
    if args.previous and args.deals > 0:
        from jass_sim.jass.players.net import load_weights
        from jass_sim.jass.simulate.duel import duel_networks

        key = {"kind": "duel_previous", "previous": Path(args.previous).name, "deals": args.deals,
               "worlds": SEARCH_WORLDS, "seed": args.seed,
               "candidate": Path(args.candidate).name if args.candidate else None}
        if any(all(r.get(k) == v for k, v in key.items()) for r in done):
            print(f"kept: {key}")
        else:
            t = time.perf_counter()
            candidate = dict(load_weights(args.candidate)[0]) if args.candidate else None
            r = duel_networks(candidate, dict(load_weights(args.previous)[0]), args.deals, seed=args.seed,
                              first_policy="search")
            record(key | rounded_difference(r) | {"seconds": round(time.perf_counter() - t, 1), "machine": machine()})
    if args.speed_rounds:
        rates = {}
        for name, policy, temperature in (("net", "net", None), ("search", "search", None),
                                          ("search_belief", "search", FITTED_TEMPERATURE)):
            params = policy_params(search_worlds=worlds, belief_temperature=temperature)
            simulate(8, policy=policy, seed=1, params=params)  # compile or load the cache
            rounds = args.speed_rounds if policy == "search" else 1000 * args.speed_rounds
            t = time.perf_counter()
            simulate(rounds, policy=policy, seed=args.seed, params=params)
            rates[name] = rounds / (time.perf_counter() - t)
        record({"kind": "speed", "rounds": args.speed_rounds, "worlds": worlds,
                "search_rounds_per_s": round(rates["search"], 2),
                "search_belief_rounds_per_s": round(rates["search_belief"], 2),
                "net_rounds_per_s": round(rates["net"], 1),
                "ratio_search_to_net": round(rates["search"] / rates["net"], 6),
                "threads": numba.config.NUMBA_NUM_THREADS, "load": os.getloadavg()[0], "machine": machine()})


if __name__ == "__main__":
    main()
