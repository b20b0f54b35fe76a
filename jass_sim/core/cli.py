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
    """A command whose seed, thread and count options are checked (see :func:`harden_params`) and
    that refuses contradictions click would settle silently by taking the last one (see
    :func:`check_contradictions`)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        harden_params(self.params)

    def parse_args(self, ctx, args):
        ctx.meta[_TYPED] = check_contradictions(self.params, args)
        return super().parse_args(ctx, args)


def check_contradictions(params, args) -> dict[str, str]:
    """Refuse (UsageError, one line) both sides of a flag pair (``--x --no-x``) and an option
    given twice with different values (``--policy net --policy random``): click would keep the last
    one and drop the other without a word. Returns the flag typed first for each parameter given
    (see :func:`typed_flag`)."""
    by_name: dict[str, tuple[click.Option, bool]] = {}
    for p in params:
        if isinstance(p, click.Option):
            for o in p.opts:
                by_name[o] = (p, True)
            for o in p.secondary_opts:
                by_name[o] = (p, False)
    seen: dict[str, tuple[str, object]] = {}
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if token == "--":
            break
        name, eq, inline = token.partition("=") if token.startswith("--") else (token, "", "")
        if name not in by_name:
            continue
        p, primary = by_name[name]
        if p.is_flag or p.count:
            value: object = primary
        elif eq:
            value = inline
        else:
            value = args[i] if i < len(args) else None
            i += 1
        if p.multiple or p.count:
            continue
        if p.name in seen and seen[p.name][1] != value:
            first = seen[p.name][0]
            what = f"{first} and {name}" if first != name else f"{name} {seen[p.name][1]!r} and {name} {value!r}"
            raise click.UsageError(f"{what} contradict each other: give one")
        seen.setdefault(p.name, (name, value))
    return {param: flag for param, (flag, _) in seen.items()}


#: ``ctx.meta`` key of the flags a command's parameters were given with (:func:`typed_flag`).
_TYPED = "jass_sim.typed_flags"


def typed_flag(name: str, default: str) -> str:
    """The flag the running command's parameter ``name`` was given with (an old spelling, such as
    ``--a``, when that is what the user typed), for an error message to name what the user wrote;
    ``default`` outside a command or when the parameter was not given by a flag."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        typed = ctx.meta.get(_TYPED, {})
        if name in typed and ctx.command is not None and any(p.name == name for p in ctx.command.params):
            return typed[name]
        ctx = ctx.parent
    return default


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option stored as ``name`` was given on the command line (not its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source != click.core.ParameterSource.DEFAULT


class Group(click.Group):
    """Reports every error as one line on stderr (see the module docstring)."""

    command_class = Command
    group_class = type  # sub-groups (a game's group) are of this class too

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
        except _NO_ARGS_IS_HELP as exc:  # ``jass-sim`` or a game's group alone: the help, as it is, exit 0
            click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
            sys.exit(0)
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


#: click >= 8.2 reports a group called without a command as this usage error (older click prints
#: the help and exits 0 by itself).
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


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


#: The format a file extension of ``-o`` asks for.
EXTENSION_FORMATS = {".csv": "csv", ".json": "json", ".jsonl": "json", ".parquet": "parquet"}


def output_format(fmt: str, output: str | None, formats, option: str = "-o") -> str:
    """The format to write ``output`` in: a data extension (``.csv``, ``.json``, ``.jsonl``,
    ``.parquet``) sets it when ``--format`` was not given, and a ``--format`` that contradicts the
    extension, or an extension whose format the command cannot write, is refused (InputError), so
    that ``-o results.csv`` never holds a text table."""
    if not output:
        return fmt
    ext = os.path.splitext(output)[1].lower()
    wanted = EXTENSION_FORMATS.get(ext)
    if wanted is None:
        return fmt
    ctx = click.get_current_context(silent=True)
    given = ctx is not None and ctx.get_parameter_source("fmt") not in (None, click.core.ParameterSource.DEFAULT)
    if wanted not in formats:
        raise InputError(f"{option} {output}: this command writes {', '.join(formats)}, not {ext[1:]}", output)
    if given and fmt != wanted:
        raise InputError(f"--format {fmt} contradicts {option} {output} (a {ext} file)", output)
    return wanted


def command(*args, **kwargs):
    """``click.command`` of the :class:`Command` class (checked seed, thread and count options)."""
    return click.command(*args, cls=Command, **kwargs)


def group(*args, **kwargs):
    """``click.group`` of the :class:`Group` class (a game's sub-commands, ``jass-sim GAME ...``)."""
    return click.group(*args, cls=Group, **kwargs)


# --- option factories: the options every game's commands share, declared once -----------------------


def choice_list(choices) -> str:
    """``("table", "json", "csv")`` -> ``table, json or csv`` (the wording of a ``--format`` help)."""
    names = list(choices)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


class FormatOption(click.Option):
    """``--format`` (stored as ``fmt``): its choices are the ``formats`` of the command's
    :class:`~jass_sim.core.result.Result` (plus ``extra``, such as ``parquet``, which the command
    writes itself), its default the first of them, its help the list of them.

    The Result class is named as ``"module:Class"`` and imported only when the choices are first
    needed (``--help`` of the command, or the command running), so building the command tree stays
    light; a plain tuple of formats may be given instead (a command without a Result class).
    """

    def __init__(self, param_decls, *, result: str | tuple[str, ...], extra: tuple[str, ...] = (), **kwargs):
        self._result, self.extra = result, tuple(extra)
        self._formats: tuple[str, ...] | None = tuple(result) if isinstance(result, tuple) else None
        super().__init__(param_decls, show_default=True, **kwargs)
        self._built = True  # from here on, the default is the first format (read when asked for)

    @property
    def default(self):
        """The first of :attr:`formats` (click's own value while the option is being built)."""
        return self.formats[0] if self.__dict__.get("_built") else self.__dict__.get("_default")

    @default.setter
    def default(self, value):
        self.__dict__["_default"] = value

    @property
    def formats(self) -> tuple[str, ...]:
        """Every accepted value, the default first."""
        if self._formats is None:
            import importlib

            module, _, name = self._result.partition(":")
            self._formats = tuple(getattr(importlib.import_module(module), name).formats)
        return self._formats + self.extra

    def get_help_record(self, ctx):
        self.help = choice_list(self.formats) + "."
        return super().get_help_record(ctx)


def format_option(result: str | tuple[str, ...], *, extra: tuple[str, ...] = ()):
    """The ``--format`` option of a command whose answer is the Result class ``result``
    (``"module:Class"``; see :class:`FormatOption`). The command checks the value it gets with
    :func:`checked_format`."""
    return click.option("--format", "fmt", cls=FormatOption, result=result, extra=extra)


def checked_format(fmt: str, *, output: str | None = None, extension: bool = False, option: str = "-o") -> str:
    """The running command's ``--format`` value, lower-cased, once it is one of the option's
    choices (an InputError naming it otherwise); with ``extension``, also the format the file name
    ``output`` asks for (see :func:`output_format`)."""
    from jass_sim.core.errors import check_choice

    ctx = click.get_current_context()
    formats = next(p.formats for p in ctx.command.params if isinstance(p, FormatOption))
    fmt = check_choice("--format", fmt, formats)
    return output_format(fmt, output, formats, option) if extension else fmt


def seed_option(help: str = "Root seed.", *, default: int | None = 0, required: bool = False):
    """``--seed`` (checked: an integer 0..2**63-1, see :mod:`jass_sim.core.options`). ``default``
    None: the command sets it (the help then says which)."""
    if required:
        return click.option("--seed", type=int, required=True, help=help)
    return click.option("--seed", type=int, default=default, show_default=default is not None, help=help)


def threads_option(help: str = "Threads (default: all cores)."):
    """``--threads`` (checked: 1 .. the cores of this machine; None: all of them)."""
    return click.option("--threads", type=int, default=None, help=help)


class AliasedOption(click.Option):
    """An option with old spellings (``hidden_opts``) that still work but that neither ``--help``
    nor an error message shows: one parameter, so giving both spellings with different values is
    refused as any other contradiction (:func:`check_contradictions`)."""

    def __init__(self, param_decls, *, hidden_opts: tuple[str, ...] = (), **kwargs):
        super().__init__(list(param_decls[:1]) + list(hidden_opts) + list(param_decls[1:]), **kwargs)
        self.hidden_opts = tuple(hidden_opts)

    def _shown(self):
        return [o for o in self.opts if o not in self.hidden_opts]

    def get_help_record(self, ctx):
        opts = self.opts
        self.opts = self._shown()
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = opts

    def get_error_hint(self, ctx):
        return " / ".join(f"'{o}'" for o in self._shown())


class PlayerOption(AliasedOption):
    """An option naming one of a game's players (``--policy``, ``--team-a``, ``--player-b``...):
    its help is ``what`` followed by the names of the game's :class:`~jass_sim.core.players.PlayerRegistry`
    in registry order (and ``[default: X]`` when ``default_text`` states a default the command
    sets itself), so a player added to the registry shows in every command's help.

    The registry is named as ``"module:NAME"`` and imported only when the help is first read, so
    building the command tree stays light (or given itself, when its module is light). The value is checked by the registry where the command
    uses it (``PLAYERS.code``: an unknown name is one error line naming it).
    """

    def __init__(self, param_decls, *, players, what: str, default_text: str | None = None, **kwargs):
        self.players, self.what, self.default_text = players, what, default_text
        super().__init__(param_decls, **kwargs)

    @property
    def names(self) -> tuple[str, ...]:
        """The game's player names, in registry order."""
        import importlib

        if not isinstance(self.players, str):  # the registry itself
            return tuple(self.players.names)
        module, _, name = self.players.partition(":")
        return tuple(getattr(importlib.import_module(module), name).names)

    @property
    def help(self) -> str:
        """``what: a, b or c.`` (with `` [default: X]`` before the full stop when ``default_text``)."""
        default = f" [default: {self.default_text}]" if self.default_text else ""
        return f"{self.what}: {choice_list(self.names)}{default}."

    @help.setter
    def help(self, value) -> None:  # click sets it while building the option: the property writes it
        pass


def player_option(flag: str, players, what: str, *, default=None, default_text: str | None = None):
    """A player option of a command (e.g. ``--policy``), stored under the flag's name:
    its help lists the players of the registry ``players`` (``"module:PLAYERS"``; see
    :class:`PlayerOption`). ``default``: shown as click shows a default; ``default_text``: the
    default when the command sets it itself (``default`` None)."""
    if default is not None and default_text is not None:
        raise ValueError("give default (click shows it) or default_text (the command sets it), not both")
    return click.option(flag, cls=PlayerOption, players=players, what=what, default=default,
                        show_default=default is not None, default_text=default_text)


def side_options(kind: str, help_a: str, help_b: str, *, players, old: tuple[str, str] | None = None,
                 required: bool = True, default_a=None, default_b=None):
    """The two sides of a head-to-head command: ``--team-a``/``--team-b`` (``kind`` ``"team"``, for
    team games) or ``--player-a``/``--player-b`` (``"player"``, two-player games), stored as
    ``team_a``/``team_b`` or ``player_a``/``player_b``, the names of every game's API.

    ``help_a``, ``help_b``: what each side is; the help adds the players of the registry
    ``players`` (``"module:PLAYERS"``, see :class:`PlayerOption`). ``old``: the flags of an earlier
    spelling (such as ``("--a", "--b")``), still accepted as hidden aliases of the same parameters
    for one release (see :class:`AliasedOption`).
    """
    if kind not in ("team", "player"):
        raise ValueError(f"kind is 'team' or 'player', not {kind!r}")
    options = []
    for side, help_, default, alias in (("a", help_a, default_a, old[0] if old else None),
                                        ("b", help_b, default_b, old[1] if old else None)):
        kwargs = {"required": True} if required else {"default": default, "show_default": default is not None}
        options.append(click.option(f"--{kind}-{side}", f"{kind}_{side}", cls=PlayerOption, players=players,
                                    what=help_, hidden_opts=(alias,) if alias else (), **kwargs))

    def decorate(func):
        for option in reversed(options):
            func = option(func)
        return func

    return decorate
