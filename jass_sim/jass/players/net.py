"""The ``net`` card-play policy: a small neural network distilled from search.

The network reads the player's view (:mod:`._net_features`: its hand, the cards each seat has
played and led, the current trick, voids and melds shown, the mode and who chose it, the trick,
the points and match state so far) and gives every card a value: the points its team can expect
from now to the end of the round, relative to the other cards. The player plays the legal card
of highest value (ties: the lowest card number), so an illegal card is never chosen.

Layers: the sparse binary input (:data:`~._net_features.N_FEATURES`) into ``H1`` ReLU units (the
first layer is a sum of the weight rows of the active features), ``H2`` ReLU units, and 36
outputs, one per canonical card. Inference runs inside the compiled kernels: the first layer in
int16 (:func:`quantize`: one scale per unit, chosen so that no position can overflow an int16
sum), the rest in float32, the second layer a first-layer unit at a time, its weight row added to
every second-layer sum at once, and the 36 outputs at once likewise (see :func:`net_values` and
:func:`output_sums`; at the shipped sizes the sums are held in LLVM vectors, each lane one unit's
sum in the plain loop's order: the same bits on every CPU). The weights and the hidden sizes travel
in the policy ``params`` array after its header
(:func:`pack_params`), so every kernel that passes ``params`` to the policies can play ``net``
with no Python call per card.

The weights ship in ``data/net.npz`` (``W1[N_FEATURES, H1]``, ``b1``, ``W2[H1, H2]``, ``b2``,
``W3[36, H2]``, ``b3`` and a ``meta`` JSON string). ``scripts/train_net.py`` trains them: rounds of
self-play, search labels and training of a larger network, which is then distilled into the
shipped sizes :data:`H1` x :data:`H2` (a forward pass about a third of the larger one's) and
polished by rounds of the same self-play training on the small network itself.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic, overload

from jass_sim.core.jit import U64_ONE, jit, lowest_bit, popcount
from jass_sim.jass.players._net_features import (
    BLOCK_LIMITS,
    CANON_CARD,
    MAX_ACTIVE,
    N_FEATURES,
    encode_view_here,
)
from jass_sim.jass.players._net_vectors import borrowed, borrowed_as, vector_sum_codegen

#: Hidden layer sizes of the shipped network (a network of other sizes packs and plays too: the
#: kernels read the sizes from ``params``; see :func:`pack_params`).
H1 = 64
H2 = 32
N_OUT = 36
#: ``params`` entries before the network's weights (read by the other policies).
PARAMS_HEADER = 16
#: ``params[NET_H1]`` and ``params[NET_H2]``: the hidden layer sizes of the packed network.
NET_H1 = 13
NET_H2 = 14
#: ``params[NET_FLAG]`` is the number of network weights that follow the header (0: none).
NET_FLAG = 15
#: Largest first-layer sum after scaling (int16 holds 32,767).
Q_LIMIT = 32_000.0

WEIGHTS_FILE = Path(__file__).parent.parent / "data" / "net.npz"
LAYER_NAMES = ("W1", "b1", "W2", "b2", "W3", "b3")


def layer_shapes(h1: int, h2: int) -> tuple[tuple[int, ...], ...]:
    """The shapes of ``W1 b1 W2 b2 W3 b3`` for hidden layers of ``h1`` and ``h2`` units."""
    return (N_FEATURES, h1), (h1,), (h1, h2), (h2,), (N_OUT, h2), (N_OUT,)


def hidden_sizes(layers: dict[str, np.ndarray]) -> tuple[int, int]:
    """``(h1, h2)`` of ``layers``; raises ValueError when a layer's shape does not fit them."""
    h1, h2 = int(np.shape(layers["W1"])[-1]), int(np.shape(layers["b2"])[0])
    if h1 % 2 or h1 < 2 or h2 < 1:
        raise ValueError(f"net hidden layers of {h1} and {h2} units: the first must be even, the second positive")
    for name, shape in zip(LAYER_NAMES, layer_shapes(h1, h2)):
        if np.shape(layers[name]) != shape:
            raise ValueError(f"net layer {name} has shape {np.shape(layers[name])}, expected {shape}")
    return h1, h2


