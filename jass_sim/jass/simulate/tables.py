"""Tables of simulation results: aggregate accumulators and per-deal rows as pandas frames."""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.result import Result
from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.engine.batch import ROW_COLUMNS, STATS
from jass_sim.jass.players import DEFAULT_CHOOSER


def summary_table(acc: np.ndarray) -> pd.DataFrame:
    """One row per chosen mode (plus ``all``) from a batch accumulator (``int64[6, N_STATS]``).

    Points are the round totals (cards, melds, stöck, match, times the multiplier) of the
    chooser's team ("ours") and of the other team ("theirs"); every mean and rate comes with its
    95% confidence interval and the number of deals behind it.
    """
    s = {name: i for i, name in enumerate(STATS)}
    rows = []
    total_deals = int(acc[:, s["deals"]].sum())
    labels = list(MODE_NAMES) + ["all"]
    for label, row in zip(labels, list(acc) + [acc.sum(axis=0)]):
        n = int(row[s["deals"]])
        if n == 0:
            continue
        ours = mean_ci(row[s["sum_ours"]], row[s["sumsq_ours"]], n)
        theirs = mean_ci(row[s["sum_theirs"]], row[s["sumsq_theirs"]], n)
        diff_sq = row[s["sumsq_ours"]] - 2 * row[s["sum_ours_theirs"]] + row[s["sumsq_theirs"]]
        diff = mean_ci(row[s["sum_ours"]] - row[s["sum_theirs"]], diff_sq, n)
        _, share_lo, share_hi = wilson_ci(n, total_deals)  # the share of the deals that chose this mode
        out = {"mode": label, "deals": n, "share": n / total_deals, "ci95_share_lo": share_lo, "ci95_share_hi": share_hi}
        for name, (m, lo, hi) in (("ours", ours), ("theirs", theirs), ("diff", diff)):
            out[f"mean_{name}"], out[f"ci95_{name}_lo"], out[f"ci95_{name}_hi"] = m, lo, hi
        for name, key in (("match_ours", "match_ours"), ("match_theirs", "match_theirs"),
                          ("meld_win_ours", "melds_ours"), ("meld_win_theirs", "melds_theirs"),
                          ("stoeck_ours", "stoeck_ours"), ("stoeck_theirs", "stoeck_theirs"),
                          ("chibre", "chibred")):
            p, lo, hi = wilson_ci(int(row[s[key]]), n)
            out[f"rate_{name}"], out[f"ci95_{name}_lo"], out[f"ci95_{name}_hi"] = p, lo, hi
        out["mean_meld_points_ours"] = row[s["meld_points_ours"]] / n
        out["mean_meld_points_theirs"] = row[s["meld_points_theirs"]] / n
        out["mean_cards_ours"] = row[s["cards_ours"]] / n
        out["mean_cards_theirs"] = row[s["cards_theirs"]] / n
        rows.append(out)
    return pd.DataFrame(rows)


def rows_frame(rows: np.ndarray) -> pd.DataFrame:
    """Per-deal rows (see ``engine.batch.ROW_COLUMNS``) with the mode as its name."""
    frame = pd.DataFrame(rows, columns=list(ROW_COLUMNS))
    frame["mode"] = pd.Categorical.from_codes(frame["mode"], categories=list(MODE_NAMES))
    return frame


