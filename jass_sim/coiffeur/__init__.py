"""Coiffeur's public API (issue 53): ``jass_sim.coiffeur.advise(...)`` (take a category, which one,
or pass, planned over the match), ``replay``, ``simulate``, ``games`` (whole matches) and ``report``
(the Coiffeur report); the game itself lives in :mod:`jass_sim.jass.coiffeur` (it shares Jass's
cards, trick rules and players). Imported on first use."""

from jass_sim.core.lazy import lazy_exports

__all__ = ["advise", "replay", "simulate", "games", "report"]

__getattr__ = lazy_exports(__name__, dict.fromkeys(__all__, "jass_sim.jass.coiffeur.api"))
del lazy_exports


def __dir__():
    return sorted(set(__all__) | {name for name in globals() if name.startswith("__")})
