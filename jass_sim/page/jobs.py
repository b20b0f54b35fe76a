"""The job queue of ``jass-sim serve``: one worker thread runs the jobs one at a time, in order.

The compiled kernels release the GIL, so the event loop keeps answering while a job computes; one
job at a time keeps every kernel call on one thread (Numba's default thread pool is not safe for
parallel kernels launched from two threads at once) and suits a machine of two cores.

A job's state moves from ``queued`` to ``running`` to exactly one of ``result``, ``error`` or
``cancelled``. Every command takes a ``progress`` callback: it reports ticks (with the estimate so
far for ``advise`` and ``play_advice``) at least every half second and stops at the next tick when
cancelled (a job is reported ``cancelled`` at once; a result that still comes is dropped). At most
:data:`~jass_sim.core.caps.MAX_QUEUED` jobs wait (:class:`QueueFull` beyond).
"""

from __future__ import annotations

import itertools
import logging
import queue
import secrets
import threading
import time
from dataclasses import dataclass, field

from jass_sim.core.caps import MAX_QUEUED
from jass_sim.core.chunks import Tick
from jass_sim.core.errors import Cancelled, InputError
from jass_sim.page.commands import JobCommand, clean_json, error_body

log = logging.getLogger("jass_sim.page")

#: How often the estimate so far (``partial``) is rebuilt for the progress events, at most.
PARTIAL_EVERY = 0.4
#: Finished jobs kept for their event streams (the oldest are forgotten first).
KEEP_FINISHED = 200

FINAL_STATES = ("result", "error", "cancelled")


@dataclass
class Job:
    """One job: its command and arguments, its state and what it produced."""

    id: str
    name: str
    command: JobCommand
    args: dict
    state: str = "queued"
    progress: dict = field(default_factory=dict)
    partial: dict | None = None
    result: dict | None = None
    error: dict | None = None
    version: int = 0
    cancel_requested: bool = False
    #: run on the result before it is posted: ``after(out, doc) -> doc`` (a review saved in the history)
    after: object = None
    created: float = field(default_factory=time.monotonic)
    _partial_at: float = 0.0

    @property
    def finished(self) -> bool:
        return self.state in FINAL_STATES

    def _changed(self) -> None:
        self.version += 1


