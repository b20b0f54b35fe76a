"""Sharded, resumable runs of any game: a job cut into shards, one file per finished shard.

A run directory holds ``manifest.json`` (the job's identity, compared on resume), one aggregate
file per finished shard (``shard-000012.parquet``: a row per the job's :attr:`shard_rows`, the
columns :attr:`shard_columns`, int64) and, when the job keeps per-deal rows, those rows
(``rows-000012.parquet``). Files are Parquet when pyarrow is installed when the directory is
created, CSV otherwise (recorded in the manifest). Every file is written to a temporary name and
renamed, so a shard's aggregate file exists only complete, and only after its rows file: rerunning
the same job skips the shards whose aggregate file exists, and an interruption loses at most the
shards in flight.

Shards run in this process on Numba threads (:func:`run_local`) or on a Dask cluster
(:func:`run_dask`); Dask is imported only there. Dask pickles a task by its module path: the client
and the workers must run the same jass-sim (checked by :func:`worker_threads`).

A *job* is a frozen dataclass (it travels to the Dask workers) that defines what a shard is:

``n_shards``, ``per_deal``
    The number of shards; whether each shard also writes its per-deal rows.
``shard_key``, ``shard_rows``, ``shard_columns``, ``count_column``
    Class attributes: the name of the row label column of an aggregate file, its row labels,
    its int64 columns, and the column that counts a shard's deals.
``shard_deals(i)``
    The deals of shard ``i`` (checked against ``count_column`` on every write and read).
``identity()``
    What a resumed run must match (the package version is added here, see :func:`identity`).
``manifest_notes()``
    Further manifest entries for people and tools (how shards are seeded, the columns).
``play(i, rows_path, storage)``
    Play shard ``i`` on the current Numba threads; write the per-deal rows to ``rows_path``
    when given; return the aggregate (``int64[len(shard_rows), len(shard_columns)]``).
``tiny()``
    The same job cut to one small shard (run once on every Dask worker to compile its kernels).
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, fields

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.files import package_version

MANIFEST = "manifest.json"
FORMAT = "jass-sim batch"
FORMAT_VERSION = 1
#: Key of the package version in a manifest's job identity.
VERSION_KEY = "jass_sim"
_SHARD_RE = re.compile(r"^shard-(\d+)\.(parquet|csv)$")

# One kernel call at a time per process: Dask workers may run several tasks on threads, and the
# parallel kernel already uses the cores it is given.
_KERNEL_LOCK = threading.Lock()


def identity(job) -> dict:
    """What a resumed run must match: the job's identity and the jass-sim version (shards of two
    versions need not add up to one run)."""
    return {**job.identity(), VERSION_KEY: package_version()}


def parquet_available() -> bool:
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


class ShardStore:
    """The files of one run directory (see the module docstring)."""

    def __init__(self, directory: str, job, storage: str):
        self.directory = directory
        self.job = job
        self.storage = storage
        self.ext = "parquet" if storage == "parquet" else "csv"

    # -- opening -----------------------------------------------------------------------------

    @classmethod
    def check(cls, directory: str, job) -> dict | None:
        """Raise InputError unless ``open(directory, job)`` can go ahead; writes nothing.
        Returns the existing manifest, or None for a new run."""
        manifest = os.path.join(directory, MANIFEST)
        if os.path.exists(manifest):
            doc = _read_manifest(directory)
            want, have = identity(job), doc["job"]
            diff = [k for k in want if want[k] != have.get(k)]
            if diff == [VERSION_KEY]:
                raise InputError(f"{directory!r} was written by jass-sim {have.get(VERSION_KEY)} and this is "
                                 f"jass-sim {want[VERSION_KEY]}: shards of two versions may not add up to one "
                                 f"run; finish it with jass-sim {have.get(VERSION_KEY)}, or use another "
                                 f"directory", directory)
            if diff:
                parts = ", ".join(f"{k} {have.get(k)!r} there, {want[k]!r} now" for k in diff)
                raise InputError(f"{directory!r} holds a different batch job ({parts}); rerun the same "
                                 f"command to resume it, or use another directory", directory)
            if doc.get("storage") not in ("parquet", "csv"):
                raise InputError(f"{manifest!r} names an unknown storage {doc.get('storage')!r}", manifest)
            if doc["storage"] == "parquet" and not parquet_available():
                raise InputError(f"{directory!r} stores Parquet shards but pyarrow is not installed: "
                                 f"pip install 'jass-sim[parquet]'", directory)
            return doc
        if os.path.exists(directory) and not os.path.isdir(directory):
            raise InputError(f"{directory!r} is not a directory", directory)
        if os.path.isdir(directory) and os.listdir(directory):
            raise InputError(f"{directory!r} is not empty and has no {MANIFEST}: not a batch directory", directory)
        parent = os.path.dirname(os.path.abspath(directory))
        if not os.path.isdir(parent):
            raise InputError(f"parent directory does not exist: {parent!r}", directory)
        return None

    @classmethod
    def open(cls, directory: str, job) -> ShardStore:
        """Create the directory and its manifest, or check an existing one holds the same job
        (and remove the temporary files an interrupted run left)."""
        from jass_sim.core.files import write_atomic

        doc = cls.check(directory, job)
        if doc is not None:
            store = cls(directory, job, doc["storage"])
            store.clean_temporaries()
            return store
        manifest = os.path.join(directory, MANIFEST)
        os.makedirs(directory, exist_ok=True)
        storage = "parquet" if parquet_available() else "csv"
        doc = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "job": identity(job),
            "shards": job.n_shards,
            "storage": storage,
            "storage_note": ("Parquet (pyarrow)" if storage == "parquet" else
                             "CSV: pyarrow was not installed when the run started (pip install 'jass-sim[parquet]')"),
            **job.manifest_notes(),
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }
        write_atomic(manifest, json.dumps(doc, indent=2) + "\n")
        return cls(directory, job, storage)

    @classmethod
    def load(cls, directory: str, job_type: type) -> ShardStore:
        """The store of an existing run directory of a ``job_type`` job (for merging)."""
        doc = _read_manifest(directory)
        try:
            job = job_type(**{f.name: doc["job"][f.name] for f in fields(job_type)})
            storage = doc["storage"]
        except (KeyError, TypeError):
            path = os.path.join(directory, MANIFEST)
            raise InputError(f"{path!r} is not a valid batch manifest", directory) from None
        return cls(directory, job, storage)

    # -- files -------------------------------------------------------------------------------

    def shard_path(self, i: int) -> str:
        return os.path.join(self.directory, f"shard-{i:06d}.{self.ext}")

    def rows_path(self, i: int) -> str:
        return os.path.join(self.directory, f"rows-{i:06d}.{self.ext}")

    def done(self) -> set[int]:
        """Indices of the finished shards (their aggregate file exists)."""
        found = set()
        for name in os.listdir(self.directory):
            m = _SHARD_RE.match(name)
            if m and m.group(2) == self.ext and int(m.group(1)) < self.job.n_shards:
                found.add(int(m.group(1)))
        return found

    def clean_temporaries(self) -> None:
        """Remove temporary files left by an interrupted run (one run per directory at a time)."""
        for name in os.listdir(self.directory):
            if name.startswith(".tmp-"):
                try:
                    os.unlink(os.path.join(self.directory, name))
                except FileNotFoundError:
                    pass

    def write_shard(self, i: int, acc: np.ndarray) -> None:
        """Record shard ``i`` as finished with its accumulator (atomically)."""
        from jass_sim.core.files import write_atomic

        self._check(i, acc, "computed")
        if self.job.per_deal and not os.path.exists(self.rows_path(i)):
            raise InputError(f"the per-deal rows of shard {i} are not visible at {self.rows_path(i)!r}: with "
                             f"--per-deal on a cluster, DIR must be on a filesystem the workers share "
                             f"(same path)", self.rows_path(i))
        write_atomic(self.shard_path(i), _encode_shard(self.job, acc, self.storage))

    def read_shard(self, i: int) -> np.ndarray:
        """Accumulator (``int64[len(shard_rows), len(shard_columns)]``) of finished shard ``i``."""
        import pandas as pd

        job = self.job
        path = self.shard_path(i)
        try:
            frame = pd.read_parquet(path) if self.storage == "parquet" else pd.read_csv(path)
            acc = frame.set_index(job.shard_key).loc[list(job.shard_rows), list(job.shard_columns)].to_numpy(
                dtype=np.int64, copy=True)
        except Exception as exc:  # any unreadable file is reported as such, with its path
            raise InputError(f"cannot read shard file {path!r}: {exc}", path) from None
        self._check(i, acc, "read")
        return acc

    def _check(self, i: int, acc: np.ndarray, what: str) -> None:
        deals = int(acc[:, self.job.shard_columns.index(self.job.count_column)].sum())
        if deals != self.job.shard_deals(i):
            raise InputError(f"shard {i} {what} with {deals} deals, expected {self.job.shard_deals(i)}: "
                             f"{self.shard_path(i)!r} is corrupt or from another job", self.shard_path(i))

    def merged(self) -> np.ndarray:
        """Sum of all shards' accumulators; InputError when shards are missing."""
        job = self.job
        missing = sorted(set(range(job.n_shards)) - self.done())
        if missing:
            head = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
            raise InputError(f"{self.directory!r} is incomplete: {job.n_shards - len(missing)} of "
                             f"{job.n_shards} shards done (missing {head}); rerun the batch command to "
                             f"finish it", self.directory)
        total = np.zeros((len(job.shard_rows), len(job.shard_columns)), dtype=np.int64)
        for i in range(job.n_shards):
            total += self.read_shard(i)
        return total

    def read_rows(self, i: int):
        """Per-deal rows of shard ``i`` as a DataFrame (``--per-deal`` runs)."""
        import pandas as pd

        path = self.rows_path(i)
        return pd.read_parquet(path) if self.storage == "parquet" else pd.read_csv(path)


