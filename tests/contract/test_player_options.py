"""The player options of every command are declared once (issue 50 item 5): ``--policy``,
``--team-a``/``--team-b`` and ``--player-a``/``--player-b`` come from the factories of
:mod:`jass_sim.core.cli` (``player_option``, ``side_options``), and their help lists exactly the
players of the command's game, in registry order (a player added to a registry shows in every help;
a hand-written option listing its own names fails here)."""

from __future__ import annotations

import importlib

import click
import pytest
from click.testing import CliRunner

from contract.cli_tree import leaves
from jass_sim.cli import main
from jass_sim.core.cli import PlayerOption, choice_list, player_option
from jass_sim.registry import GAMES

PLAYER_FLAGS = {"--policy", "--team-a", "--team-b", "--player-a", "--player-b"}
GAME_OF = {g.name: g for g in GAMES}
OPTIONS = {(path, p.opts[0]): p for path, cmd in leaves(main) for p in cmd.params
           if isinstance(p, click.Option) and set(p.opts) & PLAYER_FLAGS}


#: A variant's command group whose cards are played by players of its own (not its game's), and
#: their registry: the Differenzler's seats play to their own numbers.
VARIANT_PLAYERS = {"differenzler": "jass_sim.jass.differenzler.players"}


def _players(path):
    if path[0] in VARIANT_PLAYERS:
        return importlib.import_module(VARIANT_PLAYERS[path[0]]).PLAYERS
    return (GAME_OF[path[0]] if path[0] in GAME_OF else GAME_OF["jass"]).players


def test_the_player_options_are_found():
    # 9 Jass commands with --policy or the teams, 3 Basra, 2 Cribbage
    assert len({path for path, _ in OPTIONS}) >= 14


@pytest.mark.parametrize("key", sorted(OPTIONS), ids=lambda k: " ".join(k[0]) + " " + k[1])
def test_a_player_option_lists_its_games_players(key):
    path, flag = key
    opt = OPTIONS[key]
    assert isinstance(opt, PlayerOption), f"declare {flag} with jass_sim.core.cli.player_option or side_options"
    names = tuple(_players(path).names)
    assert opt.names == names
    assert opt.help.startswith(f"{opt.what}: {choice_list(names)}")
    text = CliRunner().invoke(main, [*path, "--help"], terminal_width=200).output
    assert f"{opt.what}: {choice_list(names)}" in " ".join(text.split())


def test_a_default_is_given_once():
    with pytest.raises(ValueError):
        player_option("--policy", "jass_sim.jass.players:PLAYERS", "Card play", default="net", default_text="net")
