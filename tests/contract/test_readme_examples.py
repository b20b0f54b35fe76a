"""The README's examples are what the commands print (issue 33 item 10)."""

from __future__ import annotations

import json
import pathlib
import re
import shlex

from click.testing import CliRunner

from jass_sim.cli import main

README = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _example(command: str) -> tuple[list[str], str]:
    """The arguments of the README's ``$ jass-sim COMMAND ...`` example and the text shown after it."""
    m = re.search(rf"^\$ jass-sim ({command} .*)\n((?:.+\n)+?)```", README, re.M)
    assert m, command
    return shlex.split(m.group(1)), m.group(2)


def test_the_play_advice_json_example_is_what_the_command_prints():
    args, shown = _example("play-advice")
    doc = json.loads(CliRunner().invoke(main, args).output)
    assert f'"policy": "{doc["policy"]}"' in shown
    assert f'"sentence": "{doc["sentence"]}"' in shown
    assert f'"recommendation": "{doc["recommendation"]}"' in shown
    assert f'"mean": {round(doc["lead_over_next"]["mean"], 2)}' in shown


def test_the_solve_example_is_what_the_command_prints():
    args, shown = _example("solve")
    assert CliRunner().invoke(main, args).output.strip() == shown.strip()


def test_the_simulate_table_has_the_columns_the_readme_names():
    sentence = re.search(r"Per mode: ([^.]+)", README).group(1)
    header = CliRunner().invoke(main, ["simulate", "--deals", "50", "--policy", "random"]).output.splitlines()[0]
    assert "share" in sentence and "share" in header
    assert "difference" in sentence and "difference" in header


def test_the_differenzler_advise_example_is_what_the_command_prints():
    # its text has blank lines: the block runs to the closing fence
    m = re.search(r"^\$ jass-sim (differenzler advise .*)\n((?:.*\n)+?)```", README, re.M)
    assert m
    assert CliRunner().invoke(main, shlex.split(m.group(1))).output.strip() == m.group(2).strip()


def test_the_coiffeur_games_example_is_what_the_command_prints():
    # 2 deal sets (8 matches): the README's example, small so that it costs well under a second warm
    args, shown = _example("coiffeur games")
    assert CliRunner().invoke(main, args).output == shown


def test_docs_differenzler_shows_each_command_with_the_readmes_output():
    # issue 52 "Done when": README and docs/differenzler.md show one example of each command with its real
    # output; the README's advise is run above, the others were run when written: here the two documents agree
    docs = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "differenzler.md").read_text(encoding="utf-8")
    shown = {}
    for text in (README, docs):
        blocks = re.findall(r"^```\n(\$ jass-sim differenzler .*?)^```", text, re.M | re.S)
        shown[text is docs] = {re.match(r"\$ jass-sim differenzler (\S+)", b).group(1): b for b in blocks}
    commands = {c for block in shown[True].values() for c in re.findall(r"^\$ jass-sim differenzler (\S+)", block, re.M)}
    assert {"advise", "play-advice", "replay", "simulate", "games", "report"} <= commands
    for name, block in shown[False].items():
        assert shown[True].get(name) == block, name
