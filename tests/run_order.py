"""The order of the test run (tests/conftest.py's ``pytest_collection_modifyitems``): in the no-JIT stage the
measured longest tests are dealt to the workers' starting blocks, longest first; the compiled stage keeps
file order (moving its long tests was measured slower: benchmarks/RESULTS.md, "The suite after stop 60's
merges")."""

from __future__ import annotations

import json
import os

#: The no-JIT stage's longest tests and their measured seconds (tests/slow_tests.json: ``nojit``).
SLOW_TESTS = os.path.join(os.path.dirname(__file__), "slow_tests.json")


def measured_seconds(stage: str) -> dict:
    """``node ID -> seconds`` of a stage's measured tests."""
    with open(SLOW_TESTS, encoding="utf-8") as fh:
        return json.load(fh)[stage]["seconds"]


def movable(item) -> bool:
    """Whether a test may run apart from its module's other tests: none of its fixtures is module- or
    class-scoped (such a fixture is torn down when the next test is of another module, and built again
    for the module's other tests: a test moved away from them would pay it twice)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return True
    return all(defs[-1].scope in ("function", "session") for defs in info.name2fixturedefs.values() if defs)


def heaviest_first(items: list, seconds: dict, workers: int = 1) -> list:
    """The tests named in ``seconds`` (node ID -> measured seconds) dealt to the ``workers`` starting
    blocks (the longest to the block with the least so far), each block starting with its long tests, longest
    first, then filled with the other tests in their usual order.

    The no-JIT stage runs on two xdist workers with ``--dist worksteal``: each starts on one of
    ``workers`` equal blocks of this list (after ``-m`` deselects: tests/conftest.py's hook runs last)
    and, when its queue is down to its last test, takes half of the other's queue from the end. In file
    order the stage's longest test (a Cribbage search check, 23 of the stage's 101 CPU s) was reached
    late, stolen and run alone at the end; with the long tests all at the front of the first block, one
    worker ran five of the six (51 of its 89 CPU s against the other's 37). Dealt, each worker starts
    on its share at once and the short tests even out the rest: measured, the two workers ended 1.4 s
    apart (131.7 and 133.1 s, against 347.0 and 411.1 s in file order; half the tests' time 132.0 and
    378.4 s), and a simulation with every test's measured seconds gives 1.165 times the ideal in file
    order, 1.002 dealt (medians over timings varied by up to 30%; benchmarks/RESULTS.md, "The suite,
    issue 50 item 8, stop 59"). A test renamed is no longer moved (and no check is lost:
    tests/core/test_test_order.py checks the names); nor is one with a module- or class-scoped fixture
    (:func:`movable`)."""
    long = sorted((item for item in items if item.nodeid in seconds and movable(item)),
                  key=lambda item: -seconds[item.nodeid])
    blocks: list[list] = [[] for _ in range(max(1, workers))]
    load = [0.0] * len(blocks)
    for item in long:
        k = min(range(len(blocks)), key=lambda k: load[k])
        blocks[k].append(item)
        load[k] += seconds[item.nodeid]
    moved = {id(item) for item in long}
    rest = [item for item in items if id(item) not in moved]
    out, used = [], 0
    for k, block in enumerate(blocks):
        size = (k + 1) * len(items) // len(blocks) - k * len(items) // len(blocks)  # xdist's split
        take = max(0, size - len(block))
        out += block + rest[used:used + take]
        used += take
    return out + rest[used:]
