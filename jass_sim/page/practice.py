"""Practice on the page: the routes of the drill (:mod:`jass_sim.core.practice`) on the server's
history file.

- ``GET /api/practice``: ``{"games": {game: {"due": n, "total": m}}}`` for every game whose reviews
  are saved.
- ``GET /api/history/stats``: progress over time (:func:`jass_sim.core.history_stats.history_stats`)
  for the same games (before ``/api/history/{id}`` among the routes).
- ``GET /api/practice/next?game=G``: the due position of ``G`` due the longest, ``{"id", "game",
  "position": {...}, "choices": [...]}`` (and its ``box``, ``kind``, ``verdict``), or 204 when none
  is due; an unknown game 400 with ``field`` ``game``.
- ``POST /api/practice/{id}/answer`` with ``{"choice": "..."}``: ``{"correct", "best", "values":
  [{"choice", "value", "ci95"}], "box", "due"}`` (and ``played``, the choice of the round); an
  unknown id 404; an ID that is not a whole number 400 with ``field`` ``id``; a choice that is not
  one of the position's 400 with ``field`` ``choice``; a position not due (answered already, in
  another tab) 409.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jass_sim.core.errors import InputError
from jass_sim.core.history import HistoryError, HistoryStore
from jass_sim.core.practice import NotDue, UnknownPosition, answer, due_counts, next_due, parse_position_id
from jass_sim.page.history import unusable
from jass_sim.registry import GAMES

#: The games whose reviews are saved, hence practised (a job with a history hook).
PRACTICE_GAMES = tuple(game.name for game in GAMES if any(job.history for job in game.jobs))


def practice_routes(store: HistoryStore, read_json, body_error: type[Exception]) -> list[Route]:
    """The routes of the module docstring, on ``store`` (``read_json``: the page's body reader,
    raising ``body_error`` with the ``response`` to give: 400 not JSON, 413 too large)."""

    async def counts(request: Request) -> Response:
        try:
            return JSONResponse({"games": await run_in_threadpool(due_counts, store, PRACTICE_GAMES)})
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)

    async def next_position(request: Request) -> Response:
        game = request.query_params.get("game", "")
        if game not in PRACTICE_GAMES:
            return JSONResponse({"error": f"game is {' or '.join(PRACTICE_GAMES)}, got {game!r}", "field": "game"},
                                status_code=400)
        try:
            out = await run_in_threadpool(next_due, store, game)
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)
        return JSONResponse(out) if out is not None else Response(status_code=204)

    async def answer_position(request: Request) -> Response:
        try:
            pid = parse_position_id(request.path_params["position_id"])
        except InputError as exc:
            return JSONResponse({"error": str(exc), "field": "id"}, status_code=400)
        try:
            body = await read_json(request)
        except body_error as exc:
            return exc.response
        if not isinstance(body, dict) or "choice" not in body:
            return JSONResponse({"error": "the body is {\"choice\": ...}", "field": "choice"}, status_code=400)
        try:
            out = await run_in_threadpool(answer, store, pid, body["choice"])
        except UnknownPosition as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        except NotDue as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)
        except InputError as exc:
            return JSONResponse({"error": str(exc), "field": getattr(exc, "field", None) or "choice"},
                                status_code=400)
        return JSONResponse(out)

    async def stats(request: Request) -> Response:
        from jass_sim.core.history_stats import history_stats

        try:
            return JSONResponse(await run_in_threadpool(history_stats, store, PRACTICE_GAMES))
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)

    return [
        Route("/api/history/stats", stats, methods=["GET"]),
        Route("/api/practice", counts, methods=["GET"]),
        Route("/api/practice/next", next_position, methods=["GET"]),
        Route("/api/practice/{position_id}/answer", answer_position, methods=["POST"]),
    ]
