#!/usr/bin/env python
"""Train the ``net`` card-play policy by distillation from rollouts (approximate policy iteration).

One seeded, resumable command:

    .venv/bin/python scripts/train_net.py --out out/net-train --seed 1

Iteration 0 labels positions from ``heuristic`` self-play with ``heuristic`` rollouts (see
:mod:`jass_sim.jass.train.selfplay`); iteration k > 0 labels positions from the network of iteration
k - 1 playing itself, with its own rollouts, and trains on from those weights on its new data and
the data of the ``--data-window`` iterations before it. Every iteration prints its learning curve (training loss, validation loss,
agreement with the best labelled card, and regret: the points the network's card loses against
the best labelled card) and a duplicate-deal duel against ``heuristic``. Data, weights and a
``log.jsonl`` are written to ``--out`` after each step, and a run started again with the same
``--out`` resumes after the last finished step. The best iteration by duel is distilled into a
network of the shipped sizes; ``--polish N`` then runs N more rounds of policy improvement on
that small network itself (its own self-play and rollouts, with more worlds). The best of these
by duel is written to the package (``--install``), and the run ends with the duels of the final
network.

Distillation from search (``--search-rounds N``, issue 34): each round labels positions from the
current network's own self-play with the ``search`` player's values (worlds drawn from the
deciding seat's view, weighted by their belief weights, every legal card played out by the
current network; :mod:`jass_sim.jass.players.net_search`), so the network learns what search on
top of it would play, and trains on from its weights. After every round the network meets the
network it started from on ``--baseline-deals`` duplicate deals; the rounds stop when that
strength stops improving. ``--start-from FILE`` (e.g. the shipped ``jass_sim/jass/data/net.npz``)
skips the iterations, distillation and polish and starts the search rounds from those weights:

    .venv/bin/python scripts/train_net.py --out out/net-search --start-from jass_sim/jass/data/net.npz \
        --search-rounds 4 --install

Training needs numpy only: a two-hidden-layer perceptron, Adam, and a loss on the centred card
values (the mean over the legal cards is removed from targets and outputs: only the differences
between cards decide play, and the common part is the noise of the deal).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

# one BLAS thread: the Numba kernels of data generation use the cores, and BLAS threads that
# spin beside them were 6x slower than one thread here
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from jass_sim.core.jit import jit  # noqa: E402
from jass_sim.jass.players import PLAYERS, policy_params  # noqa: E402
from jass_sim.jass.players._net_features import N_FEATURES  # noqa: E402
from jass_sim.jass.players.net import (  # noqa: E402
    H1,
    H2,
    LAYER_NAMES,
    N_OUT,
    NET_H1,
    WEIGHTS_FILE,
    hidden_sizes,
    load_weights,
    pack_params,
)
from jass_sim.jass.rules.presets import get_rules  # noqa: E402

#: Card values are divided by this for training (points of team difference).
VALUE_SCALE = 50.0


def init_layers(rng: np.random.Generator, h1: int = H1, h2: int = H2) -> dict[str, np.ndarray]:
    """Random starting weights for hidden layers of ``h1`` and ``h2`` units (He initialisation;
    about 35 active inputs)."""
    return {
        "W1": rng.normal(0, np.sqrt(2 / 35), (N_FEATURES, h1)).astype(np.float32),
        "b1": np.zeros(h1, np.float32),
        "W2": rng.normal(0, np.sqrt(2 / h1), (h1, h2)).astype(np.float32),
        "b2": np.zeros(h2, np.float32),
        "W3": rng.normal(0, np.sqrt(1 / h2), (N_OUT, h2)).astype(np.float32),
        "b3": np.zeros(N_OUT, np.float32),
    }


@jit(cache=False)  # a cache of a script loaded by tests under another module name does not load back
def _first_layer(feats, w1, b1, out):
    """``out[r] = b1 + sum of w1[f]`` over the active features ``f`` of row ``r`` (-1 ends a row)."""
    for r in range(feats.shape[0]):
        out[r] = b1
        for a in range(feats.shape[1]):
            f = feats[r, a]
            if f < 0:
                break
            out[r] += w1[f]


@jit(cache=False)  # a cache of a script loaded by tests under another module name does not load back
def _first_layer_grad(feats, d1, grad):
    """``grad[f] += d1[r]`` for every active feature ``f`` of every row ``r``."""
    grad[:] = 0.0
    for r in range(feats.shape[0]):
        for a in range(feats.shape[1]):
            f = feats[r, a]
            if f < 0:
                break
            grad[f] += d1[r]


def forward(layers, feats):
    """Forward pass on padded feature index rows: ``(outputs[n, 36], (h1, h2))``. The first layer
    sums the weight rows of the active features (the same as a 0/1 input times ``W1``)."""
    z1 = np.empty((feats.shape[0], layers["W1"].shape[1]), np.float32)
    _first_layer(feats, layers["W1"], layers["b1"], z1)
    h1 = np.maximum(z1, 0)
    z2 = h1 @ layers["W2"] + layers["b2"]
    h2 = np.maximum(z2, 0)
    y = h2 @ layers["W3"].T + layers["b3"]
    return y, (h1, h2)


def centred(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Each row minus its mean over the legal cards, 0 on illegal cards."""
    mean = (values * mask).sum(1, keepdims=True) / mask.sum(1, keepdims=True)
    return (values - mean) * mask


