"""More pegging rules for ``jass-sim cribbage report`` (issue 51 item 7), and the verdicts of every
pegging rule in the four kinds of the reports, under one multiple-comparison correction.

The rules (each a *split*: the ranks it recommends and those it advises against at a decision, or
None where it does not apply; :mod:`jass_sim.cribbage.report_pegging` values both groups on the same
deal, greedy and minimax):

- ``lead_five_sum`` ([CC]: «When holding two cards that together make 5 (for example 4 and Ace),
  lead one of them»): the pone's first lead, a hand holding A and 4 or 2 and 3: those ranks against
  the others;
- ``no_run_setup`` ([CC]: «Don't play a card with a value 1 or 2 away from your opponent's card»):
  the reply to the opponent's lead of a count, cards scoring nothing now: ranks more than 2 away
  from the led rank against ranks 1 or 2 away;
- ``pair_reserve`` ([CC]: «Do not pair your opponent's card unless you also hold another of the
  same card in reserve»; [AAL]): the opponent's card can be paired by the mover's only card of its
  rank (not already a pair on the table): the other cards scoring nothing now against the pair;
- ``hold_low`` ([AAL]: «Hold low cards to the end»; [CC]: «Get rid of your higher cards first»): a
  reply (the count has begun), cards scoring nothing now: 5 and up against A-4.

Each non-lead rule is measured at the first decision of a hand (both players pegging ``greedy``,
:func:`jass_sim.cribbage.report_pegging.first_position`) where its split applies; the mover's points "now" are those of the card itself.

Verdicts (:func:`decide`, :data:`KINDS`): the pegging figures (rules x valuations) are one family
with Holm's step-down correction (:func:`jass_sim.core.stats.holm`) over the rows with at least
:data:`MIN_DEALS` deals. A rule is *confirmed* / *refuted* when both valuations differ from zero at
Holm-adjusted p < :data:`ALPHA` with the same sign; *mixed* when each valuation is either
significant or within ±:data:`EQUIVALENCE` pegging points (its 95% CI), without both agreeing on a
significant sign (the play models disagree, or the rule makes no difference a player would
notice); *not enough data* otherwise (fewer than :data:`MIN_DEALS` deals, or a CI too wide).

Cards: ``13 * suit + rank``, ranks ``A 2 .. 9 T J Q K`` (0..12).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from jass_sim.core.stats import holm, p_value
from jass_sim.cribbage._pegrules import fits

#: The rules of this module, in the report's order.
MORE_RULES = ("lead_five_sum", "no_run_setup", "pair_reserve", "hold_low")
KINDS = ("confirmed", "refuted", "mixed", "not enough data")
#: A rule covering fewer deals than this has no verdict ("not enough data") and no Holm test.
MIN_DEALS = 20
#: Family-wise error rate of the pegging verdicts.
ALPHA = 0.05
#: Pegging points per hand below which a difference is none a player would notice (a go's point
#: once in ten hands).
EQUIVALENCE = 0.1
#: Pairs of ranks whose count values make 5: A-4 and 2-3.
_FIVE_SUMS = ((0, 3), (1, 2))


def lead_split(ranks: list[int]):
    """``lead_five_sum``'s (recommended, discouraged) ranks for the pone's kept ``ranks``, or None."""
    distinct = sorted(set(ranks))
    good = sorted({r for a, b in _FIVE_SUMS if a in ranks and b in ranks for r in (a, b)})
    bad = [r for r in distinct if r not in good]
    return (good, bad) if good and bad else None


def now_points(cards: list[int], seq: list[int], count: int) -> dict[int, int]:
    """Per playable rank of ``cards``: the points its card scores when played now on ``seq``."""
    from jass_sim.cribbage._pegrules import peg_points
    from jass_sim.cribbage.cards import card_value

    buf = np.zeros(16, dtype=np.int64)
    buf[:len(seq)] = seq
    out = {}
    for c in cards:
        if fits(c, count) and c % 13 not in out:
            buf[len(seq)] = c
            out[c % 13] = int(peg_points(buf, len(seq) + 1, count + card_value(c)))
    return out


def _both(good, bad):
    return (sorted(good), sorted(bad)) if good and bad else None


def split(rule: str, hands: list[list[int]], turn: int, seq: list[int], count: int, last: int):
    """The (recommended, discouraged) ranks of a non-lead rule at a decision of ``turn`` (the count's
    cards ``seq`` worth ``count``, ``last`` the last player to play), or None where it does not apply."""
    if not seq or last != 1 - turn:
        return None  # a lead, or the mover's own card after the opponent's go: no rule here
    pts = now_points(hands[turn], seq, count)
    quiet = [r for r, p in pts.items() if p == 0]
    led = seq[-1] % 13
    if rule == "no_run_setup":
        if len(seq) != 1:
            return None
        return _both([r for r in quiet if abs(r - led) > 2], [r for r in quiet if 1 <= abs(r - led) <= 2])
    if rule == "pair_reserve":
        if led not in pts or sum(1 for c in hands[turn] if c % 13 == led) != 1 or (len(seq) >= 2
                                                                                   and seq[-2] % 13 == led):
            return None
        return _both([r for r in quiet if r != led], [led])
    if rule == "hold_low":
        return _both([r for r in quiet if r >= 4], [r for r in quiet if r <= 3])
    raise ValueError(rule)


def decide(rows: pd.DataFrame) -> pd.DataFrame:
    """The pegging table (:func:`jass_sim.cribbage.report_pegging.pegging_rules`) with ``p_value``
    and ``p_holm`` per row (one Holm family: the rows with :data:`MIN_DEALS` deals or more), and per
    rule its ``verdict`` and ``decided_by`` (repeated on both valuations' rows)."""
    df = rows.copy()
    p = [p_value(m, lo, hi) if n >= MIN_DEALS else math.nan
         for n, m, lo, hi in zip(df["n"], df["mean"], df["ci95_lo"], df["ci95_hi"])]
    df["p_value"] = p
    df["p_holm"] = holm(p) if len(df) else []
    verdicts = {}
    for rule, sub in df.groupby("rule", sort=False):
        verdicts[rule] = rule_verdict(sub)
    df["verdict"] = [verdicts[r][0] for r in df["rule"]]
    df["decided_by"] = [verdicts[r][1] for r in df["rule"]]
    return df


def p_text(p: float) -> str:
    """A p-value for the text: two digits, and ``< 1e-300`` where the normal tail underflows to 0."""
    return "< 1e-300" if p == 0 else f"{p:.2g}"


def rule_verdict(sub: pd.DataFrame) -> tuple[str, str]:
    """``(verdict, decided_by)`` of one rule from its valuations' rows (``n``, ``mean``, CI,
    ``p_holm``)."""
    n = int(sub["n"].min())
    if n < MIN_DEALS:
        return "not enough data", f"{n} deal{'s' if n != 1 else ''}, fewer than {MIN_DEALS}"
    sig = [(r["valuation"], np.sign(r["mean"])) for _, r in sub.iterrows() if r["p_holm"] < ALPHA]
    near = [r["valuation"] for _, r in sub.iterrows()
            if r["p_holm"] >= ALPHA and -EQUIVALENCE <= r["ci95_lo"] and r["ci95_hi"] <= EQUIVALENCE]
    ps = ", ".join(f"{r['valuation']} {p_text(r['p_holm'])}" for _, r in sub.iterrows())
    if len(sig) == len(sub) and len({s for _, s in sig}) == 1:
        kind = "confirmed" if sig[0][1] > 0 else "refuted"
        return kind, f"both valuations {'above' if kind == 'confirmed' else 'below'} zero at Holm p < {ALPHA} ({ps})"
    if len(sig) + len(near) == len(sub):
        if len({s for _, s in sig}) > 1:
            return "mixed", f"the valuations disagree, each at Holm p < {ALPHA} ({ps})"
        return "mixed", (f"{', '.join(near)}: 95% CI within ±{EQUIVALENCE:g} pegging points, no difference a "
                         f"player would notice (Holm p: {ps})")
    return "not enough data", (f"a valuation neither significant (Holm p: {ps}) nor within ±{EQUIVALENCE:g} "
                               "points")


def statement(rows: pd.DataFrame) -> str:
    """The report's one statement of the pegging verdicts' test and of the multiple comparisons."""
    m = int(rows["p_holm"].notna().sum())
    return ("**How a pegging verdict is decided.** Each rule is valued two ways (greedy and minimax play-outs, "
            f"section 4). *confirmed* / *refuted*: both valuations differ from zero at Holm-adjusted p < {ALPHA}, "
            f"with the same sign; *mixed*: each valuation is either significant or its 95% CI lies within "
            f"±{EQUIVALENCE:g} pegging points, but they do not agree on a significant sign (the play models "
            "disagree, or the rule makes no difference a player would notice); *not enough data*: fewer than "
            f"{MIN_DEALS} deals, or a CI too wide to tell. **Multiple comparisons**: the {m} pegging figures (rules "
            "x valuations) are one family; Holm's step-down correction holds the chance of any false confirmation "
            "or refutation among them at 5%. The exact discard rules have no sampling error and need no correction. "
            "A verdict holds for these play models (greedy, face-up minimax), whose error no CI covers.")
