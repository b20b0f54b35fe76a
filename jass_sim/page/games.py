"""Whole games on the page (issue 54 item 4): the routes that keep a game played with the coach in
the history (:mod:`jass_sim.core.history_games`), one entry with its score sheet and rounds.

- ``POST /api/history/games`` ``{"game", "rules", "target"}``: a new game at 0:0 (201, the game).
- ``GET /api/history/games``: ``{"games": [...]}``, newest first.
- ``GET /api/history/games/open?game=G``: the newest game of ``G`` not over (to go on with after a
  reload), or 204.
- ``GET``/``DELETE /api/history/games/{id}``: one game with its ``sheet`` / delete it with its
  rounds and their practice positions.
- ``POST /api/history/games/{id}/rounds`` ``{"row", "before", "after", "winner", "round_id"}``: a
  round played in it (the round's review is saved by its own review job, ``history_id``; ``winner`` 0
  or 1 ends the game, 2 ends it as a tie, only with equal scores, where a game can end level); 409 when
  the game is over or ``before`` is not its score (another tab), 400 with ``field`` for a bad field.

Every 400 names its ``field``; an unknown game is 404; a history that cannot be used 503.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jass_sim.core.errors import InputError
from jass_sim.core.history import HistoryError, HistoryStore
from jass_sim.core.history_games import (
    GameConflict,
    UnknownGame,
    add_round,
    delete_game,
    get_game,
    list_games,
    open_game,
    parse_game_id,
    start_game,
)
from jass_sim.page.history import unusable
from jass_sim.page.practice import PRACTICE_GAMES
from jass_sim.registry import GAMES

#: The games a game entry may be of: the games whose reviews are saved, and the variants their
#: descriptors keep as whole games of their own (:attr:`jass_sim.core.game.Game.page_games`).
GAME_NAMES = PRACTICE_GAMES + tuple(name for game in GAMES for name in game.page_games)


def _bad(exc: InputError, default: str) -> JSONResponse:
    return JSONResponse({"error": str(exc), "field": getattr(exc, "field", None) or default}, status_code=400)


def games_routes(store: HistoryStore, read_json, body_error: type[Exception]) -> list[Route]:
    """The routes of the module docstring, on ``store`` (``read_json``: the page's body reader,
    raising ``body_error`` with the ``response`` to give)."""

    async def run(work, status: int = 200) -> Response:
        try:
            out = await run_in_threadpool(work)
        except UnknownGame as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        except GameConflict as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        except HistoryError as exc:
            return JSONResponse({"error": unusable(exc)}, status_code=503)
        except InputError as exc:
            return _bad(exc, "body")
        if out is None:
            return Response(status_code=204)
        return JSONResponse(out, status_code=status)

    async def body_of(request: Request):
        try:
            body = await read_json(request)
        except body_error as exc:
            return None, exc.response
        if not isinstance(body, dict):
            return None, JSONResponse({"error": "the body must be a JSON object", "field": "body"}, status_code=400)
        return body, None

    async def start(request: Request) -> Response:
        body, refused = await body_of(request)
        if refused is not None:
            return refused
        game, rules = body.get("game"), body.get("rules")
        if game not in GAME_NAMES:
            return JSONResponse({"error": f"game is {' or '.join(GAME_NAMES)}, got {game!r}", "field": "game"},
                                status_code=400)
        if not isinstance(rules, str) or not rules.strip() or len(rules) > 40:
            return JSONResponse({"error": f"rules is the game's rule preset, got {rules!r}", "field": "rules"},
                                status_code=400)
        return await run(lambda: start_game(store, game, rules, body.get("target")), status=201)

    async def listing(request: Request) -> Response:
        return await run(lambda: {"games": list_games(store)})

    async def still_open(request: Request) -> Response:
        game = request.query_params.get("game", "")
        if game not in GAME_NAMES:
            return JSONResponse({"error": f"game is {' or '.join(GAME_NAMES)}, got {game!r}", "field": "game"},
                                status_code=400)
        return await run(lambda: open_game(store, game))

    def game_id(request: Request):
        try:
            return parse_game_id(request.path_params["game_id"]), None
        except InputError as exc:
            return None, JSONResponse({"error": str(exc), "field": "id"}, status_code=400)

    async def one(request: Request) -> Response:
        gid, refused = game_id(request)
        if refused is not None:
            return refused

        def work():
            found = delete_game(store, gid) if request.method == "DELETE" else get_game(store, gid)
            if not found:
                raise UnknownGame(f"no game {gid} in the history", str(gid))
            return {"deleted": 1} if request.method == "DELETE" else found

        return await run(work)

    async def add(request: Request) -> Response:
        gid, refused = game_id(request)
        if refused is not None:
            return refused
        body, refused = await body_of(request)
        if refused is not None:
            return refused
        known = {"row", "before", "after", "winner", "round_id"}
        extra = sorted(set(body) - known)
        if extra:
            return JSONResponse({"error": f"a game's round takes no field {extra[0]!r} (it takes "
                                          f"{', '.join(sorted(known))})", "field": extra[0]}, status_code=400)
        return await run(lambda: add_round(store, gid, row=body.get("row"), before=body.get("before"),
                                           after=body.get("after"), winner=body.get("winner"),
                                           round_id=body.get("round_id")))

    return [
        Route("/api/history/games", start, methods=["POST"]),
        Route("/api/history/games", listing, methods=["GET"]),
        Route("/api/history/games/open", still_open, methods=["GET"]),
        Route("/api/history/games/{game_id}", one, methods=["GET", "DELETE"]),
        Route("/api/history/games/{game_id}/rounds", add, methods=["POST"]),
    ]
