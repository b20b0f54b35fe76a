"""One conformance test over every registered game (:data:`jass_sim.registry.GAMES`).

For each game: its golden replays equal their files in tests/data (from the API and from the
command line), a small seeded run gives the same result on 1 and 2 threads, and an unknown player
name is refused by the command line with exactly one error line naming it and exit code 2.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.registry import GAMES, get_game

DATA = Path(__file__).parent.parent / "data"
GOLDEN = [(game, golden) for game in GAMES for golden in game.golden]


def _invoke(*args):
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()  # click >= 8.2 keeps stderr apart
    return runner.invoke(main, [str(a) for a in args])


def test_every_game_is_registered_once():
    assert [g.name for g in GAMES] == ["jass", "cribbage", "basra"]
    for game in GAMES:
        assert importlib.import_module(f"jass_sim.{game.name}").GAME is game is get_game(game.name)
        assert game.golden, f"{game.name} has no golden replay"
        for command in game.commands:
            assert main.commands[command.name] is command
    # the root's own commands (not a game's): the page, the history it saves, and its practice positions
    assert sorted(main.commands) == sorted([c.name for g in GAMES for c in g.commands] + ["serve", "history",
                                                                                         "practice"])


@pytest.mark.parametrize("game, golden", GOLDEN, ids=lambda x: getattr(x, "file", None) or x.name)
def test_golden_replay(game, golden):
    doc = json.loads((DATA / golden.file).read_text(encoding="utf-8"))
    expected = doc[golden.key] if golden.key else doc
    assert game.replay(golden.seed, golden.player) == expected
    result = _invoke(*game.replay_command, "--seed", golden.seed, game.player_option, golden.player,
                     "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == expected


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_result_on_one_and_two_threads(game):
    one = game.simulate(7, game.default_player, 1)
    assert game.simulate(7, game.default_player, 2) == one
    assert game.simulate(8, game.default_player, 1) != one  # the seed is used


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_unknown_player_is_one_error_line(game):
    token = "NoSuchPlayer"
    result = _invoke(*game.replay_command, "--seed", 1, game.player_option, token)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("jass-sim: error: unknown ") and repr(token) in lines[0]
    assert lines[0].endswith(f"(expected one of {', '.join(game.players.names)})")
