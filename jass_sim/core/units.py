"""Compiled units: a kernel compiled once, on its own, and called from other kernels by name.

Numba links a called function's machine code into every caller and optimises the merged module
again, so a large function (a player, the double-dummy solver) is compiled once more inside every
kernel that reaches it, and its cost multiplies with the layers above it. A :class:`CompiledUnit`
stops that: the function is compiled (or loaded from Numba's cache) once, for one fixed signature,
its address is published under a stable symbol name (``llvmlite.binding.add_symbol``), and callers
compiled through :meth:`CompiledUnit.caller` hold only an external call to that name, which the
linker resolves when the caller is loaded. The call uses Numba's own calling convention, so
arrays pass as they are and exceptions propagate.

The symbol must be published before a cached caller is loaded (an unresolved symbol is fatal):
callers' specialisations are chosen by an argument type whose ``typeof`` hook calls
:meth:`CompiledUnit.ensure` first (see a game's players' ``dispatch`` module), and compiling a
caller ensures the unit at typing time.
"""

from __future__ import annotations

import hashlib
import threading
from typing import Callable

import llvmlite.binding as llvm_binding
from numba.core import cgutils, types
from numba.extending import intrinsic

_LOCK = threading.RLock()


class CompiledUnit:
    """A jitted function compiled on its own for one signature, callable from kernels by name.

    Parameters
    ----------
    name : str
        A short name, part of the published symbol.
    dispatcher : callable
        Returns the ``numba`` dispatcher to compile (called when the unit is first needed, so
        that defining a unit imports nothing heavy).
    argtypes : callable
        Returns the tuple of Numba argument types the unit is compiled for; a caller's arguments
        are cast to them (an array must have the same dtype, dimensions and a castable layout).
    """

    def __init__(self, name: str, dispatcher: Callable, argtypes: Callable):
        self.name = name
        self._dispatcher = dispatcher
        self._argtypes = argtypes
        self._ready: tuple | None = None

    def ensure(self) -> tuple[str, tuple, types.Type]:
        """Compile the unit (or load it from the cache) once per process and publish its
        address: ``(symbol, argtypes, return type)``."""
        if self._ready is not None:
            return self._ready
        with _LOCK:
            if self._ready is None:
                dispatcher = self._dispatcher()
                argtypes = tuple(self._argtypes())
                dispatcher.compile(argtypes)
                compiled = dispatcher.overloads[argtypes]
                # the signature is in the name: a caller compiled against other argument types
                # can never reach this code
                digest = hashlib.sha1(repr(argtypes).encode()).hexdigest()[:16]
                symbol = f"jass_sim.unit.{self.name}.{digest}"
                address = compiled.library.get_pointer_to_function(compiled.fndesc.llvm_func_name)
                llvm_binding.add_symbol(symbol, address)
                self._ready = (symbol, argtypes, compiled.signature.return_type)
        return self._ready

    def caller(self):
        """An intrinsic ``call((arg1, arg2, ...))`` (one tuple of the unit's arguments) for use
        inside jitted code: an external call to the unit, which is never linked into the caller."""
        unit = self

        @intrinsic
        def call(typingctx, args):
            if not isinstance(args, types.BaseTuple) or len(args) != len(unit.ensure()[1]):
                return None
            symbol, argtypes, return_type = unit.ensure()

            def codegen(context, builder, signature, llargs):
                given = signature.args[0]
                values = [context.cast(builder, builder.extract_value(llargs[0], i), given[i], argtypes[i])
                          for i in range(len(argtypes))]
                fnty = context.call_conv.get_function_type(return_type, list(argtypes))
                fn = cgutils.get_or_insert_function(builder.module, fnty, symbol)
                status, result = context.call_conv.call_function(builder, fn, return_type, list(argtypes), values)
                with cgutils.if_unlikely(builder, status.is_error):
                    context.call_conv.return_status_propagate(builder, status)
                return result

            return return_type(args), codegen

        return call
