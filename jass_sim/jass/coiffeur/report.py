"""The Coiffeur report's figures (``jass-sim coiffeur report``, issue 53 item 7).

Five sections, each a table with its sample size and 95% intervals:

1. ``values``: each category's mean points for a random hand of the chooser (seat 0, who leads),
   raw and times the multiplier, from fresh play-outs (``hand_points``: the same sampled deals
   in every form; four ``net`` players). A Joker is played as the hand's best form by its mean
   over the hand's deals (the shipped table's rule), which is slightly optimistic for a Joker.
2. ``take``: the plan's decision at the first choice of a match (both teams' lists full, nobody
   passed) for random hands, by card features: for a suit category the trumps held x Buur/Nell
   x side aces, for Obenabe the aces x kings, for Undenufe the sixes x sevens.
3. ``order`` and 4. ``fass``: whole matches of the ``planning`` chooser against itself: the
   round at which each category is taken, and how often a team ends "im Fass" (a forced take),
   in all and with a valuable category (x5 or more).
5. ``misere``: the Misère round modes' credit (the opponents' points: the declaring team is
   credited what the others make) by hand type, from play-outs of ``MISERE-OBE`` and
   ``MISERE-UNE`` with the declarer leading.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states
from jass_sim.core.stats import wilson_ci
from jass_sim.jass.coiffeur.values import random_hands, slot_forms
from jass_sim.jass.streams import STREAMS

REPORT_STREAM = STREAMS["jass.coiffeur-report"]
MISERE_STREAM = STREAMS["jass.coiffeur-report-misere"]
#: Rank indices within a suit (6 7 8 9 10 J Q K A) and the Misère modes of the play step.
SIX, SEVEN, EIGHT, NINE, JACK, KING, ACE = 0, 1, 2, 3, 5, 7, 8
MISERE_MODES = ((10, "MISERE-OBE"), (11, "MISERE-UNE"))
SUIT_SLOTS = {"H": 0, "D": 1, "S": 2, "C": 3}
#: A category this valuable (multiplier) counts as "valuable" in the Fass section.
VALUABLE = 5
#: Hands whose first decision section 2 reads, per play-out hand of section 1 (decisions cost a
#: table lookup and the plan's pass value, not play-outs).
DECISIONS_PER_HAND = 32
Z = 1.959963984540054


@dataclass
class CoiffeurReport:
    """The report's inputs and tables (``tables[name]``: one DataFrame per CSV)."""

    rules: str
    hands: int
    deals: int
    matches: int
    seed: int
    policy: str
    command: str
    seconds: dict = field(default_factory=dict)
    tables: dict = field(default_factory=dict)


def _mean_ci(v) -> tuple[float, float, float]:
    v = np.asarray(v, dtype=np.float64)
    if len(v) == 0:
        return math.nan, math.nan, math.nan
    m = float(v.mean())
    if len(v) < 2:
        return m, math.nan, math.nan
    h = Z * float(v.std(ddof=1)) / math.sqrt(len(v))
    return m, m - h, m + h


def rank_count(hand: int, rank: int) -> int:
    """How many cards of ``rank`` (0: six .. 8: ace) the hand holds."""
    return sum(hand >> (s * 9 + rank) & 1 for s in range(4))


def suit_count(hand: int, suit: int) -> int:
    return bin((hand >> (suit * 9)) & 0x1FF).count("1")


def _bucket(n: int, top: int) -> str:
    return f"{top}+" if n >= top else str(n)


def buur_nell(hand: int, suit: int) -> str:
    j = hand >> (suit * 9 + JACK) & 1
    n = hand >> (suit * 9 + NINE) & 1
    return "both" if j and n else "Buur" if j else "Nell" if n else "neither"


