"""Section 5 of ``jass-sim cribbage report`` (issue 51 item 7): Craig Hessel's published crib
averages for all 91 thrown rank pairs, dealer and pone, set against the package's model cribs.

Hessel's tables (Cribbage for Windows 97; published by M. Schell at cribbageforum.com) give the
mean crib when a rank pair is thrown and the other two crib cards come from an opponent who
discards optimally, found by iterating over the 18,395 six-card rank hands until the 91 averages
settle; crib flushes are ignored. Ours (:func:`jass_sim.cribbage.analysis.crib_rank_pairs`) throw
the pair against an opponent who discards by the ``expect`` player (the hand's exact expectation
plus or minus the random-opponent crib table: one step of such an iteration), flushes counted,
with sampled opponent hands and 95% intervals.

The numbers are facts entered as data, each table with its source:

- pone ("discarding to opponent's crib"): read from the page itself, all 91 pairs (the table is
  printed in full, symmetric, in the stored copy of http://cribbageforum.com/OppCrib.htm);
- dealer ("discarding to your crib"): the stored copy of http://cribbageforum.com/YourCrib.htm
  cuts off before its table, so the 91 values are Hessel's table as republished by Cribbage 121
  (https://cribbage121.com/cardcombinations/discardtables.php, read through a transcription that
  also holds the pone table: its 91 pone values equal the page's exactly), checked against the
  dealer values cribbageforum prints elsewhere: 7-9 4.06 and J-Q 4.90 (Hessel's column,
  http://cribbageforum.com/AnalyzeDiscardsPart2.htm), 5-5 8.95 and 10-K 2.86.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

RANKS = "A23456789TJQK"

#: Hessel, discarding to your crib (dealer): rows and columns A..K as published (10 = T).
_DEALER = """
5.26 4.18 4.47 5.45 5.48 3.80 3.73 3.70 3.33 3.37 3.65 3.39 3.42
4.18 5.67 6.97 4.51 5.44 3.87 3.81 3.58 3.63 3.51 3.79 3.52 3.55
4.47 6.97 5.90 4.88 6.01 3.72 3.67 3.84 3.66 3.61 3.88 3.62 3.66
5.45 4.51 4.88 5.65 6.54 3.87 3.74 3.84 3.69 3.62 3.89 3.63 3.67
5.48 5.44 6.01 6.54 8.95 6.65 6.04 5.49 5.47 6.68 7.04 6.71 6.70
3.80 3.87 3.72 3.87 6.65 5.74 4.94 4.70 5.11 3.15 3.40 3.08 3.13
3.73 3.81 3.67 3.74 6.04 4.94 5.98 6.58 4.06 3.10 3.43 3.17 3.21
3.70 3.58 3.84 3.84 5.49 4.70 6.58 5.42 4.74 3.86 3.39 3.16 3.20
3.33 3.63 3.66 3.69 5.47 5.11 4.06 4.74 5.09 4.27 3.98 2.97 3.05
3.37 3.51 3.61 3.62 6.68 3.15 3.10 3.86 4.27 4.73 4.64 3.36 2.86
3.65 3.79 3.88 3.89 7.04 3.40 3.43 3.39 3.98 4.64 5.37 4.90 4.07
3.39 3.52 3.62 3.63 6.71 3.08 3.17 3.16 2.97 3.36 4.90 4.66 3.50
3.42 3.55 3.66 3.67 6.70 3.13 3.21 3.20 3.05 2.86 4.07 3.50 4.62
"""

#: Hessel, discarding to opponent's crib (pone): rows and columns A..K, as printed on OppCrib.htm.
_PONE = """
6.07 5.07 5.17 5.74 6.06 4.93 4.95 4.92 4.66 4.46 4.72 4.41 4.34
5.07 6.43 7.34 5.44 6.17 5.13 5.12 5.03 4.82 4.64 4.91 4.60 4.53
5.17 7.34 6.78 6.10 6.85 4.92 5.16 5.08 4.82 4.70 4.97 4.66 4.59
5.74 5.44 6.10 6.59 7.46 5.47 4.91 5.02 4.75 4.55 4.80 4.49 4.43
6.06 6.17 6.85 7.46 9.39 7.66 7.08 6.36 6.22 7.46 7.75 7.42 7.31
4.93 5.13 4.92 5.47 7.66 7.17 6.64 6.05 6.31 4.41 4.61 4.29 4.25
4.95 5.12 5.16 4.91 7.08 6.64 7.25 7.88 5.46 4.44 4.73 4.44 4.38
4.92 5.03 5.08 5.02 6.36 6.05 7.88 6.76 5.97 5.02 4.65 4.38 4.31
4.66 4.82 4.82 4.75 6.22 6.31 5.46 5.97 6.44 5.52 4.98 4.14 4.13
4.46 4.64 4.70 4.55 7.46 4.41 4.44 5.02 5.52 6.11 5.60 4.65 3.99
4.72 4.91 4.97 4.80 7.75 4.61 4.73 4.65 4.98 5.60 6.56 5.55 4.89
4.41 4.60 4.66 4.49 7.42 4.29 4.44 4.38 4.14 4.65 5.55 5.89 4.56
4.34 4.53 4.59 4.43 7.31 4.25 4.38 4.31 4.13 3.99 4.89 4.56 5.72
"""


def _matrix(text: str) -> np.ndarray:
    return np.array([[float(x) for x in line.split()] for line in text.strip().splitlines()])


#: The two published matrices, ``float[13, 13]`` indexed by :data:`RANKS`.
DEALER, PONE = _matrix(_DEALER), _matrix(_PONE)

#: thrown ranks (``rank1 <= rank2`` in A..K order) -> (dealer, pone), all 91 pairs.
HESSEL = {(a, b): (float(DEALER[i, j]), float(PONE[i, j]))
          for i, a in enumerate(RANKS) for j, b in enumerate(RANKS) if i <= j}

ROLES = ("dealer", "pone")


def hessel_table(model_crib: pd.DataFrame) -> pd.DataFrame:
    """Every thrown rank pair of ``model_crib`` (the report's table of
    :func:`~jass_sim.cribbage.analysis.crib_rank_pairs`) with Hessel's value beside ours, per role:
    ``hessel_<role>``, ``ours_<role>`` (and ``_lo``/``_hi``, its 95% CI), ``diff_<role>`` = ours −
    Hessel, ``side_<role>``: where Hessel's value lies against our CI (``below`` / ``inside`` /
    ``above``); ``random_ev``: ours against a random opponent (exact). NaN where Hessel has no value
    (every one of the 91 pairs has one)."""
    rows = []
    for r in model_crib.itertuples(index=False):
        pub = HESSEL.get((r.rank1, r.rank2), (np.nan, np.nan))
        row = {"rank1": r.rank1, "rank2": r.rank2, "samples": int(r.samples), "random_ev": float(r.random_ev)}
        for role, h in zip(ROLES, pub):
            ours, lo, hi = (float(getattr(r, f"{role}_{k}")) for k in ("ev", "lo", "hi"))
            side = "" if np.isnan(h) else "below" if h < lo else "above" if h > hi else "inside"
            row.update({f"hessel_{role}": h, f"ours_{role}": ours, f"ours_{role}_lo": lo, f"ours_{role}_hi": hi,
                        f"diff_{role}": ours - h, f"side_{role}": side})
        rows.append(row)
    return pd.DataFrame(rows)


def hessel_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per role, over the pairs with a published value: ``pairs``, ``mean_diff`` (ours − Hessel),
    ``mean_abs_diff``, ``mean_random_diff`` (ours against a random opponent − Hessel),
    the largest difference either way (``max_diff``/``max_pair``,
    ``min_diff``/``min_pair``), ``pearson`` and ``spearman`` correlation of the two columns, and how
    many published values lie ``below`` / ``inside`` / ``above`` our 95% CI. Computed from
    ``table`` only."""
    rows = []
    for role in ROLES:
        t = table[table[f"hessel_{role}"].notna()]
        d = t[f"diff_{role}"]
        pair = (t["rank1"] + "-" + t["rank2"]).to_numpy()
        h, o = t[f"hessel_{role}"], t[f"ours_{role}"]
        counts = t[f"side_{role}"].value_counts()
        rows.append({"role": role, "pairs": len(t), "mean_diff": float(d.mean()),
                     "mean_random_diff": float((t["random_ev"] - t[f"hessel_{role}"]).mean()),
                     "mean_abs_diff": float(d.abs().mean()),
                     "max_diff": float(d.max()), "max_pair": pair[int(np.argmax(d.to_numpy()))],
                     "min_diff": float(d.min()), "min_pair": pair[int(np.argmin(d.to_numpy()))],
                     "pearson": float(np.corrcoef(h, o)[0, 1]),
                     "spearman": float(h.rank().corr(o.rank())),
                     **{side: int(counts.get(side, 0)) for side in ("below", "inside", "above")}})
    return pd.DataFrame(rows)


