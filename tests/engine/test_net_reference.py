"""The ``net`` player's view and forward pass against their plain-Python references (also run
with NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from net_reference import ref_forward, ref_view

from jass_sim.cards import mask_to_cards
from jass_sim.engine.choose import default_mode_params
from jass_sim.engine.deal import new_deck
from jass_sim.engine.policies import policy_id, policy_params
from jass_sim.engine.policies._net_features import MAX_ACTIVE, encode_view
from jass_sim.engine.policies.net import H1, H2, LAYER_NAMES, WEIGHTS_FILE, net_output, net_values
from jass_sim.engine.rng import block_states
from jass_sim.engine.round import first_round, new_work
from jass_sim.engine.selfplay import state_at
from jass_sim.rules import get_rules

PARAMS = policy_params()


def played_round(seed: int, rules_name: str, policy: str):
    """A first round played out: ``(initial hands, trace, mode, declarer, shown)``."""
    rules = get_rules(rules_name)
    runs, fours, mults = rules.arrays()
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    leader, declarer, mode, _ = first_round(
        block_states(seed, 0, 1)[0], np.asarray(rules.modes, np.int64), -1, 1, True, default_mode_params(rules),
        np.full(4, policy_id(policy), np.int64), PARAMS, runs, fours, mults, new_deck(), hands, initial, work)
    return initial.copy(), work[2].copy(), mode, declarer, work[1].copy()


def kernel_view(initial, trace, t, i, mode, declarer, shown):
    seat = (trace[t, 0] + i) & 3
    hands = np.zeros(4, np.uint64)
    played, voids, *_ = state_at(initial, trace, t, i, mode, hands)
    out = np.zeros(MAX_ACTIVE, np.int64)
    n = encode_view(seat, hands[seat], trace, t, i, mode, voids, shown, played, declarer, out)
    return seat, hands, played, voids, out[:n]


def as_reference_round(initial, trace, shown):
    hands = [set(mask_to_cards(h)) for h in initial]
    tricks = [(int(trace[t, 0]), [int(c) for c in trace[t, 1:5]]) for t in range(9)]
    return hands, tricks, [set(mask_to_cards(s)) for s in shown]


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), rules_name=st.sampled_from(["chibre", "schieber"]),
       policy=st.sampled_from(["random", "heuristic"]), point=st.integers(0, 35))
def test_view_matches_reference(seed, rules_name, policy, point):
    initial, trace, mode, declarer, shown = played_round(seed, rules_name, policy)
    t, i = divmod(point, 4)
    seat, *_, feats = kernel_view(initial, trace, t, i, mode, declarer, shown)
    assert len(set(feats.tolist())) == len(feats)  # no feature twice
    hands, tricks, shown_sets = as_reference_round(initial, trace, shown)
    assert set(feats.tolist()) == ref_view(seat, hands, tricks, t, i, mode, declarer, shown_sets)


@settings(max_examples=20)
@given(seed=st.integers(0, 10_000), point=st.integers(0, 35))
def test_compiled_forward_pass_equals_numpy(seed, point):
    """The shipped weights: every card's value from the kernels equals a plain numpy pass (to
    float32 rounding)."""
    initial, trace, mode, declarer, shown = played_round(seed, "chibre", "heuristic")
    t, i = divmod(point, 4)
    *_, feats = kernel_view(initial, trace, t, i, mode, declarer, shown)
    h1, h2 = np.zeros(H1, np.float32), np.zeros(H2, np.float32)
    weights = PARAMS.view(np.float32)
    net_values(feats, len(feats), weights, h1, h2)
    compiled = np.array([net_output(cc, weights, h2) for cc in range(36)])
    with np.load(WEIGHTS_FILE) as z:
        layers = {k: z[k] for k in LAYER_NAMES}
    # float32 arithmetic in the kernel, float64 in the reference
    np.testing.assert_allclose(compiled, ref_forward(layers, set(feats.tolist())), rtol=1e-4, atol=1e-4)