class JobQueue:
    """Jobs run in order on one worker thread (see the module docstring).

    Parameters
    ----------
    warm_up : callable, optional
        Run on the worker thread before the first job (compiles the first game's first kernels, its
        warm-up named ``first``); :attr:`ready` is True once it ended.
    background : sequence of (game, callable), optional
        Warm-ups run one after the other on a thread of their own once ``warm_up`` ended (the other
        games: the page answers the first meanwhile); :attr:`games` says which game is ready.
    first : str, optional
        The name of ``warm_up`` in :attr:`games` (default: the first registered game's first warm-up).
    """

    def __init__(self, warm_up=None, background=(), first: str | None = None):
        self._jobs: dict[str, Job] = {}
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._warm_up = warm_up
        self.ready = warm_up is None
        self.warm_up_error: str | None = None
        self._background = list(background)
        if first is None:
            from jass_sim.registry import GAMES

            first = next(name for game in GAMES for name, _ in game.warm_ups)
        self._first = first
        #: ``game -> "warming" | "ready" | "failed"`` (``first``: the worker's own warm-up)
        self.games: dict[str, str] = {first: "ready" if warm_up is None else "warming"}
        self.games.update({game: "warming" for game, _ in self._background})
        #: when each warm-up started (``time.monotonic``), for the estimate of what is left
        self.warm_started: dict[str, float] = {first: time.monotonic()}
        #: a kernel was compiled in this process (a cache miss), not only loaded from Numba's cache
        self.compiled = False
        if warm_up is not None or self._background:
            self._listen_to_compiles()
        self._thread = threading.Thread(target=self._work, name="jass-sim-jobs", daemon=True)
        self._thread.start()

    # --- what is still warming ---------------------------------------------------------------------
    def family(self, command: JobCommand) -> str | None:
        """The warm-up that compiles ``command``'s kernels (:attr:`JobCommand.warm_up`, else its game's
        first), or None for a game without warm-ups."""
        from jass_sim.registry import GAMES

        for game in GAMES:
            if any(job is command for job in game.jobs):
                return command.warm_up or (game.warm_ups[0][0] if game.warm_ups else None)
        return None

    def families(self) -> dict[str, dict]:
        """``{warm-up: {"state": "warming" | "ready" | "failed", "commands": [...]}}``: the job commands
        each warm-up prepares, and whether it is done (``/api/health``)."""
        from jass_sim.registry import GAMES

        out: dict[str, dict] = {}
        for game in GAMES:
            for job in game.jobs:
                name = self.family(job)
                if name is not None:
                    out.setdefault(name, {"state": self.games.get(name, "ready"), "commands": []})
                    out[name]["commands"].append(job.name)
        return out

    def waiting(self, job: Job) -> dict | None:
        """What ``job`` waits for before its first tick: its warm-up still running, as a progress event's
        fields (``stage`` "compiling the review's kernels, about N s", ``done``/``target``: seconds
        since that warm-up started and its estimate, ``warming``: the warm-up's name); None when its
        kernels are ready or the job has ticked already."""
        family = self.family(job.command)
        if family is None or self.games.get(family, "ready") != "warming" or job.progress.get("done", 0):
            return None
        elapsed = time.monotonic() - self.warm_started.get(family, job.created)  # not started: since the POST
        estimate = job.command.compile_seconds
        left = max(1, round(estimate - elapsed))
        what = job.name.replace("_", " ")
        stage = (f"compiling the {what}'s kernels, about {left} s" if self.compiled
                 else f"loading the {what}'s kernels")
        return {"stage": stage, "done": round(min(elapsed, estimate - 1), 1), "target": estimate, "warming": family}

    def _listen_to_compiles(self) -> None:
        """Note the first kernel compiled in this process (Numba sends ``numba:compile`` on a cache
        miss only): the events then say "compiling", else "loading"."""
        from numba.core import event

        jobs = self

        class Listener(event.Listener):
            def on_start(self, ev) -> None:
                jobs.compiled = True

            def on_end(self, ev) -> None:
                pass

        event.register("numba:compile", Listener())

    def checked(self, job: Job, exc: BaseException | None) -> None:
        """The check of a held job's arguments (:meth:`submit` with ``hold``) failed: bad input fails
        the job with the 400's body (``error``, ``field``), anything else as an internal error."""
        if isinstance(exc, (InputError, TypeError, ValueError)):
            self._fail(job, error_body(exc, job.args))
        else:
            log.error("the check of job %s failed: %r", job.id, exc)
            self._fail(job, {"error": f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())}"})

    def release(self, job: Job, command: JobCommand, args: dict, after=None) -> None:
        """A held job's check passed: it runs with the checked ``args`` (in its turn)."""
        with self._lock:
            job.command, job.args, job.after = command, args, after
        self._queue.put(job)

    # --- the API's side -------------------------------------------------------------------------
    def check(self, command: JobCommand, args: dict) -> None:
        """Check ``args`` before queueing: a command with a progress callback runs up to its first
        tick (which comes once the input is checked, before any kernel) and stops there; an
        InputError (or a TypeError of a wrong argument type) propagates."""
        if not command.progress:
            return

        def stop(tick):
            raise _Checked()

        try:
            command.load()(**args, progress=stop)
        except _Checked:
            return

    def submit(self, name: str, command: JobCommand, args: dict, after=None, hold: bool = False) -> Job:
        """Queue a job; :class:`QueueFull` when :data:`~jass_sim.core.caps.MAX_QUEUED` jobs wait already.
        With ``hold`` the job waits (``queued``) until :meth:`release` or :meth:`checked`: its check
        of the arguments is still running."""
        job = Job(f"{next(self._ids)}-{secrets.token_hex(4)}", name, command, args, after=after)
        with self._lock:
            if sum(1 for j in self._jobs.values() if j.state == "queued") >= MAX_QUEUED:
                raise QueueFull(f"{MAX_QUEUED} jobs are waiting already: try again when one has ended")
            self._jobs[job.id] = job
            self._forget_old()
        if not hold:
            self._queue.put(job)
        return job

    def get(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Ask ``job_id`` to stop: a queued job never runs; a running one stops at its next tick. Its
        state is ``cancelled`` from now on (a result that still comes is dropped)."""
        job = self._jobs.get(job_id)
        if job is None:
            return None
        with self._lock:
            if not job.finished:
                job.cancel_requested = True
                job.state = "cancelled"
                job._changed()
        return job

    def position(self, job: Job) -> int:
        """Jobs ahead of ``job`` in the queue (0 when it runs or ended)."""
        if job.state != "queued":
            return 0
        return sum(1 for j in list(self._jobs.values()) if j.state in ("queued", "running") and j.created < job.created)

    def close(self) -> None:
        self._queue.put(None)

    # --- the worker's side ----------------------------------------------------------------------
    def _work(self) -> None:
        if self._warm_up is not None:
            try:
                self._warm_up()
            except Exception as exc:  # a server that cannot warm up still serves; the page says why
                self.warm_up_error = f"{type(exc).__name__}: {exc}"
                log.exception("warm-up failed")
            self.ready = True
            self.games[self._first] = "failed" if self.warm_up_error else "ready"
        if self._background:
            threading.Thread(target=self._warm_games, name="jass-sim-warm-up", daemon=True).start()
        while True:
            job = self._queue.get()
            if job is None:
                return
            if job.cancel_requested or job.finished:  # cancelled, or its queued check failed
                continue
            self._run(job)

    def _warm_games(self) -> None:
        # after the first: a game's first job waits for nothing that another game's warm-up compiles
        for game, warm in self._background:
            self.warm_started[game] = time.monotonic()
            try:
                warm()
                self.games[game] = "ready"
            except Exception:  # the game's own jobs will say what is wrong; the server goes on
                self.games[game] = "failed"
                log.exception("warm-up of %s failed", game)

    def _run(self, job: Job) -> None:
        with self._lock:
            if job.finished:
                return
            job.state = "running"
            job._changed()
        kwargs = dict(job.args)
        if job.command.progress:
            kwargs["progress"] = lambda tick: self._tick(job, tick)
        try:
            out = job.command.load()(**kwargs)
            doc = clean_json(out.to_json())
            if job.after is not None and not job.cancel_requested:
                doc = job.after(out, doc)
            with self._lock:
                if not job.cancel_requested and not job.finished:
                    job.result = doc
                    job.state = "result"
                    job._changed()
        except Cancelled as exc:
            with self._lock:
                if exc.partial is not None:
                    job.partial = clean_json(exc.partial.to_json())
                job.state = "cancelled"
                job._changed()
        except (InputError, TypeError, ValueError) as exc:
            self._fail(job, error_body(exc, job.args))
        except Exception as exc:  # never a traceback to the page, and the queue goes on
            log.exception("job %s failed", job.id)
            self._fail(job, {"error": f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())}"})

    def _fail(self, job: Job, body: dict) -> None:
        with self._lock:
            if job.cancel_requested or job.finished:
                return
            job.error = body
            job.state = "error"
            job._changed()

    def _tick(self, job: Job, tick) -> None:
        if job.cancel_requested:
            raise Cancelled()
        info = tick.to_json() if isinstance(tick, Tick) else {"done": int(tick), "target": int(tick)}
        partial = None
        now = time.monotonic()
        if isinstance(tick, Tick) and tick.done > 0 and now - job._partial_at >= PARTIAL_EVERY:
            result = tick.partial()
            if result is not None:
                partial = clean_json(result.to_json())
                job._partial_at = now
        with self._lock:
            job.progress = info
            if partial is not None:
                job.partial = partial
            job._changed()

    def _forget_old(self) -> None:
        finished = [j for j in self._jobs.values() if j.finished]
        for j in finished[:max(0, len(finished) - KEEP_FINISHED)]:
            del self._jobs[j.id]


class QueueFull(Exception):
    """No room in the queue (the API answers 429)."""


class _Checked(BaseException):
    """The first tick came: the arguments passed every check."""
