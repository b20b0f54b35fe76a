"""The endgame (report section 2c): when the score changes the choice, and what the match and a
meld are worth near the target.

Options against the score: the first hands of section 1 are played in every option on their own
deals, as in section 1, and each deal's round is scored against the target from a grid of scores
(premier sorti inside the round, then the shipped equity table with the other team choosing next:
:func:`~jass_sim.jass.advise.sampling.run_advise` with ``game``, the code behind ``advise
--score``). Per hand and score, the option with the most points (mean difference) and the option
with the highest probability of winning the game are compared. To keep the luck of the pick out of
the gain, both are picked on one half of the deals and compared on the other, both ways, averaged
(cross-fitting, as for chibre in section 2).

The match and melds: read from the equity table alone (no simulation): the change in the
probability of winning when the chooser's team takes the match (257 points to 0 instead of 157 to
0), or holds a meld worth 20, 50 or 100 before the round's tricks. Their CIs come from the table's
standard errors (round sampling only, the two cells taken as independent); they cover neither the
play model nor the interpolation between grid points.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from jass_sim.core.stats import Z95, mean_ci, wilson_ci

#: Scores (each team's) of the grid of section 2c, and the smaller grid of ``--quick``.
SCORES = (500, 700, 800, 850, 900, 950)
QUICK_SCORES = (700, 850, 950)
#: Hands of section 1 played against the score (at most), and their deals each.
ENDGAME_HANDS = 256
#: Melds whose value near the target is shown.
MELDS = (20, 50, 100)
#: Examples of hands where the choice by points and the choice by games differ.
N_EXAMPLES = 6
CELL_COLUMNS = ("ours", "theirs", "hands", "samples", "differs", "share_differs", "differs_lo", "differs_hi",
                "clear", "share_clear", "clear_lo", "clear_hi", "gain", "gain_lo", "gain_hi")
EXAMPLE_COLUMNS = ("hand", "ours", "theirs", "by_points", "by_games", "points_lead", "points_lo", "points_hi",
                   "win_lead", "win_lo", "win_hi", "p_win_by_games", "p_win_by_points")
VALUE_COLUMNS = ("what", "points", "ours", "theirs", "p_without", "p_with", "value", "ci95_lo", "ci95_hi", "rounds",
                 "equity_table")


def _paired(x: np.ndarray) -> tuple[float, float, float]:
    return mean_ci(float(x.sum()), float((x * x).sum()), len(x))


def choices(points: np.ndarray, win: np.ndarray) -> tuple[int, int]:
    """``(by points, by games)``: the option (column) with the highest mean of ``points``, and the
    option with the highest mean probability of winning the game, ties (a game already decided,
    say) broken by points, so that the two differ only where the score changes the choice."""
    mp, mw = points.mean(axis=0), win.mean(axis=0)
    top = np.flatnonzero(mw >= mw.max() - 1e-12)
    return int(np.argmax(mp)), int(top[np.argmax(mp[top])])


def score_choices(rules, masks: np.ndarray, samples: int, seed: int, policy: int, table, scores=SCORES,
                  progress=None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per score cell of ``scores`` x ``scores`` (:data:`CELL_COLUMNS`): how often the option with
    the most points is not the option with the most games (``differs``, Wilson CI; ties in the
    probability broken by points, see :func:`choices`) over the ``masks`` hands; ``clear``: it
    differs and the paired 95% CI of the lead in the probability of winning is above zero; ``gain``:
    the probability of winning gained by choosing by games instead of by points (cross-fitted,
    percentage points, the hands the units of the CI). Also the examples
    (:data:`EXAMPLE_COLUMNS`): hands where the two differ clearly, the clearest first, one per hand.

    Hand ``h`` uses the advise samples ``h * samples ...`` of ``seed`` (section 1's deals)."""
    from jass_sim.jass.advise.advice import PARTNER_MODELS
    from jass_sim.jass.advise.options import option_name
    from jass_sim.jass.advise.sampling import CHIBRE, run_advise
    from jass_sim.jass.cards import format_card
    from jass_sim.jass.players import DEFAULT_CHOOSER

    options = list(rules.modes) + [CHIBRE]
    names = [option_name(o) for o in options]
    half = samples // 2
    cells, examples = [], []
    done = 0
    for a in scores:
        for b in scores:
            differs, clear, gains = [], [], []
            for h, mask in enumerate(masks):
                s = run_advise(int(mask), rules, options, [policy] * 4, leader=0, seed=seed,
                               first_sample=h * samples, n_samples=samples,
                               partner_model=PARTNER_MODELS[DEFAULT_CHOOSER], game=(int(a), int(b), table))
                pts = (s.ours - s.theirs).astype(np.float64)
                win = s.win
                by_pts, by_win = choices(pts, win)
                wl, wlo, whi = _paired(100 * (win[:, by_win] - win[:, by_pts]))
                differs.append(by_pts != by_win)
                clear.append(by_pts != by_win and wlo > 0)
                g = []
                for pick, judge in ((slice(0, half), slice(half, samples)), (slice(half, samples), slice(0, half))):
                    p_pick, w_pick = choices(pts[pick], win[pick])
                    g.append((win[judge, w_pick] - win[judge, p_pick]).mean())
                gains.append(100 * (g[0] + g[1]) / 2)
                if by_pts != by_win and wlo > 0:
                    pl, plo, phi = _paired(pts[:, by_pts] - pts[:, by_win])
                    examples.append({"hand": " ".join(format_card(c) for c in range(36) if int(mask) >> c & 1),
                                     "ours": a, "theirs": b, "by_points": names[by_pts], "by_games": names[by_win],
                                     "points_lead": pl, "points_lo": plo, "points_hi": phi, "win_lead": wl,
                                     "win_lo": wlo, "win_hi": whi, "p_win_by_games": float(win[:, by_win].mean()),
                                     "p_win_by_points": float(win[:, by_pts].mean())})
                done += 1
                if progress is not None:
                    progress(done)
            d = np.asarray(differs)
            k = int(d.sum())
            p, lo, hi = wilson_ci(k, len(d))
            kc = int(np.sum(clear))
            pc, clo, chi = wilson_ci(kc, len(d))
            gm, glo, ghi = _paired(np.asarray(gains))
            cells.append({"ours": a, "theirs": b, "hands": len(d), "samples": samples, "differs": k,
                          "share_differs": p, "differs_lo": lo, "differs_hi": hi, "clear": kc, "share_clear": pc,
                          "clear_lo": clo, "clear_hi": chi, "gain": gm, "gain_lo": glo, "gain_hi": ghi})
    ex = pd.DataFrame(examples, columns=list(EXAMPLE_COLUMNS))
    if len(ex):  # the clearest: the largest lower bound of the win lead, one per hand
        ex = ex.sort_values("win_lo", ascending=False, kind="stable").drop_duplicates("hand").head(N_EXAMPLES)
    return pd.DataFrame(cells, columns=list(CELL_COLUMNS)), ex.reset_index(drop=True)