def _label(r) -> str:
    """``T-K``: the report's rank names (section 1, the summary), not the pages' ``10``."""
    return f"{r.rank1}-{r.rank2}"


def reading(summary: pd.DataFrame, flush_gap: float) -> str:
    """The short reading of :func:`hessel_summary`, each claim decided by its figures.
    ``flush_gap``: suited minus unsuited crib of a thrown pair of different ranks (section 1)."""
    s = summary.set_index("role")
    d, p = s.loc["dealer"], s.loc["pone"]
    alike = min(d["spearman"], p["spearman"]) >= 0.9
    text = [f"**Reading.** The two tables rank the pairs {'alike' if alike else 'differently'} (Spearman "
            f"{d['spearman']:.2f} as dealer, {p['spearman']:.2f} as pone)"
            + (", so a player takes the same advice from either: salt your own crib with 5s, pairs, fifteens and "
               "touching cards, balk the opponent's with wide cards and kings." if alike else ".")]
    text.append(f"Ours minus Hessel's is {d['mean_diff']:+.2f} points per crib on average as dealer and "
                f"{p['mean_diff']:+.2f} as pone (at most {max(abs(d['max_diff']), abs(d['min_diff'])):.2f} and "
                f"{max(abs(p['max_diff']), abs(p['min_diff'])):.2f} on one pair).")
    bigger = all(abs(s.loc[r, "mean_random_diff"]) > abs(s.loc[r, "mean_diff"]) for r in ROLES)
    text.append(f"Against a random opponent (section 1) the dealer's crib is {d['mean_random_diff']:+.2f} and the "
                f"pone's throw {p['mean_random_diff']:+.2f} points from Hessel's"
                + (": modelling the opponent at all matters more than which model." if bigger else "."))
    outside = {r: int(s.loc[r, "below"] + s.loc[r, "above"]) for r in ROLES}
    chance = 0.05 * d["pairs"]
    text.append(f"By chance alone about {chance:.1f} of {int(d['pairs'])} published values would fall outside our "
                f"95% CIs; {outside['dealer']} (dealer) and {outside['pone']} (pone) do"
                + (", so part of the gap is the opponent model, not our sampling: Hessel's opponent discards by "
                   "the iterated table (the expert model), ours by one step of it." if max(outside.values()) > 2 * chance
                   else ", as many as sampling explains."))
    text.append(f"Crib flushes, counted in ours and not in his, add about {flush_gap / 4:.3f} points to a pair of "
                f"different ranks (a quarter of section 1's suited-minus-unsuited {flush_gap:+.3f}; none to a pair "
                "of equal ranks).")
    return " ".join(text)


