"""Rare hands, sampled on purpose (issue 51, report section 1): the declare-or-push tables on the
report's uniform hands pooled with hands drawn from the strata of
:mod:`jass_sim.jass.report.strata` (four aces, four sixes, 5 and 6+ trumps, Buur-Nell-Ace, the
cells of the rules of thumb), weighted back to the uniform population.

Each hand is seen from one target suit (a uniform hand ``i`` from the ``i % n``-th trump suit of
the rules, a drawn hand from the suit it was drawn for), so the hands stay independent units. The
tables split the trumps x Buur/Nell x side aces cells by the trump ace as well: with three side
aces and the trump ace a hand holds four aces and their 100-point meld, a confound of the uniform
table that this split takes apart.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.report import strata as St
from jass_sim.jass.report.sections import BUUR_NELL, MIN_CELL, TRUMP_BINS

#: Hands drawn per stratum (each multiplier class of the rules gets its share) at the default budget.
STRATA_HANDS = 512
#: Columns of the tables.
SAMPLE_COLUMNS = ("hand", "suit", "multiplier", "stratum", "drawn", "declare", "push")
STRATA_COLUMNS = ("multiplier", "stratum", "drawn_as", "probability", "population_hands", "uniform_hands",
                  "drawn_hands", "weight")
CELL_COLUMNS = ("multiplier", "trumps", "buur_nell", "trump_ace", "side_aces", "share", "n", "drawn", "declare",
                "declare_lo", "declare_hi", "push", "push_lo", "push_hi", "diff", "diff_lo", "diff_hi")
POPULATION_COLUMNS = ("multiplier", "figure", "strata", "strata_lo", "strata_hi", "strata_n", "uniform", "uniform_lo",
                      "uniform_hi", "uniform_n", "agree")


def trump_suits(rules) -> tuple[int, ...]:
    """The rules' trump suits (0-3), the target suits of the sample."""
    return tuple(int(m) for m in rules.modes if m < 4)


def sample(uniform: pd.DataFrame, drawn: pd.DataFrame, drawn_meta: pd.DataFrame, rules) -> pd.DataFrame:
    """One row per hand (:data:`SAMPLE_COLUMNS` and the hand's features from its target suit):
    ``uniform`` and ``drawn`` are per-hand option values
    (:func:`~jass_sim.jass.report.sections.values_of`), ``drawn_meta`` the drawn hands' ``suit``
    (:func:`~jass_sim.jass.report.strata.drawn_hands`). ``declare`` is the value of the target
    suit as trump, ``push`` chibre's on the same deals."""
    suits = trump_suits(rules)
    frames = []
    for df, suit, is_drawn in ((uniform, np.asarray([suits[i % len(suits)] for i in range(len(uniform))],
                                                    dtype=np.int64), False),
                               (drawn, drawn_meta["suit"].to_numpy(dtype=np.int64), True)):
        if not len(df):
            continue
        values = np.stack([df[f"value_{MODE_NAMES[s]}"].to_numpy(dtype=float) for s in range(4)
                           if f"value_{MODE_NAMES[s]}" in df], axis=1)
        col = {s: i for i, s in enumerate(s for s in range(4) if f"value_{MODE_NAMES[s]}" in df)}
        feats = St.hand_counts(df["hand"].to_numpy(), suit)
        frames.append(pd.concat([pd.DataFrame({
            "hand": df["hand"].to_numpy(dtype=np.int64), "suit": suit,
            "multiplier": np.asarray(rules.multipliers, dtype=np.int64)[suit],
            "stratum": feats["stratum"].to_numpy(), "drawn": is_drawn,
            "declare": values[np.arange(len(df)), [col[int(s)] for s in suit]],
            "push": df["value_chibre"].to_numpy(dtype=float)}), feats.drop(columns="stratum")], axis=1))
    return pd.concat(frames, ignore_index=True)


def probabilities() -> dict[str, float]:
    """Each stratum's exact probability (:func:`~jass_sim.jass.report.strata.design`)."""
    d = St.design()
    return dict(zip(d["stratum"], d["probability"]))


