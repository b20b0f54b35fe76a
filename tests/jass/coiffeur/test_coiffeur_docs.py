"""docs/coiffeur.md's examples of the cheap commands are what the commands print ("Done when": one
example of each command and its real output): one round in a new form (`replay --mode`), a whole
match in each preset's categories (`coiffeur replay`), and `coiffeur games` (2 deal sets).

Budget: each is one round or a few matches in-process (about 0.05 s a match once compiled; the
kernels are the ones test_match compiles). The `advise` and `simulate` examples (2,048 sampled deals,
100 deal sets) are left to the README's and RESULTS.md's runs: too slow for the suite."""

from __future__ import annotations

import pathlib
import re
import shlex

import pytest
from click.testing import CliRunner

from jass_sim.cli import main

DOC = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "coiffeur.md").read_text(encoding="utf-8")
#: ``(arguments, text shown)`` of every ``$ jass-sim ...`` block of the document.
EXAMPLES = [(shlex.split(m.group(1)), m.group(2))
            for m in re.finditer(r"^\$ jass-sim (.*)\n((?:.*\n)+?)```", DOC, re.M)]
CHEAP = ("replay --seed 3 --rules coiffeur --mode", "coiffeur replay", "coiffeur games")


def _cheap():
    return [e for e in EXAMPLES if any(" ".join(e[0]).startswith(c) for c in CHEAP)]


def test_the_document_has_an_example_of_every_command():
    shown = {" ".join(args[:2]) if args[0] == "coiffeur" else args[0] for args, _ in EXAMPLES}
    assert shown >= {"coiffeur advise", "coiffeur replay", "coiffeur simulate", "coiffeur games", "replay"}, shown
    assert len(_cheap()) == 4  # replay --mode, two coiffeur replays, coiffeur games


@pytest.mark.parametrize("args, shown", _cheap(), ids=lambda x: " ".join(x)[:60] if isinstance(x, list) else "")
def test_a_cheap_example_is_what_the_command_prints(args, shown):
    assert CliRunner().invoke(main, args).output == shown
