"""Practice: the mistakes and blunders of the saved reviews as positions to solve again, scheduled
by Leitner boxes. Game-neutral: the games build the positions (:class:`jass_sim.core.history.
PracticePosition`, in their history hooks) and the history saves them with their round; this
module lists, schedules and answers them.

- Five boxes. A new position is in box 1 and due at once. Solved: up one box (at most 5), next due
  after the box's interval (:data:`INTERVALS`: 1, 3, 7, 14, 30 days). Missed: back to box 1, due
  again after a day. Either way it is not due again the same day.
- Only a due position takes an answer: the answer is one conditional ``UPDATE`` (on the number of
  answers read in the same transaction), so when two tabs answer the same position one answer
  counts and the other is refused (:class:`NotDue`), never both, never neither.
- ``correct``: the choice is the saved best, or its saved value is within the position's
  ``tolerance`` of the best (the game's "good" on its verdict scale). Nothing is recomputed.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from jass_sim.core.errors import InputError
from jass_sim.core.history import HistoryStore

#: Days until a position in box ``b`` is due again: ``INTERVALS[b - 1]``.
INTERVALS = (1, 3, 7, 14, 30)
#: The highest box.
TOP_BOX = len(INTERVALS)
#: The columns of :func:`list_positions`.
LIST_COLUMNS = ("id", "round_id", "created", "game", "kind", "verdict", "best", "played", "box", "due", "answers",
                "solved")


class NotDue(InputError):
    """An answer to a position that is not due (answered already, in this tab or another)."""


def stamp(when: datetime) -> str:
    """``when`` as the history writes times: UTC, ISO 8601 to the second (sorts as text)."""
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def parse_position_id(text) -> int:
    """A position's ID (a whole number of at least 1) or an InputError naming ``text``."""
    value = str(text).strip()
    if not value.isdigit() or int(value) < 1:
        raise InputError(f"a practice position ID is a whole number (see jass-sim practice), got {value!r}", value)
    return int(value)


def list_positions(store: HistoryStore, game: str | None = None, due_only: bool = False,
                   now: datetime | None = None) -> list[dict]:
    """The positions (:data:`LIST_COLUMNS`), soonest due first; of one ``game``; only the due ones."""
    where, args = [], []
    if game is not None:
        where.append("game = ?")
        args.append(game)
    if due_only:
        where.append("due <= ?")
        args.append(stamp(now or now_utc()))
    sql = (f"SELECT {', '.join(LIST_COLUMNS)} FROM positions" + (" WHERE " + " AND ".join(where) if where else "")
           + " ORDER BY due, id")
    rows = store.transaction(lambda conn: conn.execute(sql, args).fetchall())
    return [dict(zip(LIST_COLUMNS, r)) for r in rows]


def due_counts(store: HistoryStore, games, now: datetime | None = None) -> dict:
    """``{game: {"due": n, "total": m}}`` for each of ``games``."""
    when = stamp(now or now_utc())
    rows = store.transaction(lambda conn: conn.execute(
        "SELECT game, SUM(due <= ?), COUNT(*) FROM positions GROUP BY game", (when,)).fetchall())
    found = {g: {"due": int(d or 0), "total": int(t)} for g, d, t in rows}
    return {g: found.get(g, {"due": 0, "total": 0}) for g in games}


def next_due(store: HistoryStore, game: str, now: datetime | None = None) -> dict | None:
    """The due position of ``game`` due the longest (``{"id", "game", "position", "choices"}``, plus
    its ``box``, ``kind`` and ``verdict``), or None when none is due. Neither the best choice nor the
    values are in it."""
    row = store.transaction(lambda conn: conn.execute(
        "SELECT id, game, position, choices, box, kind, verdict FROM positions WHERE game = ? AND due <= ? "
        "ORDER BY due, id LIMIT 1", (game, stamp(now or now_utc()))).fetchone())
    if row is None:
        return None
    pid, g, position, choices, box, kind, verdict = row
    return {"id": pid, "game": g, "position": json.loads(position), "choices": json.loads(choices), "box": box,
            "kind": kind, "verdict": verdict}


class UnknownPosition(InputError):
    """No position of that ID."""


def answer(store: HistoryStore, position_id: int, choice, now: datetime | None = None) -> dict:
    """Answer a due position with ``choice``: ``{"correct", "best", "values", "box", "due"}`` (plus
    ``played``, the choice taken in the round), the box moved as the module says.

    Raises
    ------
    UnknownPosition
        No position ``position_id``.
    InputError
        ``choice`` is not one of its choices (``field`` ``choice``).
    NotDue
        It is not due (answered already, perhaps in another tab).
    """
    when = now or now_utc()

    def work(conn):
        row = conn.execute("SELECT choices, choice_values, best, played, tolerance, box, due, answers FROM positions "
                           "WHERE id = ?", (position_id,)).fetchone()
        if row is None:
            raise UnknownPosition(f"no practice position {position_id}", str(position_id))
        choices, values, best, played, tolerance, box, due, answers = row
        choices, values = json.loads(choices), json.loads(values)
        picked = match_choice(choice, choices)
        if picked is None:
            exc = InputError(f"{choice!r} is not one of the position's choices ({', '.join(choices)})", str(choice))
            exc.field = "choice"
            raise exc
        if due > stamp(when):
            raise NotDue(f"practice position {position_id} is not due before {due} (answered already)",
                         str(position_id))
        correct = is_correct(picked, best, values, tolerance)
        new_box = min(box + 1, TOP_BOX) if correct else 1
        new_due = stamp(when + timedelta(days=INTERVALS[new_box - 1]))
        # conditional on the answers read above: a second tab's answer in between makes this one count 0
        changed = conn.execute("UPDATE positions SET box = ?, due = ?, answers = answers + 1, solved = solved + ?, "
                               "last_answer = ? WHERE id = ? AND answers = ?",
                               (new_box, new_due, int(correct), picked, position_id, answers)).rowcount
        if changed != 1:
            raise NotDue(f"practice position {position_id} was answered meanwhile", str(position_id))
        return {"correct": correct, "best": best, "values": values, "box": new_box, "due": new_due,
                "played": played, "choice": picked}

    return store.transaction(work, write=True)


def match_choice(choice, choices: list[str]) -> str | None:
    """The one of ``choices`` that ``choice`` names (case and the order of several cards aside), or None."""
    if not isinstance(choice, str):
        return None
    key = sorted(choice.upper().split())
    return next((c for c in choices if sorted(c.upper().split()) == key), None) if key else None


def is_correct(choice: str, best: str, values: list[dict], tolerance: float) -> bool:
    """Whether ``choice`` solves the position: it is ``best``, or its saved value is within
    ``tolerance`` of the best's (a choice the review did not rate is not)."""
    if choice == best:
        return True
    by_choice = {v["choice"]: v["value"] for v in values}
    mine, top = by_choice.get(choice), by_choice.get(best)
    return mine is not None and top is not None and top - mine < tolerance


def reset(store: HistoryStore, target: str, now: datetime | None = None) -> int:
    """Put the position ``target`` (an ID), or ``all``, back in box 1, due at once; how many."""
    when = stamp(now or now_utc())
    if target.strip().lower() == "all":
        return store.transaction(lambda conn: conn.execute("UPDATE positions SET box = 1, due = ?", (when,)).rowcount,
                                 write=True)
    pid = parse_position_id(target)
    n = store.transaction(lambda conn: conn.execute("UPDATE positions SET box = 1, due = ? WHERE id = ?",
                                                    (when, pid)).rowcount, write=True)
    if n == 0:
        raise InputError(f"no practice position {pid} (jass-sim practice lists them)", target)
    return n
