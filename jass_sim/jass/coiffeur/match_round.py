"""One round of a Coiffeur match, played with cards: the one function every form goes through.

:func:`play_coiffeur_round` deals nothing: it takes the four dealt hands, the play-step mode of
the category taken and the declarer (the player who took it, who leads the first trick, as in
:mod:`jass_sim.jass.coiffeur.hand`), plays the nine tricks with the seats' card players and scores
the round the Coiffeur way: card points with the last trick's 5, no Weis, no Stöck, a Matsch
157 + the preset's bonus. Every form plays here by its round mode code (Slalom, Guschti and 3x3
trick by trick in each trick's mode, :mod:`jass_sim.jass.rules.round_modes`); in Misère each team
is credited with the points its opponents made (the declaring team 157 - its own; 157 + the bonus
when the opponents took all nine tricks, 0 when the declaring team did), as the round engine's
score (:func:`jass_sim.jass.rules._scoring.score_round`) and quoi-faire.ch [QF] have it.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit
from jass_sim.jass.engine.round import play_round
from jass_sim.jass.rules.round_modes import MISERE


@jit
def _play(players, hands, mode, declarer, policies, params, rng, shown, trace):
    # the declarer leads: it is also the seat that chose the mode
    return play_round(players, hands, mode, declarer, declarer, policies, params, rng, shown, trace)


def coiffeur_round_points(p0: int, p1: int, tricks0: int, match_bonus: int, misere: bool = False) -> tuple[int, int]:
    """The teams' Coiffeur points ``(team 0, team 1)`` from the card points of a round: a team
    that took all nine tricks has its card points + ``match_bonus`` (157 + the bonus in a chibre
    mode; in Slalom, Guschti and 3x3 a card's points depend on its trick's mode, so a round's card
    points need not add up to 157); in Misère (``misere``) each team is credited with what the
    other made."""
    made = (int(p0) + (match_bonus if tricks0 == 9 else 0), int(p1) + (match_bonus if tricks0 == 0 else 0))
    return (made[1], made[0]) if misere else made


def play_coiffeur_round(players, hands: np.ndarray, mode: int, declarer: int, policies: np.ndarray,
                        params: np.ndarray, rng: np.ndarray, match_bonus: int) -> tuple[tuple[int, int], np.ndarray]:
    """Play one round: ``((team 0, team 1) Coiffeur points, trace int64[9, 6])``.

    ``hands`` (``uint64[4]``) is copied, not emptied; ``rng`` (a generator state) advances.
    """
    work = np.array(hands, dtype=np.uint64)
    shown = np.zeros(4, dtype=np.uint64)
    trace = np.zeros((9, 6), dtype=np.int64)
    p0, p1, tricks0 = _play(players, work, int(mode), int(declarer), policies, params, rng, shown, trace)
    return coiffeur_round_points(p0, p1, tricks0, match_bonus, bool(MISERE[int(mode)])), trace
