"""One computation of a costly deterministic table per test run, shared by the xdist workers through a
file (the no-JIT stage of scripts/test.sh).

With ``NUMBA_DISABLE_JIT=1`` a table that the compiled run builds in a fraction of a second is built by
its kernel as plain Python: Cribbage's ``crib_rank_table`` (an exact crib expectation over 169 rank
pairs) takes about 15 CPU s so, and each worker that ran a Cribbage game (the whole-game reference
test, the playthrough) built it once (measured, issue 50 item 8). :func:`install` wraps such a function:
the first worker to need it computes it with the original function, under an exclusive ``flock``, and
saves it (``.npy``); another worker waits for that lock and loads the same array. The values are those
of the same function in the same stage, so no test sees anything else; the table's own test still
compares it with its exact values.

The folder is made by the xdist controller (or a run without workers) and passed to the workers in the
environment (``JASS_SIM_TEST_MEMO``), so every worker of one run shares it and no other run does.
"""

from __future__ import annotations

import fcntl
import functools
import importlib
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np

#: The environment variable naming the run's folder of shared tables.
ENV = "JASS_SIM_TEST_MEMO"

#: ``(module, function)`` of the tables shared: functions of no argument returning one ``ndarray``.
TABLES = (("jass_sim.cribbage.discards", "crib_rank_table"),)


#: The folder this process made (the controller's, or a run's without workers), removed at its end.
_made: list[str] = []


def folder() -> Path:
    """The run's folder: made once by the first process (the controller), inherited by the workers."""
    if not os.environ.get(ENV):
        os.environ[ENV] = tempfile.mkdtemp(prefix="jass-sim-test-memo-")
        _made.append(os.environ[ENV])
    return Path(os.environ[ENV])


def remove() -> None:
    """Remove the folder if this process made it (at the end of the run: the workers are done)."""
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)


def shared(func, path: Path):
    """``func`` (no arguments, one array), computed once per run across processes: saved to ``path``."""

    @functools.lru_cache(maxsize=1)
    def wrapper():
        with open(path.with_suffix(".lock"), "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)  # the worker computing it holds this until it is saved
            try:
                if path.exists():
                    return np.load(path)
                value = func()
                tmp = path.with_suffix(".tmp.npy")
                np.save(tmp, value)
                os.replace(tmp, path)
                return value
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    wrapper.__wrapped__ = func
    return wrapper


def install() -> None:
    """Replace each function of :data:`TABLES` in its module (callers import it at call time) by its
    shared form."""
    where = folder()
    for module_name, name in TABLES:
        module = importlib.import_module(module_name)
        func = getattr(module, name)
        if getattr(func, "_shared_memo", False):
            continue
        wrapper = shared(func, where / f"{module_name}.{name}.npy")
        wrapper._shared_memo = True
        setattr(module, name, wrapper)
