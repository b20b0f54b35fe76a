"""The scales of a Cribbage review's verdicts (the rule is :func:`jass_sim.core.verdicts.verdict`):
points lost and chance to win lost."""

from __future__ import annotations

#: Loss thresholds (points) of the verdicts, worst first.
THRESHOLDS = (("blunder", 2.5), ("mistake", 1.0), ("inaccuracy", 0.25))
#: Loss thresholds (win probability) of the verdicts, worst first.
WIN_THRESHOLDS = (("blunder", 0.05), ("mistake", 0.02), ("inaccuracy", 0.005))
#: Cribbage losses are exact fractions summed in floating point: one a rounding error short of a
#: threshold reaches it.
TOL = 1e-9
