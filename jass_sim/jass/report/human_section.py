"""The report section "Simulated players against human play": text, table and figure from the
table of :func:`jass_sim.jass.report.human.simulate_against_humans` (every number of the prose is a
cell of the section's table)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.report.text import n_fmt, pct_ci
from jass_sim.jass.report import human as H
from jass_sim.jass.report.plots import label

#: Row labels of the statistics of every round.
STAT_LABELS = {"points": "declaring team's points per round", "round_win": "declaring team wins the round",
               "match": "declaring team makes a match", "push": "pushed (chibre)"}


def points_ci(m: float, lo: float, hi: float) -> str:
    """``105.3 (95% CI 104.3–106.2)``."""
    return f"{m:.1f} (95% CI {lo:.1f}–{hi:.1f})"


def human_cell(statistic: str, value: float) -> str:
    return f"{value:.1f}" if statistic == "points" else f"{100 * value:.1f}%"


def estimate_cell(r: pd.Series) -> str:
    if r["statistic"] == "points":
        return points_ci(r["estimate"], r["ci95_lo"], r["ci95_hi"])
    return pct_ci(r["estimate"], r["ci95_lo"], r["ci95_hi"])


def row_label(r: pd.Series) -> str:
    if r["statistic"] == "mode_share":
        return f"{label(r['mode'])} {'chosen directly' if r['chosen'] == 'direct' else 'after a push'}"
    return STAT_LABELS[r["statistic"]]


def multipliers_text() -> str:
    """``♥ ×1, ♦ ×1, ...``: the multipliers of the rules of the comparison."""
    from jass_sim.jass.cards import MODE_NAMES
    from jass_sim.jass.rules import get_rules
    rules = get_rules(H.RULES)
    return ", ".join(f"{label(MODE_NAMES[m])} ×{rules.multipliers[m]}" for m in rules.modes)


def players_of(table: pd.DataFrame) -> list[str]:
    return list(dict.fromkeys(table["player"]))


def rounds_of(table: pd.DataFrame) -> dict[str, int]:
    first = table[table["statistic"] == "points"]
    return dict(zip(first["player"], first["n"].astype(int)))


def table_block(table: pd.DataFrame) -> tuple:
    """Statistics by row, players and the human figure by column."""
    players = players_of(table)
    rows = [["rounds"] + [n_fmt(n) for n in rounds_of(table).values()] + ["≈1.8 M games"]]
    for _, g in table.groupby(["statistic", "mode", "chosen"], sort=False):
        by = g.set_index("player")
        first = g.iloc[0]
        rows.append([row_label(first)] + [estimate_cell(by.loc[p]) for p in players]
                    + [human_cell(first["statistic"], first["human"])])
    return ("table", ["statistic"] + players + ["human players (unverified)"], rows,
            "Simulated players (schieber rules, fitted mode choice) against human online play; mode shares "
            "are shares of all rounds", "lr")


def sentences(table: pd.DataFrame) -> list[str]:
    """The section's prose, from ``table`` only."""
    t = table.set_index(["statistic", "mode", "chosen", "player"]).sort_index()
    rounds = rounds_of(table)
    out = []
    for p in players_of(table):
        pts, win, match = (t.loc[(s, "all", "all", p)] for s in ("points", "round_win", "match"))
        out.append(f"With `{p}` card play ({n_fmt(rounds[p])} rounds) the declaring team takes "
                   f"{points_ci(pts['estimate'], pts['ci95_lo'], pts['ci95_hi'])} points per round (human players: "
                   f"{pts['human']:.1f}), wins {pct_ci(win['estimate'], win['ci95_lo'], win['ci95_hi'])} of the "
                   f"rounds ({human_cell('round_win', win['human'])}) and makes a match in "
                   f"{pct_ci(match['estimate'], match['ci95_lo'], match['ci95_hi'])} "
                   f"({human_cell('match', match['human'])}).")
    big = max(rounds, key=rounds.get)  # the mode choice does not depend on the card play: the largest sample
    push = t.loc[("push", "all", "all", big)]
    shares = table[(table["statistic"] == "mode_share") & (table["player"] == big)]
    gap = shares.assign(gap=(shares["estimate"] - shares["human"]).abs()).sort_values("gap", ascending=False,
                                                                                       kind="stable").iloc[0]
    out.append(f"The mode is chosen by the same fitted mode model for every player, so the push rate and the mode "
               f"shares measure the mode model, not the card play (they differ between players by sampling only). "
               f"On the `{big}` rounds it pushes in {pct_ci(push['estimate'], push['ci95_lo'], push['ci95_hi'])} "
               f"of the rounds, where human players push in {human_cell('push', push['human'])}. Its largest gap "
               f"from human play: "
               f"{row_label(gap)} in {pct_ci(gap['estimate'], gap['ci95_lo'], gap['ci95_hi'])} of the rounds, "
               f"against {human_cell('mode_share', gap['human'])} by human players.")
    out.append("The 95% CIs cover the sampling of the simulated deals only. They do not cover the play model (how "
               "well each policy plays, and that all four seats play alike), the mode-choice model (the fitted "
               "model and its chibre model decide the push rate and the mode shares, and which hands the declaring "
               "team plays), nor the human data's own selection: online players of one platform, whole games with "
               "a running score and a target where a round is not played for its points alone, and a published "
               "summary without sample sizes or intervals. The human column is therefore a reference point, not "
               "an estimate of the same quantity under the same conditions.")
    return out


