"""Published Jass (Schieber) rules of thumb, as data, and their test on sampled hands.

Each :class:`Rule` holds the source's words and address (never invented: the list and its sources
are in the project's design notes, ``report.md``), the hands it covers and, for each covered hand,
the option it recommends and the option it advises against. :func:`evaluate` takes the per-hand
option values of :func:`jass_sim.jass.report.sections.option_values` (every option played on the
same deals of each hand) and returns, per rule, the paired difference recommended minus
advised-against over the covered hands with its 95% CI (the hands are the units) and a verdict
of :data:`jass_sim.jass.report.verdicts.KINDS` (the report decides every rule's in one Holm family,
:func:`jass_sim.jass.report.thresholds.apply`); :func:`breakdown` splits each rule's hands by side aces, to show where it
fails. Only the mode choice (declare, push, which mode) is covered here; the first-lead rules need
play values and are not in this list.

The values come from the simulation's card play and partner model: a verdict is about the rule
under that play, and the CIs do not cover it.

Cards: ``9 * suit + rank`` with suits ``H D S C`` and ranks ``6 7 8 9 10 J Q K A``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.report.verdicts import MIN_HANDS, decide, p_value

SIX, NINE, TEN, JACK, QUEEN, KING, ACE = 0, 3, 4, 5, 6, 7, 8
SUIT_NAMES = "HDSC"

#: Sources: key -> (citation, address), from the design notes (``report.md``).
SOURCES = {
    "MUE": ("Dani Müller, «Gschobe» column, Luzerner Zeitung: «Nur so chasch gwünnä: Diese drei Jass-Kniffs müssen "
            "Sie kennen»", "https://www.luzernerzeitung.ch/zentralschweiz/luzern/"
                           "nur-so-chasch-gwuennae-diese-drei-jass-kniffs-muessen-sie-kennen-ld.1061004"),
    "ALM": ("allmedias.ch, «Allgemeine Jassregeln – Schieber»", "http://www.allmedias.ch/index.php?page=99"),
    "EAR": ("Marco Von Ballmoos, earthli Jass Manual, «Strategies»",
            "https://dev.earthli.com/jass/manual.php?page=strategies"),
    "GRAF": ("Daniel Graf, Maturaarbeit 2009 «Jassen auf Basis der Spieltheorie»: its card-score table as reproduced "
             "in public HSLU DL4G agent code (not read in the thesis itself), push below 68 as in that code; the "
             "thesis is summarised by the Schweizer Jassverzeichnis",
             "https://www.jassverzeichnis.ch/index.php/blog/171-jassen-weisen-wahrscheinlichkeiten"),
    "AVS-T": ("Anzeiger von Saanen, 26.05.2020, «Die Trumpfansage»",
              "https://www.anzeigervonsaanen.ch/2020/05/die-trumpfansage.html"),
    "JKA": ("jasskarten.at, «Trumpf»", "https://www.jasskarten.at/trumpf"),
    "VB-V": ("Jürg von Burg, «Jassen in Zahlen»: «Wie man mit der vermeintlich schlechten Farbe Trumpf macht», "
             "Schweizer Jassverzeichnis", "https://www.jassverzeichnis.ch/index.php/blog/"
                                          "170-trumpf-machen-schlechte-farbe-violent"),
}


class Hand:
    """The features the rules read from a 36-bit hand mask."""

    def __init__(self, mask: int):
        self.mask = int(mask)
        self.suits = [[r for r in range(9) if self.mask >> (9 * s + r) & 1] for s in range(4)]

    def has(self, suit: int, rank: int) -> bool:
        return rank in self.suits[suit]

    def count(self, suit: int) -> int:
        return len(self.suits[suit])

    def side_aces(self, suit: int) -> int:
        return sum(self.has(s, ACE) for s in range(4) if s != suit)

    def run_from(self, suit: int, top: bool) -> int:
        """Length of the unbroken run from the ace down (``top``) or from the six up: sure tricks
        in obe-abe (une-ufe) from that suit."""
        n = 0
        for r in (range(8, -1, -1) if top else range(9)):
            if not self.has(suit, r):
                break
            n += 1
        return n

    def sure_tricks(self, top: bool) -> int:
        return sum(self.run_from(s, top) for s in range(4))


#: Graf's card scores, ranks in natural order 6 .. A (his table lists A K Q J 10 9 8 7 6).
GRAF_TRUMP = (5, 5, 5, 19, 6, 25, 7, 10, 15)
GRAF_SIDE = (0, 0, 0, 0, 1, 2, 5, 7, 9)
GRAF_OBE = (0, 0, 5, 0, 5, 7, 8, 10, 14)
GRAF_UNE = (11, 9, 7, 5, 5, 1, 1, 2, 0)
GRAF_PUSH_BELOW = 68


def graf_choice(h: Hand) -> str:
    """Graf's option: the mode of best score (trump suits, obe-abe, une-ufe), chibre below 68."""
    scores = {}
    for t in range(4):
        scores[SUIT_NAMES[t]] = sum((GRAF_TRUMP if s == t else GRAF_SIDE)[r] for s in range(4) for r in h.suits[s])
    scores["OBE"] = sum(GRAF_OBE[r] for s in range(4) for r in h.suits[s])
    scores["UNE"] = sum(GRAF_UNE[r] for s in range(4) for r in h.suits[s])
    best = max(scores, key=scores.get)
    return "chibre" if scores[best] < GRAF_PUSH_BELOW else best


