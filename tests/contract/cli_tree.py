"""The command tree of ``jass-sim`` as the contract tests walk it."""

from __future__ import annotations

import click


def leaves(group: click.Group, path: tuple[str, ...] = ()):
    """Every command under ``group`` that is not itself a group: ``(path of names, command)``."""
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from leaves(cmd, path + (name,))
        else:
            yield path + (name,), cmd
