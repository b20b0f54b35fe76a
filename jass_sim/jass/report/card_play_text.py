"""Section 2g of the Jass report, "Card play" (issue 51 item 4): the text and tables from the tables
``smear_split``, ``play_rules``, ``signals``, ``lead_second`` and ``lead_agreement``
(:mod:`jass_sim.jass.report.card_play`, :mod:`jass_sim.jass.report.signals`)."""

from __future__ import annotations

import pandas as pd

from jass_sim.jass.report.card_play import POSITION_RULES, THIN
from jass_sim.jass.report.verdicts import ALPHA, EQUIVALENCE, MIN_HANDS

#: The sources of this section's rules (design note rules 12-16), cited once in its source list.
PLAY_SOURCES = {
    "JO-V": ("jassonkel.ch, Jasslehrgang «Verwerfen»", "http://jassonkel.ch/jasslehrgang/verwerfen.htm"),
    "VB-U": ("Jürg von Burg, «Jassen in Zahlen»: «Ein richtiger Unterzug», Schweizer Jassverzeichnis",
             "http://jassverzeichnis.ch/index.php/blog/105-jassen-in-zahlen-richtiger-unterzug"),
    "JO-U": ("jassonkel.ch, Jasslehrgang «Der Underzug»", "http://jassonkel.ch/jasslehrgang/underzug.htm"),
    "AVS-S": ("Anzeiger von Saanen, 10.11.2020 (Leserbeitrag), «Der Schieber»",
              "https://www.anzeigervonsaanen.ch/2020/11/der-schieber.html"),
    "SRF": ("SRF Jass-Service (Daniel Müller): «Verworfene Karten sollen dem Partner auf die Sprünge helfen»",
            "https://www.srf.ch/sendungen/jass-service/verworfene-karten-sollen-dem-partner-auf-die-spruenge-helfen"),
}

TABLES = ("smear_split", "play_rules", "signals", "lead_second", "lead_agreement")


def _split_rows(split: pd.DataFrame) -> list[list[str]]:
    from jass_sim.core.report.text import n_fmt, pct_ci, pm

    return [[r["split"], r["cell"] + (" (thin)" if r["thin"] else ""), n_fmt(r["positions"]),
             pm(r["gain"], r["ci95_lo"], r["ci95_hi"]), pct_ci(r["share_better"], r["better_lo"], r["better_hi"])]
            for _, r in split.iterrows()]


