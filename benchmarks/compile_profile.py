"""Where a first run's compile time goes: each compiled function's CPU seconds, by compiler pass.

Runs one ``jass-sim`` command in this process with a fresh, empty ``NUMBA_CACHE_DIR`` (unless one
is given) and listens to Numba's compiler events: ``numba:compile`` (one per function and
signature compiled), ``numba:run_pass`` (each compiler pass of it) and ``numba:llvm_lock`` (LLVM's
optimisation and code generation). Each event's time is split into its own (exclusive) time and
the time of the events nested in it, so the table adds up: typing a call compiles the callee
inside the caller's type-inference pass, and that time is the callee's, not the caller's.

    python benchmarks/compile_profile.py advise "HJ H9 HA SK SQ D6 C7 C8 CT"
    python benchmarks/compile_profile.py --top 40 simulate --deals 1000

Times are CPU seconds of this process (``time.process_time``): on a busy machine they estimate the
wall time on an idle one (the compiler runs on one core). A function compiled more than once (for
several signatures, or again because a literal argument made a new specialisation) is listed with
its count; compiling it again is often the cheapest time to win.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict


class _Profile:
    """A stack of open compiler events and the totals of the closed ones."""

    def __init__(self) -> None:
        self.stack: list[list] = []          # [kind, label, start, nested time, function label]
        self.own_by_function: dict[str, float] = defaultdict(float)
        self.llvm_by_function: dict[str, float] = defaultdict(float)
        self.typing_by_function: dict[str, float] = defaultdict(float)
        self.inclusive_by_function: dict[str, float] = defaultdict(float)
        self.compiles: dict[str, int] = defaultdict(int)
        self.signatures: dict[str, set] = defaultdict(set)
        self.own_by_pass: dict[str, float] = defaultdict(float)
        self.llvm_total = 0.0

    def _function(self) -> str:
        for frame in reversed(self.stack):
            if frame[0] == "compile":
                return frame[1]
        return "(outside any compile)"

    def start(self, kind: str, label: str) -> None:
        self.stack.append([kind, label, time.process_time(), 0.0])

    def end(self, kind: str) -> None:
        frame = self.stack.pop()
        assert frame[0] == kind, (frame, kind)
        inclusive = time.process_time() - frame[2]
        own = inclusive - frame[3]
        if self.stack:
            self.stack[-1][3] += inclusive
        function = self._function() if kind != "compile" else frame[1]
        self.own_by_function[function] += own
        if kind == "compile":
            self.inclusive_by_function[frame[1]] += inclusive
            self.compiles[frame[1]] += 1
        elif kind == "llvm":
            self.llvm_by_function[function] += own
            self.llvm_total += own
            self.own_by_pass["(LLVM)"] += own
        else:
            self.own_by_pass[frame[1]] += own
            if frame[1] in ("nopython_type_inference", "partial_type_inference"):
                self.typing_by_function[function] += own


def _install(profile: _Profile) -> None:
    from numba.core import event

    class Compile(event.Listener):
        def on_start(self, ev):
            dispatcher = ev.data["dispatcher"]
            py_func = getattr(dispatcher, "py_func", None)
            name = f"{py_func.__module__}.{py_func.__qualname__}" if py_func else str(dispatcher)
            profile.signatures[name].add(str(ev.data["args"]))
            profile.start("compile", name)

        def on_end(self, ev):
            profile.end("compile")

    class Pass(event.Listener):
        def on_start(self, ev):
            profile.start("pass", ev.data["name"].split(" [")[0])

        def on_end(self, ev):
            profile.end("pass")

    class Llvm(event.Listener):
        def on_start(self, ev):
            profile.start("llvm", "llvm")

        def on_end(self, ev):
            profile.end("llvm")

    event.register("numba:compile", Compile())
    event.register("numba:run_pass", Pass())
    event.register("numba:llvm_lock", Llvm())


def _short(name: str) -> str:
    return name.replace("jass_sim.", "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=25, help="Functions to list [default: 25].")
    parser.add_argument("--signatures", action="store_true",
                        help="Also list the signatures of each function compiled more than once.")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="The jass-sim command and its arguments.")
    opts = parser.parse_args()
    if not os.environ.get("NUMBA_CACHE_DIR"):
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="jass-sim-profile-")
    t_start, cpu_start = time.perf_counter(), time.process_time()
    profile = _Profile()
    _install(profile)
    from jass_sim.cli import main as cli_main

    cpu_import = time.process_time() - cpu_start
    try:
        cli_main.main(args=opts.args, standalone_mode=False)
    finally:
        cpu_all = time.process_time() - cpu_start
        wall = time.perf_counter() - t_start
        top_level = sum(profile.own_by_function.values()) - profile.own_by_function.get("(outside any compile)", 0.0)
        print(f"\nCPU {cpu_all:.1f} s in all (import {cpu_import:.1f} s), wall {wall:.1f} s; "
              f"compiling {top_level:.1f} s, of which LLVM {profile.llvm_total:.1f} s; "
              f"{sum(profile.compiles.values())} compiles of {len(profile.compiles)} functions",
              file=sys.stderr)
        print(f"\n{'own s':>7} {'LLVM s':>7} {'typing':>7} {'incl s':>7} {'n':>3}  function", file=sys.stderr)
        ranked = sorted(profile.own_by_function.items(), key=lambda kv: -kv[1])
        for name, own in ranked[:opts.top]:
            print(f"{own:7.2f} {profile.llvm_by_function.get(name, 0):7.2f} "
                  f"{profile.typing_by_function.get(name, 0):7.2f} "
                  f"{profile.inclusive_by_function.get(name, 0):7.2f} {profile.compiles.get(name, 0):3d}  "
                  f"{_short(name)}", file=sys.stderr)
        again = {n: c for n, c in profile.compiles.items() if c > 1}
        if again:
            print("\ncompiled more than once: " + ", ".join(
                f"{_short(n)} x{c} ({profile.own_by_function[n]:.1f} s)"
                for n, c in sorted(again.items(), key=lambda kv: -profile.own_by_function[kv[0]])), file=sys.stderr)
        if opts.signatures:
            for name in again:
                print(f"\n{_short(name)}:", file=sys.stderr)
                for sig in sorted(profile.signatures[name]):
                    print(f"    {sig}", file=sys.stderr)
        print("\nby pass (own CPU s): " + ", ".join(
            f"{p} {t:.1f}" for p, t in sorted(profile.own_by_pass.items(), key=lambda kv: -kv[1])[:10]),
            file=sys.stderr)


if __name__ == "__main__":
    main()
