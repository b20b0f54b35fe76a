"""Issue 45, item 3: can the ``search`` player's pegging be beaten by pegging on the adviser's own
values? The candidate (pegging policy ``PEG_WIDE`` of :mod:`jass_sim.cribbage._pegging`) is the
``search`` player with the pegging adviser's sample size: it values each card by the same face-up
play-outs (:func:`jass_sim.cribbage._search.search_values`, the evaluation the adviser's
``mean_diff`` uses) over ``WIDE_WORLDS`` sampled opponent hands instead of ``SEARCH_WORLDS``; it
throws as ``search`` does. Measured stronger than ``search`` at 8,064 games (benchmarks/RESULTS.md,
2026-11-28), it is the player ``wide``.

Duplicate-dealt games as ``jass-sim cribbage simulate`` plays them (the same blocks, seeds and
kernel, ``_game.play_games``), A = the candidate against B = ``search`` and against B = ``expect``;
the summary is ``simulate``'s (:func:`jass_sim.cribbage.analysis.game_summary`: Wilson 95% CIs over
the game pairs). Checkpointed: each run plays whole blocks of 64 pairs until ``--max-seconds`` and
adds them to ``--out`` (an ``.npz`` per opponent); run it again to go on. The CIs cover the deals
only, not the choice of opponents.

    NUMBA_NUM_THREADS=1 python benchmarks/bench_cribbage_pegging.py --games 8000 --max-seconds 540 \\
        --out out/wide_pegging [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np


def run(opponent: str, games: int, seed: int, out: str, max_seconds: float) -> dict:
    from jass_sim.core.batches import call
    from jass_sim.core.rng import block_states
    from jass_sim.cribbage._game import PAIRS_PER_BLOCK, play_games
    from jass_sim.cribbage._pegging import PEG_WIDE
    from jass_sim.cribbage._players import DISCARD_SEARCH
    from jass_sim.cribbage.analysis import game_summary
    from jass_sim.cribbage.discards import crib_rank_table
    from jass_sim.cribbage.engine import DECK_STREAM, PLAY_STREAM, Batch, _trace_arrays
    from jass_sim.cribbage.players import PLAYERS

    path = f"{out}_{opponent}.npz"
    n_blocks = -(-games // (2 * PAIRS_PER_BLOCK))
    if os.path.exists(path):
        saved = np.load(path)
        results, acc, acc_n, done = saved["results"], saved["acc"], saved["acc_n"], int(saved["blocks"])
    else:
        results, acc, acc_n, done = None, None, None, 0
    policies = np.array([(DISCARD_SEARCH, PEG_WIDE), PLAYERS.code(opponent, "--b")], dtype=np.int64)
    table = crib_rank_table()
    started = time.monotonic()
    while done < n_blocks and time.monotonic() - started < max_seconds:
        deck = block_states(seed, done, 1, DECK_STREAM)
        play = block_states(seed, done, 1, PLAY_STREAM)
        r, a, n = call(play_games, deck, play, PAIRS_PER_BLOCK, policies, table, False, *_trace_arrays(1, 1))
        results = r if results is None else np.concatenate([results, r])
        acc = a.sum(axis=0) if acc is None else acc + a.sum(axis=0)
        acc_n = n.sum(axis=0) if acc_n is None else acc_n + n.sum(axis=0)
        done += 1
        tmp = path + ".tmp.npz"
        np.savez(tmp, results=results, acc=acc, acc_n=acc_n, blocks=done)
        os.replace(tmp, path)  # a run cut anywhere keeps every whole block
        print(f"{opponent}: block {done}/{n_blocks} ({time.monotonic() - started:.0f} s)", flush=True)
    summary = game_summary(Batch(results, acc, acc_n), "wide-pegging", opponent, seed)
    summary["blocks_done"], summary["blocks_target"] = done, n_blocks
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=540.0)
    parser.add_argument("--out", default="out/wide_pegging")
    parser.add_argument("--against", default="search,expect")
    args = parser.parse_args()
    for opponent in args.against.split(","):
        s = run(opponent, args.games, args.seed, args.out, args.max_seconds / len(args.against.split(",")))
        pph = s["points_per_hand"]
        print(json.dumps({"against": opponent, "games": s["games"], "a_win": s["a_win"],
                          "blocks": [s["blocks_done"], s["blocks_target"]],
                          "pegging": {k: v.get("pegging") for k, v in pph.items()}}, indent=None), flush=True)


if __name__ == "__main__":
    main()
