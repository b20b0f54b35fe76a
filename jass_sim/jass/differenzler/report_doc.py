"""The document of ``differenzler report``: sections, tables, plots (from :mod:`.report`'s tables
only), written by :func:`jass_sim.core.report.write.write_report_dir`; and :func:`report`, the
function behind the command."""

from __future__ import annotations

import math

import numpy as np

from jass_sim.core.report.text import n_fmt
from jass_sim.jass.differenzler.report import DifferenzlerReport

TITLE = "Differenzler announcement report"


def _ci(mean: float, lo: float, hi: float, digits: int = 1) -> str:
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return f"{mean:.{digits}f} (n too small for a CI)"
    return f"{mean:.{digits}f} ({lo:.{digits}f} to {hi:.{digits}f})"


def _sd(x: float) -> str:
    return "—" if not math.isfinite(x) else f"{x:.1f}"


def blocks(rep: DifferenzlerReport) -> list[tuple]:
    """The document (see :mod:`jass_sim.core.report.render`)."""
    T = rep.tables
    B: list[tuple] = [("h1", TITLE)]
    B.append(("p", f"Generated with `{rep.command}`. {n_fmt(rep.hands)} sampled hands, each given to the adviser "
                   f"(`jass-sim differenzler advise`'s simulation) with {n_fmt(rep.samples)} deals of the unseen "
                   "cards: the expected penalty of every announcement 0..157 on the same deals. Rules `differenzler` "
                   "(penalty = |announced - made|, no exact-hit bonus), all seats play the `number` player, the "
                   "other seats announce with the fast announcer. Every figure has its sample size n and a 95% CI "
                   "(normal, the hands being the units; shares: Wilson); the CIs cover the sampling only, never the "
                   "model of the other players. Tables are in `tables/*.csv`; the rules in "
                   "[docs/differenzler.md](../../docs/differenzler.md)."))

    B.append(("h2", "1. The best announcement in card terms"))
    B.append(("p", "The adviser's best announcement (least expected penalty; for this penalty a median of the points "
                   "the hand makes) by trumps held (5 = five or more) and Buur (trump jack) / Nell (trump nine), then "
                   "by side aces and seat (seat 0 announces first and leads; seat 3 deals and holds the trump card). "
                   "*spread*: the standard deviation of the best announcement between the hands of a row. The full "
                   "cross (trumps x Buur/Nell x side aces x seat) is `tables/best_by_cards.csv`."))
    B.append(("img", "best_by_trumps.png", "Best announcement by trumps held and Buur/Nell, 95% CIs"))
    t = T["best_by_trumps"]
    B.append(("table", ["trumps", "Buur/Nell", "n", "best announcement (95% CI)", "spread"],
              [[str(int(r.trumps_group)) + ("+" if r.trumps_group == 5 else ""), r.buur_nell, n_fmt(r.n),
                _ci(r.mean, r.ci95_lo, r.ci95_hi), _sd(r.sd)] for r in t.itertuples()],
              "Best announcement by trumps held and Buur/Nell", "llr"))
    t = T["best_by_aces_seat"]
    B.append(("table", ["side aces", "seat", "n", "best announcement (95% CI)", "spread"],
              [[str(int(r.side_aces)), str(int(r.seat)), n_fmt(r.n), _ci(r.mean, r.ci95_lo, r.ci95_hi), _sd(r.sd)]
               for r in t.itertuples()], "Best announcement by side aces and seat", "r"))

    B.append(("h2", "2. Folk rules against the adviser"))
    B.append(("p", "Each rule's announcement for every hand, scored on the hand's own deals: its expected penalty "
                   "minus that of the adviser's best announcement (paired: the same deals; never below zero, since "
                   "the best is the least on those deals — a slight bias in the adviser's favour, small next to the "
                   "differences). The quoted rule is the bidder of the public repository "
                   "matthias-research/differenzler (*trump values*: the trumps' card points, J 20, 9 14, A 11, 10 10, "
                   "K 4, Q 3); the others are common first guesses and a tricks-times-N rule. *best*: the share of "
                   "hands where the rule names the adviser's best exactly."))
    B.append(("img", "rules.png", "Extra penalty of each folk rule, 95% CIs"))
    t = T["rules"]
    B.append(("table", ["rule", "verdict", "n", "extra penalty (95% CI)", "best", "decided by (on the gain)", "source"],
              [[r.name, f"**{r.verdict}**", n_fmt(r.n), _ci(r.mean, r.ci95_lo, r.ci95_hi, 2),
                f"{100 * r.share_best:.0f}%", r.decided_by, r.source] for r in t.itertuples()],
              "Every rule tested (penalty points per round)", "llrrrll"))
    B.append(("p", "**How a verdict is decided** (`jass_sim.jass.report.verdicts`, as in the Jass report): the test is "
                   "on the rule's gain over the adviser (minus the extra penalty). *confirmed* / *refuted*: the gain "
                   "differs from zero at Holm-adjusted p < 0.05 (the five rules are one family), positive / negative; "
                   "*mixed*: not significant, and either the side-ace groups split or the 95% CI lies within ±5 "
                   "points (no difference a player would notice); *not enough data*: fewer than 10 hands, or a CI "
                   "too wide to tell. Since the adviser's best is the least expected penalty on the same deals, no "
                   "rule can be confirmed here: *mixed* is the best a rule can earn (as good as the adviser to within "
                   "5 points), *refuted* says it costs points a significant amount."))

    B.append(("h2", "3. Open announcements"))
    B.append(("p", "When the numbers are announced openly, seat s (s = 1, 2, 3) knows the s earlier numbers. The same "
                   "hands and deals again, the earlier seats' true numbers (the fast announcer's, on their real "
                   "hands) fixed as their play targets — what `advise --bids` is told; the unseen cards are still "
                   "dealt without regard to those numbers (the adviser's model). *shift*: open minus secret best "
                   "announcement, paired per hand; *changed*: the share of hands whose best announcement moves "
                   "(Wilson CI); *cost*: the expected penalty of keeping the secret answer when the numbers are "
                   "open. Seat 0 announces first and learns nothing."))
    t = T["open"]
    B.append(("table", ["seat", "n", "mean secret (95% CI)", "mean open (95% CI)", "shift (95% CI)", "|shift| (95% CI)", "changed (95% CI)",
                        "cost of the secret answer (95% CI)"],
              [[str(int(r.seat)), n_fmt(r.n), _ci(r.mean_secret, r.mean_secret_lo, r.mean_secret_hi),
                _ci(r.mean_open, r.mean_open_lo, r.mean_open_hi),
                _ci(r.shift, r.shift_lo, r.shift_hi, 2), _ci(r.abs_shift, r.abs_shift_lo, r.abs_shift_hi, 2),
                f"{100 * r.share_changed:.0f}% ({100 * r.share_lo:.0f}% to {100 * r.share_hi:.0f}%)",
                _ci(r.cost_secret, r.cost_lo, r.cost_hi, 2)] for r in t.itertuples()],
              "What the earlier numbers change (points)", "r"))

    B.append(("h2", "4. The unavoidable error"))
    B.append(("p", "The adviser's own expected penalty at its best announcement: what no announcement avoids, because "
                   "the points a hand makes vary with the unseen cards and the play. By card terms, then a linear fit "
                   "of it on them (coefficients in penalty points, 95% CIs by ordinary standard errors), then the ten "
                   "hands with the largest."))
    B.append(("img", "error.png", "Unavoidable error by trumps held and Buur/Nell, 95% CIs"))
    t = T["error_by_trumps"]
    B.append(("table", ["trumps", "Buur/Nell", "n", "expected penalty at the best (95% CI)"],
              [[str(int(r.trumps_group)) + ("+" if r.trumps_group == 5 else ""), r.buur_nell, n_fmt(r.n),
                _ci(r.mean, r.ci95_lo, r.ci95_hi)] for r in t.itertuples()],
              "Unavoidable error by trumps held and Buur/Nell", "llr"))
    t = T["error_by_aces"]
    B.append(("table", ["side aces", "n", "expected penalty at the best (95% CI)"],
              [[str(int(r.side_aces)), n_fmt(r.n), _ci(r.mean, r.ci95_lo, r.ci95_hi)] for r in t.itertuples()],
              "Unavoidable error by side aces", "r"))
    t = T["error_fit"]
    B.append(("table", ["feature", "coefficient (95% CI)"],
              [[r.feature, _ci(r.coef, r.ci95_lo, r.ci95_hi, 2)] for r in t.itertuples()],
              f"Linear fit of the unavoidable error (n = {n_fmt(t['n'].iloc[0]) if len(t) else 0} hands)", "lr"))
    h = T["hands"].sort_values("min_penalty", ascending=False, kind="stable").head(10)
    B.append(("table", ["hand", "trump", "seat", "best", "expected penalty (95% CI over its deals)"],
              [[r.hand, r.trump_card, str(int(r.seat)), str(int(r.best_bid)),
                _ci(r.min_penalty, r.min_penalty - r.min_penalty_half, r.min_penalty + r.min_penalty_half)]
               for r in h.itertuples()], "The ten hands with the largest unavoidable error", "llr"))

    B.append(("h2", "How this report was made"))
    B.append(("p", f"`{rep.command}` ({n_fmt(rep.hands)} hands x {n_fmt(rep.samples)} deals, the open run for the "
                   f"three later seats again; seed {rep.seed}) took {rep.seconds:.0f} s. Hands: uniform deals, the "
                   "dealer at seat 3, the asking seat cycling 0..3, the trump card a random card of the dealer's hand "
                   "(random stream `jass.differenzler-report`); each hand's deals from the adviser's stream with a "
                   "seed drawn for it. Code: `jass_sim/jass/differenzler/report.py` (analysis) and `report_doc.py` "
                   "(this document); the same seed gives the same report on any thread count."))
    return B


