"""Cold and warm start of the main commands: the first run after an install (Numba compiles the
kernels) and a later one (Numba loads them from its cache).

Each command runs in a fresh process with ``NUMBA_CACHE_DIR`` pointing at an empty directory of
its own (cold: every kernel it needs is compiled, as on a fresh install), then again with the same
directory (warm: the kernels come from the cache), ``--warm-runs`` times, the best kept. With
``--cold-runs N`` each cold run gets a new empty directory and the median is reported (the issue's
targets are medians of 3). Besides the wall time, the cold runs' CPU time (user + system of the
child process) is recorded: the compiler runs on one core, so on a busy machine the CPU time is
the better estimate of the wall time on an idle one. A table goes to stdout and one row per
command to a CSV.

    python benchmarks/bench_cold_start.py                     # every command
    python benchmarks/bench_cold_start.py --only simulate advise --csv /tmp/cold.csv

``serve`` is timed until ``/api/health`` first says ``ready`` (the page answers Jass at once),
its CPU seconds are the server's own up to then.

The cold time depends on the machine and its load much more than the warm one: the compiler
runs on one core. Record the load average with the figures (it is printed).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

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
    # not a run to its end: the time until ``/api/health`` says ready (Jass), see _serve
    "serve": ["serve", "--no-browser", "--data-dir", "{tmp}/page-data", "--port", "{port}"],
}


def _env(cache: str | None) -> dict[str, str]:
    """The environment of a timed run: Numba's cache in ``cache`` (else the default)."""
    return {**os.environ, "NUMBA_CACHE_DIR": cache} if cache else dict(os.environ)


def _run(args: list[str], cache: str | None) -> tuple[float, str, float]:
    """``(wall seconds, stdout, CPU seconds of the child)`` of one ``jass-sim`` run."""
    env = _env(cache)
    before = os.times()
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", *args], env=env, capture_output=True, text=True,
                          cwd=ROOT)
    took = time.perf_counter() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    if proc.returncode != 0:
        raise SystemExit(f"jass-sim {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return took, proc.stdout, cpu


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(args: list[str], cache: str | None) -> tuple[float, str, float]:
    """``(wall seconds until /api/health says "ready", the health JSON then, CPU seconds of the server
    so far)`` of one ``jass-sim serve``, which is then stopped. Ready means Jass (the page's first
    game) answers at once; Cribbage and Basra keep warming in the background, their state is in
    the JSON."""
    port = _free_port()
    args = [a.replace("{port}", str(port)) for a in args]
    env = _env(cache)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "jass_sim.cli", *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"jass-sim {' '.join(args)} ended ({proc.returncode}): {proc.stderr.read().strip()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as response:
                    body = json.load(response)
                if body["status"] == "ready":
                    took = time.perf_counter() - t0
                    break
            except (OSError, ValueError):
                pass
            time.sleep(0.2)
        with open(f"/proc/{proc.pid}/stat") as f:  # the server's own CPU so far (utime + stime)
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return took, json.dumps(body), cpu
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=sorted(COMMANDS), help="Commands to time [default: all].")
    parser.add_argument("--warm-runs", type=int, default=2, help="Warm runs per command (the best is kept).")
    parser.add_argument("--cold-runs", type=int, default=1,
                        help="Cold runs per command, each with a new empty cache (the median is kept).")
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
        print(f"{'command':<18} {'cold s':>8} {'cold cpu':>8} {'warm s':>8}  args")
        for name in names:
            args = [a.replace("{round}", round_file).replace("{tmp}", tmp) for a in COMMANDS[name]]
            run = _serve if name == "serve" else _run
            colds = []
            for k in range(max(1, opts.cold_runs)):
                cache = os.path.join(tmp, f"cache-{name.replace(' ', '-')}-{k}")
                os.makedirs(cache)
                wall, _, cpu = run(args, cache)
                colds.append((wall, cpu))
            cold = statistics.median(w for w, _ in colds)
            cold_cpu = statistics.median(c for _, c in colds)
            warm = min(run(args, cache)[0] for _ in range(max(1, opts.warm_runs)))
            rows.append({"command": name, "cold_s": round(cold, 2), "cold_cpu_s": round(cold_cpu, 2),
                         "cold_runs": len(colds), "warm_s": round(warm, 2),
                         "load_1min": round(os.getloadavg()[0], 2),
                         "args": " ".join(f'"{a}"' if " " in a else a for a in args).replace(round_file, "ROUND.json").replace(tmp, "TMP")})
            print(f"{name:<18} {cold:8.1f} {cold_cpu:8.1f} {warm:8.1f}  jass-sim {rows[-1]['args']}  "
                  f"(load {rows[-1]['load_1min']})", flush=True)
    print(f"load average after (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with open(opts.csv, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["command", "cold_s", "cold_cpu_s", "cold_runs", "warm_s", "load_1min",
                                               "args"])
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {opts.csv}")


if __name__ == "__main__":
    main()
