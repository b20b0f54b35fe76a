"""``jass-sim report``: bad input gives one stderr line, exit 2 and writes nothing; a tiny
report is written whole and replaces a previous report."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jass_sim.cli import main


def jass(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "jass_sim.cli", "report", *args], capture_output=True, text=True,
                          cwd=cwd)


def report(*args):
    """``jass-sim report`` in-process (click's CliRunner): the report, not the interpreter's start, is the
    subject; the worker's compiled kernels serve it (a real process: test_bad_input_in_a_real_process)."""
    result = CliRunner().invoke(main, ["report", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.mark.parametrize("args,token", [
    (["--rules", "bridge"], "'bridge'"),
    (["--deals", "-5"], "-5"),
    (["--deals", "100"], "100"),
    (["--samples-per-hand", "100"], "100"),
    (["--samples-per-hand", "0"], "0"),
    (["--seed", "-1"], "-1"),
    (["--policy", "oracle"], "'oracle'"),
    (["--players", "heuristic,nobody"], "'nobody'"),
    (["--meld-hands", "0"], "0"),
    (["--threads", "0"], "0"),
    (["--deals", "many"], "many"),
])
def test_bad_input_one_line_exit_2(tmp_path, args, token):
    result = CliRunner().invoke(main, ["report", "-o", str(tmp_path / "rep"), *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    err = result.stderr.strip().splitlines()
    assert len(err) == 1 and token in err[0] and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_bad_input_in_a_real_process(tmp_path):
    proc = jass("--rules", "bridge", "-o", str(tmp_path / "rep"))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == ["jass-sim: error: unknown rules 'bridge' (expected one of chibre, "
                                                "schieber, pique-double)"]
    assert list(tmp_path.iterdir()) == []


def test_bad_output_targets(tmp_path):
    f = tmp_path / "file.md"
    f.write_text("x")
    result = report("-o", str(f))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1 and str(f) in result.stderr
    d = tmp_path / "mine"
    d.mkdir()
    (d / "notes.txt").write_text("keep")
    result = report("-o", str(d))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1 and "not replacing" in result.stderr
    assert os.listdir(d) == ["notes.txt"]
    proc = jass()
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "--output" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.md", "mine"]


def test_tiny_report(tmp_path, monkeypatch):
    (tmp_path / "reports" / "t").mkdir(parents=True)
    (tmp_path / "reports" / "t" / "index.md").write_text("previous report")
    args = ["--deals", "2048", "--samples-per-hand", "64", "--seed", "4", "--meld-hands", "2000",
            "--players", "random,heuristic", "-o", "reports/t/"]
    monkeypatch.chdir(tmp_path)  # the relative -o, as from a shell in tmp_path
    result = report(*args)
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "reports" / "t"
    md = (out / "index.md").read_text(encoding="utf-8")
    assert "previous report" not in md
    cmd = ("jass-sim report --rules chibre --deals 2048 --seed 4 --samples-per-hand 64 --players random,heuristic "
           "--meld-hands 2000 -o reports/t/")
    assert cmd in md
    assert (out / "index.html").exists() and (out / "chibre.png").exists()
    assert "## 6. Simulated players against human play" in md and (out / "human.png").exists()
    assert (out / "tables" / "human.csv").exists()
    assert os.listdir(tmp_path / "reports") == ["t"]
    # sections 2c and 2d at the sizes of a tiny budget (a few search play-outs, not the full report's)
    sizes = (out / "tables" / "sample_sizes.csv").read_text(encoding="utf-8")
    assert "(2 sampled," in sizes and "1 smearing positions × 8 worlds" in sizes
