"""The routes of ``jass-sim serve``.

- ``GET /`` the page; ``GET /static/...`` its scripts and styles (package data).
- ``GET /api/health``: ``{"status": "warming" | "ready", "version": ..., "games": {game: "warming" |
  "ready" | "failed"}, "families": {warm-up: {"state", "commands"}}, "warming": [commands]}``
  (``status``: the first registered game, the page's first question; ``families``: the job commands
  each warm-up prepares; ``warming``: the commands whose kernels are still compiling).
- ``POST /api/jobs`` with ``{"command": C, "args": {...}}``: 202 ``{"id": ...}`` within a second, even
  while kernels compile; bad arguments 400 ``{"error": line, "field": argument}`` (or, when their check
  has to compile kernels first, the job's ``error`` event with that body); a body over
  ``MAX_BODY_BYTES`` 413; a full queue 429.
- ``GET /api/jobs/{id}/events``: server-sent events: ``progress`` (at least every 0.5 s; while the
  job's kernels compile, ``stage`` "compiling the review's kernels, about N s" with ``done``/``target``
  in seconds and ``warming``), then one of ``result``, ``error`` or ``cancelled``. Unknown id: 404.
- ``DELETE /api/jobs/{id}``: cancel (the stream ends with ``cancelled`` within a second).
- ``GET /api/jobs/{id}``: the job's state and, once there, its result (a page reloaded mid-job).
- ``GET /api/commands``: the commands and their arguments.
- ``GET /api/notation``: every game's card notation (suits, symbols, ranks, card codes, and what a
  game adds), the one definition the page shows cards from.
- ``POST /api/position``: a round so far, checked by the rules of the game with a position hook
  (:attr:`jass_sim.core.game.Game.position`): the position and the seat to play, or 400.
- ``GET``/``DELETE /api/history`` and ``/api/history/{id}``: the saved rounds (:mod:`jass_sim.page.history`);
  every job with a history hook (the games' reviews) saves its round (game) unless its args say
  ``"save": false``.
- ``GET /api/practice``, ``GET /api/practice/next?game=G``, ``POST /api/practice/{id}/answer``: the
  drill of the saved reviews' mistakes (:mod:`jass_sim.page.practice`).
- ``/api/history/games`` (``POST``, ``GET``, ``/open``, ``/{id}``, ``/{id}/rounds``): whole games played
  with the coach, one history entry each with its score sheet (:mod:`jass_sim.page.games`).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from importlib import resources

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from jass_sim.core.caps import MAX_BODY_BYTES
from jass_sim.core.errors import InputError
from jass_sim.core.files import package_version
from jass_sim.core.history import HistoryStore, history_path
from jass_sim.page.auth import TokenGate
from jass_sim.page.commands import COMMANDS, check_position, check_request, error_body
from jass_sim.page.games import games_routes
from jass_sim.page.history import EXTRA_ARGS, history_routes, saver, split_save
from jass_sim.page.jobs import FINAL_STATES, JobQueue, QueueFull
from jass_sim.page.notation import notation_json
from jass_sim.page.practice import practice_routes
from jass_sim.page.reports import available as available_reports
from jass_sim.page.reports import report_route, reports_dir

#: Seconds between two progress events of a running job, at most (the contract says 0.5).
PROGRESS_EVERY = 0.4
#: How often an event stream looks at its job.
POLL = 0.05
#: Seconds a ``POST /api/jobs`` waits for the check of its arguments (400 on bad input): a check that
#: imports or compiles on a first run takes longer, so the job is accepted and held until its check
#: ends (bad input then fails the job, its ``error`` event carrying the 400's body).
CHECK_WAIT = 0.3


def static_dir() -> str:
    return str(resources.files("jass_sim.page") / "static")


def create_app(jobs: JobQueue | None = None, warm_up=None, token: str | None = None, background=(),
               history: HistoryStore | None = None) -> Starlette:
    """The Starlette application, with its own job queue (``warm_up`` runs on its worker first) and the
    history it saves reviews in (default: in ``$JASS_SIM_DATA_DIR``, else the user's data directory).

    With a ``token`` (``serve`` off loopback), every request must carry it (see
    :class:`jass_sim.page.auth.TokenGate`): 401 otherwise."""
    jobs = jobs if jobs is not None else JobQueue(warm_up=warm_up, background=background)
    history = history if history is not None else HistoryStore(history_path())
    version = package_version()

    async def page(request: Request) -> Response:
        return FileResponse(f"{static_dir()}/index.html", media_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        families = jobs.families()
        body = {"status": "ready" if jobs.ready else "warming", "version": version, "games": dict(jobs.games),
                "families": families,
                "warming": [c for f in families.values() if f["state"] == "warming" for c in f["commands"]]}
        if jobs.warm_up_error:
            body["warm_up_error"] = jobs.warm_up_error
        return JSONResponse(body)

    async def commands(request: Request) -> Response:
        return JSONResponse({name: sorted(c.parameters() | EXTRA_ARGS.get(name, set())) for name, c in COMMANDS.items()})

    async def notation(request: Request) -> Response:
        return JSONResponse(notation_json())

    async def submit(request: Request) -> Response:
        try:
            body = await read_json(request)
        except BodyError as exc:
            return exc.response

        def prepare():
            """The whole check of the body, off the event loop: it may import the command's module and
            compile the kernels its check calls (minutes on a first run)."""
            checked, source = split_save(body)
            command, args = check_request(checked)
            jobs.check(command, args)
            return command, args, source

        def refused(exc: Exception) -> Response:
            args = body.get("args") if isinstance(body, dict) and isinstance(body.get("args"), dict) else {}
            return JSONResponse(error_body(exc, args), status_code=400)

        check = in_daemon_thread(prepare)
        done, _ = await asyncio.wait({check}, timeout=CHECK_WAIT)
        name = body.get("command") if isinstance(body, dict) else None
        if not done and (name not in COMMANDS or not isinstance(body.get("args", {}), (dict, type(None)))):
            done, _ = await asyncio.wait({check})  # a body the check refuses without importing anything
        if done:
            try:
                command, args, source = check.result()
            except (InputError, TypeError, ValueError) as exc:
                return refused(exc)
            try:
                job = jobs.submit(name, command, args, after=saver(history, source, name) if source else None)
            except QueueFull as exc:
                return JSONResponse({"error": str(exc)}, status_code=429)
            return JSONResponse({"id": job.id}, status_code=202)
        # still checking (a first run compiles): the job is held until its check ends, and says what it waits for
        raw = body.get("args") or {}
        try:
            job = jobs.submit(name, COMMANDS[name], raw, hold=True)
        except QueueFull as exc:
            return JSONResponse({"error": str(exc)}, status_code=429)

        def checked(f) -> None:
            exc = None if f.cancelled() else f.exception()
            if f.cancelled() or exc is not None:
                jobs.checked(job, exc)
                return
            command, args, source = f.result()
            jobs.release(job, command, args, after=saver(history, source, name) if source else None)

        check.add_done_callback(checked)
        return JSONResponse({"id": job.id}, status_code=202)

    async def position(request: Request) -> Response:
        """A round entered at the table, checked by the rules (no job: it is quick): the position
        from seat 0's view, or 400 with the line naming the card that breaks a rule."""
        try:
            body = await read_json(request)
        except BodyError as exc:
            return exc.response
        try:
            doc = await run_in_threadpool(check_position, body)
        except (InputError, TypeError, ValueError) as exc:
            # a card that breaks a rule is named in "played" first (it may be in "hand" as well)
            fields = {"played": body.get("played", "")} | body if isinstance(body, dict) else {}
            return JSONResponse(error_body(exc, fields), status_code=400)
        return JSONResponse(doc)

    async def reports(request: Request) -> Response:
        """The committed strategy reports the page links (none without the repository)."""
        return JSONResponse({"reports": available_reports()})

    async def job_state(request: Request) -> Response:
        job = jobs.get(request.path_params["job_id"])
        if job is None:
            return _no_job(request)
        return JSONResponse({"id": job.id, "command": job.name, "state": job.state, "progress": job.progress,
                             "result": job.result, "error": job.error, "partial": job.partial})

    async def cancel(request: Request) -> Response:
        job = jobs.cancel(request.path_params["job_id"])
        if job is None:
            return _no_job(request)
        return JSONResponse({"id": job.id, "state": job.state})

    async def events(request: Request) -> Response:
        job = jobs.get(request.path_params["job_id"])
        if job is None:
            return _no_job(request)

        async def stream():
            seen = -1
            sent_at = 0.0
            while True:
                state, version = job.state, job.version
                if state in FINAL_STATES:
                    if state == "result":
                        yield _event("result", job.result)
                    elif state == "error":
                        yield _event("error", job.error)
                    else:
                        yield _event("cancelled", {"partial": job.partial} if job.partial else {})
                    return
                now = time.monotonic()
                if version != seen or now - sent_at >= PROGRESS_EVERY:
                    data = {"done": 0, "target": 0} | job.progress | {"state": state}
                    if state == "queued":
                        data["ahead"] = jobs.position(job)
                        if not jobs.ready:
                            data["stage"] = "preparing the engine"
                    waiting = jobs.waiting(job)
                    if waiting is not None:  # its kernels are still compiling: say so, with the time left
                        data |= waiting
                    if job.partial is not None and version != seen:
                        data["partial"] = job.partial
                    yield _event("progress", data)
                    seen, sent_at = version, now
                if await request.is_disconnected():
                    return
                await asyncio.sleep(POLL)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    routes = [
        Route("/", page),
        Route("/api/health", health),
        Route("/api/commands", commands),
        Route("/api/notation", notation),
        Route("/api/position", position, methods=["POST"]),
        Route("/api/jobs", submit, methods=["POST"]),
        Route("/api/jobs/{job_id}", job_state, methods=["GET"]),
        Route("/api/jobs/{job_id}", cancel, methods=["DELETE"]),
        Route("/api/jobs/{job_id}/events", events),
        *practice_routes(history, read_json, BodyError),  # /api/history/stats before /api/history/{id}
        *games_routes(history, read_json, BodyError),  # /api/history/games before /api/history/{id}
        *history_routes(history),
        Route("/api/reports", reports),
        Mount("/static", app=StaticFiles(directory=static_dir()), name="static"),
    ]
    if reports_dir() is not None:  # the committed reports, read-only (StaticFiles refuses paths outside it)
        # each report's page with a way back, its contents and keyboard stops (page.reports.for_the_page)
        routes += [Route("/reports/{game}/", report_route), Route("/reports/{game}/index.html", report_route)]
        routes.append(Mount("/reports", app=StaticFiles(directory=str(reports_dir()), html=True), name="reports"))
    middleware = [Middleware(TokenGate, token=token)] if token else []
    app = Starlette(routes=routes, middleware=middleware)
    app.state.jobs = jobs
    app.state.history = history
    return app


def in_daemon_thread(work) -> asyncio.Future:
    """``work()`` on a daemon thread of its own, as a future of the running loop: a check that compiles
    for minutes on a first run never holds up the server's exit (Ctrl-C, SIGTERM), as the thread
    pool's threads would."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()

    def settle(result, exc) -> None:
        if not future.done():
            if exc is not None:
                future.set_exception(exc)
            else:
                future.set_result(result)

    def run() -> None:
        try:
            result, exc = work(), None
        except Exception as error:  # handed to the loop: the POST's answer or the held job's error
            result, exc = None, error
        try:
            loop.call_soon_threadsafe(settle, result, exc)
        except RuntimeError:  # the loop is closed: the server has stopped
            pass

    threading.Thread(target=run, name="jass-sim-check", daemon=True).start()
    return future


class BodyError(Exception):
    """A request body the API does not read: its answer (400 or 413)."""

    def __init__(self, response: Response):
        super().__init__(response.status_code)
        self.response = response


async def read_json(request: Request):
    """The request's JSON body, read up to :data:`jass_sim.core.caps.MAX_BODY_BYTES` (413 beyond,
    before the rest is read; 400 when it is not JSON)."""
    too_large = BodyError(JSONResponse({"error": f"the request body is larger than the {MAX_BODY_BYTES:,} bytes "
                                                 "allowed", "field": "body"}, status_code=413))
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY_BYTES:
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise too_large
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks))
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BodyError(JSONResponse({"error": "the request body is not JSON", "field": "body"},
                                     status_code=400)) from None


def _no_job(request: Request) -> Response:
    return JSONResponse({"error": f"no job {request.path_params['job_id']!r}"}, status_code=404)


def _event(name: str, data) -> str:
    return f"event: {name}\ndata: {json.dumps(data, allow_nan=False)}\n\n"
