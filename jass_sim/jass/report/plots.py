"""The figures of ``jass-sim report``: one function per figure, table in, PNG bytes out.

matplotlib is imported inside the functions (``Figure`` objects, no pyplot, so the Agg canvas
is used and no display is needed).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from jass_sim.core.report.figures import DPI, error_bars, new_figure, png_bytes  # noqa: F401  (DPI: read by the report)
from jass_sim.jass.cards import SUITS, parse_mode
from jass_sim.jass.report.sections import BUUR_NELL, COUNT_BINS, MIN_CELL, TRUMP_BINS


def label(option: str) -> str:
    """``♥ ♦ ♠ ♣ obe-abe une-ufe chibre`` for an option name."""
    if option == "chibre":
        return "chibre"
    from jass_sim.jass.advise.options import option_label

    return option_label(parse_mode(option))



def _series(ax, df, order, x_offset=0.0, **kw):
    df = df[df["n"] >= MIN_CELL].copy()
    pos = {b: i for i, b in enumerate(order)}
    x = np.array([pos[b] for b in df["bin"]], dtype=float) + x_offset
    ax.errorbar(x, df["mean"], yerr=error_bars(df), marker="o", capsize=3, ms=4, **kw)


#: Label of the chibre reference line in the mode-value plots (tests look for it).
CHIBRE_LINE = "push (chibre): mean over all hands, not a hand's bar"


def chibre_line(ax, reference: pd.DataFrame) -> None:
    """Draw chibre's mean value over all hands (``reference``: one row with ``mean``,
    ``ci95_lo``, ``ci95_hi``) as a dashed line with its 95% band: the bar a mode must clear."""
    r = reference.iloc[0]
    ax.axhline(r["mean"], color="black", ls="--", lw=1.2, label=f"{CHIBRE_LINE} ({r['mean']:+.1f})")
    if not (math.isnan(r["ci95_lo"]) or math.isnan(r["ci95_hi"])):
        ax.axhspan(r["ci95_lo"], r["ci95_hi"], color="black", alpha=0.08)


def mode_features_figure(features: pd.DataFrame, first_trump: str | None, reference: pd.DataFrame):
    """The Figure of :func:`mode_features_png` (every panel draws the chibre line)."""
    fig = new_figure(8, 13)
    axes = fig.subplots(4, 1).ravel()
    f = features
    trumps = f[f["feature"] == "trumps"]
    for i, (opt, df) in enumerate(trumps.groupby("option", sort=False)):
        _series(axes[0], df, TRUMP_BINS, (i - 1.5) * 0.06, label=label(opt))
    axes[0].set_xticks(range(len(TRUMP_BINS)), TRUMP_BINS)
    axes[0].set_xlabel("trumps held (in the mode's suit)")
    axes[0].set_title("Trump modes by number of trumps")
    if first_trump is not None:
        cross = f[(f["feature"] == "trumps_buur_nell") & (f["option"] == first_trump)]
        for i, g in enumerate(BUUR_NELL):
            _series(axes[1], cross[cross["group"] == g], TRUMP_BINS, (i - 1.5) * 0.06, label=g)
        axes[1].set_xticks(range(len(TRUMP_BINS)), TRUMP_BINS)
        axes[1].set_xlabel(f"trumps held ({label(first_trump)})")
        axes[1].set_title(f"{label(first_trump)} trump by trumps, Buur and Nell")
    for ax, feature, what in ((axes[2], "aces", "aces held"), (axes[3], "sixes", "sixes held")):
        sub = f[f["feature"] == feature]
        opts = list(dict.fromkeys(sub["option"]))
        for i, opt in enumerate(opts):
            _series(ax, sub[sub["option"] == opt], COUNT_BINS, (i - (len(opts) - 1) / 2) * 0.05, label=label(opt))
        ax.set_xticks(range(len(COUNT_BINS)), COUNT_BINS)
        ax.set_xlabel(what)
        ax.set_title(f"Every option by {what}")
    for ax in axes:
        ax.axhline(0, color="grey", lw=0.8)
        chibre_line(ax, reference)
        ax.set_ylabel("mean round difference\n(points)")
        ax.legend(fontsize=7, ncol=2)
        ax.grid(alpha=0.3)
    return fig


def mode_features_png(features: pd.DataFrame, first_trump: str | None, reference: pd.DataFrame) -> bytes:
    """Four panels, one above the other (a phone's width): trump modes by trumps; the first trump
    mode by trumps and Buur/Nell; every option by aces; by sixes (means with 95% CIs; cells of
    fewer than MIN_CELL hands left out); chibre's mean value over all hands drawn in each."""
    return png_bytes(mode_features_figure(features, first_trump, reference))


def best_choice_png(best: pd.DataFrame, hands: int, samples: int) -> bytes:
    """Share of hands for which each option has the best mean (and a clear lead), Wilson 95% CIs."""
    fig = new_figure(8, 4.2)
    ax = fig.subplots()
    b = best[best["option"] != "all"]
    x = np.arange(len(b))
    ax.bar(x - 0.2, b["share"], 0.4, yerr=error_bars(b, "share"), capsize=3, label="best mean")
    ax.bar(x + 0.2, b["share_clear"], 0.4, yerr=error_bars(b, "share_clear", "clear_lo", "clear_hi"), capsize=3,
           label="best, lead's 95% CI above 0")
    ax.set_xticks(x, [label(o) for o in b["option"]])
    ax.set_ylabel("share of hands")
    ax.set_title(f"Best option per hand ({hands:,} hands, {samples} deals each)")
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    return png_bytes(fig)


def chibre_png(table: pd.DataFrame, crossover: pd.DataFrame) -> bytes:
    """Left: share of hands where chibre beats the best mode by evaluator score, 50% line and the
    crossover with its band; right: chibre's mean advantage (95% CIs)."""
    fig = new_figure(13, 4.8)
    ax1, ax2 = fig.subplots(1, 2)
    x = table["mean_score"].to_numpy()
    ax1.errorbar(x, table["share"], yerr=error_bars(table, "share"), marker="o", capsize=3, ms=4)
    ax1.axhline(0.5, color="grey", lw=0.8)
    c = crossover["score"]
    if not math.isnan(c["share_50"]):
        lo = c["band_lo"] if not math.isnan(c["band_lo"]) else x.min()
        hi = c["band_hi"] if not math.isnan(c["band_hi"]) else x.max()
        ax1.axvspan(lo, hi, color="tab:orange", alpha=0.15, label="crossover band (95% CIs)")
        ax1.axvline(c["share_50"], color="tab:orange", lw=2, label=f"crossover {c['share_50']:.1f}")
    ax1.axvline(c["evaluator"], color="tab:red", ls="--", lw=1, label=f"evaluator threshold {c['evaluator']:g}")
    ax1.set_xlabel("evaluator score of the best mode (bin mean)")
    ax1.set_ylabel("share of hands where chibre beats the best mode")
    ax1.set_ylim(0, 1)
    ax1.set_title("When to chibre")
    ax1.legend(fontsize=8)
    ax1.grid(alpha=0.3)
    ax2.errorbar(x, table["mean_adv"], yerr=error_bars(table, "mean_adv", "adv_lo", "adv_hi"), marker="o", capsize=3,
                 ms=4, color="tab:green")
    ax2.axhline(0, color="grey", lw=0.8)
    if not math.isnan(c["adv_0"]):
        ax2.axvline(c["adv_0"], color="tab:green", lw=1, ls=":", label=f"zero crossing {c['adv_0']:.1f}")
        ax2.legend(fontsize=8)
    ax2.set_xlabel("evaluator score of the best mode (bin mean)")
    ax2.set_ylabel("chibre minus best mode (points per round)")
    ax2.set_title("Mean advantage of chibre")
    ax2.grid(alpha=0.3)
    return png_bytes(fig)


def card_values_png(values: pd.DataFrame, deals: int) -> bytes:
    """Heat map: modes (rows) by the 36 cards (columns) of the value over an average card."""
    modes = list(dict.fromkeys(values["mode"]))
    cards = list(dict.fromkeys(values["card"]))
    grid = values.pivot(index="mode", columns="card", values="value").loc[modes, cards].to_numpy()
    fig = new_figure(16, 1.0 + 0.55 * len(modes) + 1.2)
    ax = fig.subplots()
    lim = float(np.nanmax(np.abs(grid))) or 1.0
    im = ax.imshow(grid, cmap="RdBu_r", vmin=-lim, vmax=lim, aspect="auto")
    for i in range(grid.shape[0]):
        for j in range(grid.shape[1]):
            v = grid[i, j]
            ax.text(j, i, f"{v:+.0f}", ha="center", va="center", fontsize=7,
                    color="white" if abs(v) > 0.6 * lim else "black")
    ax.set_xticks(range(len(cards)), [label(c[0]) + ("10" if c[1] == "T" else c[1]) for c in cards], fontsize=8)
    ax.set_yticks(range(len(modes)), [label(m) for m in modes])
    for s in range(1, len(SUITS)):
        ax.axvline(9 * s - 0.5, color="black", lw=1)
    ax.set_title(f"Value of holding a card instead of an average card (points per round; {deals:,} deals per mode)")
    fig.colorbar(im, ax=ax, shrink=0.8, label="points per round")
    return png_bytes(fig)


def players_png(players: pd.DataFrame) -> bytes:
    """Mean point difference per round of each pair (team A over team B) with 95% CIs."""
    fig = new_figure(8, 1.5 + 0.6 * len(players))
    ax = fig.subplots()
    y = np.arange(len(players))
    ax.barh(y, players["mean_diff"], xerr=error_bars(players, "mean_diff"), capsize=4, color="tab:purple")
    ax.set_yticks(y, [f"{a} vs {b}\n({n:,} deals)" for a, b, n in
                      zip(players["team_a"], players["team_b"], players["deals"])])
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("team A's mean point difference per round (duplicate deals)")
    ax.set_title("Player strength")
    ax.grid(axis="x", alpha=0.3)
    return png_bytes(fig)
