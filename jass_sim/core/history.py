"""The history of reviewed rounds: one SQLite file in the user's data directory, for every game.

A row holds the date, the game, where it came from (``source``: the page's Review, a coached round,
the command line), the mode, the reviewed seat(s), the points lost by card play, the count of each
verdict, the round itself (its text, to reopen it) and the whole review (JSON). A game builds its
rows (:class:`Entry`); this module only stores them and knows no game.

- The file is ``history.sqlite3`` in :func:`data_dir`: ``$JASS_SIM_DATA_DIR`` if set, else the
  user's data directory (``platformdirs``); ``jass-sim serve --data-dir`` gives another one.
- The schema has a version (``PRAGMA user_version``); opening an older file applies the
  :data:`MIGRATIONS` after it in one transaction each; a newer file is refused in one line.
- Several processes may write at once and nothing is lost: write-ahead logging, a busy timeout, and
  every write in one ``BEGIN IMMEDIATE`` transaction.
- A corrupt file (not a database, or one that fails ``PRAGMA quick_check``) is reported in one line,
  moved aside (``history.sqlite3.corrupt-YYYYMMDDTHHMMSSZ``) and a new file is started.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import sys
import threading
from dataclasses import dataclass
from datetime import datetime, timezone

from jass_sim.core.errors import InputError

#: The environment variable that overrides the data directory.
DATA_DIR_ENV = "JASS_SIM_DATA_DIR"
#: The history's file name in the data directory.
FILE_NAME = "history.sqlite3"
#: How long a write waits for another process's write to end, in milliseconds.
BUSY_TIMEOUT_MS = 30_000

#: The schema, one step per version: ``MIGRATIONS[v - 1]`` takes a file from version ``v - 1`` to ``v``.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the rounds
    ("""CREATE TABLE rounds (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created TEXT NOT NULL,
            game TEXT NOT NULL,
            mode TEXT NOT NULL,
            seat TEXT NOT NULL,
            card_loss REAL,
            verdicts TEXT NOT NULL,
            round TEXT NOT NULL,
            review TEXT NOT NULL)""",),
    # 2: where a round came from (a coached round, the page's Review, the command line); the rows of
    # version 1 were all reviews; and the list is read newest first
    ("ALTER TABLE rounds ADD COLUMN source TEXT NOT NULL DEFAULT 'review'",
     "CREATE INDEX rounds_created ON rounds (created)"),
    # 3: the practice positions (jass_sim.core.practice): the mistakes and blunders of the saved
    # reviews, each with its Leitner box and due date; rows of version 2 had none (their reviews
    # stay in the history, to be reviewed and saved again)
    ("""CREATE TABLE positions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            round_id INTEGER NOT NULL,
            created TEXT NOT NULL,
            game TEXT NOT NULL,
            kind TEXT NOT NULL,
            verdict TEXT NOT NULL,
            position TEXT NOT NULL,
            choices TEXT NOT NULL,
            choice_values TEXT NOT NULL,
            best TEXT NOT NULL,
            played TEXT NOT NULL,
            tolerance REAL NOT NULL,
            box INTEGER NOT NULL DEFAULT 1,
            due TEXT NOT NULL,
            answers INTEGER NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            last_answer TEXT)""",
     "CREATE INDEX positions_due ON positions (game, due)"),
    # 4: whole games (jass_sim.core.history_games): one entry per game with its score sheet; a round
    # played in a game names it (rows of version 3 were single rounds: game_id NULL)
    ("""CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created TEXT NOT NULL,
            game TEXT NOT NULL,
            rules TEXT NOT NULL,
            target INTEGER NOT NULL,
            score TEXT NOT NULL,
            sheet TEXT NOT NULL,
            winner INTEGER,
            ended TEXT)""",
     "ALTER TABLE rounds ADD COLUMN game_id INTEGER",
     "CREATE INDEX rounds_game ON rounds (game_id)"),
)
#: The schema version this code writes.
SCHEMA_VERSION = len(MIGRATIONS)

#: The columns of :meth:`HistoryStore.list` (``get`` adds ``round`` and ``review``).
LIST_COLUMNS = ("id", "created", "game", "source", "mode", "seat", "card_loss", "verdicts")

# SQLite's primary result codes of a damaged file (the extended codes keep them in the low byte)
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26


class HistoryError(InputError):
    """The history cannot be used (a file of a newer version, a directory that cannot be written):
    one line, naming the file; ``reason``: the same without the file's path (what a server tells a
    client, which has no business knowing the server's files)."""

    def __init__(self, message: str, token: str, reason: str):
        super().__init__(message, token)
        self.reason = reason


