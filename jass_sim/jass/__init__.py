"""Chibre (Swiss Jass, Schieber): cards, rules, players, engine, features, ``api`` and ``cli``.

Its public functions are exported by :mod:`jass_sim`; ``GAME``, the game's descriptor in the
registry (:mod:`jass_sim.registry`), is loaded on first use.
"""

from jass_sim.core.lazy import lazy_exports

__getattr__ = lazy_exports(__name__, {"GAME": "jass_sim.jass.descriptor"})
del lazy_exports