def _p_choose(table, ours: int, theirs: int) -> tuple[float, float]:
    """P(win) and its standard error when we choose next at ``ours:theirs`` (1, 0 once we reach
    the target: premier sorti, the melds and tricks count as they come)."""
    from jass_sim.jass.games._equity_kernels import equity_at

    if ours >= table.target:
        return 1.0, 0.0
    p = float(equity_at(table.p, table.grid, table.step, ours, theirs))
    se = float(equity_at(table.se, table.grid, table.step, ours, theirs))
    return p, se


def _p_after(table, ours: int, theirs: int) -> tuple[float, float]:
    """P(win) and its standard error after our round, the other team choosing next."""
    from jass_sim.jass.games._equity_kernels import equity_at

    if ours >= table.target:
        return 1.0, 0.0
    p = 1.0 - float(equity_at(table.p, table.grid, table.step, theirs, ours))
    se = float(equity_at(table.se, table.grid, table.step, theirs, ours))
    return p, se


def match_and_melds(table, ours_grid=(500, 600, 700, 750, 800, 850, 900, 950),
                    theirs_grid=(500, 800, 900)) -> pd.DataFrame:
    """The value of the match and of a meld near the target (:data:`VALUE_COLUMNS`), from the
    equity ``table`` (an :class:`~jass_sim.jass.games.equity.EquityTable`): ``match``: P(win) after
    a round of 257 to 0 minus after 157 to 0; ``meld``: P(win) choosing at ``ours + points`` minus
    at ``ours`` (a meld counts before the tricks). ``value`` in percentage points."""
    rows = []
    for b in theirs_grid:
        for a in ours_grid:
            if a >= table.target or b >= table.target:
                continue
            for what, pts, (p0, s0), (p1, s1) in (
                    [("match", 100, _p_after(table, a + 157, b), _p_after(table, a + 257, b))]
                    + [("meld", m, _p_choose(table, a, b), _p_choose(table, a + m, b)) for m in MELDS]):
                v = 100 * (p1 - p0)
                half = 100 * Z95 * math.sqrt(s0 * s0 + s1 * s1)
                rows.append({"what": what, "points": pts, "ours": a, "theirs": b, "p_without": p0, "p_with": p1,
                             "value": v, "ci95_lo": v - half, "ci95_hi": v + half, "rounds": table.rounds,
                             "equity_table": f"{table.rules}-{table.policy}"})
    return pd.DataFrame(rows, columns=list(VALUE_COLUMNS))


