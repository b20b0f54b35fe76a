"""Deprecated path: ``jass_sim.engine.batch`` moved to :mod:`jass_sim.jass.engine.batch` (issue 31).
``docs/cluster.md`` named ``jass_sim.engine.batch.STATS`` (the accumulator columns of a shard file).
Every name still works from here, with a ``DeprecationWarning`` naming the new path; import it from
:mod:`jass_sim.jass.engine.batch` instead. Nothing inside jass_sim imports this module.
"""

from jass_sim.core.lazy import moved_exports

__getattr__ = moved_exports(__name__, "jass_sim.jass.engine.batch")
del moved_exports