def blocks(tables: dict[str, pd.DataFrame], section: str, sizes: dict) -> list[tuple]:
    """Section ``section`` from the tables (see the module); ``sizes``: ``policy``, ``worlds``,
    ``second`` (the second play model of the first-lead check), ``deals`` (of the signals)."""
    from jass_sim.core.report.text import n_fmt, pm
    from jass_sim.jass.report.thumb import figure_text, source_list

    if any(t not in tables for t in TABLES):
        return []
    split, rules, sig = tables["smear_split"], tables["play_rules"], tables["signals"]
    out: list[tuple] = [("h2", f"{section}. Card play")]
    out.append(("p", "Positions from rounds played by `net` (uniform deals, a random first leader, the fitted mode "
                     "choice, from a random trick on), each valued by `play-advice` with the "
                     f"`{sizes['policy']}` player at every seat of the play-outs on {sizes['worlds']} worlds, every "
                     "legal card played out on the same worlds (paired). The positions (deals for the signals) are "
                     "the units of the 95% CIs, which do not cover the play model's error."))
    out.append(("p", "**Smearing by card, mode and trick.** Seat 0 plays last to a trick its partner is winning and "
                     "holds a side card worth more than its cheapest legal card. Per card class held (the ace's 11 "
                     "points, the 6's in une-ufe; the 10; another counter: K, Q, J, or the 8 without trump) the "
                     "class's card of most points minus the cheapest legal card, paired on the same worlds; by mode "
                     "and by trick each position counts once, with its card of most points (so those cells add up "
                     f"to the positions). Cells of fewer than {THIN} positions are marked *thin*."))
    if len(split):
        out.append(("table", ["split", "cell", "positions", "smear minus keep", "smearing better"],
                    _split_rows(split), "Smearing onto the partner's trick by card, mode and trick (points per "
                                        "round, 95% CIs)", "llrrr"))
    else:
        out.append(("p", "No smearing position in this run."))
    out.append(("p", "**Play rules, tested.** *Unterzug* ([VB-U], rule 16): a trump mode, the partner chose trump "
                     "and leads a side suit, seat 0 follows third with two or more cards of that suit: its highest "
                     "card minus its lowest (the duck). *Pulling trumps* ([JO-V], rule 12): seat 0 chose trump, "
                     "leads a later trick with two or more trumps and more than the others still hold, its partner "
                     "having shown it has no trump: the best trump lead minus the best side-suit lead, each picked "
                     "on half of the worlds and judged on the other. *Ace-King* ([JO-U], rule 17, the senseless "
                     "Underzug): the partner chose trump, seat 0 leads with the Ace and King of a side suit third "
                     "or fourth: the Ace minus the suit's lowest card. *Underzug* ([JO-U], rule 17's positive case): "
                     "the partner chose trump, seat 0 leads with the Ace and Ober of a side suit third or more and "
                     "the King out: the suit's lowest card minus the Ace. The rule also asks that the trumps left be "
                     "all with the declarer; positions where the opponents have *shown* they hold none were too "
                     "rare to sample (about one in 80 rounds dealt on purpose), so the rule is measured on every "
                     "Ace-Ober position and again on those where the opponents in fact hold no trump (a player may know "
                     "it from counting trumps). These positions come from deals sampled on purpose (seat 0 dealt "
                     "Ace-Ober third or more without the King, the partner choosing a trump suit). "
                     "*Signals* ([JO-V], [AVS-S], [SRF], rules 13-15): each "
                     f"of {n_fmt(sizes['deals'])} deals played by `net` at every seat, our team (seats 0 and 2) "
                     "signalling with its first discard (the first time one of them cannot follow and would not "
                     "ruff): under *verwerfen* the lowest card of its weakest side suit (the suit whose best card "
                     "is lowest: «this suit I do not want»), under *anziehen* the lowest card of its strongest side "
                     "suit held twice or more («this suit I want»), under *farbpaar* (rule 15, the colour pairs «Wenn "
                     "ich Rose verwerfe, wünsche ich Eichel oder umgekehrt»: Rosen with Eichel, Schilten with "
                     "Schellen) the lowest card of the pair suit of the suit it wants (its strongest side suit held "
                     "twice or more with a pair suit to discard from). **How the reading partner reads it**: when it "
                     "leads a trick after its partner's signal and `net`'s lead would break the convention, it "
                     "plays `net`'s choice among the cards the convention allows: under verwerfen no card of the "
                     "signalled suit while it holds another suit, under anziehen a card of the signalled suit "
                     "while it holds one, under farbpaar a card of the discarded suit's pair suit while it holds "
                     "one. The ignoring partner plays `net`'s card; both discard by the convention. "
                     "The signal's value is read minus ignored, paired on each deal; *fires*: the deals where the "
                     "reading changed a card (on the others both play-outs are the same; `net` plays the same card "
                     "in the same position)."))
    if len(rules):
        rows = [[r["rule"], f"**{r['verdict']}**", r["decided_by"], figure_text(r, "position" if r["key"] in
                                                                                  POSITION_RULES else "deal"),
                 n_fmt(r["fires"]) if r["key"] not in POSITION_RULES else "—", r["test"], f"[{r['source']}]"]
                for _, r in rules.iterrows()]
        out.append(("table", ["rule", "verdict", "decided by", "recommended minus advised against", "fires", "test",
                              "source"], rows, "Card-play rules, tested (points per round, 95% CIs)", "l"))
        out.append(("p", f"**How these verdicts are decided**: as in §2b: *confirmed* / *refuted* at Holm-adjusted "
                         f"p < {ALPHA}, *mixed* when the 95% CI lies within ±{EQUIVALENCE:g} points, *not enough "
                         f"data* below {MIN_HANDS} positions (deals) or with a wider CI. The {len(rules)} card-play "
                         "rules are one Holm family of their own. A verdict holds for this simulation's card play: "
                         "`net`'s discards and leads, and a reading partner that uses the signal only as above."))
    if len(sig):
        out.append(("table", ["convention", "comparison", "deals", "fires", "our points per round"],
                    [[r["convention"], r["arm"], n_fmt(r["deals"]), n_fmt(r["fires"]),
                      pm(r["mean"], r["ci95_lo"], r["ci95_hi"])] for _, r in sig.iterrows()],
                    "Discard signals against plain `net` and read against ignored (paired on each deal, 95% CIs)",
                    "llrrr"))
    out += lead_check_blocks(tables["lead_second"], tables["lead_agreement"], tables.get("lead_kinds"),
                             sizes["policy"], sizes["second"])
    out.append(("p", "**Sources** of this section's rules:"))
    out.append(source_list([k for k in PLAY_SOURCES if k in set(rules["source"])] if len(rules) else [],
                           PLAY_SOURCES))
    return out