@dataclass(frozen=True)
class Entry:
    """One reviewed round, as a game gives it to the history.

    Parameters
    ----------
    game : str
        The game's name (its descriptor's ``name``).
    source : str
        Where it came from: ``review`` (the page's Review), ``coach`` (a coached round), ``cli``.
    mode : str
        The mode or contract, in the game's notation (``H``, ``OBE``).
    seat : str
        The reviewed seat, or seats (``0``; ``0, 2`` for a team).
    card_loss : float
        Points lost by card play.
    verdicts : dict
        The count of each verdict (``{"good": 7, "mistake": 1, ...}``).
    round : str
        The round in the game's text format, to review it again.
    review : dict
        The review's JSON document.
    positions : tuple of PracticePosition
        The decisions to practise (the review's mistakes and blunders), saved with the round in the
        same transaction (:mod:`jass_sim.core.practice`).
    """

    game: str
    source: str
    mode: str
    seat: str
    card_loss: float | None
    verdicts: dict
    round: str
    review: dict
    positions: tuple = ()


@dataclass(frozen=True)
class PracticePosition:
    """One decision to practise, as a game builds it from a saved review (nothing is recomputed
    when it is answered).

    Parameters
    ----------
    kind : str
        The decision's kind in the game (``card``, ``discard``).
    verdict : str
        Its verdict in the review (``mistake`` or ``blunder``).
    position : dict
        What the player knew then, in the game's notation (say the hand, the cards played so far,
        the score: each game says which).
    choices : list of str
        The legal choices, in the game's notation.
    values : list of dict
        ``{"choice", "value", "ci95"}`` for each choice, as the review saved them (``value`` None:
        not rated by the review; ``ci95`` None: exact, or the reference the others are paired with).
    best : str
        The review's best choice.
    played : str
        The choice taken in the round.
    tolerance : float
        A choice within this many points of the best counts as solved (the game's least
        inaccuracy: the verdict scale's "good").
    """

    kind: str
    verdict: str
    position: dict
    choices: list
    values: list
    best: str
    played: str
    tolerance: float


def data_dir(override: str | None = None) -> str:
    """The directory of the history: ``override``, else ``$JASS_SIM_DATA_DIR``, else the user's data
    directory (``platformdirs.user_data_dir("jass-sim")``). Not created here."""
    if override:
        return os.path.abspath(os.path.expanduser(override))
    env = os.environ.get(DATA_DIR_ENV, "").strip()
    if env:
        return os.path.abspath(os.path.expanduser(env))
    import platformdirs

    return platformdirs.user_data_dir("jass-sim", appauthor=False)


def history_path(override: str | None = None) -> str:
    """The history file in :func:`data_dir`."""
    return os.path.join(data_dir(override), FILE_NAME)


def parse_id(text) -> int:
    """A round's ID (a whole number of at least 1) from a command line or a URL, or an InputError
    naming ``text``."""
    value = str(text).strip()
    if not value.isdigit() or int(value) < 1:
        raise InputError(f"a history ID is a whole number (see jass-sim history), got {value!r}", value)
    return int(value)


def json_safe(value):
    """``value`` as strict JSON values: NaN and infinities as None, numpy scalars as Python numbers."""
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):  # a numpy scalar
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


