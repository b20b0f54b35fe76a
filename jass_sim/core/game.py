"""What every game gives the registry (:mod:`jass_sim.registry`): one :class:`Game` descriptor.

A game package exposes ``GAME``; the root command registers its commands from it, and the
conformance test (tests/contract/test_conformance.py) runs the same checks over every registered
game: its golden replays, the same small run on 1 and 2 threads, and one error line for an
unknown player. Adding a game: write the package with the same skeleton (cards, rules, players,
engine, api, cli), its ``descriptor`` module with ``GAME``, and list it in :mod:`jass_sim.registry`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jass_sim.core.players import PlayerRegistry
from jass_sim.core.state import State


@dataclass(frozen=True)
class Golden:
    """A golden replay: the file ``tests/data/{file}`` holds ``replay(seed, player)`` (the whole
    file, or its entry ``key``)."""

    file: str
    seed: int
    player: str
    key: str | None = None


@dataclass(frozen=True)
class Job:
    """A command of the page's job API (``POST /api/jobs`` with ``{"command": name, ...}``): the
    public function ``module.function``, called with the job's ``args``; ``progress``: it takes a
    ``progress`` callback; ``defaults``: ``(argument, value)`` pairs passed unless the job gives them."""

    name: str
    module: str
    function: str
    progress: bool = False
    defaults: tuple = ()


@dataclass(frozen=True)
class Game:
    """One game as the package sees it.

    Attributes
    ----------
    name : str
        The game's name (``jass``, ``cribbage``, ``basra``).
    players : PlayerRegistry
        Its players.
    default_player : str
        The player of its ``simulate`` command by default (fast enough for small test runs).
    replay : callable
        ``replay(seed, player) -> dict``: the JSON document of the game's replay command with
        ``--seed SEED``, ``player`` given to ``player_option`` and every other option at its
        default (a seeded, fully recorded round or game).
    simulate : callable
        ``simulate(seed, player, threads) -> dict``: the JSON document of a small seeded
        ``simulate`` run (several random blocks, so that threads share the work) on ``threads``.
    commands : tuple of click.Command
        What the game adds to the root ``jass-sim`` group.
    replay_command : tuple of str
        The command line of the replay command under ``jass-sim`` (``("cribbage", "replay")``).
    player_option : str
        The replay command's option that takes a player name.
    golden : tuple of Golden
        Golden replays in ``tests/data``.
    jobs : tuple of Job
        Its commands of the page's job API.
    new_state : callable, optional
        ``new_state(seed, **options) -> State`` (:class:`jass_sim.core.state.State`): the game at
        its deal, dealt as the engine deals ``seed``; ``options`` are the game's presets/modes.
    replay_actions : callable, optional
        ``replay_actions(doc) -> (options, actions, returns)``: from a document of ``replay``, the
        ``new_state`` keyword options (``seed`` included) that deal the same cards, the actions the
        engine took in the state's notation, and the returns the state must give at the end. The
        playthrough conformance suite replays them into the state.
    state_options : tuple of dict
        The option sets (every preset or mode that plays differently) the conformance suite plays.
    """

    name: str
    players: PlayerRegistry
    default_player: str
    replay: Callable[[int, str], dict]
    simulate: Callable[[int, str, int | None], dict]
    commands: tuple
    replay_command: tuple[str, ...]
    player_option: str
    golden: tuple[Golden, ...] = ()
    jobs: tuple[Job, ...] = ()
    new_state: Callable[..., State] | None = None
    replay_actions: Callable[[dict], tuple[dict, list[str], list[float]]] | None = None
    state_options: tuple[dict, ...] = ({},)

    def __post_init__(self):
        if self.default_player not in self.players:
            raise ValueError(f"{self.name}: default player {self.default_player!r} is not registered")
        for g in self.golden:
            if g.player not in self.players:
                raise ValueError(f"{self.name}: golden replay {g.file} names an unregistered player {g.player!r}")
