"""The compile census's tools (tests/compile_census.py): the reverse file order keeps each file's tests
together and in order, and the comparison of two censuses lists exactly the overloads that one file
compiled in both orders."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from compile_census import one_file_only, reverse_files


def test_reverse_files_keeps_each_files_tests_together_in_order():
    items = [SimpleNamespace(path=Path(p), name=n) for p, n in
             [("a.py", "a1"), ("a.py", "a2"), ("b.py", "b1"), ("c.py", "c1"), ("c.py", "c2")]]
    assert [i.name for i in reverse_files(items)] == ["c1", "c2", "b1", "a1", "a2"]


def _census(folder: Path, records) -> str:
    folder.mkdir()
    with open(folder / "gw0.jsonl", "w") as fh:
        for fn, sig, cpu, test in records:
            fh.write(json.dumps({"kind": "compile", "fn": fn, "sig": sig, "cpu": cpu, "test": test, "wall": cpu,
                                 "depth": 0}) + "\n")
    return str(folder)


def test_one_file_only_lists_what_the_same_file_compiled_both_ways(tmp_path):
    shared = ("jass_sim.k.run", "(PlayerSet(2), int64)")
    alone = ("jass_sim.k.run", "(PlayerSet(4), int64)")
    inner = ("jass_sim.k._overload.<locals>.impl", "(int64,)")
    forward = _census(tmp_path / "f", [(*shared, 12.0, "tests/a.py::t1"), (*alone, 9.0, "tests/b.py::t2"),
                                       (*inner, 0.5, "tests/b.py::t2")])
    backward = _census(tmp_path / "b", [(*shared, 11.0, "tests/c.py::t3"), (*alone, 10.0, "tests/b.py::t4"),
                                        (*inner, 0.5, "tests/b.py::t4")])
    lines = one_file_only(forward, backward).splitlines()
    assert lines[0] == "compiled by one file in both orders: 1 overloads, 10 CPU s (of 22 and 22 CPU s compiled)"
    assert len(lines) == 2 and "PlayerSet(4)" in lines[1] and "tests/b.py::t2 / t4" in lines[1]
