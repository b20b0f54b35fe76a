"""The Coiffeur report's document (``index.md``, ``index.html``, ``tables/*.csv``) and its entry
point :func:`coiffeur_report` (``jass-sim coiffeur report``). The figures are computed by
:mod:`jass_sim.jass.coiffeur.report`; this module only words them.
"""

from __future__ import annotations

import math

import pandas as pd

from jass_sim.core.report.text import n_fmt, pct_ci
from jass_sim.jass.coiffeur.presets import CATEGORY_WORDS
from jass_sim.jass.coiffeur.report import DECISIONS_PER_HAND, VALUABLE, CoiffeurReport

#: The sizes of ``--quick`` and of the default run.
QUICK = dict(hands=32, deals=64, matches=100)
DEFAULT = dict(hands=512, deals=64, matches=2000)
#: Fewer hands than this in a feature group: the row is in the CSV but not in the document.
MIN_GROUP = 10


def _ci(lo: float, hi: float, digits: int = 1) -> str:
    if math.isnan(lo) or math.isnan(hi):
        return "—"
    return f"[{lo:.{digits}f}, {hi:.{digits}f}]"


def _word(code: str) -> str:
    return CATEGORY_WORDS.get(code, code)


def blocks(rep: CoiffeurReport) -> list[tuple]:
    """The document (see :mod:`jass_sim.core.report.render`), from the tables only."""
    T = rep.tables
    B: list[tuple] = [("h1", "Coiffeur report")]
    B.append(("p", f"Generated with `{rep.command}` (preset `{rep.rules}`, card play `{rep.policy}` at all four "
                   "seats). Every sampled figure has its sample size n and a 95% confidence interval (means: normal "
                   "intervals over independent units, named in each section; shares: Wilson intervals). The "
                   "intervals cover the sampling only, never the model of the players. Tables are also in "
                   "`tables/*.csv`; the game, its presets and the plan's model are in `docs/coiffeur.md`."))

    v = T["values"]
    B.append(("h2", "1. Each category's value for a random hand"))
    B.append(("p", f"The declaring team's mean points (the chooser at seat 0 leads) for a random hand, from fresh "
                   f"play-outs: {n_fmt(rep.hands)} random hands, each played on {rep.deals} deals of the other 27 "
                   "cards in every form (the same deals in every form), by four `"
                   f"{rep.policy}` players. The interval is over the hand means (hands are independent, a hand's deals "
                   "are not). A Joker is played as the hand's best form by its mean over these deals, which makes its "
                   "figure slightly optimistic (the best of six noisy means). A Matsch counts 157 + 100."))
    B.append(("table", ["category", "x", "hands", "mean points", "95% CI", "times x", "95% CI (x)"],
              [[f"{_word(r['category'])} ({r['category']})", str(r["multiplier"]), n_fmt(r["hands"]),
                f"{r['mean']:.1f}", _ci(r["ci95_lo"], r["ci95_hi"]), f"{r['mean_x']:.0f}",
                _ci(r["ci95_x_lo"], r["ci95_x_hi"], 0)] for _, r in v.iterrows()],
              "Mean points of a random hand per category (raw and times the multiplier)", "lr"))

    tk, tf = T["take"], T["take_features"]
    n_dec = int(tk["hands"].iloc[0]) if len(tk) else 0
    B.append(("h2", "2. What a hand must hold to take a category early"))
    B.append(("p", f"The plan's answer at the first choice of a match (both lists full, nobody has passed; the "
                   f"`planning` chooser of `coiffeur simulate`: the adviser's plan with the hand's points estimated "
                   f"from its cards) for {n_fmt(n_dec)} random hands ({DECISIONS_PER_HAND} per play-out hand: a "
                   "decision needs no play-out). First the share of hands for each answer, then, per category, the "
                   "share of hands that take it by card features: for a suit category the trumps held, Buur "
                   "(the trump Jack) and Nell (the trump 9), and aces in the other suits; for Obenabe the aces and "
                   "kings; for Undenufe the sixes and sevens. A share above 50% means: with such a hand, take it now. A hand "
                   "too strong for its suit may be taken as a Joker instead (x7 or x8), which lowers the suit's share. "
                   f"Groups of fewer than {MIN_GROUP} hands are left out here (they are in `tables/take_features.csv`)."))
    B.append(("table", ["answer", "hands", "share"],
              [[_word(r["answer"]) if r["answer"] != "pass" else "pass", n_fmt(r["hands"]),
                pct_ci(r["share"], r["ci95_lo"], r["ci95_hi"])] for _, r in tk.iterrows()],
              "The first chooser's answer (Joker: either Joker)", "lr"))
    for code in dict.fromkeys(tf["category"]) if len(tf) else []:
        sub = tf[(tf["category"] == code) & (tf["hands"] >= MIN_GROUP)]
        sub = sub.sort_values(["share", "hands"], ascending=False)
        good = sub[sub["ci95_lo"] > 0.5]
        if len(good):
            rule = "; or ".join(good["features"].head(4))
            B.append(("p", f"**{_word(code)}**: taken at the first choice by most hands (lower CI bound above 50%) "
                           f"with {rule}."))
        else:
            B.append(("p", f"**{_word(code)}**: no card group of {MIN_GROUP}+ hands takes it first with a lower CI "
                           "bound above 50%."))
        if len(sub):
            B.append(("table", ["hand", "hands", "takes it now"],
                      [[r["features"], n_fmt(r["hands"]), pct_ci(r["share"], r["ci95_lo"], r["ci95_hi"])]
                       for _, r in sub.head(12).iterrows()],
                      f"{_word(code)}: the 12 groups most likely to take it first (of {MIN_GROUP}+ hands)", "lr"))

    o = T["order"]
    n_m = int(o["matches"].iloc[0]) if len(o) else 0
    B.append(("h2", "3. The order in which a planning team fills its categories"))
    B.append(("p", f"{n_fmt(n_m)} whole matches of the `planning` chooser against itself (the deals of "
                   "`coiffeur simulate` with the same seed). Per category the mean round (1 to "
                   f"{2 * len(o)}) at which a team takes it; the interval is over matches (the two teams' rounds "
                   "averaged per match, since the teams of one match are not independent)."))
    B.append(("table", ["category", "x", "matches", "mean round", "95% CI"],
              [[_word(r["category"]), str(r["multiplier"]), n_fmt(r["matches"]), f"{r['mean_round']:.2f}",
                _ci(r["ci95_lo"], r["ci95_hi"], 2)] for _, r in o.sort_values("mean_round").iterrows()],
              "Mean round of taking each category, earliest first", "lr"))

    f, fc = T["fass"], T["fass_categories"]
    B.append(("h2", "4. How often a team ends \"im Fass\""))
    B.append(("p", "From the same matches: a team is \"im Fass\" when all four passed and the first chooser must "
                   f"take. Per team (team 0 chose first in round 1), the share of matches in which it was im Fass at "
                   f"least once, and with a valuable category (x{VALUABLE} or more); then, per category, the share of "
                   "its takes that were forced."))
    B.append(("table", ["team", "event", "matches", "share"],
              [[str(r["team"]), r["event"], n_fmt(r["matches"]), pct_ci(r["share"], r["ci95_lo"], r["ci95_hi"])]
               for _, r in f.iterrows()], "Matches with a forced take", "llr"))
    B.append(("table", ["category", "x", "takes", "forced"],
              [[_word(r["category"]), str(r["multiplier"]), n_fmt(r["takes"]),
                pct_ci(r["share"], r["ci95_lo"], r["ci95_hi"])] for _, r in fc.iterrows()],
              "Share of each category's takes that were forced", "lr"))

    m = T["misere"]
    B.append(("h2", "5. Misère hand types"))
    B.append(("p", "The preset `coiffeur` has no Misère category; this section plays the Misère round modes of the "
                   "play step, `MISERE-OBE` (played as Obenabe) and `MISERE-UNE` (as Undenufe), where the declaring "
                   "team is credited the points the opponents make. The declarer (seat 0) leads; the same "
                   f"{n_fmt(rep.hands)} hands as section 1, each on {rep.deals} deals, both modes on the same deals. "
                   "Mean credit per hand type, the interval over hands. The card play is the default players' "
                   "Misère play (give points away)."))
    B.append(("table", ["mode", "hand type", "hands", "mean credit", "95% CI"],
              [[r["mode"], f"{r['feature']} {r['value']}".strip(), n_fmt(r["hands"]), f"{r['mean']:.1f}",
                _ci(r["ci95_lo"], r["ci95_hi"])] for _, r in m.iterrows()],
              "Misère: the declaring team's credit by hand type", "llr"))

    B.append(("h2", "How this report was made"))
    B.append(("p", "Reproduce it exactly (the same numbers on any number of threads: every sample is seeded per "
                   "fixed block from the seed):"))
    B.append(("code", rep.command))
    B.append(("p", f"Seed {rep.seed}: {n_fmt(rep.hands)} play-out hands x {rep.deals} deals (sections 1 and 5), "
                   f"{n_fmt(rep.hands * DECISIONS_PER_HAND)} decision hands (section 2), {n_fmt(rep.matches)} "
                   "matches (sections 3 and 4). The hands come from the stream `jass.coiffeur-report`, the deals of "
                   "sections 1 and 5 from `advise`'s stream, the matches' from `jass.coiffeur-match` (match m of the "
                   "seed, as `coiffeur simulate`), the Misère card play from `jass.coiffeur-report-misere`. The run's "
                   "time is in `benchmarks/RESULTS.md` (\"Coiffeur report\"), not here: a time would make two runs of "
                   "the same seed differ."))
    return B


