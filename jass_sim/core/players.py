"""Player registries: the named players of a game, each with its kernel code and a description.

Every game lists its players once (``PLAYERS`` in its ``players`` module) with one
:class:`PlayerRegistry`; the options that take a player name turn it into the code its kernels
read with :meth:`PlayerRegistry.code`, which refuses an unknown name with one error line naming
it. To add a player to a game: write its kernel, add one row to the game's registry and one
branch where the game's kernels dispatch on the code.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass

from jass_sim.core.errors import InputError


@dataclass(frozen=True)
class Player:
    """One registered player: its ``name`` on the command line, the ``code`` its game's kernels
    dispatch on (an int, or a tuple of ints for a game with several decisions), and one line
    ``description`` of how it plays."""

    name: str
    code: Hashable
    description: str


class PlayerRegistry:
    """The players of one game, in the order the error messages and ``--help`` list them.

    Parameters
    ----------
    noun : str
        What the game calls a player in its messages (``"policy"`` or ``"player"``):
        ``unknown {noun} 'x' (expected one of ...)``.
    players : iterable of Player
        The players, names lower-case and unique, codes unique.
    """

    def __init__(self, noun: str, players: Iterable[Player]):
        self.noun = noun
        self.players = tuple(players)
        self._by_name = {p.name: p for p in self.players}
        self._by_code = {p.code: p for p in self.players}
        if len(self._by_name) != len(self.players) or len(self._by_code) != len(self.players):
            raise ValueError(f"player names and codes must be unique: {self.players}")
        if any(p.name != p.name.strip().lower() for p in self.players):
            raise ValueError(f"player names must be lower-case words: {self.names}")

    @property
    def names(self) -> tuple[str, ...]:
        """The player names, in registry order."""
        return tuple(self._by_name)

    def code(self, name: str, option: str | None = None):
        """The kernel code of player ``name`` (case and surrounding spaces ignored).

        Raises
        ------
        InputError
            ``unknown {noun} 'name' [for OPTION] (expected one of ...)`` naming ``name`` when no
            player has that name; ``option`` (e.g. ``"--a"``) says which option gave it.
        """
        player = self._by_name.get(name.strip().lower())
        if player is None:
            where = f" for {option}" if option else ""
            raise InputError(f"unknown {self.noun} {name!r}{where} (expected one of {', '.join(self.names)})", name)
        return player.code

    def name(self, code) -> str:
        """The name of the player whose kernel code is ``code`` (KeyError if none)."""
        return self._by_code[code].name

    def description(self, name: str) -> str:
        """The one-line description of player ``name`` (an InputError if unknown)."""
        self.code(name)
        return self._by_name[name.strip().lower()].description

    def __contains__(self, name) -> bool:
        """Whether ``name`` (case and surrounding spaces ignored) names a player."""
        return isinstance(name, str) and name.strip().lower() in self._by_name

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self.players)

    def __repr__(self) -> str:
        return f"PlayerRegistry({self.noun!r}, {', '.join(self.names)})"
