"""Where the suite's time goes: a pytest plugin (opt-in) that writes, per xdist worker, each test's wall
and CPU seconds (its own and its child processes') and every Numba compile (kernel, signature, CPU
seconds, the test that caused it), and a summary of such a run.

On a cold cache most of the suite's CPU time is compiling (issue 50 item 8: about 85 % of the CPU
time of the first two thirds of a cold run), so a test's duration mostly says which kernels it was the
first to need; the census says which kernel specialisations (signatures, ``PlayerSet`` masks) cost
what, which were compiled twice, and what runs in child processes.

Run (from the repository root; the census goes to ``$COMPILE_CENSUS``, default ``.compile-census``)::

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=$PWD:tests python -m pytest -n 2 -p compile_census ...
    python tests/compile_census.py .compile-census

Which overloads only one test file needs: a census in file order (the compiled stage's usual order, or
``JASS_SIM_TEST_ORDER=files``) and one of the same tests on another empty cache with
``JASS_SIM_TEST_ORDER=reverse-files`` (tests/conftest.py), then
``python tests/compile_census.py FORWARD BACKWARD`` (:func:`one_file_only`).

Kernels compiled with more than one signature for the same player set (a compile the caller could have
avoided by normalising its arguments): ``python tests/compile_census.py --signatures FOLDER...
[--min-cpu 0.5] [--all-depths]`` (:func:`signatures`).
"""

from __future__ import annotations

import collections
import json
import os
import re
import resource
import sys
import time

import pytest

_OUT = os.environ.get("COMPILE_CENSUS", ".compile-census")
_state = {"test": None, "file": None}


def _write(record: dict) -> None:
    if _state["file"] is None:
        os.makedirs(_OUT, exist_ok=True)
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _state["file"] = open(os.path.join(_OUT, f"{name}.jsonl"), "a")
    _state["file"].write(json.dumps(record) + "\n")
    _state["file"].flush()


def pytest_sessionstart(session):
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return
    from numba.core import event

    depth = [0]

    class Listener(event.Listener):
        """A ``numba:compile`` event is sent on a cache miss only: these are real compiles."""

        def on_start(self, ev):
            depth[0] += 1
            ev.data["_census"] = (time.perf_counter(), time.process_time())

        def on_end(self, ev):
            depth[0] -= 1
            wall, cpu = ev.data.pop("_census")
            func = ev.data["dispatcher"].py_func
            _write({"kind": "compile", "test": _state["test"], "fn": f"{func.__module__}.{func.__qualname__}",
                    "sig": str(ev.data.get("args")), "wall": time.perf_counter() - wall,
                    "cpu": time.process_time() - cpu, "depth": depth[0]})

    event.register("numba:compile", Listener())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _state["test"] = item.nodeid
    lock = sys.modules.get("compile_lock")
    waited = lock.waited[0] if lock else 0.0
    start, wall, cpu = time.time(), time.perf_counter(), time.process_time()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    yield
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # start (epoch seconds) and the compile lock's wait: a timeline per worker shows where a core idled
    _write({"kind": "test", "test": item.nodeid, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
            "child": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), "start": start,
            "lock_wait": (lock.waited[0] if lock else 0.0) - waited})
    _state["test"] = None


def records(folder: str):
    """Every record of the census in ``folder``, worker by worker, each with its ``worker`` (the name
    of its file)."""
    for name in sorted(os.listdir(folder)):
        if name.endswith(".jsonl"):
            with open(os.path.join(folder, name)) as fh:
                for line in fh:
                    record = json.loads(line)
                    record["worker"] = name[:-len(".jsonl")]
                    yield record


