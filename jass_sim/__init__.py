"""jass-sim: fast Chibre (Swiss Jass) simulation and strategy analysis, as a Python API.

The public functions are imported lazily (on first use), so ``import jass_sim`` is instant::

    >>> import jass_sim
    >>> advice = jass_sim.advise("HJ H9 HA SK SQ D6 C7 C8 CT", samples=200, seed=1)  # doctest: +SKIP
    >>> advice.recommendation, advice.sentence  # doctest: +SKIP

Chibre: :func:`advise`, :func:`simulate`, :func:`duel`, :func:`melds`, :func:`solve`,
:func:`replay`, :func:`report`, :func:`play_advice`, :func:`review`. Cribbage and Basra live in
:mod:`jass_sim.cribbage` and :mod:`jass_sim.basra`. Bad input raises :class:`InputError` (a
``ValueError``) whose message is the line the command line prints. See ``docs/api.md``.
"""

from __future__ import annotations

__all__ = ["InputError", "advise", "simulate", "duel", "melds", "solve", "replay", "report", "play_advice",
           "review", "cribbage", "basra"]

_LAZY = {"InputError": "jass_sim.cards", **{name: "jass_sim.api.jass" for name in __all__[1:-2]}}


def __getattr__(name: str):
    """Import a public function (or InputError) on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        if name in ("cribbage", "basra"):
            import importlib

            return importlib.import_module(f"jass_sim.{name}")
        raise AttributeError(f"module 'jass_sim' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