def lead_check_blocks(second: pd.DataFrame, agree: pd.DataFrame, first: pd.DataFrame | None, policy: str,
                      model: str) -> list[tuple]:
    """The first lead judged by a second play model: the side ace by both models, and how often
    their best leads agree."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm
    from jass_sim.core.stats import wilson_ci

    out: list[tuple] = [("p", f"**The first lead, judged by a second play model.** Section 2d's first-lead values "
                              f"are the `{policy}` model's judgement: its play-outs decide which lead is best, and a "
                              "result such as «a side ace is never the best first lead» may be that model's, not the "
                              f"game's. The same positions (the same seeds) played out by `{model}` instead:")]
    if not len(agree):
        return out + [("p", "No first-lead position in this run.")]

    def side_ace(table: pd.DataFrame | None, situation: str) -> str:
        """The side ace's value as first lead against the best lead, by one model, in one situation."""
        if table is None:
            return "—"
        r = table[(table["situation"] == situation) & (table["kind"] == "side ace")]
        return pm(r.iloc[0]["vs_best"], r.iloc[0]["ci95_lo"], r.iloc[0]["ci95_hi"]) if len(r) else "—"

    rows = []
    for _, r in agree.iterrows():
        a1 = wilson_ci(int(r["ace_best_first"]), int(r["ace_positions"]))
        a2 = wilson_ci(int(r["ace_best_second"]), int(r["ace_positions"]))
        rows.append(["declaring" if r["situation"] == "declared" else "a push", n_fmt(r["positions"]),
                     pct_ci(r["share_agree"], r["agree_lo"], r["agree_hi"]), n_fmt(r["ace_positions"]),
                     pct_ci(*a1) if r["ace_positions"] else "—", pct_ci(*a2) if r["ace_positions"] else "—",
                     side_ace(first, r["situation"]), side_ace(second, r["situation"])])
    # each number once: the side ace's value by each model is in the table, not repeated in a sentence
    out.append(("table", ["after", "positions", "same best lead", "positions with a side ace",
                          f"side ace best ({policy})", f"side ace best ({model})",
                          f"side ace against the best lead ({policy})", f"side ace against the best lead ({model})"],
                rows, f"The best first lead by `{policy}` and by `{model}` (Wilson 95% CIs); a side ace's value as "
                      "first lead against the best lead, by each model (points per round, cross-fitted as in §2d, "
                      "95% CIs)", "lrrrrrrr"))
    return out
