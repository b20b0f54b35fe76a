"""The project's one jit decorator and the bit intrinsics the kernels share.

``jit`` compiles with Numba in ``nopython`` mode (``nogil``, ``cache=True``). Importing this module
(every kernel module does, before its first compilation) installs the one-line notice that the
kernels are being compiled (:func:`jass_sim.core.progress.announce_compilation`, on a terminal).
``popcount``, ``lowest_bit`` and ``select_bit`` are plain Python functions (so kernels still run,
slowly, under ``NUMBA_DISABLE_JIT=1``) that Numba replaces inside compiled code by the LLVM
``ctpop``/``cttz`` instructions and a branch-free broadword select.

Where the compiled kernels are cached: Numba stamps a cached kernel with its own source file only,
so after an edit of a function it calls from another file (which is compiled into it) the cache
would still serve the old machine code. Importing this module therefore points Numba's cache at a
folder named after a hash of every source file of the package (:func:`source_cache_dir`, in the
user's cache directory): any edit of the package, or a new version, starts a new folder, in which
every kernel is compiled once more on first use; stale code is never run. The newest folders are
kept, and older ones unused for two days deleted. ``NUMBA_CACHE_DIR``, when set, takes the place of
the user's cache directory: the kernels go to its subfolder named by the same hash, so a cache
folder shared by several versions of the sources never serves stale code either (the cold-start
benchmark and some tests point it at an empty folder).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, overload

from jass_sim.core.progress import announce_compilation

#: Source-hash folders of compiled kernels (:func:`source_cache_dir`): the newest are kept, and any
#: used in the last days (other checkouts or worktrees of the package may be using them).
KEEP_CACHE_FOLDERS = 3
KEEP_CACHE_DAYS = 2


def source_cache_dir(package: Path | None = None, base: Path | None = None) -> Path:
    """The folder of compiled kernels for this exact source tree: ``base`` (default: the user's
    cache directory, ``$XDG_CACHE_HOME`` or ``~/.cache``, then ``jass-sim/numba``) / the first
    16 hex digits of a SHA-1 over the relative path and bytes of every ``.py`` file of ``package``
    (default: the installed ``jass_sim``)."""
    package = package or Path(__file__).resolve().parent.parent
    if base is None:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jass-sim" / "numba"
    digest = hashlib.sha1()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return base / digest.hexdigest()[:16]


def _use_source_cache_dir() -> None:
    given = os.environ.get("NUMBA_CACHE_DIR")
    folder = source_cache_dir(base=Path(given)) if given else source_cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not given:  # old folders are removed from our own cache only, never from a folder given
            others = sorted((p for p in folder.parent.iterdir() if p.is_dir() and p != folder),
                            key=lambda p: p.stat().st_mtime, reverse=True)
            cutoff = time.time() - KEEP_CACHE_DAYS * 86400
            for old in others[KEEP_CACHE_FOLDERS - 1:]:
                if old.stat().st_mtime < cutoff:
                    shutil.rmtree(old, ignore_errors=True)
        os.utime(folder)
    except OSError:  # a read-only folder: Numba's own default (the __pycache__ folders) instead
        return
    numba.config.CACHE_DIR = str(folder)


_use_source_cache_dir()

# A first run compiles for a minute or more: say so once, when Numba actually compiles.
COMPILE_LISTENER = announce_compilation()

U64_ONE = np.uint64(1)
U64_ZERO = np.uint64(0)


def jit(fn=None, *, parallel: bool = False, cache: bool | None = None, inline: str = "never",
        forceinline: bool = False):
    """Compile ``fn`` with Numba (``njit``), never with ``fastmath``: with it LLVM may reorder a
    float sum as the CPU's vector width and tuning suggest, so the same seed played other cards on
    other machines (a network's near-tie: ``advise``'s ♠ row read -22.1 on an Intel host and -22.3
    on AMD ones). Without it every sum is in source order, the same on every x86-64 CPU.

    Parameters
    ----------
    parallel : bool
        Compile with ``parallel=True`` so ``numba.prange`` loops run on all threads.
    cache : bool, optional
        Cache the machine code on disk; by default serial kernels are cached and parallel ones too
        (Numba supports caching ``parallel=True`` kernels; thread count is chosen at run time).
    inline : str
        Numba IR inlining (``"always"`` for tiny helpers on hot paths): the helper is typed and
        lowered again at every call site, which costs compile time in proportion.
    forceinline : bool
        Compile the function once, on its own, and let LLVM inline its machine-independent code
        into every caller (``alwaysinline``): the speed of ``inline="always"`` for a large helper
        on a hot path without its compile time. Always set, never inherited: Numba otherwise
        passes a caller's ``forceinline`` on to the callees it compiles.
    """
    options = dict(nogil=True, cache=True if cache is None else cache, parallel=parallel,
                   error_model="numpy", inline=inline, fastmath=False,
                   forceinline=forceinline)

    def wrap(f):
        return numba.njit(**options)(f)

    return wrap(fn) if fn is not None else wrap


def popcount(x) -> int:
    """Number of set bits of a ``uint64``."""
    return int(x).bit_count()


def lowest_bit(x) -> int:
    """Index of the lowest set bit of a non-zero ``uint64`` (count of trailing zeros)."""
    x = int(x)
    return (x & -x).bit_length() - 1


def select_bit(x, k) -> int:
    """Index of the ``k``-th (from 0) lowest set bit of ``x`` (``k < popcount(x)``)."""
    x = int(x)
    for _ in range(int(k)):
        x &= x - 1
    return (x & -x).bit_length() - 1


def _select_in_byte_table() -> np.ndarray:
    table = np.zeros(256 * 8, dtype=np.int64)
    for byte in range(256):
        for rank, i in enumerate(b for b in range(8) if byte >> b & 1):
            table[byte | rank << 8] = i
    return table


_SELECT_IN_BYTE = _select_in_byte_table()
_L8 = np.uint64(0x0101010101010101)
_H8 = np.uint64(0x8080808080808080)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)


@jit(inline="always")
def _select_broadword(x, k):
    # Vigna, "Broadword implementation of rank/select queries" (2008): byte-wise prefix counts,
    # a byte-wise comparison with k to find the byte, then a table for the bit inside the byte.
    # Valid while every prefix count is below 128 (always: at most 64 bits).
    s = x - ((x >> np.uint64(1)) & _M1)
    s = (s & _M2) + ((s >> np.uint64(2)) & _M2)
    s = ((s + (s >> np.uint64(4))) & _M4) * _L8
    kk = np.uint64(k) * _L8
    le = ((((kk | _H8) - (s & ~_H8)) ^ s ^ kk) & _H8) >> np.uint64(7)
    place = ((le * _L8) >> np.uint64(53)) & ~np.uint64(7)
    rank = np.uint64(k) - (((s << np.uint64(8)) >> place) & np.uint64(0xFF))
    return np.int64(place) + _SELECT_IN_BYTE[np.int64(((x >> place) & np.uint64(0xFF)) | (rank << np.uint64(8)))]


@intrinsic
def _ctpop(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.zext(builder.ctpop(args[0]), context.get_value_type(types.int64))

    return types.int64(types.uint64), codegen


@intrinsic
def _cttz(typingctx, x):
    def codegen(context, builder, signature, args):
        flag = context.get_constant(types.boolean, True)
        return builder.zext(builder.cttz(args[0], flag), context.get_value_type(types.int64))

    return types.int64(types.uint64), codegen


@overload(popcount, inline="always")
def _popcount_overload(x):
    return lambda x: _ctpop(np.uint64(x))


@overload(lowest_bit, inline="always")
def _lowest_bit_overload(x):
    return lambda x: _cttz(np.uint64(x))


@overload(select_bit, inline="always")
def _select_bit_overload(x, k):
    return lambda x, k: _select_broadword(np.uint64(x), k)


@jit(inline="always")
def bit(card):
    """The ``uint64`` mask of one card."""
    return U64_ONE << np.uint64(card)


def select_bit_fast(x, k) -> int:
    """:func:`select_bit`, compiled to the BMI2 ``pdep`` instruction where it is fast."""
    return select_bit(x, k)


def _fast_pdep() -> bool:
    # pdep is one instruction on Intel (Haswell on) and AMD Zen 3 on, slow microcode on older AMD
    # CPUs; only for the host CPU (NUMBA_CPU_NAME / NUMBA_CPU_FEATURES may target others).
    if numba.config.CPU_NAME or numba.config.CPU_FEATURES:
        return False
    import llvmlite.binding as ll

    name = ll.get_host_cpu_name()
    return bool(ll.get_host_cpu_features().get("bmi2", False)) and not name.startswith(
        ("znver1", "znver2", "bdver", "btver", "generic"))


#: Whether :func:`select_bit_fast` compiles to ``pdep`` (else to :func:`select_bit`'s broadword code).
FAST_PDEP = _fast_pdep()


def _bmi2(op):
    """An intrinsic ``(x, mask) -> uint64`` compiled to the BMI2 instruction ``op``."""
    def typer(typingctx, x, mask):
        def codegen(context, builder, signature, args):
            i64 = context.get_value_type(types.uint64)
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]),
                                                f"llvm.x86.bmi.{op}.64")
            return builder.call(fn, args)

        return types.uint64(types.uint64, types.uint64), codegen

    typer.__name__ = f"_{op}"
    return intrinsic(typer)


_pdep = _bmi2("pdep")
_pext = _bmi2("pext")


def extract_bits(x, mask) -> int:
    """The bits of ``x`` at the set bits of ``mask``, packed to the low end (BMI2 ``pext``)."""
    x = int(x)
    m = int(mask)
    out = 0
    i = 0
    while m:
        low = m & -m
        if x & low:
            out |= 1 << i
        i += 1
        m ^= low
    return np.uint64(out)


@jit(inline="always")
def _extract_loop(x, mask):
    out = U64_ZERO
    i = U64_ZERO
    m = mask
    while m != U64_ZERO:
        low = m & (~m + U64_ONE)
        if x & low:
            out |= U64_ONE << i
        i += U64_ONE
        m ^= low
    return out


@overload(extract_bits, inline="always")
def _extract_bits_overload(x, mask):
    if FAST_PDEP:  # pext is fast wherever pdep is (same microcode on older AMD)
        return lambda x, mask: _pext(np.uint64(x), np.uint64(mask))
    return lambda x, mask: _extract_loop(np.uint64(x), np.uint64(mask))


@overload(select_bit_fast, inline="always")
def _select_bit_fast_overload(x, k):
    if FAST_PDEP:  # deposit bit k onto the set bits of x: the k-th of them stays set
        return lambda x, k: _cttz(_pdep(U64_ONE << np.uint64(k), np.uint64(x)))
    return lambda x, k: _select_broadword(np.uint64(x), k)


def prefetch(arr, i, j) -> None:
    """Hint the CPU to load ``arr[i, j]`` (a 2-d array) into its cache: no effect on results, a
    no-op when not compiled."""


@intrinsic
def _prefetch(typingctx, arr, i, j):
    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, signature.args[0], ary,
                                       [args[1], args[2]], wraparound=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]),
            "llvm.prefetch.p0i8")
        # read, high temporal locality, data cache
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.none(arr, types.intp, types.intp), codegen


@overload(prefetch, inline="always")
def _prefetch_overload(arr, i, j):
    return lambda arr, i, j: _prefetch(arr, np.intp(i), np.intp(j))



@jit(inline="always")
def copy_into(dst, src):
    """``dst[:] = src`` for 1-d arrays of the same length, as a loop: Numba's slice assignment
    compiles its shape-mismatch message (string formatting, several seconds of a cold start)."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@jit(inline="always")
def copy_rows(dst, src):
    """``dst[:, :] = src`` for 2-d arrays of the same shape (see :func:`copy_into`)."""
    for i in range(dst.shape[0]):
        for j in range(dst.shape[1]):
            dst[i, j] = src[i, j]
