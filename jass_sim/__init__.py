"""jass-sim: fast Chibre (Swiss Jass) simulation and strategy analysis, as a Python API.

The public functions are imported lazily (on first use), so ``import jass_sim`` is instant::

    >>> import jass_sim
    >>> advice = jass_sim.advise("HJ H9 HA SK SQ D6 C7 C8 CT", samples=200, seed=1)  # doctest: +SKIP
    >>> advice.recommendation, advice.sentence  # doctest: +SKIP

Chibre: :func:`advise`, :func:`simulate`, :func:`duel`, :func:`melds`, :func:`solve`,
:func:`replay`, :func:`report`, :func:`play_advice`, :func:`review`, :func:`choose_card`, :func:`games`, :func:`equity`. Cribbage and Basra live in
:mod:`jass_sim.cribbage` and :mod:`jass_sim.basra`. Bad input raises :class:`InputError` (a
``ValueError``) whose message is the line the command line prints. See ``docs/api.md``.
"""

from __future__ import annotations

__all__ = ["InputError", "advise", "simulate", "duel", "melds", "solve", "replay", "report", "play_advice",
           "review", "choose_card", "games", "equity", "cribbage", "basra"]

from jass_sim.core.lazy import lazy_exports

__getattr__ = lazy_exports(__name__, {"InputError": "jass_sim.core.errors", "cribbage": None, "basra": None,
                                      **dict.fromkeys(__all__[1:-3], "jass_sim.jass.api"), "games": "jass_sim.jass.games.api",
                                      "equity": "jass_sim.jass.games.api"})

del lazy_exports


def __dir__():
    return sorted(set(__all__) | {name for name in globals() if name.startswith("__")})
