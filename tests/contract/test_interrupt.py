"""SIGINT and SIGTERM leave no partial file, exit 130/143 with one line; a closed pipe ends a
command quietly (issue 19).

The atomic writers pause at ``JASS_SIM_TEST_PAUSE_BEFORE_RENAME`` (a test hook of
``jass_sim.core.files``) with their temporary file complete: the real-process tests signal there,
the in-process ones raise the interruption there, so every case is caught mid-write."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core import files as output
from jass_sim.core.cli import Interrupted

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def _runner():
    try:
        return CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        return CliRunner()


def _entries(directory):
    return sorted(os.listdir(directory))


@pytest.mark.parametrize("args,target,signum", [
    (["simulate", "--deals", "3000", "-o", "out.csv", "--format", "csv"], "out.csv", signal.SIGINT),
    (["simulate", "--deals", "3000", "--per-deal", "-o", "out.csv", "--format", "csv"], "out.csv", signal.SIGTERM),
    (["advise", HAND, "--samples", "256", "-o", "out.json", "--format", "json"], "out.json", signal.SIGTERM),
    (["melds", "--hands", "1000", "--deals", "1000", "--plot", "m.png"], "m.png", signal.SIGINT),
    (["batch", "--deals", "4096", "--shard-size", "1024", "-o", "run"], "shard-000001.*", signal.SIGINT),
    (["batch", "--deals", "4096", "--shard-size", "1024", "-o", "run"], "shard-000001.*", signal.SIGTERM),
])
def test_interrupted_mid_write_leaves_no_partial_file(tmp_path, monkeypatch, args, target, signum):
    monkeypatch.chdir(tmp_path)
    calls = []

    def interrupt(path):
        if __import__("fnmatch").fnmatch(os.path.basename(path), target):
            calls.append(_entries(os.path.dirname(os.path.abspath(path))))
            raise Interrupted(signum)

    monkeypatch.setattr(output, "pause_before_rename", interrupt)
    result = _runner().invoke(main, args)
    assert calls and any(n.startswith(".tmp-") for n in calls[0]), calls  # caught with the temporary file there
    assert result.exit_code == 128 + signum, (result.exit_code, result.stderr)
    assert result.stderr.count("\n") == 1 and f"interrupted by {signal.Signals(signum).name}" in result.stderr
    if args[0] == "batch":  # finished shards stay, and the line says so; the interrupted one is gone
        assert "1 of 4 shards are saved" in result.stderr
        assert [n for n in _entries(tmp_path / "run") if not n.startswith("manifest")] == ["shard-000000.parquet"] \
            or [n for n in _entries(tmp_path / "run") if not n.startswith("manifest")] == ["shard-000000.csv"]
    else:
        assert _entries(tmp_path) == []


@pytest.mark.slow  # builds a whole (small) report: minutes when its kernels are not compiled yet
def test_report_interrupted_before_its_rename_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(output, "pause_before_rename", lambda path: (_ for _ in ()).throw(Interrupted(signal.SIGTERM)))
    result = _runner().invoke(main, ["report", "--deals", "1000", "-o", "rep"])
    assert result.exit_code == 143 and result.stderr.count("\n") == 1, result.stderr
    assert _entries(tmp_path) == []


def _jass_sim(*args, env=None, **kw):
    return subprocess.Popen([sys.executable, "-m", "jass_sim.cli", *args], env={**os.environ, **(env or {})}, **kw)


def _wait_for_tmp(directory, proc, timeout=120):
    """Until the temporary file is written (the writer then pauses before its rename)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        names = [n for n in os.listdir(directory) if n.startswith(".tmp-")]
        if names and os.path.getsize(os.path.join(directory, names[0])) > 0:
            time.sleep(0.2)  # the last chunk is flushed when the file is closed, just before the pause
            return
        time.sleep(0.02)
    raise AssertionError(f"no temporary file appeared (exit {proc.poll()})")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_real_signal_during_per_deal_streaming(tmp_path, signum):
    """A real process, signalled while its --per-deal file is complete but not yet renamed."""
    proc = _jass_sim("simulate", "--deals", "5000", "--per-deal", "--format", "csv", "-o", str(tmp_path / "out.csv"),
                     env={output.PAUSE_ENV: "out.csv:120"}, stderr=subprocess.PIPE, text=True)
    _wait_for_tmp(tmp_path, proc)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum, err
    assert err.count("\n") == 1 and "Traceback" not in err and f"interrupted by {signal.Signals(signum).name}" in err
    assert _entries(tmp_path) == []


def test_closed_pipe_ends_quietly():
    """``jass-sim simulate --per-deal --format csv ... | head -3``: no BrokenPipeError, no output on stderr."""
    proc = _jass_sim("simulate", "--deals", "300000", "--per-deal", "--format", "csv",
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = [proc.stdout.readline() for _ in range(3)]
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert head[0].startswith(b"deal,mode,")
    assert err == "" and proc.returncode == 141


# --- issue 33: a long run stops within a second or two of SIGINT / SIGTERM -------------------------
#
# Each case: a short warm-up run of the command (compiles the kernels, or loads them from Numba's
# cache), then a run far longer than the test with stderr on a pseudo-terminal; once its progress
# line shows that it is computing, the signal; then the exit code, the time to exit and the one line.

STOP_WITHIN = 3.0  # seconds from the signal to the exit


def _start_on_pty(args, cwd):
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "jass_sim.cli", *args], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=slave, cwd=cwd)
    os.close(slave)
    return proc, master


