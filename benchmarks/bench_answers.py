"""Do ``advise``'s answers under its default card play agree with the strongest player's? (issues 17, 34)

    python benchmarks/bench_answers.py [--reference search] [--hands 8] [--reference-deals 400]
                                       [--deals 4000] [--seed 7] [--policies net,heuristic]
                                       [--out out/answers-search.jsonl] [--paired]

Random hands (from ``--seed``) are advised with ``--policy REFERENCE`` on ``--reference-deals``
deals (the reference: ``search``, the strongest player, by default; ``pimc`` as in issue 17; slow,
wide CIs) and with each of ``--policies`` on ``--deals`` deals. Below, "pimc" stands for the
reference. For every hand where pimc has a clear leader (the paired 95% CI of its lead over the runner-up excludes 0), the
other policy should name the same option. For every option, the two values (the team's mean point
difference per round) should agree within the sum of their 95% CI half-widths plus 5 points.
Prints one line per hand and policy, and the totals. Each hand's pimc result is appended to
``--out`` as it is done, so an interrupted run resumes.

With ``--paired``, each policy is also run on pimc's own deals (``advise`` deals depend on the
seed only, not on the card play), and per option the mean of the policy's difference minus pimc's,
deal by deal, is printed with its 95% CI: the deal luck that moves all of a hand's pimc values
together cancels, so what is left is the gap between the two models of play (and their play
noise). An option agrees when that CI comes within 5 points of 0 (its lower end at most +5 and its
upper end at least -5). pimc's per-deal differences are stored in ``--out`` (``per_deal``); hands
stored without them are advised by pimc again.

The figures say how close the fast policies' answers are to the reference's; the reference is
itself a model of play (``search``: 32 worlds per decision weighted by net's beliefs, net
play-outs, exact from 3 tricks before the end), not the truth.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from common import ROOT, machine

TOLERANCE = 5.0


def random_hands(n: int, seed: int) -> list[list[int]]:
    rng = np.random.default_rng(seed)
    return [sorted(rng.permutation(36)[:9].tolist()) for _ in range(n)]


def per_deal(advice) -> np.ndarray:
    """``int64[deals, options]``: the team's point difference of every option on every deal."""
    s = advice.samples
    return (s.ours - s.theirs).astype(np.int64)


def paired_gap(ours: np.ndarray, ref: np.ndarray) -> tuple[float, float, float]:
    """Mean of ``ours - ref`` (integers) over the deals of one option, with its 95% CI
    (:func:`jass_sim.core.stats.mean_ci`)."""
    from jass_sim.core.stats import mean_ci

    d = ours - ref
    return mean_ci(int(d.sum()), int((d * d).sum()), len(d))


