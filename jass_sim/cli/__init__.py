"""The ``jass-sim`` command: thin click commands; heavy modules are imported inside them.

Each command lives in its own module of this package and registers itself on :data:`main`;
the modules import only click at import time so ``jass-sim --help`` stays instant.
"""

from __future__ import annotations

import sys

import click

from ..cards import InputError


class _Group(click.Group):
    """Reports every bad-input error as one line on stderr with exit code 2, no traceback."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("jass-sim: aborted", err=True)
            sys.exit(130)
        except click.UsageError as exc:
            click.echo(f"jass-sim: error: {exc.format_message()}", err=True)
            sys.exit(2)
        except InputError as exc:
            click.echo(f"jass-sim: error: {exc}", err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="jass-sim")
def main():
    """Simulate and analyse Chibre (Swiss Jass, Schieber) deals."""


def _register() -> None:
    from . import advise, batch, cribbage, duel, melds, play_advice, replay, report, review, simulate, solve  # noqa: F401  (each module adds its command to main)
    from . import games  # noqa: F401  (games and equity)
    from ..basra import cli as _basra_cli  # noqa: F401  (adds the basra group)


_register()

