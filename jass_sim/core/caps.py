"""The largest arguments a run may ask for, in one place (documented in ``docs/page.md``).

A request over a cap is refused before any work, in one line naming the argument and the largest
allowed value (:func:`check_cap`): never an out-of-memory error from deep inside, never a kernel
call that holds the page's one worker longer than a cancel may wait.

- :data:`MEMORY_CAPS` hold everywhere (the Python API, the command line and the page's job API):
  each is where the memory a run keeps would pass a few hundred megabytes.
- :data:`JOB_CAPS` hold in the job API of ``jass-sim serve`` only, where one worker runs the jobs of
  everyone in turn: each keeps a job to minutes, or keeps a kernel call that cannot be cut in
  sub-batches short enough for a cancel to land within a second.
- :data:`JOB_POLICIES`: the card-play policies the job API runs in sampled analyses.
- :data:`MAX_BODY_BYTES` and :data:`MAX_QUEUED` bound a request's body and the waiting jobs.

This module names commands and arguments only; it imports no game.
"""

from __future__ import annotations

from jass_sim.core.errors import InputError

#: ``(command, argument) -> largest value`` refused by the Python API, the CLI and the page alike.
#: ``basra advise --samples``: every sampled world keeps 6 counts for each card of the hand (up to
#: 288 bytes a world), and the paired intervals need them all.
MEMORY_CAPS: dict[tuple[str, str], int] = {
    ("basra advise", "samples"): 1_000_000,
}

#: ``command -> {argument: largest value}`` of the page's job API (``POST /api/jobs``), on top of
#: :data:`MEMORY_CAPS`. The sample counts keep a job at a few minutes at most on a small machine;
#: ``search_worlds`` keeps one decision of the ``search`` player (one block of ``advise``, one
#: ``choose_card``) short; ``cribbage_discard``'s sampled opponent (``opponent: model`` or
#: ``pegging``) runs in one kernel call that cannot be cut (about 0.25 s for 2,000 hands);
#: ``cribbage_play_advice`` values 256 opponent hands per kernel call and plays its ``score`` games
#: in sub-batches of 64, so its caps only bound the job's length (about a minute at most).
JOB_CAPS: dict[str, dict[str, int]] = {
    "advise": {"samples": 1_000_000, "max_samples": 1_000_000, "search_worlds": 256},
    "play_advice": {"samples": 1_000_000, "max_samples": 1_000_000, "search_worlds": 256},
    "review": {"samples": 100_000, "search_worlds": 256},
    "equity": {"games": 4_000},
    "cribbage_discard": {"samples": 4_000},
    "cribbage_play_advice": {"samples": 200_000, "win_samples": 4_000},
    "basra_advise": {"samples": 500_000},
    "choose_card": {"search_worlds": 256},
}

#: The smallest values of the job API (a smaller value costs more). ``equity``'s last kernel (every
#: cell of the grid against every sampled round, level by level) cannot be cut: with the largest
#: step and at most 4,000 rounds it lasts about half a second on a loaded two-core machine (the
#: default 50,000 rounds at step 10 take a minute); bigger tables are built with ``jass-sim equity``
#: or read with ``shipped``.
JOB_MINIMUMS: dict[str, dict[str, int]] = {
    "equity": {"step": 50},
}

#: ``command -> (refused policies, the policies it runs)`` of the job API: a kernel call plays whole
#: blocks of samples (64 deals of ``advise``, 16 worlds of ``play_advice`` and of each ``review``
#: decision) and cannot stop inside one; with ``pimc``, ``dd`` or ``search`` one block takes from
#: seconds to minutes (measured on a loaded two-core machine: 100 s for ``advise`` with ``search``,
#: 15 minutes with ``pimc``), so neither a tick every half second nor a stop within a second could
#: hold. The command line runs them (Ctrl-C stops it at once).
JOB_POLICIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    command: (("pimc", "dd", "search"), ("net", "heuristic", "random"))
    for command in ("advise", "play_advice", "review")
}

#: The largest request body the page's API reads (a review's round is a few kilobytes): 413 above.
MAX_BODY_BYTES = 1_000_000

#: The hands of a game the job API reviews or walks at most (``cribbage_review``, ``cribbage_state``,
#: ``cribbage_rate``; a Cribbage game to 121 lasts about 8 to 12 hands): a review's length stays at
#: minutes (about 5 decisions a hand, each under a second).
MAX_GAME_HANDS = 64

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


def memory_cap(command: str, name: str, value, shown: str | None = None) -> None:
    """:func:`check_cap` against :data:`MEMORY_CAPS` ``[(command, name)]``."""
    check_cap(name, value, MEMORY_CAPS[(command, name)], shown)


def _number(value) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)
