"""Our players against an outside bot: schieber's ``ChallengePlayer`` (PyPI ``schieber==0.1.10``),
on duplicate deals, card play only.

    NUMBA_NUM_THREADS=1 python benchmarks/bench_external.py [--players heuristic,net] [--deals 200]
        [--seed 1] [--chooser evaluator] [--out benchmarks/external.jsonl] [--log FILE]

Each deal is played twice inside schieber's own game loop (``jass_sim.bots.schieber.play_round``):
our player (``jass_sim.bots.schieber.JassSimPlayer``, any name of
``jass_sim.jass.play.choose.FAIR_POLICIES``) on seats 0 and 2 and the challenge player on 1 and 3,
then the seats swapped, with the same cards at the same seats. Only card play differs: schieber has
no melds (Weis) and no stöck, and scores card points only (no match bonus; 157 a round); the
forehand is seat ``deal % 4`` and the mode is fixed per deal by our mode chooser (``--chooser``)
from the forehand's hand, or after a chibre (schieber: ``SCHIEBEN``) from its partner's, the same
for both plays.

Reported per player: the mean points per round of our team minus theirs, the 95% CI over deals
(each deal's difference is the mean of its two plays, so the pair is one sample), n deals, the
time. Every legality disagreement is logged instead of stopping the run (``--log``, JSONL: deal,
play, seat, card, both legal sets): schieber forbids a player who holds only trumps to undertrump
when it could overtrump, ``docs/rules.md`` allows it; a card of ours schieber refuses is replaced by
the lowest card legal under both rule sets (counted as ``fallbacks``), a card of the challenge
player our rules refuse stands (counted as ``their_illegal``).

Output is appended to ``--out`` one JSON line per (player, deal) as soon as the deal is played: an
interrupted run started again with the same arguments plays only the deals that are missing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np


def deal_hands(seed: int, deal: int) -> list[list[int]]:
    """The four hands of deal ``deal`` (the same for every player)."""
    perm = np.random.default_rng([seed, deal]).permutation(36)
    return [sorted(int(c) for c in perm[9 * s:9 * s + 9]) for s in range(4)]


def deal_mode(hands, forehand: int, chooser: str) -> tuple[int, bool]:
    """``(mode, geschoben)``: our mode chooser from the forehand's hand, or its partner's after a chibre."""
    from jass_sim.jass.play.choose import choose_mode_for

    mode = choose_mode_for(hands[forehand], may_chibre=True, chooser=chooser)
    if mode is not None:
        return mode, False
    return choose_mode_for(hands[(forehand + 2) % 4], may_chibre=False, chooser=chooser), True


def play_deal(policy: str, seed: int, deal: int, chooser: str) -> tuple[dict, list[dict]]:
    """One duplicate deal: the row of ``--out`` and the disagreements of ``--log``."""
    from schieber.player.challenge_player.challenge_player import ChallengePlayer

    from jass_sim.bots.schieber import JassSimPlayer, mode_to_trumpf, play_round
    from jass_sim.jass.cards import format_card, mode_name

    hands = deal_hands(seed, deal)
    forehand = deal % 4
    mode, geschoben = deal_mode(hands, forehand, chooser)
    start = time.perf_counter()
    row = {"player": policy, "deal": deal, "seed": seed, "mode": mode_name(mode), "forehand": forehand,
           "geschoben": geschoben, "fallbacks": 0, "their_illegal": 0}
    log = []
    for play, ours_at in (("A", (0, 2)), ("B", (1, 3))):
        random.seed(seed * 1_000_003 + deal)  # the challenge player's only random choice
        ours = [JassSimPlayer(name=f"{policy}-{s}", policy=policy, seed=deal, chooser=chooser) for s in ours_at]
        theirs = [ChallengePlayer(name=f"challenge-{s}", seed=deal) for s in range(2)]
        players = [ours[0], theirs[0], ours[1], theirs[1]] if ours_at == (0, 2) else \
            [theirs[0], ours[0], theirs[1], ours[1]]
        out = play_round(players, hands, start=forehand, trumpf=mode_to_trumpf(mode), geschoben=geschoben)
        team = ours_at[0] % 2
        row[f"ours_{play}"], row[f"theirs_{play}"] = out["points"][team], out["points"][1 - team]
        for seat, player in zip(ours_at, ours):
            for d in player.log.disagreements:
                row["fallbacks"] += 1
                log.append({"deal": deal, "play": play, "seat": seat, "side": f"ours ({policy})", **d.to_json()})
        for seat, card, legal_theirs, legal_ours, trick, m in out["illegal"]:
            if seat in ours_at:
                continue  # our fallback card, logged above
            row["their_illegal"] += 1
            log.append({"deal": deal, "play": play, "seat": seat, "side": "challenge", "card": format_card(card),
                        "mode": mode_name(m), "trick": [format_card(c) for c in trick],
                        "legal_theirs": [format_card(c) for c in legal_theirs],
                        "legal_ours": [format_card(c) for c in legal_ours], "played": format_card(card),
                        "why": "our rules refuse the challenge player's card (it stands)"})
    row["diff"] = ((row["ours_A"] - row["theirs_A"]) + (row["ours_B"] - row["theirs_B"])) / 2
    row["seconds"] = round(time.perf_counter() - start, 3)
    return row, log


def summarise(rows: list[dict]) -> dict:
    n = len(rows)
    diffs = np.array([r["diff"] for r in rows], dtype=float)
    mean = float(diffs.mean()) if n else float("nan")
    half = 1.96 * float(diffs.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
    ours = np.mean([(r["ours_A"] + r["ours_B"]) / 2 for r in rows]) if n else float("nan")
    return {"n_deals": n, "mean_diff": round(mean, 2), "ci95": [round(mean - half, 2), round(mean + half, 2)],
            "mean_ours": round(float(ours), 2), "fallbacks": sum(r["fallbacks"] for r in rows),
            "their_illegal": sum(r["their_illegal"] for r in rows),
            "seconds": round(sum(r["seconds"] for r in rows), 1)}


def main(argv=None) -> int:
    from jass_sim.core.errors import InputError
    from jass_sim.jass.play.choose import FAIR_POLICIES, check_policy

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="heuristic,net",
                        help=f"our players, comma-separated (any of {', '.join(FAIR_POLICIES)})")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chooser", default="evaluator", choices=("evaluator", "fitted"))
    parser.add_argument("--out", default="benchmarks/external.jsonl")
    parser.add_argument("--log", default=None, help="disagreements (default: OUT with .disagreements.jsonl)")
    args = parser.parse_args(argv)
    try:
        players = [check_policy(p) for p in args.players.split(",") if p.strip()]
    except InputError as exc:
        print(f"bench_external: error: {exc}", file=sys.stderr)
        return 2
    log_path = args.log or (os.path.splitext(args.out)[0] + ".disagreements.jsonl")
    for path in (args.out, log_path):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    done: dict[tuple[str, int], dict] = {}
    if os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line:
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:  # a line cut by an interruption
                    continue
                if row.get("seed") == args.seed:
                    done[(row["player"], row["deal"])] = row
    for policy in players:
        todo = [d for d in range(args.deals) if (policy, d) not in done]
        print(f"{policy}: {args.deals - len(todo)} deals already in {args.out}, {len(todo)} to play", flush=True)
        for k, deal in enumerate(todo):
            row, log = play_deal(policy, args.seed, deal, args.chooser)
            with open(args.out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
            if log:
                with open(log_path, "a", encoding="utf-8") as fh:
                    fh.writelines(json.dumps({"player": policy, **entry}) + "\n" for entry in log)
            done[(policy, deal)] = row
            if (k + 1) % 50 == 0:
                s = summarise([done[(policy, d)] for d in range(args.deals) if (policy, d) in done])
                print(f"  {policy}: {s['n_deals']} deals, {s['mean_diff']:+.2f} points per round "
                      f"(95% CI {s['ci95'][0]:+.2f} to {s['ci95'][1]:+.2f})", flush=True)
    print(f"\nschieber ChallengePlayer, duplicate deals, card points only, seed {args.seed}, chooser {args.chooser}")
    print(f"{'player':<10} {'deals':>6} {'ours-theirs':>12} {'95% CI':>18} {'ours':>7} {'fallbacks':>9} "
          f"{'their_illegal':>13} {'time s':>8}")
    for policy in players:
        s = summarise([done[(policy, d)] for d in range(args.deals) if (policy, d) in done])
        print(f"{policy:<10} {s['n_deals']:>6} {s['mean_diff']:>+12.2f} {s['ci95'][0]:>+8.2f} to {s['ci95'][1]:>+6.2f} "
              f"{s['mean_ours']:>7.1f} {s['fallbacks']:>9} {s['their_illegal']:>13} {s['seconds']:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
