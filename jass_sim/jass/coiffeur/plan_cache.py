"""The match plan's full table on disk: the DP of a match's start computed once per machine.

With every category open the plan (:func:`~jass_sim.jass.coiffeur._plan_kernels.plan_values`) has
2^n x 2^n states: 2^16 for ``coiffeur`` (about 1.6 s of CPU), 2^20 for ``coiffeur-10`` (about 25 s).
Its table is the same for every process that uses the same plan hands, so the table of the full
open sets is kept in the user's cache directory (``$XDG_CACHE_HOME`` or ``~/.cache``, then
``jass-sim/coiffeur-plan``; ``$JASS_SIM_PLAN_CACHE`` names another folder, or ``off`` turns the
cache off) and read by the next process in a few tens of milliseconds.

Why a later position may read the full table: a state's value depends only on the states below it
(its subsets) and on which team chooses first there, never on the root it was reached from; the
table of root ``(ours, theirs)`` with ``first_team`` choosing first is thus the full table of the
first team ``first_team ^ (|ours| + |theirs|) % 2`` (the same first chooser at every shared state),
with NaN outside the subsets: the same numbers, bit for bit (``tests/jass/coiffeur/test_plan_cache.py``).

Safety: the file's name is a SHA-256 key over the plan hands' gains (bytes and shape: the value
table, the preset's categories and multipliers), the pass rule, the first team, the kernel
module's source and the Numba and NumPy versions, so a changed input or kernel never reads an old
file. The file holds the key and a SHA-256 of the table; a file that does not load, has another
key or shape, or fails the digest is reported (a warning on the ``jass_sim`` logger), computed
again and replaced. Files are written through a temporary file and a rename, so two processes
writing the same table at once leave one complete file, and a reader never sees half a file.
Nothing of the cache reaches a command's output or the page's answers.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
from pathlib import Path

import numba
import numpy as np

from jass_sim.core.files import write_atomic

#: The environment variable naming the cache folder, or ``off`` to turn the cache off.
PLAN_CACHE_ENV = "JASS_SIM_PLAN_CACHE"
#: The file format's version (part of the key).
FORMAT = 1

log = logging.getLogger(__name__)


def cache_dir() -> Path | None:
    """The folder of the plan tables, or None when ``$JASS_SIM_PLAN_CACHE`` is ``off``."""
    given = os.environ.get(PLAN_CACHE_ENV, "")
    if given.strip().lower() == "off":
        return None
    if given:
        return Path(given)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jass-sim" / "coiffeur-plan"


def _kernel_source() -> bytes:
    from jass_sim.jass.coiffeur import _plan_kernels

    return Path(_plan_kernels.__file__).read_bytes()


def table_key(gains: np.ndarray, partner: bool, first_team: int) -> str:
    """The SHA-256 key of the full table of ``gains`` (both teams' plan hands), the pass rule and
    the first team: the file's name."""
    g = np.ascontiguousarray(gains, dtype=np.float64)
    h = hashlib.sha256()
    h.update(f"coiffeur-plan/{FORMAT}/{numba.__version__}/{np.__version__}/{g.shape}/{int(partner)}/"
             f"{int(first_team)}\0".encode())
    h.update(g.tobytes())
    h.update(b"\0")
    h.update(_kernel_source())
    return h.hexdigest()


def _digest(V: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(V).tobytes()).hexdigest()


def load_table(path: Path, key: str, size: int) -> np.ndarray | None:
    """The table in ``path`` if it is complete and sound (its key, shape, dtype and digest), else
    None (a missing file silently, a bad one with a warning)."""
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as f:
            stored_key = str(f["key"])
            digest = str(f["digest"])
            V = f["V"]
    except Exception as exc:  # noqa: BLE001 - any unreadable file is rebuilt: zip, npy or OS errors
        log.warning("coiffeur plan cache: %s unreadable (%s): computing it again", path.name, type(exc).__name__)
        return None
    if stored_key != key or V.shape != (size, size) or V.dtype != np.float64 or _digest(V) != digest:
        log.warning("coiffeur plan cache: %s is stale or corrupt: computing it again", path.name)
        return None
    return V


def save_table(path: Path, key: str, V: np.ndarray) -> bool:
    """Write the table atomically; False (and a warning) when the folder is not writable."""
    buf = io.BytesIO()
    np.savez(buf, V=V, key=np.array(key), digest=np.array(_digest(V)))
    try:
        write_atomic(str(path), buf.getvalue())
    except OSError as exc:
        log.warning("coiffeur plan cache: cannot write %s (%s)", path.name, exc.strerror or type(exc).__name__)
        return False
    return True


def full_table(gains: np.ndarray, partner: bool, first_team: int, compute) -> np.ndarray:
    """The plan's table with every category open for both teams: from the cache when a sound file
    is there, else ``compute()`` (then written to the cache)."""
    size = 1 << gains.shape[1]
    folder = cache_dir()
    if folder is None:
        return compute()
    key = table_key(gains, partner, first_team)
    path = folder / f"{key[:32]}.npz"
    V = load_table(path, key, size)
    if V is None:
        V = compute()
        save_table(path, key, V)
    return V


def cached_full_table(gains: np.ndarray, partner: bool, first_team: int) -> np.ndarray | None:
    """The full table if the cache holds a sound one (never computed here), else None."""
    folder = cache_dir()
    if folder is None:
        return None
    key = table_key(gains, partner, first_team)
    return load_table(folder / f"{key[:32]}.npz", key, 1 << gains.shape[1])


def sub_table(full: np.ndarray, ours: int, theirs: int) -> np.ndarray:
    """The table of root ``(ours, theirs)`` from the full one: NaN outside the subsets (as the
    kernel leaves them), the full table's values inside."""
    idx = np.arange(full.shape[0])
    inside = ((idx[:, None] & ~ours) == 0) & ((idx[None, :] & ~theirs) == 0)
    return np.where(inside, full, np.nan)
