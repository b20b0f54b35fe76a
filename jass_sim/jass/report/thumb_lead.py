"""Published first-lead rules after a push, as data, and their test on sampled positions.

After a push (chibre) the partner names trump and the pusher still leads the first trick. Each
:class:`LeadRule` holds its source's words and, for a pusher's hand and the trump suit, the cards
it recommends leading and the cards it advises against. :func:`evaluate` takes the value of every
first lead of sampled positions (a table ``position, hand, trump, card, value``: for example the
``play-advice`` value of each card, the pusher's team's points minus the other team's) and returns,
per rule, the mean over covered positions of (mean value of the recommended leads minus mean value
of the advised-against ones) with its 95% CI, the positions being the units, and a verdict as in
:mod:`jass_sim.jass.report.thumb`. Comparing means of cards, not the best card of each group,
keeps the noise of the values from favouring the larger group.

Cards: ``9 * suit + rank`` with ranks ``6 7 8 9 10 J Q K A``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.report.thumb import ACE, JACK, NINE, SOURCES, Hand
from jass_sim.jass.report.verdicts import decide, p_value

#: Order of strength of trumps, weakest first (natural ranks 6 7 8 10 Q K A 9 J).
TRUMP_ORDER = (0, 1, 2, 4, 6, 7, 8, 3, 5)

LEAD_SOURCES = {
    **SOURCES,
    "VB-A": ("Jürg von Burg, «Jassen in Zahlen»: «Soll ich das Trumpf-Ass beim Schieber ausspielen?», Schweizer "
             "Jassverzeichnis (simulated on jass.e-act.ch)",
             "https://www.jassverzeichnis.ch/index.php/blog/158-jassen-trumpf-ass-ausspielen"),
}


@dataclass(frozen=True)
class LeadRule:
    """``pick(hand, trump)``: ``(recommended cards, advised-against cards)`` for a pusher's hand it
    covers, None otherwise."""

    key: str
    text: str
    sources: tuple[str, ...]
    quote: str
    test: str
    pick: Callable[[Hand, int], tuple[list[int], list[int]] | None]


def _trumps(h: Hand, t: int) -> list[int]:
    """The trump cards held, strongest first."""
    return [9 * t + r for r in sorted(h.suits[t], key=TRUMP_ORDER.index, reverse=True)]


def _all_cards(h: Hand) -> list[int]:
    return [9 * s + r for s in range(4) for r in h.suits[s]]


def _short_buur(h: Hand, t: int):
    if not h.has(t, JACK) or h.count(t) > 2:
        return None
    buur = 9 * t + JACK
    return [c for c in _all_cards(h) if c != buur], [buur]


def _ace_third(h: Hand, t: int):
    tr = _trumps(h, t)
    if len(tr) != 3 or tr[0] != 9 * t + ACE:  # the Ace the highest trump: no Buur, no Nell
        return None
    return [tr[1]], [tr[0]]


def _ace_fourth(h: Hand, t: int):
    tr = _trumps(h, t)
    if len(tr) < 4 or tr[0] != 9 * t + ACE:
        return None
    return [tr[0]], [tr[1]]


def _bare_buur_brettli(h: Hand, t: int):
    if h.count(t) != 1 or not h.has(t, JACK):
        return None
    brettli = [9 * s + r for s in range(4) if s != t for r in h.suits[s] if r <= NINE]
    others = [c for c in _all_cards(h) if c not in brettli]
    return (brettli, others) if brettli and others else None


LEAD_RULES: tuple[LeadRule, ...] = (
    LeadRule("short_buur", "After a push, don't lead the Buur bare or second", ("MUE",),
             "Hat der Partner nach dem Schieben den Trumpf bestimmt, gilt für Vorhand: Den Trumpf-Buur „blutt“ oder "
             "auch zu zweit nicht ausspielen", "J with at most 1 other trump: the other leads minus the J",
             _short_buur),
    LeadRule("ace_third", "After a push, with the trump Ace third lead the second-highest trump", ("MUE", "VB-A"),
             "Wer das Trumpf-Ass zu dritt hat, der soll seinen Zweithöchsten spielen",
             "exactly 3 trumps, the A the highest: the second-highest minus the A", _ace_third),
    LeadRule("ace_fourth", "After a push, with the trump Ace fourth or more lead the Ace", ("VB-A",),
             "ab Trumpf-Ass zu viert muss das Ass gespielt werden",
             ">= 4 trumps, the A the highest: the A minus the second-highest", _ace_fourth),
    LeadRule("bare_buur_brettli", "After a push, with a bare Buur lead a Brettli (6 to 9) of another suit", ("MUE",),
             "Hat man den Trumpf-Buur „blutt“, zeigt man mit dem Ausspiel eines Brettlis … seinem Partner an, dass "
             "man den Trumpf-Buur hat", "J the only trump: side 6-9 leads minus the other leads",
             _bare_buur_brettli),
)


def evaluate(leads: pd.DataFrame, rules: tuple[LeadRule, ...] = LEAD_RULES) -> pd.DataFrame:
    """Every rule on the positions of ``leads`` (``position, hand, trump, card, value``; one row per
    first lead of each position): ``key, text, source, quote, test, n, mean, ci95_lo, ci95_hi,
    share_fails, fails_lo, fails_hi, verdict``."""
    groups = [(g["hand"].iloc[0], int(g["trump"].iloc[0]), dict(zip(g["card"].astype(int), g["value"])))
              for _, g in leads.groupby("position", sort=True)]
    rows = []
    for rule in rules:
        d = []
        for mask, trump, values in groups:
            pair = rule.pick(Hand(mask), trump)
            if pair is None:
                continue
            good, bad = pair
            d.append(sum(values[c] for c in good) / len(good) - sum(values[c] for c in bad) / len(bad))
        n = len(d)
        m, lo, hi = mean_ci(float(sum(d)), float(sum(x * x for x in d)), n)
        p, plo, phi = wilson_ci(sum(x < 0 for x in d), n)
        verdict = decide(n, m, lo, hi, p_value(m, lo, hi))[0]  # alone; the report's: one Holm family
        rows.append({"key": rule.key, "text": rule.text,
                     "source": "; ".join(f"[{LEAD_SOURCES[k][0]}]({LEAD_SOURCES[k][1]})" for k in rule.sources),
                     "quote": rule.quote, "test": rule.test, "n": n, "mean": m, "ci95_lo": lo, "ci95_hi": hi,
                     "share_fails": p, "fails_lo": plo, "fails_hi": phi, "verdict": verdict})
    return pd.DataFrame(rows)


def blocks(table: pd.DataFrame) -> list[tuple]:
    """The first-lead rules' table for the rules-of-thumb section (from :func:`evaluate` only, with
    the columns of :func:`jass_sim.jass.report.thresholds.apply` when the report decided the
    verdicts), and the one list of the section's sources."""
    from jass_sim.core.report.text import pct_ci
    from jass_sim.jass.report.thumb import figure_text, source_keys

    if not len(table):
        return []
    decided = "decided_by" in table
    head = ["rule", "verdict"] + (["decided by"] if decided else []) + [
        "recommended minus advised against", "recommended worse on", "test", "source"]
    rows = []
    for (_, r), src in zip(table.iterrows(), source_keys(table["key"], LEAD_RULES)):
        rows.append([f"{r['text']} («{r['quote']}»)", f"**{r['verdict']}**"] + ([r["decided_by"]] if decided else [])
                    + [figure_text(r, "position"),
                       pct_ci(r["share_fails"], r["fails_lo"], r["fails_hi"]) if r["n"] else "—", r["test"], src])
    return [("p", "**First-lead rules after a push**, tested on the pushed positions of section 2d and on pushed "
                  "positions drawn until each rule covers enough of them (deals in which the fitted mode model "
                  "pushes, kept when a rule covers seat 0's hand): per position the mean value of the leads the "
                  "rule recommends minus the mean of those it advises against (the `play-advice` values of the "
                  "section, same worlds), the positions the units of the 95% CIs; verdicts as above. The first-lead "
                  "values are the search model's: a second play model may rank the leads differently."),
            ("table", head, rows, "First-lead rules after a push, tested", "l")]


def source_blocks() -> list[tuple]:
    """The one list of the sources of the rules of thumb (mode choice and first lead)."""
    from jass_sim.jass.report.thumb import RULES, source_list

    used = [k for k in LEAD_SOURCES if any(k in r.sources for r in RULES + LEAD_RULES)]
    return [("p", "**Sources** of the rules of thumb, cited once (the tables give their keys):"),
            source_list(used, LEAD_SOURCES)]
