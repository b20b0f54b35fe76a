"""Fitting data for a partner model after a push (issue 44, section 2): checkpointed, resumable.

After a push the partner (seat 2) names the mode and the pusher (seat 0) leads; the push tells
something about the pusher's hand. The shipped ``fitted`` weights were fitted for a chooser who
leads. This script writes the data a partner model is fitted on: uniform deals in which seat 0's
fitted mode model pushes (rejection sampling, so the pusher's hands are those the model pushes),
each played once in every allowed mode with seat 2 as the declarer and seat 0 leading, by the
``--policy`` player at every seat (``play_dealt_round``, the engine's public round kernel; the
same deal in every mode: paired).

Output, in ``--out`` (default ``out/partner-data``): ``manifest.json`` (the parameters: a resumed
run must use the same) and one ``chunk_NNNNN.npz`` per chunk of ``--chunk`` candidate deals:
``partner`` (seat 2's hand, uint64 masks), ``pusher`` (seat 0's), ``diff`` (int64[n, modes]: the
round's difference, seats 0+2 minus 1+3, cards, melds, stöck and match times the multiplier, in
each mode of ``modes``), ``modes``. Each chunk is written to a temporary file and renamed, so a
kill at any moment loses at most the chunk under way; rerunning the same command skips the chunks
on disk. Chunk ``k`` draws its deals from ``SeedSequence(seed, spawn_key=(stream, 2k))`` and its
card play from block ``2k + 1`` of the same stream, so a chunk's content does not depend on how
many runs made the directory.

    NUMBA_NUM_THREADS=1 python scripts/partner_data.py --chunks 2000 --out out/partner-data
    # resume after a stop: the same command

A later fit reads the chunks (features of ``partner`` per mode as in
:func:`jass_sim.jass.modes.fit.mode_feature_matrix`, target ``diff``).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

import numpy as np

from jass_sim.core.rng import block_states
from jass_sim.jass.streams import STREAMS

PARTNER_STREAM = STREAMS["jass.partner-data"]
FORMAT = 1


def manifest(args) -> dict:
    return {"format": FORMAT, "rules": args.rules, "policy": args.policy, "seed": args.seed, "chunk": args.chunk}


def chunk(k: int, args, rules, pid: int) -> dict:
    """The data of chunk ``k`` (see the module)."""
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.jass.engine.round import new_work, play_dealt_round
    from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players import policy_params
    from jass_sim.jass.players.dispatch import player_set
    from jass_sim.jass.rules._scoring import TOTAL

    deal_rng = np.random.default_rng(np.random.SeedSequence(args.seed, spawn_key=(PARTNER_STREAM, 2 * k)))
    play_rng = block_states(args.seed, 2 * k + 1, 1, PARTNER_STREAM)[0].copy()
    modes = np.asarray(rules.modes, dtype=np.int64)
    runs, fours, mults = rules.arrays()
    params = default_mode_params(rules)
    players = player_set(pid)
    policies = np.full(4, pid, dtype=np.int64)
    pparams = policy_params()
    work = new_work()
    initial = np.zeros(4, dtype=np.uint64)
    partner, pusher, diffs = [], [], []
    for _ in range(args.chunk):
        deck = deal_rng.permutation(36)
        hands = np.array([cards_to_mask(int(c) for c in deck[9 * s: 9 * s + 9]) for s in range(4)], dtype=np.uint64)
        _, pushed = choose_mode(MODE_POLICIES["fitted"], hands[0], hands[2], modes, mults, True, params,
                                np.ones(4, dtype=np.uint64))
        if not pushed:
            continue
        row = np.zeros(len(modes), dtype=np.int64)
        for i, mode in enumerate(modes):
            h = hands.copy()
            play_dealt_round(players, h, initial, 2, 0, int(mode), policies, pparams, runs, fours, mults, play_rng,
                             work)
            score = work[3]
            row[i] = score[0, TOTAL] - score[1, TOTAL]
        partner.append(hands[2])
        pusher.append(hands[0])
        diffs.append(row)
    return {"partner": np.asarray(partner, dtype=np.uint64), "pusher": np.asarray(pusher, dtype=np.uint64),
            "diff": np.asarray(diffs, dtype=np.int64).reshape(-1, len(modes)), "modes": modes}


def main(argv=None) -> int:
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.rules import get_rules

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="chibre")
    ap.add_argument("--policy", default="net")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=1024, help="candidate deals per chunk")
    ap.add_argument("--chunks", type=int, default=2000, help="chunks in all (the run stops when they are on disk)")
    ap.add_argument("--minutes", type=float, default=None, help="stop after this many minutes (resume later)")
    ap.add_argument("--out", default="out/partner-data")
    args = ap.parse_args(argv)
    rules = get_rules(args.rules)
    pid = PLAYERS.code(args.policy)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    mpath = out / "manifest.json"
    want = manifest(args)
    if mpath.exists():
        have = json.loads(mpath.read_text())
        if have != want:
            print(f"partner_data: {mpath} was written with {have}, not {want}: use another --out", file=sys.stderr)
            return 2
    else:
        mpath.write_text(json.dumps(want, indent=1) + "\n")
    stop = {"now": False}

    def on_signal(signum, frame):  # finish (or drop) the chunk under way, then stop
        stop["now"] = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    start = time.monotonic()
    done = ran = 0
    for k in range(args.chunks):
        path = out / f"chunk_{k:05d}.npz"
        if path.exists():
            done += 1
            continue
        if stop["now"] or (args.minutes is not None and time.monotonic() - start > 60 * args.minutes):
            break
        data = chunk(k, args, rules, pid)
        if stop["now"]:
            break  # a chunk cut short by the signal might be whole, but keep the rule simple: redo it
        tmp = out / f".chunk_{k:05d}.tmp.npz"
        np.savez_compressed(tmp, **data)
        os.replace(tmp, path)
        done += 1
        ran += 1
        print(f"chunk {k}: {len(data['diff'])} pushed deals ({done}/{args.chunks} on disk, "
              f"{time.monotonic() - start:.0f} s)", flush=True)
    print(f"partner_data: {done}/{args.chunks} chunks on disk in {out} ({ran} written now); rerun the same "
          "command to resume", flush=True)
    return 130 if stop["now"] else 0


if __name__ == "__main__":
    sys.exit(main())
