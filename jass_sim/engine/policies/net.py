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
sum), the rest in float32, and the second layer over the positive first-layer units only. The
weights travel in the policy ``params`` array after its header (:func:`pack_params`), so every
kernel that passes ``params`` to the policies can play ``net`` with no Python call per card.

The weights ship in ``data/net.npz`` (``W1[N_FEATURES, H1]``, ``b1``, ``W2[H1, H2]``, ``b2``,
``W3[36, H2]``, ``b3`` and a ``meta`` JSON string); they are trained by ``scripts/train_net.py``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..._jit import U64_ONE, jit, lowest_bit, popcount
from ._net_features import BLOCK_LIMITS, CANON_CARD, MAX_ACTIVE, N_FEATURES, encode_view

#: Hidden layer sizes of the shipped architecture.
H1 = 256
H2 = 64
N_OUT = 36
#: ``params`` entries before the network's weights (read by the other policies).
PARAMS_HEADER = 8
#: ``params[NET_FLAG]`` is the number of network weights that follow the header (0: none).
NET_FLAG = 7
#: Largest first-layer sum after scaling (int16 holds 32,767).
Q_LIMIT = 32_000.0
# offsets in the int16 view of ``params``: the scaled first layer
_Q_W1 = 4 * PARAMS_HEADER
_Q_B1 = _Q_W1 + N_FEATURES * H1
# offsets in the float32 view of ``params``: the rest (the second layer's rows divided by the
# scales of the first layer's units)
_W2 = (_Q_B1 + H1) // 2
_B2 = _W2 + H1 * H2
_W3 = _B2 + H2
_B3 = _W3 + N_OUT * H2
#: float32 values of the packed network after the header
N_WEIGHTS = _B3 + N_OUT - 2 * PARAMS_HEADER
#: float64 slots of ``params`` after the header that hold the weights
N_SLOTS = (N_WEIGHTS + 1) // 2
#: float32 values of the trained network, in :func:`flatten_weights` order
N_FLAT = N_FEATURES * H1 + H1 + H1 * H2 + H2 + N_OUT * H2 + N_OUT

WEIGHTS_FILE = Path(__file__).with_name("data") / "net.npz"
LAYER_NAMES = ("W1", "b1", "W2", "b2", "W3", "b3")
LAYER_SHAPES = ((N_FEATURES, H1), (H1,), (H1, H2), (H2,), (N_OUT, H2), (N_OUT,))


def flatten_weights(layers: dict[str, np.ndarray]) -> np.ndarray:
    """The weights of ``layers`` (``W1 b1 W2 b2 W3 b3``) as one float32 vector, in kernel order."""
    parts = []
    for name, shape in zip(LAYER_NAMES, LAYER_SHAPES):
        a = np.asarray(layers[name], dtype=np.float32)
        if a.shape != shape:
            raise ValueError(f"net layer {name} has shape {a.shape}, expected {shape}")
        parts.append(a.ravel())
    return np.concatenate(parts)


@lru_cache(maxsize=4)
def load_weights(path: str | None = None) -> tuple[np.ndarray, dict]:
    """The shipped (or ``path``'s) network as ``(flat float32 weights, meta dict)``."""
    with np.load(path or WEIGHTS_FILE, allow_pickle=False) as z:
        layers = {k: z[k] for k in LAYER_NAMES}
        meta = json.loads(str(z["meta"])) if "meta" in z else {}
    flat = flatten_weights(layers)
    flat.setflags(write=False)
    return flat, meta


def unflatten_weights(flat: np.ndarray) -> dict[str, np.ndarray]:
    """The layers of a :func:`flatten_weights` vector."""
    flat = np.asarray(flat, dtype=np.float32)
    if flat.shape != (N_FLAT,):
        raise ValueError(f"net weights have {flat.size} entries, expected {N_FLAT}")
    layers, at = {}, 0
    for name, shape in zip(LAYER_NAMES, LAYER_SHAPES):
        size = int(np.prod(shape))
        layers[name] = flat[at:at + size].reshape(shape)
        at += size
    return layers


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


