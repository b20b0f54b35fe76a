"""Rules of thumb with a threshold (issue 51): the threshold's hands tested level by level, the
threshold the data give, and the verdicts of every rule decided in one Holm family
(:mod:`jass_sim.jass.report.verdicts`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci
from jass_sim.jass.report.thumb import ACE, JACK, NINE, SUIT_NAMES, Hand
from jass_sim.jass.report.verdicts import MIN_HANDS, VERDICT_COLUMNS, decide, holm, p_value

LEVEL_COLUMNS = ("key", "quantity", "level", "rule_level", "n", "mean", "ci95_lo", "ci95_hi")


@dataclass(frozen=True)
class Threshold:
    """A rule's threshold: ``quantity`` (words), the rule's ``level``, and ``family(hand)``: for a
    hand of the rule's family at any level, ``(level, recommended, advised_against)``, else None."""

    key: str
    quantity: str
    level: int
    family: Callable[[Hand], tuple[int, str, str] | None]


def _suit_family(ok, level_of):
    def family(h: Hand):
        suits = [s for s in range(4) if ok(h, s)]
        if not suits:
            return None
        s = max(suits, key=h.count)
        return level_of(h, s), SUIT_NAMES[s], "chibre"
    return family


THRESHOLDS: tuple[Threshold, ...] = (
    Threshold("obe_five_sure", "sure tricks", 5, lambda h: (min(h.sure_tricks(True), 7), "OBE", "chibre")),
    Threshold("une_five_sure", "sure tricks", 5, lambda h: (min(h.sure_tricks(False), 7), "UNE", "chibre")),
    Threshold("buur_fourth", "trumps", 4, _suit_family(lambda h, s: h.has(s, JACK), lambda h, s: min(h.count(s), 6))),
    Threshold("nell_ace_fifth", "trumps", 5, _suit_family(
        lambda h, s: h.has(s, NINE) and h.has(s, ACE) and not h.has(s, JACK), lambda h, s: min(h.count(s), 6))),
    Threshold("buur_third_boecke", "side aces", 2, _suit_family(
        lambda h, s: h.has(s, JACK) and h.count(s) == 3, lambda h, s: h.side_aces(s))),
)


def levels_table(per_hand: pd.DataFrame, thresholds: tuple[Threshold, ...] = THRESHOLDS) -> pd.DataFrame:
    """Per threshold rule and level of its quantity (:data:`LEVEL_COLUMNS`): the hands of the rule's
    family at that level and their mean difference, recommended minus advised against (95% CI)."""
    rows = []
    for th in thresholds:
        by: dict[int, list[float]] = {}
        for _, row in per_hand.iterrows():
            f = th.family(Hand(row["hand"]))
            if f is not None:
                by.setdefault(f[0], []).append(float(row[f"value_{f[1]}"] - row[f"value_{f[2]}"]))
        for level in sorted(by):
            x = np.asarray(by[level])
            m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
            rows.append({"key": th.key, "quantity": th.quantity, "level": level, "rule_level": th.level, "n": len(x),
                         "mean": m, "ci95_lo": lo, "ci95_hi": hi})
    return pd.DataFrame(rows, columns=list(LEVEL_COLUMNS))


def data_threshold(levels: pd.DataFrame) -> str:
    """The level from which the recommended option is better in every level with enough hands
    (``from K``; ``clear from K`` where the CIs are above zero too), from one rule's rows of
    :func:`levels_table`; empty without such a level."""
    c = levels[levels["n"] >= MIN_HANDS].sort_values("level")
    if not len(c):
        return ""

    def first(ok: np.ndarray) -> int | None:
        idx = [i for i in range(len(ok)) if ok[i:].all()]
        return int(c["level"].iloc[idx[0]]) if idx else None

    mean_from, clear_from = first(c["mean"].to_numpy() > 0), first(c["ci95_lo"].to_numpy() > 0)
    if mean_from is None:
        return "never better"
    text = f"from {mean_from}"
    return text + (f" (clear from {clear_from})" if clear_from is not None and clear_from != mean_from else
                   "" if clear_from is not None else " (never clear)")


def apply(rules: pd.DataFrame, lead_rules: pd.DataFrame, breakdown: pd.DataFrame, levels: pd.DataFrame
          ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The two rule tables (:func:`jass_sim.jass.report.thumb.evaluate`,
    :func:`jass_sim.jass.report.thumb_lead.evaluate`) with their verdicts decided here: one Holm
    family over both, threshold rules tested at their threshold (``levels``, from
    :func:`levels_table`), side-ace groups from ``breakdown``; adds :data:`VERDICT_COLUMNS`."""
    rules, lead_rules = rules.copy(), lead_rules.copy()
    for table in (rules, lead_rules):
        table["verdict"] = table["verdict"].astype(object)
        table["p_value"], table["p_holm"] = math.nan, math.nan
        table["decided_by"], table["data_threshold"] = "", ""
        table["decided_by"] = table["decided_by"].astype(object)
        table["data_threshold"] = table["data_threshold"].astype(object)
    th = {t.key: t for t in THRESHOLDS}
    tests = []  # (table, row index, n, mean, lo, hi) of the primary test
    for table in (rules, lead_rules):
        for i, r in table.iterrows():
            n, m, lo, hi = int(r["n"]), r["mean"], r["ci95_lo"], r["ci95_hi"]
            if table is rules and r["key"] in th and len(levels):
                at = levels[(levels["key"] == r["key"]) & (levels["level"] == th[r["key"]].level)]
                if len(at):
                    n, m, lo, hi = int(at["n"].iloc[0]), at["mean"].iloc[0], at["ci95_lo"].iloc[0], at["ci95_hi"].iloc[0]
                else:
                    n, m, lo, hi = 0, math.nan, math.nan, math.nan
            tests.append((table, i, n, m, lo, hi))
    p = np.array([p_value(m, lo, hi) if n >= MIN_HANDS else math.nan for _, _, n, m, lo, hi in tests])
    adj = holm(p)
    for (table, i, n, m, lo, hi), pv, pa in zip(tests, p, adj):
        key = table.at[i, "key"]
        parts = ([(g["side_aces"], g["mean"], g["ci95_lo"], g["ci95_hi"])
                  for _, g in breakdown[(breakdown["key"] == key) & (breakdown["n"] >= MIN_HANDS)].iterrows()]
                 if table is rules and len(breakdown) else [])
        below, found = None, ""
        if table is rules and key in th:
            lv = levels[levels["key"] == key]
            b = lv[(lv["level"] == th[key].level - 1) & (lv["n"] >= MIN_HANDS)]
            if len(b):
                below = (th[key].level - 1, b["mean"].iloc[0], b["ci95_lo"].iloc[0], b["ci95_hi"].iloc[0])
            found = data_threshold(lv)
        verdict, why = decide(n, m, lo, hi, pa, parts, below, th[key].quantity if key in th else "")
        if table is rules and key in th:  # the test was made on the hands at the threshold
            why = f"at {th[key].level} {th[key].quantity}: {why}"
        table.at[i, "verdict"] = verdict
        for col, v in zip(VERDICT_COLUMNS, (pv, pa, why, found)):
            table.at[i, col] = v
    return rules, lead_rules