class Simulation(Result):
    """The answer of ``simulate`` (and ``batch-summary``): the table by chosen mode of
    :func:`summary_table`, whose ``attrs`` hold the run's parameters.

    ``jass_sim.simulate`` returns it: ``table`` the DataFrame, ``str()`` the text table,
    ``to_json()`` ``{**table.attrs, "modes": rows}``, ``to_csv()`` the CSV.
    """

    formats = ("table", "csv", "json")

    def __init__(self, table: pd.DataFrame):
        super().__init__(None, table)

    def to_json(self) -> dict:
        """The ``simulate --format json`` document: the run's parameters, then one record per mode."""
        import json

        return {**self.table.attrs, "modes": json.loads(self.table.to_json(orient="records"))}

    def text(self) -> str:
        """A compact text table for people: means and rates with their 95% intervals."""
        table = self.table

        def ci(m, lo, hi, pct=False):
            if pct:
                return f"{100 * m:5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            return f"{m:7.2f} [{lo:.2f}, {hi:.2f}]"

        view = pd.DataFrame({
            "mode": table["mode"],
            "deals": table["deals"],
            "share": [ci(*r, pct=True) for r in table[["share", "ci95_share_lo", "ci95_share_hi"]].values],
            "ours (chooser team)": [ci(*r) for r in table[["mean_ours", "ci95_ours_lo", "ci95_ours_hi"]].values],
            "theirs": [ci(*r) for r in table[["mean_theirs", "ci95_theirs_lo", "ci95_theirs_hi"]].values],
            "difference": [ci(*r) for r in table[["mean_diff", "ci95_diff_lo", "ci95_diff_hi"]].values],
            "match ours": [ci(*r, pct=True) for r in table[["rate_match_ours", "ci95_match_ours_lo",
                                                             "ci95_match_ours_hi"]].values],
            "melds count ours": [ci(*r, pct=True) for r in table[["rate_meld_win_ours", "ci95_meld_win_ours_lo",
                                                                   "ci95_meld_win_ours_hi"]].values],
            "stoeck ours": [ci(*r, pct=True) for r in table[["rate_stoeck_ours", "ci95_stoeck_ours_lo",
                                                              "ci95_stoeck_ours_hi"]].values],
            "chibred": [ci(*r, pct=True) for r in table[["rate_chibre", "ci95_chibre_lo", "ci95_chibre_hi"]].values],
        })
        return view.to_string(index=False)

    @property
    def heading(self) -> str:
        attrs = self.table.attrs
        return ", ".join(f"{k} {attrs[k]}" for k in ("deals", "rules", "policy", "mode") if k in attrs)


def _spec(deals, rules, policy, mode, seed, chooser, params=None):
    from jass_sim.core.errors import InputError
    from jass_sim.jass.engine.simulate import BatchSpec
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.rules import get_rules

    rules = get_rules(rules)
    if deals <= 0:
        raise InputError(f"the number of deals must be positive, got {deals}", str(deals))
    if mode is not None and mode not in rules.modes:
        raise InputError(f"mode {MODE_NAMES[mode]!r} is not allowed by the {rules.name} rules", MODE_NAMES[mode])
    if chooser not in MODE_POLICIES:
        raise InputError(f"unknown chooser {chooser!r} (expected one of {', '.join(MODE_POLICIES)})", chooser)
    return BatchSpec(deals=deals, rules=rules, policies=np.full(4, PLAYERS.code(policy), dtype=np.int64),
                     fixed_mode=-1 if mode is None else mode, mode_policy=MODE_POLICIES[chooser], seed=seed,
                     params=params)


def simulate(deals: int, rules="chibre", policy: str = "random", mode: int | None = None, seed: int = 0,
             threads: int | None = None, chooser: str = DEFAULT_CHOOSER, progress=None,
             params: np.ndarray | None = None) -> pd.DataFrame:
    """Simulate ``deals`` rounds and return the aggregate table by chosen mode.

    Seat 0 chooses each round (``mode`` if given, else the ``chooser`` mode policy, which may
    chibre to seat 2) and leads; every seat plays ``policy`` (with ``params``, see
    :func:`jass_sim.jass.players.policy_params`). Wraps the parallel kernel
    :func:`jass_sim.jass.engine.batch.run_blocks`; see :func:`summary_table` for the columns.
    """
    from jass_sim.jass.engine.simulate import run_batch

    return summary_table(run_batch(_spec(deals, rules, policy, mode, seed, chooser, params), threads, progress))


def simulate_deals(deals: int, rules="chibre", policy: str = "random", mode: int | None = None, seed: int = 0,
                   threads: int | None = None, chooser: str = DEFAULT_CHOOSER, progress=None,
                   params: np.ndarray | None = None):
    """Like :func:`simulate`, but yield per-deal rows (see :func:`rows_frame`) chunk by chunk.

    The deals are the same as :func:`simulate`'s for the same arguments. The arguments are
    checked at the call (an InputError then), before the first chunk is asked for.
    """
    return _iter_deals(_spec(deals, rules, policy, mode, seed, chooser, params), threads, progress)


def _iter_deals(spec, threads, progress):
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.engine.simulate import iter_chunks

    with numba_threads(threads):
        for _, rows in iter_chunks(spec, per_deal=True, progress=progress):
            yield rows_frame(rows)
