"""Rule sets as data: every *(option)* of the rules (``docs/rules.md``) is a field of :class:`RuleSet`.

Kernels never see a :class:`RuleSet`; they take the plain arrays of :meth:`RuleSet.arrays`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.rules.round_modes import N_ROUND_MODES, NEW_MODES

MATCH_BONUS = 100
LAST_TRICK_BONUS = 5
STOECK_POINTS = 20

# Run points by length 3..9.
CHIBRE_RUNS = (20, 50, 100, 100, 100, 100, 100)
SCHIEBER_RUNS = (20, 50, 100, 150, 200, 250, 300)
# Four of a kind by natural rank 6 7 8 9 T J Q K A.
FOUR_OF_KIND = (0, 0, 0, 150, 100, 200, 100, 100, 100)
FOUR_OF_KIND_LOW_100 = (100, 100, 100, 150, 100, 200, 100, 100, 100)
#: Switches carried in the unused head of the kernels' ``run_points`` array (runs shorter than 3
#: never score): ``run_points[NO_STOECK_AT]`` is -1 when the rules count no Stöck,
#: ``run_points[NO_WEIS_AT]`` -1 when they count no Weis; 0 (every chibre preset) keeps the rule.
NO_STOECK_AT, NO_WEIS_AT = 0, 1


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
    round_modes : tuple of int
        The round modes beyond the chibre modes a round may be played in when the mode is given
        (:mod:`.round_modes`: Slalom, Guschti, Misère, Trio); the Coiffeur presets allow them all.
        They are never picked by the mode policies (``modes`` is).
    weis, stoeck : bool
        Whether Weis (melds) and Stöck count.
    chooser_weights : str
        The preset whose shipped mode model picks a mode in ``modes`` when none is given
        (empty: this preset's own).
    """

    name: str = "chibre"
    modes: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    run_points: tuple[int, ...] = CHIBRE_RUNS
    four_points: tuple[int, ...] = FOUR_OF_KIND
    multipliers: tuple[int, ...] = (1, 1, 1, 1, 1, 1)
    target: int = 1000
    chibre_first_round: bool = True
    premier_sorti: bool = True
    round_modes: tuple[int, ...] = ()
    weis: bool = True
    stoeck: bool = True
    chooser_weights: str = ""
    _arrays: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        if len(self.run_points) != 7 or len(self.four_points) != 9 or len(self.multipliers) != 6:
            raise ValueError("run_points needs 7 values, four_points 9, multipliers 6")
        if not self.modes or any(m not in range(6) for m in self.modes):
            raise ValueError(f"modes must be a non-empty subset of 0..5, got {self.modes}")
        if any(m not in range(6, N_ROUND_MODES) for m in self.round_modes):
            raise ValueError(f"round_modes must be a subset of 6..{N_ROUND_MODES - 1}, got {self.round_modes}")

    def replace(self, **changes) -> "RuleSet":
        """A copy with some fields changed."""
        return replace(self, **changes)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(run_points, four_points, multipliers)`` as int64 arrays for the kernels.

        ``run_points`` is indexed by run length (0..9; lengths below 3 score 0), its head holds the
        switches :data:`NO_STOECK_AT` and :data:`NO_WEIS_AT`. ``multipliers`` is indexed by round
        mode: 6 values, or with ``round_modes`` one per round mode (x1 for the new modes: a
        Coiffeur category's multiplier is the match's).
        """
        if self._arrays is None:
            runs = np.zeros(10, dtype=np.int64)
            runs[3:] = self.run_points
            runs[NO_STOECK_AT] = 0 if self.stoeck else -1
            runs[NO_WEIS_AT] = 0 if self.weis else -1
            mults = list(self.multipliers) + ([1] * (N_ROUND_MODES - 6) if self.round_modes else [])
            arrays = (runs, np.asarray(self.four_points, dtype=np.int64), np.asarray(mults, dtype=np.int64))
            object.__setattr__(self, "_arrays", arrays)
        return self._arrays

    @property
    def mode_names(self) -> list[str]:
        return [MODE_NAMES[m] for m in self.modes]

    @property
    def all_modes(self) -> tuple[int, ...]:
        """Every round mode a round may be played in: ``modes`` then ``round_modes``."""
        return tuple(self.modes) + tuple(self.round_modes)


PRESETS: dict[str, RuleSet] = {
    "chibre": RuleSet(),
    "schieber": RuleSet(name="schieber", run_points=SCHIEBER_RUNS, multipliers=(1, 1, 2, 2, 3, 3),
                        target=2500),
    "pique-double": RuleSet(name="pique-double", multipliers=(1, 1, 2, 1, 1, 1), target=1500),
}


#: The Coiffeur round presets (issue 53; sources in docs/rules.md): no Weis, no Stöck, the Matsch
#: 157 + 100, the 8s counting 8 in Obenabe and Undenufe (the tables' rule), the chooser leading (as
#: every round here), every new round mode allowed when given, multipliers x1 (a category's
#: multiplier is the match's), no chibre in the round (passing is the match's rule). ``coiffeur``
#: (Jassreglement, 8 categories) and ``coiffeur-10`` (Swisslos's 10 rounds, with Slalom and
#: Guschti) play a round alike; their categories are the match's (``jass_sim.jass.coiffeur``).
#: With no mode given, the chibre preset's mode model picks a suit, Obenabe or Undenufe.
COIFFEUR_PRESETS: dict[str, RuleSet] = {
    name: RuleSet(name=name, chibre_first_round=False, round_modes=NEW_MODES, weis=False, stoeck=False,
                  chooser_weights="chibre")
    for name in ("coiffeur", "coiffeur-10")}
#: Every preset a single round may be played under (``replay``, the Jass state).
ROUND_PRESETS: dict[str, RuleSet] = {**PRESETS, **COIFFEUR_PRESETS}


def get_rules(name: str | RuleSet, presets: dict[str, RuleSet] | None = None) -> RuleSet:
    """The preset called ``name`` among ``presets`` (default :data:`PRESETS`: ``chibre``,
    ``schieber``, ``pique-double``; :data:`ROUND_PRESETS` adds the Coiffeur round presets)."""
    if isinstance(name, RuleSet):
        return name
    presets = PRESETS if presets is None else presets
    try:
        return presets[name.strip().lower()]
    except KeyError:
        raise InputError(f"unknown rules {name!r} (expected one of {', '.join(presets)})", name) from None
