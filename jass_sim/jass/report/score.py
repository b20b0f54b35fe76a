"""The score (report section 2f, issue 51 item 5): near the end of a game, which hands to declare or
push by the probability of winning the game rather than by points, and what a Weis, the Stöck and
the match are worth in that probability.

Hands: the first hands of section 1, each played in every option on its own deals (the advise
samples of section 1: the round's points are section 1's, deal by deal) and scored against the
target from a few scores near the end (:func:`score_points`: 900:950, 950:900, 700:950 and 950:700
to 1000; 2300:2400 and the like to schieber's 2500): premier sorti inside the round, then the shipped
equity table with the other team choosing next, the code behind ``advise --score``. A hand enters
once per suit as a candidate trump, in the cell of the declare table (trumps × Buur/Nell × side
aces, :func:`~jass_sim.jass.report.declare.declare_push`); per cell, declare − push in points and in
the probability of winning, paired on the same deals, the hands the units of the 95% CIs.

Values: read from the equity table alone (no simulation), the probability of winning gained when
points count before the round's tricks (a Weis of 20, 50 or 100, or the Stöck, which the game model
counts right after the Weis: both are worth what their points are worth), times each multiplier of
the rules; and the match (257 instead of 157 for the round, times the multiplier), the other team
choosing next. Their CIs come from the table's standard errors (round sampling only, the two cells
taken as independent); they cover neither the play model nor the interpolation between grid points.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from jass_sim.core.stats import Z95, mean_ci, rate_ci, wilson_se_ci
from jass_sim.jass.report.declare import SIDE_ACE_BINS, _bits, _trump_bin
from jass_sim.jass.report.sections import BUUR_NELL, MIN_CELL, TRUMP_BINS

#: Hands of section 1 played against the score (at most).
SCORE_HANDS = 1024
#: The scores (ours, theirs; we choose) of the section for the targets of the presets.
SCORES_BY_TARGET = {1000: ((900, 950), (950, 900), (700, 950), (950, 700)),
                    2500: ((2300, 2400), (2400, 2300), (2100, 2400), (2400, 2100))}
#: Weis values whose worth is shown (20 is also the Stöck's).
WEIS = (20, 50, 100)
#: The equity tables whose values the section shows (a preset each, the report's play policy's).
VALUE_PRESETS = ("chibre", "schieber")
#: Columns of the per-hand runs (:func:`hand_runs`), the cell table and the value table.
RUN_COLUMNS = ("ours", "theirs", "hand", "option", "points", "p_win")
CELL_COLUMNS = ("ours", "theirs", "hands", "samples", "multiplier", "trumps", "buur_nell", "side_aces", "n", "points", "points_lo",
                "points_hi", "win", "win_lo", "win_hi", "p_declare", "p_declare_lo", "p_declare_hi", "p_push",
                "p_push_lo", "p_push_hi", "by_points", "by_games", "differs")
VALUE_COLUMNS = ("equity_table", "target", "ours", "theirs", "what", "points", "multiplier", "p_without",
                 "p_without_lo", "p_without_hi", "p_with", "value", "ci95_lo", "ci95_hi", "rounds")


def score_points(target: int) -> tuple[tuple[int, int], ...]:
    """The section's scores for ``target``: :data:`SCORES_BY_TARGET`, or the same distances below
    any other target (100:50 and 300:50 points short)."""
    if target in SCORES_BY_TARGET:
        return SCORES_BY_TARGET[target]
    a, b, c = target - 100, target - 50, target - 300
    return tuple((x, y) for x, y in ((a, b), (b, a), (c, b), (b, c)) if x > 0 and y > 0)


def hand_runs(rules, masks: np.ndarray, samples: int, seed: int, policy: int, table, points, progress=None
              ) -> pd.DataFrame:
    """Per score of ``points``, hand of ``masks`` and option (each mode, and ``chibre``): the mean
    difference (``points``, our round total minus theirs) and the mean probability of winning the
    game after the round (``p_win``) over the hand's deals (:data:`RUN_COLUMNS`). Hand ``h`` uses
    the advise samples ``h * samples ...`` of ``seed``, as section 1 does."""
    from jass_sim.jass.advise.advice import PARTNER_MODELS
    from jass_sim.jass.advise.options import option_name
    from jass_sim.jass.advise.sampling import CHIBRE, run_advise
    from jass_sim.jass.players import DEFAULT_CHOOSER

    options = list(rules.modes) + [CHIBRE]
    names = [option_name(o) for o in options]
    rows = []
    done = 0
    for a, b in points:
        for h, mask in enumerate(masks):
            s = run_advise(int(mask), rules, options, [policy] * 4, leader=0, seed=seed, first_sample=h * samples,
                           n_samples=samples, partner_model=PARTNER_MODELS[DEFAULT_CHOOSER], game=(int(a), int(b), table))
            pts = (s.ours - s.theirs).astype(np.float64).mean(axis=0)
            win = s.win.mean(axis=0)
            rows += [{"ours": a, "theirs": b, "hand": int(mask), "option": names[o], "points": float(pts[o]),
                      "p_win": float(win[o])} for o in range(len(options))]
            done += 1
            if progress is not None:
                progress(done)
    return pd.DataFrame(rows, columns=list(RUN_COLUMNS))


def _verdict(mean: float, lo: float, hi: float) -> str:
    """``declare`` or ``push`` where the paired 95% CI of declare − push excludes zero, else
    ``too close``."""
    if lo > 0:
        return "declare"
    if hi < 0:
        return "push"
    return "too close"


def _ci(x: np.ndarray) -> tuple[float, float, float]:
    return mean_ci(float(x.sum()), float((x * x).sum()), len(x))


def _rate(x: np.ndarray) -> tuple[float, float, float]:
    return rate_ci(float(x.sum()), float((x * x).sum()), len(x))


def cell_table(runs: pd.DataFrame, multipliers: dict[str, int], samples: int) -> pd.DataFrame:
    """Declare a suit against push by the cards of that suit, per score (:data:`CELL_COLUMNS`):
    ``points`` (declare − push, points per round) and ``win`` (declare − push, percentage points of
    the probability of winning the game), paired per hand with 95% CIs; ``p_declare``, ``p_push``:
    the mean probabilities (rate CIs inside [0, 1]); ``by_points`` / ``by_games``: ``declare`` or
    ``push`` where the CI of the difference excludes zero, else ``too close``; ``differs``: the two
    point in opposite directions, both clearly; ``hands``: the hands played at the score, each on
    ``samples`` deals. As in the declare table, a hand enters once per
    suit (pooled over suits with one multiplier), two suits of a hand in one cell averaged first."""
    suits = [s for s in "HDSC" if s in multipliers]
    if not len(runs) or not suits:
        return pd.DataFrame(columns=list(CELL_COLUMNS))
    rows = []
    for (a, b), g in runs.groupby(["ours", "theirs"], sort=False):
        wide = g.pivot(index="hand", columns="option", values=["points", "p_win"])
        masks = wide.index.to_numpy().astype(np.uint64)
        bits = _bits(masks)
        aces = bits[:, [9 * s + 8 for s in range(4)]]
        long = []
        for s in suits:
            i = "HDSC".index(s)
            trump = bits[:, 9 * i: 9 * i + 9]
            long.append(pd.DataFrame({
                "hand": np.arange(len(masks)), "multiplier": multipliers[s],
                "trumps": _trump_bin(trump.sum(axis=1)),
                "buur_nell": np.asarray(BUUR_NELL, dtype=object)[trump[:, 3] * 1 + trump[:, 5] * 2],
                "side_aces": (aces.sum(axis=1) - aces[:, i]).astype(str),
                "points": (wide[("points", s)] - wide[("points", "chibre")]).to_numpy(dtype=float),
                "win": 100 * (wide[("p_win", s)] - wide[("p_win", "chibre")]).to_numpy(dtype=float),
                "p_declare": wide[("p_win", s)].to_numpy(dtype=float),
                "p_push": wide[("p_win", "chibre")].to_numpy(dtype=float)}))
        df = pd.concat(long, ignore_index=True).groupby(
            ["multiplier", "trumps", "buur_nell", "side_aces", "hand"], sort=False, as_index=False).mean()
        for mult in sorted(set(multipliers[s] for s in suits)):
            for t in TRUMP_BINS:
                for bn in BUUR_NELL:
                    for sa in SIDE_ACE_BINS:
                        c = df[(df["multiplier"] == mult) & (df["trumps"] == t) & (df["buur_nell"] == bn)
                               & (df["side_aces"] == sa)]
                        if not len(c):
                            continue
                        p = _ci(c["points"].to_numpy())
                        w = _ci(c["win"].to_numpy())
                        by_p, by_g = _verdict(*p), _verdict(*w)
                        rows.append({"ours": a, "theirs": b, "hands": len(masks), "samples": samples,
                                     "multiplier": mult, "trumps": t, "buur_nell": bn,
                                     "side_aces": sa, "n": len(c), "points": p[0], "points_lo": p[1],
                                     "points_hi": p[2], "win": w[0], "win_lo": w[1], "win_hi": w[2],
                                     **dict(zip(("p_declare", "p_declare_lo", "p_declare_hi"),
                                                _rate(c["p_declare"].to_numpy()))),
                                     **dict(zip(("p_push", "p_push_lo", "p_push_hi"), _rate(c["p_push"].to_numpy()))),
                                     "by_points": by_p, "by_games": by_g,
                                     "differs": "too close" not in (by_p, by_g) and by_p != by_g})
    return pd.DataFrame(rows, columns=list(CELL_COLUMNS))


def _lookup(table, ours: int, theirs: int, we_choose: bool) -> tuple[float, float]:
    """P(win) and its standard error at ``ours:theirs`` before a round, choosing it or not (1 or 0
    once a team has reached the target: premier sorti, the first to reach it wins)."""
    from jass_sim.jass.games._equity_kernels import equity_at

    if ours >= table.target:
        return 1.0, 0.0
    if theirs >= table.target:
        return 0.0, 0.0
    if we_choose:
        return (float(equity_at(table.p, table.grid, table.step, ours, theirs)),
                float(equity_at(table.se, table.grid, table.step, ours, theirs)))
    return (1.0 - float(equity_at(table.p, table.grid, table.step, theirs, ours)),
            float(equity_at(table.se, table.grid, table.step, theirs, ours)))


def value_table(table, multipliers=(1,), points=None) -> pd.DataFrame:
    """What points are worth at the section's scores (:data:`VALUE_COLUMNS`), from the equity
    ``table`` (an :class:`~jass_sim.jass.games.equity.EquityTable`): ``weis`` ``m`` (also the
    Stöck's 20): P(win) choosing at ``ours + m × multiplier`` minus at ``ours`` (counted before the
    tricks); ``match``: P(win) after a round of ``257 × multiplier`` to 0 minus ``157 ×
    multiplier`` to 0, the other team choosing next. ``value`` in percentage points."""
    points = score_points(table.target) if points is None else points
    rows = []
    for a, b in points:
        for mult in multipliers:
            items = [("weis", m, _lookup(table, a, b, True), _lookup(table, a + m * mult, b, True)) for m in WEIS]
            items.append(("match", 100, _lookup(table, a + 157 * mult, b, False),
                          _lookup(table, a + 257 * mult, b, False)))
            for what, pts, (p0, s0), (p1, s1) in items:
                v = 100 * (p1 - p0)
                half = 100 * Z95 * math.sqrt(s0 * s0 + s1 * s1)
                _, lo0, hi0 = wilson_se_ci(p0, s0, table.rounds) if s0 > 0 else (p0, p0, p0)
                rows.append({"equity_table": f"{table.rules}-{table.policy}", "target": table.target, "ours": a,
                             "theirs": b, "what": what, "points": pts, "multiplier": mult, "p_without": p0,
                             "p_without_lo": lo0, "p_without_hi": hi0, "p_with": p1, "value": v,
                             "ci95_lo": v - half, "ci95_hi": v + half,
                             "rounds": table.rounds})
    return pd.DataFrame(rows, columns=list(VALUE_COLUMNS))


def values(policy: str) -> pd.DataFrame:
    """:func:`value_table` for each preset of :data:`VALUE_PRESETS` (its multipliers), from the
    shipped equity table of ``policy`` (the default policy's where it has none)."""
    from jass_sim.jass.advise.score import equity_for
    from jass_sim.jass.rules import get_rules

    parts = []
    for name in VALUE_PRESETS:
        rules = get_rules(name)
        mults = sorted({int(rules.multipliers[m]) for m in rules.modes})
        parts.append(value_table(equity_for(rules, policy), mults))
    return pd.concat(parts, ignore_index=True)


# ---------------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------------

def _cell_name(r) -> str:
    trumps = f"{r['trumps']} trump{'' if r['trumps'] == '1' else 's'}"
    honours = {"neither": "neither Buur nor Nell", "Nell only": "the Nell without the Buur",
               "Buur only": "the Buur without the Nell", "Buur and Nell": "Buur and Nell"}[r["buur_nell"]]
    aces = f"{r['side_aces']} side ace{'' if r['side_aces'] == '1' else 's'}"
    mult = f" (a ×{r['multiplier']} suit)" if r["multiplier"] != 1 else ""
    return f"{trumps}{mult}, {honours}, {aces}"


def rule_cells(cells: pd.DataFrame) -> pd.DataFrame:
    """The cells of the rules: at least :data:`MIN_CELL` hands, a clear choice by games (95% CI)
    that is not the choice by points; by score, the most hands first."""
    c = cells[(cells["n"] >= MIN_CELL) & (cells["by_games"] != "too close") & (cells["by_games"] != cells["by_points"])]
    parts = [g.sort_values("n", ascending=False, kind="stable") for _, g in c.groupby(["ours", "theirs"], sort=False)]
    return pd.concat(parts) if parts else c


def hand_rules(cells: pd.DataFrame) -> list[str]:
    """The rules a player can use from the cell table (:func:`cell_table`), one per cell of
    :func:`rule_cells` (their figures are in the section's table, said once)."""
    out = []
    for _, r in rule_cells(cells).iterrows():
        points = "the points say the opposite" if r["differs"] else "the points are too close to call"
        out.append(f"At {r['ours']}:{r['theirs']}, **{r['by_games']}** with {_cell_name(r)} ({points}).")
    return out


def value_sentences(vals: pd.DataFrame, table: str) -> list[str]:
    """One rule per score of ``table`` (an ``equity_table`` name of ``vals``) at ×1: what a Weis of
    20 (or the Stöck), 50 and 100 and the match are worth in P(win), in whole percentage points (the
    figures with their CIs are in the section's table)."""
    out = []
    v = vals[(vals["equity_table"] == table) & (vals["multiplier"] == 1)]
    for (a, b), g in v.groupby(["ours", "theirs"], sort=False):
        w = {(r["what"], r["points"]): r for _, r in g.iterrows()}
        base = w[("weis", WEIS[0])]["p_without"]

        def worth(r) -> str:
            end = " (the game is won)" if r["p_with"] >= 1 else ""
            return f"about {r['value']:.0f}{end}"

        weis = ", ".join(f"{m}{' or the Stöck' if m == 20 else ''}: {worth(w[('weis', m)])}" for m in WEIS)
        m = w[("match", 100)]
        match = ("nothing: 157 points already reach the target" if m["p_without"] >= 1
                 else f"about {m['value']:.0f} over 157 points")
        out.append(f"At {a}:{b} (we choose, to {int(g['target'].iloc[0])}; P(win) about {100 * base:.0f}%), a Weis "
                   f"adds, in percentage points of P(win): {weis}; the match adds {match}.")
    return out


def blocks(tables: dict[str, pd.DataFrame], section: str) -> list[tuple]:
    """Section ``section`` (see :mod:`jass_sim.core.report.render`) from the tables ``score_cells``
    and ``score_values``."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm

    if "score_cells" not in tables:
        return []
    cells, vals = tables["score_cells"], tables["score_values"]
    out: list[tuple] = [("h2", f"{section}. The score: declare or push, a Weis, the Stöck and the match near the end")]
    if len(cells):
        n, samples = int(cells["hands"].iloc[0]), int(cells["samples"].iloc[0])
        scores = ", ".join(f"{a}:{b}" for a, b in cells[["ours", "theirs"]].drop_duplicates().itertuples(index=False))
        out.append(("p", f"The first {n_fmt(n)} hands of section 1 are played in every option on their own "
                         f"{samples} deals, the round's points being section 1's, and scored against the target from "
                         f"the scores {scores} (ours:theirs, we choose): premier sorti inside the round (Weis, "
                         "Stöck, then trick by trick), then the shipped equity table with the other team choosing "
                         "next, as `advise --score` does. A hand enters once per suit, in the cells of the declare "
                         "table. *By points*: declare − push in points per round; *by games*: in percentage points "
                         "of the probability of winning the game; each says declare or push where its paired 95% CI "
                         "excludes zero (the hands are the units), else *too close*. The CIs are unadjusted over "
                         f"{len(cells)} cells (about one in twenty decided cells may be a false call) and cover the "
                         "sampled deals, not the play model, the equity table's own error or its interpolation."))
        rules = hand_rules(cells)
        rc = rule_cells(cells)
        summary = []
        for (a, b), g in cells.groupby(["ours", "theirs"], sort=False):
            big = g[g["n"] >= MIN_CELL]
            k = int(((big["by_games"] != "too close") & (big["by_games"] != big["by_points"])).sum())
            summary.append([f"{a}:{b}", n_fmt(len(big)), n_fmt((big["by_points"] == "declare").sum()),
                            n_fmt((big["by_games"] == "declare").sum()), n_fmt(int(big["differs"].sum())), n_fmt(k)])
        out.append(("table", ["score", f"cells (≥ {MIN_CELL} hands)", "declare by points", "declare by games",
                              "opposite choices", "games decide otherwise"], summary,
                    "Declare or push at each score, by points and by the probability of winning", "lr"))
        if rules:
            out.append(("p", "**Rules for the end of a game** (where the probability of winning decides otherwise "
                             "than the points):"))
            out += [("p", f"- {r}") for r in rules]
            out.append(("table", ["score", "trumps", "Buur/Nell", "side aces", "hands", "by games (P(win), "
                                  "percentage points)", "by points (points per round)", "P(win) declare",
                                  "P(win) push"],
                        [[f"{r['ours']}:{r['theirs']}", r["trumps"] + ("" if r["multiplier"] == 1 else
                                                                      f" (×{r['multiplier']})"),
                          r["buur_nell"], r["side_aces"], n_fmt(r["n"]),
                          f"{r['by_games']} {pm(r['win'], r['win_lo'], r['win_hi'])}",
                          f"{r['by_points']} {pm(r['points'], r['points_lo'], r['points_hi'])}",
                          pct_ci(r["p_declare"], r["p_declare_lo"], r["p_declare_hi"]),
                          pct_ci(r["p_push"], r["p_push_lo"], r["p_push_hi"])] for _, r in rc.iterrows()],
                        "The rules' cells: declare − push, paired 95% CIs over the hands", "llllr"))
        else:
            out.append(("p", f"In no cell of {MIN_CELL} hands or more does the probability of winning clearly "
                             "choose otherwise than the points at these scores."))
    if len(vals):
        out.append(("p", "**What a Weis, the Stöck and the match are worth**, read from the equity tables alone: "
                         "the probability of winning gained (percentage points) when a Weis or the Stöck (counted "
                         "right after the Weis, before the tricks, in this game model) adds its points, times the "
                         "mode's multiplier; and when our round ends 257 to 0 (the match) instead of 157 to 0, the "
                         "other team choosing next. 95% CIs from the tables' standard errors ("
                         + ", ".join(f"`{t}`: {n_fmt(r)} sampled rounds" for t, r in
                                     vals.groupby("equity_table", sort=False)["rounds"].first().items()) + ")."))
        for t in vals["equity_table"].drop_duplicates():
            out += [("p", f"- {s}") for s in value_sentences(vals, t)]
        for t, g in vals.groupby("equity_table", sort=False):
            rows = []
            for (a, b, m), c in g.groupby(["ours", "theirs", "multiplier"], sort=False):
                w = {(r["what"], r["points"]): r for _, r in c.iterrows()}
                p0 = w[("weis", WEIS[0])]
                rows.append([f"{a}:{b}", f"×{m}", pct_ci(p0["p_without"], p0["p_without_lo"], p0["p_without_hi"])]
                            + [pm(w[k]["value"], w[k]["ci95_lo"], w[k]["ci95_hi"])
                               for k in [("weis", x) for x in WEIS] + [("match", 100)]])
            out.append(("table", ["score", "multiplier", "P(win), we choose"] + [
                f"Weis {m}" + (" / Stöck" if m == 20 else "") for m in WEIS] + ["the match"], rows,
                f"P(win) gained, percentage points, equity table `{t}` (to {int(g['target'].iloc[0])})", "llr"))
    return out



def section(T: dict, rules, per_hand: pd.DataFrame, samples_per_hand: int, seed: int, pid: int, hands: int,
            step, ck=None) -> None:
    """This section's tables (``score_cells``, ``score_values``) into ``T``: the first ``hands``
    hands of section 1 on their own deals at :func:`score_points` of the rules' target, against
    the shipped equity table of the card play (the default policy's when the play has none)."""
    from jass_sim.core.checkpoint import step as saved
    from jass_sim.jass.advise.score import equity_for
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.report.declare import multipliers_of

    policy = PLAYERS.names[pid]
    table = equity_for(rules, policy)
    masks = per_hand["hand"].to_numpy()[:hands]
    points = score_points(rules.target)
    step(f"the score: {len(masks):,} hands x {len(points)} scores x {samples_per_hand} deals")
    runs = saved(ck, "score", lambda: hand_runs(rules, masks, samples_per_hand, seed, pid, table, points))
    T["score_cells"] = cell_table(runs, multipliers_of(rules), samples_per_hand)
    T["score_values"] = values(policy)


def size_row(cells: pd.DataFrame) -> dict:
    """The section's row of the report's ``sample_sizes`` table."""
    hands = int(cells["hands"].iloc[0]) if len(cells) else 0
    samples = int(cells["samples"].iloc[0]) if len(cells) else 0
    scores = cells[["ours", "theirs"]].drop_duplicates()
    return {"section": "score", "hands": hands, "samples_per_hand": samples, "deals": hands * samples * len(scores),
            "description": f"2f: {hands:,} hands × {len(scores)} scores × {samples} deals, every option"}