def hand_features(hand: int, code: str) -> dict:
    """The card features section 2 groups a category's decisions by (card terms, as people say)."""
    if code in SUIT_SLOTS:
        s = SUIT_SLOTS[code]
        aces = sum(hand >> (t * 9 + ACE) & 1 for t in range(4) if t != s)
        return {"trumps": _bucket(suit_count(hand, s), 5), "Buur/Nell": buur_nell(hand, s),
                "side aces": _bucket(aces, 2)}
    if code == "OBE":
        return {"aces": _bucket(rank_count(hand, ACE), 3), "kings": _bucket(rank_count(hand, KING), 2)}
    if code == "UNE":
        return {"sixes": _bucket(rank_count(hand, SIX), 3), "sevens": _bucket(rank_count(hand, SEVEN), 2)}
    return {}


def values_table(rules, ours: np.ndarray, n_deals: int, policy: str, modes=None) -> pd.DataFrame:
    """Section 1 from per-hand means ``ours[K, M]`` in the round modes ``modes`` (default: the six
    chibre modes, column = mode): one row per category, CIs over hands."""
    modes = tuple(range(ours.shape[1])) if modes is None else tuple(modes)
    forms = slot_forms(ours, rules, columns=lambda ms: np.array([modes.index(m) for m in ms], dtype=np.int64))
    rows = []
    k = np.arange(len(ours))
    for i, cat in enumerate(rules.categories):
        m, lo, hi = _mean_ci(ours[k, forms[:, i]])
        rows.append(dict(slot=i, category=cat.code, multiplier=cat.multiplier,
                         form="best" if len(cat.modes) > 1 else cat.code, hands=len(ours), deals_per_hand=n_deals,
                         mean=m, ci95_lo=lo, ci95_hi=hi, mean_x=m * cat.multiplier, ci95_x_lo=lo * cat.multiplier,
                         ci95_x_hi=hi * cat.multiplier, policy=policy))
    return pd.DataFrame(rows)


def first_decisions(rules, hands: np.ndarray) -> list[str]:
    """The planning chooser's answer at the first choice of a match for each hand: a category
    code or ``pass``."""
    from jass_sim.jass.coiffeur.match_bots import plan_choice

    full = (1 << len(rules.categories)) - 1
    out = []
    for h in hands:
        d = plan_choice(int(h), rules, full, full, 0, False, first_team=0)
        out.append("pass" if d.slot is None else rules.categories[d.slot].code)
    return out


