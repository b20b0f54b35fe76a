"""The Differenzler's public API (issue 52): ``jass_sim.differenzler.advise(...)``, ``play_advice``, ``replay``,
``simulate``, ``games``, ``report``; the game itself lives in :mod:`jass_sim.jass.differenzler` (it shares
Jass's cards, trick rules and players). Imported on first use."""

from jass_sim.core.lazy import lazy_exports

__all__ = ["advise", "play_advice", "replay", "simulate", "games", "report"]

__getattr__ = lazy_exports(__name__, {**dict.fromkeys(__all__, "jass_sim.jass.differenzler.api"),
                                      "report": "jass_sim.jass.differenzler.report_doc"})
del lazy_exports


def __dir__():
    return sorted(set(__all__) | {name for name in globals() if name.startswith("__")})
