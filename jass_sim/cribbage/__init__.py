"""Cribbage (two players, 52 cards): exact hand and crib scoring, a discard adviser, pegging and
whole games, on the same kind of compiled bit kernels as the Jass engine.

Layers: :mod:`.cards` (notation, 52-card masks) -> the private compiled rule kernels ``_scoring``
(hand and crib), ``_pegrules`` (the pegging rules), ``_deck`` (card-set helpers), with
:mod:`.scoring` (the checked public wrappers) -> the players and searches (``_pegging``, ``_search``,
``_advice``, ``_pegwin``, ``_players``, ``_exact``, ``_model``) and whole games (``_game``) with
:mod:`.discards`, :mod:`.engine` and :mod:`.pegging_advice` -> :mod:`.analysis` (pandas tables, plots)
-> :mod:`.api` and ``jass_sim.cribbage.cli``. The rules implemented are in ``docs/cribbage.md``.

The public API (see ``docs/api.md``), imported on first use: :func:`score`, :func:`discard`,
:func:`stats`, :func:`simulate`, :func:`replay`, :func:`play_advice`, :func:`review`, :func:`report`,
and the page's coached game: :func:`game_state`, :func:`bot_discard`, :func:`rate_decision`.
"""

from jass_sim.core.lazy import lazy_exports

__all__ = ["score", "discard", "stats", "simulate", "replay", "play_advice", "review", "report", "game_state",
           "bot_discard", "rate_decision"]

#: ``GAME``, the game's descriptor in the registry (:mod:`jass_sim.registry`), is loaded on first use too.
__getattr__ = lazy_exports(__name__, {**dict.fromkeys(__all__, "jass_sim.cribbage.api"),
                                      "GAME": "jass_sim.cribbage.descriptor"})
del lazy_exports


def __dir__():
    return sorted(set(__all__) | {name for name in globals() if name.startswith("__")})
