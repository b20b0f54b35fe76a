"""The page's speed (issue 32), measured in one run on this machine:

1. an ``advise`` job at the default samples, after warm-up, against the CLI call with the same
   arguments (``jass-sim advise HAND --seed S``, a new process each time): ratio of wall times;
2. the page's first paint (``first-contentful-paint`` in Chromium, the page served by the server);
3. ``/api/health`` latency while a long job runs.

    python benchmarks/bench_page.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

from common import ROOT, machine

sys.path.insert(0, str(ROOT / "tests" / "page"))
from live_server import LiveServer  # noqa: E402

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
CHROMIUM = "/usr/bin/chromium"


def post(base: str, body: dict) -> str:
    req = urllib.request.Request(base + "api/jobs", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))["id"]


def wait_result(base: str, job_id: str) -> str:
    with urllib.request.urlopen(base + f"api/jobs/{job_id}/events") as stream:
        event = None
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event in ("result", "error", "cancelled"):
                return event


def job_seconds(base: str, seed: int) -> float:
    started = time.perf_counter()
    assert wait_result(base, post(base, {"command": "advise", "args": {"hand": HAND, "seed": seed}})) == "result"
    return time.perf_counter() - started


def cli_seconds(seed: int) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jass_sim.cli", "advise", HAND, "--seed", str(seed)], check=True,
                   capture_output=True)
    return time.perf_counter() - started


# first-contentful-paint from the browser's paint timing (buffered: it may have come before we ask)
PAINT = """new Promise((resolve) => new PerformanceObserver((list) => {
  const entry = list.getEntriesByName('first-contentful-paint')[0];
  if (entry) resolve(entry.startTime);
}).observe({type: 'paint', buffered: true}))"""


def first_paint(base: str) -> list[float]:
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(5):
            page = browser.new_page()
            page.goto(base)
            out.append(page.evaluate(PAINT) / 1000)
            page.close()
        browser.close()
    return out


def health_while_busy(base: str) -> list[float]:
    job = post(base, {"command": "advise", "args": {"hand": HAND, "samples": 200_000}})
    waiter = threading.Thread(target=wait_result, args=(base, job))
    waiter.start()
    time.sleep(1.0)
    times = []
    for _ in range(20):
        started = time.perf_counter()
        urllib.request.urlopen(base + "api/health").read()
        times.append(time.perf_counter() - started)
        time.sleep(0.1)
    urllib.request.urlopen(urllib.request.Request(base + f"api/jobs/{job}", method="DELETE"))
    waiter.join()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    server = LiveServer()
    base = server.start()
    while json.load(urllib.request.urlopen(base + "api/health"))["status"] != "ready":
        time.sleep(0.2)
    cli_seconds(0)  # the CLI's kernels are in Numba's cache too
    jobs, clis = [], []
    for r in range(args.repeats):  # alternate, so that load on the machine hits both alike
        jobs.append(job_seconds(base, r + 1))
        clis.append(cli_seconds(r + 1))
    paint = first_paint(base)
    health = health_while_busy(base)
    server.stop()
    print(f"machine: {machine()}")
    print(f"advise, default 4,000 deals, {args.repeats} seeds, job vs CLI alternating:")
    print(f"  job (after warm-up): median {statistics.median(jobs):.2f} s  (min {min(jobs):.2f}, max {max(jobs):.2f})")
    print(f"  CLI (new process):   median {statistics.median(clis):.2f} s  (min {min(clis):.2f}, max {max(clis):.2f})")
    print(f"  ratio job/CLI: {statistics.median(jobs) / statistics.median(clis):.2f} (target < 0.5)")
    print(f"first contentful paint: median {statistics.median(paint):.3f} s over {len(paint)} loads "
          f"(max {max(paint):.3f}; target < 0.3)")
    print(f"/api/health during a 200,000-deal job: median {1000 * statistics.median(health):.1f} ms, "
          f"max {1000 * max(health):.1f} ms over {len(health)} requests (target < 100 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
