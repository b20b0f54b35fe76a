"""Progress of long runs on stderr (shown only on a terminal)."""

from __future__ import annotations

#: Seconds a long run waits before its first progress line (:class:`Progress`'s ``delay``): a quick
#: run stays quiet, a long one says where it is.
PROGRESS_DELAY = 1.0


#: Whether a progress line is open on stderr (written without its newline): an error line then
#: starts on a line of its own (:func:`end_line`).
_line_open = False


def end_line() -> None:
    """End an open progress line on stderr, so the next message starts on a line of its own."""
    global _line_open
    if _line_open:
        import sys

        sys.stderr.write("\n")
        sys.stderr.flush()
        _line_open = False


class Progress:
    """A one-line progress report with an ETA on stderr, shown only when stderr is a terminal.

    Parameters
    ----------
    total : int
        Items of the whole run (deals, games, samples).
    label : str
        The line's label (the command's name).
    enabled : bool, optional
        Show at all; by default when stderr is a terminal.
    delay : float
        Seconds before the first line: a run that ends sooner shows nothing.
    """

    def __init__(self, total: int, label: str, enabled: bool | None = None, delay: float = 0.0):
        import sys
        import time

        self.total = total
        self.label = label
        self.start = time.monotonic()
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.delay = delay
        self.shown = False
        self._stream = sys.stderr

    def __call__(self, done: int) -> None:
        import time

        global _line_open
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.start
        if not self.shown and elapsed < self.delay:
            return
        self.shown = True
        total = getattr(done, "target", 0) or self.total  # a Tick (core.chunks) knows its current target
        eta = elapsed / done * (total - done) if done else float("nan")
        half = getattr(done, "half_width", None)
        ci = f" 95% CI ±{half:.2f}" if half is not None else ""
        self._stream.write(f"\r{self.label}: {100 * done / total:5.1f}% ({int(done):,}/{total:,}){ci} "
                           f"ETA {eta:5.0f}s ")
        _line_open = done < total
        if not _line_open:
            self._stream.write("\n")
        self._stream.flush()


#: What the first run of a command says while Numba compiles its kernels (:func:`announce_compilation`).
COMPILE_NOTICE = ("jass-sim: compiling the kernels for their first run, once per install and version "
                  "({estimate}); later runs load them from Numba's cache")

#: The estimate in :data:`COMPILE_NOTICE`: the cold starts measured in benchmarks/RESULTS.md (issue 42,
#: stop 50, median of 3, CPU seconds of the compiler on one core: advise 33 s, simulate 35 s,
#: play-advice 78 s and review 83 s, most of them the double-dummy solver; the other games' commands 7 to
#: 21 s; a busy machine takes longer).
COMPILE_ESTIMATE = "seconds for some commands, about 35 s for advise, up to 1.5 minutes for others"


def announce_compilation(enabled: bool | None = None, stream=None):
    """Say once on stderr that the kernels are being compiled, when Numba compiles one.

    Numba compiles a kernel on its first call and caches the machine code on disk
    (``cache=True``); only a cache miss sends Numba's ``numba:compile`` event, so the notice
    appears on the first run of a command after an install or an upgrade (or with an empty
    ``NUMBA_CACHE_DIR``) and never once the cache is warm.

    Parameters
    ----------
    enabled : bool, optional
        Listen at all; by default only when stderr is a terminal, like :class:`Progress` (a
        script's stderr stays clean).
    stream : file, optional
        Where to write (default ``sys.stderr``).

    Returns
    -------
    object or None
        The installed listener (``numba.core.event.unregister("numba:compile", it)`` removes it),
        or None when not enabled.
    """
    import sys

    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    from numba.core import event

    out = stream if stream is not None else sys.stderr

    class CompileListener(event.Listener):
        """Says :data:`COMPILE_NOTICE` at the start of the first compilation (a cache hit sends no event)."""

        said = False

        def on_start(self, ev) -> None:
            if not self.said:
                self.said = True
                out.write(COMPILE_NOTICE.format(estimate=COMPILE_ESTIMATE) + "\n")
                out.flush()

        def on_end(self, ev) -> None:
            pass

    listener = CompileListener()
    event.register("numba:compile", listener)
    return listener
