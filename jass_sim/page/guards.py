"""What the job API refuses that the Python API allows (issue 43, "safe by default").

- No argument names a file of the server: an argument that takes a round or a game (a job's
  ``texts``, :class:`jass_sim.core.game.Job`) is its text or its replay JSON (a string, or the
  document as an object), never a path; the job's ``check`` refuses anything else before the job is
  queued, and the error quotes nothing but what the client sent. The Python API and the command
  line still read such files. No other job command takes a file (tested: ``tests/page/test_safety.py``
  lists the argument kinds of every command).
- Arguments over a job's caps or under its minimums (``Job.caps``, ``Job.minimums``) are refused in
  one line naming the argument and the largest (smallest) allowed value; so are the slow policies
  of the sampled analyses (``Job.policies``).

The tables below are read from the games' descriptors (:data:`jass_sim.registry.GAMES`).
"""

from __future__ import annotations

from jass_sim.core.caps import check_cap, check_minimum, check_policy_allowed
from jass_sim.core.errors import InputError
from jass_sim.registry import GAMES

#: Every job command of the registered games, by name.
JOBS = {job.name: job for game in GAMES for job in game.jobs}
#: Argument kinds (``api_args``) that would let a job read or write a server file: no job command
#: may take one, except the arguments a job takes as text (``Job.texts``, checked by ``Job.check``).
FILE_KINDS = ("path", "round")
#: ``(command, argument)`` of the arguments the job API accepts as text or JSON only.
ROUND_ARGUMENTS = {(job.name, name) for job in JOBS.values() for name in job.texts}
#: ``command -> {argument: largest value}`` of the job API (on top of the games' memory caps).
JOB_CAPS: dict[str, dict[str, int]] = {job.name: dict(job.caps) for job in JOBS.values() if job.caps}
#: ``command -> {argument: smallest value}`` of the job API (a smaller value costs more).
JOB_MINIMUMS: dict[str, dict[str, int]] = {job.name: dict(job.minimums) for job in JOBS.values() if job.minimums}
#: ``command -> (refused policies, the policies it runs)`` of the job API.
JOB_POLICIES: dict[str, tuple] = {job.name: job.policies for job in JOBS.values() if job.policies}
#: ``(command, argument, largest value)``: the caps the games' public functions enforce everywhere.
MEMORY_CAPS = tuple(cap for game in GAMES for cap in game.memory_caps)


def check_job_args(command: str, args: dict) -> None:
    """Refuse what the job API does not run (see the module): an InputError whose token is the
    argument's name or the value the client sent, and whose ``field`` is the argument."""
    job = JOBS[command]
    values = job.check(dict(args)) if job.check is not None else dict(args)  # texts first, then the caps
    checks = [(name, check_cap, (name, values.get(name), cap)) for name, cap in job.caps]
    checks += [(name, check_minimum, (name, values.get(name), least)) for name, least in job.minimums]
    if job.policies:
        checks.append(("policy", check_policy_allowed,
                       ("policy", args.get("policy"), *job.policies,
                        "one block of its play-outs can take minutes and cannot be stopped; "
                        "the command line runs it")))
    for name, check, check_args in checks:
        try:
            check(*check_args)
        except InputError as exc:
            exc.field = name  # the page shows the line next to this argument
            raise


#: What a missing argument is for, where its name does not say it (and each game's ``hints``).
MISSING_HINTS = {"hand": "the cards in hand"}
#: ``command -> {argument: hint}``: the hints of the game of each command.
_HINTS = {job.name: MISSING_HINTS | game.hints for game in GAMES for job in game.jobs}


def missing_argument(command: str, name: str) -> str:
    """The line for a job without its argument ``name``."""
    hint = _HINTS.get(command, MISSING_HINTS).get(name)
    return f"{command} needs {name}" + (f": {hint}" if hint else "")