def summary(advice) -> dict:
    t = advice.table
    return {"options": [int(o) for o in advice.options], "mean_diff": t["mean_diff"].tolist(),
            "half": ((t["ci95_diff_hi"] - t["ci95_diff_lo"]) / 2).tolist(),
            "recommendation": int(advice.best_option), "lead": list(advice.lead),
            "too_close": bool(advice.too_close), "samples": int(advice.n)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--reference", default="search", help="the reference card play (search or pimc)")
    parser.add_argument("--reference-deals", "--pimc-deals", dest="pimc_deals", type=int, default=400)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--policies", default="net,heuristic")
    parser.add_argument("--out", type=Path, default=None, help="default: out/answers-REFERENCE.jsonl")
    parser.add_argument("--paired", action="store_true", help="also compare on pimc's own deals, deal by deal")
    args = parser.parse_args()

    from jass_sim.jass.advise.advice import advise
    from jass_sim.jass.advise.options import option_label
    from jass_sim.jass.cards import format_card

    print(f"machine: {machine()}")
    reference = args.reference.strip().lower()
    args.out = args.out or ROOT / "out" / f"answers-{reference}.jsonl"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            entry = json.loads(line)
            if entry.get("reference", "pimc") == reference and entry["pimc_deals"] == args.pimc_deals \
                    and entry["seed"] == args.seed and (
                    "per_deal" in entry["pimc"] or not args.paired):
                done[tuple(entry["hand"])] = entry["pimc"]
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    totals = {p: {"clear": 0, "same": 0, "options": 0, "within": 0, "worst": 0.0, "paired_within": 0}
              for p in policies}
    for h, hand in enumerate(random_hands(args.hands, args.seed)):
        text = " ".join(format_card(c) for c in hand)
        if tuple(hand) in done:
            ref = done[tuple(hand)]
        else:
            t0 = time.perf_counter()
            advice = advise(hand, policy=reference, samples=args.pimc_deals, seed=args.seed + h)
            ref = summary(advice)
            ref["seconds"] = time.perf_counter() - t0
            ref["per_deal"] = per_deal(advice).tolist()
            with open(args.out, "a") as fh:
                fh.write(json.dumps({"hand": hand, "seed": args.seed, "reference": reference,
                                     "pimc_deals": args.pimc_deals, "pimc": ref}) + "\n")
        clear = not ref["too_close"]
        print(f"hand {h}: {text}; {reference} ({ref['samples']} deals): {option_label(ref['recommendation'])} "
              f"{'clearly' if clear else 'not clearly'} best, lead {ref['lead'][0]:+.1f} "
              f"[{ref['lead'][1]:+.1f}, {ref['lead'][2]:+.1f}]")
        for policy in policies:
            got = summary(advise(hand, policy=policy, samples=args.deals, seed=args.seed + h))
            tot = totals[policy]
            same = got["recommendation"] == ref["recommendation"]
            if clear:
                tot["clear"] += 1
                tot["same"] += int(same)
            gaps = []
            for o, opt in enumerate(ref["options"]):
                k = got["options"].index(opt)
                gap = abs(got["mean_diff"][k] - ref["mean_diff"][o])
                allowed = got["half"][k] + ref["half"][o] + TOLERANCE
                tot["options"] += 1
                tot["within"] += int(gap <= allowed)
                tot["worst"] = max(tot["worst"], gap - allowed)
                gaps.append(got["mean_diff"][k] - ref["mean_diff"][o])
            print(f"  {policy:<9} ({got['samples']} deals): {option_label(got['recommendation'])}"
                  f"{' (same)' if same else ' (differs)'}; value - pimc per option: "
                  .replace("pimc", reference)
                  + " ".join(f"{option_label(opt)} {g:+.1f}" for opt, g in zip(ref["options"], gaps)))
            if args.paired:
                same_deals = advise(hand, policy=policy, samples=args.pimc_deals, seed=args.seed + h)
                mine, theirs = per_deal(same_deals), np.asarray(ref["per_deal"], dtype=np.int64)
                cells = []
                for o, opt in enumerate(ref["options"]):
                    mean, lo, hi = paired_gap(mine[:, same_deals.samples.options.index(opt)], theirs[:, o])
                    tot["paired_within"] += int(lo <= TOLERANCE and hi >= -TOLERANCE)
                    cells.append(f"{option_label(opt)} {mean:+.1f} [{lo:+.1f}, {hi:+.1f}]")
                print(f"  {policy:<9} on {reference}'s {args.pimc_deals} deals, value - {reference} deal by deal: "
                      + " ".join(cells))
    for policy, tot in totals.items():
        print(f"{policy}: names {reference}'s clear leader on {tot['same']} of {tot['clear']} hands; option values within "
              f"the CIs + {TOLERANCE:.0f} points: {tot['within']} of {tot['options']} "
              f"(worst excess {tot['worst']:+.1f} points)")
        if args.paired:
            print(f"{policy}: on {reference}'s own deals, the 95% CI of value - {reference} comes within {TOLERANCE:.0f} points "
                  f"of 0 on {tot['paired_within']} of {tot['options']} options")


if __name__ == "__main__":
    main()
