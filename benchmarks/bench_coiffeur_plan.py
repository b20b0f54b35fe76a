"""Speed of ``jass-sim coiffeur advise`` at the start of a match, every category open (issue 53
item 3): fresh processes, each timed for wall and CPU (its own and its threads', from
``getrusage`` of the children), with the plan cache warm (the table with every category open read
from disk) against the cache off (``$JASS_SIM_PLAN_CACHE=off``: the DP computed in the process, as
before the cache). The first run of each kind is not timed when ``--skip-first`` (it may compile
the kernels or fill the cache). The load average is printed with each run: on a shared machine
the wall time is what the load leaves; the CPU time is the command's cost.

    python benchmarks/bench_coiffeur_plan.py --rules coiffeur-10 --repeats 3
    python benchmarks/bench_coiffeur_plan.py --rules coiffeur --repeats 3 --off 1
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

from common import ROOT, machine

HAND = "HA HK SA SK DA D6 C7 C8 CT"


def run(rules: str, env: dict) -> tuple[float, float]:
    """One fresh ``coiffeur advise`` with every category open: (wall s, CPU s)."""
    from jass_sim.jass.coiffeur.presets import get_coiffeur_rules

    cats = ",".join(c.code for c in get_coiffeur_rules(rules).categories)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "jass_sim.cli", "coiffeur", "advise", HAND, "--ours-open", cats,
                        "--theirs-open", cats, "--rules", rules, "--seed", "1", "--format", "json",
                        "-o", os.path.join(tmp, "out.json")], env=env, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="coiffeur-10")
    ap.add_argument("--repeats", type=int, default=3, help="timed runs with the cache warm")
    ap.add_argument("--off", type=int, default=1, help="timed runs with the cache off")
    ap.add_argument("--skip-first", action="store_true", help="one untimed run first (compile, fill the cache)")
    args = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    print(machine())
    if args.skip_first:
        run(args.rules, env)
    for label, n, extra in (("cache warm", args.repeats, {}), ("cache off", args.off, {"JASS_SIM_PLAN_CACHE": "off"})):
        for i in range(n):
            wall, cpu = run(args.rules, {**env, **extra})
            print(f"{args.rules} start of the match, {label} #{i + 1}: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
