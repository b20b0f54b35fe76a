"""Kernels compiled with more than one signature for the same player set, from compile censuses.

A compiled kernel is specialised per argument-type signature. Different ``PlayerSet`` masks are meant to
compile apart (each prunes other players' branches); anything else that changes the signature for the
same set (``none`` for an absent optional argument against an array, ``Literal[int](0)`` against
``int64``, a ``'C'`` against an ``'A'`` layout, a readonly array, ``int32`` against ``int64``) is a
compile the caller could have avoided by normalising its arguments (issue 50 item 8).

    python scripts/signature_census.py /work/census59/fwd /work/census59/bwd [--min-cpu 1] [--all-depths]

Reads the ``kind: compile`` records of every ``*.jsonl`` in the folders (``tests/compile_census.py``
writes them), groups them by function and ``PlayerSet`` mask (``-`` when the signature has none) and
prints each group with more than one distinct signature: its signatures' CPU seconds (the most one
compile of that signature took in any census; a kernel's figure includes the callees compiled inside
it) and the argument positions where they differ. Largest groups (by the CPU of all but the first
signature: what one signature would save) first. Top-level compiles only (``depth`` 0) unless
``--all-depths``.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import re

_SET = re.compile(r"PlayerSet\((\d+)\)")


def split_args(sig: str) -> list[str]:
    """Split a Numba signature ``(a, b[c, d], ...)`` into its top-level argument types."""
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
    tail = inner[start:].strip()
    if tail:
        args.append(tail)
    return args


def load(folders: list[str], all_depths: bool) -> dict[tuple[str, str], dict[str, dict]]:
    """``{(fn, mask): {sig: {"cpu": max CPU s, "n": compiles, "tests": set}}}``."""
    groups: dict[tuple[str, str], dict[str, dict]] = collections.defaultdict(dict)
    for folder in folders:
        for path in sorted(pathlib.Path(folder).glob("*.jsonl")):
            for line in path.read_text().splitlines():
                rec = json.loads(line)
                if rec.get("kind") != "compile" or (rec.get("depth", 0) and not all_depths):
                    continue
                sets = _SET.findall(rec["sig"])
                mask = ",".join(sets) if sets else "-"
                entry = groups[(rec["fn"], mask)].setdefault(rec["sig"], {"cpu": 0.0, "n": 0, "tests": set()})
                entry["cpu"] = max(entry["cpu"], rec["cpu"])
                entry["n"] += 1
                if rec.get("test"):
                    entry["tests"].add(rec["test"].split("::")[0])
    return groups


def differences(sigs: list[str]) -> list[str]:
    """Where the signatures differ: ``argN: type | type`` per position, or their argument counts."""
    split = [split_args(s) for s in sigs]
    counts = sorted({len(a) for a in split})
    out = []
    if len(counts) > 1:
        out.append("argument counts " + " | ".join(str(c) for c in counts))
    for i in range(max(counts)):
        kinds = [a[i] if i < len(a) else "(absent)" for a in split]
        if len(set(kinds)) > 1:
            out.append(f"arg{i}: " + " | ".join(kinds))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--min-cpu", type=float, default=0.5, help="hide groups whose avoidable CPU s is below this")
    parser.add_argument("--all-depths", action="store_true", help="also callees compiled inside another kernel")
    args = parser.parse_args(argv)
    rows = []
    for (fn, mask), sigs in load(args.folders, args.all_depths).items():
        if len(sigs) < 2:
            continue
        cpus = sorted((e["cpu"] for e in sigs.values()), reverse=True)
        rows.append((sum(cpus[1:]), fn, mask, sigs))
    rows.sort(key=lambda r: -r[0])
    total = 0.0
    for extra, fn, mask, sigs in rows:
        if extra < args.min_cpu:
            continue
        total += extra
        print(f"{fn}  PlayerSet {mask}: {len(sigs)} signatures, {extra:.1f} CPU s beyond one")
        for sig, e in sorted(sigs.items(), key=lambda kv: -kv[1]["cpu"]):
            files = ", ".join(sorted(e["tests"])[:2]) + (" ..." if len(e["tests"]) > 2 else "")
            print(f"    {e['cpu']:6.1f} s  {len(split_args(sig))} args  x{e['n']}  {files}")
        for diff in differences(list(sigs)):
            print(f"    {diff[:300]}")
        print()
    print(f"{total:.1f} CPU s in the groups shown beyond one signature each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