def coiffeur_report(output: str, *, hands: int | None = None, deals: int | None = None, matches: int | None = None,
                    seed: int = 0, quick: bool = False, rules="coiffeur", policy: str | None = None,
                    threads: int | None = None, command: str | None = None, progress=None):
    """Write the Coiffeur report to directory ``output`` (``jass-sim coiffeur report``).

    Parameters
    ----------
    output : str
        The report directory (created, or replaced whole if it holds a report).
    hands, deals, matches : int, optional
        Play-out hands and deals per hand (sections 1, 5; section 2 reads 32 decisions per play-out
        hand), and whole matches (sections 3, 4). Defaults: :data:`DEFAULT`, or :data:`QUICK`.
    seed : int
        Root seed.
    quick : bool
        The small sizes of :data:`QUICK` for any size not given.
    rules : str or CoiffeurRules
        The match preset.
    policy : str, optional
        The card players (default ``net``).
    threads : int, optional
        Threads of the play-outs (the figures do not depend on it).
    command : str, optional
        The command line printed in the report.
    progress : callable, optional
        Called with a short message as each section starts.

    Returns
    -------
    ReportFiles
    """
    from jass_sim.core.report.write import ReportFiles, check_report_dir, write_report_dir
    from jass_sim.jass.coiffeur.report import build_report

    check_report_dir(output)
    base = QUICK if quick else DEFAULT
    hands = base["hands"] if hands is None else int(hands)
    deals = base["deals"] if deals is None else int(deals)
    matches = base["matches"] if matches is None else int(matches)
    if command is None:
        command = (f"jass-sim coiffeur report --hands {hands} --deals {deals} --matches {matches} --seed {seed} "
                   f"--rules {getattr(rules, 'name', rules)} -o {output}")
    rep = build_report(hands=hands, deals=deals, matches=matches, seed=seed, rules=rules, policy=policy,
                       threads=threads, command=command, progress=progress)
    tables = {k: pd.DataFrame(v) for k, v in rep.tables.items()}
    files = write_report_dir(output, blocks(rep), "Coiffeur report", tables, lambda d: None)
    return ReportFiles(output, rep, files)
