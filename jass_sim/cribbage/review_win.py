"""Win probabilities in ``jass-sim cribbage review``: each decision rated also by the chance to win
the game from the score at that moment.

The scores come from the game itself (both players' cards known: the rules walk the game point by
point, :func:`jass_sim.cribbage.table_game.walk_game`): a discard is rated from the scores after
the previous hand (before the cut, so his heels is part of the sample), a pegging card from the
scores just before it. The figures are those of the single commands with the same ``--seed`` and
number of game samples, so each one can be checked alone:

- a **discard**: ``discard --score US:THEM --samples N --seed S`` (his crib cards uniform, the
  rest of the game played by ``expect`` players on both sides);
- a **pegging card**: ``play-advice --score US:THEM --win-samples N --seed S`` (the hand finished
  along the adviser's face-up line, the show, then ``expect`` players).

Every option meets the same sampled deals, so the loss (the best option's win probability minus
the one taken) is paired; its 95% interval is over the blocks of 64 game samples (each block is
independent: a cluster interval with Student's t on ``blocks - 1`` degrees of freedom). The best
is picked on the same samples, so a loss near 0 leans high; a loss whose interval reaches 0 is
``unclear``. Verdicts on the win scale: good (below 0.5 percentage point), inaccuracy (0.5 or
more), mistake (2 or more), blunder (5 or more): the points' thresholds (0.25, 1, 2.5) at about 2
percentage points a point (see docs/cribbage.md). The figures do not cover the play model.
"""

from __future__ import annotations

import math

import numpy as np

from jass_sim.core.stats import t95
from jass_sim.core.verdicts import verdict
from jass_sim.cribbage.cards import card_rank, format_card
from jass_sim.cribbage.game_file import PLAYERS, HandRecord
from jass_sim.cribbage.verdicts import TOL, WIN_THRESHOLDS

#: The fewest game samples: two blocks, for the interval over blocks.
MIN_WIN_SAMPLES = 128


def paired_loss(best: np.ndarray, taken: np.ndarray, samples: int) -> tuple[float, float, float]:
    """``(loss, lo, hi)``: the win-probability loss of ``taken`` against ``best`` (wins per block
    of game samples, the same samples) with its 95% interval over the blocks."""
    from jass_sim.cribbage._game import PAIRS_PER_BLOCK

    d = best.astype(np.float64) - taken.astype(np.float64)
    n = np.full(len(d), float(PAIRS_PER_BLOCK))
    n[-1] = samples - PAIRS_PER_BLOCK * (len(d) - 1)
    loss = float(d.sum() / samples)
    k = len(d)
    if k < 2:
        return loss, math.nan, math.nan
    resid = d - loss * n
    se = math.sqrt(k / (k - 1) * float((resid ** 2).sum())) / samples
    half = t95(k - 1) * se
    return loss, loss - half, loss + half


def win_verdict(loss: float, lo: float) -> str:
    """The verdict of a win-probability loss with 95% lower bound ``lo``."""
    return verdict(loss, lo, thresholds=WIN_THRESHOLDS, tol=TOL)


def decision_scores(hands: list[HandRecord]) -> list[dict] | None:
    """Per hand, the scores ``[A, B]`` at each decision: ``"discard"`` (after the previous hand)
    and ``"cards"`` (index of the pegging card in ``plays`` -> the scores just before it); None
    when a player's cards are not all known (the show cannot be counted)."""
    from jass_sim.cribbage.table_game import walk_game

    if any(h.six[p] is None for h in hands for p in range(2)):
        return None
    state, _ = walk_game(hands)
    out = []
    before = [0, 0]
    for hand, doc in zip(hands, state["hands"]):
        now = list(before)
        now[hand.dealer] += doc["heels"]
        cards = {}
        i = 0
        for e in doc["pegging"]:
            if e["card"] is not None:
                cards[i] = list(now)
                i += 1
            now[PLAYERS.index(e["player"])] += e["points"]
        out.append({"discard": list(before), "cards": cards})
        before = [doc["score"]["A"], doc["score"]["B"]]
    return out


def _doc(score: list[int], p: int, samples: int, taken: float, taken_ci, best: list[str], best_p: float,
         best_ci, loss: tuple[float, float, float]) -> dict:
    lo = loss[1]
    return {"score": {"A": score[0], "B": score[1]}, "samples": samples,
            "taken_win_prob": taken, "ci95_taken": list(taken_ci), "best": best, "best_win_prob": best_p,
            "ci95_best": list(best_ci), "loss": loss[0],
            "ci95_loss": None if math.isnan(lo) else [lo, loss[2]], "verdict": win_verdict(loss[0], lo)}


def discard_win(hand: HandRecord, p: int, score: list[int], samples: int, seed: int, progress=None) -> dict:
    """Player ``p``'s discard in ``hand`` rated by ``discard --score`` (see the module): the
    ``win`` entry of its decision."""
    from jass_sim.cribbage.discards import discard_options

    options = discard_options(hand.six[p], hand.dealer == p, "random", samples, seed,
                              score=(score[p], score[1 - p]), progress=progress, block_wins=True)
    taken = next(o for o in options if set(o.discard) == set(hand.thrown[p]))
    best = options[0]
    if best.win_prob <= taken.win_prob:
        best = taken
    return _doc(score, p, samples, taken.win_prob, taken.win_ci, [format_card(c) for c in best.discard],
                best.win_prob, best.win_ci, paired_loss(best.win_blocks, taken.win_blocks, samples))


def card_win(pos, card: int, score: list[int], p: int, samples: int, seed: int, progress=None) -> dict:
    """The pegging card ``card`` of position ``pos`` (player ``p``'s view) rated by ``play-advice
    --score`` (see the module): the ``win`` entry of its decision."""
    from jass_sim.cribbage._game import PAIRS_PER_BLOCK
    from jass_sim.cribbage.pegwin import win_rates

    legal = list(pos.legal)
    blocks = np.zeros((-(-samples // PAIRS_PER_BLOCK), len(legal)), dtype=np.int64)
    rates = win_rates(pos, legal, (score[p], score[1 - p]), samples, seed, progress, blocks)
    j = legal.index(card)
    b = max(range(len(legal)), key=lambda i: (rates[i][0], i == j))  # ties: the card taken
    if card_rank(legal[b]) == card_rank(card):  # equal ranks are the same play
        b = j
    return _doc(score, p, samples, rates[j][0], rates[j][1:], [format_card(legal[b])], rates[b][0], rates[b][1:],
                paired_loss(blocks[:, b], blocks[:, j], samples))
