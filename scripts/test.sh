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
# 1. everything, kernels compiled, in two worker processes (pytest-xdist; CI has 2 cores, and
#    Numba compiles on one core, so two workers halve the wall time: 9.1 -> 5.8 min measured)
.venv/bin/python -m pytest -q -n 2 "$@"
# 2. the kernel-vs-reference tests again with Numba disabled (kernels run as plain Python)
NUMBA_DISABLE_JIT=1 .venv/bin/python -m pytest -q -p no:cacheprovider \
    tests/rules/test_kernels_vs_reference.py tests/engine/test_round_vs_reference.py tests/test_reference.py \
    tests/engine/test_endgame.py tests/test_jit.py tests/engine/test_net_reference.py tests/engine/test_mode_features_reference.py \
    tests/basra/test_basra_reference.py tests/engine/test_play_advice.py tests/cribbage/test_cribbage_reference.py \
    tests/cribbage/test_cribbage_search.py tests/engine/test_games_reference.py