def _read_pty(master, proc, until=None, timeout=180.0) -> bytes:
    """What the process writes to its terminal, until ``until`` appears (or it exits)."""
    import select

    out = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the process closed the terminal
                return out
            if not chunk:
                return out
            out += chunk
            if until is not None and until in out:
                return out
        elif proc.poll() is not None and until is not None:
            raise AssertionError(f"exited ({proc.returncode}) before {until!r}: {out!r}")
    if until is not None:
        raise AssertionError(f"no {until!r} within {timeout} s: {out[-500:]!r}")
    return out


def _lines(text: bytes) -> list[str]:
    """The terminal's lines, progress redraws (``\\r``) reduced to their last state."""
    text = text.replace(b"\r\n", b"\n").decode(errors="replace")
    return [line.split("\r")[-1].strip() for line in text.split("\n") if line.split("\r")[-1].strip()]


def _interrupt_case(tmp_path, warm_up, args, ready, signum, extra_wait=0.0):
    # the warm-up in this process: it compiles the command's kernels into Numba's disk cache (or finds
    # them compiled here already), from which the long run's process loads them; a warm-up process
    # of its own cost an interpreter's start and every kernel's load (2 to 12 CPU s a case)
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        warm = _runner().invoke(main, warm_up)
    finally:
        os.chdir(here)
    assert warm.exit_code == 0 and warm.exception is None, (warm.stderr, repr(warm.exception))
    proc, master = _start_on_pty(args, tmp_path)
    try:
        seen = _read_pty(master, proc, until=ready)
        time.sleep(extra_wait)
        proc.send_signal(signum)
        t0 = time.monotonic()
        try:
            proc.wait(timeout=STOP_WITHIN + 30)
        finally:
            took = time.monotonic() - t0
        rest = _read_pty(master, proc)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    name = signal.Signals(signum).name
    assert proc.returncode == 128 + signum, (proc.returncode, seen + rest)
    assert took < STOP_WITHIN, f"{args[0]} took {took:.1f} s to stop after {name}"
    after = _lines(rest)
    assert "Traceback" not in (seen + rest).decode(errors="replace")
    assert [line for line in after if "interrupted" in line] == after[-1:] and f"interrupted by {name}" in after[-1]
    assert not [line for line in after if line.startswith("jass-sim:") and "interrupted" not in line]
    return seen


# (warm-up args, long-run args, what shows it is computing, signal)
LONG_RUNS = {
    "simulate-pimc": (["simulate", "--deals", "2", "--policy", "pimc", "--mode", "H", "--threads", "1"],
                      ["simulate", "--deals", "3000", "--policy", "pimc", "--threads", "1", "--mode", "H", "--seed",
                       "1"], b"simulate:", signal.SIGINT),
    "simulate-per-deal": (["simulate", "--deals", "10", "--policy", "heuristic"],
                          ["simulate", "--deals", "50000000", "--policy", "heuristic", "--per-deal", "--format",
                           "csv", "-o", "rows.csv"], b"simulate:", signal.SIGTERM),
    "duel-pimc": (["duel", "--team-a", "pimc", "--team-b", "heuristic", "--deals", "1", "--threads", "1"],
                  ["duel", "--team-a", "pimc", "--team-b", "heuristic", "--deals", "2000", "--threads", "2"],
                  b"duel:", signal.SIGTERM),
    "games": (["games", "--games", "2", "--team-a", "heuristic", "--team-b", "random"],
              ["games", "--games", "500000", "--team-a", "heuristic", "--team-b", "random", "--threads", "1"],
              b"games:", signal.SIGINT),
    "equity": (["equity", "--games", "100", "--policy", "pimc"],
               ["equity", "--games", "100000", "--policy", "pimc", "--threads", "1"], b"equity:", signal.SIGINT),
    "cribbage-simulate": (["cribbage", "simulate", "--games", "2"],
                          ["cribbage", "simulate", "--games", "2000000"], b"cribbage simulate:", signal.SIGINT),
    "basra-simulate": (["basra", "simulate", "--deals", "2", "--games", "2"],
                       ["basra", "simulate", "--deals", "200000000", "--games", "1"], b"basra simulate:",
                       signal.SIGTERM),
    "advise": (["advise", HAND, "--samples", "64"],
               ["advise", HAND, "--samples", "400000"], b"advise:", signal.SIGINT),
    "play-advice": (["play-advice", "--hand", HAND, "--mode", "H", "--samples", "16"],
                    ["play-advice", "--hand", HAND, "--mode", "H", "--samples", "2000000"], b"play-advice:",
                    signal.SIGTERM),
    "review": (["review", "round.json", "--samples", "16"],  # round.json: written by the test
               ["review", "round.json", "--samples", "200000"], b"review:", signal.SIGINT),
    "basra-duel": (["basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", "1", "--games", "1"],
                   ["basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", "100", "--games",
                    "1000000"], b"basra duel:", signal.SIGINT),
}


@pytest.mark.parametrize("case", ["simulate-pimc", "duel-pimc", "games", "basra-simulate", "advise", "play-advice",
                                  "review"])
def test_long_run_stops_at_once(tmp_path, case):
    """The reported case (simulate, pimc, one thread) and a few others stay in the default suite."""
    warm, args, ready, signum = LONG_RUNS[case]
    if case == "review":
        import json

        import jass_sim

        (tmp_path / "round.json").write_text(json.dumps(jass_sim.replay(3).to_json()))
    _interrupt_case(tmp_path, warm, args, ready, signum)


@pytest.mark.slow
@pytest.mark.parametrize("case", ["simulate-per-deal", "equity", "cribbage-simulate", "basra-duel"])
def test_long_run_stops_at_once_slow(tmp_path, case):
    warm, args, ready, signum = LONG_RUNS[case]
    _interrupt_case(tmp_path, warm, args, ready, signum)