@dataclass(frozen=True)
class Rule:
    """A published rule: ``pick(hand, row)`` returns ``(recommended, advised_against)`` option names
    for a hand it covers (``row``: the hand's row of per-hand values, for rules that compare with
    another chooser), None for a hand it does not cover."""

    key: str
    decision: str
    text: str
    sources: tuple[str, ...]
    quote: str
    test: str
    pick: Callable[[Hand, pd.Series], tuple[str, str] | None]


def _suit_where(h: Hand, ok) -> int | None:
    """The suit satisfying ``ok`` with the most cards (ties: the first), or None."""
    suits = [s for s in range(4) if ok(h, s)]
    return max(suits, key=h.count) if suits else None


def _declare(ok):
    def pick(h: Hand, row) -> tuple[str, str] | None:
        s = _suit_where(h, ok)
        return None if s is None else (SUIT_NAMES[s], "chibre")
    return pick


def _obe_une(top: bool):
    def pick(h: Hand, row) -> tuple[str, str] | None:
        return ("OBE" if top else "UNE", "chibre") if h.sure_tricks(top) >= 5 else None
    return pick


def _control_over_length(h: Hand, row) -> tuple[str, str] | None:
    for x in range(4):
        if not (h.has(x, JACK) or h.has(x, NINE)) or h.count(x) < 2:
            continue
        longer = [y for y in range(4) if y != x and h.count(y) > h.count(x) and not h.has(y, JACK)
                  and not h.has(y, NINE)]
        if longer:
            return SUIT_NAMES[x], SUIT_NAMES[max(longer, key=h.count)]
    return None


def _nell_and_fifty(h: Hand, row) -> tuple[str, str] | None:
    for x in range(4):
        if h.count(x) == 3 and h.has(x, JACK) and h.has(x, NINE):
            for y in range(4):
                if y != x and all(h.has(y, r) for r in (ACE, KING, QUEEN, JACK)):
                    return SUIT_NAMES[x], SUIT_NAMES[y]
    return None


def _graf(h: Hand, row) -> tuple[str, str] | None:
    g, f = graf_choice(h), row["fitted_option"]
    return None if g == f else (g, f)


