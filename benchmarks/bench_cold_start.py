"""Cold and warm start of the main commands: the first run after an install (Numba compiles the
kernels) and a later one (Numba loads them from its cache).

Each command runs in a fresh process with ``NUMBA_CACHE_DIR`` pointing at an empty directory of
its own (cold: every kernel it needs is compiled, as on a fresh install), then again with the same
directory (warm: the kernels come from the cache), ``--warm-runs`` times, the best kept. A table
goes to stdout and one row per command to a CSV.

    python benchmarks/bench_cold_start.py                     # every command
    python benchmarks/bench_cold_start.py --only simulate advise --csv /tmp/cold.csv

The cold time depends on the machine and its load much more than the warm one: the compiler
runs on one core. Record the load average with the figures (it is printed).
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time

from common import ROOT, machine

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"

#: name -> arguments of ``jass-sim``: small inputs, so the time is the start (import, compile or
#: cache load), not the work. ``{round}`` is a round written by ``replay --seed 1 --format json``
#: (with the ordinary cache, before the timings).
COMMANDS = {
    "advise": ["advise", HAND],
    "play-advice": ["play-advice", "--hand", HAND, "--mode", "H", "--played", "HJ H6 HQ H7 SK SA S6 S7 D7 DA D8"],
    "simulate": ["simulate", "--deals", "1000"],
    "duel": ["duel", "--team-a", "heuristic", "--team-b", "random", "--deals", "1000"],
    "games": ["games", "--games", "10", "--team-a", "heuristic", "--team-b", "random"],
    "review": ["review", "{round}"],
    "cribbage discard": ["cribbage", "discard", "5H 5D JS 6C 4H KD", "--dealer"],
    "basra advise": ["basra", "advise", "--hand", "HJ D10 C5 S3 HK H7", "--table", "C2 D3 S4 HA"],
}


def _run(args: list[str], cache: str | None) -> tuple[float, str]:
    env = {**os.environ, "NUMBA_CACHE_DIR": cache} if cache else dict(os.environ)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", *args], env=env, capture_output=True, text=True,
                          cwd=ROOT)
    took = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"jass-sim {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return took, proc.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(COMMANDS), help="Commands to time [default: all].")
    parser.add_argument("--warm-runs", type=int, default=2, help="Warm runs per command (the best is kept).")
    parser.add_argument("--csv", default=str(ROOT / "benchmarks" / "cold_start.csv"), help="The CSV to write.")
    opts = parser.parse_args()
    names = opts.only or list(COMMANDS)
    print(f"machine: {machine()}")
    print(f"load average before (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="jass-sim-cold-") as tmp:
        round_file = os.path.join(tmp, "round.json")
        if "review" in names:
            with open(round_file, "w") as f:
                f.write(_run(["replay", "--seed", "1", "--format", "json"], None)[1])
        print(f"{'command':<18} {'cold s':>8} {'warm s':>8}  args")
        for name in names:
            args = [a.replace("{round}", round_file) for a in COMMANDS[name]]
            cache = os.path.join(tmp, "cache-" + name.replace(" ", "-"))
            os.makedirs(cache)
            cold, _ = _run(args, cache)
            warm = min(_run(args, cache)[0] for _ in range(max(1, opts.warm_runs)))
            rows.append({"command": name, "cold_s": round(cold, 2), "warm_s": round(warm, 2),
                         "args": " ".join(f'"{a}"' if " " in a else a for a in args).replace(round_file, "ROUND.json")})
            print(f"{name:<18} {cold:8.1f} {warm:8.1f}  jass-sim {rows[-1]['args']}", flush=True)
    print(f"load average after (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with open(opts.csv, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["command", "cold_s", "warm_s", "args"])
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {opts.csv}")


if __name__ == "__main__":
    main()