def figures(rep: DifferenzlerReport) -> dict[str, bytes]:
    """The PNG figures, each sized for a phone's width."""
    from jass_sim.core.report.figures import error_bars, new_figure, png_bytes

    out = {}
    for name, table, ylabel, title in (
            ("best_by_trumps.png", rep.tables["best_by_trumps"], "best announcement (points)",
             "Best announcement by trumps held"),
            ("error.png", rep.tables["error_by_trumps"], "expected penalty at the best (points)",
             "Unavoidable error by trumps held")):
        fig = new_figure(6.4, 3.6)
        ax = fig.add_subplot()
        for k, (bn, g) in enumerate(table.groupby("buur_nell", sort=True)):
            x = g["trumps_group"].to_numpy(float) + (k - 1.5) * 0.08
            ax.errorbar(x, g["mean"], yerr=error_bars(g), marker="o", capsize=3, label=f"{bn}")
        ax.set_xlabel("trumps held (5: five or more)")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{title} ({n_fmt(rep.hands)} hands, 95% CIs)", fontsize=9)
        ax.legend(fontsize=7)
        out[name] = png_bytes(fig)
    t = rep.tables["rules"]
    fig = new_figure(6.4, 3.2)
    ax = fig.add_subplot()
    y = np.arange(len(t))
    ax.barh(y, t["mean"], xerr=error_bars(t), capsize=3, color="C1")
    ax.set_yticks(y, t["name"], fontsize=7)
    ax.invert_yaxis()
    ax.axvline(0, color="#333", linestyle="--", linewidth=0.8)
    ax.set_xlabel("extra expected penalty over the best (points per round)")
    ax.set_title(f"Folk rules against the adviser ({n_fmt(rep.hands)} hands, 95% CIs)", fontsize=9)
    out["rules.png"] = png_bytes(fig)
    return out


