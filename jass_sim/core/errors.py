"""The one error type of bad user input, and the check of a choice option."""

from __future__ import annotations


class InputError(ValueError):
    """Bad user input; ``token`` is the offending piece, named in the one-line error message."""

    def __init__(self, message: str, token: str | None = None):
        super().__init__(message)
        self.token = token


class CardError(InputError):
    """A card text that cannot be parsed, or a set of cards that breaks a rule of the deal."""


def check_choice(option: str, value: str, choices: tuple[str, ...]) -> str:
    """``value`` lower-cased if it is one of ``choices``; else an InputError naming it."""
    v = value.strip().lower()
    if v not in choices:
        raise InputError(f"invalid value {value!r} for {option} (expected one of {', '.join(choices)})", value)
    return v


class Cancelled(Exception):
    """Raised by a ``progress`` callback to stop a long computation (see :mod:`jass_sim.core.chunks`).

    A function that stops on it may set ``partial`` to its result so far (e.g. ``advise``'s
    estimate from the deals already played) before the exception reaches the caller.
    """

    def __init__(self, message: str = "cancelled"):
        super().__init__(message)
        self.partial = None
