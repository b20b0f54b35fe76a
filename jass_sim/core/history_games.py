"""Whole games in the history (issue 54 item 4): one entry per game, with its score sheet and its
rounds. Game-neutral: a game's page plays the rounds and says what each sheet row holds; this
module keeps the game's score, its rows in order and the rounds' link to it.

- A game is started (:func:`start_game`) with its game, rules and target, at 0:0.
- Each round played in it is added (:func:`add_round`) with its sheet row (the game's own JSON),
  the score before and after it, and the winner when it ended the game; the round's saved review
  (a row of ``rounds``, saved by its review job as any coached round, with its practice positions)
  is linked to the game by its ID. A round's score before must be the game's score: a second tab
  adding the same round, or one from an older state, is refused (:class:`GameConflict`), never
  counted twice. A game with a winner takes no more rounds.
- The History lists a game as one entry (:func:`list_games`): its score, winner, rounds, and the
  points its rounds lost by card play with their verdicts summed.
- Deleting a game deletes its rounds and their practice positions in the same transaction.
"""

from __future__ import annotations

import json

from jass_sim.core.errors import InputError
from jass_sim.core.history import HistoryStore, _dumps
from jass_sim.core.practice import now_utc, stamp

#: The columns of :func:`list_games` (``get_game`` adds ``sheet``).
#: ``winner`` of a game that ended with both teams' scores equal (neither team won).
TIE = 2

GAME_COLUMNS = ("id", "created", "game", "rules", "target", "score", "winner", "ended")
#: The largest target a game may have (the longest common game, 2500, with room to spare).
MAX_TARGET = 10_000


class UnknownGame(InputError):
    """No game of that ID in the history."""


class GameConflict(InputError):
    """A round that does not follow the game's state: the game is over, the score before is not the
    game's (another tab added a round), or the round belongs to a game already."""


def parse_game_id(text) -> int:
    """A game's ID (a whole number of at least 1) or an InputError naming ``text``."""
    value = str(text).strip()
    if not value.isdigit() or int(value) < 1:
        raise InputError(f"a game ID is a whole number, got {value!r}", value)
    return int(value)


def _field_error(message: str, token, field: str) -> InputError:
    exc = InputError(message, str(token))
    exc.field = field
    return exc