RULES: tuple[Rule, ...] = (
    Rule("buur_fourth", "MODE", "Declare with the Buur and three more trumps", ("MUE", "ALM"),
         "Vorhand macht selber Trumpf mit „Trumpf-Buur zu viert“", "J of X and >= 4 cards of X: X minus chibre",
         _declare(lambda h, s: h.has(s, JACK) and h.count(s) >= 4)),
    Rule("buur_nell_ace_third", "MODE", "Declare with Buur, Nell and Ace as the only three trumps and good side cards",
         ("MUE",), "Trumpf-Buur, Nell, Trumpf-Ass zu dritt und guten Handkarten",
         "exactly J, 9, A of X and >= 1 side ace: X minus chibre",
         _declare(lambda h, s: h.count(s) == 3 and all(h.has(s, r) for r in (JACK, NINE, ACE)) and h.side_aces(s) >= 1)),
    Rule("nell_ace_fifth", "MODE", "Declare with Nell and Ace among five trumps (no Buur)", ("MUE", "ALM"),
         "Nell, Trumpf-Ass zu fünft und sehr guten Handkarten", "9 and A of X, 5 cards of X, no J: X minus chibre",
         _declare(lambda h, s: h.count(s) == 5 and h.has(s, NINE) and h.has(s, ACE) and not h.has(s, JACK))),
    Rule("buur_third_boecke", "MODE", "Declare with the Buur third if the other six cards hold some Böcke", ("ALM",),
         "Trumpf-Bauer zu dritt, wobei aber in den restlichen sechs Karten einigermassen gute „Bock“-Karten "
         "vorhanden sein sollten", "J of X, exactly 3 cards of X, >= 2 side aces: X minus chibre",
         _declare(lambda h, s: h.has(s, JACK) and h.count(s) == 3 and h.side_aces(s) >= 2)),
    Rule("obe_five_sure", "MODE", "Obe-abe wants five sure tricks", ("MUE",),
         "Sowohl für einen „Obenabe“ als auch einen „Undenufe“ braucht man mindestens fünf sichere Stiche",
         ">= 5 sure tricks from the aces down: obe-abe minus chibre", _obe_une(True)),
    Rule("une_five_sure", "MODE", "Une-ufe wants five sure tricks", ("MUE",),
         "Sowohl für einen „Obenabe“ als auch einen „Undenufe“ braucht man mindestens fünf sichere Stiche",
         ">= 5 sure tricks from the sixes up: une-ufe minus chibre", _obe_une(False)),
    Rule("jack_nine_plus", "MODE", "Make trump with the Jack, the 9, another trump and a side Ace", ("EAR",),
         "If you are making a trump suit, this usually means you have the Jack, 9, and at least one other trump. "
         "You should also have at least an Ace", "J and 9 of X, >= 3 cards of X, >= 1 side ace: X minus chibre",
         _declare(lambda h, s: h.has(s, JACK) and h.has(s, NINE) and h.count(s) >= 3 and h.side_aces(s) >= 1)),
    Rule("jack_ace_ten_eight_seven", "MODE", "J, A, 10, 8, 7 of trump and a side Ace is a fine trump suit", ("EAR",),
         "If you have the Jack, Ace, 10, 8, 7 of trump and one or more Aces in other suits besides, that's a fine "
         "trump suit", "J A 10 8 7 of X and >= 1 side ace: X minus chibre",
         _declare(lambda h, s: all(h.has(s, r) for r in (JACK, ACE, TEN, 2, 1)) and h.side_aces(s) >= 1)),
    Rule("ace_king_run_obe", "MODE", "A, K, 10, 9, 8, 7 of one suit is a fine obe-abe", ("EAR",),
         "If you have the Ace, King, 10, 9, 8, 7 of hearts, that's a fine no-trump (Oben-abe)",
         "A K 10 9 8 7 of one suit: obe-abe minus chibre",
         lambda h, row: ("OBE", "chibre") if any(all(h.has(s, r) for r in (ACE, KING, TEN, NINE, 2, 1))
                                                 for s in range(4)) else None),
    Rule("graf_scores", "MODE", "Choose by Graf's card scores, push below 68", ("GRAF",),
         "Graf's table (A K Q J 10 9 8 7 6): trump 15 10 7 25 6 19 5 5 5, side 9 7 5 2 1 0 0 0 0, obe-abe "
         "14 10 8 7 5 0 5 0 0, une-ufe 0 2 1 1 5 5 7 9 11; push if the best score is below 68",
         "hands where Graf's choice differs from the fitted model's: Graf's minus the fitted model's", _graf),
    Rule("control_over_length", "MODE", "Make trump where you hold the Buur or the Nell rather than in a longer suit "
         "without them", ("AVS-T", "JKA"),
         "Wenn immer möglich sollte man darum dort Trumpf machen, wo die Gefahr, übertrumpft zu werden, am "
         "kleinsten ist", "X with J or 9 (2+ cards), Y longer without J and 9: X minus Y", _control_over_length),
    Rule("nell_third_and_fifty", "MODE", "Buur and Nell third beat a fifty from the Ace in another suit", ("VB-V",),
         "Bauer, Nell zu Dritt … nominell den schwächeren Trumpf … aber mit einer fürchterlichen Matchdrohung",
         "exactly 3 cards of X with J and 9, A K Q J of Y: X minus Y", _nell_and_fifty),
)


