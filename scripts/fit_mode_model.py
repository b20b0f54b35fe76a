"""Fit the ``fitted`` mode-choice model by simulation under the ``net`` card play (numpy only).

    .venv/bin/python scripts/fit_mode_model.py [--seed 0] [--train-hands 3000] [--test-hands 1000]
        [--deals 64] [--policy net] [--jobs 2] [--data DIR] [--out jass_sim/jass/data/mode_model.npz]

For each rule preset it generates hands with the simulated value of every option (each allowed
mode and chibre; ``--deals`` deals per hand, the same deals for every option, every seat playing
``net``, the partner picking with the evaluator after a chibre): the report's ``option_values``.
Training hands and held-out hands come from different seeds, so the held-out hands and the deals
their values are measured on are not used to fit. ``chibre`` and ``schieber`` get the four models
each; ``pique-double`` scores its modes like ``chibre`` (same melds, only the ♠ multiplier
differs), so it takes ``chibre``'s mode models and fits its own chibre model on half as many
hands. Prints the fit quality (R² in sample and on the held-out hands), writes the weights, and
prints the held-out comparison of ``fitted`` and ``evaluator``: the share of hands where each
picks the option with the best simulated mean, and the mean cost (best option's value minus the
chosen option's value, points per round) with 95% CIs, and the paired difference of the costs.
The cost is biased upward for both choosers alike (the best mean is picked with its luck).
``--data DIR`` keeps the generated values there and reuses them on the next run.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import numpy as np

PRESETS = ("chibre", "schieber", "pique-double")
#: The preset whose mode models a preset reuses (it fits only its chibre model).
SHARES_MODES = {"pique-double": "chibre"}
TEST_SEED_OFFSET = 1_000_003


def generate(preset: str, hands: int, deals: int, seed: int, policy: str = "net") -> dict:
    """``{"hands", "values", "eval_option"}`` of ``hands`` random hands of ``preset``."""
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.report.sections import option_values
    from jass_sim.jass.rules import get_rules

    rules = get_rules(preset)
    t = time.time()
    df = option_values(rules, hands, deals, seed, PLAYERS.code(policy))
    cols = [c for c in df.columns if c.startswith("value_")]
    print(f"  {preset}: {hands} hands x {deals} deals x {len(cols)} options under {policy} (seed {seed}) "
          f"in {time.time() - t:.0f} s", flush=True)
    return {"hands": df["hand"].to_numpy().astype(np.uint64), "values": df[cols].to_numpy(),
            "eval_option": df["eval_option"].to_numpy().astype(str)}


def load_or_generate(jobs: int, tasks: dict, data_dir: Path | None) -> dict:
    """Run the ``generate`` tasks (``key -> (preset, hands, deals, seed)``) not cached in
    ``data_dir``, in ``jobs`` processes (1: in this process)."""
    out, todo = {}, {}
    for key, args in tasks.items():
        path = data_dir / ("%s_%d_%d_%d_%s.npz" % args) if data_dir else None
        if path is not None and path.exists():
            with np.load(path) as z:
                out[key] = {k: z[k] for k in z.files}
        else:
            todo[key] = (args, path)
    if jobs <= 1:
        results = {key: generate(*args) for key, (args, _) in todo.items()}
    else:
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
            futures = {key: pool.submit(generate, *args) for key, (args, _) in todo.items()}
            results = {key: fut.result() for key, fut in futures.items()}
    for key, (_, path) in todo.items():
        out[key] = results[key]
        if path is not None:
            np.savez(path, **out[key])
    return out


def fit_quality(hands: np.ndarray, values: np.ndarray, rules, params: np.ndarray) -> dict:
    """R² of each model on ``hands``/``values`` under ``params`` (a full ``mode_params``)."""
    from jass_sim.jass.modes.features import predicted_chibre, predicted_value
    from jass_sim.jass.modes.fit import direct_predictions, r_squared

    modes = list(rules.modes)
    mults = rules.arrays()[2]
    feats = np.zeros(64)
    out = {}
    for kind, kind_modes in (("trump", [m for m in modes if m < 4]), ("obe", [4]), ("une", [5])):
        y = np.concatenate([values[:, modes.index(m)] / mults[m] for m in kind_modes])
        pred = np.concatenate([[predicted_value(h, m, params, feats) for h in hands] for m in kind_modes])
        out[kind] = r_squared(y, pred)
    best, second = direct_predictions(hands, rules, params)
    pred = np.array([predicted_chibre(h, b, s, params, feats) for h, b, s in zip(hands, best, second)])
    out["chibre"] = r_squared(values[:, -1], pred)
    return out


def compare(values: np.ndarray, chosen: dict) -> list[dict]:
    """Per chooser: share of hands where it picks the best option and its mean cost, 95% CIs;
    then the paired difference of the costs against the first chooser."""
    from jass_sim.core.stats import mean_ci, wilson_ci

    top = values.max(axis=1)
    best = values.argmax(axis=1)
    n = len(values)
    rows, costs = [], {}
    for name, col in chosen.items():
        cost = top - values[np.arange(n), col]
        costs[name] = cost
        k = int((col == best).sum())
        p, plo, phi = wilson_ci(k, n)
        m, lo, hi = mean_ci(float(cost.sum()), float((cost * cost).sum()), n)
        chib = float((col == values.shape[1] - 1).mean())
        rows.append({"chooser": name, "hands": n, "best": k, "share": p, "share_lo": plo, "share_hi": phi,
                     "cost": m, "cost_lo": lo, "cost_hi": hi, "chibre_share": chib})
    names = list(chosen)
    for other in names[1:]:
        d = costs[other] - costs[names[0]]
        m, lo, hi = mean_ci(float(d.sum()), float((d * d).sum()), n)
        rows.append({"chooser": f"{other} - {names[0]} (cost, paired)", "hands": n, "cost": m,
                     "cost_lo": lo, "cost_hi": hi})
    return rows


def option_columns(options: np.ndarray, modes: list[int]) -> np.ndarray:
    """Column of each option (a mode, or -1 for chibre) in ``values`` (modes, then chibre)."""
    return np.array([len(modes) if o == -1 else modes.index(int(o)) for o in options], dtype=np.int64)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--train-hands", type=int, default=3000)
    ap.add_argument("--test-hands", type=int, default=1000)
    ap.add_argument("--deals", type=int, default=64, help="deals per hand (a multiple of 64)")
    ap.add_argument("--policy", default="net", help="card play of every seat (net; heuristic for a quick try)")
    ap.add_argument("--jobs", type=int, default=2, help="processes generating hands at once (1: this one)")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--data", type=Path, default=None, help="keep/reuse the generated values here")
    ap.add_argument("--out", type=Path, default=None,
                    help="weights file [default: the package's jass/data/mode_model.npz]")
    args = ap.parse_args(argv)

    from jass_sim.jass.modes.choose import CHIBRE_BELOW
    from jass_sim.jass.modes.fit import fit_mode_model, fitted_options
    from jass_sim.jass.modes.weights import WEIGHTS_FILE
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.rules import get_rules

    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    for p in presets:
        if p in SHARES_MODES and SHARES_MODES[p] not in presets:
            ap.error(f"{p} takes the mode models of {SHARES_MODES[p]}: fit both together")
    if args.deals % 64:
        ap.error("--deals must be a multiple of 64")
    if args.data:
        args.data.mkdir(parents=True, exist_ok=True)
    tasks = {}
    for p in presets:
        scale = 2 if p in SHARES_MODES else 1
        tasks[(p, "train")] = (p, args.train_hands // scale, args.deals, args.seed, args.policy)
        tasks[(p, "test")] = (p, args.test_hands // scale, args.deals, args.seed + TEST_SEED_OFFSET, args.policy)
    if args.policy not in PLAYERS:
        ap.error(f"unknown policy {args.policy!r} (expected one of {', '.join(PLAYERS)})")
    print(f"generating option values under {args.policy} play ({args.jobs} processes)", flush=True)
    t0 = time.time()
    data = load_or_generate(args.jobs, tasks, args.data)
    print(f"generated in {time.time() - t0:.0f} s\n", flush=True)

    weights, results = {}, {}
    for p in sorted(presets, key=lambda p: p in SHARES_MODES):
        rules = get_rules(p)
        train, test = data[(p, "train")], data[(p, "test")]
        direct_from = weights[SHARES_MODES[p]] if p in SHARES_MODES else None
        w, r2_in = fit_mode_model(train["hands"], train["values"], rules, direct_from=direct_from)
        weights[p] = w
        params = np.concatenate([[CHIBRE_BELOW], w])
        r2_out = fit_quality(test["hands"], test["values"], rules, params)
        print(f"== {p}: fit on {len(train['hands'])} hands, held out {len(test['hands'])} "
              f"({args.deals} deals each)")
        print("   R²        " + "  ".join(f"{k:>7}" for k in r2_out))
        print("   in sample " + "  ".join(f"{r2_in[k]:7.3f}" for k in r2_out)
              + ("   (mode models from " + SHARES_MODES[p] + ")" if direct_from is not None else ""))
        print("   held out  " + "  ".join(f"{r2_out[k]:7.3f}" for k in r2_out))
        modes = list(rules.modes)
        from jass_sim.jass.cards import MODE_NAMES

        names = [MODE_NAMES[m] for m in modes] + ["chibre"]
        ev = np.array([names.index(o) for o in test["eval_option"]], dtype=np.int64)
        fi = option_columns(fitted_options(test["hands"], rules, params), modes)
        rows = compare(test["values"], {"evaluator": ev, "fitted": fi})
        results[p] = rows
        print("   held-out choice   hands  picks the best [95% CI]        cost pts/round [95% CI]   chibres")
        for r in rows:
            if "share" in r:
                print(f"   {r['chooser']:<16} {r['hands']:6d}  {100 * r['share']:5.1f}% [{100 * r['share_lo']:.1f}, "
                      f"{100 * r['share_hi']:.1f}]        {r['cost']:6.2f} [{r['cost_lo']:.2f}, {r['cost_hi']:.2f}]"
                      f"     {100 * r['chibre_share']:5.1f}%")
            else:
                print(f"   {r['chooser']}: {r['cost']:+.2f} [{r['cost_lo']:+.2f}, {r['cost_hi']:+.2f}]")
        print()
    out = args.out or WEIGHTS_FILE
    if set(presets) != set(PRESETS) and out == WEIGHTS_FILE:
        print(f"not writing {out}: it needs every preset ({', '.join(PRESETS)})")
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp.npz")
        np.savez(tmp, **weights)
        tmp.replace(out)
        print(f"wrote {out}")
    return {"weights": weights, "results": results}


if __name__ == "__main__":
    main()
