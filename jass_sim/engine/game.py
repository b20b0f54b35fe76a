"""A whole game: rounds until a team reaches the target, with the chooser's rotation, chibre,
"premier sorti" or "plus grand écart", and the rubicon.

Decisions where RULES.md is silent (shared with ``tests/reference.py``):

* the previous chooser is the seat that had the choice first (who may have said chibre);
* premier sorti: points are credited in the order melds, stöck, each trick as it is taken, then
  the match bonus (each times the multiplier); the first team whose score reaches the target
  wins with the scores of that moment; a round in which nobody gets there adds its normal totals
  (so a match voids the beaten team's melds and stöck);
* plus grand écart: after a full round in which a team reached the target, the higher total
  wins; equal totals go to the team that took the last trick;
* rubicon: the loser has strictly less than half the target.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._jit import jit
from ..rules._melds import has_stoeck, team_melds
from ..rules._scoring import TOTAL
from ..rules.presets import MATCH_BONUS, STOECK_POINTS
from ..rules.tables import POINTS
from .choose import choose_mode
from .deal import deal_uniform
from .round import diamond_seven_holder, play_dealt_round

MAX_ROUNDS = 64
# columns of the per-round record
R_CHOOSER, R_PICKER, R_MODE, R_SCORE0, R_SCORE1 = range(5)


@jit
def _credit(s, team, points, target):
    """Add ``points`` to team ``team`` of the running scores ``s``; True when it reaches target."""
    s[team] += points
    return s[team] >= target


@jit
def play_game(rng, target, premier_sorti, chibre_first_round, modes_allowed, mode_policy, mode_params,
              policies, params, run_points, four_points, multipliers, rec_hands, rec_info, rec_tricks, out):
    """Play one game; ``out = (winner, score0, score1, rounds, ended_mid_round)``. Round ``r`` is recorded in
    ``rec_hands[r]`` (hands before play), ``rec_info[r]`` (chooser, picker, mode, scores after
    the round) and ``rec_tricks[r]`` (the trace, see :mod:`.round`)."""
    deck = np.arange(36)
    hands = np.zeros(4, dtype=np.uint64)
    initial = np.zeros(4, dtype=np.uint64)
    work = (np.zeros((4, 3, 3), dtype=np.int64), np.zeros(4, dtype=np.uint64),
            np.zeros((9, 6), dtype=np.int64), np.zeros((2, 5), dtype=np.int64))
    meld_buf = np.zeros((4, 3, 3), dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    running = np.zeros(2, dtype=np.int64)
    chooser = 0
    for r in range(MAX_ROUNDS):
        deal_uniform(rng, deck, hands)
        if r == 0:
            chooser = diamond_seven_holder(hands)
            may_chibre = chibre_first_round
        else:
            chooser = (chooser + 1) & 3
            may_chibre = True
        mode, chibred = choose_mode(mode_policy, hands[chooser], hands[(chooser + 2) & 3], modes_allowed,
                                    multipliers, may_chibre, mode_params, rng)
        picker = (chooser + 2) & 3 if chibred else chooser
        rec_hands[r, :] = hands
        play_dealt_round(hands, initial, picker, chooser, mode, policies, params, run_points, four_points,
                         multipliers, rng, work)
        trace = work[2]
        score = work[3]
        rec_tricks[r] = trace
        mult = multipliers[mode]
        winner = -1
        if premier_sorti:
            running[:] = scores
            meld_team, m0, m1 = team_melds(initial, mode, chooser, run_points, four_points, meld_buf)
            if meld_team >= 0 and _credit(running, meld_team, (m0 + m1) * mult, target):
                winner = meld_team
            for seat in range(4):
                if winner < 0 and has_stoeck(initial[seat], mode):
                    if _credit(running, seat & 1, STOECK_POINTS * mult, target):
                        winner = seat & 1
            taken0 = 0
            for t in range(9):
                if winner >= 0:
                    break
                team = trace[t, 5] & 1
                taken0 += 1 - team
                pts = POINTS[mode, trace[t, 1]] + POINTS[mode, trace[t, 2]] + POINTS[mode, trace[t, 3]] \
                    + POINTS[mode, trace[t, 4]] + (5 if t == 8 else 0)
                if _credit(running, team, pts * mult, target):
                    winner = team
            if winner < 0 and (taken0 == 9 or taken0 == 0):
                team = 0 if taken0 == 9 else 1
                if _credit(running, team, MATCH_BONUS * mult, target):
                    winner = team
            if winner >= 0:
                # ended before the round's own totals were all counted (e.g. melds first)
                out[4] = (running[0] != scores[0] + score[0, TOTAL]) or (running[1] != scores[1] + score[1, TOTAL])
                scores[:] = running
            else:
                scores[0] += score[0, TOTAL]
                scores[1] += score[1, TOTAL]
        else:
            scores[0] += score[0, TOTAL]
            scores[1] += score[1, TOTAL]
            if scores[0] >= target or scores[1] >= target:
                if scores[0] != scores[1]:
                    winner = 0 if scores[0] > scores[1] else 1
                else:
                    winner = trace[8, 5] & 1
        rec_info[r, R_CHOOSER] = chooser
        rec_info[r, R_PICKER] = picker
        rec_info[r, R_MODE] = mode
        rec_info[r, R_SCORE0] = scores[0]
        rec_info[r, R_SCORE1] = scores[1]
        if winner >= 0:
            out[0] = winner
            out[1] = scores[0]
            out[2] = scores[1]
            out[3] = r + 1
            return
    out[0] = -1  # no winner within MAX_ROUNDS (cannot happen with the presets' targets)
    out[1] = scores[0]
    out[2] = scores[1]
    out[3] = MAX_ROUNDS


@dataclass
class GameRecord:
    """A played game: the winner, final scores, the rubicon, and every round."""

    winner: int
    scores: list[int]
    rounds: int
    rubicon: bool
    ended_mid_round: bool  # premier sorti: the target was reached before the round was all counted
    hands: np.ndarray   # uint64[rounds, 4]
    info: np.ndarray    # int64[rounds, 5]: chooser, picker, mode, score0, score1
    tricks: np.ndarray  # int64[rounds, 9, 6]


def simulate_game(seed: int, rules="chibre", policy: str = "heuristic", chooser: str = "evaluator",
                  game_index: int = 0) -> GameRecord:
    """Play game ``game_index`` of the stream seeded by ``seed``. Wraps :func:`play_game`."""
    from ..rules import get_rules
    from .choose import MODE_POLICIES, default_mode_params
    from .policies import policy_id, policy_params
    from .rng import block_states

    rules = get_rules(rules)
    runs, fours, mults = rules.arrays()
    rec_hands = np.zeros((MAX_ROUNDS, 4), dtype=np.uint64)
    rec_info = np.zeros((MAX_ROUNDS, 5), dtype=np.int64)
    rec_tricks = np.zeros((MAX_ROUNDS, 9, 6), dtype=np.int64)
    out = np.zeros(5, dtype=np.int64)
    play_game(block_states(seed, game_index, 1, stream=3)[0], rules.target, rules.premier_sorti,
              rules.chibre_first_round, np.asarray(rules.modes, dtype=np.int64), MODE_POLICIES[chooser],
              default_mode_params(rules), np.full(4, policy_id(policy), dtype=np.int64), policy_params(), runs, fours,
              mults, rec_hands, rec_info, rec_tricks, out)
    winner, s0, s1, n, mid = (int(x) for x in out)
    loser = s1 if winner == 0 else s0
    return GameRecord(winner, [s0, s1], n, 2 * loser < rules.target, bool(mid), rec_hands[:n], rec_info[:n],
                      rec_tricks[:n])
