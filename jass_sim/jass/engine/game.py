"""A whole game: rounds until a team reaches the target, with the chooser's rotation, chibre,
"premier sorti" or "plus grand écart", and the rubicon.

Decisions where the rules (``docs/rules.md``) are silent (shared with ``tests/reference.py``):

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

from jass_sim.core.jit import jit
from jass_sim.jass.engine.batch import _block_scratch
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.engine.round import diamond_seven_holder, play_dealt_round
from jass_sim.jass.modes.choose import choose_mode
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.rules._melds import MAX_MELDS, has_stoeck, team_melds
from jass_sim.jass.rules._scoring import TOTAL
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS
from jass_sim.jass.rules.tables import POINTS

MAX_ROUNDS = 64
# columns of the per-round record
R_CHOOSER, R_PICKER, R_MODE, R_SCORE0, R_SCORE1 = range(5)


#: Most credits of a round in premier-sorti order: melds, two stöck, nine tricks, the match.
MAX_CREDITS = 13


@jit
def round_credits(initial, mode, chooser, trace, run_points, four_points, mult, meld_buf, events):
    """The points of a played round in premier-sorti order: ``events[k] = (team, points)`` for
    the melds, each stöck, each trick as it is taken, then the match bonus (each times ``mult``).
    ``initial`` are the hands before play, ``trace`` the tricks (see :mod:`.round`). Returns the
    number of events."""
    n = 0
    meld_team, m0, m1 = team_melds(initial, mode, chooser, run_points, four_points, meld_buf)
    if meld_team >= 0:
        events[n, 0] = meld_team
        events[n, 1] = (m0 + m1) * mult
        n += 1
    for seat in range(4):
        if has_stoeck(initial[seat], mode):
            events[n, 0] = seat & 1
            events[n, 1] = STOECK_POINTS * mult
            n += 1
    taken0 = 0
    for t in range(9):
        team = trace[t, 5] & 1
        taken0 += 1 - team
        events[n, 0] = team
        events[n, 1] = (POINTS[mode, trace[t, 1]] + POINTS[mode, trace[t, 2]] + POINTS[mode, trace[t, 3]]
                        + POINTS[mode, trace[t, 4]] + (LAST_TRICK_BONUS if t == 8 else 0)) * mult
        n += 1
    if taken0 == 9 or taken0 == 0:
        events[n, 0] = 0 if taken0 == 9 else 1
        events[n, 1] = MATCH_BONUS * mult
        n += 1
    return n


@jit
def first_out(events, n_events, score0, score1, target):
    """Premier sorti inside a round: ``(team, score0, score1)`` at the moment the first team
    reaches ``target`` crediting ``events`` from ``(score0, score1)``; team -1 if neither does."""
    for k in range(n_events):
        if events[k, 0] == 0:
            score0 += events[k, 1]
            if score0 >= target:
                return 0, score0, score1
        else:
            score1 += events[k, 1]
            if score1 >= target:
                return 1, score0, score1
    return -1, score0, score1


@jit
def game_after_round(events, n_events, score0, score1, total0, total1, last_team, target, premier_sorti):
    """The game after a played round, from the scores ``score0``, ``score1`` before it: ``(winner,
    score0, score1, mid_round)``; ``winner`` is the team that won the game (-1: it goes on).
    Premier sorti: ``events[:n_events]`` (:func:`round_credits`) credited in order, the first team
    to reach ``target`` wins with the scores of that moment (``mid_round``: before the round's own
    totals were all counted, e.g. melds first); else the round's ``total0``, ``total1`` are added,
    and under plus grand écart a team at the target ends the game: the higher score wins, equal
    scores the team that took the last trick (``last_team``). :func:`play_game` and the page's
    game (:mod:`jass_sim.jass.play.game_round`) both end a game by it."""
    full0 = score0 + total0
    full1 = score1 + total1
    if premier_sorti:
        winner, run0, run1 = first_out(events, n_events, score0, score1, target)
        if winner >= 0:
            return winner, run0, run1, (run0 != full0) or (run1 != full1)
    elif full0 >= target or full1 >= target:
        if full0 != full1:
            return (0 if full0 > full1 else 1), full0, full1, False
        return last_team, full0, full1, False
    return -1, full0, full1, False


#: ``out`` of :func:`play_game`.
(OUT_WINNER, OUT_SCORE0, OUT_SCORE1, OUT_ROUNDS, OUT_MID_ROUND, OUT_FIRST_CHOOSER,
 OUT_DECIDED_BY_ORDER) = range(7)
N_OUT = 7


@jit
def play_game(players, deal_rng, rng, target, premier_sorti, chibre_first_round, modes_allowed, mode_policies, mode_params,
              policies, params, run_points, four_points, multipliers, rec_hands, rec_info, rec_tricks, out):
    """Play one game; ``out``: see ``OUT_*`` (winner, scores, rounds, premier sorti ended it inside
    its last round, the team of the first chooser, the winner would have had less than the loser
    after the full last round). Round ``r`` is recorded in ``rec_hands[r]`` (hands before play),
    ``rec_info[r]`` (chooser, picker, mode, scores after the round) and ``rec_tricks[r]`` (the
    trace, see :mod:`.round`).

    The deals come from ``deal_rng``, the choices and card play from ``rng`` (the same array for
    one stream): duplicate games replay the same deal sequence with other players.
    ``mode_policies[seat]`` and ``policies[seat]`` are each seat's mode-choice and card-play policy.
    """
    deck, hands, initial, work = _block_scratch()
    meld_buf = np.zeros((4, MAX_MELDS, 3), dtype=np.int64)
    events = np.zeros((MAX_CREDITS, 2), dtype=np.int64)
    scores = np.zeros(2, dtype=np.int64)
    chooser = 0
    out[OUT_MID_ROUND] = 0
    out[OUT_DECIDED_BY_ORDER] = 0
    for r in range(MAX_ROUNDS):
        deal_uniform(deal_rng, deck, hands)
        if r == 0:
            chooser = diamond_seven_holder(hands)
            may_chibre = chibre_first_round
            out[OUT_FIRST_CHOOSER] = chooser & 1
        else:
            chooser = (chooser + 1) & 3
            may_chibre = True
        mode, chibred = choose_mode(mode_policies[chooser], hands[chooser], hands[(chooser + 2) & 3], modes_allowed,
                                    multipliers, may_chibre, mode_params, rng)
        picker = (chooser + 2) & 3 if chibred else chooser
        rec_hands[r, :] = hands
        play_dealt_round(players, hands, initial, picker, chooser, mode, policies, params, run_points, four_points,
                         multipliers, rng, work)
        trace = work[2]
        score = work[3]
        rec_tricks[r] = trace
        full0 = scores[0] + score[0, TOTAL]
        full1 = scores[1] + score[1, TOTAL]
        n = 0
        if premier_sorti:
            n = round_credits(initial, mode, chooser, trace, run_points, four_points, multipliers[mode], meld_buf,
                              events)
        winner, run0, run1, mid_round = game_after_round(events, n, scores[0], scores[1], score[0, TOTAL],
                                                         score[1, TOTAL], trace[8, 5] & 1, target, premier_sorti)
        if winner >= 0 and premier_sorti:
            out[OUT_MID_ROUND] = mid_round
            out[OUT_DECIDED_BY_ORDER] = (full1 > full0) if winner == 0 else (full0 > full1)
        scores[0] = run0
        scores[1] = run1
        rec_info[r, R_CHOOSER] = chooser
        rec_info[r, R_PICKER] = picker
        rec_info[r, R_MODE] = mode
        rec_info[r, R_SCORE0] = scores[0]
        rec_info[r, R_SCORE1] = scores[1]
        if winner >= 0:
            out[OUT_WINNER] = winner
            out[OUT_SCORE0] = scores[0]
            out[OUT_SCORE1] = scores[1]
            out[OUT_ROUNDS] = r + 1
            return
    out[OUT_WINNER] = -1  # no winner within MAX_ROUNDS (cannot happen with the presets' targets)
    out[OUT_SCORE0] = scores[0]
    out[OUT_SCORE1] = scores[1]
    out[OUT_ROUNDS] = MAX_ROUNDS


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
    out: np.ndarray | None = None  # play_game's out (OUT_*)


def simulate_game(seed: int, rules="chibre", policy: str = "heuristic", chooser: str = DEFAULT_CHOOSER,
                  game_index: int = 0) -> GameRecord:
    """Play game ``game_index`` of the stream seeded by ``seed``. Wraps :func:`play_game`."""
    from jass_sim.core.rng import block_states
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.streams import STREAMS

    rng = block_states(seed, game_index, 1, STREAMS["jass.game"])[0]
    return recorded_game(rng, rng, rules, np.full(4, MODE_POLICIES[chooser], dtype=np.int64),
                         np.full(4, PLAYERS.code(policy), dtype=np.int64))


def recorded_game(deal_rng, rng, rules, mode_policies, policies) -> GameRecord:
    """Play one game with every round recorded (see :func:`play_game` for the arguments)."""
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players import policy_params
    from jass_sim.jass.players.dispatch import player_set
    from jass_sim.jass.rules import get_rules

    rules = get_rules(rules)
    runs, fours, mults = rules.arrays()
    rec_hands = np.zeros((MAX_ROUNDS, 4), dtype=np.uint64)
    rec_info = np.zeros((MAX_ROUNDS, 5), dtype=np.int64)
    rec_tricks = np.zeros((MAX_ROUNDS, 9, 6), dtype=np.int64)
    out = np.zeros(N_OUT, dtype=np.int64)
    play_game(player_set(policies), deal_rng, rng, rules.target, rules.premier_sorti, rules.chibre_first_round,
              np.asarray(rules.modes, dtype=np.int64), mode_policies, default_mode_params(rules), policies,
              policy_params(), runs, fours, mults, rec_hands, rec_info, rec_tricks, out)
    winner, s0, s1, n, mid = (int(x) for x in out[:5])
    loser = s1 if winner == 0 else s0
    return GameRecord(winner, [s0, s1], n, 2 * loser < rules.target, bool(mid), rec_hands[:n], rec_info[:n],
                      rec_tricks[:n], out.copy())
