"""First-lead rules after a push as data (issue 44, section 3): what each covers, and the paired
test on a tiny sample of positions with made-up lead values (no Jass simulation)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import format_card, parse_cards
from jass_sim.jass.report import thumb_lead as L
from jass_sim.jass.report.thumb import Hand
from jass_sim.jass.report.verdicts import KINDS


def pick(key, text, trump):
    rule = next(r for r in L.LEAD_RULES if r.key == key)
    out = rule.pick(Hand(cards_to_mask(parse_cards(text))), "HDSC".index(trump))
    return None if out is None else tuple(sorted(format_card(c) for c in side) for side in out)


def test_sources_and_words():
    for r in L.LEAD_RULES:
        assert r.quote and all(L.LEAD_SOURCES[k][1].startswith("https://") for k in r.sources)


def test_what_each_rule_covers():
    assert pick("short_buur", "HJ H6 SA SK D7 D8 C6 C7 CT", "H")[1] == ["HJ"]
    assert pick("short_buur", "HJ H6 H7 SK D7 D8 C6 C7 CT", "H") is None
    assert pick("ace_third", "HA HK H6 SA D7 D8 C6 C7 CT", "H") == (["HK"], ["HA"])
    assert pick("ace_third", "HA H9 H6 SA D7 D8 C6 C7 CT", "H") is None  # the Nell outranks the Ace
    assert pick("ace_fourth", "HA HK H6 H7 D7 D8 C6 C7 CT", "H") == (["HA"], ["HK"])
    good, bad = pick("bare_buur_brettli", "HJ SA S6 D7 D8 CK C7 CT DQ", "H")
    assert good == sorted(["S6", "D7", "D8", "C7"]) and "HJ" in bad and "SA" in bad
    assert pick("bare_buur_brettli", "HJ H6 S6 D7 D8 CK C7 CT DQ", "H") is None


def _leads(n=300, seed=2):
    """Random pusher hands and trumps; a lead is worth its rank (J and A high) plus noise, the J
    led short loses 20."""
    rng = np.random.default_rng(seed)
    rows = []
    for p in range(n):
        cards = rng.choice(36, 9, replace=False)
        mask = int(sum(1 << int(c) for c in cards))
        trump = int(rng.integers(4))
        short = Hand(mask).count(trump) <= 2
        for c in cards:
            v = c % 9 + rng.normal(0, 1) - (20 if short and c == 9 * trump + 5 else 0)
            rows.append({"position": p, "hand": mask, "trump": trump, "card": int(c), "value": v})
    return pd.DataFrame(rows)


def test_evaluate():
    t = L.evaluate(_leads()).set_index("key")
    r = t.loc["short_buur"]
    assert r["n"] >= 10 and r["verdict"] == "confirmed" and r["ci95_lo"] < r["mean"] < r["ci95_hi"]
    # a lead is worth its natural rank here: the Ace beats the second-highest trump by 1 to 8
    assert t.loc["ace_third", "n"] > 0 and -8 - 1 < t.loc["ace_third", "mean"] < -1 + 1
    assert t.loc["ace_fourth", "n"] > 0 and 0 < t.loc["ace_fourth", "mean"] < 9
    assert set(t["verdict"]) <= set(KINDS)
    assert t["source"].str.contains(r"\]\(https://", regex=True).all()
