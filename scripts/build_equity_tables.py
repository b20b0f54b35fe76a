"""Build the equity tables shipped in jass_sim/jass/data/equity (one file per preset and policy).

    .venv/bin/python scripts/build_equity_tables.py [--rounds N] [--policy heuristic] [--chooser fitted] [--force]

Checkpointed: a table already on disk with the same rounds, seed and mode choice is kept unless
--force; each is written atomically when done. The mode choice defaults to the commands' own
(``DEFAULT_CHOOSER``), which ``equity --shipped`` requires of the shipped tables.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from jass_sim.jass.games.equity import DEFAULT_ROUNDS, build_equity, load_npz
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.rules import PRESETS

OUT = Path(__file__).resolve().parent.parent / "jass_sim" / "jass" / "data" / "equity"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    ap.add_argument("--policy", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chooser", default=DEFAULT_CHOOSER, help="mode choice of the sampled rounds")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    for name in PRESETS:
        path = OUT / f"{name}-{args.policy}.npz"
        if path.exists() and not args.force:
            old = load_npz(path)
            if (old.rounds, old.seed, old.mode_chooser) == (args.rounds, args.seed, args.chooser):
                print(f"{path.name}: exists, kept", flush=True)
                continue
            print(f"{path.name}: built with {old.rounds} rounds, seed {old.seed}, mode choice {old.mode_chooser}: "
                  "rebuilt", flush=True)
        t = time.perf_counter()
        table = build_equity(name, args.policy, args.rounds, args.seed, chooser=args.chooser)
        table.save_npz(path)
        print(f"{path.name}: {args.rounds:,} rounds, mode choice {args.chooser}, grid {len(table.grid)}x{len(table.grid)}, "
              f"{time.perf_counter() - t:.0f} s, {path.stat().st_size / 1024:.0f} KB", flush=True)


if __name__ == "__main__":
    main()
