"""The ``search`` player (search over ``net`` with belief weighting): its belief weights against a
plain-Python reference, that it reads only its own view, plays legal cards, and plays the same on 1
and 2 threads (the kernel parts also run with NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.engine.deal import new_deck
from jass_sim.jass.engine.round import first_round, new_work
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.players.belief import belief_log_weight
from jass_sim.jass.players.net import load_weights, new_net_scratch, quantize
from jass_sim.jass.players.net_search import search_card, search_values
from jass_sim.jass.players.search import sample_hands
from jass_sim.jass.rules import get_rules
from jass_sim.jass.train.selfplay import state_at

from net_reference import ref_quantized_forward, ref_view
from reference import ref_legal_moves

PARAMS = policy_params(search_worlds=4)


def played_round(seed: int, policy: str = "net"):
    """A first round under chibre rules: ``(initial hands, trace, mode, declarer, shown)``."""
    rules = get_rules("chibre")
    runs, fours, mults = rules.arrays()
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    _, declarer, mode, _ = first_round(
        block_states(seed, 0, 1)[0], np.asarray(rules.modes, np.int64), -1, 1, True, default_mode_params(rules),
        np.full(4, PLAYERS.code(policy), np.int64), PARAMS, runs, fours, mults, new_deck(), hands, initial, work)
    return initial.copy(), work[2].copy(), int(mode), int(declarer), work[1].copy()


def decision(initial, trace, point, mode):
    """The state before card ``point`` (0..35): ``(t, i, seat, hands now, played, voids, legal)``."""
    t, i = divmod(point, 4)
    seat = (trace[t, 0] + i) & 3
    hands = np.zeros(4, np.uint64)
    played, voids, *_ = state_at(initial, trace, t, i, mode, hands)
    trick = [int(c) for c in trace[t, 1:1 + i]]
    legal = ref_legal_moves(set(mask_to_cards(hands[seat])), trick, mode)
    return t, i, seat, hands, played, voids, legal


def ref_log_weight(me, world, trace, t, n_in, mode, declarer, shown, temperature):
    """Plain-Python belief weight: the hands as dealt from ``world``, then each earlier decision of
    another seat with a choice scored by the log-softmax of the quantised net's values."""
    q = quantize(load_weights()[0])
    dealt = [set(mask_to_cards(h)) for h in world]
    for tt in range(t + 1):
        for k in range(4 if tt < t else n_in):
            dealt[(trace[tt, 0] + k) & 3].add(int(trace[tt, 1 + k]))
    tricks = [(int(trace[tt, 0]), [int(c) for c in trace[tt, 1:5]]) for tt in range(9)]
    shown_sets = [set(mask_to_cards(s)) for s in shown]
    from net_reference import canonical_card

    total = 0.0
    held = [set(h) for h in dealt]
    for tt in range(t + 1):
        for k in range(4 if tt < t else n_in):
            seat = (trace[tt, 0] + k) & 3
            card = int(trace[tt, 1 + k])
            legal = ref_legal_moves(held[seat], [int(c) for c in trace[tt, 1:1 + k]], mode)
            if seat != me and len(legal) > 1:
                values = ref_quantized_forward(q, ref_view(seat, dealt, tricks, tt, k, mode, declarer, shown_sets))
                v = {c: values[canonical_card(c, mode)] / temperature for c in legal}
                top = max(v.values())
                total += v[card] - top - math.log(sum(math.exp(x - top) for x in v.values()))
            held[seat].discard(card)
    return total


@pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 5_000), point=st.integers(1, 35), temperature=st.sampled_from([0.5, 4.0, 20.0]),
       true_world=st.booleans())
def test_belief_weight_equals_reference(seed, point, temperature, true_world):
    initial, trace, mode, declarer, shown = played_round(seed)
    t, i, seat, hands, played, voids, _ = decision(initial, trace, point, mode)
    world = hands.copy()
    if not true_world:  # a world drawn from the seat's view
        sample_hands(seat, hands, played, voids, shown, mode, block_states(seed, 0, 1, 99)[0].copy(), world,
                     np.zeros(36, np.int64), np.zeros(36, np.int64))
    got = belief_log_weight(seat, world, trace, t, i, mode, shown, declarer, PARAMS, temperature,
                            new_net_scratch(PARAMS))
    want = ref_log_weight(seat, world, trace, t, i, mode, declarer, shown, temperature)
    assert got == pytest.approx(want, rel=1e-4, abs=1e-3 / temperature)
    assert got <= 0.0


