"""``jass-sim cribbage report``: a strategy report for players (Markdown and HTML, PNG plots sized
for a phone, CSV tables), every published rule of thumb with its source and a verdict.

Sections: 1. what to throw (exact crib tables); 2. keeping fives, flushes and jacks (exact per
hand, sampled hands); 3. his nobs, his heels and flushes (exact); 4. pegging rules (simulation,
:mod:`jass_sim.cribbage.report_pegging`); 5. published figures beside ours; 6. how it was made.
Computations in :mod:`~jass_sim.cribbage.report_discard` and
:mod:`~jass_sim.cribbage.report_pegging`; this module writes the text from their tables only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from jass_sim.core.report.text import n_fmt, pct_ci
from jass_sim.cribbage import report_hessel as HS
from jass_sim.cribbage import report_typical as TY

#: Published sources: key -> (citation, address). Each was read at the address given.
SOURCES = {
    "RAS7": ("G. Rasmussen, Tip #7 'Discarding to opponent's crib', cribbage.org",
             "https://www.cribbage.org/NewSite/tips/rasmussen7.asp"),
    "SPR-O": ("The Spruce Crafts, 'Discarding to Opposing Crib - Cribbage Strategy'",
              "https://www.thesprucecrafts.com/cribbage-strategy-opposing-crib-410886"),
    "SPR-Y": ("The Spruce, 'Cribbage Strategy - Your Crib'", "https://www.thespruce.com/cribbage-strategy-your-crib-410885"),
    "CH4": ("J. Chambers, Tip #4 'Discard problems', cribbage.org", "http://cribbage.org/NewSite/tips/chambers4.asp"),
    "CH5": ("J. Chambers, Tip #5 '5 as lead card', cribbage.org", "http://www.cribbage.org/NewSite/tips/chambers5.asp"),
    "AAL": ("Ask-A-Link, 'Cribbage strategy'", "https://askalink.com/play/cribbage//cribbage-strategy.html"),
    "GTP": ("Germantown Peggers, 'Pegging To Win'", "https://members.tripod.com/~Germantown_Peggers/pegging1.htm"),
    "CC": ("Cribbage Corner, 'Cribbage strategy: replying to the lead'", "http://cribbagecorner.com/taxonomy/term/97"),
    "HES-Y": ("C. Hessel's crib tables (dealer), M. Schell, 'Discarding to your crib', cribbageforum.com; the "
              "table as republished by Cribbage 121", "http://cribbageforum.com/YourCrib.htm"),
    "HES-O": ("C. Hessel's crib tables (pone), M. Schell, 'Discarding to opponent's crib', cribbageforum.com",
              "http://cribbageforum.com/OppCrib.htm"),
}


def cite(*keys: str) -> str:
    return "; ".join(f"[{SOURCES[k][0]}]({SOURCES[k][1]})" for k in keys)


@dataclass
class CribbageReport:
    hands: int
    deals: int
    crib_samples: int
    seed: int
    command: str
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)


def build_report(hands: int = 4000, deals: int = 50_000, crib_samples: int = 300, seed: int = 0, command: str = "",
                 progress=None) -> CribbageReport:
    """Run every section (nothing is written). ``hands``: sampled six-card hands of section 2;
    ``deals``: deals of the pegging section; ``crib_samples``: sampled opponent hands per thrown
    rank pair and role of section 5 (0: leave the model crib out)."""
    from jass_sim.core.errors import InputError
    from jass_sim.core.rng import check_seed
    from jass_sim.cribbage import report_discard as D
    from jass_sim.cribbage import report_pegging as P

    for name, v, least, most in (("--hands", hands, 1, 10**7), ("--deals", deals, 1, 10**8),
                                 ("--crib-samples", crib_samples, 0, 10**6)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not least <= v <= most:
            raise InputError(f"{name} must be an integer {least}..{most:,}, got {v!r}", str(v))
    seed = check_seed(seed)
    rep = CribbageReport(int(hands), int(deals), int(crib_samples), seed, command)
    say = progress or (lambda _: None)
    T = rep.tables
    say("exact crib of every thrown pair")
    T["thrown_pairs"] = D.thrown_pairs()
    T["thrown_groups"] = D.thrown_rules(T["thrown_pairs"])
    say(f"{hands:,} sampled hands, 15 discards each, exact")
    six = D.sample_hands(hands, seed)
    T["hand_rules"] = D.hand_rules(six, {"dealer": D.discard_values(six, 1), "pone": D.discard_values(six, -1)})
    T["typical_discards"] = TY.typical_table()
    T["nobs"] = D.nobs_table()
    T["flush"] = D.flush_table()
    say(f"pegging: {deals:,} deals")
    T["pegging"] = P.pegging_rules(P.deal_hands(deals, seed))
    if crib_samples:
        say(f"model cribs: {crib_samples} samples per thrown pair and role")
        from jass_sim.cribbage.analysis import crib_rank_pairs

        T["model_crib"] = crib_rank_pairs(crib_samples, seed)
        T["hessel"] = HS.hessel_table(T["model_crib"])
        T["hessel_summary"] = HS.hessel_summary(T["hessel"])
    T["rules"] = rules_table(rep)
    return rep


def _exact_group(rep, name: str) -> float:
    g = rep.tables["thrown_groups"].set_index("group")
    return float(g.loc[name, "crib_ev"])


def _pm(r, digits: int = 2) -> str:
    return f"{r['mean']:+.{digits}f} ± {(r['ci95_hi'] - r['ci95_lo']) / 2:.{digits}f}"


def _mean_verdict(r) -> str:
    """The verdict of a discard rule from its 95% CI (one test on thousands of hands; the pegging
    rules have theirs, :func:`jass_sim.cribbage.report_pegmore.decide`)."""
    return "confirmed" if r["ci95_lo"] > 0 else "refuted" if r["ci95_hi"] < 0 else "not enough data"


def rules_table(rep: CribbageReport) -> pd.DataFrame:
    """Every rule of thumb tested: ``rule, source, test, figure, verdict, kind`` (kind ``exact``
    or ``sampled``)."""
    from jass_sim.cribbage import report_discard as D
    from jass_sim.cribbage import report_pegging as P

    T = rep.tables
    g = lambda name: _exact_group(rep, name)  # noqa: E731
    rows = []
    hr = T["hand_rules"].set_index(["rule", "role"])
    if ("keep_fives", "pone") in hr.index:
        r = hr.loc[("keep_fives", "pone")]
        rows.append({"rule": "As pone, hang onto your 5s (don't throw a 5 to the opponent's crib)",
                     "source": cite("RAS7", "SPR-O"),
                     "test": f"pone hands with a 5 ({n_fmt(r['n'])}): best discard keeping every 5 minus best "
                             "throwing one (hand − crib, exact per hand)",
                     "figure": f"{_pm(r)} points; the best discard keeps the 5s in "
                               f"{pct_ci(r['share'], r['share_lo'], r['share_hi'])}",
                     "verdict": _mean_verdict(r), "kind": "sampled"})
    if ("keep_fives", "dealer") in hr.index:
        r = hr.loc[("keep_fives", "dealer")]
        flip = {"mean": -r["mean"], "ci95_lo": -r["ci95_hi"], "ci95_hi": -r["ci95_lo"]}
        rows.append({"rule": "As dealer, throw 5s to your own crib unless they make a lot in your hand",
                     "source": cite("SPR-Y"),
                     "test": f"dealer hands with a 5 ({n_fmt(r['n'])}): best discard throwing a 5 minus best "
                             "keeping every 5 (hand + crib, exact per hand)",
                     "figure": f"{_pm(flip)} points; the best discard throws a 5 in "
                               f"{pct_ci(1 - r['share'], 1 - r['share_hi'], 1 - r['share_lo'])}",
                     "verdict": "mixed" if 0.1 < 1 - r["share"] < 0.9 else _mean_verdict(flip),
                     "kind": "sampled"})
    by_rank = {r: g(f"with a {r}") for r in "A23456789TJQK"}
    order = sorted(by_rank, key=by_rank.get)
    rows.append({"rule": "The K is the best balking card to throw to the opponent, then the Q",
                 "source": cite("RAS7"),
                 "test": "mean crib of a random thrown pair holding each rank (exact)",
                 "figure": "lowest: " + ", ".join(f"{r} {by_rank[r]:.2f}" for r in order[:4])
                           + f"; highest: 5 {by_rank['5']:.2f}",
                 "verdict": "confirmed" if order[:2] == ["K", "Q"] else "refuted", "kind": "exact"})
    rows.append({"rule": "Don't throw the J to the opponent (nobs)", "source": cite("RAS7", "CH4"),
                 "test": "mean crib of a thrown pair with a J against one with a K (exact)",
                 "figure": f"J {by_rank['J']:.2f}, K {by_rank['K']:.2f}",
                 "verdict": "confirmed" if by_rank["J"] > by_rank["K"] else "refuted", "kind": "exact"})
    wide = g("wide (no 5, pair, fifteen, touching or one apart)")
    for name, group, keys in (("Avoid throwing touching cards to the opponent", "touching ranks", ("RAS7", "SPR-O")),
                              ("Be wary of throwing cards one rank apart", "one rank apart", ("RAS7",)),
                              ("Don't throw a pair to the opponent", "a pair (same rank)", ("SPR-O",)),
                              ("Don't throw a fifteen to the opponent", "a fifteen", ("SPR-O",))):
        rows.append({"rule": name, "source": cite(*keys), "test": f"mean crib of {group} against wide cards (exact)",
                     "figure": f"{g(group):.2f} against {wide:.2f}",
                     "verdict": "confirmed" if g(group) > wide else "refuted", "kind": "exact"})
    mean, lo, hi = D.suited_gap(T["thrown_pairs"])
    rows.append({"rule": "Suited cards average only about .05 more in the crib than unsuited ones (so suits hardly "
                         "matter)", "source": cite("RAS7"),
                 "test": "suited minus unsuited crib, over the 78 rank pairs (exact); confirmed when under 0.1",
                 "figure": f"{mean:+.3f} on average (exact; the 78 rank pairs range from {lo:+.3f} to {hi:+.3f}, "
                           "not a CI)",
                 "verdict": "confirmed" if 0 < mean < 0.1 else "refuted", "kind": "exact"})
    p0 = T["nobs"]["p_nobs"].iloc[0]
    rows.append({"rule": "A J has a 25% chance of scoring nobs", "source": cite("RAS7"),
                 "test": "chance that the starter is of the J's suit (exact, 46 unseen cards)",
                 "figure": f"{100 * p0:.1f}% with no other card of its suit in your six, "
                           f"{100 * T['nobs']['p_nobs'].iloc[1]:.1f}% with one",
                 "verdict": "confirmed" if abs(p0 - 0.25) < 0.02 else "refuted", "kind": "exact"})
    peg = T["pegging"]
    texts = {"no_five_lead": ("Don't lead a 5", ("CH5", "AAL", "GTP"),
                              "pone's first lead, hands with a 5 and another rank: other leads minus the 5"),
             "lead_from_pair": ("Lead from a pair", ("AAL",),
                                "pone's first lead, hands with a pair and an unpaired card: paired ranks minus "
                                "unpaired"),
             "off_21": ("Avoid making the count 21", ("AAL", "GTP"),
                        "first decision of a hand where a card makes 21 scoring nothing and another scores "
                        "nothing: the others minus the 21"),
             "lead_five_sum": ("Holding two cards that make 5 (A-4, 2-3), lead one of them", ("CC",),
                               "pone's first lead, hands with A and 4 or 2 and 3 and another rank: those ranks "
                               "minus the others"),
             "no_run_setup": ("Don't reply with a card 1 or 2 ranks from the opponent's lead (a run for him)",
                              ("CC",), "reply to the opponent's lead of a count, cards scoring nothing: ranks more "
                              "than 2 away minus ranks 1 or 2 away"),
             "pair_reserve": ("Don't pair the opponent's card unless you hold another of its rank (pair royal)",
                              ("CC", "AAL"), "first decision where the mover can pair the opponent's card with "
                              "his only card of that rank: cards scoring nothing minus the pair"),
             "hold_low": ("Hold low cards (A-4) to the end; get rid of higher cards first", ("AAL", "CC"),
                          "first reply of a hand with a low and a higher card both scoring nothing: 5 and up "
                          "minus A-4")}
    for rule in P.RULES:
        sub = peg[peg["rule"] == rule]
        name, keys, test = texts[rule]
        fig = "; ".join(f"{r['valuation']} {_pm(r)} (better in {pct_ci(r['share_better'], r['share_lo'], r['share_hi'])})"
                        for _, r in sub.iterrows())
        rows.append({"rule": name, "source": cite(*keys),
                     "test": f"{test} ({n_fmt(sub['n'].iloc[0])} deals); decided by: {sub['decided_by'].iloc[0]}",
                     "figure": fig + " pegging points", "verdict": sub["verdict"].iloc[0], "kind": "sampled"})
    return pd.DataFrame(rows, columns=["rule", "source", "test", "figure", "verdict", "kind"])


def blocks(rep: CribbageReport) -> list[tuple]:
    """The document (see :mod:`jass_sim.core.report.render`), from the tables only."""
    T = rep.tables
    B: list[tuple] = [("h1", "Cribbage strategy report")]
    B.append(("p", f"Generated with `{rep.command}`. Published rules of thumb, each with its source, tested on "
                   "the package's exact tables or by simulation. Exact figures say so; every sampled figure has its "
                   "sample size n and a 95% confidence interval (± is its half-width; shares: Wilson intervals). "
                   "The intervals cover the sampling only, never the model of the other player. Tables are also in "
                   "`tables/*.csv`; the rules are in `docs/cribbage.md`."))
    rules = T["rules"]
    B.append(("h2", "Rules of thumb, tested"))
    B.append(("p", "Verdicts come in four kinds. **confirmed**: the figure supports the rule (exact, or a 95% CI that "
                   "excludes zero); **refuted**: it contradicts it; **mixed**: the rule fits some hands and not others "
                   "(a discard rule whose best discard is the best one in between 10% and 90% of the hands; a pegging "
                   "rule whose valuations disagree or make no difference a player would notice); **not enough "
                   "data**: too few deals, or a CI too wide to tell."))
    from jass_sim.cribbage.report_pegmore import statement

    B.append(("p", statement(T["pegging"])))
    B.append(("table", ["rule", "verdict", "figure", "test", "source"],
              [[r["rule"], f"**{r['verdict']}**", r["figure"], r["test"], r["source"]] for _, r in rules.iterrows()],
              "Every rule tested", "l"))

    B.append(("h2", "1. What to throw: the crib of every thrown pair (exact)"))
    B.append(("p", "The crib's expectation when a pair of cards is thrown and the other two crib cards and the starter "
                   "are random (uniform over the other 50 cards): exact, by enumeration. It is the dealer's gain and "
                   "the pone's loss against an opponent who throws at random; section 5 shows it against a model "
                   "opponent. Throw your best pairs to your own crib and your worst to the opponent's."))
    B.append(("img", "crib_pairs.png", "Crib expectation of each thrown rank pair"))
    g = T["thrown_groups"]
    B.append(("table", ["thrown pair", "card pairs", "crib (exact)"],
              [[r["group"], n_fmt(r["pairs"]), f"{r['crib_ev']:.3f}"] for _, r in g.iterrows()],
              "Mean crib of a thrown pair by kind (weighted as random card pairs)", "lr"))
    tp = T["thrown_pairs"]
    ranked = tp[~tp["suited"]].sort_values("crib_ev", kind="stable")
    rows = [[f"{a}-{b}", f"{v:.3f}"] for a, b, v in ranked[["rank1", "rank2", "crib_ev"]].head(8).itertuples(index=False)]
    B.append(("table", ["throw to the opponent", "crib (exact)"], rows, "The 8 best balks (unsuited)", "lr"))
    rows = [[f"{a}-{b}", f"{v:.3f}"] for a, b, v in
            ranked[["rank1", "rank2", "crib_ev"]].tail(8).iloc[::-1].itertuples(index=False)]
    B.append(("table", ["throw to your crib", "crib (exact)"], rows, "The 8 richest throws (unsuited)", "lr"))

    hr = T["hand_rules"]
    B.append(("h2", "2. Keeping fives, flushes and jacks (exact per hand)"))
    B.append(("p", f"{n_fmt(rep.hands)} uniformly random six-card hands, each of their 15 discards valued exactly (the "
                   "kept four over the 46 starters one cannot see, the crib with the opponent's two cards random): the "
                   "best discard that keeps the cards minus the best that throws one, on the hands where there is a "
                   "choice; and how often the best discard keeps them. The hands are the units of the CIs."))
    names = {"keep_fives": "keep every 5", "keep_flush": "keep a four-card flush", "keep_jack": "keep every J"}
    B.append(("table", ["choice", "role", "hands", "best keeping minus best throwing", "best discard keeps them"],
              [[names[r["rule"]], r["role"], n_fmt(r["n"]), _pm(r), pct_ci(r["share"], r["share_lo"], r["share_hi"])]
               for _, r in hr.iterrows()], "Keeping cards, by role", "llr"))
    B.append(("img", "keep.png", "Best discard keeping the cards minus best throwing one"))

    B += TY.blocks(T["typical_discards"])

    B.append(("h2", "3. His nobs, his heels and flushes (exact)"))
    nb, fl = T["nobs"], T["flush"]
    B.append(("p", "From the six cards you hold, the starter is one of 46 unseen cards. **His nobs** (the J of the "
                   "starter's suit in hand or crib, 1 point) is worth the chance that the starter is of the J's suit: "
                   "(12 − k)/46 with k other cards of that suit among your six. **His heels** (a J turned as starter, "
                   "2 points to the dealer): 2 × (4 − j)/46 with j jacks among your six. A **four-card flush** in hand "
                   "scores 4, and 5 when the starter matches: (13 − m)/46 with m cards of the suit among your six; in "
                   "the crib only five of a suit count."))
    B.append(("table", ["other cards of the J's suit in your six", "nobs (points)"],
              [[str(k), f"{p:.4f}"] for k, p in zip(nb["other_same_suit"], nb["p_nobs"])], "His nobs (exact)", "lr"))
    B.append(("table", ["jacks in your six", "heels (dealer's points)"],
              [[str(j), f"{h:.4f}"] for j, h in zip(nb["jacks_held"], nb["heels_ev"])][:5], "His heels (exact)", "lr"))
    from jass_sim.cribbage.report_discard import crib_flush_chance

    B.append(("table", ["cards of the suit in your six", "four-card flush in hand (points)",
                        "crib flush chance, two of the suit thrown"],
              [[str(m), f"{v:.4f}", f"{100 * crib_flush_chance(m):.3f}%"]
               for m, v in zip(fl["suit_cards_held"], fl["hand_flush_ev"])], "Flushes (exact)", "lr"))

    from jass_sim.cribbage.report_pegmore import p_text

    peg = T["pegging"]
    B.append(("h2", "4. Pegging rules (simulation)"))
    B.append(("p", f"{n_fmt(rep.deals)} uniform deals; both players throw by the `expect` player and the pone leads. "
                   "At each decision a rule covers, every card is valued two ways on the same deal: **greedy** (the "
                   "card is played, then both players peg `greedy` to the end of the hand) and **minimax** (the exact "
                   "value of the rest of the hand with every card face up, both sides perfect: what the `search` "
                   "player computes in each world it samples). A value is the mover's pegging points minus the "
                   "opponent's from that card on; the figure is the recommended cards' mean value minus the "
                   "discouraged ones'. The CIs cover the deals, not the play models: neither greedy nor face-up play "
                   "is how people peg, and a human opponent who reads the lead would change the answers."))
    B.append(("img", "pegging.png", "Pegging rules: recommended minus discouraged"))
    B.append(("table", ["rule", "valuation", "deals", "recommended minus discouraged", "recommended better",
                        "Holm p", "verdict"],
              [[r["rule"], r["valuation"], n_fmt(r["n"]), _pm(r),
                pct_ci(r["share_better"], r["share_lo"], r["share_hi"]),
                "" if not np.isfinite(r["p_holm"]) else p_text(r["p_holm"]), r["verdict"]] for _, r in peg.iterrows()],
              "Pegging rules (pegging points per hand)", "llr"))

    B.append(("h2", "5. Published figures beside ours"))
    B += published_blocks(rep)

    B.append(("h2", "6. How this report was made"))
    B.append(("p", "Reproduce it exactly (the same numbers on any number of threads):"))
    B.append(("code", rep.command))
    B.append(("table", ["parameter", "value"],
              [["seed", str(rep.seed)], ["--hands (section 2)", n_fmt(rep.hands)], ["--deals (section 4)",
                                                                                     n_fmt(rep.deals)],
               ["--crib-samples (section 5)", n_fmt(rep.crib_samples)]], "Run", "ll"))
    return B


def published_blocks(rep: CribbageReport) -> list[tuple]:
    """Section 5: Hessel's 91 pairs against ours (:mod:`~jass_sim.cribbage.report_hessel`); without
    model cribs (``--crib-samples 0``) only the sources."""
    T = rep.tables
    if "hessel" not in T:
        return [("p", f"Hessel's crib tables ({cite('HES-Y', 'HES-O')}) are compared with the model cribs, which "
                      "this run left out (`--crib-samples 0`).")]
    g = T["thrown_groups"].set_index("group")["crib_ev"]
    flush_gap = float(g["same suit (different ranks)"] - g["different suits (different ranks)"])
    return HS.blocks(T["hessel"], T["hessel_summary"], rep.crib_samples, cite, flush_gap)


def figures(rep: CribbageReport) -> dict[str, bytes]:
    """The PNG figures, each sized for a phone's width."""
    from jass_sim.core.report.figures import error_bars, new_figure, png_bytes
    from jass_sim.cribbage.discards import crib_rank_table

    out = {}
    table = crib_rank_table()
    fig = new_figure(6.4, 5.6)
    ax = fig.add_subplot()
    im = ax.imshow(table, cmap="viridis")
    labels = list("A23456789TJQK")
    ax.set_xticks(range(13), labels)
    ax.set_yticks(range(13), labels)
    for i in range(13):
        for j in range(13):
            ax.text(j, i, f"{table[i, j]:.1f}", ha="center", va="center", fontsize=5.5,
                    color="white" if table[i, j] < table.mean() else "black")
    ax.set_title("Crib of a thrown pair (exact, random other cards)", fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8, label="crib points")
    out["crib_pairs.png"] = png_bytes(fig)

    hr = rep.tables["hand_rules"]
    fig = new_figure(6.4, 3.4)
    ax = fig.add_subplot()
    if len(hr):
        y = np.arange(len(hr))
        ax.barh(y, hr["mean"], xerr=error_bars(hr), capsize=3, color=["C0" if r == "dealer" else "C1"
                                                                       for r in hr["role"]])
        ax.set_yticks(y, [f"{r} {x.replace('_', ' ')}\n(n={n:,})" for r, x, n in zip(hr["role"], hr["rule"], hr["n"])],
                      fontsize=7)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("best keeping minus best throwing (points, 95% CI)")
    ax.grid(axis="x", alpha=0.3)
    out["keep.png"] = png_bytes(fig)

    peg = rep.tables["pegging"]
    fig = new_figure(6.4, 1.2 + 0.32 * len(peg))  # a bar per rule and valuation, each labelled
    ax = fig.add_subplot()
    y = np.arange(len(peg))
    ax.barh(y, peg["mean"], xerr=error_bars(peg), capsize=3,
            color=["C2" if v == "greedy" else "C4" for v in peg["valuation"]])
    ax.set_yticks(y, [f"{r.replace('_', ' ')}, {v}\n(n={n:,})" for r, v, n in
                      zip(peg["rule"], peg["valuation"], peg["n"])], fontsize=7)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("recommended minus discouraged (pegging points, 95% CI)")
    ax.grid(axis="x", alpha=0.3)
    out["pegging.png"] = png_bytes(fig)
    return out


def write_report(rep: CribbageReport, path: str) -> list[str]:
    """Render ``rep`` into directory ``path`` (created, or replaced whole if it holds a report),
    through :func:`~jass_sim.core.report.write.write_report_dir`. Returns the files written."""
    from jass_sim.core.report.write import write_figures, write_report_dir

    return write_report_dir(path, blocks(rep), "Cribbage strategy report", rep.tables,
                            lambda directory: write_figures(directory, figures(rep)))