def _encode_shard(job, acc: np.ndarray, storage: str) -> bytes:
    """A shard's aggregate file: one row per ``job.shard_rows``, the columns ``job.shard_key`` and
    ``job.shard_columns`` (int64)."""
    if storage == "csv":
        lines = [",".join((job.shard_key, *job.shard_columns))]
        lines += [",".join((name, *map(str, row.tolist()))) for name, row in zip(job.shard_rows, acc)]
        return ("\n".join(lines) + "\n").encode()
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = {job.shard_key: pa.array(list(job.shard_rows))}
    columns.update({name: pa.array(acc[:, k].astype(np.int64)) for k, name in enumerate(job.shard_columns)})
    buf = io.BytesIO()
    pq.write_table(pa.table(columns), buf)
    return buf.getvalue()


def _read_manifest(directory: str) -> dict:
    path = os.path.join(directory, MANIFEST)
    if not os.path.isfile(path):
        raise InputError(f"{directory!r} is not a batch directory (no {MANIFEST})", directory)
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot read {path!r}: {exc}", path) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        raise InputError(f"{path!r} is not a {FORMAT} manifest (version {FORMAT_VERSION})", path)
    return doc


# -- running one shard (in this process or on a Dask worker) -----------------------------------


def run_shard(job, i: int, rows_path: str | None = None, storage: str = "parquet",
              threads: int | dict | None = None) -> np.ndarray:
    """Play shard ``i`` of ``job``; write its per-deal rows to ``rows_path`` (atomically) when
    given; return its accumulator. ``threads``: Numba threads (None: all), or a mapping from Dask
    worker address to threads (looked up on the worker running the task)."""
    import numba

    from jass_sim.core.threads import numba_threads

    if isinstance(threads, dict):
        from distributed import get_worker

        threads = threads.get(get_worker().address)  # None (all threads) for a worker that joined late
    if threads is not None:
        threads = max(1, min(int(threads), numba.config.NUMBA_NUM_THREADS))
    with _KERNEL_LOCK, numba_threads(threads):
        return job.play(i, rows_path, storage)


