"""``jass-sim`` (and ``jass-sim basra``, ``jass-sim cribbage``) without a command prints the
normal multi-line help on stdout and exits 0 (issue 33 item 7); every command's one-line help in
the group's listing is a whole phrase (item 10)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from jass_sim.cli import main


@pytest.mark.parametrize("args", [[], ["basra"], ["cribbage"]])
def test_a_group_alone_prints_its_help(args):
    script = pathlib.Path(sys.executable).with_name("jass-sim")  # the installed command
    if not script.exists():
        pytest.skip("the jass-sim script is not installed next to this interpreter")
    proc = subprocess.run([str(script), *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Usage: jass-sim") and len(lines) > 10
    assert "Commands:" in lines and "error" not in proc.stdout.lower()
    help_text = CliRunner().invoke(main, [*args, "--help"], prog_name="jass-sim").output
    assert lines[0] == help_text.splitlines()[0]  # the --help text (line wrapping may differ)
    group = main if not args else main.commands[args[0]]
    listed = {line.split()[0] for line in lines[lines.index("Commands:") + 1:] if line.startswith("  ")}
    assert listed == set(group.commands)


def _groups(group, path=()):
    yield path, group
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from _groups(cmd, path + (name,))


@pytest.mark.parametrize("path", [p for p, _ in _groups(main)], ids=lambda p: " ".join(p) or "jass-sim")
def test_one_line_helps_are_not_cut_inside_a_phrase(path):
    group = dict(_groups(main))[path]
    for name, cmd in group.commands.items():
        short = cmd.get_short_help_str(limit=60)
        assert not short.rstrip(".").endswith(("e.g", "i.e", "(")), (name, short)
        if not short.endswith("..."):
            assert short.count("(") == short.count(")"), (name, short)
