"""What every game gives the registry (:mod:`jass_sim.registry`): one :class:`Game` descriptor.

The descriptor is the only place a game is named: ``jass_sim.core`` and the page's server modules
(``jass_sim.page``) know no game, they loop over the registry's ``GAMES`` (the page) or are given a
game's data by its package (core). A game package exposes ``GAME``; the root command registers its
commands from it, and the conformance test (tests/contract/test_conformance.py) runs the same
checks over every registered game: its golden replays, the same small run on 1 and 2 threads, and
one error line for an unknown player.

Adding a game is a new package plus one line in :mod:`jass_sim.registry`. The package has the
same skeleton (cards, rules, players, engine, api, cli) and a ``descriptor`` module with ``GAME``,
a :class:`Game` that fills:

- always: ``name``, ``players``, ``default_player``, ``replay``, ``simulate``, ``commands`` (its
  CLI group or commands), ``replay_command``, ``player_option``;
- ``streams`` (and ``shared_streams``): every random stream its code draws from, by name (the
  numbers of :func:`jass_sim.core.rng.block_states`, read from the package's own table);
- ``arg_kinds``: the kinds (:mod:`jass_sim.core.api_args`) of the argument names only its public
  functions take (its ``api_args`` decorator is ``game_api_args(arg_kinds)``);
- for the page: ``jobs`` (each :class:`Job` with its caps, minimums, slow policies, argument check
  and history hook), ``notation`` (its deck for ``GET /api/notation``), ``warm_ups`` (its kernels
  compiled by ``serve``), ``report`` (its committed strategy report), ``hints`` and
  ``flag_arguments`` (the wording of its jobs' errors), and, if it has one, the ``position`` hook
  of ``POST /api/position``;
- for the conformance suites: ``golden``, ``new_state``, ``replay_actions``, ``state_options`` (and
  ``variant_options``, ``variant_replays`` for a variant played by another State);
- ``memory_caps``: the caps its public functions enforce everywhere (listed for the docs and tests).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field

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
    ``progress`` callback; ``defaults``: ``(argument, value)`` pairs passed unless the job gives them.

    What the page's job API (not the Python API) refuses on top of the function's own checks:
    ``caps`` and ``minimums`` are ``(argument, value)`` pairs, the largest and smallest value a job
    may ask for (each keeps a job to minutes, or a kernel call that cannot be cut short enough for a
    cancel to land within a second); ``policies`` is ``()`` or ``(refused, allowed)``: the card-play
    policies too slow for the job API, and the ones it runs; ``texts``: the arguments that take a
    round or game as text or JSON only, never a server file (checked by ``check``); ``check``:
    ``check(args) -> values``, the job's own check of its arguments (an InputError with ``field``
    set), returning the values the caps and minimums apply to (``args`` with the function's
    defaults where they matter); ``history``: ``"module:function"``, called with the result, the
    source and the result's JSON, making the history's row of a saved job (None: not saved);
    ``warm_up``: the name of the game's warm-up (:attr:`Game.warm_ups`) that compiles this job's
    kernels (None: the game's first), and ``compile_seconds`` about how long they take to compile on a
    first run (two idle cores): while that warm-up runs, the job's events say so ("compiling the
    review's kernels, about N s") and ``/api/health`` lists the job among the commands still warming.
    """

    name: str
    module: str
    function: str
    progress: bool = False
    defaults: tuple = ()
    caps: tuple[tuple[str, int], ...] = ()
    minimums: tuple[tuple[str, int], ...] = ()
    policies: tuple = ()
    texts: tuple[str, ...] = ()
    check: Callable[[dict], dict] | None = None
    history: str | None = None
    warm_up: str | None = None
    compile_seconds: int = 30

    def load(self):
        """The public function ``module.function`` (imported now), with :attr:`defaults` bound."""
        function = getattr(importlib.import_module(self.module), self.function)
        return functools.partial(function, **dict(self.defaults)) if self.defaults else function

    def parameters(self) -> set[str]:
        """The arguments a job may give (the function's, but ``progress``)."""
        return set(inspect.signature(self.load()).parameters) - {"progress"}

    def required(self) -> list[str]:
        """The arguments a job must give (no default here nor in the function)."""
        given = dict(self.defaults)
        return [name for name, p in inspect.signature(self.load()).parameters.items()
                if p.default is inspect.Parameter.empty and name not in given
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


@dataclass(frozen=True)
class Game:
    """One game as the package sees it.

    Attributes
    ----------
    name : str
        The game's name (lower case, one word: the prefix of its streams).
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
        The command line of the replay command under ``jass-sim`` (``("GAME", "replay")`` for a game's group).
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
    variant_options : tuple of dict
        The option sets of the game's variants whose ``new_state`` gives another State (a game
        played with the same cards and trick rules but other announcements and scoring); the
        playthrough suite plays them as it plays ``state_options``.
    variant_replays : tuple of callable
        ``replay(seed) -> dict``: the replay documents of those variants (their default players),
        read by ``replay_actions`` into ``new_state`` by the playthrough suite.
    streams : dict
        ``{name: number}``: every random stream of the game (names ``{game}.{feature}``, numbers the
        first spawn key of :func:`jass_sim.core.rng.block_states`). The numbers are part of every
        seeded result: changing one changes the output of its command for every seed.
    shared_streams : dict
        ``{number: names}``: the numbers several of its features share (each harmless: no one
        computation draws from two of them with the same seed, or the game says why it is kept).
    arg_kinds : dict
        ``{argument: kind}``: the kinds of the argument names only this game's public functions
        take, on top of :data:`jass_sim.core.api_args.DEFAULT_KINDS`.
    memory_caps : tuple
        ``(command, argument, largest)``: the caps its public functions enforce everywhere.
    notation : callable, optional
        ``notation() -> dict``: its deck as the page reads it (``GET /api/notation``).
    warm_ups : tuple
        ``(name, function)`` pairs: what ``serve`` compiles for the game, in order, with tiny
        inputs; the first game's first warm-up is the page's own (it is ready when that is done).
    report : tuple, optional
        ``(directory under reports/, the link's text)`` of its committed strategy report.
    position : callable, optional
        ``position(body) -> dict``: the page's ``POST /api/position`` (a round entered at the table,
        checked by the rules); the first registered game with one answers the route.
    hints : dict
        ``{argument: what it is for}``: the page's line for a job of the game without that argument,
        where its name does not say it.
    flag_arguments : dict
        ``{flag: argument}``: the command-line flags of its messages whose job API argument is not
        their own name (``{"--x": "y"}`` without the dashes).
    page_games : tuple of str
        Its variants whose whole games the page keeps in the History under their own name (a game
        entry of ``POST /api/history/games``), besides the game's own.
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
    variant_options: tuple[dict, ...] = ()
    variant_replays: tuple[Callable[[int], dict], ...] = ()
    streams: dict[str, int] = field(default_factory=dict)
    shared_streams: dict[int, tuple[str, ...]] = field(default_factory=dict)
    arg_kinds: dict[str, str] = field(default_factory=dict)
    memory_caps: tuple[tuple[str, str, int], ...] = ()
    notation: Callable[[], dict] | None = None
    warm_ups: tuple[tuple[str, Callable[[], None]], ...] = ()
    report: tuple[str, str] | None = None
    position: Callable[[dict], dict] | None = None
    hints: dict[str, str] = field(default_factory=dict)
    flag_arguments: dict[str, str] = field(default_factory=dict)
    page_games: tuple[str, ...] = ()

    def __post_init__(self):
        if self.default_player not in self.players:
            raise ValueError(f"{self.name}: default player {self.default_player!r} is not registered")
        for g in self.golden:
            if g.player not in self.players:
                raise ValueError(f"{self.name}: golden replay {g.file} names an unregistered player {g.player!r}")
        for stream in self.streams:
            if not stream.startswith(f"{self.name}."):
                raise ValueError(f"{self.name}: stream {stream!r} is not named {self.name}.*")
