"""The one shape of a game in progress: a :class:`State` per game that takes a move.

Every game's rules layer writes a subclass over its compiled step (one source of each rule), and
its descriptor gives ``new_state(seed, **options)``. A state is a small state machine in the
manner of pokerkit: :meth:`State.can` answers yes or no, :meth:`State.verify` raises
:class:`IllegalAction` naming the rule an action breaks (the wording the page and the command line
show), and :meth:`State.apply` verifies, then does. Actions are strings in the game's own notation
(a card code, two cards discarded at once ``"H5 S6"``, the name of a mode or a choice).

The playthrough conformance suite (``tests/contract/test_playthrough.py``) runs the same checks
over every registered game through this interface only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from jass_sim.core.errors import InputError


class IllegalAction(InputError):
    """An action the rules do not allow here; the message names the rule (one line)."""


class State(ABC):
    """A game in progress, from the deal to the end of the round (or hand).

    Subclasses implement :meth:`legal`, :meth:`_do`, :meth:`to_move`, :meth:`is_terminal`,
    :meth:`returns`, :meth:`to_json` and :meth:`from_json`; :meth:`verify` may be overridden to
    name the rule an action breaks (the default only says it is not legal here). The playthrough
    conformance suite also asks for :meth:`cards_dealt`, :meth:`cards_played` and :meth:`fixed_totals`.
    """

    #: The registered game's name (its descriptor's ``name``).
    game: str = ""

    def __init__(self) -> None:
        #: Every action applied since the deal, in order.
        self.history: list[str] = []

    @abstractmethod
    def legal(self) -> list[str]:
        """The legal actions of the player to move, in the game's notation (empty when terminal)."""

    @abstractmethod
    def _do(self, action: str) -> None:
        """Apply a verified ``action`` (subclasses; called by :meth:`apply` only)."""

    @abstractmethod
    def to_move(self) -> int:
        """The seat to act next (-1 when terminal)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the round (or hand) is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """The game's own scoring so far, per seat or per team (as the game documents)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-serialisable document from which :meth:`from_json` rebuilds an equal state."""

    @classmethod
    @abstractmethod
    def from_json(cls, doc: dict[str, Any]) -> State:
        """The state that :meth:`to_json` wrote."""

    # --- what the playthrough conformance suite asks of every game (not abstract: a game without
    # them still plays, and the suite names what is missing) ----------------------------------------
    def cards_dealt(self) -> list[str]:
        """Every card dealt so far (hands, table, cut, ...), in the game's card notation.

        A card appears once; the list only grows as the game goes on; at the end it holds every
        card the round deals.
        """
        raise NotImplementedError(f"{type(self).__name__}.cards_dealt() is not written")

    def cards_played(self) -> list[str]:
        """The cards played so far, in order (each at most once, each one dealt)."""
        raise NotImplementedError(f"{type(self).__name__}.cards_played() is not written")

    def fixed_totals(self) -> dict[str, tuple[float, float]]:
        """The totals the rules fix, at this point of the game: ``{what: (fixed value, this
        state's count)}`` (e.g. the card points a round holds); the two must be equal.

        The game decides which totals hold at every step and which only at the end (it includes
        the latter once :meth:`is_terminal`).
        """
        raise NotImplementedError(f"{type(self).__name__}.fixed_totals() is not written")

    def normalise(self, action: str) -> str:
        """``action`` in the canonical spelling :meth:`legal` uses (subclasses may accept more)."""
        return " ".join(action.split())

    def verify(self, action: str) -> str:
        """The canonical action if it is legal here; else :class:`IllegalAction` naming the rule."""
        if self.is_terminal():
            raise IllegalAction(f"the {self.game} round is over: no more actions", action)
        canonical = self.normalise(action)
        if canonical not in self.legal():
            raise IllegalAction(f"{action!r} is not a legal action here", action)
        return canonical

    def can(self, action: str) -> bool:
        """Whether ``action`` is legal here."""
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: str) -> None:
        """Apply ``action`` (verified first: an illegal one raises and changes nothing)."""
        canonical = self.verify(action)
        self._do(canonical)
        self.history.append(canonical)

    def clone(self) -> State:
        """An independent copy (a move on the copy leaves this state as it was)."""
        return type(self).from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_json() == self.to_json()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} to_move={self.to_move()} after {len(self.history)} actions>"