def _whole(name: str, value, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise _field_error(f"{name} must be a whole number {span}, got {value!r}", value, name)
    return value


def _pair(name: str, value) -> list[int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise _field_error(f"{name} must be two whole numbers (the team of seats 0 and 2 first), got {value!r}",
                           value, name)
    return [_whole(name, v) for v in value]


def start_game(store: HistoryStore, game: str, rules: str, target: int) -> dict:
    """A new game of ``game`` under ``rules`` to ``target``, at 0:0; its entry (:func:`get_game`)."""
    target = _whole("target", target, 1, MAX_TARGET)
    created = stamp(now_utc())

    def work(conn):
        cur = conn.execute("INSERT INTO games (created, game, rules, target, score, sheet) VALUES (?, ?, ?, ?, ?, ?)",
                           (created, game, rules, target, "[0, 0]", "[]"))
        return int(cur.lastrowid)

    return get_game(store, store.transaction(work, write=True))


def add_round(store: HistoryStore, game_id: int, *, row: dict, before, after, winner=None,
              round_id: int | None = None) -> dict:
    """Add a played round to game ``game_id``: its sheet ``row`` (a JSON object, the game's own
    fields), the score ``before`` and ``after`` it (two whole numbers each), the ``winner`` (0, 1,
    :data:`TIE` when the game ended with the scores equal (where the game allows it), or None while the
    game goes on) and the ID of its saved review (``round_id``, or None when it
    could not be saved). The game's entry after it.

    Raises
    ------
    UnknownGame
        No game ``game_id``.
    GameConflict
        The game is over, ``before`` is not its score, or the round belongs to a game already.
    InputError
        A bad field (``field`` names it).
    """
    if not isinstance(row, dict):
        raise _field_error(f"row must be a JSON object, got {row!r}", row, "row")
    before, after = _pair("before", before), _pair("after", after)
    if winner is not None:
        winner = _whole("winner", winner, 0, TIE)
        if winner == TIE and after[0] != after[1]:
            raise _field_error(f"winner {TIE} (a tie) with the scores {after[0]}:{after[1]} after the round",
                               winner, "winner")
    if round_id is not None:
        round_id = _whole("round_id", round_id, 1)
    when = stamp(now_utc())

    def work(conn):
        found = conn.execute("SELECT score, winner, target, sheet FROM games WHERE id = ?", (game_id,)).fetchone()
        if found is None:
            raise UnknownGame(f"no game {game_id} in the history", str(game_id))
        score, won, target, sheet = json.loads(found[0]), found[1], found[2], json.loads(found[3])
        if won is not None:
            raise GameConflict(f"game {game_id} is over: " + ("it ended in a tie" if won == TIE else f"team {won} won it"),
                               str(game_id))
        if before != score:
            raise GameConflict(f"game {game_id} stands at {score[0]}:{score[1]}, not {before[0]}:{before[1]} "
                               "(a round was added meanwhile, perhaps in another tab)", f"{before[0]}:{before[1]}")
        if winner is None and max(after) >= target:
            raise _field_error(f"a team has {max(after)} of the target {target}: the round needs its winner",
                               winner, "winner")
        if round_id is not None:
            linked = conn.execute("SELECT game_id FROM rounds WHERE id = ?", (round_id,)).fetchone()
            if linked is None:
                raise _field_error(f"no round {round_id} in the history", round_id, "round_id")
            if linked[0] is not None:
                raise GameConflict(f"round {round_id} belongs to game {linked[0]} already", str(round_id))
            conn.execute("UPDATE rounds SET game_id = ? WHERE id = ?", (game_id, round_id))
        sheet.append({**row, "round_id": round_id, "before": before, "after": after})
        conn.execute("UPDATE games SET score = ?, sheet = ?, winner = ?, ended = ? WHERE id = ?",
                     (_dumps(after), _dumps(sheet), winner, when if winner is not None else None, game_id))

    store.transaction(work, write=True)
    return get_game(store, game_id)


def _summaries(conn, ids) -> dict[int, dict]:
    """Per game: its rounds' count, the points they lost by card play and their verdicts summed."""
    out = {i: {"rounds": 0, "card_loss": None, "verdicts": {}} for i in ids}
    if not ids:
        return out
    marks = ", ".join("?" * len(ids))
    for game_id, loss, verdicts in conn.execute(
            f"SELECT game_id, card_loss, verdicts FROM rounds WHERE game_id IN ({marks}) ORDER BY id", tuple(ids)):
        s = out[game_id]
        s["rounds"] += 1
        if loss is not None:
            s["card_loss"] = (s["card_loss"] or 0.0) + loss
        for verdict, n in json.loads(verdicts).items():
            s["verdicts"][verdict] = s["verdicts"].get(verdict, 0) + n
    return out


def _game_row(values, columns, summary) -> dict:
    out = dict(zip(columns, values))
    out["score"] = json.loads(out["score"])
    if "sheet" in out:
        out["sheet"] = json.loads(out["sheet"])
        out["played"] = len(out["sheet"])
    return out | {"saved_rounds": summary["rounds"], "card_loss": summary["card_loss"],
                  "verdicts": summary["verdicts"]}


def list_games(store: HistoryStore) -> list[dict]:
    """Every game, newest first (:data:`GAME_COLUMNS` with ``saved_rounds``, ``card_loss`` and
    ``verdicts`` of its saved rounds)."""
    def work(conn):
        rows = conn.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games ORDER BY id DESC").fetchall()
        summaries = _summaries(conn, [r[0] for r in rows])
        return [_game_row(r, GAME_COLUMNS, summaries[r[0]]) for r in rows]

    return store.transaction(work)


def get_game(store: HistoryStore, game_id: int) -> dict | None:
    """One game with its ``sheet`` (the rows in order, each with ``round_id``, ``before``,
    ``after``) and ``played`` (how many rows), or None."""
    columns = GAME_COLUMNS + ("sheet",)

    def work(conn):
        row = conn.execute(f"SELECT {', '.join(columns)} FROM games WHERE id = ?", (int(game_id),)).fetchone()
        return None if row is None else _game_row(row, columns, _summaries(conn, [int(game_id)])[int(game_id)])

    return store.transaction(work)


def open_game(store: HistoryStore, game: str) -> dict | None:
    """The newest game of ``game`` without a winner (to go on with after a reload), or None."""
    found = store.transaction(lambda conn: conn.execute(
        "SELECT id FROM games WHERE game = ? AND winner IS NULL ORDER BY id DESC LIMIT 1", (game,)).fetchone())
    return None if found is None else get_game(store, found[0])


def delete_game(store: HistoryStore, game_id: int) -> bool:
    """Remove a game, its rounds and their practice positions; whether it was there."""
    def work(conn):
        conn.execute("DELETE FROM positions WHERE round_id IN (SELECT id FROM rounds WHERE game_id = ?)",
                     (int(game_id),))
        conn.execute("DELETE FROM rounds WHERE game_id = ?", (int(game_id),))
        return conn.execute("DELETE FROM games WHERE id = ?", (int(game_id),)).rowcount > 0

    return store.transaction(work, write=True)
