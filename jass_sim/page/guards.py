"""What the job API refuses that the Python API allows (issue 43, "safe by default").

- No argument names a file of the server: ``review``'s ``round`` is the round's text or its replay
  JSON (a string, or the document as an object), never a path. The Python API and the command line
  still read round files; a value that is neither is refused here, before the job is queued, and
  the error quotes nothing but what the client sent. No other job command takes a file (tested:
  ``tests/page/test_safety.py`` lists the argument kinds of every command).
- Arguments over the job API's caps (:data:`jass_sim.core.caps.JOB_CAPS`) are refused in one line
  naming the argument and the largest allowed value; so are the slow policies of the sampled
  analyses (:data:`jass_sim.core.caps.JOB_POLICIES`).
"""

from __future__ import annotations

from jass_sim.core.caps import (
    JOB_CAPS,
    JOB_MINIMUMS,
    JOB_POLICIES,
    MAX_GAME_HANDS,
    check_cap,
    check_minimum,
    check_policy_allowed,
)
from jass_sim.core.errors import InputError

#: Argument kinds (``api_args``) that would let a job read or write a server file: no job command
#: may take one, except the arguments checked by :func:`check_round`.
FILE_KINDS = ("path", "round")
#: The arguments of kind ``round`` the job API accepts, as text or JSON only.
ROUND_ARGUMENTS = {("review", "round"), ("cribbage_review", "game"), ("cribbage_state", "game"),
                   ("cribbage_rate", "game")}


def check_job_args(command: str, args: dict) -> None:
    """Refuse what the job API does not run (see the module): an InputError whose token is the
    argument's name or the value the client sent."""
    values = dict(args)
    if command == "equity" and not args.get("shipped"):  # a table built: its defaults are checked too
        from jass_sim.jass.games.equity import DEFAULT_ROUNDS, DEFAULT_STEP

        values["games"] = args.get("games") or DEFAULT_ROUNDS
        values["step"] = args.get("step") or DEFAULT_STEP
    checks = [(name, check_round, (name, value)) for name, value in args.items() if (command, name) in ROUND_ARGUMENTS]
    checks += [(name, check_cap, (name, values.get(name), cap)) for name, cap in JOB_CAPS.get(command, {}).items()]
    checks += [(name, check_minimum, (name, values.get(name), least))
               for name, least in JOB_MINIMUMS.get(command, {}).items()]
    if command in JOB_POLICIES:
        checks.append(("policy", check_policy_allowed,
                       ("policy", args.get("policy"), *JOB_POLICIES[command],
                        "one block of its play-outs can take minutes and cannot be stopped; "
                        "the command line runs it")))
    for name, check, check_args in checks:
        try:
            check(*check_args)
        except InputError as exc:
            exc.field = name  # the page shows the line next to this argument
            raise


def _game_hands(n: int) -> None:
    if n > MAX_GAME_HANDS:
        raise InputError(f"game has {n} hands, more than the {MAX_GAME_HANDS} a job reviews (a game to 121 lasts "
                         "about 10); the command line reviews any game", "game")


#: What a missing argument is for, where its name does not say it.
MISSING_HINTS = {
    "dealer": "whose crib it is, true (yours, counted plus) or false (the opponent's, minus)",
    "hand": "the cards in hand",
    "mode": "the trump or mode (H, D, S, C, OBE, UNE)",
    "round": "the round's text or its replay JSON",
    "game": "the game's text or its cribbage replay JSON",
}


def missing_argument(command: str, name: str) -> str:
    """The line for a job without its argument ``name``."""
    hint = MISSING_HINTS.get(name)
    return f"{command} needs {name}" + (f": {hint}" if hint else "")


def check_round(name: str, value) -> None:
    """``value`` is a round's text (a line break in it) or its replay JSON (an object, or a string
    starting with ``{``); anything else, a file name among others, is not a round here. A Cribbage
    ``game`` has at most :data:`~jass_sim.core.caps.MAX_GAME_HANDS` hands."""
    if isinstance(value, dict):
        if name == "game":
            _game_hands(len(value.get("hands") or []))
        return
    if isinstance(value, str) and ("\n" in value or value.lstrip().startswith("{")):
        if name == "game":
            _game_hands(value.count('"starter"') if value.lstrip().startswith("{") else
                        sum(line.split()[:1] == ["hand"] for line in value.lower().splitlines()))
        return
    if name == "game":
        raise InputError(f"{name} is not a game: give the game's text (one line each for hand, A, B, play...) or "
                         "its cribbage replay JSON; the page reads no file of the server", name)
    raise InputError(f"{name} is not a round: give the round's text (one line each for mode, leader, hand, "
                     f"trick...) or its replay JSON; the page reads no file of the server", name)