def covered(per_hand: pd.DataFrame, rule: Rule) -> pd.DataFrame:
    """The hands ``rule`` covers: ``index`` (row of ``per_hand``), ``recommended``,
    ``against``, ``diff`` (the value of the first minus the second)."""
    rows = []
    for i, row in per_hand.iterrows():
        pair = rule.pick(Hand(row["hand"]), row)
        if pair is None:
            continue
        a, b = pair
        rows.append({"index": i, "recommended": a, "against": b,
                     "diff": float(row[f"value_{a}"] - row[f"value_{b}"])})
    return pd.DataFrame(rows, columns=["index", "recommended", "against", "diff"])


def _verdict(n: int, mean: float, lo: float, hi: float) -> str:
    """The verdict of one rule alone (unadjusted p-value); the report decides every rule's in one
    Holm family (:func:`jass_sim.jass.report.thresholds.apply`)."""
    return decide(n, mean, lo, hi, p_value(mean, lo, hi))[0]


def evaluate(per_hand: pd.DataFrame, rules: tuple[Rule, ...] = RULES) -> pd.DataFrame:
    """Every rule on the hands of ``per_hand``: ``key, decision, text, source, quote, test, n,
    mean, ci95_lo, ci95_hi, share_fails, fails_lo, fails_hi, verdict`` (``share_fails``: covered
    hands where the recommended option is worse, Wilson CI)."""
    rows = []
    for rule in rules:
        c = covered(per_hand, rule)
        x = c["diff"].to_numpy(dtype=float)
        m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
        p, plo, phi = wilson_ci(int((x < 0).sum()), len(x))
        rows.append({"key": rule.key, "decision": rule.decision, "text": rule.text,
                     "source": "; ".join(f"[{SOURCES[k][0]}]({SOURCES[k][1]})" for k in rule.sources),
                     "quote": rule.quote, "test": rule.test, "n": len(x), "mean": m, "ci95_lo": lo, "ci95_hi": hi,
                     "share_fails": p, "fails_lo": plo, "fails_hi": phi, "verdict": _verdict(len(x), m, lo, hi)})
    return pd.DataFrame(rows)


def breakdown(per_hand: pd.DataFrame, rules: tuple[Rule, ...] = RULES) -> pd.DataFrame:
    """Where each rule holds and fails: its covered hands split by the side aces beside the
    recommended suit (aces in all suits for obe-abe, une-ufe, chibre): ``key, side_aces, n, mean,
    ci95_lo, ci95_hi``."""
    rows = []
    for rule in rules:
        c = covered(per_hand, rule)
        if not len(c):
            continue
        aces = []
        for i, rec in zip(c["index"], c["recommended"]):
            h = Hand(per_hand.at[i, "hand"])
            aces.append(h.side_aces(SUIT_NAMES.index(rec)) if rec in SUIT_NAMES
                        else sum(h.has(s, ACE) for s in range(4)))
        group = np.minimum(np.asarray(aces), 2)
        for g in (0, 1, 2):
            x = c["diff"].to_numpy(dtype=float)[group == g]
            if len(x):
                m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
                rows.append({"key": rule.key, "side_aces": "2+" if g == 2 else str(g), "n": len(x), "mean": m,
                             "ci95_lo": lo, "ci95_hi": hi})
    return pd.DataFrame(rows, columns=["key", "side_aces", "n", "mean", "ci95_lo", "ci95_hi"])