def blocks(table: pd.DataFrame, rules_name: str, section: str) -> list[tuple]:
    """The section's document blocks (see :mod:`jass_sim.core.report.render`)."""
    out: list[tuple] = [("h2", f"{section}. Simulated players against human play")]
    if len(table) == 0:
        out.append(("p", f"No player of `--players` is compared with human play (only {', '.join(H.DEFAULT_PLAYERS)} "
                         "are): no comparison."))
        return out
    rounds = rounds_of(table)
    where = "" if rules_name == H.RULES else f" (not the report's `{rules_name}`)"
    out.append(("p", f"This section always uses the `{H.RULES}` rules{where}: they carry the multipliers of the "
                     f"online game to 2500 points ({multipliers_text()}), which steer the choice of mode (whether "
                     "the human games used them is not known: see below). Each "
                     "round is a uniform deal; seat 0 chooses the mode with the fitted mode model (the default "
                     "mode choice), chibre allowed (the partner then chooses with it too), and all four seats play the same card-play policy: "
                     + ", ".join(f"`{p}` {n_fmt(n)} rounds" for p, n in rounds.items())
                     + ". The *declaring team* is the chooser's team. Its **points** are its card points (last "
                     "trick 5 included) plus the match bonus, so a match counts 257, *without* the multiplier and "
                     "without melds or stöck, as in the human figures; it **wins** the round when it has more of "
                     "those points than the other team. Points: mean with a normal 95% CI; rates and shares: "
                     "Wilson 95% CIs."))
    out.append(("p", f"Human figures: {H.HUMAN_SOURCE}."))
    out += [("p", s) for s in sentences(table)]
    out.append(("img", "human.png", "Simulated players against human play"))
    out.append(table_block(table))
    return out


def human_png(table: pd.DataFrame) -> bytes:
    """Three panels (estimates with 95% CIs, human figures as black marks): the declaring team's
    points; its round-win, match and push rates; the mode shares, direct and after a push."""
    from jass_sim.core.report.figures import error_bars, new_figure, png_bytes

    players = players_of(table)
    fig = new_figure(13, 8.5)
    grid = fig.add_gridspec(2, 3)
    ax_pts, ax_rates, ax_modes = fig.add_subplot(grid[0, 0]), fig.add_subplot(grid[0, 1:]), fig.add_subplot(grid[1, :])
    width = 0.8 / max(len(players), 1)

    def bars(ax, sub, names):
        x = np.arange(len(names))
        for i, p in enumerate(players):
            d = sub[sub["player"] == p]
            ax.bar(x + (i - (len(players) - 1) / 2) * width, d["estimate"], width, yerr=error_bars(d, "estimate"),
                   capsize=2, label=p)
        human = sub.drop_duplicates(["statistic", "mode", "chosen"])["human"].to_numpy(dtype=float)
        ax.scatter(x, human, marker="_", s=900, color="black", linewidths=2.5, zorder=3, label="human players")
        ax.set_xticks(x, names)
        ax.grid(axis="y", alpha=0.3)

    pts = table[table["statistic"] == "points"]
    x = np.arange(len(players))
    for i, p in enumerate(players):
        d = pts[pts["player"] == p]
        ax_pts.errorbar([i], d["estimate"], yerr=error_bars(d, "estimate"), marker="o", capsize=4, color=f"C{i}")
    ax_pts.axhline(pts["human"].iloc[0], color="black", lw=2.5, label="human players")
    ax_pts.set_xticks(x, players)
    ax_pts.set_xlim(-0.6, len(players) - 0.4)
    ax_pts.set_ylabel("points per round")
    ax_pts.set_title("Declaring team's points\n(cards + match bonus, no multiplier, melds, stöck)", fontsize=10)
    ax_pts.grid(axis="y", alpha=0.3)
    ax_pts.legend(fontsize=8)
    rates = table[table["statistic"].isin(["round_win", "match", "push"])]
    bars(ax_rates, rates, ["wins the round", "makes a match", "pushed (chibre)"])
    ax_rates.set_ylim(0, 1.3)  # headroom: the legend sits above the bars (shares reach 1), not on them
    ax_rates.set_yticks(np.linspace(0, 1, 6))
    ax_rates.set_ylabel("share of rounds")
    ax_rates.set_title("Round wins, matches and pushes")
    ax_rates.legend(fontsize=8, loc="upper center", ncol=len(players) + 1, frameon=False, markerscale=0.4)
    modes = table[table["statistic"] == "mode_share"]
    names = [f"{label(m)}\n{'direct' if c == 'direct' else 'after push'}"
             for m, c in modes.drop_duplicates(["mode", "chosen"])[["mode", "chosen"]].itertuples(index=False)]
    bars(ax_modes, modes, names)
    ax_modes.set_ylabel("share of all rounds")
    ax_modes.set_title("Mode chosen, directly or after a push (schieber rules)")
    return png_bytes(fig)