def test_true_world_is_likelier_than_drawn_ones_on_average():
    """net's model of the other players fits the world they really held better than a random one:
    the belief weighting has something to say (a regression guard, not a statistic)."""
    gaps = []
    for seed in range(12):
        initial, trace, mode, declarer, shown = played_round(seed)
        t, i, seat, hands, played, voids, _ = decision(initial, trace, 20, mode)
        scratch = new_net_scratch(PARAMS)
        true_w = belief_log_weight(seat, hands, trace, t, i, mode, shown, declarer, PARAMS, 4.0, scratch)
        rng = block_states(seed, 0, 1, 98)[0].copy()
        world = np.zeros(4, np.uint64)
        drawn = []
        for _ in range(8):
            sample_hands(seat, hands, played, voids, shown, mode, rng, world, np.zeros(36, np.int64),
                         np.zeros(36, np.int64))
            drawn.append(belief_log_weight(seat, world, trace, t, i, mode, shown, declarer, PARAMS, 4.0, scratch))
        gaps.append(true_w - np.mean(drawn))
    assert np.mean(gaps) > 0


def redealt(hands, seat, shown, played, rng):
    """Another deal of the cards ``seat`` has not seen (each seat keeps its count and the meld cards
    it showed), ignoring voids: what the seat cannot tell apart from ``hands`` except by voids."""
    out = hands.copy()
    fixed = [int(shown[s]) & ~int(played) & int(hands[s]) for s in range(4)]
    pool = [c for s in range(4) if s != seat for c in mask_to_cards(int(hands[s]) & ~fixed[s])]
    rng.shuffle(pool)
    for s in range(4):
        if s == seat:
            continue
        n = len(mask_to_cards(int(hands[s]) & ~fixed[s]))
        out[s] = np.uint64(fixed[s] | sum(1 << c for c in pool[:n]))
        pool = pool[n:]
    return out


@pytest.mark.parametrize("seed, temperature", [(0, None), (1, 1.0), (2, None), (3, 1.0)])
def test_search_reads_only_its_view(seed, temperature):
    """The same card whoever holds the cards the searcher has not seen (same seed), at decisions
    where no seat has shown a void (a re-deal keeping every void would need the rules' solver)."""
    initial, trace, mode, declarer, shown = played_round(seed)
    params = policy_params(search_worlds=4, belief_temperature=temperature)
    rng = np.random.default_rng(seed)
    checked = 0
    for point in range(1, 24):
        t, i, seat, hands, played, voids, legal = decision(initial, trace, point, mode)
        if voids or len(legal) < 2:
            continue
        legal_mask = np.uint64(sum(1 << c for c in legal))
        cards = []
        for world in (hands, redealt(hands, seat, shown, played, rng), redealt(hands, seat, shown, played, rng)):
            cards.append(search_card(seat, legal_mask, world, trace, t, i, mode, played, voids, shown, declarer,
                                     params, block_states(seed, 0, 1, 97)[0].copy()))
        assert len(set(cards)) == 1 and cards[0] in legal
        checked += 1
    assert checked >= 2


def test_belief_weights_are_normalised_and_ablation_counts_worlds_the_same():
    initial, trace, mode, declarer, shown = played_round(7)
    t, i, seat, hands, played, voids, legal = decision(initial, trace, 22, mode)
    legal_mask = np.uint64(sum(1 << c for c in legal))
    for temperature, uniform in ((4.0, False), (0.0, True)):
        params = policy_params(search_worlds=6, belief_temperature=temperature)
        values, weights = np.zeros((6, len(legal))), np.zeros(6)
        search_values(seat, legal_mask, hands, trace, t, i, mode, played, voids, shown, declarer, params,
                      block_states(7, 0, 1, 96)[0].copy(), values, weights)
        assert weights.sum() == pytest.approx(1.0) and np.all(weights >= 0)
        assert np.allclose(weights, 1 / 6) == uniform


def test_same_play_on_one_and_two_threads():
    from jass_sim.jass.simulate.tables import simulate_deals

    params = policy_params(search_worlds=4)
    runs = [pd.concat(simulate_deals(12, policy="search", seed=3, threads=n, params=params)) for n in (1, 2)]
    pd.testing.assert_frame_equal(runs[0], runs[1])


def test_whole_rounds_with_search_at_every_seat_are_legal():
    """Four searchers play whole rounds: every card legal under the reference rules."""
    for seed in range(2):
        initial, trace, mode, _, _ = played_round(seed, "search")
        held = [set(mask_to_cards(h)) for h in initial]
        for t in range(9):
            for k in range(4):
                seat = (trace[t, 0] + k) & 3
                card = int(trace[t, 1 + k])
                assert card in ref_legal_moves(held[seat], [int(c) for c in trace[t, 1:1 + k]], mode)
                held[seat].discard(card)
        assert not any(held)


@pytest.mark.parametrize("bad", [{"search_worlds": 0}, {"search_worlds": 5000}, {"belief_temperature": -1.0},
                                 {"search_confidence": -1.0},
                                 {"belief_temperature": float("nan")}])
def test_bad_search_settings_are_refused(bad):
    with pytest.raises(InputError):
        policy_params(**bad)
