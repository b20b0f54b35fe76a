"""Progress over time from the history (issue 54 item 3): per game, the points lost per round (the
history's ``card_loss``, as each game's history hook defines it), by ISO week with a
95% CI, the trend (least-squares slope per week, Student's t 95% CI), the share of best choices
(Wilson 95% CI), and the practice positions solved. Game-neutral: it reads the history's columns and,
of each saved review, only its ``decisions`` with their ``loss`` and ``verdict`` (every game's review
has them)."""

from __future__ import annotations

import json
import math
from datetime import datetime

from jass_sim.core.history import HistoryStore, json_safe
from jass_sim.core.stats import mean_ci, t95, wilson_ci

#: A choice this close to the best counts as the best (the reviews' losses are exact zeros or sampled).
BEST_TOL = 1e-9


def week_of(created: str) -> str:
    """``2026-W48``: the ISO week of a history time (UTC, ISO 8601)."""
    year, week, _ = datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ").isocalendar()
    return f"{year}-W{week:02d}"


def _ci(values: list[float]) -> dict:
    n = len(values)
    mean, lo, hi = mean_ci(float(sum(values)), float(sum(v * v for v in values)), n)
    return {"rounds": n, "mean": mean, "ci95": None if math.isnan(lo) else [lo, hi]}


def trend(days: list[float], values: list[float]) -> dict | None:
    """The least-squares slope of ``values`` against time (``days``), per week, with its 95% CI
    (Student's t with n - 2 degrees of freedom); None with fewer than 3 rounds or all on one day."""
    n = len(values)
    if n < 3:
        return None
    mx, my = sum(days) / n, sum(values) / n
    sxx = sum((x - mx) ** 2 for x in days)
    if sxx <= 0:
        return None
    slope = sum((x - mx) * (y - my) for x, y in zip(days, values)) / sxx
    resid = sum((y - my - slope * (x - mx)) ** 2 for x, y in zip(days, values))
    half = t95(n - 2) * math.sqrt(resid / (n - 2) / sxx)
    return {"per_week": 7 * slope, "ci95": [7 * (slope - half), 7 * (slope + half)], "rounds": n}


def history_stats(store: HistoryStore, games=None) -> dict:
    """The statistics of the module docstring: ``{"games": {game: {...}}, "practice": {...}}``.

    Per game: ``rounds``, ``card_loss`` (``mean``, ``ci95`` per round), ``weeks`` (one row per ISO
    week: ``week``, ``rounds``, ``mean``, ``ci95``), ``trend`` (``per_week``, ``ci95``, ``rounds``,
    or None), ``best`` (``best``, ``decisions``, ``share``, ``ci95``: the decisions with more than
    one option whose choice was the best), ``per_round`` (``id``, ``created``, ``card_loss``).
    ``practice``: per game ``positions``, ``answers``, ``solved``, ``share`` solved of the answers
    with its ``ci95``, and ``boxes`` (positions per box 1-5). ``games``: the games to list (default:
    those in the history)."""
    def read(conn):
        rounds = conn.execute("SELECT id, created, game, card_loss, review FROM rounds ORDER BY created, id").fetchall()
        boxes = conn.execute("SELECT game, box, COUNT(*), SUM(answers), SUM(solved) FROM positions "
                             "GROUP BY game, box").fetchall()
        return rounds, boxes

    rounds, boxes = store.transaction(read)
    names = list(games) if games is not None else sorted({r[2] for r in rounds} | {b[0] for b in boxes})
    out = {"games": {}, "practice": {}}
    for game in names:
        rows = [r for r in rounds if r[2] == game]
        lost = [(r[0], r[1], r[3]) for r in rows if r[3] is not None]
        weeks: dict[str, list[float]] = {}
        for _, created, loss in lost:
            weeks.setdefault(week_of(created), []).append(loss)
        best = decisions = 0
        for r in rows:
            for d in json.loads(r[4]).get("decisions", []):
                if d.get("verdict") == "forced" or d.get("loss") is None:
                    continue
                decisions += 1
                best += d["loss"] <= BEST_TOL
        share, lo, hi = wilson_ci(best, decisions)
        if lost:
            first = datetime.strptime(lost[0][1], "%Y-%m-%dT%H:%M:%SZ")
            days = [(datetime.strptime(c, "%Y-%m-%dT%H:%M:%SZ") - first).total_seconds() / 86400 for _, c, _ in lost]
        else:
            days = []
        out["games"][game] = {
            "rounds": len(rows), "card_loss": _ci([x for _, _, x in lost]),
            "weeks": [{"week": w, **_ci(v)} for w, v in sorted(weeks.items())],
            "trend": trend(days, [x for _, _, x in lost]),
            "best": {"best": best, "decisions": decisions, "share": None if decisions == 0 else share,
                     "ci95": None if decisions == 0 else [lo, hi]},
            "per_round": [{"id": i, "created": c, "card_loss": x} for i, c, x in lost]}
        mine = [b for b in boxes if b[0] == game]
        answers, solved = sum(b[3] or 0 for b in mine), sum(b[4] or 0 for b in mine)
        p, plo, phi = wilson_ci(solved, answers)
        out["practice"][game] = {"positions": sum(b[2] for b in mine), "answers": answers, "solved": solved,
                                 "share": None if answers == 0 else p, "ci95": None if answers == 0 else [plo, phi],
                                 "boxes": {str(box): sum(b[2] for b in mine if b[1] == box) for box in range(1, 6)}}
    return json_safe(out)  # no rounds: NaN means as None (strict JSON)


