"""Differenzler players (issue 52 item 2): the ``number`` player against the points-maximising
``points`` player in duplicate rounds (same deals, same announcements), and the speed of ``number``
against chibre's ``heuristic`` (rounds per second, one thread, warm).

    python benchmarks/bench_differenzler.py --rounds 100000 --seed 1
"""

from __future__ import annotations

import argparse

from jass_sim.jass.differenzler.duplicate import duplicate
from jass_sim.jass.differenzler.engine import run_rounds

from common import best_rate, machine


def _rate(fn, n: int, repeats: int = 3) -> float:
    fn(min(n, 2048))  # compile or load the cache
    return best_rate(fn, n, repeats)


def announcer_vs_adviser(hands: int, samples: int, seed: int) -> None:
    """The fast announcer's mean extra penalty against the adviser's best number, on held-out hands
    (deals of a seed the announcer was not fitted on): the best number is chosen on one sample of
    deals and both numbers are scored on another (so the best's choice carries no selection bias)."""
    import numpy as np

    from jass_sim.core.stats import mean_ci
    from jass_sim.jass.cards import format_card, mask_to_cards
    from jass_sim.jass.differenzler._announce import announce, model_coefficients
    from jass_sim.jass.differenzler.advise import advise
    from jass_sim.jass.differenzler.engine import dealt_hands

    deals = dealt_hands(hands, seed + 1000)
    rng = np.random.default_rng(seed)
    extra = []
    for i in range(hands):
        dealer = i & 3
        seat = int(rng.integers(4))
        cards = mask_to_cards(deals[i, seat])
        bottom = int(rng.choice(mask_to_cards(deals[i, dealer])))  # the bottom card: any of the dealer's
        number = int(announce(deals[i, seat], bottom // 9, (seat - dealer - 1) & 3, model_coefficients()))
        hand = " ".join(format_card(c) for c in cards)
        chosen = advise(hand, format_card(bottom), dealer=dealer, seat=seat, samples=samples, seed=seed + i)
        scored = advise(hand, format_card(bottom), dealer=dealer, seat=seat, samples=samples, seed=seed + 10**6 + i)
        by_bid = [p["expected_penalty"] for p in scored.to_json()["penalty_by_bid"]]
        extra.append(by_bid[number] - by_bid[chosen.to_json()["best_bid"]])
    x = np.array(extra)
    m, lo, hi = mean_ci(float(x.sum()), float((x ** 2).sum()), len(x))
    print(f"announcer vs adviser: {hands} held-out hands x {samples} deals: mean extra penalty {m:.2f} "
          f"(95% CI {lo:.2f} to {hi:.2f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000)
    ap.add_argument("--speed-rounds", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=200, help="Held-out hands of the announcer's evaluation.")
    ap.add_argument("--samples", type=int, default=4096, help="Deals per adviser answer in that evaluation.")
    args = ap.parse_args()
    print(machine())
    for rules in ("differenzler", "differenzler-jw"):
        d = duplicate(args.rounds, "number", "points", rules=rules, seed=args.seed)
        print(f"{rules}: {d['rounds']} duplicate rounds x 4 seats: mean penalty number {d['base_penalty']:.2f}, "
              f"points {d['other_penalty']:.2f}; points - number {d['difference']:+.2f} "
              f"(95% CI {d['ci95'][0]:+.2f} to {d['ci95'][1]:+.2f})")
    announcer_vs_adviser(args.hands, args.samples, args.seed)
    from jass_sim.jass.api import simulate

    heuristic = _rate(lambda n: simulate(n, policy="heuristic", seed=args.seed, threads=1), args.speed_rounds)
    number = _rate(lambda n: run_rounds(n, args.seed, "number", threads=1), args.speed_rounds)
    print(f"speed, 1 thread: heuristic (chibre simulate) {heuristic:,.0f} rounds/s, differenzler number "
          f"(announced and played) {number:,.0f} rounds/s: {number / heuristic:.2f}x")


if __name__ == "__main__":
    main()