def summary(folder: str, top: int = 25) -> str:
    """The census in ``folder`` as text: totals, the costliest compiles, kernels compiled more than once
    with the same signature (two workers at once), and the tests by CPU seconds."""
    tests, compiles = [], []
    for record in records(folder):
        if record["kind"] in ("test", "compile"):
            (tests if record["kind"] == "test" else compiles).append(record)
    outer = [c for c in compiles if c["depth"] == 0]  # a compile's callees are inside its own time
    lines = [f"{len(tests)} tests: {sum(t['wall'] for t in tests):.0f} s wall, "
             f"{sum(t['cpu'] for t in tests):.0f} CPU s in the workers, {sum(t['child'] for t in tests):.0f} in "
             f"child processes; compiling: {sum(c['cpu'] for c in outer):.0f} CPU s ({len(compiles)} compiles)"]
    timed = [t for t in tests if "start" in t]
    if timed:  # where a worker idled: waiting on the compile lock, or done before the other
        t0 = min(t["start"] for t in timed)
        for worker in sorted({t["worker"] for t in timed}):
            mine = [t for t in timed if t["worker"] == worker]
            lines.append(f"{worker}: {len(mine)} tests, done at {max(t['start'] + t['wall'] for t in mine) - t0:.0f} s, "
                         f"{sum(t['wall'] for t in mine):.0f} s in tests, of which "
                         f"{sum(t['lock_wait'] for t in mine):.0f} s waiting for the other's compiles")
    same = collections.defaultdict(list)
    for c in compiles:
        same[(c["fn"], c["sig"])].append(c)
    twice = [(k, v) for k, v in same.items() if len(v) > 1 and k[0].startswith("jass_sim")]
    lines.append(f"compiled more than once: {len(twice)} signatures, "
                 f"{sum(sum(sorted(c['cpu'] for c in v)[:-1]) for _, v in twice):.1f} CPU s spent again")
    for (fn, _), v in sorted(twice, key=lambda kv: -min(c["cpu"] for c in kv[1]))[:top]:
        lines.append(f"  {fn}: " + ", ".join(f"{c['worker']} {c['cpu']:.1f} s in {c['test']}" for c in v))
    lines.append("costliest compiles (CPU s, with the callees compiled inside them):")
    for c in sorted(outer, key=lambda c: -c["cpu"])[:top]:
        mask = re.search(r"PlayerSet\(\d+\)", c["sig"])
        lines.append(f"  {c['cpu']:6.1f} {c['fn']} {mask.group(0) if mask else ''} <- {c['test']}")
    lines.append("tests by CPU s (own + child processes; compiling part):")
    by_test = collections.Counter()
    for c in outer:
        by_test[c["test"]] += c["cpu"]
    for t in sorted(tests, key=lambda t: -(t["cpu"] + t["child"]))[:top]:
        lines.append(f"  {t['cpu'] + t['child']:6.1f} (compiling {by_test[t['test']]:5.1f}, child {t['child']:5.1f}, "
                     f"wall {t['wall']:6.1f}) {t['test']}")
    return "\n".join(lines)


def reverse_files(items: list) -> list:
    """The test items with their files in reverse order, each file's tests in their own order (for
    ``JASS_SIM_TEST_ORDER=reverse-files``, tests/conftest.py: module fixtures are set up once, as in the
    usual order)."""
    files: dict = {}
    for item in items:
        files.setdefault(item.path, []).append(item)
    return [item for path in reversed(list(files)) for item in files[path]]


def _compiles(folder: str) -> dict:
    """``(kernel, signature) -> (CPU s, test)`` of the outermost compiles in ``folder`` (the costliest
    record where two workers compiled the same overload)."""
    out: dict = {}
    for c in records(folder):
        if c["kind"] == "compile" and c["fn"].startswith("jass_sim"):
            key = (c["fn"], c["sig"])
            if key not in out or out[key][0] < c["cpu"]:
                out[key] = (c["cpu"], c["test"])
    return out


def one_file_only(forward: str, backward: str, top: int = 40) -> str:
    """Two censuses of the same tests, in file order (``JASS_SIM_TEST_ORDER=files``) and with
    ``JASS_SIM_TEST_ORDER=reverse-files``:
    the overloads that tests of one file compiled in both runs. In either order the first test to need an
    overload compiles it and the later ones load it from the cache, so an overload compiled by the same
    file both ways is needed by that file alone (with two workers, by the tests running at the time):
    the candidates for a player or rule set compiled anyway. CPU s are the larger of the two runs'."""
    a, b = _compiles(forward), _compiles(backward)
    found = []
    for key in a.keys() & b.keys():
        if "<locals>" in key[0]:  # an overload's implementation: compiled into each new caller, never cached
            continue
        (cpu_a, test_a), (cpu_b, test_b) = a[key], b[key]
        if test_a and test_b and test_a.split("::")[0] == test_b.split("::")[0]:
            found.append((max(cpu_a, cpu_b), key, test_a, test_b))
    found.sort(key=lambda f: -f[0])
    lines = [f"compiled by one file in both orders: {len(found)} overloads, {sum(f[0] for f in found):.0f} CPU s "
             f"(of {sum(c for c, _ in a.values()):.0f} and {sum(c for c, _ in b.values()):.0f} CPU s compiled)"]
    for cpu, (fn, sig), test_a, test_b in found[:top]:
        mask = re.search(r"PlayerSet\(\d+\)", sig)
        where = test_a if test_a == test_b else f"{test_a} / {test_b.split('::', 1)[1]}"
        lines.append(f"  {cpu:6.1f} {fn} {mask.group(0) if mask else ''} <- {where}")
    return "\n".join(lines)