def take_tables(rules, hands: np.ndarray, decisions: list[str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Section 2: ``(overall, by_features)``: the share of hands whose first decision is each
    answer, and per category with card features the share taking it, Wilson intervals."""
    n = len(decisions)
    answers = [c.code for c in rules.categories] + ["pass"]
    seen = []
    overall = []
    for a in answers:
        if a in seen:
            continue
        seen.append(a)
        k = sum(d == a for d in decisions)
        p, lo, hi = wilson_ci(k, n)
        overall.append(dict(answer=a, hands=n, takes=k, share=p, ci95_lo=lo, ci95_hi=hi))
    rows = []
    for code in [c for c in dict.fromkeys(c.code for c in rules.categories) if c in (*SUIT_SLOTS, "OBE", "UNE")]:
        groups: dict[tuple, list[int]] = {}
        for h, d in zip(hands, decisions):
            f = hand_features(int(h), code)
            g = groups.setdefault(tuple(f.items()), [0, 0])
            g[0] += 1
            g[1] += d == code
        for key in sorted(groups):
            cnt, k = groups[key]
            p, lo, hi = wilson_ci(k, cnt)
            rows.append(dict(category=code, features=", ".join(f"{a} {b}" for a, b in key), hands=cnt, takes=k,
                             share=p, ci95_lo=lo, ci95_hi=hi))
    return pd.DataFrame(overall), pd.DataFrame(rows)


def match_tables(rules, sheets: list[list[dict]]) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Sections 3 and 4 from the recorded sheets of planning-vs-planning matches:
    ``(order, fass, fass_by_category)``. A match's two teams are not independent, so the order's
    interval is over matches (the mean of the two teams' rounds per match) and the Fass rates are
    given per team (team 0 chose first in round 1), each over independent matches."""
    n = len(sheets)
    cats = rules.categories
    per_match = np.full((n, len(cats)), np.nan)
    forced_any = np.zeros((n, 2), dtype=bool)
    forced_val = np.zeros((n, 2), dtype=bool)
    takes = np.zeros(len(cats), dtype=np.int64)
    forced_takes = np.zeros(len(cats), dtype=np.int64)
    for m, sheet in enumerate(sheets):
        rounds = [[] for _ in cats]
        used = [set(), set()]
        for r in sheet:
            slot = next(i for i, c in enumerate(cats) if c.code == r["category"] and c.multiplier == r["multiplier"]
                        and i not in used[r["team"]])
            used[r["team"]].add(slot)
            rounds[slot].append(r["round"])
            takes[slot] += 1
            if r["forced"]:
                forced_takes[slot] += 1
                forced_any[m, r["team"]] = True
                forced_val[m, r["team"]] |= r["multiplier"] >= VALUABLE
        per_match[m] = [np.mean(x) for x in rounds]
    order = []
    for i, c in enumerate(cats):
        mean, lo, hi = _mean_ci(per_match[:, i])
        order.append(dict(category=c.code, multiplier=c.multiplier, matches=n, takes=int(takes[i]), mean_round=mean,
                          ci95_lo=lo, ci95_hi=hi))
    fass = []
    for team in (0, 1):
        for what, arr in (("im Fass at least once", forced_any), (f"im Fass with x{VALUABLE} or more", forced_val)):
            k = int(arr[:, team].sum())
            p, lo, hi = wilson_ci(k, n)
            fass.append(dict(team=team, event=what, matches=n, count=k, share=p, ci95_lo=lo, ci95_hi=hi))
    by_cat = []
    for i, c in enumerate(cats):
        p, lo, hi = wilson_ci(int(forced_takes[i]), int(takes[i]))
        by_cat.append(dict(category=c.code, multiplier=c.multiplier, takes=int(takes[i]),
                           forced=int(forced_takes[i]), share=p, ci95_lo=lo, ci95_hi=hi))
    return pd.DataFrame(order), pd.DataFrame(fass), pd.DataFrame(by_cat)


def misere_hand_type(hand: int) -> dict:
    """Section 5's hand types: sixes held, low cards (6, 7, 8) held, aces held."""
    low = sum(rank_count(hand, r) for r in (SIX, SEVEN, EIGHT))
    return {"sixes": _bucket(rank_count(hand, SIX), 3), "low cards (6-8)": _bucket(low, 5),
            "aces": _bucket(rank_count(hand, ACE), 3)}


def misere_table(hands: np.ndarray, credit: np.ndarray, n_deals: int) -> pd.DataFrame:
    """Section 5 from ``credit[K, 2]`` (per-hand mean credit in MISERE-OBE, MISERE-UNE): the
    mean credit per hand type, CI over hands."""
    rows = []
    types = [misere_hand_type(int(h)) for h in hands]
    for j, (_, name) in enumerate(MISERE_MODES):
        m, lo, hi = _mean_ci(credit[:, j])
        rows.append(dict(mode=name, feature="all hands", value="", hands=len(hands), deals_per_hand=n_deals, mean=m,
                         ci95_lo=lo, ci95_hi=hi))
        for feat in types[0] if types else []:
            for val in sorted({t[feat] for t in types}):
                sel = np.array([t[feat] == val for t in types])
                m, lo, hi = _mean_ci(credit[sel, j])
                rows.append(dict(mode=name, feature=feat, value=val, hands=int(sel.sum()), deals_per_hand=n_deals,
                                 mean=m, ci95_lo=lo, ci95_hi=hi))
    return pd.DataFrame(rows)


def misere_credits(hands: np.ndarray, n_deals: int, seed: int, match_table, first_index: int = 0) -> np.ndarray:
    """``float64[K, 2]``: each hand's mean Misère credit (the opponents' Coiffeur points) over
    ``n_deals`` deals of the other 27 cards, the declarer (seat 0) leading; both modes on the same
    deals and the same card-play random numbers."""
    from jass_sim.jass.advise.sampling import sample_deals
    from jass_sim.jass.coiffeur.match_round import play_coiffeur_round

    t = match_table
    out = np.zeros((len(hands), len(MISERE_MODES)))
    for k, h in enumerate(hands):
        deals = sample_deals(int(h), seed, (first_index + k) * n_deals, n_deals)
        states = block_states(seed, first_index + k, 1, MISERE_STREAM)
        for j, (mode, _) in enumerate(MISERE_MODES):
            rng = states[0].copy()
            total = 0
            for d in range(n_deals):
                pts, _ = play_coiffeur_round(t.players, deals[d], mode, 0, t.policies, t.params, rng,
                                             t.rules.match_bonus)
                total += pts[1]
            out[k, j] = total / n_deals
    return out


def check_sizes(hands: int, deals: int, matches: int) -> None:
    from jass_sim.jass.coiffeur.hand import ADVISE_BLOCK

    if not 2 <= hands <= 100_000:
        raise InputError(f"--hands must be from 2 to 100000, got {hands}", str(hands))
    if deals < ADVISE_BLOCK or deals % ADVISE_BLOCK:
        raise InputError(f"--deals must be a positive multiple of {ADVISE_BLOCK}, got {deals}", str(deals))
    if not 2 <= matches <= 1_000_000:
        raise InputError(f"--matches must be from 2 to 1000000, got {matches}", str(matches))


def build_report(*, hands: int, deals: int, matches: int, seed: int, rules="coiffeur", policy=None,
                 threads=None, command: str = "", progress=None) -> CoiffeurReport:
    """Compute every section's table (see the module docstring)."""
    import time

    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.coiffeur.hand import hand_points
    from jass_sim.jass.coiffeur.match import play_match
    from jass_sim.jass.coiffeur.match_run import _table

    check_sizes(hands, deals, matches)
    with numba_threads(threads):  # an InputError for a bad --threads before any work
        pass
    table, policy = _table(rules, None, policy)
    r = table.rules
    rep = CoiffeurReport(r.name, hands, deals, matches, seed, policy, command)
    say = progress or (lambda s: None)
    # the report's own hands (not the shipped table's): a stream of its own, block 0
    pool = random_hands_from(seed, hands * DECISIONS_PER_HAND)
    play = pool[:hands]
    with numba_threads(threads):
        t0 = time.perf_counter()
        modes = r.form_modes  # coiffeur: the six chibre modes; coiffeur-10 adds Slalom's and Guschti's
        say(f"1/5 category values: {hands} hands x {deals} deals x {len(modes)} forms")
        ours = np.zeros((hands, len(modes)))
        for k, h in enumerate(play):
            o, _ = hand_points(int(h), table.policies, seed=seed, first_sample=k * deals, n_samples=deals,
                               params=table.params, match_bonus=r.match_bonus, modes=modes)
            ours[k] = o.mean(axis=0)
        rep.tables["values"] = values_table(r, ours, deals, policy, modes)
        rep.seconds["values"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        say(f"2/5 take now or pass: {len(pool)} hands' first decisions")
        decisions = first_decisions(r, pool)
        rep.tables["take"], rep.tables["take_features"] = take_tables(r, pool, decisions)
        rep.seconds["take"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        say(f"3-4/5 order and im Fass: {matches} matches, planning vs planning")
        sheets = [play_match(table, ("planning", "planning"), seed, m, record=True).rounds for m in range(matches)]
        rep.tables["order"], rep.tables["fass"], rep.tables["fass_categories"] = match_tables(r, sheets)
        rep.seconds["matches"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        say(f"5/5 Misère: {hands} hands x {deals} deals x 2 modes")
        credit = misere_credits(play, deals, seed, table)
        rep.tables["misere"] = misere_table(play, credit, deals)
        rep.seconds["misere"] = time.perf_counter() - t0
    return rep


def random_hands_from(seed: int, n: int) -> np.ndarray:
    """``uint64[n]`` random 9-card hands from the report's stream (not the value table's)."""
    return random_hands(seed, n, REPORT_STREAM)


__all__ = ["CoiffeurReport", "build_report", "random_hands_from"]
