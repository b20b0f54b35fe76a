"""Build the Coiffeur category value table shipped in jass_sim/jass/data/coiffeur/values-<policy>.npz.

    .venv/bin/python scripts/build_coiffeur_values.py [--hands 1024] [--deals 64] [--policy net] [--seed 0] [--out FILE]

Checkpointed in parts of ``--part`` hands (``FILE.part<k>.npz`` beside the output, kept until
the whole table is written atomically): an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from jass_sim.jass.coiffeur.values import ValueTable, build_values, load_npz
from jass_sim.jass.players import PLAYERS, policy_params

OUT = Path(__file__).resolve().parent.parent / "jass_sim" / "jass" / "data" / "coiffeur"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1024)
    ap.add_argument("--deals", type=int, default=64)
    ap.add_argument("--policy", default="net")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--part", type=int, default=128, help="hands per checkpoint")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = Path(args.out) if args.out else OUT / f"values-{args.policy}.npz"
    code = PLAYERS.code(args.policy)
    parts = []
    t0 = time.perf_counter()
    for first in range(0, args.hands, args.part):
        n = min(args.part, args.hands - first)
        path = out.with_name(f"{out.stem}.part{first}-{n}-{args.deals}-{args.seed}.npz")
        if path.exists():
            parts.append(load_npz(path))
            continue
        part = build_values([code] * 4, args.policy, seed=args.seed, n_hands=n, n_deals=args.deals,
                            params=policy_params(), first_hand=first)
        part.save_npz(path)
        parts.append(part)
        print(f"hands {first + n}/{args.hands}: {time.perf_counter() - t0:.0f} s", flush=True)
    table = ValueTable(args.policy, args.seed, np.concatenate([p.hands for p in parts]),
                       np.concatenate([p.ours for p in parts]), np.concatenate([p.theirs for p in parts]))
    table.save_npz(out)
    for first in range(0, args.hands, args.part):
        n = min(args.part, args.hands - first)
        out.with_name(f"{out.stem}.part{first}-{n}-{args.deals}-{args.seed}.npz").unlink(missing_ok=True)
    print(f"{out}: {table.n_hands} hands x {table.n_deals} deals, {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
