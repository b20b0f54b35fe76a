"""One public surface for every game (issue 50, items 5 and 6).

- every game's ``simulate`` takes ``threads`` and returns a Result with ``.table`` (a DataFrame),
  the same on one thread as on two;
- ``--format`` is declared by the option factory: its choices, default and help come from the
  command's ``Result.formats`` (plus what the command writes itself, such as parquet);
- the old spellings of options (Cribbage's ``--a``/``--b``) still work, as hidden aliases: the
  same output as the new spelling, absent from ``--help``, and an error names what was typed;
- the deprecated module paths and the re-exports kept for old importers are gone.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from contract.cli_tree import leaves
from jass_sim.cli import main
from jass_sim.core.cli import AliasedOption, FormatOption, choice_list
from jass_sim.core.result import Result
from jass_sim.registry import GAMES

COMMANDS = dict(leaves(main))

#: A small run of every game's simulate on ``threads`` threads (the API's own arguments).
SMALL = {
    "jass": lambda api, threads: api.simulate(64, policy="random", seed=3, threads=threads),
    "cribbage": lambda api, threads: api.simulate(8, player_a="random", player_b="greedy", seed=3, threads=threads),
    "basra": lambda api, threads: api.simulate(deals=64, games=2, seed=3, threads=threads),
}


def test_every_game_is_covered():
    assert set(SMALL) == {g.name for g in GAMES}


@pytest.mark.parametrize("game", sorted(SMALL))
def test_simulate_takes_threads_and_returns_a_result_with_a_table(game):
    api = importlib.import_module(f"jass_sim.{game}.api")
    params = inspect.signature(api.simulate).parameters
    assert "threads" in params and params["threads"].default is None
    one, two = SMALL[game](api, 1), SMALL[game](api, 2)
    assert isinstance(one, Result) and isinstance(one.table, pd.DataFrame) and len(one.table) > 0
    assert one.to_json() == two.to_json() and str(one) == str(two)  # the same on any number of threads
    assert "threads" not in one.to_json()


def test_head_to_head_arguments_have_one_spelling():
    """``team_a``/``team_b`` in team games, ``player_a``/``player_b`` in two-player games."""
    import jass_sim
    from jass_sim import basra, cribbage

    sides = {"jass_sim.duel": jass_sim.duel, "jass_sim.games": jass_sim.games,
             "jass_sim.cribbage.simulate": cribbage.simulate, "jass_sim.cribbage.replay": cribbage.replay,
             "jass_sim.basra.duel": basra.duel}
    for name, fn in sides.items():
        params = set(inspect.signature(fn).parameters)
        assert {"team_a", "team_b"} <= params or {"player_a", "player_b"} <= params, name
        assert not {"a", "b"} & params, name


FORMAT_COMMANDS = {path: cmd for path, cmd in COMMANDS.items()
                   if any("--format" in getattr(p, "opts", ()) for p in cmd.params)}


def test_format_commands_found():
    assert len(FORMAT_COMMANDS) >= 20


@pytest.mark.parametrize("path", sorted(FORMAT_COMMANDS), ids=" ".join)
def test_format_option_comes_from_the_result(path):
    cmd = FORMAT_COMMANDS[path]
    (opt,) = [p for p in cmd.params if "--format" in getattr(p, "opts", ())]
    assert isinstance(opt, FormatOption), "declare --format with jass_sim.core.cli.format_option"
    if isinstance(opt._result, str):
        module, _, name = opt._result.partition(":")
        result = getattr(importlib.import_module(module), name)
        assert issubclass(result, Result)
        assert opt.formats == tuple(result.formats) + opt.extra
    assert opt.default == opt.formats[0]
    text = CliRunner().invoke(main, [*path, "--help"], terminal_width=200).output
    assert f"{choice_list(opt.formats)}. [default: {opt.formats[0]}]" in " ".join(text.split())


def test_a_bad_format_lists_the_results_formats():
    from jass_sim.cribbage.results import Score

    out = CliRunner().invoke(main, ["cribbage", "score", "5H 5D 5S JC", "--starter", "5C", "--format", "xml"])
    assert out.exit_code == 2
    assert f"invalid value 'xml' for --format (expected one of {', '.join(Score.formats)})" in out.output


ALIASED = {path: [p for p in cmd.params if isinstance(p, AliasedOption) and p.hidden_opts]
           for path, cmd in COMMANDS.items()}
ALIASED = {path: opts for path, opts in ALIASED.items() if opts}


def test_cribbage_keeps_its_old_side_flags():
    assert {("cribbage", "simulate"), ("cribbage", "replay")} <= set(ALIASED)


@pytest.mark.parametrize("path", sorted(ALIASED), ids=" ".join)
def test_hidden_aliases_are_not_in_help(path):
    text = CliRunner().invoke(main, [*path, "--help"], terminal_width=200).output
    for opt in ALIASED[path]:
        assert opt.opts[0] in text
        for old in opt.hidden_opts:
            assert f"{old} " not in text and f"{old}," not in text, (old, text)


@pytest.mark.parametrize("command", [["cribbage", "replay", "--seed", "2"],
                                     ["cribbage", "simulate", "--games", "4", "--seed", "2"]])
def test_hidden_aliases_work_as_the_new_spelling(command):
    runner = CliRunner()
    new = runner.invoke(main, [*command, "--player-a", "random", "--player-b", "expect", "--format", "json"])
    old = runner.invoke(main, [*command, "--a", "random", "--b", "expect", "--format", "json"])
    default = runner.invoke(main, [*command, "--format", "json"])
    assert new.exit_code == old.exit_code == 0 and new.output == old.output
    assert default.output != new.output  # the flags were read (the default players are greedy)


def test_an_error_names_the_spelling_given():
    runner = CliRunner()
    for flag in ("--a", "--player-a", "--b", "--player-b"):
        out = runner.invoke(main, ["cribbage", "simulate", "--games", "2", flag, "nope"])
        assert out.exit_code == 2 and f"unknown player 'nope' for {flag} (" in out.output, out.output
    out = runner.invoke(main, ["cribbage", "replay", "--seed", "1", "--a", "random", "--player-a", "expect"])
    assert out.exit_code == 2 and "--a and --player-a contradict each other" in out.output


@pytest.mark.parametrize("name", ["jass_sim._jit", "jass_sim.analysis", "jass_sim.analysis.melds", "jass_sim.api",
                                  "jass_sim.api.jass", "jass_sim.rules", "jass_sim.rules._melds", "jass_sim.engine",
                                  "jass_sim.engine.batch"])
def test_deprecated_module_paths_are_gone(name):
    # read from the package's folder: an editable install of another checkout could still import them
    import jass_sim

    where = Path(jass_sim.__file__).parent.joinpath(*name.split(".")[1:])
    assert not where.with_suffix(".py").exists() and not where.is_dir(), where


@pytest.mark.parametrize("module, name", [("jass_sim.cli", "Interrupted"), ("jass_sim.jass.cards", "cards_to_mask"),
                                          ("jass_sim.cribbage.cards", "rank_counts"),
                                          ("jass_sim.jass.api", "simulation_json")])
def test_names_kept_for_old_importers_are_gone(module, name):
    assert name not in vars(importlib.import_module(module))
