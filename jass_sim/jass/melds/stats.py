"""How often melds come: per hand (exactly over all hands, or sampled) and per deal (sampled).

Public entry point: :func:`meld_stats`, returning a :class:`MeldStats` that renders as a table,
CSV or the JSON contract of ``jass-sim melds`` (documented in ``docs/melds.md``) and plots.

Definitions (``docs/rules.md``, "Melds"):

* A hand *announces* a kind of meld when its announcement — the disjoint set of melds with the
  most points, :func:`jass_sim.jass.rules._melds.announce` — contains at least one meld of that kind;
  a hand can announce several kinds.
* Runs are reported by length: ``p_run_k`` for ``k`` from 3 up to the first length from which
  every longer run is worth the same; that last one means "k cards or more". Chibre: ``p_run_3``,
  ``p_run_4``, ``p_run_5`` (5 or more, all 100 points); schieber: ``p_run_3`` ... ``p_run_9``.
* ``p_four_100``: four 10s, Qs, Ks or As (and four 6s, 7s or 8s under a rule set that scores
  them); ``p_four_nines``, ``p_four_jacks``.
* ``p_stoeck``: the hand holds the K and Q of the trump of ``mode`` (0 in obe-abe and une-ufe).
* ``mean_meld_points``: points of the announcement (stöck not included).
* Per deal: the four announcements are compared as in a round (:func:`team_melds`) with seat 0
  as first leader in ``mode``; the "points that count" are the meld points of the team holding
  the best meld (0 for the other team, and for both when nobody melds), before any voiding by a
  match, stöck not included.

95% intervals: Wilson score for proportions, mean ± 1.96 s/√n for means; width zero for exact
figures.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import MODE_NAMES, N_MODES, parse_mode
from jass_sim.jass.melds.count import (
    DealCounts,
    HandCounts,
    deal_tables,
    exact_hand_counts,
    hand_table,
    sampled_deal_counts,
    sampled_hand_counts,
    stat_frame,
)
from jass_sim.jass.rules.presets import RuleSet, get_rules

DEFAULT_HANDS = 1_000_000
DEFAULT_DEALS = 1_000_000


# ---------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------

@dataclass
class MeldStats:
    """Result of :func:`meld_stats`.

    Attributes
    ----------
    rules, mode : str
        Rule preset name and mode name (``H`` ...).
    exact : bool
        Per-hand figures from all hands (True) or from ``hands`` sampled hands.
    hands, deals, seed : int
    per_hand : DataFrame
        See :func:`hand_table`.
    per_deal, distribution : DataFrame
        See :func:`deal_tables`.
    """

    rules: str
    mode: str
    exact: bool
    hands: int
    deals: int
    seed: int
    per_hand: pd.DataFrame
    per_deal: pd.DataFrame
    distribution: pd.DataFrame
    hand_counts: HandCounts = field(repr=False, default=None)
    deal_counts: DealCounts = field(repr=False, default=None)

    def to_dict(self) -> dict:
        """The JSON contract (``docs/melds.md``)."""
        def stat(row):
            return {"estimate": float(row.estimate), "ci95": [float(row.ci95_lo), float(row.ci95_hi)]}

        doc = {"rules": self.rules, "mode": self.mode, "exact": self.exact, "seed": self.seed,
               "hands": self.hands}
        for name, row in self.per_hand.iterrows():
            doc[name] = stat(row)
        deal = {"deals": self.deals, "first_leader": 0, "mode": self.mode}
        for name, row in self.per_deal.iterrows():
            deal[name] = stat(row)
        d = self.distribution
        deal["distribution"] = [
            {"points": int(points), **{team: {"estimate": float(r[team]),
                                              "ci95": [float(r[f"{team}_lo"]), float(r[f"{team}_hi"])]}
                                       for team in ("leader_team", "other_team")}}
            for points, r in d.iterrows()]
        doc["deal"] = deal
        return doc

    def to_frame(self) -> pd.DataFrame:
        """One row per statistic (``statistic, estimate, ci95_lo, ci95_hi, n``): the per-hand
        ones, then ``deal.*`` and ``deal.p_leader_team_points_V`` / ``deal.p_other_team_points_V``
        for each points value ``V`` of the distribution."""
        parts = [self.per_hand, self.per_deal.rename(index=lambda s: f"deal.{s}")]
        rows = {}
        for points, r in self.distribution.iterrows():
            for team in ("leader_team", "other_team"):
                rows[f"deal.p_{team}_points_{points}"] = [r[team], r[f"{team}_lo"], r[f"{team}_hi"], self.deals]
        parts.append(stat_frame(rows))
        return pd.concat(parts).reset_index()

    def render(self, fmt: str) -> str:
        """``table`` (for people), ``csv`` or ``json``."""
        if fmt == "json":
            return json.dumps(self.to_dict())
        if fmt == "csv":
            return self.to_frame().to_csv(index=False, float_format="%.10g")
        how = "exact, all" if self.exact else "sampled"
        def fmt6(x):  # 6 significant digits, never in e-notation (0.000088, not 8.8e-05)
            return np.format_float_positional(x, precision=6, unique=False, fractional=False, trim="-")

        with pd.option_context("display.width", 200, "display.max_rows", 500):
            return "\n".join([
                f"melds per hand ({self.rules}, mode {self.mode}; {how} {self.hands:,} hands; 95% CI):",
                self.per_hand.to_string(float_format=fmt6),
                "",
                f"melds per deal ({self.deals:,} sampled deals, seat 0 leads, mode {self.mode}; "
                "points that count = the best meld's team's meld points, before match voiding):",
                self.per_deal.to_string(float_format=fmt6),
                "",
                "distribution of the meld points that count, per team:",
                self.distribution.to_string(float_format=fmt6),
            ])

    def plot(self, path: str) -> None:
        """Write a PNG or SVG (by extension) of the per-hand probabilities with 95% CI whiskers
        and the per-deal distribution of the points that count; atomically."""
        from jass_sim.core.result import save_figure

        save_figure(self.figure(), path)

    def figure(self):
        """The matplotlib Figure of :meth:`plot` (no pyplot, so no global state)."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(13, 5), layout="constrained")
        ax1, ax2 = fig.subplots(1, 2)
        probs = self.per_hand[self.per_hand.index.str.startswith("p_")]
        x = np.arange(len(probs))
        est = probs["estimate"].to_numpy()
        err = np.vstack([est - probs["ci95_lo"].to_numpy(), probs["ci95_hi"].to_numpy() - est])
        ax1.bar(x, est, yerr=np.clip(err, 0, None), capsize=3, color="tab:blue")
        labels = [s[2:] for s in probs.index]
        last_run = max(i for i, s in enumerate(labels) if s.startswith("run_"))
        if labels[last_run] != "run_9":  # the last run category means "that long or longer"
            labels[last_run] += "+"
        labels = [_READABLE.get(s, s.replace("run_", "run of ").replace("_", " ")) for s in labels]
        ax1.set_xticks(x, labels, rotation=45, ha="right")
        ax1.set_yscale("log")
        ax1.set_ylabel("probability per hand")
        how = "exact" if self.exact else f"{self.hands:,} sampled hands"
        ax1.set_title(f"Melds announced by one hand\n({self.rules}, mode {self.mode}, {how}; 95% CI)")
        d = self.distribution
        pos = np.arange(len(d))
        for off, team, colour in ((-0.2, "leader_team", "tab:green"), (0.2, "other_team", "tab:orange")):
            e = d[team].to_numpy()
            yerr = np.clip(np.vstack([e - d[f"{team}_lo"].to_numpy(), d[f"{team}_hi"].to_numpy() - e]), 0, None)
            ax2.bar(pos + off, e, width=0.4, yerr=yerr, capsize=2, color=colour, label=team.replace("_", " "))
        ax2.set_xticks(pos, [str(p) for p in d.index], rotation=90)
        ax2.set_yscale("log")
        ax2.set_xlabel("meld points that count")
        ax2.set_ylabel("probability per deal")
        ax2.set_title(f"Meld points that count per team\n({self.rules}, mode {self.mode}, {self.deals:,} deals, "
                      "seat 0 leads; 95% CI)")
        ax2.legend()
        return fig



