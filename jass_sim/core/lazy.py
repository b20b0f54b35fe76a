"""Module attributes resolved on first use (PEP 562 ``__getattr__``).

:func:`lazy_exports` gives :mod:`jass_sim` and each game's package their public functions
without importing numpy, Numba or pandas at ``import jass_sim``.
:func:`lazy_function` stands for a function of a heavy module (a descriptor's ``new_state``)
until it is called. :func:`moved_exports` keeps an old module path working after a move, with a
``DeprecationWarning`` that names the new path (the thin modules at the old paths of issue 31,
such as ``jass_sim/_jit.py``, are nothing else).
"""

from __future__ import annotations

import importlib
import sys
import warnings


def lazy_exports(package: str, exports: dict[str, str | None]):
    """A PEP 562 module ``__getattr__`` for ``package``: ``exports`` maps each public name to the
    module it is imported from on first use (``None``: the sub-package ``package.name`` itself).
    The value is then cached in the package, so the lookup runs once per name."""

    def __getattr__(name: str):
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        source = exports[name]
        if source is None:
            value = importlib.import_module(f"{package}.{name}")
        else:
            value = getattr(importlib.import_module(source), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def lazy_function(module: str, name: str):
    """A function that imports ``module`` on its first call and calls ``module.name`` with the same
    arguments: so a light module (a game's descriptor, read by ``jass-sim --help``) can hand on a
    function of a module that loads numpy or Numba."""

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``{module}.{name}``, imported on the first call."
    return call


def moved_exports(old: str, *new: str):
    """A PEP 562 module ``__getattr__`` for the deprecated module ``old``, whose contents moved to
    the modules ``new`` (searched in order).

    Every lookup of a name warns (``DeprecationWarning``, attributed to the caller's line, so it
    shows in a script's ``__main__`` and under pytest) with the module the name now lives in, and
    returns that module's object itself. Values are not cached, so each use warns. Dunder names
    (``__path__``, ``__all__``, ...) are not forwarded: tools that inspect modules do not warn.
    """

    def __getattr__(name: str):
        if not (name.startswith("__") and name.endswith("__")):
            for target in new:
                module = importlib.import_module(target)
                if hasattr(module, name):
                    warnings.warn(f"{old}.{name} is deprecated: import {name} from {target} "
                                  f"(the module moved in jass-sim's new layout)", DeprecationWarning, stacklevel=2)
                    return getattr(module, name)
        raise AttributeError(f"module {old!r} has no attribute {name!r}")

    return __getattr__