# ---------------------------------------------------------------------------------------------
# Figures and text
# ---------------------------------------------------------------------------------------------

def figure(cells: pd.DataFrame, values: pd.DataFrame):
    """Top: the share of hands whose best option by games is not the best by points, over the
    grid of scores (a heat map, each cell annotated); below: the value of the match and of a
    100-point meld by our score, one line per opponents' score (95% CIs)."""
    from jass_sim.core.report.figures import error_bars, new_figure

    fig = new_figure(6, 9)
    ax1, ax2, ax3 = fig.subplots(3, 1, height_ratios=(1.2, 1, 1))
    ours = sorted(set(cells["ours"]))
    theirs = sorted(set(cells["theirs"]))
    grid = cells.pivot(index="ours", columns="theirs", values="share_differs").loc[ours, theirs].to_numpy()
    top = max(1.0, 100 * float(np.nanmax(grid)))
    im = ax1.imshow(100 * grid, cmap="Oranges", vmin=0, vmax=top, origin="lower", aspect="auto")
    for i in range(len(ours)):
        for j in range(len(theirs)):
            ax1.text(j, i, f"{100 * grid[i, j]:.0f}%", ha="center", va="center", fontsize=8,
                     color="white" if 100 * grid[i, j] > 0.6 * top else "black")
    ax1.set_xticks(range(len(theirs)), theirs)
    ax1.set_yticks(range(len(ours)), ours)
    ax1.set_xlabel("their score")
    ax1.set_ylabel("our score (we choose)")
    ax1.set_title("Hands where most points ≠ most games", fontsize=10)
    fig.colorbar(im, ax=ax1, shrink=0.8, label="% of hands")
    for ax, (what, pts) in ((ax2, ("match", 100)), (ax3, ("meld", 100))):
        v = values[(values["what"] == what) & (values["points"] == pts)]
        for b, c in v.groupby("theirs"):
            ax.errorbar(c["ours"], c["value"], yerr=error_bars(c, "value"), marker="o", ms=3, capsize=2,
                        label=f"they have {b}")
        ax.set_title("The match (257 instead of 157)" if what == "match" else f"A {pts}-point meld", fontsize=10)
        ax.set_xlabel("our score before the round")
        ax.set_ylabel("P(win) gained\n(percentage points)", fontsize=8)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    return fig


def figures(tables: dict[str, pd.DataFrame]) -> dict[str, bytes]:
    from jass_sim.core.report.figures import png_bytes

    if "endgame" not in tables or not len(tables["endgame"]):
        return {}
    return {"endgame.png": png_bytes(figure(tables["endgame"], tables["endgame_values"]))}