#: Readable axis labels of the per-hand meld statistics (issue 51: no code names in a plot).
_READABLE = {"any_meld": "any meld", "four_jacks": "four Jacks", "four_nines": "four 9s",
             "four_100": "four 10s/Qs/Ks/As (100)", "stoeck": "Stöck (K+Q of trumps)"}


def _check_count(option: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise InputError(f"{option} must be an integer >= {minimum}, got {value!r}", str(value))
    return int(value)


def meld_stats(rules: RuleSet | str = "chibre", hands: int | None = None, exact: bool = False,
               deals: int = DEFAULT_DEALS, seed: int = 0, mode: int | str = 0,
               threads: int | None = None) -> MeldStats:
    """Per-hand and per-deal meld statistics with 95% intervals.

    Wraps the kernels of :mod:`jass_sim.jass.melds._kernels`: ``exact_hands`` (with
    ``exact``) or ``sampled_hands`` for the per-hand figures, ``sampled_deals`` for the per-deal
    ones (see :func:`exact_hand_counts`, :func:`sampled_hand_counts`,
    :func:`sampled_deal_counts`).

    Parameters
    ----------
    rules : RuleSet or str
        ``chibre`` or ``schieber`` (or any preset / RuleSet).
    hands : int, optional
        Sampled hands (default :data:`DEFAULT_HANDS`); not with ``exact``.
    exact : bool
        Count all 94,143,280 hands instead of sampling.
    deals : int
        Sampled deals for the per-deal figures.
    seed : int
        Seed of the sampled hands and deals (same result on any number of threads).
    mode : int or str
        Mode of stöck, of the announcements' tie-breaks and of the per-deal comparison
        (default hearts trump).
    threads : int, optional
        Numba threads (all when None).

    Raises
    ------
    InputError
        Unknown rules or mode, a count below 1, a negative seed, ``hands`` with ``exact``.
    """
    rule_set = get_rules(rules)
    mode = parse_mode(mode) if isinstance(mode, str) else mode
    if isinstance(mode, bool) or not isinstance(mode, (int, np.integer)) or not 0 <= mode < N_MODES:
        raise InputError(f"unknown mode {mode!r}", str(mode))
    mode = int(mode)
    if exact and hands is not None:
        raise InputError("--hands and --exact exclude each other (exact counts all 94,143,280 hands)",
                         "--hands")
    hands = None if exact else _check_count("--hands", DEFAULT_HANDS if hands is None else hands)
    deals = _check_count("--deals", deals)
    seed = _check_count("--seed", seed, 0)
    if threads is not None:
        threads = _check_count("--threads", threads)
    if exact:
        hc = exact_hand_counts(rule_set, mode, threads)
    else:
        hc = sampled_hand_counts(hands, seed, rule_set, mode, threads)
    dc = sampled_deal_counts(deals, seed, rule_set, mode, threads)
    per_deal, distribution = deal_tables(dc)
    return MeldStats(rules=rule_set.name, mode=MODE_NAMES[mode], exact=exact, hands=hc.n, deals=deals,
                     seed=seed, per_hand=hand_table(hc, rule_set, mode), per_deal=per_deal,
                     distribution=distribution, hand_counts=hc, deal_counts=dc)
