"""Deprecated path: ``jass_sim.rules._melds`` moved to :mod:`jass_sim.jass.rules._melds` (issue 31).
``docs/melds.md`` named ``jass_sim.rules._melds.announce`` (its checked public wrapper is
:func:`jass_sim.jass.rules.announcement`). Every name still works from here, with a
``DeprecationWarning`` naming the new path; import it from :mod:`jass_sim.jass.rules._melds` instead.
Nothing inside jass_sim imports this module.
"""

from jass_sim.core.lazy import moved_exports

__getattr__ = moved_exports(__name__, "jass_sim.jass.rules._melds")
del moved_exports
