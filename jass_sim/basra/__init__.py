"""Basra, the fishing card game (52 cards, 2 players or 4 in two teams).

Layers, as for Chibre: :mod:`.cards` (52-card masks, notation) -> :mod:`.rules` (presets as data,
capture and scoring kernels in :mod:`._capture`) -> :mod:`.engine` (dealing, rounds, games,
players; kernels in :mod:`._play` and :mod:`._batch`) -> :mod:`.analysis` -> :mod:`.cli`.
The rules are written down in ``docs/basra.md``.

The public API (see ``docs/api.md``), imported on first use: :func:`replay`, :func:`simulate`, :func:`duel`, :func:`advise`, :func:`report`.
"""

from jass_sim.core.lazy import lazy_exports

__all__ = ["replay", "simulate", "duel", "advise", "report"]

#: ``GAME``, the game's descriptor in the registry (:mod:`jass_sim.registry`), is loaded on first use too.
__getattr__ = lazy_exports(__name__, {**dict.fromkeys(__all__, "jass_sim.basra.api"),
                                      "GAME": "jass_sim.basra.descriptor"})
del lazy_exports


def __dir__():
    return sorted(set(__all__) | {name for name in globals() if name.startswith("__")})