def write_report(rep: DifferenzlerReport, path: str) -> list[str]:
    """Render ``rep`` into directory ``path`` (created, or replaced whole if it holds a report)."""
    from jass_sim.core.report.write import write_figures, write_report_dir

    return write_report_dir(path, blocks(rep), TITLE, rep.tables, lambda d: write_figures(d, figures(rep)))


def report(output: str, *, hands: int = 2000, samples: int = 2048, seed: int = 0, threads: int | None = None,
           command: str | None = None, progress=None):
    """Write the Differenzler announcement report to the directory ``output``
    (``jass-sim differenzler report``): the best announcement in card terms, folk rules against the
    adviser with verdicts, open announcements, the unavoidable error (``index.md``, ``index.html``,
    PNGs, CSVs).

    Parameters
    ----------
    output : str
        The report directory (created, or replaced whole if it holds a report).
    hands : int
        Sampled hands (at least 1).
    samples : int
        Deals of the unseen cards per hand (at least 2).
    seed, threads : int
        Root seed; threads (the report is the same on any number).
    command : str, optional
        The command line printed in the report.
    progress : callable, optional
        Called with the hands done.

    Returns
    -------
    jass_sim.core.report.write.ReportFiles
    """
    from jass_sim.core.errors import InputError
    from jass_sim.core.report.write import ReportFiles, check_report_dir
    from jass_sim.core.rng import check_seed
    from jass_sim.jass.differenzler.report import build_report

    check_report_dir(output)
    seed = check_seed(seed)
    if isinstance(hands, bool) or not isinstance(hands, (int, np.integer)) or not 1 <= hands <= 1_000_000:
        raise InputError(f"--hands must be an integer 1..1000000, got {hands!r}", str(hands))
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or not 2 <= samples <= 2_000_000:
        raise InputError(f"--samples must be an integer 2..2000000, got {samples!r}", str(samples))
    if command is None:
        command = f"jass-sim differenzler report --hands {hands} --samples {samples} --seed {seed} -o {output}"
    rep = build_report(int(hands), int(samples), seed, command, threads, progress)
    return ReportFiles(output, rep, write_report(rep, output))
