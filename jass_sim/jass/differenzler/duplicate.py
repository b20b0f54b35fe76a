"""Duplicate rounds: the same deals and numbers, one seat's player swapped (issue 52 item 2).

For every round, the ``base`` player plays all four seats; then, for each seat in turn, ``other``
plays that seat and ``base`` the three others, with the same deal and the same numbers (the fast
announcer's, which read the hand only). The paired difference of that seat's penalty (``other`` less
``base``), averaged over the four seats of a round, is one sample; the mean and its 95% CI are over
the rounds.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from jass_sim.core.stats import mean_ci
from jass_sim.jass.differenzler._batch import BIDS, MADE
from jass_sim.jass.differenzler.engine import run_rounds
from jass_sim.jass.differenzler.rules import get_rules
from jass_sim.jass.streams import STREAMS


def _penalties(rows: np.ndarray, bonus: int) -> np.ndarray:
    bids, made = rows[:, BIDS:BIDS + 4], rows[:, MADE:MADE + 4]
    return np.abs(bids - made) - bonus * (bids == made)


def duplicate(rounds: int, base: str = "number", other: str = "points", rules: str = "differenzler", seed: int = 0,
              threads: int | None = None, progress: Callable[[int], None] | None = None, open: bool = False) -> dict:
    """Mean penalty per seat and round of ``base`` and of ``other`` on the same deals and numbers,
    and the paired difference (``other - base``) with its 95% CI over ``rounds`` rounds.

    ``open``: the numbers are announced openly (a ``search`` seat reads them; the rule players do
    not read the others' numbers). The exact-hit bonus of ``rules`` is the ``search`` player's too."""
    the_rules = get_rules(rules, open=open)
    bonus = the_rules.exact_bonus
    stream = STREAMS["jass.differenzler-deals"]

    def run(players, progress=None):
        return run_rounds(rounds, seed, players, stream=stream, threads=threads, progress=progress,
                          open_=the_rules.open, bonus=bonus)

    pen_base = _penalties(run(base, progress), bonus)
    swapped = np.zeros_like(pen_base)
    for seat in range(4):
        players = [base] * 4
        players[seat] = other
        swapped[:, seat] = _penalties(run(players), bonus)[:, seat]
    diff = (swapped - pen_base).mean(axis=1)
    mean, lo, hi = mean_ci(float(diff.sum()), float((diff ** 2).sum()), rounds)
    return {"rounds": rounds, "base": base, "other": other, "rules": rules, "open": the_rules.open, "seed": seed,
            "base_penalty": float(pen_base.mean()), "other_penalty": float(swapped.mean()),
            "difference": mean, "ci95": [lo, hi]}