def split_args(sig: str) -> list[str]:
    """A Numba signature ``(a, b[c, d], ...)`` split into its top-level argument types."""
    inner = sig.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    args, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(inner[start:i].strip())
            start = i + 1
    if inner[start:].strip():
        args.append(inner[start:].strip())
    return args


def signatures(folders: list[str], min_cpu: float = 0.5, all_depths: bool = False) -> str:
    """Kernels compiled with more than one signature for the same ``PlayerSet`` mask in the censuses in
    ``folders`` (issue 50 item 8). Different masks are meant to compile apart (each prunes the other
    players' branches); anything else that changes the signature for one set (``none`` for an absent
    argument against an array, ``Literal[int](0)`` against ``int64``, a ``'C'`` against an ``'A'``
    layout, a readonly array) is a compile the caller could avoid by normalising its arguments.

    Each group (function and mask, ``-`` without one) with more than one signature: the signatures' CPU
    s (the most one compile of it took; a kernel's figure includes the callees compiled inside it), and
    the argument positions where they differ; largest first by the CPU of all but the costliest
    signature (what one signature would save), groups under ``min_cpu`` left out. Outermost compiles
    only unless ``all_depths``."""
    groups: dict = collections.defaultdict(dict)
    for folder in folders:
        for rec in records(folder):
            if rec["kind"] != "compile" or (rec["depth"] and not all_depths):
                continue
            mask = ",".join(re.findall(r"PlayerSet\((\d+)\)", rec["sig"])) or "-"
            entry = groups[(rec["fn"], mask)].setdefault(rec["sig"], {"cpu": 0.0, "n": 0, "tests": set()})
            entry["cpu"] = max(entry["cpu"], rec["cpu"])
            entry["n"] += 1
            if rec["test"]:
                entry["tests"].add(rec["test"].split("::")[0])
    rows = []
    for (fn, mask), sigs in groups.items():
        cpus = sorted((e["cpu"] for e in sigs.values()), reverse=True)
        if len(sigs) > 1 and sum(cpus[1:]) >= min_cpu:
            rows.append((sum(cpus[1:]), fn, mask, sigs))
    lines = []
    for extra, fn, mask, sigs in sorted(rows, key=lambda r: -r[0]):
        lines.append(f"{fn}  PlayerSet {mask}: {len(sigs)} signatures, {extra:.1f} CPU s beyond one")
        for sig, e in sorted(sigs.items(), key=lambda kv: -kv[1]["cpu"]):
            files = ", ".join(sorted(e["tests"])[:2]) + (" ..." if len(e["tests"]) > 2 else "")
            lines.append(f"    {e['cpu']:6.1f} s  {len(split_args(sig))} args  x{e['n']}  {files}")
        split = [split_args(sig) for sig in sigs]
        counts = sorted({len(a) for a in split})
        if len(counts) > 1:
            lines.append("    argument counts " + " | ".join(map(str, counts)))
        for i in range(max(counts)):
            kinds = [a[i] if i < len(a) else "(absent)" for a in split]
            if len(set(kinds)) > 1:
                lines.append("    " + (f"arg{i}: " + " | ".join(kinds))[:300])
        lines.append("")
    lines.append(f"{sum(r[0] for r in rows):.1f} CPU s in the groups shown beyond one signature each")
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--signatures"]:
        import argparse

        parser = argparse.ArgumentParser(prog="compile_census.py --signatures")
        parser.add_argument("folders", nargs="+")
        parser.add_argument("--min-cpu", type=float, default=0.5, help="hide groups under this many CPU s beyond one")
        parser.add_argument("--all-depths", action="store_true", help="also callees compiled inside another kernel")
        args = parser.parse_args(sys.argv[2:])
        print(signatures(args.folders, args.min_cpu, args.all_depths))
    elif len(sys.argv) == 3:  # a census in the usual order, one with JASS_SIM_TEST_ORDER=reverse-files
        print(one_file_only(sys.argv[1], sys.argv[2]))
    else:
        print(summary(sys.argv[1] if len(sys.argv) > 1 else _OUT))
