"""The history on the page: the routes that list, fetch and delete the saved rounds, and the saving
of every job whose descriptor has a history hook (:attr:`jass_sim.core.game.Job.history`: the
games' reviews; its ``save`` argument, default true; ``source``: ``review`` or ``coach``).

- ``GET /api/history``: ``{"rounds": [...]}``, newest first: ``id``, ``created`` (UTC, ISO 8601),
  ``game``, ``source``, ``mode``, ``seat``, ``card_loss``, ``verdicts``, ``score`` and ``hand`` (the
  review's ``glance``, null when the game saved none); the rounds of a whole game
  are in its one entry instead (:mod:`jass_sim.page.games`, ``GET /api/history/games``).
- ``GET /api/history/{id}``: one round, with ``round`` (its text, to review it again) and ``review``
  (the review's JSON); 404 when there is none, 400 ``{"error", "field": "id"}`` for an ID that is not
  a whole number.
- ``DELETE /api/history/{id}``: ``{"deleted": 1}`` (404, 400 as above); ``DELETE /api/history``:
  every round, ``{"deleted": n}``.

The file is the server's configuration (``serve --data-dir``, ``$JASS_SIM_DATA_DIR``); no request
names a file.
"""

from __future__ import annotations

import logging

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jass_sim.core.errors import InputError
from jass_sim.core.history import HistoryError, HistoryStore, parse_id
from jass_sim.registry import GAMES

log = logging.getLogger("jass_sim.page")

#: Where a saved review came from, as the job's ``source`` says.
SOURCES = ("review", "coach")
#: The commands whose results are saved, and the function that makes a result the history's row
#: (``module:function``, called with the result, the source and the result's JSON), from the
#: games' descriptors.
SAVED = {job.name: job.history for game in GAMES for job in game.jobs if job.history}
#: The job arguments the page adds to a command's own (``GET /api/commands`` lists them too).
EXTRA_ARGS = {name: {"save", "source"} for name in SAVED}


def split_save(body):
    """A ``POST /api/jobs`` body without the page's own ``save`` and ``source`` of a review, and the
    source to save it under (None: not saved). Other commands' bodies pass unchanged, so that
    ``save`` stays an unknown argument of theirs. InputError naming the bad value."""
    if not isinstance(body, dict) or body.get("command") not in SAVED or not isinstance(body.get("args"), dict):
        return body, None
    name = body["command"]
    args = dict(body["args"])
    save = args.pop("save", True)
    source = args.pop("source", "review")
    if not isinstance(save, bool):
        raise InputError(f"{name}'s save is true or false, got {save!r}", "save")
    if source not in SOURCES:
        raise InputError(f"{name}'s source is {' or '.join(SOURCES)}, got {source!r}", "source")
    return {**body, "args": args}, (source if save else None)


def saver(store: HistoryStore, source: str, command: str):
    """What a review job (of ``command``) runs on its result: the round or game saved, its ID in the
    result (``history_id``), or the line saying why it could not be saved (``history_error``)."""
    def after(out, doc: dict) -> dict:
        import importlib

        module, function = SAVED[command].split(":")
        history_entry = getattr(importlib.import_module(module), function)
        try:
            doc["history_id"] = store.add(history_entry(out, source, doc))
        except HistoryError as exc:
            doc["history_error"] = unusable(exc)
        return doc
    return after


def unusable(exc: HistoryError) -> str:
    """The line a client gets when the history cannot be used: the reason, not the server's path (the
    whole line goes to the server's log)."""
    log.warning("%s", exc)
    return f"the history cannot be used: {exc.reason}"


def history_routes(store: HistoryStore) -> list[Route]:
    """The routes of the module docstring, on ``store``."""

    async def answer(work) -> Response:
        """``work()`` off the event loop: its JSON, 404 when it found no round, 503 when the file
        cannot be used."""
        try:
            out = await run_in_threadpool(work)
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)
        return JSONResponse(out)

    async def list_rounds(request: Request) -> Response:
        return await answer(lambda: {"rounds": store.list(in_games=False, glance=True)})

    async def delete_all(request: Request) -> Response:
        return await answer(lambda: {"deleted": store.clear()})

    async def one(request: Request) -> Response:
        try:
            rid = parse_id(request.path_params["round_id"])
        except InputError as exc:
            return JSONResponse({"error": str(exc), "field": "id"}, status_code=400)
        missing = {"error": f"no round {rid} in the history"}

        def work():
            if request.method == "DELETE":
                return {"deleted": 1} if store.delete(rid) else None
            return store.get(rid)

        try:
            out = await run_in_threadpool(work)
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)
        return JSONResponse(out) if out is not None else JSONResponse(missing, status_code=404)

    return [
        Route("/api/history", list_rounds, methods=["GET"]),
        Route("/api/history", delete_all, methods=["DELETE"]),
        Route("/api/history/{round_id}", one, methods=["GET", "DELETE"]),
    ]
