"""The commands a job of the page's API may run: each is a public function of the package, called
with the job's ``args`` as keyword arguments; its result's ``to_json()`` is the job's result."""

from __future__ import annotations

import functools
import importlib
import inspect
import math
from dataclasses import dataclass

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import format_card


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
        raise InputError("the request body must be a JSON object {\"command\": ..., \"args\": {...}}", str(body))
    name = body.get("command")
    if name not in COMMANDS:
        raise InputError(f"unknown command {name!r} (expected one of {', '.join(COMMANDS)})", str(name))
    args = body.get("args", {})
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise InputError(f"the args of {name} must be a JSON object of keyword arguments, got {args!r}", str(args))
    command = COMMANDS[name]
    known = command.parameters()
    for key in args:
        if key not in known:
            raise InputError(f"{name} takes no argument {key!r} (it takes {', '.join(sorted(known))})", key)
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
    (``field`` only when one of ``args`` holds the error's token)."""
    out = {"error": " ".join(str(exc).split("\n"))}
    name = field_of(args, exc)
    if name:
        out["field"] = name
    return out


def field_of(args: dict, exc: Exception) -> str | None:
    """The argument an error is about: the one whose value holds the error's token (for the page,
    which shows the error next to that field)."""
    token = getattr(exc, "token", None)
    if not token:
        return None
    token = str(token).strip()
    for key, value in args.items():
        if key == token or token == f"--{key.replace('_', '-')}":
            return key
    for key, value in args.items():
        if isinstance(value, str) and token and token.lower() in value.lower():
            return key
        if not isinstance(value, str) and str(value) == token:
            return key
    return None


def check_position(body) -> dict:
    """The position of a round entered at the table (seat 0's view; any seat may be to play), as
    ``Position.to_json()`` plus ``to_play`` (the seat to play next, None at the end), ``winners``
    of the finished tricks, and ``finished``; an InputError naming the card that breaks a rule."""
    from jass_sim.jass.cards import mode_option, parse_cards
    from jass_sim.jass.play.api import parse_melds
    from jass_sim.jass.play.position import build_position

    if not isinstance(body, dict):
        raise InputError("the request body must be a JSON object", str(body))
    known = {"hand", "mode", "leader", "chooser", "chibred", "played", "melds"}
    for key in body:
        if key not in known:
            raise InputError(f"a position takes no field {key!r} (it takes {', '.join(sorted(known))})", key)
    chooser = body.get("chooser")
    pos = build_position(parse_cards(body.get("hand", ""), count=9), mode_option(body.get("mode", ""), allow_auto=False),
                         int(body.get("leader", 0)), parse_cards(body.get("played", ""), count=None, unique=False),
                         parse_melds(body.get("melds")), chooser=None if chooser in (None, "") else int(chooser),
                         chibred=bool(body.get("chibred", False)), require_turn=False)
    finished = len(pos.tricks) == 9
    doc = pos.to_json()
    doc["to_play"] = None if finished else (pos.trick_leader + len(pos.trick)) % 4
    doc["winners"] = [t["winner"] for t in pos.tricks]
    doc["tricks"] = [{"leader": t["leader"], "cards": [format_card(c) for c in t["cards"]], "winner": t["winner"],
                      "points": t["points"]} for t in pos.tricks]
    doc["finished"] = finished
    return doc
