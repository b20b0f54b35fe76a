"""Deprecated path: ``jass_sim.api.jass`` moved to :mod:`jass_sim.jass.api` (issue 31). ``docs/api.md``
named ``jass_sim.api.jass.simulation_json``. Every name still works from here, with a
``DeprecationWarning`` naming the new path; import it from :mod:`jass_sim.jass.api` instead. Nothing
inside jass_sim imports this module.
"""

from jass_sim.core.lazy import moved_exports

__getattr__ = moved_exports(__name__, "jass_sim.jass.api")
del moved_exports