class HistoryStore:
    """The rounds saved in one SQLite file (see the module docstring).

    Nothing touches the disk before the first call; each call opens its own connection, so one store
    may be used from several threads, and several processes may share the file.

    Parameters
    ----------
    path : str
        The SQLite file; its directory is created when missing.
    notice : callable, optional
        Called with the one line that reports a corrupt file moved aside; default: printed on stderr
        as a warning.
    """

    def __init__(self, path: str, notice=None):
        self.path = os.path.abspath(path)
        self.notice = notice if notice is not None else _warn
        self._checked = False
        self._lock = threading.Lock()

    # --- the rows -------------------------------------------------------------------------------
    def add(self, entry: Entry) -> int:
        """Save ``entry``; its ID."""
        created = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        row = (created, entry.game, entry.source, entry.mode, entry.seat,
               None if entry.card_loss is None else float(json_safe(entry.card_loss)),
               _dumps(entry.verdicts), entry.round, _dumps(entry.review))

        def write(conn):
            cur = conn.execute("INSERT INTO rounds (created, game, source, mode, seat, card_loss, verdicts, round, "
                               "review) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            round_id = int(cur.lastrowid)
            for p in entry.positions:  # due at once (a new position is practised first)
                conn.execute("INSERT INTO positions (round_id, created, game, kind, verdict, position, choices, "
                             "choice_values, best, played, tolerance, due) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (round_id, created, entry.game, p.kind, p.verdict, _dumps(p.position), _dumps(p.choices),
                              _dumps(p.values), p.best, p.played, float(p.tolerance), created))
            return round_id

        return self._run(write, write=True)

    def list(self, in_games: bool = True, glance: bool = False) -> list[dict]:
        """Every round, newest first, without its text and review (:data:`LIST_COLUMNS`); without
        the rounds of whole games (:mod:`jass_sim.core.history_games`) unless ``in_games``. With
        ``glance``, also ``score`` and ``hand`` from the review's ``glance`` (what a game's history
        hook saves for the page's row; None when it saved none)."""
        where = "" if in_games else " WHERE game_id IS NULL"
        extra = ", json_extract(review, '$.glance')" if glance else ""
        rows = self._run(lambda conn: conn.execute(
            f"SELECT {', '.join(LIST_COLUMNS)}{extra} FROM rounds{where} ORDER BY id DESC").fetchall())
        if not glance:
            return [_row(r, LIST_COLUMNS) for r in rows]
        out = []
        for r in rows:
            row, seen = _row(r[:-1], LIST_COLUMNS), json.loads(r[-1]) if r[-1] is not None else {}
            out.append(row | {"score": seen.get("score"), "hand": seen.get("hand")})
        return out

    def get(self, round_id: int) -> dict | None:
        """One round with its text (``round``) and review (``review``), or None."""
        columns = LIST_COLUMNS + ("round", "review")
        row = self._run(lambda conn: conn.execute(
            f"SELECT {', '.join(columns)} FROM rounds WHERE id = ?", (int(round_id),)).fetchone())
        if row is None:
            return None
        out = _row(row, columns)
        out["review"] = json.loads(out["review"])
        return out

    def delete(self, round_id: int) -> bool:
        """Remove one round and its practice positions; whether it was there."""
        def work(conn):
            conn.execute("DELETE FROM positions WHERE round_id = ?", (int(round_id),))
            return conn.execute("DELETE FROM rounds WHERE id = ?", (int(round_id),)).rowcount > 0

        return self._run(work, write=True)

    def clear(self) -> int:
        """Remove every round, game and practice position; how many rounds there were."""
        def work(conn):
            conn.execute("DELETE FROM positions")
            conn.execute("DELETE FROM games")
            return conn.execute("DELETE FROM rounds").rowcount

        return self._run(work, write=True)

    def transaction(self, work, write: bool = False):
        """``work(connection)`` in one transaction on the file (``BEGIN IMMEDIATE`` when ``write``),
        with the checks, migration and corruption handling of every call; its return value."""
        return self._run(work, write=write)

    def version(self) -> int:
        """The file's schema version (after any migration)."""
        return self._run(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0])

    # --- the file -------------------------------------------------------------------------------
    def _run(self, work, write: bool = False):
        """``work(connection)`` in one transaction (``BEGIN IMMEDIATE`` for a write, so that two
        writers queue on the busy timeout instead of failing); a file found corrupt is moved aside
        and the work done again on a new one."""
        for attempt in (0, 1):
            try:
                with self._lock:
                    if not self._checked:
                        self._open_file()
                        self._checked = True
                conn = self._connect()
                try:
                    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                    try:
                        out = work(conn)
                    except BaseException:
                        conn.execute("ROLLBACK")
                        raise
                    conn.execute("COMMIT")
                    return out
                finally:
                    conn.close()
            except sqlite3.DatabaseError as exc:
                if attempt == 0 and _corrupt(exc):
                    with self._lock:
                        self._move_aside(_why(exc))
                        self._checked = False
                    continue
                raise HistoryError(f"the history file {self.path} cannot be used: {_why(exc)}", self.path,
                                   _why(exc)) from None
        raise AssertionError("unreachable")

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: the transactions are the explicit BEGIN ... COMMIT of _run
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return conn

    def _open_file(self) -> None:
        """Create the directory, check the file, switch it to write-ahead logging and migrate it."""
        directory = os.path.dirname(self.path)
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as exc:
            why = exc.strerror or str(exc)
            raise HistoryError(f"cannot create the history's directory {directory}: {why}", directory,
                               f"cannot create its directory: {why}") from None
        conn = self._connect()
        try:
            if os.path.getsize(self.path) > 0:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise _Damaged(check)
            conn.execute("PRAGMA journal_mode = WAL")  # persistent: set once, kept in the file
            migrate(conn, self.path)
        except _Damaged as exc:
            conn.close()
            self._move_aside(str(exc))
            return self._open_file()
        finally:
            conn.close()

    def _move_aside(self, why: str) -> None:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        aside = f"{self.path}.corrupt-{stamp}"
        n = 1
        while os.path.exists(aside):
            n += 1
            aside = f"{self.path}.corrupt-{stamp}-{n}"
        try:
            os.replace(self.path, aside)
        except FileNotFoundError:  # another process moved it first
            return
        for side in ("-wal", "-shm"):  # the damaged file's log goes with it; a new one starts clean
            if os.path.exists(self.path + side):
                os.replace(self.path + side, aside + side)
        self.notice(f"the history file {self.path} is corrupt ({why}); moved it to {aside} and started a new one")