def source_keys(keys, rules=RULES) -> str:
    """The short source keys of the rules ``keys`` (``[MUE]; [ALM]``), per rule, for the tables; the
    full citations are listed once (:func:`source_list`)."""
    by = {r.key: r.sources for r in rules}
    return ["; ".join(f"[{k}]" for k in by[key]) for key in keys]


def source_list(keys, sources: dict = SOURCES) -> tuple:
    """The report's one list of the sources ``keys``: a table of each key and its linked citation."""
    return ("table", ["key", "source"], [[f"[{k}]", f"[{sources[k][0]}]({sources[k][1]})"] for k in keys],
            "Sources of the rules of thumb", "ll")


def figure_text(r, unit: str = "hand") -> str:
    """A rule's mean difference with its CI and number of hands (positions)."""
    from jass_sim.core.report.text import n_fmt, pm

    if r["n"] == 0:
        return f"no {unit} in the sample"
    return f"{pm(r['mean'], r['ci95_lo'], r['ci95_hi'])} ({n_fmt(r['n'])} {unit}{'s' if r['n'] != 1 else ''})"


def blocks(table: pd.DataFrame, split: pd.DataFrame, section: str, lead_table: pd.DataFrame | None = None
           ) -> list[tuple]:
    """The report section of the rules (see :mod:`jass_sim.core.report.render`), from the tables of
    :func:`evaluate` and :func:`breakdown` only (with the columns of
    :func:`jass_sim.jass.report.thresholds.apply` when the report decided the verdicts: then the
    statement of the test and of the multiple comparisons, ``lead_table`` its other half)."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm
    from jass_sim.jass.report.verdicts import KINDS, statement

    decided = "decided_by" in table
    out: list[tuple] = [("h2", f"{section}. Rules of thumb, tested")]
    out.append(("p", "Advice that Schieber players publish, each rule in its source's words (sources listed once, "
                     "below) and tested on the hands of section 1 it covers: the value of the option it recommends "
                     "minus the option it advises against, paired on the same deals of each hand (the hands are the "
                     f"units of the 95% CIs). Verdicts: {', '.join(KINDS)}."))
    if decided:
        lead = lead_table if lead_table is not None and "p_holm" in lead_table else table.iloc[:0]
        out.append(("p", statement(table, lead)))
    else:
        out.append(("p", f"A verdict needs {MIN_HANDS} hands at least. The verdicts hold for this simulation's card "
                         "play and partner model, which the CIs do not cover."))
    head = ["rule", "verdict"] + (["decided by"] if decided else []) + [
        "recommended minus advised against", "recommended worse on", "test"] + (
        ["threshold the data give"] if decided else []) + ["source"]
    keys = source_keys(table["key"])
    rows = []
    for (_, r), src in zip(table.iterrows(), keys):
        row = [f"{r['text']} («{r['quote']}»)", f"**{r['verdict']}**"] + ([r["decided_by"]] if decided else [])
        row += [figure_text(r), pct_ci(r["share_fails"], r["fails_lo"], r["fails_hi"]) if r["n"] else "—", r["test"]]
        row += ([r["data_threshold"] or "—"] if decided else []) + [src]
        rows.append(row)
    out.append(("table", head, rows, "Published rules of thumb, tested", "l"))
    if len(split):
        texts = table.set_index("key")["text"]
        out.append(("table", ["rule", "side aces", "hands", "recommended minus advised against"],
                    [[texts[k], a, n_fmt(n), pm(m, lo, hi)] for k, a, n, m, lo, hi in
                     split[["key", "side_aces", "n", "mean", "ci95_lo", "ci95_hi"]].itertuples(index=False)],
                    "Where each rule holds and fails: by side aces", "llr"))
    return out
