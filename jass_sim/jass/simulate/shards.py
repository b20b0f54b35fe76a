"""Sharded, resumable batch runs: a job split into shards of whole RNG blocks, one file per shard.

A job of ``deals`` deals is cut into shards of ``shard_size`` deals, a multiple of
:data:`~jass_sim.core.rng.BLOCK_SIZE`: shard ``i`` plays the blocks
``i * shard_size / BLOCK_SIZE ..`` of the same run :func:`jass_sim.jass.simulate.tables.simulate`
plays, each block seeded by ``SeedSequence(seed, spawn_key=(0, block))``. A shard's result
therefore depends only on the job and its index, not on which machine or thread plays it, and the
integer sums of all shards are exactly ``simulate``'s accumulator.

The run directory holds ``manifest.json`` (the job's parameters, compared on resume), one
aggregate file per finished shard (``shard-000012.parquet``: a row per mode, the columns of
:data:`~jass_sim.jass.engine.batch.STATS`) and, with ``per_deal``, its rows (``rows-000012.parquet``).
Files are Parquet when pyarrow is installed when the directory is created, CSV otherwise (recorded
in the manifest). Every file is written to a temporary name and renamed, so a shard's aggregate
file exists only complete, and only after its rows file: rerunning the same job skips the shards
whose aggregate file exists, and an interruption loses at most the shards in flight.

Shards run in this process on Numba threads (:func:`run_local`) or on a Dask cluster
(:func:`run_dask`); Dask is imported only there.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

import numpy as np

from jass_sim.jass.cards import MODE_NAMES
from jass_sim.core.errors import InputError
from jass_sim.jass.engine.batch import ROW_COLUMNS, STATS
from jass_sim.core.rng import BLOCK_SIZE

#: Default deals per shard: 1024 blocks, a few seconds on a 2-core machine; a billion deals make ~950 shards.
DEFAULT_SHARD_SIZE = 1024 * BLOCK_SIZE
MANIFEST = "manifest.json"
FORMAT = "jass-sim batch"
FORMAT_VERSION = 1
_SHARD_RE = re.compile(r"^shard-(\d+)\.(parquet|csv)$")

# One kernel call at a time per process: Dask workers may run several tasks on threads, and the
# parallel kernel already uses the cores it is given.
_KERNEL_LOCK = threading.Lock()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("jass-sim")
    except PackageNotFoundError:  # pragma: no cover - source tree without install
        return "unknown"


@dataclass(frozen=True)
class BatchJob:
    """Everything that determines a batch's results (canonical spellings; see :meth:`make`)."""

    deals: int
    shard_size: int
    rules: str
    policy: str
    mode: str          # "auto" or a mode name (H, D, S, C, OBE, UNE)
    chooser: str
    seed: int
    per_deal: bool

    @classmethod
    def make(cls, deals: int, shard_size: int = DEFAULT_SHARD_SIZE, rules: str = "chibre",
             policy: str = "random", mode: int | None = None, chooser: str = "evaluator", seed: int = 0,
             per_deal: bool = False) -> BatchJob:
        """A validated job; raises InputError naming the bad option."""
        from jass_sim.jass.rules import get_rules
        from jass_sim.jass.simulate.tables import _spec

        if shard_size <= 0 or shard_size % BLOCK_SIZE:
            raise InputError(f"--shard-size must be a positive multiple of {BLOCK_SIZE} (whole RNG blocks), "
                             f"got {shard_size}", str(shard_size))
        _spec(deals, rules, policy, mode, seed, chooser)  # validates everything else
        return cls(deals=int(deals), shard_size=int(shard_size), rules=get_rules(rules).name,
                   policy=policy.strip().lower(), mode="auto" if mode is None else MODE_NAMES[mode],
                   chooser=chooser, seed=int(seed), per_deal=bool(per_deal))

    def spec(self):
        """The :class:`~jass_sim.jass.engine.simulate.BatchSpec` of the whole run (as ``simulate``'s)."""
        from jass_sim.jass.simulate.tables import _spec

        mode = None if self.mode == "auto" else MODE_NAMES.index(self.mode)
        return _spec(self.deals, self.rules, self.policy, mode, self.seed, self.chooser)

    @property
    def n_shards(self) -> int:
        return -(-self.deals // self.shard_size)

    def shard_blocks(self, i: int) -> tuple[int, int]:
        """``(first_block, n_blocks)`` of shard ``i``."""
        per = self.shard_size // BLOCK_SIZE
        total = -(-self.deals // BLOCK_SIZE)
        return i * per, min(per, total - i * per)

    def shard_deals(self, i: int) -> int:
        return min(self.shard_size, self.deals - i * self.shard_size)

    def identity(self) -> dict:
        """What a resumed run must match: the job, the block size and the jass-sim version."""
        return {**asdict(self), "block_size": BLOCK_SIZE, "jass_sim": _version()}


def parquet_available() -> bool:
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


class ShardStore:
    """The files of one run directory (see the module docstring)."""

    def __init__(self, directory: str, job: BatchJob, storage: str):
        self.directory = directory
        self.job = job
        self.storage = storage
        self.ext = "parquet" if storage == "parquet" else "csv"

    # -- opening -----------------------------------------------------------------------------

    @classmethod
    def check(cls, directory: str, job: BatchJob) -> dict | None:
        """Raise InputError unless ``open(directory, job)`` can go ahead; writes nothing.
        Returns the existing manifest, or None for a new run."""
        manifest = os.path.join(directory, MANIFEST)
        if os.path.exists(manifest):
            doc = _read_manifest(directory)
            want, have = job.identity(), doc["job"]
            diff = [k for k in want if want[k] != have.get(k)]
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
    def open(cls, directory: str, job: BatchJob) -> ShardStore:
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
            "job": job.identity(),
            "shards": job.n_shards,
            "storage": storage,
            "storage_note": ("Parquet (pyarrow)" if storage == "parquet" else
                             "CSV: pyarrow was not installed when the run started (pip install 'jass-sim[parquet]')"),
            "seeding": (f"shard i plays RNG blocks [i*{job.shard_size // BLOCK_SIZE}, (i+1)*"
                        f"{job.shard_size // BLOCK_SIZE}) of {BLOCK_SIZE} deals; block b is seeded by "
                        f"numpy SeedSequence(seed, spawn_key=(0, b)), exactly as 'jass-sim simulate'"),
            "shard_columns": ["mode", *STATS],
            "row_columns": list(ROW_COLUMNS) if job.per_deal else None,
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }
        write_atomic(manifest, json.dumps(doc, indent=2) + "\n")
        return cls(directory, job, storage)

    @classmethod
    def load(cls, directory: str) -> ShardStore:
        """The store of an existing run directory (for merging)."""
        doc = _read_manifest(directory)
        try:
            fields = {k: doc["job"][k] for k in BatchJob.__dataclass_fields__}
            job = BatchJob(**fields)
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
        write_atomic(self.shard_path(i), _encode_shard(acc, self.storage))

    def read_shard(self, i: int) -> np.ndarray:
        """Accumulator (``int64[6, N_STATS]``) of finished shard ``i``."""
        import pandas as pd

        path = self.shard_path(i)
        try:
            frame = pd.read_parquet(path) if self.storage == "parquet" else pd.read_csv(path)
            acc = frame.set_index("mode").loc[list(MODE_NAMES), list(STATS)].to_numpy(dtype=np.int64, copy=True)
        except Exception as exc:  # any unreadable file is reported as such, with its path
            raise InputError(f"cannot read shard file {path!r}: {exc}", path) from None
        self._check(i, acc, "read")
        return acc

    def _check(self, i: int, acc: np.ndarray, what: str) -> None:
        deals = int(acc[:, STATS.index("deals")].sum())
        if deals != self.job.shard_deals(i):
            raise InputError(f"shard {i} {what} with {deals} deals, expected {self.job.shard_deals(i)}: "
                             f"{self.shard_path(i)!r} is corrupt or from another job", self.shard_path(i))

    def merged(self) -> np.ndarray:
        """Sum of all shards' accumulators; InputError when shards are missing."""
        from jass_sim.jass.engine.batch import N_STATS

        missing = sorted(set(range(self.job.n_shards)) - self.done())
        if missing:
            head = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
            raise InputError(f"{self.directory!r} is incomplete: {self.job.n_shards - len(missing)} of "
                             f"{self.job.n_shards} shards done (missing {head}); rerun the batch command to "
                             f"finish it", self.directory)
        total = np.zeros((len(MODE_NAMES), N_STATS), dtype=np.int64)
        for i in range(self.job.n_shards):
            total += self.read_shard(i)
        return total

    def read_rows(self, i: int):
        """Per-deal rows of shard ``i`` as a DataFrame (``--per-deal`` runs)."""
        import pandas as pd

        path = self.rows_path(i)
        return pd.read_parquet(path) if self.storage == "parquet" else pd.read_csv(path)


def _encode_shard(acc: np.ndarray, storage: str) -> bytes:
    """A shard's aggregate file: one row per mode, columns ``mode`` and :data:`STATS` (int64)."""
    if storage == "csv":
        lines = [",".join(("mode", *STATS))]
        lines += [",".join((name, *map(str, row.tolist()))) for name, row in zip(MODE_NAMES, acc)]
        return ("\n".join(lines) + "\n").encode()
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = {"mode": pa.array(list(MODE_NAMES))}
    columns.update({name: pa.array(acc[:, k].astype(np.int64)) for k, name in enumerate(STATS)})
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


def run_shard(job: BatchJob, i: int, rows_path: str | None = None, storage: str = "parquet",
              threads: int | dict | None = None) -> np.ndarray:
    """Play shard ``i`` of ``job``; write its per-deal rows to ``rows_path`` (atomically) when
    given; return its accumulator. ``threads``: Numba threads (None: all), or a mapping from Dask
    worker address to threads (looked up on the worker running the task)."""
    import numba

    from jass_sim.jass.engine.batch import N_STATS
    from jass_sim.jass.engine.simulate import iter_block_range
    from jass_sim.core.threads import numba_threads
    from jass_sim.core.files import ChunkWriter
    from jass_sim.jass.simulate.tables import rows_frame

    if isinstance(threads, dict):
        from distributed import get_worker

        threads = threads.get(get_worker().address)  # None (all threads) for a worker that joined late
    if threads is not None:
        threads = max(1, min(int(threads), numba.config.NUMBA_NUM_THREADS))
    first, nb = job.shard_blocks(i)
    spec = job.spec()
    total = np.zeros((len(MODE_NAMES), N_STATS), dtype=np.int64)
    with _KERNEL_LOCK, numba_threads(threads):
        if rows_path is None:
            for acc, _ in iter_block_range(spec, first, nb):
                total += acc
        else:
            with ChunkWriter(rows_path, storage) as writer:
                for acc, rows in iter_block_range(spec, first, nb, per_deal=True):
                    total += acc
                    writer.write(rows_frame(rows))
    return total


def warm(job: BatchJob) -> tuple[int, str]:
    """Compile (or load from Numba's cache) the kernels ``job`` uses, on one tiny block; return
    this machine's usable cores and the jass-sim version installed here."""
    from dataclasses import replace

    run_shard(replace(job, deals=1, shard_size=BLOCK_SIZE), 0, threads=1)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return cores, _version()


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
    """``shards done / total`` with an ETA on stderr (on a terminal, like :class:`~jass_sim.core.files.Progress`)."""

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


def _distributed():
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

        distributed = _distributed()
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


def worker_threads(client, job: BatchJob) -> dict[str, int]:
    """Warm every worker (compile or load the kernels once), check it runs this jass-sim version,
    and give each ``max(1, cores // workers on its host)`` Numba threads, so the workers of a
    machine share its cores."""
    from collections import Counter

    info = client.scheduler_info(n_workers=-1)["workers"] if _accepts_n_workers(client) else \
        client.scheduler_info()["workers"]
    futures = {addr: client.submit(warm, job, workers=[addr], allow_other_workers=False, pure=False)
               for addr in info}
    answers = {addr: f.result() for addr, f in futures.items()}
    cores = {addr: a[0] for addr, a in answers.items()}
    others = sorted({a[1] for a in answers.values()} - {_version()})
    if others:
        raise InputError(f"the Dask workers run jass-sim {', '.join(others)}, this machine {_version()}: "
                         f"install the same version everywhere", "--dask")
    per_host = Counter(info[addr]["host"] for addr in info)
    return {addr: max(1, cores[addr] // per_host[info[addr]["host"]]) for addr in info}


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
    distributed = _distributed()
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
