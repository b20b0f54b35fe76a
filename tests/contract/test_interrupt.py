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

from jass_sim.cli import Interrupted, main
from jass_sim.core import files as output

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
