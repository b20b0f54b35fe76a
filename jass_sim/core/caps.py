"""The largest arguments a run may ask for: the checks, and the page's own bounds (documented in
``docs/page.md``).

A request over a cap is refused before any work, in one line naming the argument and the largest
allowed value (:func:`check_cap`): never an out-of-memory error from deep inside, never a kernel
call that holds the page's one worker longer than a cancel may wait. The caps themselves are each
game's (its descriptor, :class:`jass_sim.core.game.Game` and :class:`jass_sim.core.game.Job`):

- ``Game.memory_caps`` hold everywhere (the Python API, the command line and the page's job API):
  each is where the memory a run keeps would pass a few hundred megabytes;
- ``Job.caps``, ``Job.minimums`` and ``Job.policies`` hold in the job API of ``serve`` only, where
  one worker runs the jobs of everyone in turn: each keeps a job to minutes, or keeps a kernel call
  that cannot be cut in sub-batches short enough for a cancel to land within a second.

:data:`MAX_BODY_BYTES` and :data:`MAX_QUEUED` bound a request's body and the waiting jobs. This
module names no game.
"""

from __future__ import annotations

from jass_sim.core.errors import InputError

#: The largest request body the page's API reads (a review's round is a few kilobytes): 413 above.
MAX_BODY_BYTES = 1_000_000

#: Jobs waiting in the page's queue at most (the running one not counted): 429 above.
MAX_QUEUED = 16


def check_cap(name: str, value, cap: int, shown: str | None = None) -> None:
    """An InputError when ``value`` is over ``cap``: ``"{shown} 5000 is more than the largest
    allowed, 4,000"`` naming ``value`` (``shown``: how the argument is written, default ``name``)."""
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if value > cap:
        raise InputError(f"{shown or name} {_number(value)} is more than the largest allowed, {cap:,}",
                         _number(value))


def check_minimum(name: str, value, least: int, shown: str | None = None) -> None:
    """An InputError when ``value`` is under ``least`` (see :func:`check_cap`)."""
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return
    if value < least:
        raise InputError(f"{shown or name} {_number(value)} is less than the smallest allowed, {least:,}",
                         _number(value))


def check_policy_allowed(name: str, value, refused: tuple[str, ...], allowed: tuple[str, ...], why: str) -> None:
    """An InputError when the policy ``value`` is one of ``refused`` (another name is left to the
    function, which names an unknown one)."""
    if not isinstance(value, str) or value.strip().lower() not in refused:
        return
    raise InputError(f"{name} {value} is too slow here ({why}): use {', '.join(allowed[:-1])} or {allowed[-1]}",
                     value)


def check_text(name: str, value, noun: str, how: str) -> None:
    """A job's ``value`` of ``name`` is a {noun}'s text (a line break in it) or its JSON (an object, or
    a string starting with ``{``); anything else, a file name among others, is refused (``how``: what
    to give instead), with the argument as ``field``: the page reads no file of the server."""
    if isinstance(value, dict) or isinstance(value, str) and ("\n" in value or value.lstrip().startswith("{")):
        return
    exc = InputError(f"{name} is not a {noun}: give {how}; the page reads no file of the server", name)
    exc.field = name
    raise exc


def _number(value) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)
