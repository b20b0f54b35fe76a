"""The no-JIT stage's order (tests/conftest.py, tests/run_order.py): the measured longest tests dealt first, the rest as collected."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

from run_order import SLOW_TESTS, heaviest_first, measured_seconds, movable

ROOT = Path(__file__).resolve().parents[2]


def test_the_longest_tests_go_first_longest_first_and_the_rest_keep_their_order():
    items = [SimpleNamespace(nodeid=n) for n in ("a.py::t1", "a.py::t2", "b.py::t1", "c.py::t[1]", "c.py::t[2]")]
    ordered = heaviest_first(items, {"c.py::t[2]": 3.0, "a.py::t2": 9.0, "gone.py::t": 50.0})
    assert [i.nodeid for i in ordered] == ["a.py::t2", "c.py::t[2]", "a.py::t1", "b.py::t1", "c.py::t[1]"]
    assert heaviest_first(items, {}) == items


def test_the_long_tests_are_dealt_to_the_starting_blocks_of_the_workers():
    """Two workers start on the first 4 and the last 4 of 8 tests: 9 s to the first, then 5 s, 3 s and
    2 s to the second (the longest each time to the block with the least so far: 0, 5 and 8 seconds
    there against 9), each block filled with the short tests in their order."""
    names = ["s1", "L5", "s2", "L9", "s3", "L2", "s4", "L3"]
    items = [SimpleNamespace(nodeid=n) for n in names]
    ordered = heaviest_first(items, {"L9": 9.0, "L5": 5.0, "L3": 3.0, "L2": 2.0}, workers=2)
    assert [i.nodeid for i in ordered] == ["L9", "s1", "s2", "s3", "L5", "L3", "L2", "s4"]
    assert sorted(map(id, ordered)) == sorted(map(id, items))  # every test once
    three = heaviest_first(items, {"L9": 9.0}, workers=3)
    assert [i.nodeid for i in three] == ["L9", "s1", "L5", "s2", "s3", "L2", "s4", "L3"]


def test_every_measured_test_still_exists():
    """A test renamed or moved would silently lose its place: each name in tests/slow_tests.json (the
    no-JIT stage's) is a test function of its file (read, not collected); a no-JIT one's file says ``nojit``."""
    doc = json.loads(Path(SLOW_TESTS).read_text(encoding="utf-8"))
    for stage in ("nojit",):
        assert doc[stage]["seconds"] == measured_seconds(stage) and doc[stage]["seconds"], stage
        for nodeid, seconds in doc[stage]["seconds"].items():
            path, name = nodeid.split("::")
            function = re.sub(r"\[.*\]$", "", name)
            text = (ROOT / path).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(function)}\(", text, re.M), nodeid
            assert seconds > 0 and "nojit" in text, nodeid


def _item(nodeid, **scopes):
    """A collected test's stand-in: its node ID and its fixtures' scopes."""
    defs = {name: [SimpleNamespace(scope=scope)] for name, scope in scopes.items()}
    return SimpleNamespace(nodeid=nodeid, _fixtureinfo=SimpleNamespace(name2fixturedefs=defs))


def test_a_test_with_a_module_or_class_fixture_keeps_its_place():
    """Moved away from its module, a test with a module- or class-scoped fixture would have that fixture
    built twice (for it, then again for the module's other tests): it is not moved, however long."""
    items = [_item("a.py::t1", built="module"), _item("a.py::t2", built="module", tmp_path="function"),
             _item("b.py::t1", sheet="class"), _item("c.py::t1", base="session", page="function"), _item("c.py::t2")]
    assert [movable(i) for i in items] == [False, False, False, True, True]
    ordered = heaviest_first(items, {"a.py::t2": 50.0, "b.py::t1": 40.0, "c.py::t2": 1.0, "c.py::t1": 2.0})
    assert [i.nodeid for i in ordered] == ["c.py::t1", "c.py::t2", "a.py::t1", "a.py::t2", "b.py::t1"]
