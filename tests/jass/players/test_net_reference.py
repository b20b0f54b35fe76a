"""The ``net`` player's view and forward pass against their plain-Python references (also run
with NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.jit import jit
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.engine.deal import new_deck
from jass_sim.jass.engine.round import first_round, new_work
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.players._net_features import BLOCK_LIMITS, MAX_ACTIVE, N_FEATURES, encode_view
from jass_sim.jass.players._net_vectors import borrowed_as
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.players.net import (
    LAYER_NAMES,
    NET_H1,
    NET_H2,
    Q_LIMIT,
    first_layer_bound,
    hidden_sizes,
    layer_shapes,
    load_weights,
    net_card,
    net_output,
    net_values,
    new_net_scratch,
    output_sums,
    pack_params,
    packed_offsets,
    quantize,
)
from jass_sim.jass.rules import get_rules
from jass_sim.jass.train.selfplay import state_at

from net_reference import ref_forward, ref_quantized_forward, ref_view

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

PARAMS = policy_params()


def played_round(seed: int, rules_name: str, policy: str):
    """A first round played out: ``(initial hands, trace, mode, declarer, shown)``."""
    rules = get_rules(rules_name)
    runs, fours, mults = rules.arrays()
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    leader, declarer, mode, _ = first_round(
        player_set(PLAYERS.code(policy)), block_states(seed, 0, 1)[0], np.asarray(rules.modes, np.int64), -1, 1, True, default_mode_params(rules),
        np.full(4, PLAYERS.code(policy), np.int64), PARAMS, runs, fours, mults, new_deck(), hands, initial, work)
    return initial.copy(), work[2].copy(), mode, declarer, work[1].copy()


def kernel_view(initial, trace, t, i, mode, declarer, shown):
    seat = (trace[t, 0] + i) & 3
    hands = np.zeros(4, np.uint64)
    played, voids, *_ = state_at(initial, trace, t, i, mode, hands)
    # uint64 as the players pass it (a kernel returns it as a Python int, which Numba types int64):
    # ``encode_view`` and ``net_card`` then run the signatures compiled anyway (issue 50 item 8)
    played = np.uint64(played)
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
    # BLOCK_LIMITS (the premise of the int16 first layer's bound) holds, and its blocks tile the input
    for lo, hi, most in BLOCK_LIMITS:
        assert ((feats >= lo) & (feats < hi)).sum() <= most
    assert [b[0] for b in BLOCK_LIMITS[1:]] == [b[1] for b in BLOCK_LIMITS[:-1]]
    hands, tricks, shown_sets = as_reference_round(initial, trace, shown)
    assert set(feats.tolist()) == ref_view(seat, hands, tricks, t, i, mode, declarer, shown_sets)


@settings(max_examples=20)
@given(seed=st.integers(0, 10_000), point=st.integers(0, 35))
def test_compiled_forward_pass_equals_numpy(seed, point):
    """The shipped weights: every card's value from the kernels equals a plain pass of the
    quantised network (to float32 rounding), and stays within 0.01 (half a point of card value)
    of the float network it was quantised from."""
    initial, trace, mode, declarer, shown = played_round(seed, "chibre", "heuristic")
    t, i = divmod(point, 4)
    *_, feats = kernel_view(initial, trace, t, i, mode, declarer, shown)
    layers = load_weights()[0]
    n1, n2 = hidden_sizes(layers)
    h1, x, h2 = np.zeros(n1, np.int16), np.zeros(n1, np.float32), np.zeros(n2, np.float32)
    net_values(feats, len(feats), PARAMS, h1, x, h2)
    compiled = np.array([net_output(cc, PARAMS, h2) for cc in range(36)])
    active = set(feats.tolist())
    np.testing.assert_allclose(compiled, ref_quantized_forward(quantize(layers), active), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(compiled, ref_forward(layers, active), rtol=0, atol=1e-2)


@jit(cache=False)
def _compiled_outputs(params, h2, out):
    n1, n2 = np.int64(params[NET_H1]), np.int64(params[NET_H2])
    _, _, _, _, w3, b3, _ = packed_offsets(n1, n2)
    output_sums(params.view(np.float32), w3, b3, h2, n2, out)


@settings(max_examples=8)  # each example runs the forward pass as Python loops (a few ms)
@given(seed=st.integers(0, 10_000), sizes=st.sampled_from([None, (64, 16), (8, 32)]))
def test_vector_sums_equal_the_plain_loops_bit_for_bit(seed, sizes):
    """At the shipped sizes the compiled layers run as LLVM vectors (``net.py``'s intrinsics; other
    sizes take the loops, and (64, 16) or (8, 32) take one vector layer each): ``h1``, ``x``,
    ``h2`` and every card's output (``output_sums``, the 36 at once, and ``net_output`` card by
    card) have exactly the bits of the same functions run as plain Python, in float32 and int16
    arithmetic in the same order (issue 50: same bits on every CPU)."""
    rng = np.random.default_rng(seed)
    if sizes is None:
        params = PARAMS
    else:
        layers = {k: rng.normal(0, 0.3, shape).astype(np.float32)
                  for k, shape in zip(LAYER_NAMES, layer_shapes(*sizes))}
        params = pack_params(PARAMS[:2], layers)
    n1, n2 = int(params[NET_H1]), int(params[NET_H2])
    feats = np.sort(rng.choice(N_FEATURES, size=int(rng.integers(1, MAX_ACTIVE)), replace=False)).astype(np.int64)
    runs = []
    for forward in (net_values, getattr(net_values, "py_func", net_values)):
        h1, x, h2 = np.zeros(n1, np.int16), np.zeros(n1, np.float32), np.zeros(n2, np.float32)
        forward(feats, len(feats), params, h1, x, h2)
        runs.append((h1, x, h2))
    for compiled, plain in zip(*runs):
        assert compiled.tobytes() == plain.tobytes()
    h2 = runs[0][2]
    out, plain_out = np.zeros(36, np.float32), np.zeros(36, np.float32)
    _compiled_outputs(params, h2, out)
    _, _, _, _, w3, b3, _ = packed_offsets(n1, n2)
    output_sums(params.view(np.float32), w3, b3, h2, n2, plain_out)
    assert out.tobytes() == plain_out.tobytes()
    assert np.array([net_output(cc, params, h2) for cc in range(36)], np.float32).tobytes() == out.tobytes()


@pytest.mark.parametrize("n1,n2", [(2, 1), (16, 8), (256, 64)])
def test_a_network_of_other_sizes_packs_and_plays(n1, n2):
    """The kernels read the hidden sizes from ``params``: random networks of other sizes give the
    quantised reference's values too, and a layer of the wrong shape is refused."""
    rng = np.random.default_rng(n1)
    layers = {k: rng.normal(0, 0.3, shape).astype(np.float32) for k, shape in zip(LAYER_NAMES, layer_shapes(n1, n2))}
    params = pack_params(PARAMS[:2], layers)
    assert (params[NET_H1], params[NET_H2]) == (n1, n2) and params[0] == PARAMS[0]
    for seed in range(3):
        initial, trace, mode, declarer, shown = played_round(seed, "schieber", "heuristic")
        *_, feats = kernel_view(initial, trace, 4, seed, mode, declarer, shown)
        h1, x, h2 = np.zeros(n1, np.int16), np.zeros(n1, np.float32), np.zeros(n2, np.float32)
        net_values(feats, len(feats), params, h1, x, h2)
        compiled = np.array([net_output(cc, params, h2) for cc in range(36)])
        np.testing.assert_allclose(compiled, ref_quantized_forward(quantize(layers), set(feats.tolist())),
                                   rtol=1e-4, atol=1e-4)
    with pytest.raises(ValueError, match="W2"):
        pack_params(PARAMS[:2], {**layers, "W2": layers["W2"][:, :-1] if n2 > 1 else layers["W2"][:-1]})


