"""The commands a job of the page's API may run: each is a public function of the package, called
with the job's ``args`` as keyword arguments; its result's ``to_json()`` is the job's result."""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import re
from dataclasses import dataclass

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import format_card
from jass_sim.page.guards import check_job_args, missing_argument


@dataclass(frozen=True)
class JobCommand:
    """A command of the job API: the function ``module.name``; ``progress``: it takes a ``progress``
    callback (ticks, cancellation and the check of the arguments before the job is queued);
    ``defaults``: ``(name, value)`` pairs passed unless the job's ``args`` give them."""

    module: str
    name: str
    progress: bool = False
    defaults: tuple = ()

    def function(self):
        function = getattr(importlib.import_module(self.module), self.name)
        return functools.partial(function, **dict(self.defaults)) if self.defaults else function

    def parameters(self) -> set[str]:
        return set(inspect.signature(self.function()).parameters) - {"progress"}

    def required(self) -> list[str]:
        """The arguments a job must give (no default here nor in the function)."""
        given = dict(self.defaults)
        return [name for name, p in inspect.signature(self.function()).parameters.items()
                if p.default is inspect.Parameter.empty and name not in given
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def _commands() -> dict[str, JobCommand]:
    """Every registered game's job commands (:attr:`jass_sim.core.game.Game.jobs`), by name."""
    from jass_sim.registry import GAMES

    return {job.name: JobCommand(job.module, job.function, progress=job.progress, defaults=job.defaults)
            for game in GAMES for job in game.jobs}


#: The job API's commands (``POST /api/jobs`` with ``{"command": C, "args": {...}}``), from the games'
#: descriptors.
COMMANDS: dict[str, JobCommand] = _commands()


def check_request(body) -> tuple[JobCommand, dict]:
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
    as ``max_samples``, ``--dealer/--pone`` and ``--pone`` as ``dealer``."""
    return FLAG.sub(lambda m: FLAG_ARGUMENTS.get(m.group(1), m.group(1).replace("-", "_")), message)


#: A command-line flag in a message (``--hand``, ``--dealer/--pone``).
FLAG = re.compile(r"--([a-z][a-z0-9-]*)(?:/--[a-z][a-z0-9-]*)?")
#: Flags whose job API argument is not their own name.
FLAG_ARGUMENTS = {"pone": "dealer"}


def _refused(message: str, token: str, field: str) -> InputError:
    exc = InputError(message, token)
    exc.field = field
    return exc


def check_position(body) -> dict:
    """The position of a round entered at the table (seat 0's view; any seat may be to play), as
    ``Position.to_json()`` plus ``to_play`` (the seat to play next, None at the end), ``winners``
    of the finished tricks, and ``finished``; an InputError naming the card that breaks a rule."""
    from jass_sim.jass.cards import mode_option, parse_cards
    from jass_sim.jass.play.api import parse_melds
    from jass_sim.jass.play.position import build_position

    if not isinstance(body, dict):
        raise _refused("the request body must be a JSON object", "body", "body")
    known = {"hand", "mode", "leader", "chooser", "chibred", "played", "melds"}
    for key in body:
        if key not in known:
            raise InputError(f"a position takes no field {key!r} (it takes {', '.join(sorted(known))})", key)
    body = _position_fields(body)
    chooser = body.get("chooser")
    pos = build_position(parse_cards(body.get("hand", ""), count=9), mode_option(body.get("mode", ""), allow_auto=False),
                         body.get("leader", 0), parse_cards(body.get("played", ""), count=None, unique=False),
                         parse_melds(body.get("melds")), chooser=chooser,
                         chibred=body.get("chibred", False), require_turn=False)
    finished = len(pos.tricks) == 9
    doc = pos.to_json()
    doc["to_play"] = None if finished else (pos.trick_leader + len(pos.trick)) % 4
    doc["winners"] = [t["winner"] for t in pos.tricks]
    doc["tricks"] = [{"leader": t["leader"], "cards": [format_card(c) for c in t["cards"]], "winner": t["winner"],
                      "points": t["points"]} for t in pos.tricks]
    doc["finished"] = finished
    return doc


def _position_fields(body: dict) -> dict:
    """The fields of a position, each of its kind (cards, a name, a seat, a flag, melds) or an
    InputError naming it, as the job API's arguments are checked (:mod:`jass_sim.core.api_args`)."""
    from jass_sim.core.api_args import KINDS

    kinds = {"hand": "cards", "played": "cards", "mode": "name", "leader": "whole", "chooser": "whole",
             "chibred": "flag", "melds": "melds"}
    for key in ("hand", "mode"):
        if body.get(key) is None:
            raise _refused(f"a position needs {key}", key, key)
    out = {}
    for key, value in body.items():
        if value is None or (key == "chooser" and value == ""):
            continue
        if key in ("leader", "chooser") and isinstance(value, str) and value.strip().isdigit():
            value = int(value)  # a select's value, as the route always took it
        out[key] = KINDS[kinds[key]](key, value)
        if key in ("leader", "chooser") and not 0 <= out[key] <= 3:
            raise _refused(f"{key} must be a seat 0..3, got {out[key]}", str(out[key]), key)
    return out