@jit(inline="always")
def packed_offsets(h1, h2):
    """Where the packed network's parts start: ``W1q`` and ``b1q`` in the int16 view of
    ``params``; ``W2s`` (the second layer, ``[h1, h2]``: a row per first-layer unit), ``b2``,
    ``W3`` (transposed, ``[h2, 36]``: a row per second-layer unit) and ``b3`` in
    the float32 view; and the number of float32 values after the header."""
    q_w1 = 4 * PARAMS_HEADER
    q_b1 = q_w1 + N_FEATURES * h1
    w2 = (q_b1 + h1) // 2  # h1 is even: the int16 part ends on a float32 boundary
    b2 = w2 + h1 * h2
    w3 = b2 + h2
    b3 = w3 + N_OUT * h2
    return q_w1, q_b1, w2, b2, w3, b3, b3 + N_OUT - 2 * PARAMS_HEADER


@lru_cache(maxsize=4)
def load_weights(path: str | None = None) -> tuple[dict[str, np.ndarray], dict]:
    """The shipped (or ``path``'s) network as ``(layers, meta dict)``: float32 arrays ``W1 b1 W2
    b2 W3 b3`` (read-only) of any hidden sizes."""
    with np.load(path or WEIGHTS_FILE, allow_pickle=False) as z:
        layers = {k: np.asarray(z[k], dtype=np.float32) for k in LAYER_NAMES}
        meta = json.loads(str(z["meta"])) if "meta" in z else {}
    hidden_sizes(layers)
    for a in layers.values():
        a.setflags(write=False)
    return layers, meta


def first_layer_bound(w1: np.ndarray, b1: np.ndarray) -> np.ndarray:
    """For each first-layer unit, the largest absolute sum any view can reach: the bias plus, in
    every feature block, its largest weights as many as the block can have active at once
    (:data:`~._net_features.BLOCK_LIMITS`)."""
    bound = np.abs(np.asarray(b1, np.float64))
    magnitude = np.abs(np.asarray(w1, np.float64))
    for lo, hi, most in BLOCK_LIMITS:
        bound += -np.sort(-magnitude[lo:hi], axis=0)[:most].sum(0)
    return bound


