"""Deprecated path: ``jass_sim.analysis.melds`` moved to :mod:`jass_sim.jass.melds.stats` (issue 31).
``docs/melds.md`` named ``jass_sim.analysis.melds.meld_stats``, ``MeldStats`` and the counting functions
``exact_hand_counts``, ``sampled_hand_counts``, ``sampled_deal_counts``. Every name still works from
here, with a ``DeprecationWarning`` naming the new path; import it from :mod:`jass_sim.jass.melds.stats`
instead. Nothing inside jass_sim imports this module.
"""

from jass_sim.core.lazy import moved_exports

__getattr__ = moved_exports(__name__, "jass_sim.jass.melds.stats")
del moved_exports