def warm(job) -> tuple[int, str]:
    """Compile (or load from Numba's cache) the kernels ``job`` uses, on a tiny run; return this
    machine's usable cores and the jass-sim version installed here."""
    run_shard(job.tiny(), 0, threads=1)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return cores, package_version()


# -- running a job -----------------------------------------------------------------------------


@dataclass
class RunReport:
    shards: int          # shards in the job
    skipped: int         # already finished when the run started
    ran: int             # finished by this run
    seconds: float
    stopped: bool        # stopped early by ``stop_after`` (a test hook)

    @property
    def complete(self) -> bool:
        return self.skipped + self.ran == self.shards


class ShardProgress:
    """``shards done / total`` with an ETA on stderr (on a terminal, like :class:`~jass_sim.core.progress.Progress`)."""

    def __init__(self, total: int, skipped: int, label: str = "batch", enabled: bool | None = None, stream=None):
        import sys

        self.total, self.skipped, self.label = total, skipped, label
        self.start = time.monotonic()
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled

    def __call__(self, ran: int) -> None:
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.start
        done = self.skipped + ran
        left = self.total - done
        eta = f"ETA {elapsed / ran * left:5.0f}s" if ran else "ETA     ?"
        self.stream.write(f"\r{self.label}: {done}/{self.total} shards ({100 * done / self.total:5.1f}%) {eta} ")
        if left == 0:
            self.stream.write("\n")
        self.stream.flush()


