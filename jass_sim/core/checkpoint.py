"""Checkpoints of a long run: each finished piece is saved as it finishes, so that running the same
command again with the same directory resumes where a stop (Ctrl-C, SIGTERM, the end of a session)
left it, and gives the same result as one uninterrupted run.

A checkpoint directory holds ``manifest.json`` (what the run computes: its parameters and a hash
of the package's sources, see :func:`jass_sim.core.jit.source_cache_dir`) and one pickle per
finished piece, each written whole (:func:`jass_sim.core.files.write_atomic`). A directory made
by other parameters or other code is refused with one line naming it, never mixed in.
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Callable
from typing import Any

from jass_sim.core.errors import InputError
from jass_sim.core.files import check_output_dir, write_atomic

MANIFEST = "manifest.json"
FORMAT = 1


def code_hash() -> str:
    """A hash of every source file of the package: results of other code are not resumed."""
    from jass_sim.core.jit import source_cache_dir

    return source_cache_dir().name


class Checkpoint:
    """The finished pieces of one run in ``directory`` (created if missing).

    Parameters
    ----------
    directory : str
        Where the pieces are kept; a rerun with the same ``key`` resumes from them.
    key : dict
        What the run computes (JSON-serialisable). A directory holding another key is refused
        (:class:`~jass_sim.core.errors.InputError` naming the first differing entry).
    option : str
        The option that named ``directory``, for the error lines.
    """

    def __init__(self, directory: str, key: dict, option: str = "--checkpoint"):
        self.directory = directory
        self.key = {"format": FORMAT, "code": code_hash(), **key}
        self.option = option
        manifest = os.path.join(directory, MANIFEST)
        if os.path.exists(directory) and not os.path.isdir(directory):
            raise InputError(f"{option} {directory} is a file, not a directory", directory)
        check_output_dir(directory, option)  # empty, unwritable, a file on the way: one line
        if os.path.isdir(directory) and os.listdir(directory):
            if not os.path.exists(manifest):
                raise InputError(f"{option} {directory} is not empty and holds no checkpoint: not using it",
                                 directory)
            with open(manifest, encoding="utf-8") as fh:
                theirs = json.load(fh)
            if theirs != self.key:
                differs = next((k for k in self.key if theirs.get(k) != self.key[k]),
                               next(iter(set(theirs) - set(self.key)), "format"))
                what = "the code changed since" if differs == "code" else f"{differs} was {theirs.get(differs)!r}"
                raise InputError(f"{option} {directory} holds a checkpoint of another run ({what}); use a new "
                                 "directory", directory)
        else:
            try:
                os.makedirs(directory, exist_ok=True)
            except OSError as exc:
                raise InputError(f"{option} {directory}: cannot create it ({exc.strerror})", directory) from None
            write_atomic(manifest, json.dumps(self.key, indent=1, sort_keys=True) + "\n")

    def _path(self, name: str) -> str:
        return os.path.join(self.directory, f"{name}.pkl")

    def done(self) -> list[str]:
        """The names of the saved pieces."""
        return saved_pieces(self.directory)

    def step(self, name: str, compute: Callable[[], Any]) -> Any:
        """The saved value of piece ``name``, else ``compute()``, saved before it is returned."""
        path = self._path(name)
        if os.path.exists(path):
            with open(path, "rb") as fh:
                return pickle.load(fh)
        value = compute()
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        return value


class Pieces:
    """The pieces of a :class:`Checkpoint` named ``prefix-...``, for a loop whose items are saved one
    by one (see :func:`pieces`)."""

    def __init__(self, checkpoint: Checkpoint | None, prefix: str):
        self.checkpoint = checkpoint
        self.prefix = prefix

    def step(self, name: str, compute: Callable[[], Any]) -> Any:
        if self.checkpoint is None:
            return compute()
        return self.checkpoint.step(f"{self.prefix}-{name}", compute)


def saved_pieces(directory: str) -> list[str]:
    """The names of the pieces saved in checkpoint ``directory`` (none while one is being written)."""
    return sorted(n[:-4] for n in os.listdir(directory) if n.endswith(".pkl") and not n.startswith(".tmp-"))


def step(checkpoint: Checkpoint | None, name: str, compute: Callable[[], Any]) -> Any:
    """``checkpoint.step(name, compute)``, or ``compute()`` without a checkpoint."""
    return compute() if checkpoint is None else checkpoint.step(name, compute)


def pieces(checkpoint: Checkpoint | None, prefix: str) -> Pieces:
    """The pieces of ``checkpoint`` named ``prefix-...``; without a checkpoint, a group that only computes."""
    return Pieces(checkpoint, prefix)
