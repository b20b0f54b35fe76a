"""Whole rounds played by the compiled kernels pass the reference rules card by card."""

from __future__ import annotations

import numpy as np
import pytest

from jass_sim.core.rng import block_states
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.engine.deal import new_deck
from jass_sim.jass.engine.round import first_round, new_work
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.rules import get_rules

from reference import ref_legal_moves, ref_score_round, ref_trick_winner

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

N_ROUNDS = 300


def play_seeded(seed, rules, fixed_mode=-1, policy="random"):
    runs, fours, mults = rules.arrays()
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    leader, chooser, mode, winner = first_round(
        player_set(PLAYERS.code(policy)), block_states(seed, 0, 1)[0], np.asarray(rules.modes, np.int64), fixed_mode, int(policy != "random"),
        True, default_mode_params(rules), np.full(4, PLAYERS.code(policy), np.int64), np.zeros(1), runs, fours,
        mults, new_deck(), hands, initial, work)
    return leader, mode, winner, [set(mask_to_cards(h)) for h in initial], work


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("rules_name", ["chibre", "schieber"])
def test_rounds_follow_the_reference(rules_name, policy):
    rules = get_rules(rules_name)
    modes_seen = set()
    for seed in range(N_ROUNDS):
        chooser, mode, winner, deal, (_, _, trace, score) = play_seeded(seed, rules, policy=policy)
        modes_seen.add(mode)
        assert 10 in deal[chooser]  # the holder of the diamond seven chooses in the first round
        left = [set(h) for h in deal]
        leader = chooser
        tricks = []
        for t in range(9):
            assert trace[t, 0] == leader
            cards = [int(c) for c in trace[t, 1:5]]
            for i, card in enumerate(cards):
                seat = (leader + i) % 4
                assert card in ref_legal_moves(left[seat], cards[:i], mode), (seed, t, i)
                left[seat].remove(card)
            tricks.append((leader, cards))
            leader = (leader + ref_trick_winner(cards, mode)) % 4
            assert trace[t, 5] == leader
        ref = ref_score_round(deal, tricks, mode, rules, chooser)
        keys = ("cards", "melds", "stoeck", "match", "total")
        assert [[ref[team][k] for k in keys] for team in range(2)] == score.tolist(), seed
    assert modes_seen == set(rules.modes)


@pytest.mark.parametrize("mode", range(6))
def test_card_points_total_157_or_257(mode):
    rules = get_rules("chibre")
    for seed in range(200):
        _, _, _, _, (_, _, _, score) = play_seeded(seed, rules, mode)
        cards = score[0, 0] + score[1, 0]
        matches = score[0, 3] + score[1, 3]
        assert cards == 157
        assert cards + matches in (157, 257)


@pytest.mark.parametrize("mode", range(6))
def test_match_makes_257(mode):
    """Seat 0 holds a whole suit and leads it every trick: team 0 takes all 9 tricks."""
    from jass_sim.jass.engine.round import play_dealt_round
    from jass_sim.jass.players import PLAYERS

    suit = mode if mode < 4 else 0
    deck = [c for c in range(36) if c // 9 != suit]
    hands = np.array([sum(1 << (9 * suit + r) for r in range(9))] +
                     [sum(1 << c for c in deck[9 * k: 9 * k + 9]) for k in range(3)], dtype=np.uint64)
    rules = get_rules("chibre")
    runs, fours, mults = rules.arrays()
    work = new_work()
    initial = np.zeros(4, np.uint64)
    play_dealt_round(player_set(PLAYERS.code("random")), hands, initial, 0, 0, mode, np.full(4, PLAYERS.code("random"), np.int64), np.zeros(1),
                     runs, fours, mults, block_states(7, 0, 1)[0], work)
    score = work[3]
    assert score[0, 0] == 157 and score[0, 3] == 100 and score[1, 0] == 0
    assert score[0, 0] + score[0, 3] == 257
    assert score[1, 1] == 0 and score[1, 2] == 0  # the beaten team's melds and stöck are void