def quantize(layers: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The network as the kernels run it: ``W1q``, ``b1q`` (int16: the first layer times one
    scale per unit, ``Q_LIMIT / first_layer_bound``, so no sum overflows), ``W2s`` (float32: the
    second layer's rows divided by those scales) and ``b2``, ``W3``, ``b3`` unchanged."""
    scale = Q_LIMIT / np.maximum(first_layer_bound(layers["W1"], layers["b1"]), 1e-6)
    return {
        "W1q": np.round(np.asarray(layers["W1"], np.float64) * scale).astype(np.int16),
        "b1q": np.round(np.asarray(layers["b1"], np.float64) * scale).astype(np.int16),
        "W2s": (np.asarray(layers["W2"], np.float64) / scale[:, None]).astype(np.float32),
        "b2": np.asarray(layers["b2"], np.float32),
        "W3": np.asarray(layers["W3"], np.float32),
        "b3": np.asarray(layers["b3"], np.float32),
    }


def pack_params(header: np.ndarray, layers: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """``params`` for the kernels: ``header`` (at most :data:`PARAMS_HEADER` entries) then the
    network (the shipped one when ``layers`` is None; else a dict of ``W1 b1 W2 b2 W3 b3`` of any
    hidden sizes, see :func:`layer_shapes`), quantised by :func:`quantize`, with its sizes in
    ``params[NET_H1]``, ``params[NET_H2]`` and its length in ``params[NET_FLAG]``."""
    out = (_packed_shipped() if layers is None else _packed(layers)).copy()
    header = np.asarray(header, dtype=np.float64)
    if header.size > NET_H1:
        raise ValueError(f"a params header has at most {NET_H1} entries before the net's, got {header.size}")
    out[: header.size] = header
    return out


@lru_cache(maxsize=1)
def _packed_shipped() -> np.ndarray:
    packed = _packed(load_weights()[0])
    packed.setflags(write=False)
    return packed


def _packed(layers: dict[str, np.ndarray]) -> np.ndarray:
    h1, h2 = hidden_sizes(layers)
    q_w1, q_b1, w2, b2, w3, b3, n_weights = packed_offsets(h1, h2)
    q = quantize(layers)
    for name in ("W2s", "W3"):  # the kernels skip the rows of zero inputs: exact with finite weights only
        if not np.isfinite(q[name]).all():
            raise ValueError(f"net layer {name[:2]} has weights that are not finite numbers (after scaling)")
    out = np.zeros(PARAMS_HEADER + (n_weights + 1) // 2)
    out[NET_H1], out[NET_H2], out[NET_FLAG] = h1, h2, n_weights
    i16 = out.view(np.int16)
    i16[q_w1:q_b1] = q["W1q"].ravel()
    i16[q_b1:q_b1 + h1] = q["b1q"]
    f32 = out.view(np.float32)
    f32[w2:b2] = q["W2s"].ravel()
    f32[b2:w3] = q["b2"]
    f32[w3:b3] = q["W3"].T.ravel()  # [h2, 36]: a row per second-layer unit (see output_sums)
    f32[b3:b3 + N_OUT] = q["b3"]
    return out


def first_layer_sums(q, q_w1, q_b1, feats, n, h1, n1):
    """``h1[k] = q[q_b1 + k] + sum(q[q_w1 + feats[a] * n1 + k] for a < n)`` for ``k < n1``, in int16
    arithmetic (it wraps: the sum is the same in any order). Compiled, the shipped size
    :data:`H1` keeps the sums in vector registers across the features (:func:`_vector_rows`);
    other sizes add four features a pass."""
    for k in range(n1):
        h1[k] = q[q_b1 + k]
    for a in range(n):
        row = q_w1 + feats[a] * n1
        for k in range(n1):
            h1[k] += q[row + k]


def second_layer_sums(w, w2, b2, x, h2, n1, n2):
    """``h2[j] = w[b2 + j] + x[0] * w[w2 + j] + x[1] * w[w2 + n2 + j] + ...`` for ``j < n2``: each
    sum in float32 from its bias over ``k < n1`` in this order, with no fused multiply-add, so its
    bits do not depend on the CPU. Compiled, the shipped size :data:`H2` keeps the ``n2`` sums in
    vector registers (:func:`_vector_rows`: one vector ``add`` a first-layer unit, each lane a
    unit's sum in the same order); other sizes add each row to the sums in memory."""
    for j in range(n2):
        h2[j] = w[b2 + j]
    for k in range(n1):
        xk = x[k]
        row = w2 + k * n2
        for j in range(n2):
            h2[j] += xk * w[row + j]


@intrinsic
def _first_layer_vector(typingctx, q, q_w1, q_b1, feats, n, h1):
    """:func:`first_layer_sums` for ``n1 == H1``: the ``H1`` int16 sums in one LLVM vector of
    ``<H1 x i16>`` (wrapping adds, as the loop's int16 stores), a vector add per active feature,
    stored once at the end instead of a load and a store of every sum per feature."""
    sig = types.void(q, types.int64, types.int64, feats, types.int64, h1)
    return sig, vector_sum_codegen(H1, ir.IntType(16), scaled=False)


@intrinsic
def _second_layer_vector(typingctx, w, w2, b2, x, n1, h2):
    """:func:`second_layer_sums` for ``n2 == H2``: the ``H2`` sums in one LLVM vector of ``<H2 x
    float>``; for each first-layer unit ``k`` in order, ``x[k]`` spread over the lanes times its
    weight row (``fmul``) is added (``fadd``): lane ``j`` computes exactly unit ``j``'s scalar sum
    in the loop's order (no fast-math flags: no fused multiply-add, no reordering), so the bits
    are those of the loop on any CPU (LLVM splits the vector into the CPU's registers, or scalar
    code without vector units). Stored once at the end."""
    sig = types.void(w, types.int64, types.int64, x, types.int64, h2)
    return sig, vector_sum_codegen(H2, ir.FloatType(), scaled=True)


@overload(first_layer_sums, inline="always")
def _first_layer_sums_overload(q, q_w1, q_b1, feats, n, h1, n1):
    def impl(q, q_w1, q_b1, feats, n, h1, n1):
        if n1 == H1:
            _first_layer_vector(q, q_w1, q_b1, feats, n, h1)
            return
        for k in range(n1):
            h1[np.uint64(k)] = q[np.uint64(q_b1 + k)]
        a = 0
        while a + 4 <= n:  # four features a pass: a quarter of the loads and stores of h1
            r0 = np.uint64(q_w1 + feats[a] * n1)
            r1 = np.uint64(q_w1 + feats[a + 1] * n1)
            r2 = np.uint64(q_w1 + feats[a + 2] * n1)
            r3 = np.uint64(q_w1 + feats[a + 3] * n1)
            for k in range(n1):
                kk = np.uint64(k)
                h1[kk] += q[r0 + kk] + q[r1 + kk] + q[r2 + kk] + q[r3 + kk]
            a += 4
        while a < n:
            row = np.uint64(q_w1 + feats[a] * n1)
            for k in range(n1):
                h1[np.uint64(k)] += q[row + np.uint64(k)]
            a += 1
    return impl


@overload(second_layer_sums, inline="always")
def _second_layer_sums_overload(w, w2, b2, x, h2, n1, n2):
    def impl(w, w2, b2, x, h2, n1, n2):
        if n2 == H2:
            _second_layer_vector(w, w2, b2, x, n1, h2)
            return
        for j in range(n2):
            h2[np.uint64(j)] = w[np.uint64(b2 + j)]
        for k in range(n1):  # across the units: each unit's sum in order over k
            xk = x[np.uint64(k)]
            row = np.uint64(w2 + k * n2)
            for j in range(n2):
                h2[np.uint64(j)] += xk * w[row + np.uint64(j)]
    return impl


@jit
def net_values(feats, n, params, h1, x, h2):
    """Forward pass on the active features ``feats[:n]`` with the network packed in ``params``
    (:func:`pack_params`, sizes ``H1 = params[NET_H1]`` and ``H2 = params[NET_H2]``): fills the
    first layer's scaled sums ``h1`` (int16 scratch of size ``H1``), its ReLU ``x`` (float32,
    ``H1``) and the second layer ``h2`` (float32, ``H2``); the output of card ``cc``
    (canonical) is then :func:`net_output`.

    The first layer adds int16 weight rows (:func:`first_layer_sums`; the sums wrap as int16 and
    the scales keep the final sums in range, so the order of the additions cannot change them).
    At the shipped size the ``H1`` sums stay in one LLVM vector across the features; other sizes
    add four features a pass in memory (unsigned indices spare Numba's negative-index checks).

    The second layer adds, for each first-layer unit ``k`` in turn, ``x[k]`` times its weight row
    to all the sums ``h2``: the loop over the units of ``h2`` vectorises with no reordering of any
    sum (each unit's sum still runs over ``k`` in order from its bias, in float32 without fused
    multiply-adds), so its bits do not depend on the CPU's vector width
    (``tests/jass/players/test_net_same_on_every_cpu.py``). A dot product per unit instead (the
    form before issue 50) is a serial chain over ``k`` that LLVM may not vectorise without
    ``fastmath``: the policy ran 40% slower. At the shipped size the ``H2`` sums stay in one LLVM
    vector across ``k`` (:func:`second_layer_sums`): Numba's loop kept them in memory, a load,
    add and store per sum and unit, with LLVM's vector body (64 lanes) too wide for 32 sums.
    """
    forward(feats, n, params.view(np.int16), params.view(np.float32), np.int64(params[NET_H1]),
            np.int64(params[NET_H2]), h1, x, h2)


def forward(feats, n, q, w, n1, n2, h1, x, h2):
    """:func:`net_values` on the network's int16 and float32 views ``q`` and ``w`` of ``params``, of
    sizes ``n1`` and ``n2``. Compiled, its code goes into the caller (:func:`net_card` takes the
    views once, without reference counts); called from Python, it is plain Python (the loops that
    the tests compare the compiled layers with)."""
    q_w1, q_b1, w2, b2, _, _, _ = packed_offsets(n1, n2)
    first_layer_sums(q, q_w1, q_b1, feats, n, h1, n1)
    for k in range(n1):
        x[np.uint64(k)] = np.float32(max(h1[np.uint64(k)], np.int16(0)))
    second_layer_sums(w, w2, b2, x, h2, n1, n2)
    for j in range(n2):
        h2[np.uint64(j)] = max(h2[np.uint64(j)], np.float32(0))


@overload(forward, inline="always")
def _forward_overload(feats, n, q, w, n1, n2, h1, x, h2):
    return forward


@jit(inline="always")
def net_output(cc, params, h2):
    """The network's value of canonical card ``cc`` after :func:`net_values`."""
    n2 = np.int64(params[NET_H2])
    _, _, _, _, w3, b3, _ = packed_offsets(np.int64(params[NET_H1]), n2)
    w = params.view(np.float32)
    v = w[np.uint64(b3 + cc)]
    for j in range(n2):
        v += w[np.uint64(w3 + j * N_OUT + cc)] * h2[np.uint64(j)]
    return v


def output_sums(w, w3, b3, h2, n2, out):
    """``out[cc]`` = :func:`net_output` of every canonical card ``cc``: the same float32 sums in
    the same order (from ``b3``, over the second-layer units in turn). Compiled, the 36 sums are
    the lanes of one LLVM vector (:func:`_output_vector`)."""
    for cc in range(N_OUT):
        out[cc] = w[b3 + cc]
    for j in range(n2):
        hj = h2[j]
        row = w3 + j * N_OUT
        for cc in range(N_OUT):
            out[cc] += hj * w[row + cc]


@intrinsic
def _output_vector(typingctx, w, w3, b3, h2, n2, out):
    """:func:`output_sums` with the 36 sums in LLVM vectors of ``<32 x float>`` and ``<4 x float>``
    (as :func:`_second_layer_vector`: each lane the scalar sum in order, no fast-math flags)."""
    sig = types.void(w, types.int64, types.int64, h2, types.int64, out)
    return sig, vector_sum_codegen(N_OUT, ir.FloatType(), scaled=True)


@overload(output_sums, inline="always")
def _output_sums_overload(w, w3, b3, h2, n2, out):
    return lambda w, w3, b3, h2, n2, out: _output_vector(w, w3, b3, h2, n2, out)


@jit(inline="always")
def scratch_size(h1, h2):
    """int64 words of :func:`net_card`'s scratch for hidden layers of ``h1`` and ``h2`` units: the
    active features (int64), then the first layer's sums (int16), the float32 ``x`` and ``h2``,
    and the 36 outputs (float32)."""
    return MAX_ACTIVE + (h1 + 3) // 4 + (h1 + h2 + N_OUT + 1) // 2


def pack_two(header: np.ndarray, first: dict[str, np.ndarray] | None,
             second: dict[str, np.ndarray] | None) -> np.ndarray:
    """``params`` holding two networks: ``first`` as :func:`pack_params` packs it (played by
    ``net``), then the whole ``params`` of ``second`` (played by the internal policy number
    :data:`~jass_sim.jass.players.dispatch.SECOND_NET`, see :func:`second_net`), so that two
    networks can meet in one duel (benchmarks and training; None is the shipped network)."""
    return np.concatenate([pack_params(header, first), pack_params(header, second)])


@jit(inline="always")
def second_net(params):
    """The ``params`` of the second network packed by :func:`pack_two` (a view)."""
    return params[PARAMS_HEADER + (np.int64(params[NET_FLAG]) + 1) // 2:]


@jit(inline="always")
def check_net_params(params):
    """Raise ValueError unless ``params`` holds a whole packed network (:func:`pack_params`)."""
    if params.shape[0] < PARAMS_HEADER or params[NET_FLAG] <= 0 or params.shape[0] < PARAMS_HEADER + (
            packed_offsets(np.int64(params[NET_H1]), np.int64(params[NET_H2]))[6] + 1) // 2:
        raise ValueError("the net policy needs its weights in params (see jass_sim.jass.players.net)")


@jit
def new_net_scratch(params):
    """Scratch for :func:`net_card` with the network packed in ``params`` (:func:`pack_params`;
    raises ValueError when ``params`` has none). The round kernels allocate it once a round
    rather than once a card."""
    check_net_params(params)
    return np.empty(scratch_size(np.int64(params[NET_H1]), np.int64(params[NET_H2])), dtype=np.int64)


@jit  # no fastmath: the same sums on every CPU (see jass_sim.core.jit.jit)
def net_card(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, params, scratch):
    """The ``net`` policy: the legal card of highest network value for ``seat`` (see the module
    docstring); reads only ``hands[seat]`` and what is public. ``scratch`` is working memory
    (:func:`new_net_scratch`); its content before the call does not matter."""
    # no reference counts on the hot path (see _net_vectors.borrowed): first of all, so that each argument's
    # own incref and decref meet in the entry block, where Numba's pruning removes them
    hands = borrowed(hands)
    trace = borrowed(trace)
    shown = borrowed(shown)
    params = borrowed(params)
    scratch = borrowed(scratch)
    if popcount(legal) == 1:
        return lowest_bit(legal)
    check_net_params(params)
    n1 = np.int64(params[NET_H1])
    n2 = np.int64(params[NET_H2])
    if scratch.shape[0] < scratch_size(n1, n2):
        raise ValueError("the net policy's scratch is too small for its params (see new_net_scratch)")
    feats = scratch[:MAX_ACTIVE]
    # the int16 and float32 views as borrowed_as: no call to Numba's view, no reference counts
    h1 = borrowed_as(scratch, np.int16)[4 * MAX_ACTIVE:4 * MAX_ACTIVE + n1]
    floats = borrowed_as(scratch, np.float32)[2 * (MAX_ACTIVE + (n1 + 3) // 4):]
    x = floats[:n1]
    h2 = floats[n1:n1 + n2]
    values = floats[n1 + n2:n1 + n2 + N_OUT]
    w = borrowed_as(params, np.float32)
    # encode_view and net_values compiled into this function (encode_view_here, forward): no call
    # passing arrays, so no reference counts on the hot path
    n = encode_view_here(seat, hands[seat], trace, t, i, mode, voids, shown, played, declarer, feats)
    forward(feats, n, borrowed_as(params, np.int16), w, n1, n2, h1, x, h2)
    _, _, _, _, w3, b3, _ = packed_offsets(n1, n2)
    output_sums(w, w3, b3, h2, n2, values)  # all 36 at once: see output_sums
    best = -1
    best_v = np.float32(0)
    rest = legal
    while rest:
        c = lowest_bit(rest)
        rest &= rest - U64_ONE
        v = values[CANON_CARD[mode, c]]
        if best < 0 or v > best_v:
            best = c
            best_v = v
    return best