def migrate(conn: sqlite3.Connection, path: str = "the history file") -> int:
    """Bring the schema of ``conn``'s file to :data:`SCHEMA_VERSION`, one transaction per step
    (a process that migrates at the same time waits, then finds the work done); the version it
    found. A file of a newer version is refused (HistoryError)."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        reason = f"schema version {found}, newer than this jass-sim reads ({SCHEMA_VERSION})"
        raise HistoryError(f"the history file {path} has {reason}: upgrade jass-sim or set {DATA_DIR_ENV}", path,
                           reason)
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version >= SCHEMA_VERSION:
                conn.execute("COMMIT")
                return found
            for statement in MIGRATIONS[version]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


class _Damaged(Exception):
    """``PRAGMA quick_check`` found the file damaged."""


def _corrupt(exc: sqlite3.DatabaseError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    return any(s in str(exc) for s in ("not a database", "malformed"))


def _why(exc: Exception) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _dumps(value) -> str:
    return json.dumps(json_safe(value), allow_nan=False, ensure_ascii=False)


def _row(values, columns) -> dict:
    out = dict(zip(columns, values))
    if "verdicts" in out:
        out["verdicts"] = json.loads(out["verdicts"])
    return out


def _warn(line: str) -> None:
    print(f"jass-sim: warning: {line}", file=sys.stderr, flush=True)
