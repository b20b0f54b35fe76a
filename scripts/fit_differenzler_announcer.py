"""Fit the Differenzler's fast announcer (issue 52 item 3) by simulation and write its coefficients
into ``jass_sim/jass/differenzler/announcer_model.py``.

The announcer is a median (least absolute deviation) regression of the points a seat makes on the
features of its hand (``_announce.FEATURES``). The points depend on the numbers every seat plays to,
so the fit is iterated: simulate rounds with the current announcer and the ``number`` players, fit,
repeat. The last fit's in-sample mean penalty is printed; the held-out evaluation against the
adviser is the benchmark's (benchmarks/RESULTS.md).

Usage: ``python scripts/fit_differenzler_announcer.py [--rounds N] [--iterations K] [--seed S]``
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

import jass_sim.jass.differenzler._announce as announce_module
from jass_sim.jass.differenzler._announce import FEATURES
from jass_sim.jass.differenzler._batch import BIDS, DEALER, MADE, TRUMP_CARD
from jass_sim.jass.differenzler.engine import dealt_hands, features, run_rounds

MODEL = Path(__file__).resolve().parent.parent / "jass_sim" / "jass" / "differenzler" / "announcer_model.py"


def lad_fit(x: np.ndarray, y: np.ndarray, iterations: int = 60) -> np.ndarray:
    """Least absolute deviations by iteratively reweighted least squares."""
    beta = np.linalg.lstsq(x, y, rcond=None)[0]
    for _ in range(iterations):
        w = 1.0 / np.maximum(np.abs(y - x @ beta), 1.0)
        sw = np.sqrt(w)
        beta = np.linalg.lstsq(x * sw[:, None], y * sw, rcond=None)[0]
    return beta


def write(beta: np.ndarray, note: str) -> None:
    values = ", ".join(f"{b:.4f}" for b in beta)
    MODEL.write_text(f'"""The fast announcer\'s coefficients (:mod:`._announce`), written by\n'
                     f'``scripts/fit_differenzler_announcer.py`` ({note}); see benchmarks/RESULTS.md."""\n\n'
                     f"#: One coefficient per feature of ``_announce.FEATURES``: {', '.join(FEATURES)}.\n"
                     f"COEFFICIENTS = ({values})\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000)
    ap.add_argument("--iterations", type=int, default=3)
    ap.add_argument("--seed", type=int, default=52)
    args = ap.parse_args()
    hands = dealt_hands(args.rounds, args.seed)
    for it in range(args.iterations):
        rows = run_rounds(args.rounds, seed=args.seed, policy="number")
        x = features(hands, rows[:, DEALER], rows[:, TRUMP_CARD]).reshape(-1, len(FEATURES))
        y = rows[:, MADE:MADE + 4].reshape(-1).astype(np.float64)
        bids = rows[:, BIDS:BIDS + 4].reshape(-1)
        print(f"iteration {it}: mean penalty of the current announcer {np.abs(bids - y).mean():.2f}")
        beta = lad_fit(x, y)
        announce_module._COEF[:] = beta  # the kernels read the array: the next iteration plays with it
        print("  " + ", ".join(f"{f}={b:.2f}" for f, b in zip(FEATURES, beta)))
    rows = run_rounds(args.rounds, seed=args.seed + 1, policy="number")
    bids, made = rows[:, BIDS:BIDS + 4], rows[:, MADE:MADE + 4]
    print(f"fresh rounds: mean penalty {np.abs(bids - made).mean():.2f} over {args.rounds} rounds x 4 seats")
    write(beta, f"{args.iterations} iterations of {args.rounds} rounds, seed {args.seed}")


if __name__ == "__main__":
    main()
