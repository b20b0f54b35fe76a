#!/usr/bin/env bash
# Set up (once) and run the test suite: the command the README gives and .ci/run calls.
#   bash scripts/test.sh            fast default suite (slow statistical tests skipped)
#   bash scripts/test.sh -m slow    the slow statistical tests
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
# 0. fail fast on lint: pyflakes and import order (ruff), then the layering contracts (import-linter,
#    configured in pyproject.toml; every import counts, those inside functions too)
.venv/bin/ruff check jass_sim tests scripts benchmarks
PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" .venv/bin/lint-imports
# the package's bytecode, written once (0.5 CPU s): each test worker and each command the tests start as
# a subprocess imports jass_sim, and where PYTHONDONTWRITEBYTECODE is set (the CI machine) every one of
# them compiled the modules from source (0.1-0.2 CPU s a command, about 1 s a worker's collection)
.venv/bin/python -m compileall -q jass_sim
# 2 (started first, run beside 1). the kernel-vs-reference tests (marked nojit) again with Numba
#    disabled (kernels run as plain Python); the -m replaces addopts' -m 'not slow', so it is repeated.
#    Nothing is compiled in this stage (the tests run as plain Python), so two workers share it with no
#    compile done twice (its longest tests, measured in tests/slow_tests.json, are dealt to the two
#    workers first: tests/run_order.py, so neither ends alone on one). It runs at the lowest priority
#    (nice 19) beside stage 1, so it takes a core where stage 1 leaves one idle (a worker waiting in
#    tests/compile_lock.py for the other's compile, or on a browser, and the two workers' ends: on the
#    quiet run of f8a5e45 the workers used 1,289 CPU s of 2 x 701 s) and the whole machine once stage 1
#    is done; its report is printed after stage 1's, and a failure of either fails the run.
nojit_log=$(mktemp)
NUMBA_DISABLE_JIT=1 nice -n 19 .venv/bin/python -m pytest -q -n 2 --dist worksteal -p no:cacheprovider -m "nojit and not slow" --durations=15 > "$nojit_log" 2>&1 &
nojit=$!
trap 'kill "$nojit" 2> /dev/null || true; rm -f "$nojit_log"' EXIT  # stage 1 failed or was stopped: stage 2 too
trap 'exit 130' INT
trap 'exit 143' TERM
# 1. everything, kernels compiled, in two worker processes (pytest-xdist; CI has 2 cores, and
#    Numba compiles on one core, so two workers halve the wall time: 9.1 -> 5.8 min measured)
#    --durations: the slowest tests are printed, so a CI log shows where its time went
#    --dist worksteal: each worker starts on its own half of the suite (in file order) and takes half of
#    the other's queued tests when its own run out. xdist's default (load) hands out chunks from the
#    front of one queue, so both workers run neighbouring files (the same kernels: one waits idle in
#    tests/compile_lock.py while the other compiles), and a worker keeps its queued chunk behind a slow
#    test while the other one, with nothing left to take, stops (the stage used 161% of 200% CPU).
#    File order: its long tests moved to the front of the second half were measured 33 s slower
#    (benchmarks/RESULTS.md, "The suite after stop 60's merges")
.venv/bin/python -m pytest -q -n 2 --dist worksteal --durations=30 "$@"
status=0
wait "$nojit" || status=$?
cat "$nojit_log"
exit "$status"  # the trap removes the log
