"""A hand's Coiffeur points in every play-step mode, on the same sampled deals.

The declarer sits at seat 0 and leads the first trick ("the chooser leads"); the other 27 cards
are dealt uniformly to seats 1..3, and each sample is played once per mode from the same deal and
the same random numbers (the common random numbers of ``advise``, whose kernel plays them:
:func:`jass_sim.jass.advise.sampling.run_advise`). The Coiffeur round is scored from that round:
no Weis (the rule set has no meld points), no Stöck, only card points with the last trick's 5, and
a Matsch 157 + ``match_bonus``. ``advise``'s score counts Stöck, which Coiffeur does not: it is
taken out again here (the players' card play does not depend on it: no Stöck is shown).
"""

from __future__ import annotations

import numpy as np

from jass_sim.jass.advise.sampling import ADVISE_BLOCK, PARTNER_EVALUATOR, run_advise, sample_deals
from jass_sim.jass.cards import N_MODES
from jass_sim.jass.rules.presets import MATCH_BONUS, get_rules

#: The play-step modes a Coiffeur hand is evaluated in (H D S C OBE UNE).
MODES = tuple(range(N_MODES))
#: Chibre's rules with no Weis: the round engine then scores card points, Stöck and Matsch only.
NO_WEIS = get_rules("chibre").replace(name="coiffeur-round", run_points=(0,) * 7, four_points=(0,) * 9)
_K, _Q = 7, 6  # natural ranks of the King and the Queen


def stoeck_team(deals: np.ndarray, mode: int) -> np.ndarray:
    """``int[n, 2]``: 1 where team 0 (seats 0, 2) / team 1 holds the Stöck (K and Q of trump) of ``mode``."""
    out = np.zeros((len(deals), 2), dtype=np.int64)
    if mode >= 4:
        return out
    pair = np.uint64((1 << (mode * 9 + _K)) | (1 << (mode * 9 + _Q)))
    for seat in range(4):
        out[:, seat & 1] |= ((deals[:, seat] & pair) == pair).astype(np.int64)
    return out


def coiffeur_points(ours_total, theirs_total, flags, deals, match_bonus: int = MATCH_BONUS):
    """Coiffeur points ``(ours, theirs)`` (``int[n, 6]``) from the round engine's totals under
    :data:`NO_WEIS` (multiplier 1): the Stöck taken out (a team's Stöck counts in the engine unless
    the team was beaten by a Matsch, ``flags``: 1 our Matsch, 2 theirs), and the Matsch bonus set
    to ``match_bonus``."""
    ours = np.array(ours_total, dtype=np.int64)
    theirs = np.array(theirs_total, dtype=np.int64)
    for m in MODES:
        st = stoeck_team(deals, m) * 20
        ours[:, m] -= st[:, 0] * ((flags[:, m] & 2) == 0)
        theirs[:, m] -= st[:, 1] * ((flags[:, m] & 1) == 0)
    ours += (match_bonus - MATCH_BONUS) * ((flags & 1) > 0)
    theirs += (match_bonus - MATCH_BONUS) * ((flags & 2) > 0)
    return ours, theirs


def hand_points(hand_mask: int, policies, *, seed: int, first_sample: int, n_samples: int, params=None,
                match_bonus: int = MATCH_BONUS) -> tuple[np.ndarray, np.ndarray]:
    """``(ours, theirs)``, ``int64[n_samples, 6]``: the declaring team's and the opponents'
    Coiffeur points with ``hand_mask`` at seat 0 (the declarer, who leads) in each mode H D S C OBE
    UNE, on samples ``first_sample ..`` of ``advise``'s stream (``first_sample`` a multiple of
    :data:`ADVISE_BLOCK`); ``policies``: the four seats' player codes."""
    s = run_advise(hand_mask, NO_WEIS, list(MODES), policies, leader=0, seed=seed, first_sample=first_sample,
                   n_samples=n_samples, partner_model=PARTNER_EVALUATOR, params=params, chooser=0)
    deals = sample_deals(hand_mask, seed, first_sample, n_samples)
    return coiffeur_points(s.ours, s.theirs, s.flags, deals, match_bonus)


__all__ = ["ADVISE_BLOCK", "MODES", "NO_WEIS", "coiffeur_points", "hand_points", "stoeck_team"]
