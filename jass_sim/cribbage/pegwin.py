"""Win chances of the pegging adviser's cards (``play-advice --score``): each legal card played,
the hand finished along the adviser's line, the show counted and the rest of the game played
out by ``expect`` players, in sampled deals shared by every card (see
:mod:`jass_sim.cribbage._pegwin`)."""

from __future__ import annotations

import numpy as np

from jass_sim.cribbage.pegposition import PegPosition

#: The players of the rest of the game (both sides), as ``discard --score``.
REST_OF_GAME = "expect"


def win_rates(pos: PegPosition, cards: list[int], score: tuple[int, int], samples: int, seed: int,
              progress=None, blocks: np.ndarray | None = None) -> list[tuple[float, float, float]]:
    """Per card of ``cards`` (legal cards of ``pos``): the adviser's chance to win the game from
    the scores ``score`` (now) with its Wilson 95% CI over ``samples`` sampled deals; ``progress``
    gets the samples done after each short kernel call. Given ``blocks`` (``int64[n_blocks,
    len(cards)]``, zeros), each card's wins per block of game samples are written there (one
    kernel call per block: the same wins), for paired intervals between cards."""
    from jass_sim.core.batches import Slicer, call
    from jass_sim.core.rng import block_states
    from jass_sim.core.stats import wilson_ci
    from jass_sim.cribbage._game import PAIRS_PER_BLOCK
    from jass_sim.cribbage._pegwin import win_counts
    from jass_sim.cribbage.discards import crib_rank_table
    from jass_sim.cribbage.players import PLAYERS
    from jass_sim.cribbage.streams import STREAMS

    left = np.array(pos.left, dtype=np.int64)
    seq = np.zeros(16, dtype=np.int64)
    seq[:len(pos.seq)] = pos.seq
    opp_played = np.array([c for p, c in pos.played if p == 1] + [0] * 4, dtype=np.int64)[:4]
    n_opp_played = sum(1 for p, _ in pos.played if p == 1)
    opp_pool = np.array(pos.unseen(), dtype=np.int64)
    seen = set(pos.hand) | {pos.starter} | set(pos.discard) | {c for _, c in pos.played}
    other_pool = np.array([c for c in range(52) if c not in seen], dtype=np.int64)
    crib_known = np.array(list(pos.discard) + [0] * 4, dtype=np.int64)[:4]
    n_blocks = -(-samples // PAIRS_PER_BLOCK)
    deck_states = block_states(seed, 0, n_blocks, STREAMS["cribbage.play-advice-win"])
    play_states = block_states(seed, 0, n_blocks, STREAMS["cribbage.play-advice-play"])
    counts = np.full(n_blocks, PAIRS_PER_BLOCK, dtype=np.int64)
    counts[-1] = samples - (n_blocks - 1) * PAIRS_PER_BLOCK
    policies = np.array([PLAYERS.code(REST_OF_GAME)] * 2, dtype=np.int64)
    per_block = np.zeros((n_blocks, len(left)), dtype=np.int64)

    def run(lo, hi):
        return call(win_counts, left, len(left), seq, len(pos.seq), pos.count, np.array(pos.hand, dtype=np.int64),
                    opp_played, n_opp_played, opp_pool, len(opp_pool), pos.opp_left, crib_known, len(pos.discard),
                    other_pool, len(other_pool), pos.starter, pos.dealer, np.array(score, dtype=np.int64),
                    samples - lo * PAIRS_PER_BLOCK, deck_states[lo:hi], play_states[lo:hi], policies,
                    crib_rank_table())

    for lo, hi, _starts, _steps in Slicer(progress).slices(counts):
        if blocks is not None:
            for b in range(lo, hi):
                per_block[b] = run(b, b + 1)
        else:
            per_block[lo] += run(lo, hi)
    wins = per_block.sum(axis=0)
    if blocks is not None:
        blocks[:] = per_block[:, [pos.left.index(c) for c in cards]]
    return [wilson_ci(int(wins[pos.left.index(c)]), samples) for c in cards]