def strata_table(s: pd.DataFrame) -> pd.DataFrame:
    """Per multiplier and stratum (:data:`STRATA_COLUMNS`): how its hands were drawn, its exact
    probability and number of hands, the uniform and drawn hands of the sample in it, and each of
    its hands' weight ``probability / hands sampled`` (the weights of a multiplier sum to one)."""
    d = St.design()
    rows = []
    for mult in sorted(set(s["multiplier"])):
        g = s[s["multiplier"] == mult]
        for _, r in d.iterrows():
            k = g[g["stratum"] == r["stratum"]]
            rows.append({"multiplier": int(mult), "stratum": r["stratum"], "drawn_as": r["drawn_as"],
                         "probability": r["probability"], "population_hands": int(r["hands"]),
                         "uniform_hands": int((~k["drawn"]).sum()), "drawn_hands": int(k["drawn"].sum()),
                         "weight": r["probability"] / len(k) if len(k) else np.nan})
    return pd.DataFrame(rows, columns=list(STRATA_COLUMNS))


def _estimates(g: pd.DataFrame, p: dict, domain: np.ndarray | None) -> dict:
    out = {}
    for name, y in (("declare", g["declare"]), ("push", g["push"]), ("diff", g["declare"] - g["push"])):
        m, lo, hi = St.weighted_mean(y.to_numpy(), g["stratum"].to_numpy(), p, domain)
        out[name], out[f"{name}_lo"], out[f"{name}_hi"] = m, lo, hi
    return out


def cell_table(s: pd.DataFrame, split_ace: bool = True) -> pd.DataFrame:
    """Declare (the target suit) against push by trumps x Buur/Nell x trump ace x side aces, per
    multiplier (:data:`CELL_COLUMNS`): ``share`` (the cell's exact share of all hands), ``n`` (hands
    of the sample in it), ``drawn`` (of them drawn on purpose), and the weighted means with 95% CIs
    (:func:`~jass_sim.jass.report.strata.weighted_mean`; ``diff`` = ``declare`` - ``push``, paired).
    ``split_ace=False``: the cells pooled over the trump ace (``trump_ace`` is then ``"any"``)."""
    p = probabilities()
    cells = St.cell_table()
    if not split_ace:
        cells["trump_ace"] = "any"
    share = St.domain_probability(cells, ["trumps_bin", "buur_nell", "trump_ace", "side_aces"])
    rows = []
    for mult in sorted(set(s["multiplier"])):
        g = s[s["multiplier"] == mult].reset_index(drop=True)
        ace_of = g["trump_ace"] if split_ace else pd.Series("any", index=g.index)
        for t in TRUMP_BINS:
            for bn in BUUR_NELL:
                for ace in ((False, True) if split_ace else ("any",)):
                    for a in range(4):
                        d = ((g["trumps_bin"] == t) & (g["buur_nell"] == bn) & (ace_of == ace)
                             & (g["side_aces"] == a)).to_numpy()
                        if not d.any():
                            continue
                        rows.append({"multiplier": int(mult), "trumps": t, "buur_nell": bn, "trump_ace": ace,
                                     "side_aces": a, "share": float(share.get((t, bn, ace, a), 0.0)),
                                     "n": int(d.sum()), "drawn": int((d & g["drawn"].to_numpy()).sum()),
                                     **_estimates(g, p, d)})
    return pd.DataFrame(rows, columns=list(CELL_COLUMNS))


def population_table(s: pd.DataFrame) -> pd.DataFrame:
    """The population means of declaring the target suit, of pushing and of their difference, per
    multiplier (:data:`POPULATION_COLUMNS`): from the strata (every hand, weighted) and from the
    uniform hands alone, and ``agree`` (their difference is within the 95% half-width
    ``sqrt(h1^2 + h2^2)`` of two independent estimates: conservative, as the strata hold the uniform
    hands too; it checks that the weights take the drawn hands back to the uniform population)."""
    p = probabilities()
    rows = []
    for mult in sorted(set(s["multiplier"])):
        g = s[s["multiplier"] == mult].reset_index(drop=True)
        u = g[~g["drawn"]]
        strat = _estimates(g, p, None)
        for figure in ("declare", "push", "diff"):
            y = (u["declare"] - u["push"]) if figure == "diff" else u[figure]
            m, lo, hi = St.weighted_mean(y.to_numpy(), np.full(len(u), St.REST, dtype=object), {St.REST: 1.0})
            a, alo, ahi = strat[figure], strat[f"{figure}_lo"], strat[f"{figure}_hi"]
            half = np.hypot((ahi - alo) / 2, (hi - lo) / 2)
            rows.append({"multiplier": int(mult), "figure": figure, "strata": a, "strata_lo": alo, "strata_hi": ahi,
                         "strata_n": len(g), "uniform": m, "uniform_lo": lo, "uniform_hi": hi, "uniform_n": len(u),
                         "agree": bool(abs(a - m) <= half) if np.isfinite(half) else False})
    return pd.DataFrame(rows, columns=list(POPULATION_COLUMNS))


