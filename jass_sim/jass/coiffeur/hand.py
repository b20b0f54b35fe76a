"""A hand's Coiffeur points in every play-step round mode, on the same sampled deals.

The declarer sits at seat 0 and leads the first trick ("the chooser leads"); the other 27 cards
are dealt uniformly to seats 1..3, and each sample is played once per round mode from the same deal
and the same random numbers (the common random numbers of ``advise``, whose kernel plays them:
:func:`jass_sim.jass.advise.sampling.run_advise`), so the new forms (Slalom, Guschti, Misère, 3x3:
round modes 6..36, :mod:`jass_sim.jass.rules.round_modes`) are paired with the chibre modes, and a
mode's points do not depend on which other modes are evaluated beside it (each mode's play starts
from the same saved random state). The Coiffeur round is scored from that round: no Weis (the rule
set has no meld points), no Stöck, only card points with the last trick's 5, and a Matsch 157 +
``match_bonus``; in Misère the declaring team is credited with what the opponents make (157 - its
own, 257 when the opponents take all nine tricks, 0 when it takes them all: the round engine's
Misère score, :func:`jass_sim.jass.rules._scoring.score_round`). ``advise``'s score counts Stöck,
which Coiffeur does not: it is taken out again here (the players' card play does not depend on it:
no Stöck is shown).
"""

from __future__ import annotations

import numpy as np

from jass_sim.jass.advise.sampling import ADVISE_BLOCK, PARTNER_EVALUATOR, run_advise, sample_deals
from jass_sim.jass.cards import N_MODES
from jass_sim.jass.rules.presets import MATCH_BONUS, get_rules
from jass_sim.jass.rules.round_modes import MELD_MODE, MISERE, N_ROUND_MODES, NEW_MODES

#: The chibre modes (H D S C OBE UNE): the default of :func:`hand_points`.
MODES = tuple(range(N_MODES))
#: Every round mode a Coiffeur category may be played in (0..36): the value table's columns.
ALL_MODES = tuple(range(N_ROUND_MODES))
#: Chibre's rules with no Weis and every round mode: the round engine then scores card points,
#: Stöck and Matsch only (multipliers x1 in the new modes; a category's multiplier is the match's).
NO_WEIS = get_rules("chibre").replace(name="coiffeur-round", run_points=(0,) * 7, four_points=(0,) * 9,
                                      round_modes=NEW_MODES)
_K, _Q = 7, 6  # natural ranks of the King and the Queen


def stoeck_team(deals: np.ndarray, mode: int) -> np.ndarray:
    """``int[n, 2]``: 1 where team 0 (seats 0, 2) / team 1 holds the Stöck (K and Q of trump) of
    round mode ``mode`` (its trump: :data:`~jass_sim.jass.rules.round_modes.MELD_MODE`, the 3x3's
    trump suit; none in Obenabe, Undenufe, Slalom, Guschti and Misère)."""
    out = np.zeros((len(deals), 2), dtype=np.int64)
    trump = int(MELD_MODE[mode])
    if trump >= 4:
        return out
    pair = np.uint64((1 << (trump * 9 + _K)) | (1 << (trump * 9 + _Q)))
    for seat in range(4):
        out[:, seat & 1] |= ((deals[:, seat] & pair) == pair).astype(np.int64)
    return out


def coiffeur_points(ours_total, theirs_total, flags, deals, match_bonus: int = MATCH_BONUS, modes=MODES):
    """Coiffeur points ``(ours, theirs)`` (``int[n, len(modes)]``, column ``j`` round mode
    ``modes[j]``) from the round engine's totals under :data:`NO_WEIS` (multiplier 1): the Stöck
    taken out (a team's Stöck counts in the engine unless the team was beaten by a Matsch,
    ``flags``: 1 our Matsch, 2 theirs), and the Matsch bonus set to ``match_bonus`` (in Misère a
    team's total is the points its opponents made, their Matsch bonus included)."""
    ours = np.array(ours_total, dtype=np.int64)
    theirs = np.array(theirs_total, dtype=np.int64)
    for j, m in enumerate(modes):
        st = stoeck_team(deals, m) * 20
        ours[:, j] -= st[:, 0] * ((flags[:, j] & 2) == 0)
        theirs[:, j] -= st[:, 1] * ((flags[:, j] & 1) == 0)
        own, other = (2, 1) if MISERE[m] else (1, 2)  # whose Matsch bonus each total holds
        ours[:, j] += (match_bonus - MATCH_BONUS) * ((flags[:, j] & own) > 0)
        theirs[:, j] += (match_bonus - MATCH_BONUS) * ((flags[:, j] & other) > 0)
    return ours, theirs


def hand_points(hand_mask: int, policies, *, seed: int, first_sample: int, n_samples: int, params=None,
                match_bonus: int = MATCH_BONUS, modes=MODES) -> tuple[np.ndarray, np.ndarray]:
    """``(ours, theirs)``, ``int64[n_samples, len(modes)]``: the declaring team's and the
    opponents' Coiffeur points with ``hand_mask`` at seat 0 (the declarer, who leads) in each
    round mode of ``modes`` (default H D S C OBE UNE; :data:`ALL_MODES` for every form), on samples
    ``first_sample ..`` of ``advise``'s stream (``first_sample`` a multiple of
    :data:`ADVISE_BLOCK`); ``policies``: the four seats' player codes."""
    modes = tuple(int(m) for m in modes)
    s = run_advise(hand_mask, NO_WEIS, list(modes), policies, leader=0, seed=seed, first_sample=first_sample,
                   n_samples=n_samples, partner_model=PARTNER_EVALUATOR, params=params, chooser=0)
    deals = sample_deals(hand_mask, seed, first_sample, n_samples)
    return coiffeur_points(s.ours, s.theirs, s.flags, deals, match_bonus, modes)


__all__ = ["ADVISE_BLOCK", "ALL_MODES", "MODES", "NO_WEIS", "coiffeur_points", "hand_points", "stoeck_team"]
