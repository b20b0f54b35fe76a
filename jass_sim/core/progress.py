"""Progress of long runs on stderr (shown only on a terminal)."""

from __future__ import annotations


class Progress:
    """A one-line progress report with an ETA on stderr, shown only when stderr is a terminal."""

    def __init__(self, total: int, label: str, enabled: bool | None = None):
        import sys
        import time

        self.total = total
        self.label = label
        self.start = time.monotonic()
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._stream = sys.stderr

    def __call__(self, done: int) -> None:
        import time

        if not self.enabled:
            return
        elapsed = time.monotonic() - self.start
        eta = elapsed / done * (self.total - done) if done else float("nan")
        self._stream.write(f"\r{self.label}: {100 * done / self.total:5.1f}% ({done:,}/{self.total:,}) "
                           f"ETA {eta:5.0f}s ")
        if done >= self.total:
            self._stream.write("\n")
        self._stream.flush()
