"""The default player of each Coiffeur round mode and ``search`` in the new modes (issue 53 item 1):
the play-out against the plain-Python reference's legal cards and score (Misère credited as the
opponents' points), ``search`` taking or ducking the same trick by the round mode's objective, the
round kernels handing Slalom and Guschti's ``net`` seats to ``heuristic``, and whole rounds with
``search`` seats legal card by card.

Sizes: one deal per new mode for the play-out (each checks all 36 cards and the score, the
hypothesis tests of tests/jass/rules/test_round_modes.py cover the step itself); a two-card
position for the objective (64 worlds, exact by construction); whole ``search`` rounds with 4
worlds (legality needs no more). About 3 s warm, a few more with the JIT off.
"""

from __future__ import annotations

import numpy as np
import pytest

from jass_sim.core.notation import cards_to_mask
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import mask_to_cards, parse_cards
from jass_sim.jass.engine.deal import new_deck
from jass_sim.jass.engine.round import first_round, new_work
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.players.net import new_net_scratch
from jass_sim.jass.players.round_search import (
    HEURISTIC_PLAYER,
    MISERE_PLAYER,
    OWN,
    ROUND_PLAYER,
    round_play_out,
    round_search_card,
)
from jass_sim.jass.rules.presets import COIFFEUR_PRESETS
from jass_sim.jass.rules.round_modes import NEW_MODES, ROUND_MODE_NAMES, parse_round_mode

from reference import ref_legal_moves, ref_score_round, ref_trick_mode

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

COIFFEUR = COIFFEUR_PRESETS["coiffeur"]
PARAMS = policy_params()


def test_the_round_modes_default_players():
    names = dict(zip(ROUND_MODE_NAMES, ROUND_PLAYER))
    assert all(names[n] == MISERE_PLAYER for n in ("MISERE-OBE", "MISERE-UNE", "MISERE-SLALOM"))
    assert all(names[n] == HEURISTIC_PLAYER for n in ("SLALOM-OBE", "SLALOM-UNE", "GUSCHTI-OBE", "GUSCHTI-UNE"))
    assert all(names[n] == OWN for n in ("H", "D", "S", "C", "OBE", "UNE", "TRIO-H-UNE-OBE", "TRIO-C-OBE-UNE"))


def _deal(seed):
    deck = np.random.default_rng(seed).permutation(36)
    return [set(int(c) for c in deck[9 * s:9 * s + 9]) for s in range(4)]


@pytest.mark.parametrize("mode", [m for m in NEW_MODES if ROUND_PLAYER[m] != OWN] + [parse_round_mode("TRIO-D")])
def test_play_out_follows_the_reference(mode):
    deal = _deal(mode)
    leader = mode % 4
    hands = np.array([cards_to_mask(sorted(h)) for h in deal], dtype=np.uint64)
    trace = np.zeros((9, 6), dtype=np.int64)
    trace[0, 0] = leader
    first = max(deal[leader])
    value = round_play_out(hands, trace, 0, 0, mode, leader, np.uint64(0), 0, np.zeros(4, np.uint64), first, PARAMS,
                           new_net_scratch(PARAMS))
    left = [set(h) for h in deal]
    tricks = []
    for t in range(9):
        lead = int(trace[t, 0])
        cards = [int(c) for c in trace[t, 1:5]]
        for i, card in enumerate(cards):
            assert card in ref_legal_moves(left[(lead + i) % 4], cards[:i], ref_trick_mode(mode, t)), (mode, t, i)
            left[(lead + i) % 4].remove(card)
        tricks.append((lead, cards))
    assert tricks[0][1][0] == first
    ref = ref_score_round(deal, tricks, mode, COIFFEUR, leader)
    assert value == ref[0]["total"] - ref[1]["total"], ROUND_MODE_NAMES[mode]