def test_int16_scales_cannot_overflow():
    """Every unit's largest reachable sum, scaled and rounded, fits an int16 with room to spare."""
    layers = load_weights()[0]
    q = quantize(layers)
    bound = first_layer_bound(layers["W1"], layers["b1"])
    scale = Q_LIMIT / bound
    worst = np.abs(q["b1q"]).astype(np.int64)
    for lo, hi, most in BLOCK_LIMITS:
        worst += -np.sort(-np.abs(q["W1q"][lo:hi].astype(np.int64)), axis=0)[:most].sum(0)
    assert worst.max() <= 32767
    assert np.all(bound * scale <= Q_LIMIT + 1e-6)


def test_the_mask_of_cards_beating_the_trick_is_trick_power_exactly():
    """The view's ``WINS_NOW`` and ``SAFE`` take the cards beating the trick's best card from one
    mask (``HIGHER`` and the trumps) instead of comparing ``trick_power`` card by card: every mode,
    led suit and best card (of the led suit or a trump), every card (7,776 cases, a fraction of a
    second)."""
    from jass_sim.jass.rules._tricks import trick_power
    from jass_sim.jass.rules.tables import HIGHER, SUIT_MASK, TRUMP_MASK

    for mode in range(6):
        for led in range(4):
            for best in range(36):
                if best // 9 != led and not (TRUMP_MASK[mode] >> np.uint64(best)) & np.uint64(1):
                    continue  # the best card of a trick is of the led suit or a trump
                beats = int(HIGHER[mode, best] | (TRUMP_MASK[mode] & ~SUIT_MASK[best // 9]))
                power = trick_power(best, led, mode)
                assert [(beats >> c) & 1 == 1 for c in range(36)] == [
                    trick_power(c, led, mode) > power for c in range(36)], (mode, led, best)


@pytest.mark.parametrize("all_zero", [True, False])
def test_zero_inputs_are_skipped_only_where_the_bits_stay(all_zero):
    """Compiled, the second layer and the outputs add only the rows of nonzero inputs (issue 50
    item 9): exact because a sum from a bias that is not -0.0 is never -0.0. A lane whose bias is
    -0.0 must add every row: ``-0.0 + 0.0 * w`` is +0.0 for a positive ``w``, where skipping the
    row would leave -0.0. Here half the biases of both layers are -0.0, with every first-layer
    unit zero (``all_zero``: then the -0.0 lanes must read +0.0) or about half of them."""
    rng = np.random.default_rng(7)
    layers = {k: rng.normal(0, 0.3, shape).astype(np.float32) for k, shape in zip(LAYER_NAMES, layer_shapes(64, 32))}
    layers["W2"] = np.abs(layers["W2"])  # positive weights: 0.0 * w is +0.0
    layers["W3"] = np.abs(layers["W3"])
    if all_zero:  # no first-layer unit on, and the second layer's other biases negative: h2 all zero
        layers["b1"] = np.full(64, -5.0, np.float32)
        layers["b2"][1::2] = -np.abs(layers["b2"][1::2]) - 0.1
    layers["b2"][::2] = -0.0
    layers["b3"][::2] = -0.0
    params = pack_params(PARAMS[:2], layers)
    feats = np.zeros(0 if all_zero else 30, np.int64)
    if not all_zero:
        feats = np.sort(rng.choice(N_FEATURES, size=30, replace=False)).astype(np.int64)
    runs = []
    for forward in (net_values, getattr(net_values, "py_func", net_values)):
        h1, x, h2 = np.zeros(64, np.int16), np.zeros(64, np.float32), np.zeros(32, np.float32)
        forward(feats, len(feats), params, h1, x, h2)
        runs.append((h1, x, h2))
    for compiled, plain in zip(*runs):
        assert compiled.tobytes() == plain.tobytes()
    h2 = runs[0][2]
    out, plain_out = np.zeros(36, np.float32), np.zeros(36, np.float32)
    _compiled_outputs(params, h2, out)
    _, _, _, _, w3, b3, _ = packed_offsets(64, 32)
    output_sums(params.view(np.float32), w3, b3, h2, 32, plain_out)
    assert out.tobytes() == plain_out.tobytes()
    if all_zero:  # every input zero: the -0.0 lanes turned +0.0, as in the plain sums
        assert not np.signbit(h2).any() and (h2 == 0).all()
        assert not np.signbit(out[::2]).any() and (out[::2] == 0).all()


def test_weights_that_are_not_finite_are_refused():
    """The kernels skip zero inputs, exact only for finite weights: ``pack_params`` refuses others."""
    layers = {k: v.copy() for k, v in load_weights()[0].items()}
    for name in ("W2", "W3"):
        bad = {**layers, name: layers[name].copy()}
        bad[name][0, 0] = np.inf
        with pytest.raises(ValueError, match=name):
            pack_params(PARAMS[:2], bad)


@jit(cache=False)
def _copy_borrowed_views(a, i16, f32):
    v = borrowed_as(a, np.int16)
    for k in range(v.shape[0]):
        i16[k] = v[k]
    u = borrowed_as(a, np.float32)[1:]  # a slice of the view, as net_card takes them
    for k in range(u.shape[0]):
        f32[k] = u[k]
    return v.shape[0], u.shape[0]


@pytest.mark.parametrize("dtype", [np.float64, np.int64])
def test_borrowed_views_read_what_numpy_views_read(dtype):
    """``borrowed_as`` (net_card's views of ``params`` and its scratch without Numba's view call,
    issue 50 item 9) has the length and items of ``a.view(dtype)``."""
    a = np.random.default_rng(1).normal(0, 1e3, 7).astype(dtype)
    i16, f32 = np.zeros(28, np.int16), np.zeros(13, np.float32)
    assert _copy_borrowed_views(a, i16, f32) == (28, 13)
    assert i16.tobytes() == a.view(np.int16).tobytes()
    assert f32.tobytes() == a.view(np.float32)[1:].tobytes()


@settings(max_examples=4, deadline=None)  # a round's 36 positions each (under no JIT a few ms a card)
@given(seed=st.integers(0, 10_000))
def test_net_card_plays_on_the_features_and_values_of_encode_view_and_net_values(seed):
    """``net_card`` compiles the view and the forward pass into itself (issue 50 item 9): after a
    call, its scratch holds exactly ``encode_view``'s features and, bit for bit, the 36 values of
    ``net_values`` and ``output_sums``; a scratch of garbage before the call changes nothing."""
    initial, trace, mode, declarer, shown = played_round(seed, "chibre", "heuristic")
    n1, n2 = int(PARAMS[NET_H1]), int(PARAMS[NET_H2])
    h1, x, h2 = np.zeros(n1, np.int16), np.zeros(n1, np.float32), np.zeros(n2, np.float32)
    out = np.zeros(36, np.float32)
    start = 2 * (MAX_ACTIVE + (n1 + 3) // 4) + n1 + n2  # the values' float32 index in the scratch
    checked = 0
    for point in range(32):  # the last trick's single cards return before the network runs
        t, i = divmod(point, 4)
        seat, hands, played, voids, feats = kernel_view(initial, trace, t, i, mode, declarer, shown)
        scratch = np.random.default_rng(point).integers(-2**62, 2**62, new_net_scratch(PARAMS).shape[0])
        card = net_card(seat, hands[seat], hands, trace, t, i, mode, played, voids, shown, declarer, PARAMS, scratch)
        assert (int(hands[seat]) >> int(card)) & 1
        assert scratch[:len(feats)].tolist() == feats.tolist()
        net_values(feats, len(feats), PARAMS, h1, x, h2)
        _compiled_outputs(PARAMS, h2, out)
        assert scratch.view(np.float32)[start:start + 36].tobytes() == out.tobytes()
        checked += 1
    assert checked == 32


def test_a_negative_zero_bias_in_the_last_lanes_adds_every_row():
    """The 36 output sums run as vectors of 32 and 4 lanes (issue 50 item 9): a -0.0 bias in the
    4-lane part alone must also make every row count. Every second-layer unit is zero here, so
    output 35 (bias -0.0, positive weights) reads +0.0 as in the plain loop, not the -0.0 that
    skipping the zero rows would leave; it fails if only the first part's biases are checked."""
    rng = np.random.default_rng(11)
    layers = {k: rng.normal(0, 0.3, shape).astype(np.float32) for k, shape in zip(LAYER_NAMES, layer_shapes(64, 32))}
    layers["W3"] = np.abs(layers["W3"]) + 0.01
    layers["b1"] = np.full(64, -5.0, np.float32)
    layers["b2"] = -np.abs(layers["b2"]) - 0.1
    layers["b3"] = np.abs(layers["b3"]) + 0.01
    layers["b3"][35] = -0.0
    params = pack_params(PARAMS[:2], layers)
    h1, x, h2 = np.zeros(64, np.int16), np.zeros(64, np.float32), np.zeros(32, np.float32)
    net_values(np.zeros(0, np.int64), 0, params, h1, x, h2)
    assert (h2 == 0).all()
    out = np.zeros(36, np.float32)
    _compiled_outputs(params, h2, out)
    assert out[35] == 0 and not np.signbit(out[35])
    assert out[:35].tobytes() == layers["b3"][:35].tobytes()
