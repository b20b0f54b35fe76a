"""Timing of jass-kit's own game loop (outside reference for our round-simulation benchmarks).

``jasskit_rounds_per_second`` plays whole rounds with jass-kit's ``Arena``: each round is a deal, the
trump selection (jass-kit Schieber: forehand pushes with probability 1/2, then a uniformly random mode of
the six) and the 36 cards, each a uniformly random legal card by ``RuleSchieber``, four
``AgentRandomSchieber`` players, points recorded by ``GameSim``.  The arena's default move-validity check
is kept (pass ``check_move_validity=False`` to time without it).

Randomness: jass-kit deals with the global ``np.random.shuffle`` (``deal_random_hand``), so the deal is
replaced through jass-kit's own extension point, a ``DealingCardStrategy`` drawing from a seeded
``np.random.Generator``; each agent's private ``_rng`` (an unseeded ``default_rng()`` in jass-kit) is
replaced by a seeded Generator.  The global RNG is not used; a given seed replays the same rounds.

Run: ``python benchmarks/jasskit_loop.py [n_rounds] [seed]``.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time

import numpy as np
from jass.agents.agent_random_schieber import AgentRandomSchieber
from jass.arena.arena import Arena
from jass.arena.dealing_card_strategy import DealingCardStrategy


class SeededDealingStrategy(DealingCardStrategy):
    """Uniformly random deal (as jass-kit's ``deal_random_hand``) from a seeded Generator."""

    def __init__(self, rng: np.random.Generator):
        self._rng = rng

    def deal_cards(self, game_nr: int = 0, total_nr_games: int = 0) -> np.ndarray:
        cards = self._rng.permutation(36)
        hands = np.zeros((4, 36), dtype=np.int32)
        for player in range(4):
            hands[player, cards[9 * player:9 * player + 9]] = 1
        return hands


def make_arena(n_rounds: int, seed: int, check_move_validity: bool = True) -> Arena:
    """An ``Arena`` of four seeded random agents and a seeded deal, ready for ``play_all_games``."""
    deal_seq, *agent_seqs = np.random.SeedSequence(seed).spawn(5)
    arena = Arena(nr_games_to_play=n_rounds,
                  dealing_card_strategy=SeededDealingStrategy(np.random.default_rng(deal_seq)),
                  print_every_x_games=n_rounds + 1,
                  check_move_validity=check_move_validity)
    agents = []
    for seq in agent_seqs:
        agent = AgentRandomSchieber()
        agent._rng = np.random.default_rng(seq)  # jass-kit gives no way to seed it
        agents.append(agent)
    arena.set_players(*agents)
    return arena


def jasskit_rounds_per_second(n_rounds: int, seed: int, *, check_move_validity: bool = True) -> float:
    """Rounds per CPU-second of jass-kit's ``Arena`` playing ``n_rounds`` random rounds from ``seed``.

    Only ``Arena.play_all_games`` is timed (``time.process_time``); its progress output is discarded.
    """
    if n_rounds < 1:
        raise ValueError("n_rounds must be at least 1")
    arena = make_arena(n_rounds, seed, check_move_validity)
    with contextlib.redirect_stdout(io.StringIO()):
        start = time.process_time()
        arena.play_all_games()
        elapsed = time.process_time() - start
    assert arena.nr_games_played == n_rounds
    return n_rounds / elapsed


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    print(f"jass-kit Arena, {n} rounds, seed {s}: {jasskit_rounds_per_second(n, s):.1f} rounds/CPU-s "
          f"(without move check: {jasskit_rounds_per_second(n, s, check_move_validity=False):.1f})")
