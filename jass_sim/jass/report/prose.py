"""The text of ``jass-sim report``: :class:`Report` holds a run's parameters and tables and writes
the document from those tables only (every number in the prose is a cell of a table of the same
run; see :mod:`jass_sim.core.report.render` for the document model).

Sections: 1. mode choice by hand features; 2. when to chibre; 3. card values; 4. melds and
stöck; 5. player strength; 6. simulated players against human play (always ``schieber`` rules,
:mod:`jass_sim.jass.report.human_section`); 7. how the report was made.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pandas as pd

from jass_sim.core.report.text import n_fmt, pct_ci, plural, pm, prob, score_fmt
from jass_sim.jass.cards import MODE_NAMES
from jass_sim.jass.report import (
    card_play_text,
    declare,
    endgame,
    lead,
    meld_section,
    multipliers,
    partner,
    rare,
    score,
    weis,
)
from jass_sim.jass.report import notes as N
from jass_sim.jass.report import sections as S
from jass_sim.jass.report.card_play import second_policy
from jass_sim.jass.report.human_section import blocks as human_blocks
from jass_sim.jass.report.plots import label
from jass_sim.jass.rules import RuleSet


def card_label(card: str) -> str:
    return label(card[0]) + ("10" if card[1] == "T" else card[1])


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
    #: Sizes of sections 2c and 2d (:class:`jass_sim.jass.report.build.PlaySizes`).
    play: object = None

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
                out.append(f"With {plural(b, 'trump')}, holding the Buur and the Nell makes {label(t)} worth "
                           f"{self.cell_text(with_bn)}, against {self.cell_text(without)} with neither.")
        for mode, feature, one in (("OBE", "aces", "ace"), ("UNE", "sixes", "six")):  # "1 six", "2 sixes"
            if mode not in self.rules.mode_names:
                continue
            present = [b for b in S.COUNT_BINS if self.cell(feature, mode, b) is not None]
            if len(present) >= 2:
                lo_b, hi_b = present[0], present[-1]
                out.append(f"{label(mode).capitalize()} is worth {self.cell_text(self.cell(feature, mode, lo_b))} "
                           f"with {plural(lo_b, one, feature)} and "
                           f"{self.cell_text(self.cell(feature, mode, hi_b))} with {plural(hi_b, one, feature)}.")
        best = self.tables["best_choice"].set_index("option")
        shares = ", ".join(f"{label(o)} {pct_ci(r['share'], r['ci95_lo'], r['ci95_hi'])}"
                           for o, r in best.drop(index="all").iterrows())
        allr = best.loc["all"]
        out.append(f"The option with the best mean on a hand's {self.samples_per_hand} deals: {shares}. "
                   f"In {pct_ci(allr['share_clear'], allr['clear_lo'], allr['clear_hi'])} of the hands the best "
                   "option's paired lead over the runner-up has a 95% CI above zero; in the others the two are too "
                   "close to call at this sample size, so the shares above split near-ties at random.")
        table = self.tables["evaluator"]
        intro = {"evaluator": "The hand evaluator (`jass_sim.jass.modes.choose`: the best `mode_score`, a hand-made "
                              "point count defined below, chibre below its threshold)",
                 "fitted": "The fitted mode model (the default `--chooser fitted`: linear models fitted by simulation under "
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

        if len(self.tables.get("sheet", ())):
            B.append(("p", "**The Vorhand sheet**, the forehand's decision on one page (declare or push by trumps, "
                           "Buur/Nell and side aces; obe-abe and une-ufe by sure tricks): [sheet.md](sheet.md), "
                           "printable as [sheet.png](sheet.png) (A4)."))

        # 1 ---------------------------------------------------------------------------------------
        B.append(("h2", "1. Mode choice"))
        B.append(("p", f"{n_fmt(sizes.loc['mode_choice', 'hands'])} random hands are each played in every option "
                       "(each mode, and chibre: the partner then picks its mode with the fitted mode model, the default "
                       "mode choice) on the same "
                       f"{n_fmt(sizes.loc['mode_choice', 'samples_per_hand'])} deals of the other 27 cards "
                       "(common random numbers). An option's value for a hand is its mean difference over those "
                       "deals; the tables average it over the hands of each group, the hands being the units of the "
                       f"95% CIs. Groups of fewer than {S.MIN_CELL} hands are left blank."))
        for s in self.mode_sentences():
            B.append(("p", s))
        B += N.bar_blocks(self)
        B += declare.blocks(self.tables)
        B += rare.blocks(self.tables)
        B += multipliers.blocks(self.tables, r.name)
        B += weis.blocks(self.tables)
        B.append(("h3", "Each option's value by hand features"))
        B.append(("img", "mode_features.png", "Value of each mode by hand features"))
        B += self.feature_table_blocks()
        B += N.asymmetry_blocks(self)
        B.append(("h3", "How often each option is the best choice"))
        B.append(("img", "best_choice.png", "Share of hands for which each option is best"))
        B.append(self.best_choice_block())
        B.append(("p", N.evaluator_definition()))
        B.append(self.evaluator_block())

        # 2 ---------------------------------------------------------------------------------------
        B.append(("h2", "2. When to chibre"))
        B.append(("p", "For each hand of section 1, chibre is compared with the hand's best mode. To keep the luck "
                       "that makes a mode look best out of the comparison, the best mode is picked on one half of "
                       "the hand's deals and compared with chibre on the other half, both ways, and the two "
                       "differences averaged (cross-fitting); chibre *beats* the best mode when that average is "
                       "positive. Hands are grouped by the hand evaluator's score of their best mode "
                       f"(`mode_score`, defined in section 1: bins of {S.SCORE_BIN_WIDTH:g} points, open at both "
                       "ends); the crossover is interpolated between the bins' mean scores."))
        for s in self.chibre_sentences():
            B.append(("p", s))
        B.append(("img", "chibre.png", "Share of hands where chibre beats the best mode, by evaluator score"))
        B.append(self.chibre_block())
        B.append(self.crossover_block())
        B.append(self.sides_block())

        if "thumb" in self.tables:  # runs made before the rules of thumb have no such table
            from jass_sim.jass.report import thumb

            B += thumb.blocks(self.tables["thumb"], self.tables["thumb_breakdown"], "2b", self.tables.get("thumb_lead"))
        if "thumb_lead" in self.tables:
            from jass_sim.jass.report import thumb_lead

            B += thumb_lead.blocks(self.tables["thumb_lead"])
        if "thumb" in self.tables:
            from jass_sim.jass.report import thumb_lead

            B += thumb_lead.source_blocks()
        B += endgame.blocks(self.tables, "2c")
        if self.play is not None:
            B += lead.blocks(self.tables, "2d", {"policy": self.play.policy, "worlds": self.play.worlds})
        B += partner.blocks(self.tables, "2e")
        B += score.blocks(self.tables, "2f")
        if self.play is not None:
            B += card_play_text.blocks(self.tables, "2g", {"policy": self.play.policy, "worlds": self.play.worlds,
                                                            "second": second_policy(self.play.policy),
                                                            "deals": self.play.signal_deals})

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
        B += meld_section.blocks(self.tables, self.meld_hands is None)

        # 5 ---------------------------------------------------------------------------------------
        B.append(("h2", "5. Player strength"))
        pl = self.tables["players"]
        if len(pl):
            slow = [p for p in self.players if p not in S.FAST_PLAYERS]
            B.append(("p", "Each pair of card-play policies meets on duplicate deals (`jass-sim duel`: every deal "
                           "played twice with the teams' seats swapped, the fitted mode model choosing the mode)."
                      + (f" Pairs with the slower {', '.join(slow)} play at most {S.SLOW_PLAYER_DEALS:,} duplicate "
                         "deals." if slow else "")))
            if "dd" in self.players:
                B.append(("p", N.dd_sentence()))
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
            meld = self.rules.four_points[N.FOUR_RANKS.index("A" if feature == "aces" else "6")]
            note = f" (the 4-{what} row includes the {meld}-point four-{what} meld)" if meld > 0 else ""
            out.append(("table", [what, "hands"] + [label(o) for o in opts], rows,
                        f"Value of each option by the number of {what} held{note}"))
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


TRUMP_TEXT_BINS = ("2", "3", "4", "5")
