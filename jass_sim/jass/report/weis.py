"""The Weis and the mode choice (issue 51 item 8): declare − push by the Weis the forehand holds,
with and without the Weis counted on the same deals, and the Weis points per hand set against
Graf's published 9.48.

A hand's Weis is what it announces (:func:`jass_sim.jass.rules._melds.announce`: the disjoint
set of runs and four-of-a-kinds with the most points; no stöck; the same points in every mode).
*Declare* is the mode the hand evaluator picks from the cards (``eval_mode`` of
:func:`~jass_sim.jass.report.sections.values_of`), not the best mean of the deals, so the table
carries no selection bias. *Without the Weis*: the Weis-holding hands are played again on the same
deals under the same rules with every meld worth 0 (:func:`values_without_weis`); as this removes
every seat's Weis, the paired change is the effect of all the Weis on the deals of such a hand, ours
(held for sure) and the other seats'.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.rules.presets import FOUR_OF_KIND_LOW_100, STOECK_POINTS

#: Weis bins by the points a hand announces: none, 20-40, 50-90, 100-140, 150 and more.
WEIS_BINS = ("none", "20", "50", "100", "150+")
_EDGES = (0, 20, 50, 100, 150)
#: ``weis_choice``: per Weis bin, declare (the evaluator's mode) − push, with and without the Weis.
CHOICE_COLUMNS = ("weis", "n", "declare", "declare_lo", "declare_hi", "push", "push_lo", "push_hi", "diff",
                  "diff_lo", "diff_hi", "diff_no_weis", "no_weis_lo", "no_weis_hi", "weis_effect", "effect_lo",
                  "effect_hi", "best_option", "best_share", "best_lo", "best_hi", "push_best", "push_best_lo",
                  "push_best_hi")
#: ``weis_per_hand``: mean Weis points per hand under several counts, against Graf's 9.48.
PER_HAND_COLUMNS = ("count", "estimate", "ci95_lo", "ci95_hi", "n", "exact")
#: Graf's mean Weis points per hand (Maturaarbeit 2009, via the Schweizer Jassverzeichnis; source GRAF).
GRAF_MEAN = 9.48
#: Graf's published shares of hands (rounded as published): no Weis, one run of 3, two runs of 3,
#: run of 4, 100 points, 200 points.
GRAF_SHARES = (("no Weis", 0.72, 0), ("one run of 3", 0.21, 20), ("two runs of 3", 0.01, 40), ("run of 4", 0.04, 50),
               ("100 points", 0.02, 100), ("200 points", 0.0018, 200))
#: Half a unit of the last digit of each published share (whole percent, 0.18% to two decimals).
GRAF_HALF_UNITS = (0.005, 0.005, 0.005, 0.005, 0.005, 0.00005)


def graf_rounding_range() -> tuple[float, float]:
    """The lowest and highest mean Weis points per hand that Graf's shares allow, each share
    anywhere within its rounding (:data:`GRAF_HALF_UNITS`)."""
    mid = sum(p * pts for _, p, pts in GRAF_SHARES)
    half = sum(h * pts for (_, _, pts), h in zip(GRAF_SHARES, GRAF_HALF_UNITS))
    return mid - half, mid + half


def weis_points(masks: np.ndarray, rules) -> np.ndarray:
    """Per hand the points of its Weis (the announced melds, no stöck) under ``rules``."""
    from jass_sim.jass.rules._melds import MAX_MELDS, announce

    runs, fours, _ = rules.arrays()
    out = np.zeros((MAX_MELDS, 3), dtype=np.int64)
    masks = np.asarray(masks).astype(np.uint64)
    return np.array([announce(m, np.int64(0), runs, fours, out)[1] for m in masks], dtype=np.int64)


def weis_bin(points: np.ndarray) -> np.ndarray:
    """:data:`WEIS_BINS` of Weis points (20-40 is "20", 50-90 "50", 100-140 "100")."""
    return np.asarray(WEIS_BINS, dtype=object)[np.searchsorted(_EDGES, np.asarray(points), side="right") - 1]


def no_weis_rules(rules):
    """``rules`` with every meld worth 0 (the same name, so the same partner model)."""
    return rules.replace(run_points=(0,) * 7, four_points=(0,) * 9)


def values_without_weis(masks: np.ndarray, modes: np.ndarray, rows: np.ndarray, rules, samples_per_hand: int,
                        seed: int, policy: int, first_hand: int = 0) -> np.ndarray:
    """``float[n, 2]``: per hand ``masks[i]`` (row ``rows[i]`` of section 1, so the advise samples
    ``(first_hand + rows[i]) * samples_per_hand ...`` of its values) the mean difference of mode
    ``modes[i]`` and of the push under :func:`no_weis_rules`."""
    from jass_sim.jass.advise.advice import PARTNER_MODELS
    from jass_sim.jass.advise.sampling import CHIBRE, run_advise
    from jass_sim.jass.players import DEFAULT_CHOOSER

    bare = no_weis_rules(rules)
    masks = np.asarray(masks).astype(np.uint64)
    out = np.zeros((len(masks), 2))
    for i in range(len(masks)):
        s = run_advise(masks[i], bare, [int(modes[i]), CHIBRE], [policy] * 4, leader=0, seed=seed,
                       first_sample=(first_hand + int(rows[i])) * samples_per_hand, n_samples=samples_per_hand,
                       partner_model=PARTNER_MODELS[DEFAULT_CHOOSER])
        out[i] = (s.ours - s.theirs).astype(np.float64).mean(axis=0)
    return out


def _ci(x: np.ndarray) -> tuple[float, float, float]:
    return mean_ci(float(x.sum()), float((x * x).sum()), len(x))


def choice_table(per_hand: pd.DataFrame, rules, bare: np.ndarray | None) -> pd.DataFrame:
    """:data:`CHOICE_COLUMNS` per Weis bin of section 1's uniform hands ``per_hand``. ``bare``:
    :func:`values_without_weis` of the hands holding a Weis, in their order (None: not played;
    the without-Weis columns are then NaN). Hands without a Weis have no without-Weis
    values are not played: their without-Weis columns are NaN (removing every meld would only
    remove the other seats' Weis)."""
    points = weis_points(per_hand["hand"].to_numpy(), rules)
    bins = weis_bin(points)
    declare = np.array([per_hand[f"value_{m}"].iat[i] for i, m in enumerate(per_hand["eval_mode"])], dtype=float)
    push = per_hand["value_chibre"].to_numpy(dtype=float)
    diff = declare - push
    diff_bare = np.full(len(diff), np.nan)
    if bare is not None:
        diff_bare[points > 0] = bare[:, 0] - bare[:, 1]
    best = per_hand["best"].to_numpy()
    rows = []
    for b in WEIS_BINS:
        sel = bins == b
        n = int(sel.sum())
        if not n:
            continue
        row = {"weis": b, "n": n}
        for name, x in (("declare", declare), ("push", push), ("diff", diff)):
            row[name], row[f"{name}_lo"], row[f"{name}_hi"] = _ci(x[sel])
        row["diff_no_weis"], row["no_weis_lo"], row["no_weis_hi"] = _ci(diff_bare[sel])
        row["weis_effect"], row["effect_lo"], row["effect_hi"] = _ci(diff[sel] - diff_bare[sel])
        options, counts = np.unique(best[sel].astype(str), return_counts=True)
        top = int(np.argmax(counts))
        row["best_option"] = options[top]
        row["best_share"], row["best_lo"], row["best_hi"] = wilson_ci(int(counts[top]), n)
        row["push_best"], row["push_best_lo"], row["push_best_hi"] = wilson_ci(int((best[sel] == "chibre").sum()), n)
        rows.append(row)
    return pd.DataFrame(rows, columns=list(CHOICE_COLUMNS))


def per_hand_table(masks: np.ndarray, rules, melds_hand: pd.DataFrame | None = None,
                   stoeck: pd.DataFrame | None = None, exact: bool = False) -> pd.DataFrame:
    """Mean Weis points per hand (:data:`PER_HAND_COLUMNS`) under several counts, to set against
    Graf's :data:`GRAF_MEAN`: ``announced`` (the rules' count: the hand's announced melds, before
    the comparison with the other hands' Weis; from ``melds_hand``'s ``mean_meld_points`` when
    given, exact over all hands when ``exact``), ``four 6s/7s/8s at 100`` (the same with those
    four-of-a-kinds worth 100, on the hands ``masks``), ``with the stöck`` (announced plus 20 times
    the probability of the stöck in a given trump suit, from ``stoeck``), ``graf_shares`` (Graf's
    own rounded shares summed: the mean they imply) and ``graf`` (his published mean)."""
    rows = []
    if melds_hand is not None and (melds_hand["statistic"] == "mean_meld_points").any():
        r = melds_hand.set_index("statistic").loc["mean_meld_points"]
        base = (float(r["estimate"]), float(r["ci95_lo"]), float(r["ci95_hi"]), int(r["n"]))
    else:
        x = weis_points(masks, rules).astype(float)
        base = (*_ci(x), len(x))
    rows.append({"count": "announced", "estimate": base[0], "ci95_lo": base[1], "ci95_hi": base[2], "n": base[3],
                 "exact": exact})
    low = rules.replace(four_points=tuple(max(a, b) for a, b in zip(rules.four_points, FOUR_OF_KIND_LOW_100)))
    extra = (weis_points(masks, low) - weis_points(masks, rules)).astype(float)
    m, lo, hi = _ci(extra)
    rows.append({"count": "four 6s/7s/8s at 100", "estimate": base[0] + m, "ci95_lo": base[1] + lo,
                 "ci95_hi": base[2] + hi, "n": len(extra), "exact": False})
    if stoeck is not None and (stoeck["statistic"] == "p_stoeck").any():
        s = stoeck.set_index("statistic").loc["p_stoeck"]
        rows.append({"count": "announced + stöck", "estimate": base[0] + STOECK_POINTS * float(s["estimate"]),
                     "ci95_lo": base[1] + STOECK_POINTS * float(s["ci95_lo"]),
                     "ci95_hi": base[2] + STOECK_POINTS * float(s["ci95_hi"]), "n": base[3], "exact": exact})
    implied = sum(p * pts for _, p, pts in GRAF_SHARES)
    rows.append({"count": "graf_shares", "estimate": implied, "ci95_lo": np.nan, "ci95_hi": np.nan, "n": 0,
                 "exact": False})
    rows.append({"count": "graf", "estimate": GRAF_MEAN, "ci95_lo": np.nan, "ci95_hi": np.nan, "n": 0,
                 "exact": False})
    return pd.DataFrame(rows, columns=list(PER_HAND_COLUMNS))


def closest(per_hand: pd.DataFrame) -> str:
    """The count of ``per_hand`` (:func:`per_hand_table`, our counts only) nearest Graf's mean."""
    ours = per_hand[~per_hand["count"].isin(["graf", "graf_shares"])]
    return str(ours["count"].iloc[int(np.argmin(np.abs(ours["estimate"].to_numpy() - GRAF_MEAN)))])


TABLE_COLUMNS = {"weis_choice": CHOICE_COLUMNS, "weis_per_hand": PER_HAND_COLUMNS}


def blocks(tables: dict[str, pd.DataFrame]) -> list[tuple]:
    """The subsection "The Weis and the choice" (section 1)."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm
    from jass_sim.jass.report.plots import label

    def pmx(mean, lo, hi) -> str:  # the hands without a Weis are not played again: no figure
        return "–" if np.isnan(mean) else pm(mean, lo, hi)

    ch, ph = tables.get("weis_choice"), tables.get("weis_per_hand")
    if ch is None or not len(ch):
        return []
    out: list[tuple] = [("h3", "The Weis and the choice")]
    out.append(("p", "A hand's **Weis** is what it announces (runs and four of a kind, the disjoint set with the "
                     "most points; no stöck). *Declare* is the mode the hand evaluator picks from the cards (not the "
                     "best mean of the deals, which would flatter declaring). *Without the Weis*: the hands holding "
                     "one are played again on the same deals with every meld worth 0, so the **Weis's effect** is "
                     "paired; it removes every seat's Weis on those deals, ours and the others' (ours, held for "
                     "sure, weighs most). Hands without a Weis are not played again. The best option is the one of highest mean on the hand's deals."))
    out.append(("table", ["Weis held", "hands", "declare − push", "without the Weis", "Weis's effect",
                          "most often best", "push best"],
                [[r["weis"], n_fmt(r["n"]), pm(r["diff"], r["diff_lo"], r["diff_hi"]),
                  pmx(r["diff_no_weis"], r["no_weis_lo"], r["no_weis_hi"]),
                  pmx(r["weis_effect"], r["effect_lo"], r["effect_hi"]),
                  f"{label(r['best_option'])}: {pct_ci(r['best_share'], r['best_lo'], r['best_hi'])}",
                  pct_ci(r["push_best"], r["push_best_lo"], r["push_best_hi"])] for _, r in ch.iterrows()],
                "Declare (the evaluator's mode) − push by the Weis held, with and without the Weis counted "
                "(points per round, 95% CIs; shares with Wilson CIs); Weis bins: 20 = 20-40 points, 50 = 50-90, "
                "100 = 100-140", "lrrrrll"))
    if ph is not None and len(ph):
        p = ph.set_index("count")

        def fig(k) -> str:
            r = p.loc[k]
            if r["exact"] or np.isnan(r["ci95_lo"]):
                return f"{r['estimate']:.2f}"
            return f"{r['estimate']:.2f} (95% CI {r['ci95_lo']:.2f}–{r['ci95_hi']:.2f})"

        names = {"announced": "announced (our count)", "four 6s/7s/8s at 100": "four 6s, 7s or 8s at 100 points",
                 "announced + stöck": "announced + the stöck of one trump suit",
                 "graf_shares": "Graf's rounded shares summed", "graf": "Graf's published mean"}
        out.append(("table", ["count", "Weis points per hand", "hands"],
                    [[names.get(k, k), fig(k), n_fmt(r["n"]) if r["n"] else "–"] for k, r in p.iterrows()],
                    "Weis points per hand under several counts, against Graf's (exact: over all 94,143,280 hands; "
                    "else on section 1's hands, 95% CI)", "lrr"))
        lo, hi = graf_rounding_range()
        shares = ", ".join(f"{100 * s:g}% {what}" for what, s, _ in GRAF_SHARES)
        text = (f"**Weis points per hand: {fig('announced')} against Graf's {GRAF_MEAN:.2f}.** Our count is the "
                "melds a hand announces (the disjoint set of most points) under these rules, before the other "
                "hands' Weis are compared; it leaves out the stöck and counts four 6s, 7s or 8s as no Weis. "
                f"Counting those at 100 points gives {fig('four 6s/7s/8s at 100')}")
        if "announced + stöck" in p.index:
            text += f"; adding the stöck of one trump suit gives {fig('announced + stöck')}"
        text += (f". Graf's own shares ({shares}), rounded as published, sum to "
                 f"{p.loc['graf_shares', 'estimate']:.2f} points per hand, and their rounding alone allows "
                 f"{lo:.2f} to {hi:.2f}: his {GRAF_MEAN:.2f} cannot be rebuilt from them, and his count is not "
                 f"stated. Of our counts, *{names[closest(ph)]}* comes closest to his mean.")
        out.append(("p", text))
    return out