def tables(uniform: pd.DataFrame, drawn: pd.DataFrame, drawn_meta: pd.DataFrame, rules) -> dict[str, pd.DataFrame]:
    """The section's tables: ``strata``, ``declare_strata``, ``strata_population`` and
    ``sheet_cells`` (the declare cells pooled over the trump ace, for the Vorhand sheet)."""
    s = sample(uniform, drawn, drawn_meta, rules)
    return {"strata": strata_table(s), "declare_strata": cell_table(s), "strata_population": population_table(s),
            "sheet_cells": cell_table(s, split_ace=False)}


# ---------------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------------

def blocks(t: dict[str, pd.DataFrame]) -> list[tuple]:
    """The subsection (see :mod:`jass_sim.core.report.render`), from the tables of :func:`tables` only."""
    from jass_sim.core.report.text import n_fmt, pm

    if "strata" not in t or not len(t["strata"]):
        return []
    st, cells, pop = t["strata"], t["declare_strata"], t["strata_population"]
    mult = int(st["multiplier"].min())
    out: list[tuple] = [("h3", "Rare hands, sampled on purpose")]
    out.append(("p", "Uniform hands seldom hold four aces or six trumps, so besides the uniform hands above the "
                     "report draws hands from **strata** fixed by their decisive cards: a stratum's hands are drawn "
                     "uniformly among all hands that hold those cards (the other cards at random), and each stratum's "
                     "exact share of all 94,143,280 hands (hypergeometric counts) weights its hands back to the "
                     "uniform population. Each hand is tested in one suit as trump (a uniform hand in one suit by "
                     "turns); a hand belongs to the first stratum that takes it. The uniform hands count in the "
                     "stratum they fall in."))
    s = st[st["multiplier"] == mult]
    out.append(("table", ["stratum (the hand holds)", "share of all hands", "uniform hands", "drawn hands",
                          "weight per hand"],
                [[r["drawn_as"], f"{r['probability']:.5f}", n_fmt(r["uniform_hands"]), n_fmt(r["drawn_hands"]),
                  f"{r['weight']:.2e}" if np.isfinite(r["weight"]) else "—"] for _, r in s.iterrows()],
                f"How the hands were drawn (trump suits ×{mult})", "lrrrr"))
    p = pop[pop["multiplier"] == mult]
    if len(p):
        words = {"declare": "declare the suit", "push": "push", "diff": "declare − push"}
        out.append(("table", ["figure (all hands)", "from the strata (weighted)", "from the uniform hands",
                              "agree"],
                    [[words[r["figure"]], f"{pm(r['strata'], r['strata_lo'], r['strata_hi'])} ({n_fmt(r['strata_n'])})",
                      f"{pm(r['uniform'], r['uniform_lo'], r['uniform_hi'])} ({n_fmt(r['uniform_n'])})",
                      "yes" if r["agree"] else "**no**"] for _, r in p.iterrows()],
                    "Population figures: the weighted strata against the uniform hands alone (points per round, "
                    "95% CIs; agree: their difference is within its 95% interval)", "lrrl"))
    c = cells[(cells["multiplier"] == mult) & (cells["drawn"] > 0) & (cells["n"] >= MIN_CELL)]
    if len(c):
        out.append(("p", "Declaring or pushing in the cells the drawn hands fill, split by the **trump ace** (with "
                         "three side aces and the trump ace a hand holds four aces and their 100-point Weis). The "
                         "push column is the hand's own bar: declare where declare − push is above zero. Cells of "
                         f"fewer than {MIN_CELL} hands are in `tables/declare_strata.csv`."))
        out.append(("table", ["trumps", "Buur / Nell", "trump ace", "side aces", "hands (drawn)", "declare", "push",
                              "declare − push"],
                    [[r["trumps"], r["buur_nell"], "yes" if r["trump_ace"] else "no", str(r["side_aces"]),
                      f"{n_fmt(r['n'])} ({n_fmt(r['drawn'])})", pm(r["declare"], r["declare_lo"], r["declare_hi"]),
                      pm(r["push"], r["push_lo"], r["push_hi"]), pm(r["diff"], r["diff_lo"], r["diff_hi"])]
                     for _, r in c.iterrows()],
                    f"Declare or push in the stratified cells (trump suits ×{mult}; points per round, 95% CIs)",
                    "llllrrrr"))
    return out

