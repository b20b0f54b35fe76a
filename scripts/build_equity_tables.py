"""Build the equity tables shipped in jass_sim/jass/data/equity (one file per preset and policy).

    .venv/bin/python scripts/build_equity_tables.py [--rounds N] [--policy heuristic] [--force]

Checkpointed: a table already on disk is kept unless --force; each is written atomically when done.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from jass_sim.jass.games.equity import DEFAULT_ROUNDS, build_equity
from jass_sim.jass.rules import PRESETS

OUT = Path(__file__).resolve().parent.parent / "jass_sim" / "jass" / "data" / "equity"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    ap.add_argument("--policy", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    for name in PRESETS:
        path = OUT / f"{name}-{args.policy}.npz"
        if path.exists() and not args.force:
            print(f"{path.name}: exists, kept", flush=True)
            continue
        t = time.perf_counter()
        table = build_equity(name, args.policy, args.rounds, args.seed)
        table.save_npz(path)
        print(f"{path.name}: {args.rounds:,} rounds, grid {len(table.grid)}x{len(table.grid)}, "
              f"{time.perf_counter() - t:.0f} s, {path.stat().st_size / 1024:.0f} KB", flush=True)


if __name__ == "__main__":
    main()