def blocks(table: pd.DataFrame, summary: pd.DataFrame, samples: int, cite, flush_gap: float) -> list[tuple]:
    """Section 5's document blocks, from the two tables only; ``cite(*keys)`` writes a source
    reference (the report's source list); ``flush_gap`` as in :func:`reading`."""
    from jass_sim.core.report.text import n_fmt

    s = summary.set_index("role")
    out: list[tuple] = [("p", (
        f"Craig Hessel's crib averages for all {s.loc['dealer', 'pairs']} thrown rank pairs as dealer and "
        f"{s.loc['pone', 'pairs']} as pone ({cite('HES-Y', 'HES-O')}) beside ours. His come from an opponent "
        "who discards optimally, iterated over the 18,395 six-card rank hands until the averages settle, with crib "
        "flushes ignored; ours from an opponent who throws by the `expect` player (his hand's exact expectation "
        "plus or minus the random-opponent crib of section 1: one step of that iteration) from six random "
        f"cards ({n_fmt(samples)} sampled hands per pair and role, the starter exact), flushes counted. The 95% "
        "CIs cover our sampling only, not the choice of opponent model. The pone table was read from the page; "
        "the dealer table from Cribbage 121's republication of it (the stored copy of Hessel's page ends before "
        "its table), checked against the pone table and four dealer values cribbageforum prints elsewhere."))]
    rows = []
    for role in ROLES:
        r = s.loc[role]
        rows.append([role, n_fmt(int(r["pairs"])), f"{r['mean_diff']:+.2f}", f"{r['mean_abs_diff']:.2f}",
                     f"{r['max_pair']} {r['max_diff']:+.2f}", f"{r['min_pair']} {r['min_diff']:+.2f}",
                     f"{r['pearson']:.3f} / {r['spearman']:.3f}",
                     f"{int(r['below'])} / {int(r['inside'])} / {int(r['above'])}"])
    out.append(("table", ["role", "pairs", "mean ours − Hessel", "mean |ours − Hessel|", "largest +",
                          "largest −", "correlation (Pearson / Spearman)", "Hessel below / inside / above our CI"],
                rows, "Ours against Hessel's, over the pairs (points per crib)", "llr"))
    out.append(("p", reading(summary, flush_gap)))
    rows = []
    for r in table.itertuples(index=False):
        cells = [_label(r)]
        for role in ROLES:
            h = getattr(r, f"hessel_{role}")
            cells += ["–" if np.isnan(h) else f"{h:.2f}",
                      f"{getattr(r, f'ours_{role}'):.2f} ({getattr(r, f'ours_{role}_lo'):.2f}–"
                      f"{getattr(r, f'ours_{role}_hi'):.2f})",
                      "" if np.isnan(h) else f"{getattr(r, f'diff_{role}'):+.2f}"]
        cells.append(f"{r.random_ev:.2f}")
        rows.append(cells)
    out.append(("table", ["thrown", "Hessel dealer", "ours dealer (95% CI)", "ours − Hessel", "Hessel pone",
                          "ours pone (95% CI)", "ours − Hessel", "ours, random opponent (exact)"],
                rows, "Crib of each thrown rank pair: Hessel's and ours (points)", "lr"))
    return out