def stats_text(doc: dict) -> str:
    """The statistics as text: a block per game."""
    def ci(c, d=1):
        return "" if c is None else f" [{c[0]:.{d}f}, {c[1]:.{d}f}]"

    if not doc["games"]:
        return "the history is empty (the page saves every review; jass-sim review --save saves one)"
    lines = []
    for game, g in doc["games"].items():
        cl = g["card_loss"]
        # the interval is named only where there is one (a single round has none)
        lines.append(f"{game}: {g['rounds']} round(s); points lost per round "
                     + ("– (no round with card-play losses)" if cl["mean"] is None else
                        f"{cl['mean']:.1f}{ci(cl['ci95'])}"
                        + (" (mean, 95% CI)" if cl["ci95"] else f" (mean of {cl['rounds']} round(s): no CI)")))
        for w in g["weeks"]:
            lines.append(f"  {w['week']}: {w['rounds']} round(s), {w['mean']:.1f}"
                         + (ci(w["ci95"]) if w["ci95"] else " (no CI)"))
        t = g["trend"]
        lines.append("  trend: " + ("fewer than 3 rounds on different days" if t is None else
                                    f"{t['per_week']:+.2f} points per round per week{ci(t['ci95'], 2)} over "
                                    f"{t['rounds']} rounds"))
        b = g["best"]
        lines.append("  best choices: " + ("none rated" if b["decisions"] == 0 else
                                           f"{b['best']} of {b['decisions']} ({100 * b['share']:.0f}%, 95% CI "
                                           f"{100 * b['ci95'][0]:.0f}-{100 * b['ci95'][1]:.0f}%)"))
        p = doc["practice"].get(game)
        if p is not None:
            solved = "" if p["answers"] == 0 else (f" ({100 * p['share']:.0f}%, 95% CI {100 * p['ci95'][0]:.0f}-"
                                                   f"{100 * p['ci95'][1]:.0f}%)")
            lines.append(f"  practice: {p['positions']} position(s), {p['solved']} of {p['answers']} answers solved"
                         f"{solved}; by box " + " ".join(f"{k}:{v}" for k, v in p["boxes"].items()))
    return "\n".join(lines)


def stats_csv(doc: dict) -> str:
    """The weekly rows as CSV: game, week, rounds, mean, ci95_lo, ci95_hi."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "week", "rounds", "mean_card_loss", "ci95_lo", "ci95_hi"])
    for game, g in doc["games"].items():
        for w in g["weeks"]:
            c = w["ci95"] or ["", ""]
            writer.writerow([game, w["week"], w["rounds"], f"{w['mean']:.4f}", *(x if x == "" else f"{x:.4f}" for x in c)])
    return out.getvalue().rstrip("\n")


def stats_figure(doc: dict):
    """A matplotlib Figure: the points lost per round over time, per game, with the weekly means and
    their 95% CIs."""
    from jass_sim.core.report.figures import new_figure

    games = list(doc["games"])
    fig = new_figure(8, 2.8 * max(1, len(games)))
    for k, game in enumerate(games or ["(empty)"]):
        ax = fig.add_subplot(max(1, len(games)), 1, k + 1)
        g = doc["games"].get(game)
        if g:
            xs = [datetime.strptime(r["created"], "%Y-%m-%dT%H:%M:%SZ") for r in g["per_round"]]
            ax.plot(xs, [r["card_loss"] for r in g["per_round"]], "o", alpha=.5, label="a round")
            for w in g["weeks"]:
                monday = datetime.strptime(w["week"] + "-1", "%G-W%V-%u")
                lo, hi = w["ci95"] or (w["mean"], w["mean"])
                ax.errorbar([monday], [w["mean"]], yerr=[[w["mean"] - lo], [hi - w["mean"]]], fmt="s", color="black",
                            capsize=3, label="week: mean, 95% CI" if w is g["weeks"][0] else None)
        ax.set_title(game)
        ax.set_ylabel("points lost per round")
        ax.legend(fontsize=8)
    fig.autofmt_xdate()
    return fig
