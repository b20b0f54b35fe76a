"""Will a request fit? Memory and disk checks made before a run starts (light: no numpy).

A request that cannot fit is refused with one line naming the option that asks for it
(:class:`~jass_sim.core.errors.InputError`), instead of failing hours later or being killed by the
kernel's out-of-memory killer. The estimates are lower bounds of what a run needs, so a refusal
is always right; a run that passes may still need more than estimated.
"""

from __future__ import annotations

import os
import shutil

from jass_sim.core.errors import InputError

#: Share of the available memory a run may plan to use.
MEMORY_SHARE = 0.8


def available_memory() -> int | None:
    """Bytes of memory available to a new allocation (``MemAvailable`` of /proc/meminfo, else the
    free physical pages), or None when the platform does not say."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def human_bytes(n: float) -> str:
    for unit in ("bytes", "kB", "MB", "GB", "TB", "PB"):
        if n < 1000 or unit == "PB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    raise AssertionError  # pragma: no cover


def check_memory(nbytes: float, what: str, token: str, per_unit: float | None = None) -> None:
    """An InputError naming ``token`` when ``nbytes`` exceed :data:`MEMORY_SHARE` of the
    available memory; ``what`` says what would use it (``"--max-samples 10000000000"``);
    ``per_unit``: the bytes of one unit of the value asked for, so that the line names the largest
    value that fits (``at most 96,551,724 here``)."""
    avail = available_memory()
    if avail is not None and nbytes > MEMORY_SHARE * avail:
        largest = f" (at most {int(MEMORY_SHARE * avail // per_unit):,} here)" if per_unit else ""
        raise InputError(f"{what} needs at least {human_bytes(nbytes)} of memory and this machine has "
                         f"{human_bytes(avail)} available: ask for less{largest}", token)


#: Lower bounds of the bytes a per-deal row of ``simulate``/``batch`` takes on disk, by format
#: (measured on 10,000 deals: CSV 40, JSON Lines 232, text 172, Parquet 13.5 after compression).
PER_DEAL_ROW_BYTES = {"csv": 30, "json": 200, "table": 120, "parquet": 5}


def nearest_existing(path: str) -> str:
    """``path`` made absolute, or its nearest ancestor that exists (the root at worst)."""
    probe = os.path.abspath(path)
    while not os.path.exists(probe):
        probe = os.path.dirname(probe)
    return probe


def check_disk(directory: str, nbytes: float, what: str, token: str) -> None:
    """An InputError naming ``token`` when ``nbytes`` exceed the free space of ``directory``
    (the nearest existing ancestor)."""
    probe = nearest_existing(directory)
    free = shutil.disk_usage(probe).free
    if nbytes > free:
        raise InputError(f"{what} needs at least {human_bytes(nbytes)} of disk space and {probe!r} has "
                         f"{human_bytes(free)} free: ask for less", token)


def check_per_deal_disk(path: str | None, deals: int, fmt: str, option: str = "--deals") -> None:
    """Refuse a ``--per-deal`` run of ``deals`` rows that cannot fit on the disk of ``path``
    (a file, or a directory of shards); nothing to check when the rows go to stdout."""
    if path is None:
        return
    need = deals * PER_DEAL_ROW_BYTES.get(fmt, 1)
    check_disk(path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path)), need,
               f"{option} {deals} with --per-deal", str(deals))
