"""``jass-sim advise`` from the command line: formats, plot, bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.jass.players import DEFAULT_POLICY

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def test_table_json_csv_and_plot(tmp_path):
    runner = CliRunner()
    text = runner.invoke(main, ["advise", HAND, "--samples", "400"])
    assert text.exit_code == 0 and text.output.splitlines()[0].split(":")[0] in (
        "Choose ♥", "Chibre", "Choose ♣", "Choose ♠", "Choose ♦") or "Too close" in text.output
    doc = json.loads(runner.invoke(main, ["advise", HAND, "--samples", "400", "--format", "json", "--seed", "3"]).output)
    assert doc["samples"] == 400 and doc["seed"] == 3 and doc["policy"] == DEFAULT_POLICY
    csv = runner.invoke(main, ["advise", HAND, "--samples", "400", "--format", "csv"]).output
    assert csv.splitlines()[0].startswith("option,samples,mean_ours")
    png = tmp_path / "advice.png"
    assert runner.invoke(main, ["advise", HAND, "--samples", "400", "--plot", str(png)]).exit_code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    svg = tmp_path / "advice.svg"
    assert runner.invoke(main, ["advise", HAND, "--samples", "300", "--plot", str(svg),
                                "--chibred"]).exit_code == 0  # (--partner-model with --chibred is refused)
    assert b"<svg" in svg.read_bytes()[:400]


@pytest.mark.parametrize("args,token", [
    (["HJ H9 HA SK SQ D6 C7 C8"], "got 8"),
    (["HJ H9 HA SK SQ D6 C7 C8 HJ"], "'HJ'"),
    (["HJ H9 HA SK SQ D6 C7 C8 X1"], "'X1'"),
    ([HAND, "--options", "chibre", "--chibred"], "'chibre'"),
    ([HAND, "--policy", "genius"], "'genius'"),
    ([HAND, "--partner-model", "oracle"], "'oracle'"),
    ([HAND, "--plot", "out.pdf"], "out.pdf"),
])
def test_bad_input_exit_2(args, token, tmp_path, monkeypatch):
    # in-process (a Python process costs seconds of imports); the shell's path: the test below
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["advise", *args, "--samples", "10"])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and "Traceback" not in result.stderr
    assert result.stdout == "" and list(tmp_path.iterdir()) == []


def test_bad_input_from_a_shell(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "jass_sim.cli", "advise", "HJ H9 HA SK SQ D6 C7 C8", "--samples", "10"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "got 8" in lines[0] and "Traceback" not in proc.stderr
    assert proc.stdout == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["advise", "play-advice", "review"])
def test_help_names_the_default_policy(command):
    """The help text's default is the one the code uses (DEFAULT_POLICY, the learned net player)."""
    text = CliRunner().invoke(main, [command, "--help"]).output
    assert f"[default: {DEFAULT_POLICY}]" in " ".join(text.split())
