"""tests/compile_lock.py: two processes that need the same cached kernel at once compile it once, also
when one of them calls it on two threads at once (as ``threads=2`` runs do)."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]

KERNEL = """
import numba

@numba.njit(cache=True)
def twice(x):
    return 2 * x
"""

CHILD = """
import json, sys, threading
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import compile_lock
compile_lock.install()
import kernel_mod
threads = int(sys.argv[3])
start = threading.Barrier(threads)
results = []

def call():
    start.wait()  # the threads call the kernel (and so compile it) at the same moment
    results.append(kernel_mod.twice(21))

runners = [threading.Thread(target=call) for _ in range(threads)]
for runner in runners:
    runner.start()
print("ready", flush=True)
for runner in runners:
    runner.join()
assert results == [42] * threads
stats = kernel_mod.twice.stats
print(json.dumps([sum(stats.cache_hits.values()), sum(stats.cache_misses.values())]), flush=True)
"""


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"), reason="nothing is compiled without the JIT")
def test_two_workers_compile_a_kernel_once(tmp_path):
    (tmp_path / "kernel_mod.py").write_text(KERNEL)
    cache = tmp_path / "cache"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    # the lock of twice((int64,)), as compile_lock names it, held here until both children wait on it
    locks = cache / ".compile-locks"
    locks.mkdir(parents=True)
    name = hashlib.sha1(b"kernel_mod.twice|(int64,)").hexdigest()[:20]
    with open(locks / name, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        # the second child calls the kernel on two threads at once: the thread that does not wait at
        # the file lock must not compile the kernel beside it
        children = [subprocess.Popen([sys.executable, "-c", CHILD, str(TESTS), str(tmp_path), str(threads)], env=env,
                                     text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for threads in (1, 2)]
        for child in children:
            assert child.stdout.readline().strip() == "ready", child.stderr.read()
        # while the lock is held nothing is compiled: no kernel reaches the cache (a compile of this
        # one-line kernel takes well under the 2 s waited here)
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline and not list(cache.rglob("*.nbi")):
            time.sleep(0.05)
        assert not list(cache.rglob("*.nbi")), "a kernel was compiled while its lock was held"
        assert [child.poll() for child in children] == [None, None]
        fcntl.flock(held, fcntl.LOCK_UN)
    results = []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    # one compiled it (a miss), the other process then loaded it from the cache (a hit); the second
    # thread of the two-thread child found it compiled or loaded in its own process (neither)
    assert sorted(results) == [[0, 1], [1, 0]], results
