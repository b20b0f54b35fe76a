"""``jass-sim report``: a self-contained strategy report (Markdown, HTML, PNG plots, CSV tables).

:func:`build_report` runs the simulations (:mod:`jass_sim.jass.report.sections`) and keeps
their tables; :meth:`Report.blocks` writes the text from those tables only (every number in the
prose is a cell of a table of the same run); :func:`write_report` renders ``index.md``,
``index.html``, the PNG figures and ``tables/*.csv`` into a temporary directory beside the
target and renames it into place.

Sections: 1. mode choice by hand features; 2. when to chibre; 3. card values; 4. melds and
stöck; 5. player strength; 6. simulated players against human play (always ``schieber`` rules,
:mod:`jass_sim.jass.report.human_section`); 7. how the report was made.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from jass_sim.jass.cards import MODE_NAMES
from jass_sim.core.errors import InputError
from jass_sim.jass.rules import RuleSet, get_rules
from jass_sim.jass.report import human as H
from jass_sim.jass.report import sections as S
from jass_sim.core.report.render import images, render_html, render_markdown

DEFAULT_DEALS = 1_000_000
DEFAULT_SAMPLES_PER_HAND = 128
#: ``--samples-per-hand`` must be a multiple of this (the advise RNG block).
SAMPLES_STEP = 64
#: Rounds per fast player in the comparison with human play (section 6) at most: the sampling error
#: is then far below the model error the section discusses.
HUMAN_DEALS = 100_000
#: Rounds of a slow player (pimc: tens of rounds per second, four seats) in section 6 at most.
HUMAN_SLOW_DEALS = 300


# ---------------------------------------------------------------------------------------------
# Formatting (the same in tables and sentences)
# ---------------------------------------------------------------------------------------------

def pm(mean: float, lo: float, hi: float, digits: int = 1) -> str:
    """``+12.3 ± 2.2``: a mean and the half-width of its symmetric 95% interval."""
    if math.isnan(lo) or math.isnan(hi):
        return f"{mean:+.{digits}f}"
    return f"{mean:+.{digits}f} ± {(hi - lo) / 2:.{digits}f}"


def pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def pct_ci(p: float, lo: float, hi: float) -> str:
    """``12.3% (95% CI 11.0–13.6%)``."""
    return f"{pct(p)} (95% CI {100 * lo:.1f}–{100 * hi:.1f}%)"


def prob(p: float, lo: float, hi: float, exact: bool = False) -> str:
    """A small probability: ``0.01234`` with its interval, or ``(exact)``."""
    if exact or lo == hi:
        return f"{p:.5f} (exact)"
    return f"{p:.5f} (95% CI {lo:.5f}–{hi:.5f})"


def n_fmt(n) -> str:
    return f"{int(n):,}"


def score_fmt(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.1f}"


def label(option: str) -> str:
    from jass_sim.jass.report.plots import label as plot_label

    return plot_label(option)


def card_label(card: str) -> str:
    return label(card[0]) + ("10" if card[1] == "T" else card[1])


# ---------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------

@dataclass
class Report:
    """Everything a report shows: its parameters and the tables of one run.

    Attributes
    ----------
    rules : RuleSet
    deals, seed, samples_per_hand : int
    hands : int
        Hands of sections 1 and 2 (``deals // samples_per_hand``).
    policy : str
        Card play at every seat (sections 1-3).
    players : list of str
        Policies of section 5.
    meld_hands : int or None
        Sampled hands of the per-hand meld figures; None: exact over all hands.
    meld_mode : str
        Trump of section 4 (stöck, meld comparison): the first trump mode of the rules.
    version, command : str
        Package version and the one command that reproduces the report.
    tables : dict of str to DataFrame
        Every table (written to ``tables/NAME.csv``).
    """

    rules: RuleSet
    deals: int
    seed: int
    samples_per_hand: int
    hands: int
    policy: str
    players: list[str]
    meld_hands: int | None
    version: str
    command: str
    meld_mode: str = "H"
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    meld_stats: object = field(default=None, repr=False)

    # -- text ---------------------------------------------------------------------------------

    @property
    def first_trump(self) -> str | None:
        trumps = [MODE_NAMES[m] for m in self.rules.modes if m < 4]
        return trumps[0] if trumps else None

    def cell(self, feature: str, option: str, bin: str, group: str = "all") -> pd.Series | None:
        """The row of the feature table for ``feature``/``option``/``bin``/``group`` with at
        least MIN_CELL hands, or None."""
        f = self.tables["mode_features"]
        r = f[(f["feature"] == feature) & (f["option"] == option) & (f["bin"] == bin) & (f["group"] == group)]
        if len(r) == 0 or r.iloc[0]["n"] < S.MIN_CELL:
            return None
        return r.iloc[0]

    @staticmethod
    def cell_text(row: pd.Series, with_n: bool = True) -> str:
        text = pm(row["mean"], row["ci95_lo"], row["ci95_hi"])
        return f"{text} ({n_fmt(row['n'])})" if with_n else text

    def mode_sentences(self) -> list[str]:
        out = []
        t = self.first_trump
        if t is not None:
            parts = [f"{self.cell_text(r)} with {b}" for b in TRUMP_TEXT_BINS
                     if (r := self.cell("trumps", t, b)) is not None]
            if parts:
                out.append(f"Choosing {label(t)} as trump is worth, in points per round, " + ", ".join(parts)
                           + " trumps (95% CIs; hands in parentheses).")
            both_bins = [b for b in S.TRUMP_BINS if self.cell("trumps_buur_nell", t, b, "Buur and Nell") is not None
                         and self.cell("trumps_buur_nell", t, b, "neither") is not None]
            if both_bins:
                b = max(both_bins, key=lambda k: min(self.cell("trumps_buur_nell", t, k, g)["n"]
                                                     for g in ("Buur and Nell", "neither")))
                with_bn = self.cell("trumps_buur_nell", t, b, "Buur and Nell")
                without = self.cell("trumps_buur_nell", t, b, "neither")
                out.append(f"With {b} trumps, holding the Buur and the Nell makes {label(t)} worth "
                           f"{self.cell_text(with_bn)}, against {self.cell_text(without)} with neither.")
        for mode, feature, one in (("OBE", "aces", "ace"), ("UNE", "sixes", "six")):
            if mode not in self.rules.mode_names:
                continue
            present = [b for b in S.COUNT_BINS if self.cell(feature, mode, b) is not None]
            if len(present) >= 2:
                lo_b, hi_b = present[0], present[-1]
                out.append(f"{label(mode).capitalize()} is worth {self.cell_text(self.cell(feature, mode, lo_b))} "
                           f"with {lo_b} {one if lo_b == '1' else feature} and "
                           f"{self.cell_text(self.cell(feature, mode, hi_b))} with {hi_b} {feature}.")
        best = self.tables["best_choice"].set_index("option")
        shares = ", ".join(f"{label(o)} {pct_ci(r['share'], r['ci95_lo'], r['ci95_hi'])}"
                           for o, r in best.drop(index="all").iterrows())
        allr = best.loc["all"]
        out.append(f"The option with the best mean on a hand's {self.samples_per_hand} deals: {shares}. "
                   f"In {pct_ci(allr['share_clear'], allr['clear_lo'], allr['clear_hi'])} of the hands the best "
                   "option's paired lead over the runner-up has a 95% CI above zero; in the others the two are too "
                   "close to call at this sample size, so the shares above split near-ties at random.")
        table = self.tables["evaluator"]
        intro = {"evaluator": "The hand evaluator (`jass_sim.jass.modes.choose`: best `mode_score`, chibre below its "
                              "threshold)",
                 "fitted": "The fitted mode model (`--chooser fitted`: linear models fitted by simulation under "
                           "`net` play by `scripts/fit_mode_model.py`, on other hands than these)"}
        for chooser, text in intro.items():
            ev = table[table["chooser"] == chooser].set_index("statistic")
            a, c, r = ev.loc["agrees_with_best"], ev.loc["chibres"], ev.loc["regret"]
            out.append(f"{text} picks the option with the best mean in "
                       f"{pct_ci(a['estimate'], a['ci95_lo'], a['ci95_hi'])} of the hands and chibres in "
                       f"{pct_ci(c['estimate'], c['ci95_lo'], c['ci95_hi'])}; the best mean exceeds the mean of its "
                       f"choice by {pm(r['estimate'], r['ci95_lo'], r['ci95_hi'])} points per round on average"
                       + (" (biased upward: the best mean is picked with its luck)." if chooser == "evaluator" else "."))
        return out

    def chibre_sentences(self) -> list[str]:
        c = self.tables["chibre_crossover"]["score"]
        sides = self.tables["chibre_sides"]
        x, lo, hi, ev = c["share_50"], c["band_lo"], c["band_hi"], c["evaluator"]
        if math.isnan(x):
            t = self.tables["chibre_bins"]
            side = "beats" if t["share"].iloc[0] < 0.5 else "does not beat"
            where = "most hands at every score" if side == "beats" else "the best mode in most hands at any score"
            return [f"Chibre's share never crosses 50% here: it {side} {where} "
                    f"(scores {score_fmt(t['mean_score'].min())} to {score_fmt(t['mean_score'].max())})."]
        if not (math.isnan(lo) or math.isnan(hi)):
            band = f"between {score_fmt(lo)} and {score_fmt(hi)}"
        elif math.isnan(hi) and not math.isnan(lo):
            band = f"at {score_fmt(lo)} or above (the upper 95% bounds never fall below 50%)"
        elif math.isnan(lo) and not math.isnan(hi):
            band = f"at {score_fmt(hi)} or below (the lower 95% bounds are below 50% throughout)"
        else:
            band = "anywhere in the range of scores (the bins' 95% intervals all contain 50%)"
        b, a = sides.loc["below"], sides.loc["above"]
        out = [f"**Rule of thumb: chibre when the hand evaluator scores your best mode below {score_fmt(x)}.** "
               f"At a score of {score_fmt(x)} chibre beats the best mode in half of the hands; where the 95% CIs of "
               f"the bins cross 50% puts that point {band}. Below {score_fmt(x)} chibre beats the best mode in "
               f"{pct_ci(b['share'], b['ci95_lo'], b['ci95_hi'])} of {n_fmt(b['hands'])} hands, by "
               f"{pm(b['mean_adv'], b['adv_lo'], b['adv_hi'])} points per round on average; from {score_fmt(x)} up, in "
               f"{pct_ci(a['share'], a['ci95_lo'], a['ci95_hi'])} of {n_fmt(a['hands'])} hands "
               f"({pm(a['mean_adv'], a['adv_lo'], a['adv_hi'])} points per round)."]
        zero = c["adv_0"]
        if not math.isnan(zero):
            out.append(f"Chibre's mean advantage falls through zero at a score of {score_fmt(zero)}.")
        rel = "above" if ev > x else "below"
        out.append(f"The evaluator's own chibre threshold is {ev:g} ({rel} the crossover): "
                   + ("it chibres too rarely for this card play." if ev < x else "it chibres too often for this card "
                      "play." if ev > x else "it matches the crossover."))
        return out

    def card_sentences(self) -> list[str]:
        v = self.tables["card_values"]
        parts = []
        for mode in dict.fromkeys(v["mode"]):
            d = v[v["mode"] == mode].sort_values("value", ascending=False, kind="stable")
            top, second, last = d.iloc[0], d.iloc[1], d.iloc[-1]
            def card(r):
                return f"{card_label(r['card'])} {pm(r['value'], r['ci95_lo'], r['ci95_hi'])}"

            parts.append(f"{label(mode)}: {card(top)}, then {card(second)}; least {card(last)}")
        return ["The most valuable cards per mode (points per round over an average card, 95% CIs): "
                + "; ".join(parts) + "."]

    def meld_sentences(self) -> list[str]:
        h = self.tables["melds_hand"].set_index("statistic")
        d = self.tables["melds_deal"].set_index("statistic")
        st = self.tables["stoeck"].set_index("statistic")
        exact = self.meld_hands is None

        def p(name, frame=h, ex=exact):
            r = frame.loc[name]
            return prob(r["estimate"], r["ci95_lo"], r["ci95_hi"], ex)

        trump = label(self.meld_mode)
        out = [f"A hand announces a meld with probability {p('p_any_meld')}; it holds stöck (the K and Q of "
               f"{trump} with {trump} trump) with probability {p('p_stoeck')}, so one of the four hands holds it in "
               f"a share {p('p_stoeck_deal', st)} of the deals (four disjoint events)."]
        lw, ow, nm = d.loc["p_leader_team_wins"], d.loc["p_other_team_wins"], d.loc["p_no_meld"]
        def share(r):
            return pct_ci(r["estimate"], r["ci95_lo"], r["ci95_hi"])

        out.append(f"Per deal the melds count for the first leader's team in {share(lw)}, for the other team in "
                   f"{share(ow)}, and nobody melds in {share(nm)} of the deals.")
        if "stoeck_ours" in st.index:
            so, sth = st.loc["stoeck_ours"], st.loc["stoeck_theirs"]
            out.append(f"In play ({trump} trump, the deals of section 3), the chooser's team scores stöck in "
                       f"{share(so)} of the rounds and the other team in {share(sth)} (after a match the beaten "
                       "team's stöck does not count).")
        return out

    def player_sentences(self) -> list[str]:
        out = []
        for _, r in self.tables["players"].iterrows():
            diff = pm(r["mean_diff"], r["ci95_lo"], r["ci95_hi"], 2)
            out.append(f"{r['team_a']} against {r['team_b']}: {diff} points per round over {n_fmt(r['deals'])} "
                       f"duplicate deals; {r['team_a']} wins {pct_ci(r['p_win_strict'], r['win_lo'], r['win_hi'])} of "
                       "the deals outright.")
        return out

    # -- document -------------------------------------------------------------------------------

    def blocks(self) -> list[tuple]:
        """The document (see :mod:`jass_sim.core.report.render`)."""
        r = self.rules
        sizes = self.tables["sample_sizes"].set_index("section")
        B: list[tuple] = [("h1", f"Chibre strategy report — rules `{r.name}`")]
        B.append(("p", f"Generated by jass-sim {self.version} with `{self.command}`. Seat 0 holds the hand, "
                       "chooses the mode and leads the first trick; *ours* is its team (seats 0 and 2). A round's "
                       "**difference** is our total minus theirs (cards, melds, stöck, match, times the mode's "
                       f"multiplier). Card play: the `{self.policy}` policy at all four seats. Every Monte Carlo "
                       "figure is given with a 95% confidence interval (± is its half-width) and its sample size; "
                       "the tables are also in `tables/*.csv`."))

        # 1 ---------------------------------------------------------------------------------------
        B.append(("h2", "1. Mode choice"))
        B.append(("p", f"{n_fmt(sizes.loc['mode_choice', 'hands'])} random hands are each played in every option "
                       "(each mode, and chibre: the partner then picks its mode with the hand evaluator) on the same "
                       f"{n_fmt(sizes.loc['mode_choice', 'samples_per_hand'])} deals of the other 27 cards "
                       "(common random numbers). An option's value for a hand is its mean difference over those "
                       "deals; the tables average it over the hands of each group, the hands being the units of the "
                       f"95% CIs. Groups of fewer than {S.MIN_CELL} hands are left blank."))
        for s in self.mode_sentences():
            B.append(("p", s))
        B.append(("img", "mode_features.png", "Value of each mode by hand features"))
        B += self.feature_table_blocks()
        B.append(("h3", "How often each option is the best choice"))
        B.append(("img", "best_choice.png", "Share of hands for which each option is best"))
        B.append(self.best_choice_block())
        B.append(self.evaluator_block())

        # 2 ---------------------------------------------------------------------------------------
        B.append(("h2", "2. When to chibre"))
        B.append(("p", "For each hand of section 1, chibre is compared with the hand's best mode. To keep the luck "
                       "that makes a mode look best out of the comparison, the best mode is picked on one half of "
                       "the hand's deals and compared with chibre on the other half, both ways, and the two "
                       "differences averaged (cross-fitting); chibre *beats* the best mode when that average is "
                       "positive. Hands are grouped by the hand evaluator's score of their best mode "
                       f"(`mode_score`, bins of {S.SCORE_BIN_WIDTH:g} points, open at both ends); the crossover is "
                       "interpolated between the bins' mean scores."))
        for s in self.chibre_sentences():
            B.append(("p", s))
        B.append(("img", "chibre.png", "Share of hands where chibre beats the best mode, by evaluator score"))
        B.append(self.chibre_block())
        B.append(self.crossover_block())
        B.append(self.sides_block())

        # 3 ---------------------------------------------------------------------------------------
        fits = self.tables["card_fits"]
        B.append(("h2", "3. Card values"))
        B.append(("p", f"In each mode, {n_fmt(sizes.loc['card_values', 'deals'])} uniform deals (the same deals "
                       "in every mode) are played with seat 0 choosing that mode whatever its hand. The difference "
                       "is regressed on the 36 indicators of seat 0's cards by least squares, without intercept "
                       "(a hand always has nine cards): a hand's expected difference is the sum of its cards' "
                       "coefficients. A card's **value** is its coefficient minus the mean of the 36: the points per "
                       "round gained by holding it instead of an average card. 95% CIs from the OLS standard errors."))
        for s in self.card_sentences():
            B.append(("p", s))
        B.append(("img", "card_values.png", "Heat map of card values by mode"))
        B.append(self.card_block())
        B.append(("table", ["mode", "deals", "mean difference", "residual sd", "R²"],
                  [[label(f["mode"]), n_fmt(f["deals"]), f"{f['mean_diff']:+.1f}", f"{f['sigma']:.1f}",
                    f"{f['r2']:.3f}"] for _, f in fits.iterrows()], "Least-squares fits per mode"))

        # 4 ---------------------------------------------------------------------------------------
        B.append(("h2", "4. Melds and stöck"))
        how = ("exact over all 94,143,280 hands" if self.meld_hands is None
               else f"{n_fmt(self.meld_hands)} sampled hands")
        B.append(("p", f"From `jass-sim melds` (`meld_stats`): per hand {how}; per deal "
                       f"{n_fmt(sizes.loc['melds', 'deals'])} sampled deals, seat 0 leading, "
                       f"{label(self.meld_mode)} trump. Definitions: `docs/melds.md`."))
        for s in self.meld_sentences():
            B.append(("p", s))
        B.append(("img", "melds.png", "Meld probabilities and the meld points that count"))
        B += self.meld_blocks()

        # 5 ---------------------------------------------------------------------------------------
        B.append(("h2", "5. Player strength"))
        pl = self.tables["players"]
        if len(pl):
            slow = [p for p in self.players if p not in S.FAST_PLAYERS]
            B.append(("p", "Each pair of card-play policies meets on duplicate deals (`jass-sim duel`: every deal "
                           "played twice with the teams' seats swapped, the evaluator choosing the mode)."
                      + (f" Pairs with the slower {', '.join(slow)} play at most {S.SLOW_PLAYER_DEALS:,} duplicate "
                         "deals." if slow else "")))
            for s in self.player_sentences():
                B.append(("p", s))
            B.append(("img", "players.png", "Mean point difference per round of each pair"))
            B.append(("table", ["team A", "team B", "duplicate deals", "A's mean difference per round",
                                "A wins (strict)", "ties", "A loses"],
                      [[x["team_a"], x["team_b"], n_fmt(x["deals"]), pm(x["mean_diff"], x["ci95_lo"], x["ci95_hi"], 2),
                        pct_ci(x["p_win_strict"], x["win_lo"], x["win_hi"]), n_fmt(x["ties"]), n_fmt(x["losses"])]
                       for _, x in pl.iterrows()], "Duels"))
        else:
            B.append(("p", "Only one card-play policy was given: no duel."))

        # 6 ---------------------------------------------------------------------------------------
        from jass_sim.jass.report.human_section import blocks as human_blocks

        B += human_blocks(self.tables["human"], r.name, "6")

        # 7 ---------------------------------------------------------------------------------------
        B.append(("h2", "7. How this report was made"))
        B.append(("p", "Reproduce it exactly (the same numbers on any number of threads: every sample is seeded "
                       "per fixed block from the seed):"))
        B.append(("code", self.command))
        B.append(("table", ["parameter", "value"], [[k, v] for k, v in self.parameters()], "Run", "ll"))
        B.append(("table", ["section", "sample"],
                  [[sec, row["description"]] for sec, row in sizes.iterrows()], "Sample sizes", "ll"))
        return B

    def parameters(self) -> list[tuple[str, str]]:
        r = self.rules
        return [("jass-sim version", self.version), ("rules", r.name),
                ("modes", " ".join(label(MODE_NAMES[m]) for m in r.modes)),
                ("multipliers", " ".join(f"{label(MODE_NAMES[m])}×{r.multipliers[m]}" for m in r.modes)),
                ("run points (3..9 cards)", " ".join(str(v) for v in r.run_points)),
                ("four of a kind (6..A)", " ".join(str(v) for v in r.four_points)),
                ("target", str(r.target)), ("seed", str(self.seed)), ("--deals", n_fmt(self.deals)),
                ("--samples-per-hand", str(self.samples_per_hand)), ("card play", self.policy),
                ("players", ", ".join(self.players)),
                ("meld hands", "exact" if self.meld_hands is None else n_fmt(self.meld_hands))]

    # -- display tables -------------------------------------------------------------------------

    def feature_table_blocks(self) -> list[tuple]:
        f = self.tables["mode_features"]
        out = []
        trump_opts = [MODE_NAMES[m] for m in self.rules.modes if m < 4]
        if trump_opts:
            rows = []
            for b in S.TRUMP_BINS:
                cells = [self._cell_or_blank("trumps", o, b) for o in trump_opts]
                if any(c != "" for c in cells):
                    rows.append([b] + cells)
            out.append(("table", ["trumps"] + [label(o) for o in trump_opts], rows,
                        "Value of each trump mode by the number of trumps in its suit (hands in parentheses)"))
            t = self.first_trump
            rows = []
            for b in S.TRUMP_BINS:
                cells = [self._cell_or_blank("trumps_buur_nell", t, b, g) for g in S.BUUR_NELL]
                if any(c != "" for c in cells):
                    rows.append([b] + cells)
            out.append(("table", [f"{label(t)} trumps"] + list(S.BUUR_NELL), rows,
                        f"Value of {label(t)} trump by trumps, Buur (J) and Nell (9) held (hands in parentheses; the "
                        "other suits are in tables/mode_features.csv)"))
        for feature, what in (("aces", "aces"), ("sixes", "sixes")):
            opts = list(dict.fromkeys(f[f["feature"] == feature]["option"]))
            rows = []
            for b in S.COUNT_BINS:
                sub = f[(f["feature"] == feature) & (f["bin"] == b)]
                if len(sub) == 0:
                    continue
                rows.append([b, n_fmt(sub["n"].iloc[0])] + [self._cell_or_blank(feature, o, b, with_n=False)
                                                             for o in opts])
            out.append(("table", [what, "hands"] + [label(o) for o in opts], rows,
                        f"Value of each option by the number of {what} held"))
        return out

    def _cell_or_blank(self, feature, option, b, group="all", with_n=True) -> str:
        r = self.cell(feature, option, b, group)
        return "" if r is None else self.cell_text(r, with_n)

    def best_choice_block(self) -> tuple:
        b = self.tables["best_choice"]
        rows = [[label(x["option"]) if x["option"] != "all" else "all options", n_fmt(x["best"]),
                 pct_ci(x["share"], x["ci95_lo"], x["ci95_hi"]) if x["option"] != "all" else "100%",
                 n_fmt(x["clear"]), pct_ci(x["share_clear"], x["clear_lo"], x["clear_hi"])]
                for _, x in b.iterrows()]
        return ("table", ["option", "best (hands)", "share", "best with a clear lead", "share clear"], rows,
                f"Best option per hand ({n_fmt(b['hands'].iloc[0])} hands)")

    def evaluator_block(self) -> tuple:
        ev = self.tables["evaluator"]
        names = {"agrees_with_best": "picks the option with the best mean", "chibres": "chibres",
                 "regret": "best mean minus its choice's mean (points per round)"}
        cells = {}
        for _, x in ev.iterrows():
            if x["statistic"] == "regret":
                value = pm(x["estimate"], x["ci95_lo"], x["ci95_hi"])
            else:
                value = pct_ci(x["estimate"], x["ci95_lo"], x["ci95_hi"])
            cells[x["chooser"], x["statistic"]] = value
        rows = [[label, cells["evaluator", stat], cells["fitted", stat], n_fmt(ev["n"].iloc[0])]
                for stat, label in names.items()]
        return ("table", ["mode choice", "hand evaluator", "fitted model", "hands"], rows,
                "The hand evaluator and the fitted mode model against the simulation")

    def chibre_block(self) -> tuple:
        t = self.tables["chibre_bins"]
        rows = [[x["bin"], n_fmt(x["hands"]), f"{x['mean_score']:.1f}", n_fmt(x["wins"]),
                 pct_ci(x["share"], x["ci95_lo"], x["ci95_hi"]), pm(x["mean_adv"], x["adv_lo"], x["adv_hi"])]
                for _, x in t.iterrows()]
        return ("table", ["evaluator score", "hands", "mean score", "chibre wins", "share", "chibre's advantage"],
                rows, "Chibre against the best mode by the evaluator's score of the best mode")

    def crossover_block(self) -> tuple:
        c = self.tables["chibre_crossover"]["score"]
        names = {"share_50": "share of chibre wins falls through 50%", "band_lo": "… its lower 95% bound",
                 "band_hi": "… its upper 95% bound", "adv_0": "chibre's mean advantage falls through 0",
                 "evaluator": "the evaluator's chibre threshold (`CHIBRE_BELOW`)"}
        return ("table", ["crossover", "score"], [[names[k], score_fmt(v) if k != "evaluator" else f"{v:g}"]
                                                  for k, v in c.items()], "Crossover")

    def sides_block(self) -> tuple:
        sides = self.tables["chibre_sides"]
        x = self.tables["chibre_crossover"]["score"]["share_50"]
        cut = score_fmt(x) if not math.isnan(x) else f"{self.tables['chibre_crossover']['score']['evaluator']:g}"
        names = {"below": f"score below {cut}", "above": f"score {cut} or more"}
        rows = [[names[k], n_fmt(r["hands"]), n_fmt(r["wins"]), pct_ci(r["share"], r["ci95_lo"], r["ci95_hi"]),
                 pm(r["mean_adv"], r["adv_lo"], r["adv_hi"])] for k, r in sides.iterrows()]
        return ("table", ["hands", "count", "chibre wins", "share", "chibre's advantage"], rows,
                "Chibre against the best mode on both sides of the crossover")

    def card_block(self) -> tuple:
        v = self.tables["card_values"]
        modes = list(dict.fromkeys(v["mode"]))
        cards = list(dict.fromkeys(v["card"]))
        idx = v.set_index(["card", "mode"])
        rows = [[card_label(c)] + [pm(idx.loc[(c, m), "value"], idx.loc[(c, m), "ci95_lo"], idx.loc[(c, m), "ci95_hi"])
                                   for m in modes] for c in cards]
        return ("table", ["card"] + [label(m) for m in modes], rows,
                "Value of holding each card instead of an average card, points per round (95% CI)")

    def meld_blocks(self) -> list[tuple]:
        exact = self.meld_hands is None
        h, d = self.tables["melds_hand"], self.tables["melds_deal"]

        def est(x, ex):
            if x["statistic"].startswith("mean"):
                return f"{x['estimate']:.3f}" + ("" if ex else f" (95% CI {x['ci95_lo']:.3f}–{x['ci95_hi']:.3f})")
            return prob(x["estimate"], x["ci95_lo"], x["ci95_hi"], ex)

        def share(x):
            return pct_ci(x["estimate"], x["ci95_lo"], x["ci95_hi"])

        out = [("table", ["per hand", "estimate", "hands"], [[x["statistic"], est(x, exact), n_fmt(x["n"])]
                                                             for _, x in h.iterrows()], "Melds per hand"),
               ("table", ["per deal", "estimate", "deals"],
                [[x["statistic"], share(x) if x["statistic"].startswith("p_") else est(x, False), n_fmt(x["n"])]
                 for _, x in d.iterrows()], "Melds per deal")]
        st = self.tables["stoeck"]
        out.append(("table", ["stöck", "estimate", "sample"],
                    [[x["statistic"], share(x) if x["statistic"] in ("stoeck_ours", "stoeck_theirs")
                      else est(x, x["exact"]), n_fmt(x["n"])] for _, x in st.iterrows()],
                    "Stöck: per hand and per deal (any hand), and scored in play per team"))
        return out


TRUMP_TEXT_BINS = ("2", "3", "4", "5")


# ---------------------------------------------------------------------------------------------
# Building and writing
# ---------------------------------------------------------------------------------------------

def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("jass-sim")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def report_command(rules: str, deals: int, seed: int, samples_per_hand: int, players: list[str],
                   meld_hands: int | None, output: str, policy: str | None = None) -> str:
    """The ``jass-sim report`` command line that reproduces a report (defaults left out)."""
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS

    parts = ["jass-sim report", f"--rules {rules}", f"--deals {deals}", f"--seed {seed}"]
    if samples_per_hand != DEFAULT_SAMPLES_PER_HAND:
        parts.append(f"--samples-per-hand {samples_per_hand}")
    if policy not in (None, DEFAULT_POLICY):
        parts.append(f"--policy {policy}")
    if players != list(PLAYERS.names):
        parts.append(f"--players {','.join(players)}")
    if meld_hands is not None:
        parts.append(f"--meld-hands {meld_hands}")
    out = output if output.endswith("/") else output + "/"
    parts.append(f"-o {out}")
    return " ".join(parts)


def check_params(rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads):
    """Validate the parameters (InputError naming the bad value); return them normalised."""
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS

    rule_set = get_rules(rules)
    policy = DEFAULT_POLICY if policy is None else policy

    def count(option, value, minimum):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
            raise InputError(f"{option} must be an integer >= {minimum}, got {value!r}", str(value))
        return int(value)

    seed = count("--seed", seed, 0)
    samples_per_hand = count("--samples-per-hand", samples_per_hand, SAMPLES_STEP)
    if samples_per_hand % SAMPLES_STEP:
        raise InputError(f"--samples-per-hand must be a multiple of {SAMPLES_STEP}, got {samples_per_hand}",
                         str(samples_per_hand))
    deals = count("--deals", deals, samples_per_hand)
    if deals // samples_per_hand < 2:
        raise InputError(f"--deals must give at least 2 hands of {samples_per_hand} deals, got {deals}", str(deals))
    PLAYERS.code(policy)
    policy = policy.strip().lower()
    if players is None:
        players = list(PLAYERS.names)
    elif isinstance(players, str):
        players = [p.strip().lower() for p in players.split(",") if p.strip()]
    else:
        players = [str(p).strip().lower() for p in players]
    if not players:
        raise InputError("--players '' names no player", "''")
    for p in players:
        PLAYERS.code(p)
    if len(set(players)) != len(players):
        raise InputError(f"a player is listed twice in --players: {','.join(players)}", ",".join(players))
    if meld_hands is not None:
        meld_hands = count("--meld-hands", meld_hands, 1)
    if threads is not None:
        count("--threads", threads, 1)
    return rule_set, deals, seed, samples_per_hand, policy, players, meld_hands


def build_report(rules: RuleSet | str = "chibre", deals: int = DEFAULT_DEALS, seed: int = 0,
                 samples_per_hand: int = DEFAULT_SAMPLES_PER_HAND, policy: str | None = None,
                 players: list[str] | str | None = None, meld_hands: int | None = None,
                 threads: int | None = None, output: str = "reports/NAME/", progress=None) -> Report:
    """Run every section and return the :class:`Report` (nothing is written).

    Parameters
    ----------
    rules : RuleSet or str
        Rule preset.
    deals : int
        Budget of each section: sections 1-2 sample ``deals // samples_per_hand`` hands of
        ``samples_per_hand`` deals each (every option played on each deal); section 3 plays
        ``deals`` deals per mode; section 4 samples ``deals`` deals (per-deal meld figures);
        section 5 plays ``deals`` duplicate deals per pair of fast players; section 6 plays
        ``min(deals, HUMAN_DEALS)`` rounds per fast player, ``min(deals, HUMAN_SLOW_DEALS)``
        per slow one.
    seed : int
        Root seed; results do not depend on ``threads``.
    samples_per_hand : int
        Deals per hand in sections 1-2 (a multiple of 64).
    policy : str, optional
        Card play at every seat in sections 1-3 (default
        :data:`jass_sim.jass.players.DEFAULT_POLICY`, the learned ``net`` player).
    players : list of str or comma-separated str, optional
        Policies compared in section 5 (default: every registered policy); those of them among
        :data:`jass_sim.jass.report.human.DEFAULT_PLAYERS` (heuristic, net, pimc) are compared with
        human play in section 6.
    meld_hands : int, optional
        Sample this many hands for the per-hand meld figures instead of counting all hands.
    output : str
        The output directory, for the reproducing command shown in the report.
    progress : callable, optional
        Called with a short label as each section starts.
    """
    from jass_sim.jass.players import PLAYERS
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.melds.stats import meld_stats

    rule_set, deals, seed, samples_per_hand, policy, players, meld_hands = check_params(
        rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads)
    hands = deals // samples_per_hand
    step = progress or (lambda label: None)
    rep = Report(rules=rule_set, deals=deals, seed=seed, samples_per_hand=samples_per_hand, hands=hands,
                 policy=policy, players=players, meld_hands=meld_hands, version=_version(),
                 command=report_command(rule_set.name, deals, seed, samples_per_hand, players, meld_hands, output,
                                        policy))
    T = rep.tables
    pid = PLAYERS.code(policy)
    with numba_threads(threads):
        step(f"mode choice: {hands:,} hands x {samples_per_hand} deals x {len(rule_set.modes) + 1} options")
        per_hand = S.option_values(rule_set, hands, samples_per_hand, seed, pid)
        T["mode_features"] = S.feature_tables(per_hand, rule_set)
        T["best_choice"] = S.best_choice_table(per_hand, rule_set)
        T["evaluator"] = S.evaluator_table(per_hand)
        T["chibre_bins"] = S.chibre_table(per_hand)
        T["chibre_crossover"], T["chibre_sides"] = S.chibre_summary(per_hand, T["chibre_bins"])
        step(f"card values: {deals:,} deals x {len(rule_set.modes)} modes")
        T["card_values"], T["card_fits"] = S.card_values(rule_set, deals, seed, pid)
        step("melds" + (" (exact over all hands)" if meld_hands is None else ""))
        stoeck_mode = next((m for m in rule_set.modes if m < 4), 0)
        ms = meld_stats(rule_set, hands=meld_hands, exact=meld_hands is None, deals=deals, seed=seed,
                        mode=stoeck_mode)
        rep.meld_stats = ms
        rep.meld_mode = MODE_NAMES[stoeck_mode]
        T["melds_hand"] = ms.per_hand.reset_index()
        T["melds_deal"] = ms.per_deal.reset_index()
        T["melds_distribution"] = ms.distribution.reset_index()
        T["stoeck"] = stoeck_table(ms, T["card_fits"], MODE_NAMES[stoeck_mode], meld_hands is None)
        step(f"player strength: {', '.join(players)}")
        T["players"] = S.player_table(rule_set, players, deals, seed)
        human_players = [p for p in players if p in H.DEFAULT_PLAYERS]
        step(f"against human play ({H.RULES} rules): {', '.join(human_players) or 'no player'}")
        T["human"] = (H.simulate_against_humans(human_players, min(deals, HUMAN_DEALS), HUMAN_SLOW_DEALS, seed)
                      if human_players else pd.DataFrame(columns=list(H.COLUMNS)))
    T["sample_sizes"] = sample_sizes(rep)
    return rep


def stoeck_table(ms, fits: pd.DataFrame, mode: str, exact: bool) -> pd.DataFrame:
    """``statistic, estimate, ci95_lo, ci95_hi, n, exact``: stöck per hand (from ``meld_stats``),
    per deal (four times the per-hand figure: only one hand can hold the pair) and, in play, per
    team from the card-value deals of ``mode``."""
    r = ms.per_hand.loc["p_stoeck"]
    rows = [{"statistic": "p_stoeck", "estimate": r["estimate"], "ci95_lo": r["ci95_lo"], "ci95_hi": r["ci95_hi"],
             "n": int(r["n"]), "exact": exact},
            {"statistic": "p_stoeck_deal", "estimate": 4 * r["estimate"], "ci95_lo": 4 * r["ci95_lo"],
             "ci95_hi": 4 * r["ci95_hi"], "n": int(r["n"]), "exact": exact}]
    f = fits[fits["mode"] == mode]
    if len(f):
        f = f.iloc[0]
        for team in ("ours", "theirs"):
            rows.append({"statistic": f"stoeck_{team}", "estimate": f[f"stoeck_{team}"],
                         "ci95_lo": f[f"stoeck_{team}_lo"], "ci95_hi": f[f"stoeck_{team}_hi"], "n": int(f["deals"]),
                         "exact": False})
    return pd.DataFrame(rows)


def sample_sizes(rep: Report) -> pd.DataFrame:
    """One row per section: ``section, hands, samples_per_hand, deals, description``."""
    from jass_sim.jass.report.human_section import rounds_of

    n_modes = len(rep.rules.modes)
    pl = rep.tables["players"]
    hr = rounds_of(rep.tables["human"])
    meld_h = "all 94,143,280 hands (exact)" if rep.meld_hands is None else f"{rep.meld_hands:,} sampled hands"
    rows = [
        {"section": "mode_choice", "hands": rep.hands, "samples_per_hand": rep.samples_per_hand,
         "deals": rep.hands * rep.samples_per_hand,
         "description": f"1-2: {rep.hands:,} hands × {rep.samples_per_hand} deals, each deal played in "
                        f"{n_modes + 1} options ({rep.hands * rep.samples_per_hand * (n_modes + 1):,} rounds)"},
        {"section": "card_values", "hands": 0, "samples_per_hand": 0, "deals": rep.deals,
         "description": f"3: {rep.deals:,} deals in each of {n_modes} modes ({rep.deals * n_modes:,} rounds)"},
        {"section": "melds", "hands": rep.meld_hands or 0, "samples_per_hand": 0, "deals": rep.deals,
         "description": f"4: {meld_h}; {rep.deals:,} sampled deals"},
        {"section": "players", "hands": 0, "samples_per_hand": 0, "deals": int(pl["deals"].sum()) if len(pl) else 0,
         "description": "5: " + ("; ".join(f"{a} vs {b}: {n:,} duplicate deals" for a, b, n in
                                           zip(pl["team_a"], pl["team_b"], pl["deals"])) if len(pl) else "none")},
        {"section": "human", "hands": 0, "samples_per_hand": 0, "deals": sum(hr.values()),
         "description": f"6 ({H.RULES} rules): " + ("; ".join(f"{p}: {n:,} rounds" for p, n in hr.items())
                                                    if hr else "none")},
    ]
    return pd.DataFrame(rows)


def figures(rep: Report, directory: str) -> None:
    """Write the PNG figures of ``rep`` into ``directory``."""
    from jass_sim.jass.report import plots as P

    files = {
        "mode_features.png": P.mode_features_png(rep.tables["mode_features"], rep.first_trump),
        "best_choice.png": P.best_choice_png(rep.tables["best_choice"], rep.hands, rep.samples_per_hand),
        "chibre.png": P.chibre_png(rep.tables["chibre_bins"], rep.tables["chibre_crossover"]),
        "card_values.png": P.card_values_png(rep.tables["card_values"], rep.deals),
    }
    if len(rep.tables["players"]):
        files["players.png"] = P.players_png(rep.tables["players"])
    if len(rep.tables["human"]):
        from jass_sim.jass.report.human_section import human_png

        files["human.png"] = human_png(rep.tables["human"])
    for name, data in files.items():
        with open(os.path.join(directory, name), "wb") as fh:
            fh.write(data)
    rep.meld_stats.plot(os.path.join(directory, "melds.png"))


def check_output_dir(path: str) -> str:
    """The absolute report directory; an InputError if it cannot be written
    (:func:`jass_sim.core.files.check_output_dir`) or exists and is not a directory that holds a
    report (``index.md``) or is empty — nothing else is ever replaced."""
    from jass_sim.core.files import check_output_dir as check_writable

    target = check_writable(path)
    if os.path.isdir(target) and os.listdir(target) and not os.path.exists(os.path.join(target, "index.md")):
        raise InputError(f"output directory {path!r} is not empty and holds no report (index.md): "
                         "not replacing it", path)
    return target


def write_report(rep: Report, path: str) -> list[str]:
    """Render ``rep`` into directory ``path`` (created or replaced whole): ``index.md``,
    ``index.html``, the PNG figures, ``tables/*.csv``. Everything is written to a temporary
    directory beside ``path`` first and renamed into place at the end. Returns the files."""
    from jass_sim.core.files import pause_before_rename

    target = check_output_dir(path)
    parent = os.path.dirname(target)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(dir=parent, prefix=f".tmp-{os.path.basename(target)}-")
    old = None
    try:
        blocks = rep.blocks()
        with open(os.path.join(tmp, "index.md"), "w", encoding="utf-8") as fh:
            fh.write(render_markdown(blocks))
        with open(os.path.join(tmp, "index.html"), "w", encoding="utf-8") as fh:
            fh.write(render_html(blocks, f"jass-sim strategy report ({rep.rules.name})"))
        figures(rep, tmp)
        os.makedirs(os.path.join(tmp, "tables"))
        for name, df in rep.tables.items():
            df.to_csv(os.path.join(tmp, "tables", f"{name}.csv"), index=False, float_format="%.10g",
                      lineterminator="\n")
        missing = [f for f in images(blocks) if not os.path.exists(os.path.join(tmp, f))]
        if missing:  # pragma: no cover - a programming error
            raise RuntimeError(f"report references missing figures: {missing}")
        os.chmod(tmp, 0o755)
        for d, _, fs in os.walk(tmp):
            for f in fs:
                os.chmod(os.path.join(d, f), 0o644)
        pause_before_rename(target)
        if os.path.exists(target):
            old = tempfile.mkdtemp(dir=parent, prefix=f".old-{os.path.basename(target)}-")
            os.rmdir(old)
            os.replace(target, old)
        os.replace(tmp, target)
        tmp = None
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return sorted(os.path.relpath(os.path.join(d, f), target) for d, _, fs in os.walk(target) for f in fs)


def report(output: str, rules: RuleSet | str = "chibre", deals: int = DEFAULT_DEALS, seed: int = 0,
           samples_per_hand: int = DEFAULT_SAMPLES_PER_HAND, policy: str | None = None,
           players: list[str] | str | None = None, meld_hands: int | None = None, threads: int | None = None,
           progress=None) -> Report:
    """Build the report and write it to the directory ``output`` (see :func:`build_report`)."""
    check_output_dir(output)
    rep = build_report(rules, deals, seed, samples_per_hand, policy, players, meld_hands, threads, output, progress)
    write_report(rep, output)
    return rep
