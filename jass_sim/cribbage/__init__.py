"""Cribbage (two players, 52 cards): exact hand and crib scoring, a discard adviser, pegging and
whole games, on the same kind of compiled bit kernels as the Jass engine.

Layers: :mod:`.cards` (notation, 52-card masks, rank counts) -> the private compiled rule kernels
``_scoring`` (hand and crib), ``_pegging`` (pegging rules and pegging players), ``_deck`` (card-set
helpers), with :mod:`.scoring` (the checked public wrappers) -> ``_exact`` (enumerations),
``_players`` (discard players), ``_model`` (Monte Carlo against the model opponent), ``_game``
(whole games) with :mod:`.discard` and :mod:`.engine` -> :mod:`.analysis` (pandas tables, plots)
-> ``jass_sim.cli.cribbage``. The rules implemented are in ``docs/cribbage.md``.

The public API (see ``docs/api.md``), imported on first use: :func:`score`, :func:`discard`, :func:`stats`, :func:`simulate`, :func:`replay`.
"""

__all__ = ['score', 'discard', 'stats', 'simulate', 'replay']


def __getattr__(name: str):
    """The public functions of :mod:`jass_sim.api.cribbage`, imported on first use (PEP 562)."""
    if name not in __all__:
        raise AttributeError(f"module 'jass_sim.cribbage' has no attribute {name!r}")
    from ..api import cribbage as api

    value = getattr(api, name)
    globals()[name] = value
    return value
