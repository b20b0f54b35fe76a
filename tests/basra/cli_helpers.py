"""Running ``jass-sim basra ...`` in-process in the tests."""

from __future__ import annotations

from click.testing import CliRunner

from jass_sim.cli import main


def _runner():
    try:
        return CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


def run(*args):
    return _runner().invoke(main, ["basra", *[str(a) for a in args]])


def assert_bad_input(args, token):
    """One line on stderr naming ``token``, nothing on stdout, exit code 2, no traceback."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and token in lines[0] and "Traceback" not in result.stderr
    assert result.stdout == ""
