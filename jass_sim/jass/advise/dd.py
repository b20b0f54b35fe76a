"""``advise --policy dd``: every option valued by double-dummy play (the solver).

Under the ``dd`` policy every player sees all hands and plays perfectly, so a round's card
points (and match) are exactly the double-dummy value of the deal: each sampled deal is solved
once per option instead of being played card by card. Melds, stöck, the match's voiding of the
beaten team's melds and the multiplier are then added as in any round. The deals are those of
the other policies for the same seed (:func:`jass_sim.jass.advise.sampling.sample_deals`).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

from jass_sim.jass.advise.sampling import CHIBRE, AdviseSamples, sample_deals
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.modes.choose import best_mode
from jass_sim.jass.rules._melds import MAX_MELDS, team_melds
from jass_sim.jass.rules._scoring import MATCH, MELDS, TOTAL, score_round
from jass_sim.jass.rules.presets import STOECK_POINTS


def _round_totals(dealt, mode, leader, team_points, rules) -> np.ndarray:
    """Score row (``int64[2, 5]``) of a round whose card points are ``team_points`` (match
    bonus included, as the solver reports them)."""
    runs, fours, mults = rules.arrays()
    winner, m0, m1 = team_melds(dealt, mode, leader, runs, fours, np.zeros((4, MAX_MELDS, 3), dtype=np.int64))
    cards = [min(p, 157) for p in team_points]
    tricks0 = 9 if team_points[0] > 157 else (0 if team_points[1] > 157 else 1)
    out = np.zeros((2, 5), dtype=np.int64)
    score_round(dealt, mode, winner, m0, m1, cards[0], cards[1], tricks0, mults, out, STOECK_POINTS)
    return out


def advise_dd_samples(hand_mask, rules, options, *, leader: int, seed: int, first_sample: int,
                      n_samples: int, fitted_partner: bool = False) -> AdviseSamples:
    """Per-sample results of every option with double-dummy card play (see the module doc); after a
    chibre the partner picks with the evaluator, or with ``fitted_partner`` the ``fitted`` partner model."""
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.solver import Solver

    deals = sample_deals(hand_mask, seed, first_sample, n_samples)
    runs, fours, mults = rules.arrays()
    modes = np.asarray(rules.modes, dtype=np.int64)
    n_opt = len(options)
    ours = np.zeros((n_samples, n_opt), dtype=np.int64)
    theirs = np.zeros_like(ours)
    flags = np.zeros_like(ours)
    melds = np.zeros_like(ours)
    partner_modes = np.full(n_samples, -1, dtype=np.int64)

    local = threading.local()
    mode_params = default_mode_params(rules) if fitted_partner else None

    def work(s):
        solver = getattr(local, "solver", None)
        if solver is None:  # 128 MB a thread: full deals search 10% fewer nodes than at 2**20
            solver = local.solver = Solver(log2_tt=22)
        dealt = deals[s]
        hands = [mask_to_cards(h) for h in dealt]
        solved = {}  # mode -> points: chibre reuses the solve of the mode the partner picks
        for o, opt in enumerate(options):
            mode = opt
            if opt == CHIBRE:
                if fitted_partner:
                    mode = int(fitted_best(dealt[2], modes, mults, partner_params(mode_params),
                                           np.zeros(TRUMP_FEATURES))[0])
                else:
                    mode = int(best_mode(dealt[2], modes, mults)[0])
                partner_modes[s] = mode
            if mode not in solved:
                r = solver.solve(hands, mode, leader, match=True, moves=False, fresh=True)
                solved[mode] = (r.team0, r.team1)
            score = _round_totals(dealt, mode, leader, solved[mode], rules)
            ours[s, o], theirs[s, o] = score[0, TOTAL], score[1, TOTAL]
            flags[s, o] = (1 if score[0, MATCH] else 0) | (2 if score[1, MATCH] else 0)
            melds[s, o] = score[0, MELDS]

    workers = max(1, numba.get_num_threads())
    # one deal at a time to whichever thread is free (deal costs vary a hundredfold); the solver
    # kernels release the GIL, and every solve starts from a fresh table generation
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(work, range(n_samples)))
    return AdviseSamples(list(options), ours, theirs, flags, melds, partner_modes)
