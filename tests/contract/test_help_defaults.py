"""The defaults a user gets are the ones ``--help`` and the README state (issue 33 item 3).

The README's command tables list an option's values default first (``[--policy
net\\|heuristic\\|...]``); every such list must start with the default ``--help`` shows, and the
default card play everywhere is ``DEFAULT_POLICY`` (``net``), the mode choice ``DEFAULT_CHOOSER``
(the ``fitted`` mode model, issue 34).
"""

from __future__ import annotations

import ast
import pathlib
import re

import click
import pytest

from contract.cli_tree import leaves
from jass_sim.cli import main
from jass_sim.jass.cli.options import DEFAULT_CHOOSER, DEFAULT_POLICY
from jass_sim.jass.players import DEFAULT_CHOOSER as PLAYERS_CHOOSER
from jass_sim.jass.players import DEFAULT_POLICY as PLAYERS_DEFAULT

README = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
CHIBRE_POLICY_OPTIONS = {"--policy"}
CHOOSER_OPTIONS = {"--chooser", "--chooser-a", "--chooser-b", "--partner-model"}




def help_default(option: click.Option):
    """The default ``--help`` shows: the option's default, or the ``[default: X]`` of its help."""
    if option.default is not None and not option.is_flag:
        return str(option.default)
    m = re.search(r"\[default: ([^;\]\s]+)[;\]]", option.help or "")
    return m.group(1).rstrip(".,") if m else None


def readme_lists() -> dict[tuple[str, ...], dict[str, list[str]]]:
    """Per command row of the README's tables: option -> the listed values."""
    out: dict[tuple[str, ...], dict[str, list[str]]] = {}
    for line in README.splitlines():
        m = re.match(r"\| `jass-sim ((?:basra |cribbage |coiffeur )?[a-z-]+)", line)
        if not m:
            continue
        cell = line.split("` |")[0]
        opts = {o: v.split("\\|") for o, v in re.findall(r"\[(--[a-z-]+) ([a-z0-9.-]+(?:\\\|[A-Za-z0-9.-]+)+)\]", cell)}
        out.setdefault(tuple(m.group(1).split()), {}).update(opts)
    return out


def test_one_default_policy():
    assert DEFAULT_POLICY == PLAYERS_DEFAULT == "net" and DEFAULT_CHOOSER == PLAYERS_CHOOSER == "fitted"


@pytest.mark.parametrize("name", ["DEFAULT_POLICY", "DEFAULT_CHOOSER", "MAX_SEED", "VERDICTS"])
def test_one_definition_of_each_shared_name(name):
    """Each is assigned in one module of the package (the others import it): no copy to keep equal."""
    package = pathlib.Path(__file__).resolve().parents[2] / "jass_sim"
    where = [str(path.relative_to(package)) for path in sorted(package.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, (ast.Assign, ast.AnnAssign))
             and any(isinstance(t, ast.Name) and t.id == name
                     for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))]
    assert len(where) == 1, where


def test_every_chibre_command_defaults_to_net_and_the_fitted_chooser():
    seen = set()
    for path, cmd in leaves(main):
        if path[0] in ("basra", "cribbage", "differenzler"):  # their own players (the Differenzler's: number)
            continue  # their own players
        for p in cmd.params:
            if not isinstance(p, click.Option):
                continue
            names = set(p.opts)
            if names & CHIBRE_POLICY_OPTIONS:
                seen.add(path)
                assert help_default(p) == DEFAULT_POLICY, (path, p.opts, p.help)
            if names & CHOOSER_OPTIONS and path != ("play-advice",):  # play-advice --chooser is a seat
                assert help_default(p) == DEFAULT_CHOOSER, (path, p.opts, p.help)
    assert {("simulate",), ("batch",), ("replay",), ("advise",), ("play-advice",), ("review",), ("report",),
            ("equity",)} <= seen
    for name in ("simulate", "batch", "replay", "duel", "games", "equity", "advise"):
        assert any(set(p.opts) & CHOOSER_OPTIONS for p in main.commands[name].params), name
    assert any(p.name == "chooser" for p in main.commands["replay"].params)


ROWS = readme_lists()


@pytest.mark.parametrize("command", sorted(ROWS))
def test_readme_lists_the_default_first(command):
    cmd = main
    for name in command:
        cmd = cmd.commands[name]
    checked = 0
    for p in cmd.params:
        if not isinstance(p, click.Option):
            continue
        for opt in p.opts:
            values = ROWS[command].get(opt)
            if values is None:
                continue
            default = help_default(p)
            if default is None:
                continue  # no single default (e.g. --ending: the rule preset's)
            assert values[0].lower() == default.lower(), (command, opt, values, default)
            checked += 1
    assert checked or not ROWS[command], command


def test_readme_names_net_as_the_default_of_every_command():
    sentence = re.search(r"\*\*`net` is the default card play of every command that picks one: ([^*]+)\*\*", README)
    assert sentence, "the README's sentence on the default card play"
    named = set(re.findall(r"`([a-z-]+)`", sentence.group(1)))
    for path, cmd in leaves(main):
        if path[0] not in ("basra", "cribbage", "differenzler") and any("--policy" in p.opts for p in cmd.params
                                                          if isinstance(p, click.Option)):
            assert path[0] in named, path


def test_help_texts_are_printed_as_written():
    """No ``%%`` (click prints help verbatim) in any option's help (issue 33 item 10)."""
    for path, cmd in leaves(main):
        for p in cmd.params:
            assert "%%" not in (getattr(p, "help", None) or ""), (path, p.name)


def test_the_advise_docstring_names_every_partner_model():
    import jass_sim
    from jass_sim.jass.advise.advice import PARTNER_MODELS

    for name in PARTNER_MODELS:
        assert f"``{name}``" in jass_sim.advise.__doc__, name


def test_one_report_files_class_and_one_review_verdict():
    """Every game's ``report()`` returns the one ``ReportFiles``; every review rates with the one ``verdict``."""
    import jass_sim.basra.api as basra_api
    import jass_sim.cribbage.api as cribbage_api
    import jass_sim.jass.api as jass_api
    from jass_sim.core.report.write import ReportFiles
    from jass_sim.core.verdicts import verdict
    from jass_sim.cribbage import game_review, review_win
    from jass_sim.jass.play import review

    assert jass_api.ReportFiles is cribbage_api.ReportFiles is basra_api.ReportFiles is ReportFiles
    assert review.verdict is game_review.verdict is review_win.verdict is verdict
