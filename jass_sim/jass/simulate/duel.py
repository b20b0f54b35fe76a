"""Policy strength by duplicate deals: the ``duel`` figures (a dict) and the :class:`Duel` result."""

from __future__ import annotations

import numpy as np

from jass_sim.core.result import Result
from jass_sim.core.stats import mean_ci, rate_ci, wilson_ci
from jass_sim.jass.engine.batch import DUEL_STATS
from jass_sim.jass.players import DEFAULT_CHOOSER


class Duel(Result):
    """The answer of ``duel`` (:func:`jass_sim.duel`): ``to_json()`` (``mean_diff``,
    ``ci95_diff``, ``win_rate`` with its Wilson ``ci95_win_rate``, ``wins``/``ties``/``losses``, ``mean_points_a``/``_b``, ...) and
    a one-row ``table``."""

    formats = ("table", "json", "csv")

    def __init__(self, doc: dict):
        import pandas as pd

        flat = {k: v for k, v in doc.items() if not isinstance(v, list)}
        for key in ("ci95_diff", "ci95_win_rate", "ci95_win_rate_strict"):
            if key in doc:
                flat[f"{key}_lo"], flat[f"{key}_hi"] = doc[key]
        super().__init__(doc, pd.DataFrame([flat]))

    def text(self) -> str:
        doc = self._doc
        lo, hi = doc["ci95_diff"]
        a, b = doc["team_a"], doc["team_b"]
        return (f"{a} vs {b}, {doc['deals']:,} duplicate deals ({doc['rounds']:,} rounds), rules {doc['rules']}\n"
                f"mean difference per round: {doc['mean_diff']:+.2f} points (95% CI {lo:+.2f} to {hi:+.2f})\n"
                f"win rate of {a}: {100 * doc['win_rate']:.1f}% (95% CI {100 * doc['ci95_win_rate'][0]:.1f} to "
                f"{100 * doc['ci95_win_rate'][1]:.1f}; {doc['wins']:,} won, {doc['ties']:,} tied, {doc['losses']:,} lost)\n"
                f"mean points per round: {a} {doc['mean_points_a']:.1f}, {b} {doc['mean_points_b']:.1f}")

    @property
    def heading(self) -> str:
        return self.text().split("\n")[1]


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
    _, wlo, whi = rate_ci(wins + 0.5 * ties, wins + 0.25 * ties, n, max_n=2 * n)  # a tie is half a win
    return {
        "team_a": team_a, "team_b": team_b, "deals": n, "rounds": 2 * n,
        "mean_diff": mean, "ci95_diff": [lo, hi],
        "mean_points_a": acc[s["sum_points_a"]] / (2 * n), "mean_points_b": acc[s["sum_points_b"]] / (2 * n),
        "win_rate": (wins + 0.5 * ties) / n, "ci95_win_rate": [wlo, whi], "wins": wins, "ties": ties, "losses": n - wins - ties,
        "ci95_win_rate_strict": [plo, phi], "p_win_strict": p,
    }


def duel(team_a: str, team_b: str, deals: int, rules="chibre", seed: int = 0, threads: int | None = None,
         chooser: str = DEFAULT_CHOOSER, progress=None, params: np.ndarray | None = None) -> dict:
    """Play ``deals`` duplicate deals between the card-play policies ``team_a`` and ``team_b``
    (both with ``params``, see :func:`jass_sim.jass.players.policy_params`).

    Wraps the parallel kernel :func:`jass_sim.jass.engine.batch.run_duel_blocks`; see
    :func:`duel_result` for the figures returned.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.jass.engine.simulate import run_duel
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.rules import get_rules

    if deals <= 0:
        raise InputError(f"the number of deals must be positive, got {deals}", str(deals))
    if chooser not in MODE_POLICIES:
        raise InputError(f"unknown chooser {chooser!r} (expected one of {', '.join(MODE_POLICIES)})", chooser)
    acc = run_duel(deals, get_rules(rules), PLAYERS.code(team_a), PLAYERS.code(team_b), seed=seed,
                   mode_policy=MODE_POLICIES[chooser], params=params, threads=threads, progress=progress)
    return duel_result(acc, team_a, team_b) | {"rules": get_rules(rules).name, "seed": seed}


def duel_networks(first: dict | None, second: dict | None, deals: int, rules="chibre", seed: int = 0,
                  threads: int | None = None, chooser: str = "evaluator", progress=None,
                  names: tuple[str, str] | None = None, first_policy: str = "net") -> dict:
    """Two ``net`` networks on duplicate deals (as :func:`duel`): ``first`` as team A, ``second`` as
    team B (dicts of layers ``W1 b1 W2 b2 W3 b3``; None is the shipped network). Benchmarks and
    training compare a new network with the one it replaces this way. With ``first_policy="search"``
    team A plays ``search`` (its default settings) over the ``first`` network: a candidate network
    should also make a stronger search against a fixed opponent before it is shipped. ``names``
    label the teams (default: ``"net (first)"`` or ``"search (first)"``, and ``"net (second)"``).
    """
    from jass_sim.jass.engine.simulate import run_duel
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players import PLAYERS, policy_params
    from jass_sim.jass.players.dispatch import SECOND_NET
    from jass_sim.jass.players.net import NET_H1, pack_two
    from jass_sim.jass.rules import get_rules

    if first_policy not in ("net", "search"):
        raise ValueError(f"first_policy must be net or search, not {first_policy!r}")
    if names is None:
        names = (f"{first_policy} (first)", "net (second)")
    params = pack_two(policy_params()[:NET_H1], first, second)
    acc = run_duel(deals, get_rules(rules), PLAYERS.code(first_policy), SECOND_NET, seed=seed,
                   mode_policy=MODE_POLICIES[chooser], params=params, threads=threads, progress=progress)
    return duel_result(acc, *names) | {"rules": get_rules(rules).name, "seed": seed}
