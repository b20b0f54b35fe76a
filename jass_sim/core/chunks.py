"""Sampling in short chunks of whole random-number blocks, with a progress callback between them.

A sampled analysis (``advise``, ``play_advice``, ``review``) draws sample ``s`` from the random
stream of its block ``s // block``, so the samples ``first .. first + n`` can be computed in any
number of kernel calls of whole blocks and come out the same. :class:`ChunkedSampler` makes those
calls short (about a quarter of a second each, measured as it goes), so that

- a ``progress`` callback is called at least every half second (one block permitting), with a
  :class:`Tick`: the samples done, the target, and the half-width of the current 95% CI;
- the callback can stop the run by raising :class:`~jass_sim.core.errors.Cancelled`, and SIGINT
  reaches the Python signal handler between two chunks.

The callback is also called once with ``done == 0`` after the input was checked and before any
kernel runs; a server uses that call to check a job's arguments without running it.
"""

from __future__ import annotations

import math

from jass_sim.core.batches import Slicer, call

#: Wall time each kernel call aims at (the progress callback is due every 0.5 s); the calls are sized
#: by :class:`jass_sim.core.batches.Slicer`, as every long run's.
CHUNK_SECONDS = 0.25


class Tick(int):
    """The progress of a sampled run, given to ``progress`` callbacks.

    It is an ``int`` equal to ``done``, so a callback written as ``lambda n: ...`` keeps working.

    Attributes
    ----------
    done : int
        Samples (deals, worlds) done so far.
    target : int
        Samples the run aims at now (with a CI target: the current batch's end).
    half_width : float or None
        Half-width of the current 95% CI that the run's stopping rule watches, when it has one.
    ci_target : float or None
        The half-width the run stops at (``ci=``), if any.
    stage : str
        What is being sampled (e.g. ``"card 3 of 8"`` in a review).
    """

    def __new__(cls, done: int, target: int, *, half_width: float | None = None, ci_target: float | None = None,
                stage: str = "", partial=None):
        tick = super().__new__(cls, int(done))
        tick.done = int(done)
        tick.target = int(target)
        tick.half_width = half_width
        tick.ci_target = ci_target
        tick.stage = stage
        tick._partial = partial
        return tick

    def partial(self):
        """The result so far (a :class:`~jass_sim.core.result.Result`), or None when there is none yet."""
        return self._partial() if self._partial is not None else None

    def to_json(self) -> dict:
        """``done``, ``target``, and ``half_width``, ``ci_target`` and ``stage`` where known."""
        out = {"done": self.done, "target": self.target}
        if self.half_width is not None and math.isfinite(self.half_width):
            out["half_width"] = self.half_width
        if self.ci_target is not None:
            out["ci_target"] = self.ci_target
        if self.stage:
            out["stage"] = self.stage
        return out


class ChunkedSampler:
    """``run(first, n)`` called in chunks of whole blocks, each aimed at :data:`CHUNK_SECONDS`.

    Parameters
    ----------
    run : callable
        ``run(first, n)`` computes samples ``first .. first + n`` (``first`` a multiple of ``block``).
    merge : callable
        Joins a list of ``run`` results in sample order.
    block : int
        Samples per random-number block.
    progress : callable, optional
        Called with a :class:`Tick` after every chunk (and once before the first).
    half_width : callable, optional
        The watched CI half-width of a merged result (reported in the ticks).
    make_result : callable, optional
        Turns the merged samples so far into the result object (``Tick.partial``, and
        ``Cancelled.partial`` when the callback cancels).
    ci_target : float, optional
        Echoed in the ticks.
    stage : str
        Echoed in the ticks.

    Calling the sampler like ``run`` returns the merged samples of that request; every sample
    computed so far is kept in ``parts`` (the whole run, for ``progress`` and cancellation).
    """

    def __init__(self, run, merge, block: int, progress=None, *, half_width=None, make_result=None,
                 ci_target: float | None = None, stage: str = ""):
        self.run = run
        self.merge = merge
        self.block = block
        self.progress = progress
        self.half_width = half_width
        self.make_result = make_result
        self.ci_target = ci_target
        self.stage = stage
        self.parts: list = []
        self.done = 0
        # the sizes of the calls: whole blocks, one per thread first (that call may compile the kernel),
        # then as many as last about CHUNK_SECONDS at the measured rate (one slicer for the whole run;
        # it reads the thread count of the caller's numba_threads context)
        self._slicer = Slicer(target=CHUNK_SECONDS)

    def start(self, target: int) -> None:
        """The tick before any kernel runs (the input has been checked)."""
        self._tick(target)

    def __call__(self, first: int, n: int):
        import numpy as np

        from jass_sim.core.errors import Cancelled

        n_blocks = -(-n // self.block)
        counts = np.full(n_blocks, self.block, dtype=np.int64)
        counts[-1] = n - (n_blocks - 1) * self.block
        mine = []
        try:
            for lo, _hi, _starts, steps in self._slicer.slices(counts):
                at = first + lo * self.block
                part = call(self.run, at, int(steps.sum()))  # under the jass-sim command a signal stops it at once
                mine.append(part)
                self.parts.append(part)
                self.done = at + int(steps.sum())
                self._tick(first + n)
        except Cancelled as exc:
            if exc.partial is None and self.parts and self.make_result is not None:
                exc.partial = self.make_result(self.merge(self.parts))
            raise
        return self.merge(mine)

    def _tick(self, target: int) -> None:
        if self.progress is None:
            return
        half = None
        merged = None
        if self.parts and (self.half_width is not None or self.make_result is not None):
            merged = self.merge(self.parts)
            if self.half_width is not None:
                half = float(self.half_width(merged))
        partial = None
        if merged is not None and self.make_result is not None:
            partial = lambda: self.make_result(merged)  # noqa: E731  (built only if the callback asks)
        self.progress(Tick(self.done, target, half_width=half, ci_target=self.ci_target, stage=self.stage,
                           partial=partial))
