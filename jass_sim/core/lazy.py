"""The public Python API (issue 23): the functions behind every command, with stable signatures.

Users import them from :mod:`jass_sim` (Chibre), :mod:`jass_sim.cribbage` and
:mod:`jass_sim.basra`, where they are loaded lazily; the modules here are :mod:`.jass`,
:mod:`.cribbage`, :mod:`.basra` and the result objects of :mod:`._result`. The command line
(``jass_sim.cli``) is a thin wrapper over these functions: its JSON output is ``to_json()`` of
the result. See ``docs/api.md``.
"""


def lazy_exports(package: str, exports: dict[str, str | None]):
    """A PEP 562 module ``__getattr__`` for ``package``: ``exports`` maps each public name to the
    module it is imported from on first use (``None``: the sub-package ``package.name`` itself).
    The value is then cached in the package, so the lookup runs once per name."""
    import importlib
    import sys

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