def pack_params(header: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """``params`` for the kernels: ``header`` (at most :data:`PARAMS_HEADER` entries) then the
    network (the shipped one when ``weights`` is None; else a :func:`flatten_weights` vector),
    quantised by :func:`quantize`."""
    out = (_packed_shipped() if weights is None else _packed(np.asarray(weights, dtype=np.float32))).copy()
    header = np.asarray(header, dtype=np.float64)
    out[: header.size] = header
    return out


@lru_cache(maxsize=1)
def _packed_shipped() -> np.ndarray:
    packed = _packed(load_weights()[0])
    packed.setflags(write=False)
    return packed


def _packed(flat: np.ndarray) -> np.ndarray:
    q = quantize(unflatten_weights(flat))
    out = np.zeros(PARAMS_HEADER + N_SLOTS)
    out[NET_FLAG] = N_WEIGHTS
    i16 = out.view(np.int16)
    i16[_Q_W1:_Q_B1] = q["W1q"].ravel()
    i16[_Q_B1:_Q_B1 + H1] = q["b1q"]
    f32 = out.view(np.float32)
    f32[_W2:_B2] = q["W2s"].ravel()
    f32[_B2:_W3] = q["b2"]
    f32[_W3:_B3] = q["W3"].ravel()
    f32[_B3:_B3 + N_OUT] = q["b3"]
    return out


@jit(fastmath=True)
def net_values(feats, n, params, h1, h2, units):
    """Forward pass on the active features ``feats[:n]`` with the network packed in ``params``
    (:func:`pack_params`): fills the first layer's scaled sums ``h1`` (int16 scratch of size
    ``H1``) and the second layer ``h2`` (float32, ``H2``; ``units``: int64 scratch of size
    ``H1``, which may be ``feats`` itself); the output of card ``cc`` (canonical) is then
    :func:`net_output`.

    Unsigned indices spare Numba's negative-index checks, so the loops vectorise; the int16
    first layer halves its memory read; the second layer runs over the positive units only
    (about 70 of 256), listed without a branch.
    """
    q = params.view(np.int16)
    w = params.view(np.float32)
    for k in range(H1):
        h1[np.uint64(k)] = q[np.uint64(_Q_B1 + k)]
    for a in range(n):
        row = np.uint64(_Q_W1 + feats[a] * H1)
        for k in range(H1):
            h1[np.uint64(k)] += q[row + np.uint64(k)]
    m = 0
    for k in range(H1):
        units[m] = k
        m += h1[k] > 0
    for j in range(H2):
        h2[j] = w[_B2 + j]
    for u in range(m):
        k = units[u]
        x = np.float32(h1[k])
        row = np.uint64(_W2 + k * H2)
        for j in range(H2):
            h2[np.uint64(j)] += x * w[row + np.uint64(j)]
    for j in range(H2):
        if h2[j] < 0:
            h2[j] = 0


@jit(inline="always")
def net_output(cc, w, h2):
    """The network's value of canonical card ``cc`` after :func:`net_values`."""
    v = w[_B3 + cc]
    row = _W3 + cc * H2
    for j in range(H2):
        v += w[row + j] * h2[j]
    return v


@jit
def net_card(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, params):
    """The ``net`` policy: the legal card of highest network value for ``seat`` (see the module
    docstring); reads only ``hands[seat]`` and what is public."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    if params.shape[0] < PARAMS_HEADER + N_SLOTS or params[NET_FLAG] != N_WEIGHTS:
        raise ValueError("the net policy needs its weights in params (see jass_sim.engine.policies.net)")
    w = params.view(np.float32)
    # one scratch array for the active features and then the positive units: the first layer
    # has read every feature before the units are listed (one allocation fewer per card)
    feats = np.empty(max(MAX_ACTIVE, H1), dtype=np.int64)
    h1 = np.empty(H1, dtype=np.int16)
    h2 = np.empty(H2, dtype=np.float32)
    n = encode_view(seat, hands[seat], trace, t, i, mode, voids, shown, played, declarer, feats)
    net_values(feats, n, params, h1, h2, feats)
    best = -1
    best_v = np.float32(0)
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - U64_ONE
        v = net_output(CANON_CARD[mode, c], w, h2)
        if best < 0 or v > best_v:
            best = c
            best_v = v
    return best
