"""Fit the partner model after a push (issue 44, section 2) and compare it on held-out deals.

    NUMBA_NUM_THREADS=1 .venv/bin/python scripts/fit_partner.py --data out/partner-data \\
        [--holdout-every 5] [--penalty 1.0] [--json FILE] [--out jass_sim/jass/data/partner_model.npz]

Reads the chunks written by ``scripts/partner_data.py`` in place (``partner``, ``pusher``,
``diff``: each pushed deal played once in every mode, seat 2 declaring and seat 0 leading). The
split is by chunk and deterministic: chunk ``k`` is held out when ``k % holdout_every ==
holdout_every - 1``; the rest is fitted. The partner model is fitted the way the chooser's
direct models are (:func:`jass_sim.jass.modes.fit.fit_direct_models`: ridge per kind on
:func:`~jass_sim.jass.modes.fit.mode_feature_matrix` features of the partner's hand, target the
round difference over the multiplier).

On the held-out deals it compares three partners, each picking a mode from the partner's hand
alone: the partner model, the chooser's shipped ``fitted`` weights (the partner of
``choose_mode`` before this model) and the evaluator. Paired per deal (every deal is played in
every mode, so each partner's pick is read off the same row): the mean realised difference of
each pick with its 95% CI, the paired gain of the partner model over the chooser's weights, and
the share of deals where each picks the realised best mode (a mode whose difference is the row's
maximum; Wilson 95% CIs). The realised best is one play of each mode, so every chooser's share is
low and the best-picking shares are noisy; the paired mean gain is the figure to judge.
``--out`` writes the fitted weights as the shipped partner model
(:data:`jass_sim.jass.modes.weights.PARTNER_FILE`'s format).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np


def load(data: Path) -> dict:
    """Every chunk of ``data``: ``partner``, ``pusher``, ``diff``, ``chunk`` (its index per deal),
    ``modes`` and the ``manifest``."""
    manifest = json.loads((data / "manifest.json").read_text())
    parts = {"partner": [], "pusher": [], "diff": [], "chunk": []}
    modes = None
    paths = sorted(data.glob("chunk_*.npz"))
    if not paths:
        raise SystemExit(f"fit_partner: no chunk_*.npz in {data}")
    for path in paths:
        k = int(path.stem.split("_")[1])
        with np.load(path) as z:
            if modes is None:
                modes = z["modes"].copy()
            elif not np.array_equal(modes, z["modes"]):
                raise SystemExit(f"fit_partner: {path} has modes {list(z['modes'])}, not {list(modes)}")
            for key in ("partner", "pusher", "diff"):
                parts[key].append(z[key])
            parts["chunk"].append(np.full(len(z["partner"]), k, dtype=np.int64))
    out = {k: np.concatenate(v) for k, v in parts.items()}
    out["modes"] = modes
    out["manifest"] = manifest
    return out


def compare(diff: np.ndarray, modes: np.ndarray, chosen: dict) -> dict:
    """The held-out comparison of the partners ``chosen`` (name -> modes picked), paired per
    deal: each one's mean realised difference and share of realised-best picks, and every
    partner's paired gain over the second one (the chooser's weights)."""
    from jass_sim.core.stats import mean_ci, wilson_ci

    n = len(diff)
    col = {int(m): i for i, m in enumerate(modes)}
    top = diff.max(axis=1)
    realised, hits, rows = {}, {}, {}
    for name, mode in chosen.items():
        v = diff[np.arange(n), [col[int(m)] for m in mode]].astype(np.int64)
        realised[name] = v
        hits[name] = (v == top).astype(np.int64)
        k = int(hits[name].sum())
        share, lo, hi = wilson_ci(k, n)
        mean, mlo, mhi = mean_ci(int(v.sum()), int((v * v).sum()), n)
        rows[name] = {"n": n, "mean": mean, "mean_ci": [mlo, mhi], "best": k, "best_share": share,
                      "best_ci": [lo, hi], "mode_shares": {str(int(m)): float((mode == m).mean()) for m in modes}}
    names = list(chosen)
    base = names[1]
    gains = {}
    for name in names:
        if name == base:
            continue
        d = realised[name] - realised[base]
        mean, lo, hi = mean_ci(int(d.sum()), int((d * d).sum()), n)
        changed = int((chosen[name] != chosen[base]).sum())
        h = hits[name] - hits[base]
        hm, hlo, hhi = mean_ci(int(h.sum()), int((h * h).sum()), n)
        gains[f"{name} - {base}"] = {"n": n, "mean": mean, "ci": [lo, hi], "changed": changed,
                                     "best_share": hm, "best_share_ci": [hlo, hhi]}
    return {"partners": rows, "gains": gains}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=Path("out/partner-data"))
    ap.add_argument("--holdout-every", type=int, default=5, help="hold out chunk k when k %% N == N - 1")
    ap.add_argument("--penalty", type=float, default=None, help="ridge penalty [default: the chooser's]")
    ap.add_argument("--json", type=Path, default=None, help="write the fit and the comparison here")
    ap.add_argument("--out", type=Path, default=None, help="write the partner weights here (npz)")
    args = ap.parse_args(argv)
    if args.holdout_every < 2:
        ap.error("--holdout-every must be 2 or more")

    from jass_sim.jass.cards import MODE_NAMES
    from jass_sim.jass.modes.choose import CHIBRE_BELOW
    from jass_sim.jass.modes.features import CHIBRE_AT, TRUMP_AT
    from jass_sim.jass.modes.fit import RIDGE, fit_direct_models, r_squared
    from jass_sim.jass.modes.weights import fitted_weights, write_partner_weights
    from jass_sim.jass.rules import get_rules

    t0 = time.time()
    d = load(args.data)
    rules = get_rules(d["manifest"]["rules"])
    if list(d["modes"]) != list(rules.modes):
        raise SystemExit(f"fit_partner: the data's modes {list(d['modes'])} are not {rules.name}'s")
    held = d["chunk"] % args.holdout_every == args.holdout_every - 1
    train, test = ~held, held
    penalty = RIDGE if args.penalty is None else args.penalty
    print(f"{len(d['diff'])} pushed deals in {len(np.unique(d['chunk']))} chunks ({d['manifest']}); "
          f"fit on {int(train.sum())}, held out {int(test.sum())} (chunk k % {args.holdout_every} == "
          f"{args.holdout_every - 1}); read in {time.time() - t0:.0f} s", flush=True)

    # the chooser's shipped weights (fitted_best reads their direct part): the partner before this model
    chooser = np.concatenate([[CHIBRE_BELOW], fitted_weights(rules)])
    params = chooser.copy()  # the partner model's direct weights in the chooser's layout
    params[1:] = np.nan
    r2_in = fit_direct_models(d["partner"][train], d["diff"][train].astype(np.float64), rules, params, penalty)
    partner_direct = params[TRUMP_AT:CHIBRE_AT].copy()
    params[CHIBRE_AT:] = chooser[CHIBRE_AT:]  # not read by fitted_best
    print(f"fitted in {time.time() - t0:.0f} s; in-sample R² " + ", ".join(f"{k} {v:.3f}" for k, v in r2_in.items()),
          flush=True)

    from jass_sim.jass.modes.features import predicted_value
    from jass_sim.jass.report.partner import picks  # the report's partner picks: the same kernel calls

    hands, diff = d["partner"][test], d["diff"][test]
    feats = np.zeros(64)
    r2_out = {}
    for kind, kind_modes in (("trump", [0, 1, 2, 3]), ("obe", [4]), ("une", [5])):
        cols = [list(rules.modes).index(m) for m in kind_modes]
        y = np.concatenate([diff[:, c] for c in cols]).astype(np.float64)
        for name, p in (("partner", params), ("chooser", chooser)):
            pred = np.concatenate([[predicted_value(h, m, p, feats) for h in hands] for m in kind_modes])
            r2_out[f"{kind} ({name} weights)"] = r_squared(y, pred)
    print("held-out R²: " + ", ".join(f"{k} {v:.3f}" for k, v in r2_out.items()), flush=True)

    chosen = {"partner model": picks(hands, rules, params), "chooser weights": picks(hands, rules, chooser),
              "evaluator": picks(hands, rules, None)}
    result = compare(diff, d["modes"], chosen)
    print(f"\nheld-out pushed deals: n = {len(diff)} (paired: every partner's pick read off the same deal)")
    print(f"  {'partner':<16} {'mean diff [95% CI]':>26}  {'picks the realised best [95% CI]':>34}  mode shares")
    for name, r in result["partners"].items():
        shares = " ".join(f"{MODE_NAMES[int(m)]} {100 * s:.0f}%" for m, s in r["mode_shares"].items())
        print(f"  {name:<16} {r['mean']:8.2f} [{r['mean_ci'][0]:.2f}, {r['mean_ci'][1]:.2f}]      "
              f"{100 * r['best_share']:5.1f}% [{100 * r['best_ci'][0]:.1f}, {100 * r['best_ci'][1]:.1f}]"
              f"   {shares}")
    for name, g in result["gains"].items():
        print(f"  gain {name}: {g['mean']:+.2f} [{g['ci'][0]:+.2f}, {g['ci'][1]:+.2f}] points per deal, "
              f"realised-best share {100 * g['best_share']:+.2f} [{100 * g['best_share_ci'][0]:+.2f}, "
              f"{100 * g['best_share_ci'][1]:+.2f}] points of % (paired; n = {g['n']}, different pick on "
              f"{g['changed']} deals)")
    print(f"done in {time.time() - t0:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({"data": str(args.data), "manifest": d["manifest"],
                                         "holdout_every": args.holdout_every, "penalty": penalty,
                                         "train": int(train.sum()), "test": int(test.sum()),
                                         "r2_in": r2_in, "r2_out": r2_out, **result}, indent=1) + "\n")
    if args.out:
        write_partner_weights(args.out, {rules.name: partner_direct})
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