def masked_softmax(z: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax of each row of ``z`` over its legal cards (``mask``), 0 elsewhere."""
    z = np.where(mask, z, -np.inf)
    e = np.where(mask, np.exp(z - z.max(1, keepdims=True)), 0.0)
    return e / e.sum(1, keepdims=True)


def loss_and_grads(layers, feats, targets, rank_weight: float = 0.0, rank_temperature: float = 10.0):
    """Mean squared error of the centred outputs against the centred targets, plus ``rank_weight``
    times the listwise ranking loss (the cross-entropy of the softmax of the outputs against the
    softmax of the targets over the legal cards, both at ``rank_temperature`` points), and its
    gradient. The ranking term spends the small network's capacity on which card is best rather
    than on the values of cards nobody would play (issue 34: +3.2 against +1.8 points per round
    from the same labels, benchmarks/RESULTS.md)."""
    mask = ~np.isnan(targets)
    t = centred(np.nan_to_num(targets) / VALUE_SCALE, mask)
    y, (h1, h2) = forward(layers, feats)
    err = centred(y, mask) - t
    n_legal = mask.sum()
    loss = float((err ** 2).sum() / n_legal)
    dy = 2 * err / n_legal  # the centring's own gradient vanishes: err is centred
    if rank_weight > 0:
        tau = rank_temperature / VALUE_SCALE
        p, q = masked_softmax(y / tau, mask), masked_softmax(t / tau, mask)
        loss += rank_weight * float(-(q * np.log(np.maximum(p, 1e-12))).sum() / len(y))
        dy = (dy + rank_weight * (p - q) / (tau * len(y))).astype(np.float32)
    grads = {"W3": dy.T @ h2, "b3": dy.sum(0)}
    dh2 = (dy @ layers["W3"]) * (h2 > 0)
    grads["W2"] = h1.T @ dh2
    grads["b2"] = dh2.sum(0)
    dh1 = (dh2 @ layers["W2"].T) * (h1 > 0)
    grads["W1"] = np.empty_like(layers["W1"])
    _first_layer_grad(feats, dh1.astype(np.float32), grads["W1"])
    grads["b1"] = dh1.sum(0)
    return loss, grads


def evaluate(layers, feats, targets, batch: int = 8192) -> dict[str, float]:
    """Validation loss, agreement with the best labelled card, and mean regret in points."""
    losses, agree, regret, n = 0.0, 0, 0.0, 0
    for a in range(0, len(feats), batch):
        f, tg = feats[a:a + batch], targets[a:a + batch]
        mask = ~np.isnan(tg)
        y, _ = forward(layers, f)
        t = centred(np.nan_to_num(tg) / VALUE_SCALE, mask)
        losses += float(((centred(y, mask) - t) ** 2).sum())
        n += int(mask.sum())
        pick = np.where(mask, y, -np.inf).argmax(1)
        best = np.where(mask, tg, -np.inf)
        agree += int((best.argmax(1) == pick).sum())
        regret += float((best.max(1) - tg[np.arange(len(tg)), pick]).sum())
    return {"val_loss": losses / n, "agreement": agree / len(feats), "regret": regret / len(feats)}


def train(layers, feats, targets, *, epochs: int, seed: int, batch: int = 512, lr: float = 1e-3,
          log=print, val_fraction: float = 0.03, decay: float | None = None, revive: bool = False,
          rank_weight: float = 0.0, rank_temperature: float = 10.0) -> list[dict]:
    """Adam on the centred-value loss (with ``rank_weight``: plus the ranking term, see
    :func:`loss_and_grads`); returns one learning-curve row per epoch. The rate falls by
    ``decay`` an epoch (default: 0.7 when there are more than two epochs, else constant). With
    ``revive``, second-layer units that are positive on none of 8,192 training positions after
    an epoch but the last start again from fresh weights (:func:`revive_dead_units`)."""
    if decay is None:
        decay = 0.7 if epochs > 2 else 1.0
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(feats))
    n_val = max(1, int(len(feats) * val_fraction))
    val, tr = order[:n_val], order[n_val:]
    m = {k: np.zeros_like(v) for k, v in layers.items()}
    v2 = {k: np.zeros_like(v) for k, v in layers.items()}
    step = 0
    curve = []
    for epoch in range(epochs):
        rate = lr * decay ** epoch
        rng.shuffle(tr)
        total, batches = 0.0, 0
        for a in range(0, len(tr) - batch + 1, batch):
            idx = tr[a:a + batch]
            loss, grads = loss_and_grads(layers, feats[idx], targets[idx], rank_weight, rank_temperature)
            step += 1
            for k in layers:
                g = grads[k].astype(np.float32)
                m[k] = 0.9 * m[k] + 0.1 * g
                v2[k] = 0.999 * v2[k] + 0.001 * g * g
                mh = m[k] / (1 - 0.9 ** step)
                vh = v2[k] / (1 - 0.999 ** step)
                layers[k] -= (rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
            total += loss
            batches += 1
        row = {"epoch": epoch, "train_loss": total / max(batches, 1), "lr": rate,
               **evaluate(layers, feats[val], targets[val])}
        if revive and epoch < epochs - 1:
            row["revived"] = revive_dead_units(layers, (m, v2), feats[tr[:8192]], rng)
        curve.append(row)
        log(f"  epoch {epoch}: train loss {row['train_loss']:.4f}  val loss {row['val_loss']:.4f}  "
            f"agreement {row['agreement']:.3f}  regret {row['regret']:.2f} points"
            + (f"  ({row['revived']} dead units revived)" if row.get("revived") else ""))
    return curve


def revive_dead_units(layers, moments, feats, rng) -> int:
    """Give the second-layer units that are positive on none of ``feats`` fresh weights (He
    initialisation in, a small positive bias, nothing out, and no Adam history): a ReLU unit that
    is never positive gets no gradient and would stay dead. Returns how many were revived."""
    _, (_, h2) = forward(layers, feats)
    dead = np.nonzero((h2 > 0).sum(0) == 0)[0]
    if dead.size:
        h1 = layers["W1"].shape[1]
        layers["W2"][:, dead] = rng.normal(0, np.sqrt(2 / h1), (h1, dead.size)).astype(np.float32)
        layers["b2"][dead] = 0.1
        layers["W3"][:, dead] = 0.0
        for moment in moments:
            for name, cols in (("W2", (slice(None), dead)), ("b2", dead), ("W3", (slice(None), dead))):
                moment[name][cols] = 0.0
    return int(dead.size)


def save_layers(path: Path, layers: dict, meta: dict) -> None:
    """Weights as ``.npz`` (float32 layers and a ``meta`` JSON string), written atomically."""
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, **{k: layers[k].astype(np.float32) for k in LAYER_NAMES}, meta=np.array(json.dumps(meta)))
    tmp.replace(path)


def duel_of(path: Path) -> float:
    """The score against ``heuristic`` that this script stored in a weights file's metadata."""
    return float(load_weights(path)[1]["vs_heuristic"])


def load_layers(path: Path) -> dict:
    with np.load(path) as z:
        return {k: z[k].astype(np.float32) for k in LAYER_NAMES}


def duel_vs(layers, opponent: str, deals: int, seed: int, rules: str = "chibre") -> dict:
    """Duplicate-deal duel of the network against ``opponent``: mean difference and its 95% CI."""
    from jass_sim.jass.simulate.duel import duel

    params = pack_params(policy_params()[:NET_H1], layers)
    row = duel("net", opponent, deals, rules=rules, seed=seed, params=params)
    return row


def teacher_targets(teacher, feats: np.ndarray, targets: np.ndarray, batch: int = 65_536) -> np.ndarray:
    """Distillation labels: the ``teacher`` network's centred card values (in points) on the
    legal cards of every position (the NaN pattern of ``targets``), NaN elsewhere."""
    out = np.full(targets.shape, np.nan, np.float32)
    for a in range(0, len(feats), batch):
        mask = ~np.isnan(targets[a:a + batch])
        y, _ = forward(teacher, feats[a:a + batch])
        out[a:a + batch] = np.where(mask, centred(y, mask) * VALUE_SCALE, np.nan)
    return out


def policy_regret(targets: np.ndarray, info: np.ndarray) -> float:
    """Mean regret (points) of the cards the self-play policy actually played, against the best
    labelled card: the baseline the network's regret is compared with."""
    played = info[:, 6].astype(np.int64)
    rows = np.nonzero(played >= 0)[0]
    best = np.nanmax(targets[rows], axis=1)
    return float((best - targets[rows, played[rows]]).mean())


def stored_or_made(path: Path, make) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(feats, targets, info)`` from ``path`` when an earlier run wrote it, else from ``make()``,
    then written through a temporary file beside it (an interrupted write leaves no partial file),
    so that a run started again resumes with the same data."""
    if path.exists():
        with np.load(path) as z:
            return z["feats"], z["targets"], z["info"]
    feats, targets, info = make()
    tmp = path.with_name("data.tmp.npz")
    np.savez(tmp, feats=feats, targets=targets, info=info)
    tmp.replace(path)
    return feats, targets, info


def with_earlier(feats: np.ndarray, targets: np.ndarray, paths) -> tuple[np.ndarray, np.ndarray]:
    """``feats`` and ``targets`` with the data of each file of ``paths`` that exists put in front,
    one after the other in the order given (the data window of a round)."""
    for path in paths:
        if path.exists():
            with np.load(path) as z:
                feats = np.concatenate([z["feats"], feats])
                targets = np.concatenate([z["targets"], targets])
    return feats, targets


def generate(layers, deals: int, seed: int, iteration: int, worlds: int, rules_names=("chibre", "schieber")):
    """Labelled positions for one iteration: heuristic play at iteration 0, the network after."""
    from jass_sim.jass.train.selfplay import generate_positions

    if layers is None:
        policy = PLAYERS.code("heuristic")
        params = policy_params()
    else:
        policy = PLAYERS.code("net")
        params = pack_params(policy_params()[:NET_H1], layers)
    parts = []
    for k, name in enumerate(rules_names):
        share = deals // len(rules_names)
        parts.append(generate_positions(share, get_rules(name), policy, policy, params, worlds=worlds,
                                        seed=seed * 1000 + iteration * 10 + k))
    return tuple(np.concatenate(p) for p in zip(*parts))


def generate_search(layers, deals: int, seed: int, round_no: int, worlds: int,
                    rules_names=("chibre", "schieber")):
    """Positions from the network's own self-play labelled by the ``search`` player over it."""
    from jass_sim.jass.train.selfplay import SEARCH_TEACHER, generate_positions

    params = pack_params(policy_params(search_worlds=worlds)[:NET_H1], layers)
    parts = []
    for k, name in enumerate(rules_names):
        parts.append(generate_positions(deals // len(rules_names), get_rules(name), PLAYERS.code("net"), SEARCH_TEACHER,
                                        params, worlds=1, seed=seed * 1000 + 500 + round_no * 10 + k))
    return tuple(np.concatenate(p) for p in zip(*parts))


def against_start_and_heuristic(step: str, layers, start, args, train_s: float) -> tuple[dict, dict]:
    """The duels that end a search round or a fine-tune: against the starting network on
    ``--baseline-deals`` duplicate deals and against ``heuristic`` on ``--duel-deals``, printed."""
    d = duel_networks(layers, start, args.baseline_deals, seed=args.seed + 4000)
    h = duel_vs(layers, "heuristic", args.duel_deals, seed=args.seed + 1000)
    print(f"{step}: against the starting network {d['mean_diff']:+.2f} points per round (95% CI "
          f"{d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}, {args.baseline_deals:,} duplicate deals); "
          f"vs heuristic {h['mean_diff']:+.2f}; train {train_s:.0f} s")
    return d, h


def search_distill(out: Path, start_path: Path, args, record) -> Path:
    """Rounds of distillation from search (see the module doc), each resumed when its weights
    exist (``search{r}-{H1}x{H2}.npz``); returns the path of the best network by its duel against
    the starting one (the starting one itself when no round beats it)."""
    start = load_layers(start_path)
    best_path, best_gain = start_path, 0.0
    layers = {k: v.copy() for k, v in start.items()}
    for r in range(args.search_rounds):
        path = out / f"search{r}-{H1}x{H2}.npz"
        if path.exists():
            layers = load_layers(path)
            gain = float(load_weights(path)[1]["vs_start"])
            print(f"search round {r}: done before, weights loaded from {path} ({gain:+.2f} against the start)")
            if gain <= best_gain:  # the stop rule, as when the round was first run
                print(f"search round {r}: no better than {best_path.name} ({best_gain:+.2f}): strength stopped improving")
                break
            best_path, best_gain = path, gain
            continue
        t0 = time.time()
        feats, targets, info = stored_or_made(
            out / f"search{r}-data.npz",
            lambda: generate_search(layers, args.search_deals, args.seed, r, args.search_worlds))
        gen_s = time.time() - t0
        print(f"search round {r}: {len(feats):,} positions from {args.search_deals:,} self-play deals labelled by "
              f"search ({args.search_worlds} worlds) in {gen_s:.0f} s; regret of the network's own cards "
              f"{policy_regret(targets, info):.2f} points")
        feats, targets = with_earlier(
            feats, targets, [out / f"search{k}-data.npz" for k in range(max(0, r - args.search_data_window), r)])
        t1 = time.time()
        curve = train(layers, feats, targets, epochs=args.search_epochs, seed=args.seed * 100 + 70 + r,
                      lr=args.search_lr, rank_weight=args.rank_weight, rank_temperature=args.rank_temperature)
        train_s = time.time() - t1
        d, h = against_start_and_heuristic(f"search round {r}", layers, start, args, train_s)
        save_layers(path, layers, {"search_round": r, "seed": args.seed, "positions": int(len(feats)), "h1": H1,
                                   "h2": H2, "search_worlds": args.search_worlds, "started_from": start_path.name,
                                   "vs_start": d["mean_diff"], "vs_heuristic": h["mean_diff"]})
        record({"kind": "search", "round": r, "positions": int(len(feats)), "gen_s": gen_s, "train_s": train_s,
                "curve": curve, "vs_start": d["mean_diff"], "vs_start_ci": d["ci95_diff"],
                "baseline_deals": args.baseline_deals, "duel_mean": h["mean_diff"], "duel_ci": h["ci95_diff"],
                "duel_deals": args.duel_deals})
        if d["mean_diff"] <= best_gain:
            print(f"search round {r}: no better than {best_path.name} ({best_gain:+.2f}): strength stopped improving")
            break
        best_path, best_gain = path, d["mean_diff"]
    print(f"search rounds: best {best_path.name} ({best_gain:+.2f} against the starting network)")
    return best_path


def finetune(out: Path, start_path: Path, args, record) -> Path:
    """Train the network of ``start_path`` on from its weights on the stored labelled positions of
    ``--finetune-data`` (data files of earlier runs' rounds, e.g. ``search2-data.npz``), with the
    search rounds' loss (``--rank-weight``, ``--rank-temperature``), ``--finetune-epochs`` epochs at
    ``--search-lr``, then duel it against the starting network. With ``--finetune-soup K``, K runs
    that differ in the order of the positions are averaged weight by weight. Resumed when its weights
    exist."""
    path = out / f"finetune-{H1}x{H2}.npz"
    if path.exists():
        print(f"finetune: done before, weights loaded from {path}")
        return path
    parts = []
    for data_path in args.finetune_data:
        with np.load(data_path) as z:
            parts.append((z["feats"], z["targets"]))
        print(f"finetune: {len(parts[-1][0]):,} positions from {data_path}")
    feats = np.concatenate([f for f, _ in parts])
    targets = np.concatenate([t for _, t in parts])
    del parts
    start = load_layers(start_path)
    t0 = time.time()
    members, curve = [], []
    for k in range(args.finetune_soup):
        layers = {name: v.copy() for name, v in start.items()}
        curve += train(layers, feats, targets, epochs=args.finetune_epochs, seed=args.seed * 100 + 90 + k,
                       lr=args.search_lr, rank_weight=args.rank_weight, rank_temperature=args.rank_temperature)
        members.append(layers)
    # a uniform "model soup": runs from one start that differ only in the order of the positions
    # stay in one basin, and the mean of their weights played better than each of them here
    layers = {name: (sum(m[name] for m in members) / len(members)).astype(start[name].dtype) for name in start}
    train_s = time.time() - t0
    print(f"finetune: {len(feats):,} positions, {args.finetune_soup} x {args.finetune_epochs} epochs")
    d, h = against_start_and_heuristic("finetune", layers, start, args, train_s)
    save_layers(path, layers, {"finetune": [str(f) for f in args.finetune_data], "seed": args.seed,
                               "positions": int(len(feats)), "h1": H1, "h2": H2, "started_from": start_path.name,
                               "soup": args.finetune_soup, "vs_start": d["mean_diff"], "vs_heuristic": h["mean_diff"]})
    record({"kind": "finetune", "positions": int(len(feats)), "train_s": train_s, "curve": curve,
            "vs_start": d["mean_diff"], "vs_start_ci": d["ci95_diff"], "baseline_deals": args.baseline_deals,
            "duel_mean": h["mean_diff"], "duel_ci": h["ci95_diff"], "duel_deals": args.duel_deals})
    return path


def duel_networks(layers, other, deals: int, seed: int, rules: str = "chibre") -> dict:
    """Duplicate-deal duel of the network (team A) against another network (team B)."""
    from jass_sim.jass.simulate.duel import duel_networks as run

    return run(layers, other, deals, rules=rules, seed=seed)


def distill(out: Path, teacher_path: Path, args, record) -> Path:
    """Train a network of the shipped sizes (``H1`` x ``H2``) on the teacher's card values over
    the positions of every iteration; returns the path of its weights (``student-{H1}x{H2}.npz``, resumed
    when it exists)."""
    path = out / f"student-{H1}x{H2}.npz"
    if path.exists():
        print(f"distillation: done before, weights in {path}")
        return path
    teacher = load_layers(teacher_path)
    parts = [np.load(out / f"data{k}.npz") for k in range(args.iterations) if (out / f"data{k}.npz").exists()]
    feats = np.concatenate([z["feats"] for z in parts])
    targets = teacher_targets(teacher, feats, np.concatenate([z["targets"] for z in parts]))
    t1, t2 = hidden_sizes(teacher)
    print(f"distillation: {len(feats):,} positions labelled by {teacher_path.name} ({t1} x {t2}) "
          f"for a {H1} x {H2} network")
    student = init_layers(np.random.default_rng(args.seed + 7), H1, H2)
    t0 = time.time()
    curve = train(student, feats, targets, epochs=args.distill_epochs, seed=args.seed * 100 + 7, decay=0.85,
                  revive=True)
    train_s = time.time() - t0
    d = duel_vs(student, "heuristic", args.duel_deals, seed=args.seed + 1000)
    print(f"distillation: net ({H1} x {H2}) vs heuristic {d['mean_diff']:+.2f} points per round "
          f"(95% CI {d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}, {args.duel_deals:,} duplicate deals); "
          f"train {train_s:.0f} s")
    save_layers(path, student, {"distilled_from": teacher_path.name, "seed": args.seed, "positions": int(len(feats)),
                                "epochs": args.distill_epochs, "h1": H1, "h2": H2, "vs_heuristic": d["mean_diff"]})
    record({"kind": "distill", "teacher": teacher_path.name, "positions": int(len(feats)), "train_s": train_s,
            "curve": curve, "duel_mean": d["mean_diff"], "duel_ci": d["ci95_diff"], "duel_deals": args.duel_deals})
    return path


def polish_worlds(spec: str, p: int) -> int:
    """Worlds of polish round ``p`` from ``--polish-worlds`` ("16,32": 16 in round 0, 32 after)."""
    worlds = [int(w) for w in str(spec).split(",")]
    return worlds[min(p, len(worlds) - 1)]


def polish(out: Path, student_path: Path, teacher_path: Path, args, record) -> Path:
    """Policy-improvement rounds on the distilled network itself: round ``p`` labels positions
    from its own self-play with its own rollouts (``--polish-worlds``: worlds per position in each
    round) and trains on from its weights, on that data and on ``--polish-teacher-rows`` positions
    of the iterations labelled by the teacher (which keep it near the teacher's play where the new
    labels are noisy). Returns the path of the best of the student and the rounds by the duel against
    ``heuristic`` (``polish{p}-{H1}x{H2}.npz``, resumed when they exist)."""
    best_path, best_mean = student_path, duel_of(student_path)
    layers = load_layers(student_path)
    teacher = None
    for p in range(args.polish):
        path = out / f"polish{p}-{H1}x{H2}.npz"
        if path.exists():
            layers = load_layers(path)
            print(f"polish {p}: done before, weights loaded from {path}")
            score = duel_of(path)
            if score > best_mean:
                best_path, best_mean = path, score
            continue
        t0 = time.time()
        worlds = polish_worlds(args.polish_worlds, p)
        feats, targets, _ = stored_or_made(out / f"polish{p}-data-{H1}x{H2}.npz",
                                           lambda: generate(layers, args.polish_deals, args.seed, 100 + p, worlds))
        gen_s = time.time() - t0
        if args.polish_teacher_rows:
            if teacher is None:
                teacher = load_layers(teacher_path)
                parts = [np.load(out / f"data{k}.npz") for k in range(args.iterations)
                         if (out / f"data{k}.npz").exists()]
                all_feats = np.concatenate([z["feats"] for z in parts])
                all_targets = np.concatenate([z["targets"] for z in parts])
            rows = np.random.default_rng(args.seed * 100 + 50 + p).choice(
                len(all_feats), size=min(args.polish_teacher_rows, len(all_feats)), replace=False)
            feats = np.concatenate([all_feats[rows], feats])
            targets = np.concatenate([teacher_targets(teacher, all_feats[rows], all_targets[rows]), targets])
        print(f"polish {p}: {len(feats):,} positions ({args.polish_deals:,} self-play deals of the {H1} x {H2} "
              f"network, {worlds} worlds, in {gen_s:.0f} s, and {args.polish_teacher_rows:,} "
              f"labelled by the teacher)")
        t1 = time.time()
        curve = train(layers, feats, targets, epochs=args.polish_epochs, seed=args.seed * 100 + 50 + p,
                      lr=args.polish_lr)
        train_s = time.time() - t1
        d = duel_vs(layers, "heuristic", args.duel_deals, seed=args.seed + 1000)
        print(f"polish {p}: net vs heuristic {d['mean_diff']:+.2f} points per round "
              f"(95% CI {d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}, {args.duel_deals:,} duplicate deals); "
              f"train {train_s:.0f} s")
        save_layers(path, layers, {"polish": p, "seed": args.seed, "positions": int(len(feats)), "h1": H1, "h2": H2,
                                   "worlds": worlds, "vs_heuristic": d["mean_diff"]})
        entry = {"kind": "polish", "round": p, "positions": int(len(feats)), "gen_s": gen_s, "train_s": train_s,
                 "curve": curve, "duel_mean": d["mean_diff"], "duel_ci": d["ci95_diff"], "duel_deals": args.duel_deals}
        record(entry)
        if entry["duel_mean"] > best_mean:
            best_path, best_mean = path, entry["duel_mean"]
    if args.polish:
        print(f"polish: best {best_path.name} (net vs heuristic {best_mean:+.2f})")
    return best_path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "net-train")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--deals", type=int, default=200_000, help="self-play deals per iteration")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--worlds", type=int, default=8, help="deals averaged per labelled position")
    ap.add_argument("--net-deals", type=int, default=100_000, help="self-play deals of the later iterations")
    ap.add_argument("--net-worlds", type=int, default=4, help="worlds of the later iterations")
    ap.add_argument("--data-window", type=int, default=1,
                    help="earlier iterations whose data is trained on again with the new data")
    ap.add_argument("--duel-deals", type=int, default=20_000)
    ap.add_argument("--pimc-deals", type=int, default=0, help="final duel against pimc (0: skip)")
    ap.add_argument("--h1", type=int, default=256, help="first hidden layer of the iterations' network")
    ap.add_argument("--h2", type=int, default=64, help="second hidden layer of the iterations' network")
    ap.add_argument("--distill-epochs", type=int, default=14,
                    help=f"epochs of the distillation of the best iteration into the shipped {H1} x {H2} network")
    ap.add_argument("--polish", type=int, default=2,
                    help="policy-improvement rounds on the distilled network itself (see polish())")
    ap.add_argument("--polish-deals", type=int, default=125_000, help="self-play deals of a polish round")
    ap.add_argument("--polish-worlds", default="16,32",
                    help="worlds of each polish round, comma-separated (the last repeats for later rounds)")
    ap.add_argument("--polish-epochs", type=int, default=3)
    ap.add_argument("--polish-lr", type=float, default=3e-4)
    ap.add_argument("--polish-teacher-rows", type=int, default=1_500_000,
                    help="positions of the iterations, labelled by the teacher, trained on in each polish round")
    ap.add_argument("--start-from", type=Path, default=None,
                    help="skip the iterations, distillation and polish: the search rounds start from these weights")
    ap.add_argument("--search-rounds", type=int, default=0,
                    help="rounds of distillation from the search player (see search_distill())")
    ap.add_argument("--search-deals", type=int, default=60_000, help="self-play deals of a search round")
    ap.add_argument("--search-worlds", type=int, default=16, help="worlds per position of the search labels")
    ap.add_argument("--search-epochs", type=int, default=3)
    ap.add_argument("--search-lr", type=float, default=3e-4)
    ap.add_argument("--search-data-window", type=int, default=1,
                    help="earlier search rounds whose data is trained on again with the new data")
    ap.add_argument("--rank-weight", type=float, default=0.0,
                    help="weight of the listwise ranking term in the loss of the search rounds (0: squared error only)")
    ap.add_argument("--rank-temperature", type=float, default=10.0,
                    help="temperature in points of the ranking term's softmaxes")
    ap.add_argument("--finetune-data", type=Path, nargs="*", default=[],
                    help="stored labelled positions (data files of earlier rounds) to train the network on further "
                         "after the search rounds (see finetune())")
    ap.add_argument("--finetune-epochs", type=int, default=4)
    ap.add_argument("--finetune-soup", type=int, default=1,
                    help="fine-tuning runs (each its own order of the positions) whose mean weights are kept")
    ap.add_argument("--baseline-deals", type=int, default=20_000,
                    help="duplicate deals of each search round's duel against the starting network")
    ap.add_argument("--install", action="store_true", help="write the final weights into the package")
    args = ap.parse_args(argv)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    log_path = out / "log.jsonl"

    def record(entry):
        with open(log_path, "a") as fh:
            fh.write(json.dumps(entry) + "\n")

    layers = None
    history = []
    if log_path.exists():
        history = [json.loads(line) for line in log_path.read_text().splitlines() if line.strip()]
    best = max((h for h in history if h.get("kind") == "iteration"), key=lambda h: h["duel_mean"], default=None)
    for it in range(0 if args.start_from else args.iterations):
        wpath = out / f"iter{it}.npz"
        if wpath.exists():
            layers = load_layers(wpath)
            print(f"iteration {it}: done before, weights loaded from {wpath}")
            continue
        t0 = time.time()
        deals, worlds = (args.deals, args.worlds) if it == 0 else (args.net_deals, args.net_worlds)
        feats, targets, info = stored_or_made(out / f"data{it}.npz",
                                              lambda: generate(layers, deals, args.seed, it, worlds))
        gen_s = time.time() - t0
        print(f"iteration {it}: {len(feats):,} positions from {deals:,} deals in {gen_s:.0f} s "
              f"({'heuristic' if layers is None else 'net'} self-play and rollouts, {worlds} worlds); "
              f"regret of the self-play policy's cards {policy_regret(targets, info):.2f} points")
        feats, targets = with_earlier(
            feats, targets, [out / f"data{k}.npz" for k in reversed(range(max(0, it - args.data_window), it))])
        if layers is None:
            layers = init_layers(np.random.default_rng(args.seed), args.h1, args.h2)
        t1 = time.time()
        curve = train(layers, feats, targets, epochs=args.epochs, seed=args.seed * 100 + it)
        train_s = time.time() - t1
        d = duel_vs(layers, "heuristic", args.duel_deals, seed=args.seed + 1000)
        print(f"iteration {it}: net vs heuristic {d['mean_diff']:+.2f} points per round "
              f"(95% CI {d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}, {args.duel_deals:,} duplicate deals); "
              f"train {train_s:.0f} s")
        meta = {"iteration": it, "seed": args.seed, "deals": deals, "worlds": worlds, "positions": int(len(feats)),
                "epochs": args.epochs, "h1": args.h1, "h2": args.h2, "vs_heuristic": d["mean_diff"]}
        save_layers(wpath, layers, meta)
        entry = {"kind": "iteration", "iteration": it, "positions": int(len(feats)), "gen_s": gen_s,
                 "train_s": train_s, "curve": curve, "duel_mean": d["mean_diff"],
                 "duel_ci": d["ci95_diff"], "duel_deals": args.duel_deals}
        record(entry)
        history.append(entry)
        if best is None or entry["duel_mean"] > best["duel_mean"]:
            best = entry
    if args.start_from:
        final_path = args.start_from
    else:
        print(f"best iteration: {best['iteration']} (net vs heuristic {best['duel_mean']:+.2f})")
        final_path = out / f"iter{best['iteration']}.npz"
    if not args.start_from and (args.h1, args.h2) != (H1, H2):
        teacher_path = final_path
        final_path = distill(out, final_path, args, record)
        final_path = polish(out, final_path, teacher_path, args, record)
    start_path = final_path
    if args.search_rounds:
        final_path = search_distill(out, start_path, args, record)
    if args.finetune_data:
        final_path = finetune(out, final_path, args, record)
    final = load_layers(final_path)
    if args.install:
        WEIGHTS_FILE.parent.mkdir(exist_ok=True)
        shutil.copyfile(final_path, WEIGHTS_FILE)
        print(f"installed {WEIGHTS_FILE} (from {final_path})")
    d = duel_vs(final, "heuristic", args.duel_deals, seed=args.seed + 2000)
    print(f"final: net vs heuristic {d['mean_diff']:+.2f} (95% CI {d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}), "
          f"wins {d['win_rate']:.1%}, {args.duel_deals:,} duplicate deals")
    if args.search_rounds or args.finetune_data:
        d = duel_networks(final, load_layers(start_path), args.baseline_deals, seed=args.seed + 5000)
        print(f"final: net vs the starting network ({start_path.name}) {d['mean_diff']:+.2f} (95% CI "
              f"{d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}), {args.baseline_deals:,} duplicate deals")
    if args.pimc_deals:
        d = duel_vs(final, "pimc", args.pimc_deals, seed=args.seed + 3000)
        print(f"final: net vs pimc {d['mean_diff']:+.2f} (95% CI {d['ci95_diff'][0]:+.2f} to {d['ci95_diff'][1]:+.2f}), "
              f"{args.pimc_deals:,} duplicate deals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
