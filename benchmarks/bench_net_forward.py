"""Where the ``net`` policy's time goes: its forward pass, whole and layer by layer, on real positions.

    python benchmarks/bench_net_forward.py [--deals 3000] [--teacher out/net-c/iter3.npz]

Positions come from ``heuristic`` self-play (:func:`jass_sim.jass.train.selfplay.generate_positions`),
so the active features are those the policy meets in play. Every kernel is compiled first, then
timed (best of 5 runs over all positions, one thread). The baseline is the shipped forward pass
(:func:`jass_sim.jass.players.net.net_values` and the outputs of nine cards) measured in the
same run; every other row prints its ratio to it:

- the same kernel on the ``--teacher`` network (any hidden sizes, e.g. the 256 x 64 network the
  shipped one is distilled from), when it is given;
- ``layer 1``: the int16 sum of the weight rows of the active features, one feature a pass (the
  form shipped before stop 27) and four (shipped);
- ``layer 2`` in three forms: over the positive first-layer units only, adding each unit's weight
  row to the sums in memory (the form shipped before stop 27); one dot product per unit over the
  transposed weights; and four units a pass (shipped), which loads each input once for four sums.
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
    ap.add_argument("--teacher", default=None, help="weights (.npz) of another network to time with the same kernel")
    args = ap.parse_args()

    from jass_sim.jass.players import PLAYERS, policy_params
    from jass_sim.jass.players.net import (
        NET_H1,
        hidden_sizes,
        load_weights,
        net_output,
        net_values,
        pack_params,
        quantize,
    )
    from jass_sim.jass.rules.presets import get_rules
    from jass_sim.jass.train.selfplay import generate_positions

    h = PLAYERS.code("heuristic")
    params = policy_params()
    feats = generate_positions(args.deals, get_rules("chibre"), h, h, params, worlds=1, seed=1)[0]
    F = feats.astype(np.int64)
    N = (F >= 0).sum(1).astype(np.int64)
    layers = load_weights()[0]
    H1, H2 = hidden_sizes(layers)
    q = quantize(layers)
    W1q, b1q = q["W1q"], q["b1q"]
    Z = b1q.astype(np.int64) + np.stack([W1q[F[p, :N[p]]].astype(np.int64).sum(0) for p in range(len(F))])
    X = np.maximum(Z, 0).astype(np.float32)  # the first layer's outputs, scaled
    W2s = np.ascontiguousarray(q["W2s"])
    W2t = np.ascontiguousarray(W2s.T)
    b2 = q["b2"]

    @numba.njit(fastmath=True, nogil=True)
    def whole(F, N, params, n1, n2):
        h1 = np.empty(n1, np.int16)
        x = np.empty(n1, np.float32)
        h2 = np.empty(n2, np.float32)
        s = 0.0
        for p in range(F.shape[0]):
            net_values(F[p], N[p], params, h1, x, h2)
            for cc in range(0, 36, 4):
                s += net_output(cc, params, h2)
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer1(F, N, W1, b1, h1, four_a_pass):
        s = 0.0
        for p in range(F.shape[0]):
            for k in range(H1):
                h1[np.uint64(k)] = b1[np.uint64(k)]
            a = 0
            while four_a_pass and a + 4 <= N[p]:
                r0, r1 = np.uint64(F[p, a]), np.uint64(F[p, a + 1])
                r2, r3 = np.uint64(F[p, a + 2]), np.uint64(F[p, a + 3])
                for k in range(H1):
                    kk = np.uint64(k)
                    h1[kk] += W1[r0, kk] + W1[r1, kk] + W1[r2, kk] + W1[r3, kk]
                a += 4
            while a < N[p]:
                r = np.uint64(F[p, a])
                for k in range(H1):
                    h1[np.uint64(k)] += W1[r, np.uint64(k)]
                a += 1
            s += h1[3]
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer2_positive_rows(X, W2, b2):
        h2 = np.empty(H2, np.float32)
        idx = np.empty(H1, np.uint64)
        s = 0.0
        for p in range(X.shape[0]):
            m = 0
            for k in range(H1):
                idx[m] = k
                m += X[p, k] > 0
            for j in range(H2):
                h2[np.uint64(j)] = b2[np.uint64(j)]
            for u in range(m):
                k = idx[u]
                x = X[p, k]
                for j in range(H2):
                    h2[np.uint64(j)] += x * W2[k, np.uint64(j)]
            s += h2[5]
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer2_dot(X, W2t, b2):
        h2 = np.empty(H2, np.float32)
        s = 0.0
        for p in range(X.shape[0]):
            for j in range(H2):
                v = b2[j]
                for k in range(H1):
                    v += X[p, np.uint64(k)] * W2t[np.uint64(j), np.uint64(k)]
                h2[j] = max(v, np.float32(0))
            s += h2[5]
        return s

    @numba.njit(fastmath=True, nogil=True)
    def layer2_four(X, W2t, b2):
        h2 = np.empty(H2, np.float32)
        s = 0.0
        for p in range(X.shape[0]):
            for j in range(0, H2 - 3, 4):
                v0, v1, v2, v3 = b2[j], b2[j + 1], b2[j + 2], b2[j + 3]
                for k in range(H1):
                    xk = X[p, np.uint64(k)]
                    v0 += xk * W2t[np.uint64(j), np.uint64(k)]
                    v1 += xk * W2t[np.uint64(j + 1), np.uint64(k)]
                    v2 += xk * W2t[np.uint64(j + 2), np.uint64(k)]
                    v3 += xk * W2t[np.uint64(j + 3), np.uint64(k)]
                h2[j], h2[j + 1] = max(v0, np.float32(0)), max(v1, np.float32(0))
                h2[j + 2], h2[j + 3] = max(v2, np.float32(0)), max(v3, np.float32(0))
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
          f"{(X > 0).sum(1).mean():.1f} of {H1} first-layer units positive on average; shipped network {H1} x {H2}")
    base = timed(whole, F, N, params, H1, H2)
    rows = [(f"shipped forward pass, {H1} x {H2} (baseline)", base)]
    if args.teacher:
        teacher = load_weights(args.teacher)[0]
        t1, t2 = hidden_sizes(teacher)
        teacher_params = pack_params(params[:NET_H1], teacher)
        rows.append((f"same kernel, {t1} x {t2} network", timed(whole, F, N, teacher_params, t1, t2)))
    for four, name in ((False, "one feature"), (True, "four features")):
        rows.append((f"layer 1, int16, {name} a pass", timed(layer1, F, N, W1q, b1q, np.empty(H1, np.int16), four)))
    rows.append(("layer 2, positive units' rows", timed(layer2_positive_rows, X, W2s, b2)))
    rows.append(("layer 2, one dot product a unit", timed(layer2_dot, X, W2t, b2)))
    rows.append(("layer 2, four units a pass", timed(layer2_four, X, W2t, b2)))
    for name, us in rows:
        print(f"{name:<44} {us:7.3f} us per position  ({us / base:.2f} x baseline)")


if __name__ == "__main__":
    main()
