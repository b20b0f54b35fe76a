"""Shared test setup: the reference module on sys.path, hypothesis profiles, helpers."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(__file__))

from jit_mode import NO_JIT  # noqa: E402  (after the sys.path line above)

# Compiled kernels are fast, so test many random states; pure Python (NUMBA_DISABLE_JIT=1) fewer.
settings.register_profile("default", max_examples=300 if not NO_JIT else 60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


_plan_cache_made: list[str] = []  # the plan cache folder this process made, removed at its end


def pytest_configure(config):
    # the history of reviewed rounds (jass_sim.core.history) goes to a directory of this run, never
    # to the user's data directory
    import tempfile

    os.environ["JASS_SIM_DATA_DIR"] = tempfile.mkdtemp(prefix="jass-sim-test-data-")
    # the Coiffeur plan's table cache (jass_sim.jass.coiffeur.plan_cache) in a folder of this run, never the
    # user's cache (a table from an earlier run would hide the cost a fresh machine pays, and the tests
    # would write to the home folder): made by the xdist controller, so its workers share it
    if "JASS_SIM_PLAN_CACHE" not in os.environ:
        os.environ["JASS_SIM_PLAN_CACHE"] = tempfile.mkdtemp(prefix="jass-sim-test-plan-")
        _plan_cache_made.append(os.environ["JASS_SIM_PLAN_CACHE"])
    if not NO_JIT:
        # two xdist workers never compile the same kernel at once: one waits, then loads it from the cache
        import compile_lock

        compile_lock.install()
    else:
        # Pure-Python runs of the kernels wrap uint64 arithmetic on purpose (the RNG, broadword
        # select); numpy warns about each wrap.
        config.addinivalue_line("filterwarnings", "ignore:overflow encountered:RuntimeWarning")
        # tables that take seconds as plain Python are built once per run, not once per worker: the
        # folder is made here in the xdist controller, before its workers start, and the workers share it
        import shared_memo

        shared_memo.folder()
        if not (getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput")):
            shared_memo.install()  # a worker, or a run without workers (the controller runs no test)


@pytest.hookimpl(trylast=True)  # after -m and -k deselect: xdist splits what is left
def pytest_collection_modifyitems(config, items):
    """The order of the tests. The no-JIT stage (``NUMBA_DISABLE_JIT=1``, ``nojit``): its longest tests
    first, longest first, dealt to the workers' starting blocks (``run_order.heaviest_first``, by the
    seconds measured in tests/slow_tests.json), the rest in file order. The compiled stage: file order
    (its long tests put at the front of the last worker's block made the stage 33 s slower on a quiet
    fresh clone: benchmarks/RESULTS.md, "The suite after stop 60's merges").

    ``JASS_SIM_TEST_ORDER=files``: file order in either stage. ``JASS_SIM_TEST_ORDER=reverse-files``: the
    test files in reverse order, each file's tests in their own order (module fixtures set up once, as
    in file order). For the compile census (tests/compile_census.py), a census with ``files`` and one
    with ``reverse-files``: an overload that the same file compiles in both orders is compiled for that
    file alone, since in either order the first user compiles it and the others load it."""
    order = os.environ.get("JASS_SIM_TEST_ORDER", "")
    if order not in ("", "reverse-files", "files"):
        raise pytest.UsageError(f"JASS_SIM_TEST_ORDER={order!r}: expected reverse-files, files or nothing")
    if order == "reverse-files":
        from compile_census import reverse_files

        items[:] = reverse_files(items)
    elif not order and NO_JIT:
        from run_order import heaviest_first, measured_seconds

        workers = getattr(config, "workerinput", {}).get("workercount", 1)  # an xdist worker knows how many
        items[:] = heaviest_first(items, measured_seconds("nojit"), workers)


def pytest_unconfigure(config):
    if "shared_memo" in sys.modules:
        sys.modules["shared_memo"].remove()
    if _plan_cache_made:
        import shutil

        shutil.rmtree(_plan_cache_made.pop(), ignore_errors=True)


def pytest_ignore_collect(collection_path, config):
    """In the no-JIT stage (``NUMBA_DISABLE_JIT=1 ... -m "nojit and not slow"``, scripts/test.sh), a test
    module whose text never says ``nojit`` holds no test that stage runs: it is not imported at all.
    Collecting the whole suite (4,332 tests) only to deselect all but 336 cost each worker 9.7 CPU s,
    this 5.1 (measured under load, the same 336 tests selected). Only a ``-m`` that names ``nojit`` is
    narrowed; any other run collects everything as before."""
    if not NO_JIT or "nojit" not in (config.option.markexpr or ""):
        return None
    name = collection_path.name
    if collection_path.suffix != ".py" or not name.startswith("test_"):
        return None
    try:
        text = collection_path.read_text(encoding="utf-8")
    except OSError:
        return None
    return None if "nojit" in text else True
