"""Compile (into Numba's on-disk cache) the kernels behind every command, with tiny inputs.

    python scripts/warm_kernels.py            # everything, in this process
    python scripts/warm_kernels.py --part 1/2 # every second entry, starting with the first

``scripts/test.sh`` runs the two halves in two processes before the test suite: each kernel is then
compiled once, on one core, instead of once in each of the two pytest-xdist workers that happen to
need it at the same time; the workers load it from the cache. Nothing here is a test: a failure is
reported and the suite goes on (the tests compile what is missing).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback


def _entries():
    import numpy as np

    import jass_sim
    from jass_sim import basra, cribbage

    hand = "HJ H9 HA SK SQ D6 C7 C8 CT"

    def batch():
        import tempfile

        from click.testing import CliRunner

        from jass_sim.cli import main

        with tempfile.TemporaryDirectory() as tmp:
            CliRunner().invoke(main, ["batch", "--deals", "64", "--shard-size", "64", "-o", f"{tmp}/b",
                                      "--policy", "random"])

    def report():
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            jass_sim.report(f"{tmp}/r", deals=256, samples_per_hand=64, meld_hands=200, players="random,heuristic")

    def selfplay():
        from jass_sim.jass.players import PLAYERS, policy_params
        from jass_sim.jass.rules import get_rules
        from jass_sim.jass.train.selfplay import generate_positions

        generate_positions(8, get_rules("chibre"), PLAYERS.code("heuristic"), PLAYERS.code("heuristic"),
                           policy_params(), seed=1)

    # the heaviest first, so that the two halves are about even
    return [
        ("games", lambda: jass_sim.games(2, "heuristic", "random", seed=1, target=300)),
        ("duel", lambda: jass_sim.duel("heuristic", "random", 4)),
        ("report", report),
        ("selfplay", selfplay),
        ("simulate", lambda: jass_sim.simulate(16, policy="heuristic")),
        ("advise", lambda: jass_sim.advise(hand, samples=64)),
        ("play_advice", lambda: jass_sim.play_advice(hand, mode="H", played="D7 S6", leader=2, samples=16)),
        ("review", lambda: jass_sim.review(jass_sim.replay(3, policy="heuristic"), samples=8)),
        ("equity", lambda: jass_sim.equity(games=100, policy="heuristic", step=50)),
        ("advise --score", lambda: jass_sim.advise(hand, samples=64, score="500:500")),
        ("melds", lambda: jass_sim.melds(hands=1000, deals=1000)),
        ("solve", lambda: jass_sim.solve("HJ,H6;HA,S6;H9,SK;HT,ST", "H")),
        ("simulate pimc", lambda: jass_sim.simulate(2, policy="pimc", pimc_samples=2)),
        ("batch", batch),
        ("cribbage discard", lambda: cribbage.discard("5H 5D JS 6C 4H KD", dealer=True)),
        ("cribbage simulate", lambda: cribbage.simulate(2)),
        ("cribbage stats", lambda: cribbage.stats(hands=1000)),
        ("cribbage discard --pegging", lambda: cribbage.discard("5H 5D JS 6C 4H KD", dealer=True, pegging=True,
                                                                  samples=10)),
        ("basra simulate", lambda: basra.simulate(deals=10, games=1)),
        ("basra duel", lambda: basra.duel("greedy", "random", deals=10, games=1)),
        ("basra advise", lambda: basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9", samples=16)),
        ("numpy", lambda: np.zeros(1)),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="1/1", help="K/N: entries K, K+N, ... (1-based)")
    args = parser.parse_args(argv)
    k, n = (int(x) for x in args.part.split("/"))
    started = time.monotonic()
    for i, (name, run) in enumerate(_entries()):
        if i % n != k - 1:
            continue
        t0 = time.monotonic()
        try:
            run()
            print(f"warm {name}: {time.monotonic() - t0:.1f} s", file=sys.stderr)
        except Exception:  # reported, not fatal: the tests compile what is missing and test it
            print(f"warm {name}: failed\n{traceback.format_exc()}", file=sys.stderr)
    print(f"warm part {k}/{n}: {time.monotonic() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
