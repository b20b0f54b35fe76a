"""Rendering and writing results: text for people, JSON/CSV for tools, atomic files."""

from __future__ import annotations

import os
import tempfile

from jass_sim.core.errors import InputError


def package_version() -> str:
    """The installed jass-sim version (``unknown`` in a source tree without install): stamped into
    report metadata and batch manifests."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("jass-sim")
    except PackageNotFoundError:  # pragma: no cover - source tree without install
        return "unknown"


#: Test hook: ``"GLOB:SECONDS"`` makes every atomic write of a file whose name matches GLOB pause
#: that long with its temporary file complete, before the rename (the interruption tests signal
#: or kill a command there). Unset in normal use.
PAUSE_ENV = "JASS_SIM_TEST_PAUSE_BEFORE_RENAME"


def pause_before_rename(path: str) -> None:
    """The test hook of :data:`PAUSE_ENV` (no-op unless it is set)."""
    spec = os.environ.get(PAUSE_ENV)
    if spec:
        import fnmatch
        import time

        pattern, _, seconds = spec.rpartition(":")
        if fnmatch.fnmatch(os.path.basename(path), pattern):
            time.sleep(float(seconds))


def _file_mode() -> int:
    """The permissions an ordinary new file gets under the current umask (mkstemp's are 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: str, data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory and a rename
    (``os.replace``): never half written; the temporary file is removed on any error, SIGINT or
    SIGTERM (see :class:`jass_sim.core.cli.Interrupted`)."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=os.path.basename(path))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode() if isinstance(data, str) else data)
        os.chmod(tmp, _file_mode())
        pause_before_rename(path)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise



class ChunkWriter:
    """Writes a table chunk by chunk to ``path`` (or stdout when None) as csv, JSON Lines,
    Parquet or text; a file appears only complete (temporary file, then rename)."""

    def __init__(self, path: str | None, fmt: str):
        self.path = path
        self.fmt = fmt
        self._first = True
        self._tmp = None
        self._fh = None
        self._parquet = None
        if fmt == "parquet":
            if path is None:
                raise InputError("--format parquet needs an output file (-o FILE)", "parquet")
            parquet_module()

    def __enter__(self):
        import sys

        if self.path is None:
            self._fh = sys.stdout
        else:
            directory = os.path.dirname(os.path.abspath(self.path))
            if not os.path.isdir(directory):
                raise InputError(f"output directory does not exist: {directory!r}", self.path)
            fd, self._tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=os.path.basename(self.path))
            os.close(fd)
            if self.fmt != "parquet":
                self._fh = open(self._tmp, "w", encoding="utf-8")
        return self

    def write(self, frame) -> None:
        if self.fmt == "csv":
            frame.to_csv(self._fh, header=self._first, index=False, lineterminator="\n")
        elif self.fmt == "json":
            text = frame.to_json(orient="records", lines=True, force_ascii=False)
            self._fh.write(text if text.endswith("\n") else text + "\n")
        elif self.fmt == "parquet":
            pa, pq = parquet_module()
            table = pa.Table.from_pandas(frame, preserve_index=False)
            if self._parquet is None:
                self._parquet = pq.ParquetWriter(self._tmp, table.schema)
            self._parquet.write_table(table)
        else:
            self._fh.write(frame.to_string(index=False, header=self._first) + "\n")
        self._first = False

    def __exit__(self, exc_type, exc, tb):
        try:
            if self._parquet is not None:
                self._parquet.close()
            if self._fh is not None and self.path is not None:
                self._fh.close()
            if self._tmp is not None and exc_type is None:
                os.chmod(self._tmp, _file_mode())
                pause_before_rename(self.path)
                os.replace(self._tmp, self.path)
                self._tmp = None
        finally:  # an error, SIGINT or SIGTERM before the rename: no partial file stays
            if self._tmp is not None and os.path.exists(self._tmp):
                os.unlink(self._tmp)
        return False


def parquet_module():
    """``(pyarrow, pyarrow.parquet)``, or an InputError saying how to install them."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError("parquet output needs pyarrow: pip install 'jass-sim[parquet]'", "parquet") from None
    return pa, pq


def emit(text: str, path: str | None) -> None:
    """Print ``text`` or write it atomically to ``path``."""
    import click

    if path is None:
        click.echo(text)
    else:
        write_atomic(path, text if text.endswith("\n") else text + "\n")


def check_output_path(path: str | None, option: str = "-o") -> None:
    """Before any work: an InputError naming ``path`` unless a file can be written there.

    Refused: an empty name, an existing directory, a missing parent directory, a parent that is
    a file, a directory this process cannot create files in (probed by creating and removing a
    temporary file, which also catches read-only and virtual file systems such as ``/proc``).
    """
    if path is None:
        return
    if not str(path).strip():
        raise InputError(f"{option} needs a file name, got ''", str(path))
    if os.path.isdir(path):
        raise InputError(f"{option} {path!r} is a directory, a file name is expected", path)
    _check_writable_dir(os.path.dirname(os.path.abspath(path)), path, option)


def _check_writable_dir(directory: str, path: str, option: str) -> None:
    """InputError naming ``path`` unless ``directory`` exists and accepts new files."""
    if not os.path.isdir(directory):
        from jass_sim.core.resources import nearest_existing

        probe = nearest_existing(directory)  # a file in the way, or the parent of what is missing
        why = f"{probe!r} is not a directory" if not os.path.isdir(probe) else f"{directory!r} does not exist"
        raise InputError(f"cannot write {option} {path!r}: {why}", path)
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-probe-")
    except OSError as exc:
        raise InputError(f"cannot write {option} {path!r}: {exc.strerror or exc}", path) from None
    os.close(fd)
    os.unlink(tmp)


def check_output_dir(path: str, option: str = "-o") -> str:
    """Before any work: the absolute path of an output directory, which may exist or be created
    (with its missing parents) inside a directory that accepts new entries; an InputError naming
    ``path`` otherwise. Whether an existing directory may be reused is the command's decision
    (a report's directory, a batch job's)."""
    if not str(path).strip():
        raise InputError(f"{option} needs a directory name, got ''", str(path))
    from jass_sim.core.resources import nearest_existing

    target = os.path.abspath(path)
    probe = nearest_existing(target)
    if not os.path.isdir(probe):
        raise InputError(f"cannot write {option} {path!r}: {probe!r} exists and is not a directory", path)
    _check_writable_dir(probe, path, option)
    return target
