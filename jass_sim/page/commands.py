"""The commands a job of the page's API may run: each is a public function of the package, called
with the job's ``args`` as keyword arguments; its result's ``to_json()`` is the job's result."""

from __future__ import annotations

import math
import re

from jass_sim.core.errors import InputError
from jass_sim.core.game import Job
from jass_sim.page.guards import check_job_args, missing_argument
from jass_sim.registry import GAMES

#: A command of the job API is its game's :class:`jass_sim.core.game.Job` (the function it calls,
#: its progress callback, defaults, caps and checks).
JobCommand = Job

#: The job API's commands (``POST /api/jobs`` with ``{"command": C, "args": {...}}``), from the games'
#: descriptors (:attr:`jass_sim.core.game.Game.jobs`), by name.
COMMANDS: dict[str, Job] = {job.name: job for game in GAMES for job in game.jobs}


def check_request(body) -> tuple[Job, dict]:
    """The command and arguments of a ``POST /api/jobs`` body, or an InputError naming what is wrong
    (an unknown command, arguments that are not an object, an argument the function does not take)."""
    if not isinstance(body, dict):
        raise _refused("the request body must be a JSON object {\"command\": ..., \"args\": {...}}", "body", "command")
    name = body.get("command")
    if name not in COMMANDS:
        raise _refused(f"unknown command {name!r} (expected one of {', '.join(COMMANDS)})", str(name), "command")
    args = body.get("args", {})
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise _refused(f"the args of {name} must be a JSON object of keyword arguments, got {args!r}", str(args), "args")
    command = COMMANDS[name]
    known = command.parameters()
    for key in args:
        if key not in known:
            raise InputError(f"{name} takes no argument {key!r} (it takes {', '.join(sorted(known))})", key)
    for key in command.required():
        if key not in args:
            raise _refused(missing_argument(name, key), key, key)
    check_job_args(name, args)  # no server file, nothing over the caps
    return command, args


def clean_json(value):
    """``value`` with NaN and infinities as None and numpy scalars as Python numbers, so that it is
    valid JSON for a browser (``JSON.parse`` rejects ``NaN``)."""
    if isinstance(value, dict):
        return {str(k): clean_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean_json(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # numpy scalar
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def error_body(exc: Exception, args: dict) -> dict:
    """The API's answer to bad input: ``{"error": the one line, "field": the argument it is about}``
    (``field`` when the error names an argument or one of ``args`` holds its token). The line names
    the JSON arguments, not the command line's flags (``hand``, not ``--hand``)."""
    message = " ".join(str(exc).split("\n"))
    out = {"error": api_wording(message)}
    name = field_of(args, exc, message)
    if name:
        out["field"] = name
    return out


def field_of(args: dict, exc: Exception, message: str = "") -> str | None:
    """The argument an error is about (for the page, which shows the error next to that field): the
    one the error sets (``exc.field``), else the one its token or its first flag names, else the
    one the line starts with, else the one whose value is its token, else the one whose value
    holds it."""
    field = getattr(exc, "field", None)
    if field:
        return field
    token = getattr(exc, "token", None)
    token = "" if token is None else str(token).strip()
    if token.startswith("--"):  # a flag: its argument, given or missing
        return api_wording(token).split()[0]
    if token:
        for key in args:
            if key == token:
                return key
    for flag in FLAG.finditer(message):
        key = api_wording(flag.group(0))
        if key in args:
            return key
    wording = api_wording(message)
    for key in args:  # "samples must be at least 2", "seat must be a seat 0..3"
        if wording.startswith(key + " "):
            return key
    for key, value in args.items():  # a value equal to the token first: "7" is seat 7, not the C7 of a hand
        if (str(value).strip() == token) if token else value == "":
            return key
    if not token:
        return None
    for key, value in args.items():
        if isinstance(value, str) and token.lower() in value.lower():
            return key
    return None


def api_wording(message: str) -> str:
    """``message`` with each command-line flag written as the job API's argument: ``--max-samples``
    as ``max_samples``, a pair ``--x/--y`` as ``x``, and the flags a game names in its
    ``flag_arguments`` (:data:`FLAG_ARGUMENTS`) as their argument."""
    return FLAG.sub(lambda m: FLAG_ARGUMENTS.get(m.group(1), m.group(1).replace("-", "_")), message)


#: A command-line flag in a message (``--hand``, a pair of flags ``--x/--y``).
FLAG = re.compile(r"--([a-z][a-z0-9-]*)(?:/--[a-z][a-z0-9-]*)?")
#: Flags whose job API argument is not their own name (each game's ``flag_arguments``).
FLAG_ARGUMENTS = {flag: name for game in GAMES for flag, name in game.flag_arguments.items()}


def _refused(message: str, token: str, field: str) -> InputError:
    exc = InputError(message, token)
    exc.field = field
    return exc


def check_position(body) -> dict:
    """``POST /api/position``: the position of a round entered at the table, as the first registered
    game with a position hook (:attr:`jass_sim.core.game.Game.position`) checks it; an InputError
    naming what breaks a rule."""
    hook = next((game.position for game in GAMES if game.position is not None), None)
    if hook is None:
        raise _refused("no game takes a position", "body", "body")
    return hook(body)