def blocks(tables: dict[str, pd.DataFrame], section: str) -> list[tuple]:
    """Section 2c (see :mod:`jass_sim.core.report.render`) from the tables ``endgame``,
    ``endgame_examples`` and ``endgame_values``."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm
    from jass_sim.jass.report.plots import label

    if "endgame" not in tables:
        return []
    cells, ex, vals = tables["endgame"], tables["endgame_examples"], tables["endgame_values"]
    out: list[tuple] = [("h2", f"{section}. The endgame: when the score changes the choice")]
    if not len(cells):
        return out + [("p", "No hand was played against the score in this run.")]
    n, samples = int(cells["hands"].iloc[0]), int(cells["samples"].iloc[0])
    equity = f"`{vals['equity_table'].iloc[0]}`, {int(vals['rounds'].iloc[0]):,} rounds" if len(vals) else "none"
    out.append(("p", f"The first {n_fmt(n)} hands of section 1 are played in every option on {samples} deals each "
                     "and scored against the target from each score of the grid: premier sorti inside the round "
                     f"(melds, stöck, then trick by trick), then the shipped equity table ({equity}) with the other "
                     "team choosing next, as `advise --score` does. For each hand and score, the option with the "
                     "most points (mean difference) is compared with the option with the highest probability of "
                     "winning the game (ties, as when the game is already won, go to the most points). *Clear*: "
                     "the game option's paired 95% CI lead in the probability of winning is above zero. *Gain*: "
                     "the probability gained by choosing by games instead of points, each pick made on half of the "
                     "deals and judged on the other half (both ways), so that the pick's luck does not count; the "
                     "hands are the units of its CI. The CIs cover the sampled deals, not the play model, the "
                     "equity table's own error or its interpolation."))
    top = cells.sort_values("share_differs", ascending=False, kind="stable").iloc[0]
    out.append(("p", f"The choice changes most often at {int(top['ours'])}:{int(top['theirs'])} (we choose): in "
                     f"{pct_ci(top['share_differs'], top['differs_lo'], top['differs_hi'])} of the hands the option "
                     "with the most points is not the one that wins most games, clearly so in "
                     f"{pct_ci(top['share_clear'], top['clear_lo'], top['clear_hi'])}; choosing by games there "
                     f"gains {pm(top['gain'], top['gain_lo'], top['gain_hi'])} percentage points of the probability "
                     "of winning."))
    out.append(("img", "endgame.png", "Most points against most games by score; the match and a meld near the "
                                       "target"))
    out.append(("table", ["score (ours:theirs)", "hands", "most points ≠ most games", "clearly", "gain (points of "
                          "P(win))"],
                [[f"{int(r['ours'])}:{int(r['theirs'])}", n_fmt(r["hands"]),
                  pct_ci(r["share_differs"], r["differs_lo"], r["differs_hi"]),
                  pct_ci(r["share_clear"], r["clear_lo"], r["clear_hi"]), pm(r["gain"], r["gain_lo"], r["gain_hi"])]
                 for _, r in cells.iterrows()], "Where the score changes the choice", "lr"))
    if len(ex):
        out.append(("table", ["hand", "score", "most points", "points lead", "most games", "P(win) lead (points)"],
                    [[r["hand"], f"{int(r['ours'])}:{int(r['theirs'])}", label(r["by_points"]),
                      pm(r["points_lead"], r["points_lo"], r["points_hi"]), label(r["by_games"]),
                      pm(r["win_lead"], r["win_lo"], r["win_hi"])] for _, r in ex.iterrows()],
                    f"Examples: the option with the most points against the one with the most games ({samples} "
                    "deals per hand, paired 95% CIs)", "llllrr"))
    if len(vals):
        rounds = int(vals["rounds"].iloc[0])
        out.append(("p", "**The match and a meld near the target**, read from the equity table alone: the "
                         "probability of winning gained (percentage points) when our round ends 257 to 0 (the "
                         "match) instead of 157 to 0, the other team choosing next; and when a meld that counts "
                         "adds its points before the tricks (premier sorti: reaching the target ends the game). "
                         f"95% CIs from the table's standard errors ({n_fmt(rounds)} sampled rounds)."))
        for b, c in vals.groupby("theirs"):
            rows = []
            for a, g in c.groupby("ours"):
                cell = {(w, p): pm(v, lo, hi) for w, p, v, lo, hi in
                        g[["what", "points", "value", "ci95_lo", "ci95_hi"]].itertuples(index=False)}
                rows.append([str(a), cell.get(("match", 100), "")] + [cell.get(("meld", m), "") for m in MELDS])
            out.append(("table", ["our score", "the match"] + [f"meld {m}" for m in MELDS], rows,
                        f"P(win) gained, percentage points, they have {b} (we choose)"))
    return out
