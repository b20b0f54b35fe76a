"""Policy strength by duplicate deals: the ``duel`` result as a pandas Series / dict."""

from __future__ import annotations

import numpy as np

from jass_sim.jass.engine.batch import DUEL_STATS
from jass_sim.core.stats import mean_ci, wilson_ci


def duel_result(acc: np.ndarray, team_a: str, team_b: str) -> dict:
    """Mean point difference per round of team A over team B with its 95% CI, and A's win rate.

    Each duplicate deal (the same cards played twice with the teams' seats swapped) is one
    sample: its per-round difference is half the sum over the two plays. ``win_rate`` counts a
    deal as won when A's two-play total beats B's (ties count half).
    """
    s = {name: i for i, name in enumerate(DUEL_STATS)}
    n = int(acc[s["deals"]])
    mean, lo, hi = mean_ci(acc[s["sum_diff"]] / 2, acc[s["sumsq_diff"]] / 4, n)
    wins, ties = int(acc[s["wins"]]), int(acc[s["ties"]])
    p, plo, phi = wilson_ci(wins, n)
    return {
        "team_a": team_a, "team_b": team_b, "deals": n, "rounds": 2 * n,
        "mean_diff": mean, "ci95_diff": [lo, hi],
        "mean_points_a": acc[s["sum_points_a"]] / (2 * n), "mean_points_b": acc[s["sum_points_b"]] / (2 * n),
        "win_rate": (wins + 0.5 * ties) / n, "wins": wins, "ties": ties, "losses": n - wins - ties,
        "ci95_win_rate_strict": [plo, phi], "p_win_strict": p,
    }


def duel(team_a: str, team_b: str, deals: int, rules="chibre", seed: int = 0, threads: int | None = None,
         chooser: str = "evaluator", progress=None, params: np.ndarray | None = None) -> dict:
    """Play ``deals`` duplicate deals between the card-play policies ``team_a`` and ``team_b``
    (both with ``params``, see :func:`jass_sim.jass.players.policy_params`).

    Wraps the parallel kernel :func:`jass_sim.jass.engine.batch.run_duel_blocks`; see
    :func:`duel_result` for the figures returned.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.engine.simulate import run_duel
    from jass_sim.jass.rules import get_rules

    if deals <= 0:
        raise InputError(f"the number of deals must be positive, got {deals}", str(deals))
    if chooser not in MODE_POLICIES:
        raise InputError(f"unknown chooser {chooser!r} (expected one of {', '.join(MODE_POLICIES)})", chooser)
    acc = run_duel(deals, get_rules(rules), PLAYERS.code(team_a), PLAYERS.code(team_b), seed=seed,
                   mode_policy=MODE_POLICIES[chooser], params=params, threads=threads, progress=progress)
    return duel_result(acc, team_a, team_b) | {"rules": get_rules(rules).name, "seed": seed}
