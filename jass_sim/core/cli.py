"""The click machinery every game's commands share: one command and group class, and the one-line
error reporting of the ``jass-sim`` command.

A game declares its commands with :func:`command` and :func:`group` (importing only click at import
time, so ``jass-sim --help`` stays instant); :mod:`jass_sim.cli` registers them on the root group.

Everything a command may run into is reported here, in one line on stderr and without a
traceback: bad input (:class:`~jass_sim.core.errors.InputError`, click's usage errors) and an output
location that cannot be written (``OSError``) exit 2; SIGINT and SIGTERM exit 130 and 143 (the
atomic writers of :mod:`jass_sim.core.files` leave no partial file); a closed stdout pipe
(``jass-sim ... | head``) ends the command quietly. Integer options named ``--seed``, ``--threads``
or a count are checked by :func:`jass_sim.core.options.harden_params` in every command.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading

import click

from jass_sim.core.errors import InputError
from jass_sim.core.options import harden_params


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: unwinds the command (temporary files are removed on the way);
    ``detail`` may be set by a command to say what was kept."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.detail: str | None = None

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def _raise_interrupted(signum, frame):
    for sig in (signal.SIGINT, signal.SIGTERM):  # a second signal ends the process at once, cleanup or not
        signal.signal(sig, signal.SIG_DFL)
    raise Interrupted(signum)


class _PipeClosed(BaseException):
    """The reader of stdout went away (``jass-sim ... | head``)."""


class Command(click.Command):
    """A command whose seed, thread and count options are checked (see :func:`harden_params`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        harden_params(self.params)


class Group(click.Group):
    """Reports every error as one line on stderr (see the module docstring)."""

    command_class = Command
    group_class = type  # sub-groups (basra, cribbage) are of this class too

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        harden_params(self.params)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # past click, which would report it as exit 1
                raise _PipeClosed() from None
            raise

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        handlers = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                handlers[sig] = signal.signal(sig, _raise_interrupted)
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            _fail("jass-sim: aborted", 130)
        except Interrupted as exc:
            _fail(f"jass-sim: interrupted by {exc.args[0]}; "
                  + (exc.detail or "no partial output was left"), exc.exit_code)
        except click.UsageError as exc:
            _fail(f"jass-sim: error: {exc.format_message()}", 2)
        except InputError as exc:
            _fail(f"jass-sim: error: {exc}", 2)
        except _PipeClosed:  # stop quietly, with the exit code of a process killed by SIGPIPE
            _quiet_stdout()
            sys.exit(141)
        except OSError as exc:  # a file that cannot be read or written, found only while running
            where = f": {exc.filename!r}" if exc.filename is not None else ""
            _fail(f"jass-sim: error: {exc.strerror or exc}{where}", 2)
        finally:
            for sig, old in handlers.items():
                signal.signal(sig, old)


def _fail(line: str, code: int):
    from jass_sim.core.progress import end_line

    end_line()  # after an interrupted progress line, the message gets a line of its own
    click.echo(" ".join(line.split("\n")), err=True)
    sys.exit(code)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (tests)
        pass


def command(*args, **kwargs):
    """``click.command`` of the :class:`Command` class (checked seed, thread and count options)."""
    return click.command(*args, cls=Command, **kwargs)


def group(*args, **kwargs):
    """``click.group`` of the :class:`Group` class (a game's sub-commands, e.g. ``jass-sim basra``)."""
    return click.group(*args, cls=Group, **kwargs)