def _last_but_one(mode):
    """Trick 8 of 9 (index 7): seat 0 led ♥K, seat 1 (seat 3's partner) ♥7, seat 2 ♥10; seat 3
    holds ♥A and ♥6, the others one card each of ♠6 ♠7 ♣6 (unseen by seat 3), so every world is
    alike. In an Obenabe trick ♥A takes 25 points and then the last trick with ♥6 (5 more, nobody
    can follow); ♥6 gives the 25 to seat 0's team and the last trick goes to whoever leads it:
    for points ♥A is best by 28 to 60 points, for Misère ♥6 by as much."""
    hand3 = parse_cards("HA H6")
    left = parse_cards("S6 S7 C6")
    trick = parse_cards("HK H7 HT")
    hands = np.array([cards_to_mask([left[s]]) for s in range(3)] + [cards_to_mask(hand3)], dtype=np.uint64)
    played = np.uint64(((1 << 36) - 1) & ~cards_to_mask(hand3 + left))
    trace = np.zeros((9, 6), dtype=np.int64)
    for t in range(7):
        trace[t, 0] = t & 3
        trace[t, 5] = (t + 1) & 3  # both teams took tricks: no Matsch
    trace[7, 0] = 0
    trace[7, 1:4] = trick
    return round_search_card(3, cards_to_mask(hand3), hands, trace, 7, 3, mode, played, 0, np.zeros(4, np.uint64), 0,
                             PARAMS, block_states(1, 0, 1)[0])


def test_search_plays_to_the_round_modes_objective():
    ha, h6 = parse_cards("HA H6")
    assert _last_but_one(parse_round_mode("MISERE-OBE")) == h6  # give the points away
    assert _last_but_one(parse_round_mode("GUSCHTI-UNE")) == ha  # trick 8 of Guschti-Une is Obenabe: take them


def _round(seed, mode, a, b, params):
    """One ``replay`` deal (seed) in ``mode`` with ``a`` on team 0 and ``b`` on team 1: the deal,
    the leader and the trace."""
    rules = COIFFEUR
    runs, fours, mults = rules.arrays()
    policies = np.array([PLAYERS.code(p) for p in (a, b, a, b)], dtype=np.int64)
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    leader, _, _, _ = first_round(player_set(policies), block_states(seed, 0, 1)[0], np.asarray(rules.modes, np.int64),
                                  mode, 0, False, default_mode_params(rules), policies, params, runs, fours, mults,
                                  new_deck(), hands, initial, work)
    return [set(mask_to_cards(h)) for h in initial], leader, work[2].copy()


def test_net_seats_play_heuristic_in_slalom_and_guschti_only():
    for name in ("SLALOM-UNE", "GUSCHTI-OBE"):
        mode = parse_round_mode(name)
        assert np.array_equal(_round(3, mode, "net", "net", PARAMS)[2],
                              _round(3, mode, "heuristic", "heuristic", PARAMS)[2]), name
    trio = parse_round_mode("TRIO-H")
    assert not all(np.array_equal(_round(s, trio, "net", "net", PARAMS)[2],
                                  _round(s, trio, "heuristic", "heuristic", PARAMS)[2]) for s in range(3))


@pytest.mark.parametrize("name", ["MISERE-SLALOM", "SLALOM-OBE"])
def test_search_rounds_in_the_new_modes_are_legal(name):
    mode = parse_round_mode(name)
    # every seat searches: the round kernel for ``search`` alone is compiled anyway (test_search.py's
    # whole rounds); one for ``search`` with ``random`` was this test's alone (issue 50 item 8)
    deal, leader, trace = _round(5, mode, "search", "search", policy_params(search_worlds=4))
    left = [set(h) for h in deal]
    for t in range(9):
        lead = int(trace[t, 0])
        cards = [int(c) for c in trace[t, 1:5]]
        for i, card in enumerate(cards):
            assert card in ref_legal_moves(left[(lead + i) % 4], cards[:i], ref_trick_mode(mode, t))
            left[(lead + i) % 4].remove(card)
