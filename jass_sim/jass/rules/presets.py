"""Rule sets as data: every *(option)* of the rules (``docs/rules.md``) is a field of :class:`RuleSet`.

Kernels never see a :class:`RuleSet`; they take the plain arrays of :meth:`RuleSet.arrays`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import MODE_NAMES

MATCH_BONUS = 100
LAST_TRICK_BONUS = 5
STOECK_POINTS = 20

# Run points by length 3..9.
CHIBRE_RUNS = (20, 50, 100, 100, 100, 100, 100)
SCHIEBER_RUNS = (20, 50, 100, 150, 200, 250, 300)
# Four of a kind by natural rank 6 7 8 9 T J Q K A.
FOUR_OF_KIND = (0, 0, 0, 150, 100, 200, 100, 100, 100)
FOUR_OF_KIND_LOW_100 = (100, 100, 100, 150, 100, 200, 100, 100, 100)


@dataclass(frozen=True)
class RuleSet:
    """One set of Chibre rules (immutable).

    Attributes
    ----------
    name : str
        Preset name.
    modes : tuple of int
        Modes the chooser may pick (0..3 trump H D S C, 4 obe-abe, 5 une-ufe).
    run_points : tuple of 7 int
        Points of a run of 3, 4, ..., 9 cards.
    four_points : tuple of 9 int
        Points of four of a kind by natural rank 6..A (0: not a meld).
    multipliers : tuple of 6 int
        Round multiplier by mode.
    target : int
        Points that win the game.
    chibre_first_round : bool
        Whether the chooser may chibre in the first round.
    premier_sorti : bool
        True: the first team to reach the target wins at once (melds, stöck, then tricks);
        False ("plus grand écart"): the round is played out and the higher total wins.
    """

    name: str = "chibre"
    modes: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    run_points: tuple[int, ...] = CHIBRE_RUNS
    four_points: tuple[int, ...] = FOUR_OF_KIND
    multipliers: tuple[int, ...] = (1, 1, 1, 1, 1, 1)
    target: int = 1000
    chibre_first_round: bool = True
    premier_sorti: bool = True
    _arrays: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        if len(self.run_points) != 7 or len(self.four_points) != 9 or len(self.multipliers) != 6:
            raise ValueError("run_points needs 7 values, four_points 9, multipliers 6")
        if not self.modes or any(m not in range(6) for m in self.modes):
            raise ValueError(f"modes must be a non-empty subset of 0..5, got {self.modes}")

    def replace(self, **changes) -> "RuleSet":
        """A copy with some fields changed."""
        return replace(self, **changes)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(run_points, four_points, multipliers)`` as int64 arrays for the kernels.

        ``run_points`` is indexed by run length (0..9; lengths below 3 score 0).
        """
        if self._arrays is None:
            runs = np.zeros(10, dtype=np.int64)
            runs[3:] = self.run_points
            arrays = (runs, np.asarray(self.four_points, dtype=np.int64),
                      np.asarray(self.multipliers, dtype=np.int64))
            object.__setattr__(self, "_arrays", arrays)
        return self._arrays

    @property
    def mode_names(self) -> list[str]:
        return [MODE_NAMES[m] for m in self.modes]


PRESETS: dict[str, RuleSet] = {
    "chibre": RuleSet(),
    "schieber": RuleSet(name="schieber", run_points=SCHIEBER_RUNS, multipliers=(1, 1, 2, 2, 3, 3),
                        target=2500),
    "pique-double": RuleSet(name="pique-double", multipliers=(1, 1, 2, 1, 1, 1), target=1500),
}


def get_rules(name: str | RuleSet) -> RuleSet:
    """The preset called ``name`` (``chibre``, ``schieber``, ``pique-double``)."""
    if isinstance(name, RuleSet):
        return name
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise InputError(f"unknown rules {name!r} (expected one of {', '.join(PRESETS)})", name) from None
