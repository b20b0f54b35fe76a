"""Build the Coiffeur category value table shipped in jass_sim/jass/data/coiffeur/values-<policy>.npz.

    .venv/bin/python scripts/build_coiffeur_values.py [--hands 1024] [--deals 64] [--policy net] [--seed 0]
        [--modes all|chibre|new] [--extend] [--out FILE]

``--modes``: the round modes played (``all``: 0..36, every Coiffeur form; ``chibre``: H D S C OBE
UNE; ``new``: Slalom, Guschti, Misère, 3x3, 6..36). ``--extend``: play only the modes the table at
``--out`` lacks, on its hands and deals (same seed: the same samples, each mode's play starting from
the same random state, so the result equals a build of all modes at once), and write the merged
table. The shipped table was built ``--modes chibre`` (1,024 hands x 64 deals, seed 0), then
``--extend --modes all`` (issue 53: the new forms).

Checkpointed in parts of ``--part`` hands (``FILE.part<k>.npz`` beside the output, kept until
the whole table is written atomically): an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from jass_sim.jass.coiffeur.hand import ALL_MODES, MODES
from jass_sim.jass.coiffeur.values import ValueTable, build_values, load_npz, merge_modes
from jass_sim.jass.players import PLAYERS, policy_params

OUT = Path(__file__).resolve().parent.parent / "jass_sim" / "jass" / "data" / "coiffeur"
MODE_SETS = {"all": ALL_MODES, "chibre": MODES, "new": tuple(m for m in ALL_MODES if m not in MODES)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1024)
    ap.add_argument("--deals", type=int, default=64)
    ap.add_argument("--policy", default="net")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--modes", choices=sorted(MODE_SETS), default="all")
    ap.add_argument("--extend", action="store_true", help="add the modes the table at --out lacks")
    ap.add_argument("--part", type=int, default=128, help="hands per checkpoint")
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = Path(args.out) if args.out else OUT / f"values-{args.policy}.npz"
    code = PLAYERS.code(args.policy)
    modes = MODE_SETS[args.modes]
    base = None
    if args.extend:
        base = load_npz(out)
        if (base.policy, base.seed) != (args.policy, args.seed) or base.n_deals != args.deals:
            raise SystemExit(f"{out}: policy {base.policy}, seed {base.seed}, {base.n_deals} deals; "
                             "--extend needs the same --policy, --seed and --deals")
        args.hands = base.n_hands
        modes = tuple(m for m in modes if m not in base.modes)
        if not modes:
            raise SystemExit(f"{out} has every mode of --modes {args.modes} already")
    tag = "-".join(map(str, (modes[0], modes[-1], len(modes))))
    parts = []
    t0 = time.perf_counter()
    for first in range(0, args.hands, args.part):
        n = min(args.part, args.hands - first)
        path = out.with_name(f"{out.stem}.part{first}-{n}-{args.deals}-{args.seed}-m{tag}.npz")
        if path.exists():
            parts.append(load_npz(path))
            continue
        part = build_values([code] * 4, args.policy, seed=args.seed, n_hands=n, n_deals=args.deals,
                            params=policy_params(), first_hand=first, modes=modes)
        part.save_npz(path)
        parts.append(part)
        print(f"hands {first + n}/{args.hands}: {time.perf_counter() - t0:.0f} s", flush=True)
    table = ValueTable(args.policy, args.seed, np.concatenate([p.hands for p in parts]),
                       np.concatenate([p.ours for p in parts]), np.concatenate([p.theirs for p in parts]), modes)
    if base is not None:
        table = merge_modes(base, table)
    table.save_npz(out)
    for first in range(0, args.hands, args.part):
        n = min(args.part, args.hands - first)
        out.with_name(f"{out.stem}.part{first}-{n}-{args.deals}-{args.seed}-m{tag}.npz").unlink(missing_ok=True)
    print(f"{out}: {table.n_hands} hands x {table.n_deals} deals, modes {table.modes[0]}..{table.modes[-1]} "
          f"({len(table.modes)}), {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
