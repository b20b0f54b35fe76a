"""The project's one jit decorator and the bit intrinsics the kernels share.

``jit`` compiles with Numba in ``nopython`` mode (``nogil``, ``cache=True`` for serial kernels).
``popcount`` and ``lowest_bit`` are plain Python functions (so kernels still run, slowly, under
``NUMBA_DISABLE_JIT=1``) that Numba replaces inside compiled code by the LLVM ``ctpop``/``cttz``
instructions.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types
from numba.extending import intrinsic, overload

U64_ONE = np.uint64(1)
U64_ZERO = np.uint64(0)


def jit(fn=None, *, parallel: bool = False, cache: bool | None = None, inline: str = "never"):
    """Compile ``fn`` with Numba (``njit``).

    Parameters
    ----------
    parallel : bool
        Compile with ``parallel=True`` so ``numba.prange`` loops run on all threads.
    cache : bool, optional
        Cache the machine code on disk; by default serial kernels are cached and parallel ones too
        (Numba supports caching ``parallel=True`` kernels; thread count is chosen at run time).
    inline : str
        Numba IR inlining (``"always"`` for tiny helpers on hot paths).
    """
    options = dict(nogil=True, cache=True if cache is None else cache, parallel=parallel,
                   error_model="numpy", inline=inline)

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


@jit(inline="always")
def bit(card):
    """The ``uint64`` mask of one card."""
    return U64_ONE << np.uint64(card)
