"""One compile of a kernel at a time across the test workers (pytest-xdist): while one worker compiles a
cached kernel for a signature, another that needs the same one waits, then loads it from Numba's disk
cache instead of compiling it a second time.

Numba looks in its cache before it compiles, but two processes that miss at once both compile (a cold
cache's whole first minutes on two workers, each compiling the same engine). :func:`install` wraps
``Dispatcher.compile`` with an exclusive ``flock`` per (kernel, signature) in the cache folder, held
while Numba compiles (or loads) that overload; the waiting worker then finds it cached. Kernels that
are not cached (``cache=False``) are left alone: another process could not use their code. A kernel
compiled inside another's compile takes its own lock (the call graph has no cycle, so neither does the
order of the locks), and a lock this process already holds is not taken again (a recursive kernel).

Numba's own compiler lock (one compile at a time in a process, re-entrant) is taken before the file
lock, not only inside the compile: a kernel run on several threads at once (``threads=2``) is compiled
on its first call by each of them, and a second thread that went straight on while the first one waited
for the other worker's compile would compile the kernel a second time beside it (seen: the ``advise``
kernel compiled by both workers at once, 10 CPU s each). With the compiler lock held first, the other
thread waits for the first and then finds the kernel compiled (or loaded) in its own process.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import threading
import time
from pathlib import Path

#: The longest a worker waits for another's compile of one kernel (the slowest, cold, take minutes on
#: a loaded machine), after which it compiles the kernel itself.
WAIT_LIMIT = 1200.0

_held: set[str] = set()
_guard = threading.Lock()

#: Seconds this process has waited for other workers' compiles (read by the compile census).
waited = [0.0]


def lock_path(dispatcher, sig) -> Path:
    """The lock file of one overload: in the cache folder, named by the kernel and its signature."""
    import numba

    func = dispatcher.py_func
    name = f"{func.__module__}.{func.__qualname__}|{sig}"
    folder = Path(numba.config.CACHE_DIR or os.path.dirname(func.__code__.co_filename)) / ".compile-locks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / hashlib.sha1(name.encode()).hexdigest()[:20]


def _wait_for(handle, limit: float = WAIT_LIMIT) -> None:
    """Take the lock, waiting at most ``limit`` seconds: a worker never hangs on another (a compile
    past that is still correct, only done twice)."""
    start = time.monotonic()
    deadline = start + limit
    try:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return
                time.sleep(0.05)
    finally:
        waited[0] += time.monotonic() - start


def install() -> None:
    """Wrap ``numba``'s ``Dispatcher.compile`` (once per process) with the per-overload file lock."""
    from numba.core.caching import NullCache
    from numba.core.compiler_lock import global_compiler_lock
    from numba.core.dispatcher import Dispatcher

    original = Dispatcher.compile
    if getattr(original, "_compile_lock", False):
        return

    def compile(self, sig):
        if isinstance(self._cache, NullCache):
            return original(self, sig)
        try:
            path = lock_path(self, sig)
        except OSError:  # a read-only cache folder (a test's own): Numba cannot share this overload anyway
            return original(self, sig)
        key = str(path)
        # one thread of this process at a time from here on (Numba takes this re-entrant lock inside
        # the compile anyway): another thread needing the same kernel waits here, not beside our wait
        with global_compiler_lock:
            with _guard:
                mine = key not in _held
                if mine:
                    _held.add(key)
            if not mine:  # this thread holds it already (a recursive kernel)
                return original(self, sig)
            try:
                with open(path, "a") as handle:
                    _wait_for(handle)
                    try:
                        return original(self, sig)
                    finally:
                        fcntl.flock(handle, fcntl.LOCK_UN)
            finally:
                with _guard:
                    _held.discard(key)

    compile._compile_lock = True
    Dispatcher.compile = compile