def _todo(store: ShardStore) -> tuple[list[int], int]:
    done = store.done()
    return [i for i in range(store.job.n_shards) if i not in done], len(done)


def run_local(store: ShardStore, threads: int | None = None, progress: Callable[[int], None] | None = None,
              stop_after: int | None = None) -> RunReport:
    """Play the unfinished shards of ``store`` one after the other on this machine's Numba threads."""
    from jass_sim.core.threads import numba_threads

    job = store.job
    todo, skipped = _todo(store)
    start = time.monotonic()
    ran = 0
    with numba_threads(threads):  # validates --threads before any work
        pass
    for i in todo:
        if stop_after is not None and ran >= stop_after:
            break
        acc = run_shard(job, i, store.rows_path(i) if job.per_deal else None, store.storage, threads)
        store.write_shard(i, acc)
        ran += 1
        if progress is not None:
            progress(ran)
    return RunReport(job.n_shards, skipped, ran, time.monotonic() - start,
                     stopped=skipped + ran < job.n_shards)


def distributed_module():
    """``distributed``, or an InputError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise InputError("--dask needs Dask distributed: pip install 'jass-sim[distributed]'", "--dask") from None
    return distributed


def parse_dask(address: str) -> tuple[str, int | str]:
    """``("local", K)`` for ``local:K``, ``("scheduler", address)`` for ``tcp://HOST:PORT`` (or another
    Dask scheme); InputError otherwise."""
    a = address.strip()
    if a.lower().startswith("local:"):
        k = a[6:]
        if not (k.isascii() and k.isdigit()) or int(k) < 1:
            raise InputError(f"--dask local:K needs a positive number of workers, got {address!r}", address)
        return "local", int(k)
    if re.match(r"^[a-z][a-z0-9+]*://\S+$", a, re.I):
        return "scheduler", a
    raise InputError(f"invalid --dask {address!r} (expected local:K or tcp://HOST:PORT)", address)


class DaskCluster:
    """A Dask client for ``--dask``: a fresh ``LocalCluster`` (``local:K``, K worker processes of one
    thread, dashboard off) or a connection to a running scheduler. A context manager."""

    def __init__(self, address: str, connect_timeout: float = 10.0):
        self.kind, self.target = parse_dask(address)
        self.address = address
        self.connect_timeout = connect_timeout
        self.cluster = None
        self.client = None

    def __enter__(self):
        import logging

        distributed = distributed_module()
        if self.kind == "local":
            self.cluster = distributed.LocalCluster(n_workers=self.target, threads_per_worker=1, processes=True,
                                                    dashboard_address=None, silence_logs=logging.ERROR)
            self.client = distributed.Client(self.cluster)
        else:
            try:
                self.client = distributed.Client(self.target, timeout=self.connect_timeout)
            except (OSError, TimeoutError) as exc:
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise InputError(f"cannot reach the Dask scheduler at {self.target} within "
                                 f"{self.connect_timeout:g} s: {reason}", self.target) from None
        return self.client

    def __exit__(self, *exc):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        return False


def worker_threads(client, job) -> dict[str, int]:
    """Warm every worker (compile or load the kernels once), check it runs this jass-sim version,
    and give each ``max(1, cores // workers on its host)`` Numba threads, so the workers of a
    machine share its cores."""
    from collections import Counter

    info = client.scheduler_info(n_workers=-1)["workers"] if _accepts_n_workers(client) else \
        client.scheduler_info()["workers"]
    _check_worker_code(client, list(info), job)
    futures = {addr: client.submit(warm, job, workers=[addr], allow_other_workers=False, pure=False)
               for addr in info}
    answers = {addr: f.result() for addr, f in futures.items()}
    cores = {addr: a[0] for addr, a in answers.items()}
    others = sorted({a[1] for a in answers.values()} - {package_version()})
    if others:
        raise InputError(f"the Dask workers run jass-sim {', '.join(others)}, this machine {package_version()}: "
                         f"install the same version everywhere", "--dask")
    per_host = Counter(info[addr]["host"] for addr in info)
    return {addr: max(1, cores[addr] // per_host[info[addr]["host"]]) for addr in info}


def _check_worker_code(client, workers: list[str], job) -> None:
    """InputError unless every worker can import the code the tasks name (this module's
    :func:`warm` and :func:`run_shard`, the job's class). Dask pickles a function or class by its
    module path, and a worker that cannot unpickle a task dies (and is restarted, again and
    again) instead of failing it: so ask each worker to resolve the names first, through a
    standard-library function every Python has."""
    import pkgutil

    names = [f"{__name__}:warm", f"{__name__}:run_shard", f"{type(job).__module__}:{type(job).__qualname__}"]
    futures = {(addr, name): client.submit(pkgutil.resolve_name, name, workers=[addr], allow_other_workers=False,
                                           pure=False)
               for addr in workers for name in names}
    for (addr, name), fut in futures.items():
        try:
            fut.result()
        except (ImportError, AttributeError) as exc:
            reason = (str(exc).splitlines() or [""])[0]
            raise InputError(f"the Dask worker {addr} cannot load {name} ({type(exc).__name__}: {reason}): it "
                             f"runs another jass-sim; install the same version everywhere", "--dask") from None


def _accepts_n_workers(client) -> bool:
    import inspect

    return "n_workers" in inspect.signature(client.scheduler_info).parameters


def run_dask(store: ShardStore, client, progress: Callable[[int], None] | None = None,
             stop_after: int | None = None, in_flight: int | None = None) -> RunReport:
    """Play the unfinished shards of ``store`` on the Dask cluster of ``client``.

    Workers play shards (and write per-deal rows into the directory, which must then be shared);
    this process records each finished shard as its result arrives, keeping at most ``in_flight``
    shards submitted (default: twice the workers' threads) so an interruption loses few.
    A worker that dies has its shards rerun by Dask elsewhere.
    """
    distributed = distributed_module()
    job = store.job
    todo, skipped = _todo(store)
    start = time.monotonic()
    if not todo:
        return RunReport(job.n_shards, skipped, 0, 0.0, stopped=False)
    threads = worker_threads(client, job)
    if not threads:
        raise InputError("the Dask cluster has no workers", "--dask")
    window = in_flight or max(2, 2 * sum(client.nthreads().values()))
    if stop_after is not None:
        window = min(window, max(1, stop_after))
    pending = iter(todo)
    ran = 0

    outstanding: dict[str, tuple[int, object]] = {}  # key -> (shard, future)

    def submit(i):
        fut = client.submit(run_shard, job, i, store.rows_path(i) if job.per_deal else None, store.storage,
                            threads, key=f"jass-sim-shard-{i}-{os.getpid()}-{time.monotonic_ns()}", pure=False)
        outstanding[fut.key] = (i, fut)
        return fut

    running = distributed.as_completed([submit(i) for _, i in zip(range(window), pending)])
    try:
        for fut in running:
            acc = fut.result()
            i, _ = outstanding.pop(fut.key)
            store.write_shard(i, acc)
            ran += 1
            if progress is not None:
                progress(ran)
            if stop_after is not None and ran >= stop_after:
                break
            nxt = next(pending, None)
            if nxt is not None:
                running.add(submit(nxt))
    finally:
        if outstanding:
            client.cancel([f for _, f in outstanding.values()])
    return RunReport(job.n_shards, skipped, ran, time.monotonic() - start, stopped=skipped + ran < job.n_shards)
