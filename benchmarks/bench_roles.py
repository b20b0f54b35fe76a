"""Where one card-play policy gains on another: as the declaring team, or in defence.

    python benchmarks/bench_roles.py [--a net] [--b pimc] [--deals 1500] [--rules chibre] [--seed 7]
                                     [--weights path/to/student.npz]

Every deal (mode chosen by the evaluator, which may chibre, or ``--mode``; the declaring team sits
on seats 0 and 2) is played four times with the same cards, mode and random numbers:

* ``A/A``: A at all four seats,            * ``B/B``: B at all four seats,
* ``A decl``: A declares, B defends,       * ``B decl``: B declares, A defends.

Printed with 95% CIs (paired, deal by deal): the declaring team's mean points (card points,
melds, Stöck, the match bonus) in each seating; A's gain as declarer, ``A decl - B/B``; A's gain
in defence, ``B/B - B decl`` (positive when A, defending, holds B's declarers to fewer points);
and the self-play gap ``A/A - B/B``, per mode and in all. A duel (``jass-sim duel``) mixes the two
roles; the self-play gap is what ``advise`` sees when it values options under A rather than B.
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from jass_sim.core.jit import jit
from jass_sim.core.rng import BLOCK_SIZE, block_states
from jass_sim.core.stats import mean_ci
from jass_sim.jass.cards import MODE_NAMES, parse_mode
from jass_sim.jass.engine.batch import _block_scratch
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.engine.round import play_dealt_round
from jass_sim.jass.modes.choose import choose_mode
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.rules import get_rules
from jass_sim.jass.rules._scoring import TOTAL

from common import machine

SEATINGS = ("A/A", "B/B", "A decl", "B decl")


@jit(parallel=True, cache=False)
def four_seatings(players, states, counts, modes_allowed, fixed_mode, mode_params, policy_a, policy_b, params, run_points,
                  four_points, multipliers, out):
    """``out[deal, k]``: the declaring team's points in seating ``k`` of :data:`SEATINGS`;
    ``out[deal, 4]``: the mode. Each deal's random numbers restart from the same state in every
    seating, and the next deal starts from that state too, so every seating sees the same deals."""
    for b in numba.prange(states.shape[0]):
        rng = states[b].copy()
        saved = np.zeros(4, dtype=np.uint64)
        dealt = np.zeros(4, dtype=np.uint64)
        policies = np.zeros(4, dtype=np.int64)
        deck, hands, initial, work = _block_scratch()
        score = work[3]
        for i in range(counts[b]):
            deal_uniform(rng, deck, dealt)
            if fixed_mode >= 0:
                mode, chibred = fixed_mode, 0
            else:
                mode, chibred = choose_mode(1, dealt[0], dealt[2], modes_allowed, multipliers, True, mode_params,
                                            rng)
            saved[:] = rng
            for k in range(4):
                declaring = policy_a if k == 0 or k == 2 else policy_b
                defending = policy_a if k == 0 or k == 3 else policy_b
                for seat in range(4):
                    policies[seat] = declaring if (seat & 1) == 0 else defending
                rng[:] = saved
                hands[:] = dealt
                play_dealt_round(players, hands, initial, 2 if chibred else 0, 0, mode, policies, params, run_points,
                                 four_points, multipliers, rng, work)
                out[b * BLOCK_SIZE + i, k] = score[0, TOTAL]
            out[b * BLOCK_SIZE + i, 4] = mode
            rng[:] = saved


def mean_ci_text(x: np.ndarray) -> str:
    """Mean of the integer values ``x`` with its 95% CI (:func:`jass_sim.core.stats.mean_ci`)."""
    mean, lo, hi = mean_ci(int(x.sum()), int((x * x).sum()), len(x))
    return f"{mean:+7.2f} ({lo:+.2f} to {hi:+.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="net")
    parser.add_argument("--b", default="pimc")
    parser.add_argument("--deals", type=int, default=1_500)
    parser.add_argument("--rules", default="chibre")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mode", help="play every deal in this mode (H, D, S, C, OBE, UNE; seat 0 declares) "
                        "instead of the evaluator's choice")
    parser.add_argument("--weights", help="net weights (.npz) to use instead of the shipped ones")
    args = parser.parse_args()

    params = policy_params()
    if args.weights:
        from jass_sim.jass.players.net import NET_H1, load_weights, pack_params
        params = pack_params(params[:NET_H1], load_weights(args.weights)[0])
    rules = get_rules(args.rules)
    run_points, four_points, multipliers = rules.arrays()
    modes = np.asarray(rules.modes, dtype=np.int64)
    n_blocks = -(-args.deals // BLOCK_SIZE)
    counts = np.full(n_blocks, BLOCK_SIZE, dtype=np.int64)
    counts[-1] = args.deals - (n_blocks - 1) * BLOCK_SIZE
    out = np.zeros((n_blocks * BLOCK_SIZE, 5), dtype=np.int64)
    print(f"machine: {machine()}, {numba.config.NUMBA_NUM_THREADS} Numba threads")
    print(f"A = {args.a}, B = {args.b}, {args.deals:,} deals x 4 seatings, rules {args.rules}, seed {args.seed}, "
          f"mode {args.mode or 'chosen by the evaluator'}"
          + (f", net weights {args.weights}" if args.weights else ""))
    start = time.perf_counter()
    fixed_mode = -1 if args.mode is None else parse_mode(args.mode)
    four_seatings(player_set((PLAYERS.code(args.a), PLAYERS.code(args.b))), block_states(args.seed, 0, n_blocks, 9),
                  counts, modes, fixed_mode, default_mode_params(rules), PLAYERS.code(args.a), PLAYERS.code(args.b), params, run_points, four_points, multipliers, out)
    print(f"played in {time.perf_counter() - start:.1f} s (compilation included)")
    out = out[:args.deals]
    for k, name in enumerate(SEATINGS):
        print(f"declaring team's points, {name:7}: {mean_ci_text(out[:, k])}")
    rows = [("all", np.ones(len(out), dtype=bool))]
    rows += [(MODE_NAMES[m], out[:, 4] == m) for m in np.unique(out[:, 4]).astype(int)]
    print(f"{'mode':>8} {'deals':>6}  {'A gains declaring':>26}  {'A gains defending':>26}  {'self-play A/A - B/B':>26}")
    for name, s in rows:
        if s.sum() < 2:
            continue
        o = out[s]
        print(f"{name:>8} {int(s.sum()):>6}  {mean_ci_text(o[:, 2] - o[:, 1]):>26}  {mean_ci_text(o[:, 1] - o[:, 3]):>26}  "
              f"{mean_ci_text(o[:, 0] - o[:, 1]):>26}")


if __name__ == "__main__":
    main()
