"""Deprecated path: ``jass_sim._jit`` moved to :mod:`jass_sim.core.jit` (issue 31). The README named
``jass_sim._jit.jit``, the project's one jit decorator. Every name still works from here, with a
``DeprecationWarning`` naming the new path; import it from :mod:`jass_sim.core.jit` instead. Nothing
inside jass_sim imports this module.
"""

from jass_sim.core.lazy import moved_exports

__getattr__ = moved_exports(__name__, "jass_sim.core.jit")
del moved_exports
