"""The ``net`` card-play policy: a small neural network distilled from search.

The network reads the player's view (:mod:`._net_features`: its hand, the cards each seat has
played and led, the current trick, voids and melds shown, the mode and who chose it, the trick,
the points and match state so far) and gives every card a value: the points its team can expect
from now to the end of the round, relative to the other cards. The player plays the legal card
of highest value (ties: the lowest card number), so an illegal card is never chosen.

Layers: the sparse binary input (:data:`~._net_features.N_FEATURES`) into ``H1`` ReLU units (the
first layer is a sum of the weight rows of the active features), ``H2`` ReLU units, and 36
outputs, one per canonical card. Inference runs inside the compiled kernels; the weights travel
in the policy ``params`` array after its header (:func:`pack_params`), so every kernel that
passes ``params`` to the policies can play ``net`` with no Python call per card.

The weights ship in ``data/net.npz`` (``W1[N_FEATURES, H1]``, ``b1``, ``W2[H1, H2]``, ``b2``,
``W3[36, H2]``, ``b3`` and a ``meta`` JSON string); they are trained by ``scripts/train_net.py``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..._jit import U64_ONE, jit, lowest_bit, popcount
from ._net_features import CANON_CARD, MAX_ACTIVE, N_FEATURES, encode_view

#: Hidden layer sizes of the shipped architecture.
H1 = 256
H2 = 64
N_OUT = 36
#: ``params`` entries before the network's weights (read by the other policies).
PARAMS_HEADER = 8
#: ``params[NET_FLAG]`` is the number of network weights that follow the header (0: none).
NET_FLAG = 7
_W1 = PARAMS_HEADER
_B1 = _W1 + N_FEATURES * H1
_W2 = _B1 + H1
_B2 = _W2 + H1 * H2
_W3 = _B2 + H2
_B3 = _W3 + N_OUT * H2
N_WEIGHTS = _B3 + N_OUT - PARAMS_HEADER

WEIGHTS_FILE = Path(__file__).with_name("data") / "net.npz"
LAYER_NAMES = ("W1", "b1", "W2", "b2", "W3", "b3")
LAYER_SHAPES = ((N_FEATURES, H1), (H1,), (H1, H2), (H2,), (N_OUT, H2), (N_OUT,))


def flatten_weights(layers: dict[str, np.ndarray]) -> np.ndarray:
    """The weights of ``layers`` (``W1 b1 W2 b2 W3 b3``) as one float64 vector, in kernel order."""
    parts = []
    for name, shape in zip(LAYER_NAMES, LAYER_SHAPES):
        a = np.asarray(layers[name], dtype=np.float64)
        if a.shape != shape:
            raise ValueError(f"net layer {name} has shape {a.shape}, expected {shape}")
        parts.append(a.ravel())
    return np.concatenate(parts)


@lru_cache(maxsize=4)
def load_weights(path: str | None = None) -> tuple[np.ndarray, dict]:
    """The shipped (or ``path``'s) network as ``(flat float64 weights, meta dict)``."""
    with np.load(path or WEIGHTS_FILE, allow_pickle=False) as z:
        layers = {k: z[k] for k in LAYER_NAMES}
        meta = json.loads(str(z["meta"])) if "meta" in z else {}
    flat = flatten_weights(layers)
    flat.setflags(write=False)
    return flat, meta


def pack_params(header: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """``params`` for the kernels: ``header`` (at most :data:`PARAMS_HEADER` entries) then the
    network's weights (the shipped ones when ``weights`` is None)."""
    flat = load_weights()[0] if weights is None else np.asarray(weights, dtype=np.float64)
    if flat.shape != (N_WEIGHTS,):
        raise ValueError(f"net weights have {flat.size} entries, expected {N_WEIGHTS}")
    out = np.zeros(PARAMS_HEADER + N_WEIGHTS)
    header = np.asarray(header, dtype=np.float64)
    out[: header.size] = header
    out[NET_FLAG] = N_WEIGHTS
    out[PARAMS_HEADER:] = flat
    return out


@jit
def net_values(feats, n, params, h1, h2):
    """Forward pass on the active features ``feats[:n]``: fills the hidden layers ``h1``,
    ``h2`` (float64 scratch of sizes ``H1``, ``H2``); the output of card ``cc`` (canonical) is
    then :func:`net_output`."""
    for k in range(H1):
        h1[k] = params[_B1 + k]
    for a in range(n):
        row = _W1 + feats[a] * H1
        for k in range(H1):
            h1[k] += params[row + k]
    for j in range(H2):
        h2[j] = params[_B2 + j]
    for k in range(H1):
        x = h1[k]
        if x > 0.0:
            row = _W2 + k * H2
            for j in range(H2):
                h2[j] += x * params[row + j]
    for j in range(H2):
        if h2[j] < 0.0:
            h2[j] = 0.0


@jit(inline="always")
def net_output(cc, params, h2):
    """The network's value of canonical card ``cc`` after :func:`net_values`."""
    v = params[_B3 + cc]
    row = _W3 + cc * H2
    for j in range(H2):
        v += params[row + j] * h2[j]
    return v


@jit
def net_card(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, params):
    """The ``net`` policy: the legal card of highest network value for ``seat`` (see the module
    docstring); reads only ``hands[seat]`` and what is public."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    if params.shape[0] < PARAMS_HEADER + N_WEIGHTS or params[NET_FLAG] != N_WEIGHTS:
        raise ValueError("the net policy needs its weights in params (see jass_sim.engine.policies.net)")
    feats = np.empty(MAX_ACTIVE, dtype=np.int64)
    h1 = np.empty(H1)
    h2 = np.empty(H2)
    n = encode_view(seat, hands[seat], trace, t, i, mode, voids, shown, played, declarer, feats)
    net_values(feats, n, params, h1, h2)
    best = -1
    best_v = 0.0
    x = legal
    while x:
        c = lowest_bit(x)
        x &= x - U64_ONE
        v = net_output(CANON_CARD[mode, c], params, h2)
        if best < 0 or v > best_v:
            best = c
            best_v = v
    return best
