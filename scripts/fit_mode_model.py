"""Fit the ``fitted`` mode-choice model by simulation under the ``net`` card play (numpy only).

    .venv/bin/python scripts/fit_mode_model.py [--seed 0] [--train-hands 3000] [--test-hands 1000]
        [--deals 64] [--policy net] [--partner fitted] [--iterations 3] [--stop-change 0.02]
        [--jobs 2] [--data DIR] [--out jass_sim/jass/data/mode_model.npz]

For each rule preset it generates hands with the simulated value of every option (each allowed
mode and chibre; ``--deals`` deals per hand, the same deals for every option, every seat playing
``net``, the partner picking with the evaluator after a chibre): the report's ``option_values``.

With ``--partner fitted`` (the default) the chibre option is valued with the partner choosing by
the ``fitted`` model itself, as it does wherever ``fitted`` is the mode choice, and the fit
iterates: iteration 1 values chibre with the partner choosing by the shipped weights (or
``--start FILE``'s; only the
chibre column is simulated again: the modes' values do not depend on the partner), fits, and
iteration ``k`` values chibre with the partner of iteration ``k - 1``'s weights. It stops when
the share of held-out hands whose choice changed from the previous iteration is below
``--stop-change`` (in every preset), or after ``--iterations``. Then it values the held-out
hands' chibre once more with the final weights as the partner, and compares on held-out hands
(each chooser with its own partner, and the old and new weights paired on the same values).
``--partner evaluator`` is the fit of issue 17 (no iteration). A preset with a shipped partner
model (``jass/data/partner_model.npz``, ``scripts/fit_partner.py``: ``chibre``) has that model as
its fitted partner whatever the chooser weights, so its chibre values do not change between
iterations; the others' partner is the direct part of the chooser weights, as above.
Training hands and held-out hands come from different seeds, so the held-out hands and the deals
their values are measured on are not used to fit. ``chibre`` and ``schieber`` get the four models
each; ``pique-double`` scores its modes like ``chibre`` (same melds, only the ♠ multiplier
differs), so it takes ``chibre``'s mode models and fits its own chibre model on half as many
hands. Prints the fit quality (R² in sample and on the held-out hands), writes the weights, and
prints the held-out comparison of ``fitted`` and ``evaluator``: the share of hands where each
picks the option with the best simulated mean, and the mean cost (best option's value minus the
chosen option's value, points per round) with 95% CIs, and the paired difference of the costs.
The cost is biased upward for both choosers alike (the best mean is picked with its luck).
``--data DIR`` keeps the generated values (and each iteration's chibre values and weights) there
and reuses them on the next run: an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import hashlib
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
    """``{"hands", "values", "eval_option"}`` of ``hands`` random hands of ``preset`` (the chibre
    option valued with the evaluator as the partner)."""
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.report.sections import option_values
    from jass_sim.jass.rules import get_rules

    rules = get_rules(preset)
    t = time.time()
    df = option_values(rules, hands, deals, seed, PLAYERS.code(policy), partner_model="evaluator")
    cols = [c for c in df.columns if c.startswith("value_")]
    print(f"  {preset}: {hands} hands x {deals} deals x {len(cols)} options under {policy} (seed {seed}) "
          f"in {time.time() - t:.0f} s", flush=True)
    return {"hands": df["hand"].to_numpy().astype(np.uint64), "values": df[cols].to_numpy(),
            "eval_option": df["eval_option"].to_numpy().astype(str)}


def chibre_values(preset: str, hands: int, deals: int, seed: int, policy: str, weights: np.ndarray) -> dict:
    """``{"chibre", "partner_modes"}``: the chibre option's value of the same hands and deals as
    :func:`generate`, the partner choosing by the ``fitted`` model with the chooser weights
    ``weights`` (``mode_params[1:CHOOSER_PARAMS]``): by the shipped partner model where the preset
    has one, else by ``weights``' direct models (:func:`~jass_sim.jass.modes.weights.mode_params_of`);
    its share of each partner mode."""
    from jass_sim.jass.advise.sampling import CHIBRE, PARTNER_FITTED, run_advise
    from jass_sim.jass.modes.weights import mode_params_of
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.report.sections import sample_hands
    from jass_sim.jass.rules import get_rules

    rules = get_rules(preset)
    t = time.time()
    masks = sample_hands(hands, seed)
    params = mode_params_of(rules, weights)
    pol = [PLAYERS.code(policy)] * 4
    out = np.zeros(hands)
    modes = np.zeros(6)
    for h in range(hands):
        s = run_advise(masks[h], rules, [CHIBRE], pol, leader=0, seed=seed, first_sample=h * deals,
                       n_samples=deals, partner_model=PARTNER_FITTED, mode_params=params)
        out[h] = (s.ours[:, 0] - s.theirs[:, 0]).astype(np.float64).mean()
        modes += np.bincount(s.partner_modes, minlength=6)
    print(f"  {preset}: chibre of {hands} hands x {deals} deals, fitted partner (seed {seed}) "
          f"in {time.time() - t:.0f} s", flush=True)
    return {"hands": masks.astype(np.uint64), "chibre": out, "partner_modes": modes / modes.sum()}


def run_tasks(jobs: int, func, tasks: dict, paths: dict) -> dict:
    """``func(*args)`` of every task ``key -> args``, read from ``paths[key]`` when it exists there
    (else computed, in ``jobs`` processes, and saved there)."""
    out, todo = {}, {}
    for key, args in tasks.items():
        path = paths.get(key)
        if path is not None and path.exists():
            with np.load(path) as z:
                out[key] = {k: z[k] for k in z.files}
        else:
            todo[key] = args
    if jobs <= 1:
        results = {key: func(*args) for key, args in todo.items()}
    else:
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
            futures = {key: pool.submit(func, *args) for key, args in todo.items()}
            results = {key: fut.result() for key, fut in futures.items()}
    for key in todo:
        out[key] = results[key]
        if paths.get(key) is not None:
            tmp = paths[key].with_suffix(".tmp.npz")
            np.savez(tmp, **out[key])
            tmp.replace(paths[key])
    return out


def load_or_generate(jobs: int, tasks: dict, data_dir: Path | None) -> dict:
    """Run the ``generate`` tasks (``key -> (preset, hands, deals, seed, policy)``) not cached in
    ``data_dir``, in ``jobs`` processes (1: in this process)."""
    paths = {key: data_dir / ("%s_%d_%d_%d_%s.npz" % args) for key, args in tasks.items()} if data_dir else {}
    return run_tasks(jobs, generate, tasks, paths)


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


def print_compare(rows: list[dict], title: str) -> None:
    print(f"   {title:<17} hands  picks the best [95% CI]        cost pts/round [95% CI]   chibres")
    for r in rows:
        if "share" in r:
            print(f"   {r['chooser']:<16} {r['hands']:6d}  {100 * r['share']:5.1f}% [{100 * r['share_lo']:.1f}, "
                  f"{100 * r['share_hi']:.1f}]        {r['cost']:6.2f} [{r['cost_lo']:.2f}, {r['cost_hi']:.2f}]"
                  f"     {100 * r['chibre_share']:5.1f}%")
        else:
            print(f"   {r['chooser']}: {r['cost']:+.2f} [{r['cost_lo']:+.2f}, {r['cost_hi']:+.2f}]")


def weights_tag(weights: np.ndarray) -> str:
    """A short name of a weight vector (the cache files of the chibre values name their partner)."""
    return hashlib.sha1(np.ascontiguousarray(weights, dtype=np.float64).tobytes()).hexdigest()[:10]


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--train-hands", type=int, default=3000)
    ap.add_argument("--test-hands", type=int, default=1000)
    ap.add_argument("--deals", type=int, default=64, help="deals per hand (a multiple of 64)")
    ap.add_argument("--policy", default="net", help="card play of every seat (net; heuristic for a quick try)")
    ap.add_argument("--partner", default="fitted", choices=("fitted", "evaluator"),
                    help="the partner's mode choice after a chibre in the chibre values (fitted: iterate)")
    ap.add_argument("--iterations", type=int, default=3, help="most iterations with --partner fitted")
    ap.add_argument("--start", type=Path, default=None,
                    help="weights of the partner in iteration 1, and the 'old' of the comparison "
                         "[default: the package's jass/data/mode_model.npz]")
    ap.add_argument("--stop-change", type=float, default=0.02,
                    help="stop when fewer held-out choices than this share change between iterations")
    ap.add_argument("--jobs", type=int, default=2, help="processes generating hands at once (1: this one)")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--data", type=Path, default=None, help="keep/reuse the generated values here")
    ap.add_argument("--out", type=Path, default=None,
                    help="weights file [default: the package's jass/data/mode_model.npz]")
    args = ap.parse_args(argv)

    from jass_sim.core.stats import wilson_ci
    from jass_sim.jass.cards import MODE_NAMES
    from jass_sim.jass.modes.fit import fit_mode_model, fitted_options
    from jass_sim.jass.modes.weights import WEIGHTS_FILE, fitted_weights, mode_params_of
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
    order = sorted(presets, key=lambda p: p in SHARES_MODES)
    rules_of = {p: get_rules(p) for p in presets}

    def params_of(w, p):  # the chooser weights w of preset p with its partner (the shipped partner model, if any)
        return mode_params_of(p, w)

    def with_chibre(values, chibre):
        out = np.array(values, dtype=np.float64)
        if chibre is not None:
            out[:, -1] = chibre
        return out

    def fit_all(chibre):
        """The weights of every preset, fitted with the chibre values ``chibre[(p, "train")]``
        (None: the evaluator partner's), and their in-sample R²."""
        weights, r2 = {}, {}
        for p in order:
            train = data[(p, "train")]
            direct_from = weights[SHARES_MODES[p]] if p in SHARES_MODES else None
            values = with_chibre(train["values"], None if chibre is None else chibre[(p, "train")]["chibre"])
            weights[p], r2[p] = fit_mode_model(train["hands"], values, rules_of[p], direct_from=direct_from)
        return weights, r2

    def choices(p, w):
        modes = list(rules_of[p].modes)
        return option_columns(fitted_options(data[(p, "test")]["hands"], rules_of[p], params_of(w, p)), modes)

    def chibre_of(partner: dict, splits=("train", "test")):
        """The chibre values of ``splits`` with the fitted partner of weights ``partner[p]`` (cached)."""
        ctasks, paths = {}, {}
        for p in presets:
            for split in splits:
                _, n, deals, seed, policy = tasks[(p, split)]
                ctasks[(p, split)] = (p, n, deals, seed, policy, partner[p])
                if args.data:
                    paths[(p, split)] = args.data / (f"chibre_{p}_{n}_{deals}_{seed}_{policy}_"
                                                     f"w{weights_tag(params_of(partner[p], p))}.npz")
        return run_tasks(args.jobs, chibre_values, ctasks, paths)

    def print_fit(p, w, r2_in, test_values, label):
        params = params_of(w, p)
        r2_out = fit_quality(data[(p, "test")]["hands"], test_values, rules_of[p], params)
        train, test = data[(p, "train")], data[(p, "test")]
        print(f"== {p} ({label}): fit on {len(train['hands'])} hands, held out {len(test['hands'])} "
              f"({args.deals} deals each)")
        print("   R²        " + "  ".join(f"{k:>7}" for k in r2_out))
        print("   in sample " + "  ".join(f"{r2_in[k]:7.3f}" for k in r2_out)
              + ("   (mode models from " + SHARES_MODES[p] + ")" if p in SHARES_MODES else ""))
        print("   held out  " + "  ".join(f"{r2_out[k]:7.3f}" for k in r2_out))

    old = {p: fitted_weights(p, args.start) for p in presets}  # the shipped weights, or --start's
    ev = {}
    for p in presets:
        names = [MODE_NAMES[m] for m in rules_of[p].modes] + ["chibre"]
        ev[p] = np.array([names.index(o) for o in data[(p, "test")]["eval_option"]], dtype=np.int64)
    results, history = {}, []
    if args.partner == "evaluator":
        weights, r2 = fit_all(None)
        for p in order:
            print_fit(p, weights[p], r2[p], data[(p, "test")]["values"], "evaluator partner")
            rows = compare(data[(p, "test")]["values"], {"evaluator": ev[p], "fitted": choices(p, weights[p])})
            results[p] = rows
            print_compare(rows, "held-out choice")
            print()
    else:
        partner = old
        for k in range(1, args.iterations + 1):
            print(f"-- iteration {k}: chibre valued with the partner choosing by "
                  f"{'the shipped weights' if k == 1 else f'the weights of iteration {k - 1}'}", flush=True)
            t = time.time()
            chibre = chibre_of(partner)
            print(f"   generated in {time.time() - t:.0f} s", flush=True)
            weights, r2 = fit_all(chibre)
            worst = 0.0
            for p in order:
                test_values = with_chibre(data[(p, "test")]["values"], chibre[(p, "test")]["chibre"])
                print_fit(p, weights[p], r2[p], test_values, f"iteration {k}")
                new, before = choices(p, weights[p]), choices(p, partner[p])
                changed = int((new != before).sum())
                share, lo, hi = wilson_ci(changed, len(new))
                worst = max(worst, share)
                print(f"   held-out choices changed from the {'shipped weights' if k == 1 else f'iteration {k - 1}'}: "
                      f"{changed} of {len(new)}, {100 * share:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
                rows = compare(test_values, {"evaluator": ev[p], "previous": before, "fitted": new})
                print_compare(rows, "held-out choice")
                history.append({"iteration": k, "preset": p, "changed": changed, "hands": len(new),
                                "share_changed": share})
                print()
            partner = weights
            if worst < args.stop_change:
                print(f"   every preset changed fewer than {100 * args.stop_change:g}% of its held-out choices: "
                      f"stop after iteration {k}\n", flush=True)
                break
        # the held-out comparison, each mode choice with its own partner and paired on the same values
        final = chibre_of(weights, ("test",))
        first = chibre_of(old, ("test",))
        for p in order:
            test = data[(p, "test")]
            vals_eval = test["values"]
            vals_old = with_chibre(vals_eval, first[(p, "test")]["chibre"])
            vals_new = with_chibre(vals_eval, final[(p, "test")]["chibre"])
            new, before = choices(p, weights[p]), choices(p, old[p])
            print(f"== {p}: held out {len(new)} hands, final comparison")
            print("   (a) chibre valued with the evaluator as the partner (the convention of issue 17):")
            print_compare(compare(vals_eval, {"evaluator": ev[p], "old fitted": before, "new fitted": new}), "")
            print("   (b) each mode choice with its own partner (the evaluator's, the shipped weights', the new):")
            own = [compare(vals_eval, {"evaluator": ev[p]})[0], compare(vals_old, {"old fitted": before})[0],
                   compare(vals_new, {"new fitted": new})[0]]
            n = len(new)
            cost_old = vals_old.max(axis=1) - vals_old[np.arange(n), before]
            cost_new = vals_new.max(axis=1) - vals_new[np.arange(n), new]
            d = cost_new - cost_old
            from jass_sim.core.stats import mean_ci

            m, lo, hi = mean_ci(float(d.sum()), float((d * d).sum()), n)
            own.append({"chooser": "new fitted - old fitted (cost, paired by hand)", "hands": n, "cost": m,
                        "cost_lo": lo, "cost_hi": hi})
            print_compare(own, "")
            print("   (c) paired on the same values (chibre with the new weights as the partner):")
            rows = compare(vals_new, {"old fitted": before, "new fitted": new, "evaluator": ev[p]})
            print_compare(rows, "")
            results[p] = {"issue17": compare(vals_eval, {"evaluator": ev[p], "old": before, "new": new}),
                          "own": own, "paired": rows}
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
    return {"weights": weights, "results": results, "history": history}


if __name__ == "__main__":
    main()
