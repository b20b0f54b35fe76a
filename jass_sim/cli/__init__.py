"""The ``jass-sim`` command: thin click commands; heavy modules are imported inside them.

Each command lives in its own module of this package and registers itself on :data:`main`;
the modules import only click at import time so ``jass-sim --help`` stays instant.

Everything a command may run into is reported here, in one line on stderr and without a
traceback: bad input (:class:`~jass_sim.cards.InputError`, click's usage errors) and an output
location that cannot be written (``OSError``) exit 2; SIGINT and SIGTERM exit 130 and 143 (the
atomic writers of :mod:`jass_sim.output` leave no partial file); a closed stdout pipe
(``jass-sim ... | head``) ends the command quietly. Integer options named ``--seed``, ``--threads``
or a count are checked by :func:`jass_sim.cli.options.harden_params` in every command.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading

import click

from ..cards import InputError
from .options import harden_params


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


class _Command(click.Command):
    """A command whose seed, thread and count options are checked (see :func:`harden_params`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        harden_params(self.params)


class _Group(click.Group):
    """Reports every error as one line on stderr (see the module docstring)."""

    command_class = _Command
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
    click.echo(" ".join(line.split("\n")), err=True)
    sys.exit(code)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (tests)
        pass


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="jass-sim")
def main():
    """Simulate and analyse Chibre (Swiss Jass, Schieber) deals."""


def _register() -> None:
    from . import advise, batch, cribbage, duel, melds, play_advice, replay, report, review, simulate, solve  # noqa: F401  (each module adds its command to main)
    from . import games  # noqa: F401  (games and equity)
    from ..basra import cli as _basra_cli  # noqa: F401  (adds the basra group)


_register()
