"""Where the ``net`` policy's time goes: its forward pass, layer by layer, on real positions.

    python benchmarks/bench_net_forward.py [--deals 3000]

Positions come from ``heuristic`` self-play (:func:`jass_sim.engine.selfplay.generate_positions`),
so the active features are those the policy meets in play. Every kernel is compiled first, then
timed (best of 5 runs over all positions, one thread). The baseline is the shipped forward pass
(:func:`jass_sim.engine.policies.net.net_values`) measured in the same run; each variant prints
its ratio to it (since stop 26 the shipped pass is the int16 first layer and the compacted second
layer below). The variants are experiments for the speed target of issue 17:

- ``layer 1``: the sum of the weight rows of the active features (float32, then the shipped int16
  weights of :func:`~jass_sim.engine.policies.net.quantize`, whose per-unit scales leave no
  position able to overflow an int16 accumulator);
- ``layer 2``: the 256 x 64 layer, dense, and over the positive first-layer units only, with
  float32, int16 and int8 weights.
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from common import machine

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    args = ap.parse_args()

    from jass_sim.engine.policies import POLICIES, policy_params
    from jass_sim.engine.policies.net import (H1, H2, first_layer_bound, load_weights, net_values, quantize,
                                              unflatten_weights)
    from jass_sim.engine.policies._net_features import N_FEATURES
    from jass_sim.engine.selfplay import generate_positions
    from jass_sim.rules.presets import get_rules

    h = POLICIES["heuristic"]
    feats = generate_positions(args.deals, get_rules("chibre"), h, h, policy_params(), worlds=1, seed=1)[0]
    F = feats.astype(np.int64)
    N = (F >= 0).sum(1).astype(np.int64)
    params = policy_params()
    layers = unflatten_weights(load_weights()[0])
    W1 = np.ascontiguousarray(layers["W1"])
    b1 = layers["b1"].copy()
    W2 = np.ascontiguousarray(layers["W2"])
    b2 = layers["b2"].copy()
    assert W1.shape == (N_FEATURES, H1)

    bound = first_layer_bound(W1, b1)
    quantised = quantize(layers)  # the shipped int16 first layer
    W1q, b1q = quantised["W1q"], quantised["b1q"]
    Z = b1 + np.stack([W1[F[p, :N[p]]].sum(0) for p in range(len(F))])
    H1v = np.maximum(Z, 0).astype(np.float32)

    @numba.njit(fastmath=True, nogil=True)
    def shipped(F, N, params):
        h1 = np.empty(H1, np.int16)
        h2 = np.empty(H2, np.float32)
        units = np.empty(H1, np.int64)
        s = 0.0
        for p in range(F.shape[0]):
            net_values(F[p], N[p], params, h1, h2, units)
            s += h2[3]
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer1(F, N, W1, b1, h1):
        s = 0.0
        for p in range(F.shape[0]):
            for k in range(H1):
                h1[np.uint64(k)] = b1[np.uint64(k)]
            for a in range(N[p]):
                r = np.uint64(F[p, a])
                for k in range(H1):
                    h1[np.uint64(k)] += W1[r, np.uint64(k)]
            s += h1[3]
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer2_dense(H, W2, b2):
        h2 = np.empty(H2, np.float32)
        s = 0.0
        for p in range(H.shape[0]):
            for j in range(H2):
                h2[np.uint64(j)] = b2[np.uint64(j)]
            for k in range(H1):
                x = H[p, np.uint64(k)]
                for j in range(H2):
                    h2[np.uint64(j)] += x * W2[np.uint64(k), np.uint64(j)]
            s += h2[5]
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer2_positive(H, W2, row_scale, b2):
        h2 = np.empty(H2, np.float32)
        idx = np.empty(H1, np.uint64)
        s = 0.0
        for p in range(H.shape[0]):
            m = 0
            for k in range(H1):
                idx[m] = k
                m += H[p, k] > 0
            for j in range(H2):
                h2[np.uint64(j)] = b2[np.uint64(j)]
            for q in range(m):
                k = idx[q]
                x = H[p, k] * row_scale[k]
                for j in range(H2):
                    h2[np.uint64(j)] += x * np.float32(W2[k, np.uint64(j)])
            s += h2[5]
        return s

    def timed(fn, *a):
        fn(*a)  # compile
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            fn(*a)
            best = min(best, time.perf_counter() - t)
        return 1e6 * best / len(F)

    print(f"machine: {machine()}")
    print(f"{len(F):,} positions from {args.deals:,} heuristic self-play deals; {N.mean():.1f} active features, "
          f"{(H1v > 0).sum(1).mean():.1f} of {H1} first-layer units positive on average")
    print(f"int16 scales: the largest |first-layer sum| any position can reach is {bound.max():.1f} "
          f"(median unit {np.median(bound):.1f}); largest observed here {np.abs(Z).max():.1f}")
    base = timed(shipped, F, N, params)
    rows = [("shipped forward pass (baseline)", base)]
    rows.append(("layer 1, float32", timed(layer1, F, N, W1, b1, np.empty(H1, np.float32))))
    rows.append(("layer 1, int16 weights, int32 sums", timed(layer1, F, N, W1q, b1q, np.empty(H1, np.int32))))
    rows.append(("layer 1, int16 weights, int16 sums", timed(layer1, F, N, W1q, b1q, np.empty(H1, np.int16))))
    rows.append(("layer 2 dense, float32", timed(layer2_dense, H1v, W2, b2)))
    ones = np.ones(H1, np.float32)
    rows.append(("layer 2 positive units, float32", timed(layer2_positive, H1v, W2, ones, b2)))
    for bits, dtype in ((16, np.int16), (8, np.int8)):
        top = float(2 ** (bits - 1) - 1)
        t = top / np.abs(W2).max(1)
        q = np.round(W2 * t[:, None]).astype(dtype)
        rows.append((f"layer 2 positive units, int{bits}", timed(layer2_positive, H1v, q, (1 / t).astype(np.float32), b2)))
    for name, us in rows:
        print(f"{name:<40} {us:7.3f} us per position  ({us / base:.2f} x baseline)")


if __name__ == "__main__":
    main()
