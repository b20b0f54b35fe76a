"""The pegging section of ``jass-sim cribbage report``: published pegging rules of thumb measured
by simulation with the existing players (no new player: the ``greedy`` pegging of
``_pegging.choose_play`` and the exact rest-of-hand minimax of the ``search`` player,
``_search.search_values``).

Deals are uniform; both players throw by the ``expect`` player; the pone leads. At each decision a
rule covers, every option is valued two ways, paired on the same deal:

- **greedy**: the option is played, then both players peg ``greedy`` to the end of the hand
  (:func:`play_out`, the rules of ``_pegging.play_pegging``; a test checks that it plays the
  same hands as the kernel);
- **minimax**: the exact value of the rest of the hand with both players playing perfectly with
  all cards face up (``_search.search_values`` given the opponent's true cards: the value the
  ``search`` player computes in each sampled world).

An option's value is the mover's pegging points minus the opponent's from that play to the end of
the hand. A rule's figure on a deal is the mean value of the options it recommends minus the mean
value of those it advises against; deals are the units of the 95% CIs. The CIs cover the deals
only, not the play models: neither greedy play nor face-up minimax is how people peg.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.cribbage import report_pegmore as M
from jass_sim.cribbage._pegrules import fits
from jass_sim.cribbage.cards import card_value


def greedy_pegging(hands: list[list[int]], turn: int, seq: list[int], count: int, last: int,
                   forced: int | None = None, stop=None):
    """Peg the rest of a hand with both players ``greedy`` (``_pegging.choose_play``) through the one
    peg step (:mod:`jass_sim.cribbage._pegrules`: ``peg_next``, ``peg_play``, ``peg_forced``, the
    rules of ``_pegging.play_pegging``: a go point, the last card, 31 resets the count).

    ``hands[p]`` the cards player ``p`` still holds (in the kernel's order; not changed), ``turn``
    the player to play or say go, ``seq`` the current count's cards (worth ``count``), ``last`` the
    last player to play (-1: none). ``forced``: the index in ``hands[turn]`` of the first card played
    (it must be playable). ``stop(hands, turn, seq, count, last)``, if given, is asked at every decision
    (before the card is chosen); the walk ends at the first one where it answers something else than
    None.

    Returns ``(points, stopped)``: ``int64[2]`` each player's pegging points from the start to the
    end (or to the stop), and None, or ``(hands, turn, seq, count, last, answer)`` at the stop.
    """
    from jass_sim.cribbage._pegging import PEG_GREEDY, choose_play
    from jass_sim.cribbage._pegrules import END, PLAY, peg_forced, peg_next, peg_play

    pts = np.zeros(2, dtype=np.int64)
    held = np.zeros((2, 4), dtype=np.int64)
    n_left = np.array([len(hands[0]), len(hands[1])], dtype=np.int64)
    for p in (0, 1):
        held[p, :n_left[p]] = hands[p]
    buf = np.zeros(24, dtype=np.int64)  # the cards played from here: the current count's are buf[base:base + k]
    base, k = 0, len(seq)
    buf[:k] = seq
    state = np.zeros(4, dtype=np.uint64)  # greedy draws nothing
    while True:
        kind = peg_next(held, n_left, count, turn)
        if kind == END:
            return pts, None
        if kind == PLAY:
            if stop is not None:
                now = ([int(c) for c in held[0, :n_left[0]]], [int(c) for c in held[1, :n_left[1]]])
                current = [int(c) for c in buf[base:base + k]]
                answer = stop([list(now[0]), list(now[1])], turn, list(current), int(count), int(last))
                if answer is not None:
                    return pts, ([list(now[0]), list(now[1])], turn, current, int(count), last, answer)
            if forced is not None:
                idx, forced = forced, None
            else:
                idx = int(choose_play(PEG_GREEDY, held[turn], n_left[turn], buf[base:], k, count, state))
            _, got, _, base, k, count = peg_play(held, n_left, buf, base, k, count, turn, idx)
            pts[turn] += got
            last, turn = turn, 1 - turn
        else:
            who, got, base, k, count, turn = peg_forced(kind, base, k, count, turn, last)
            if got:
                pts[who] += got


def play_out(hands: list[list[int]], turn: int, seq: list[int], count: int, last: int,
             forced: int | None = None) -> np.ndarray:
    """Peg the rest of a hand with both players ``greedy`` (:func:`greedy_pegging`, the peg step):
    ``hands[p]`` the cards player ``p`` still holds (in the kernel's order), ``turn`` the player to
    play or say go, ``seq`` the current count's cards (worth ``count``), ``last`` the last player to
    play (-1: none). ``forced``: the index in ``hands[turn]`` of the first card played (it must be
    playable). Returns ``int64[2]``, each player's pegging points from here."""
    return greedy_pegging(hands, turn, seq, count, last, forced)[0]


def greedy_values(hands: list[list[int]], turn: int, seq: list[int], count: int, last: int) -> dict[int, float]:
    """Per playable rank of the mover: its greedy-play value (mover's points minus the other's,
    the card's own points included)."""
    out = {}
    for i, c in enumerate(hands[turn]):
        if not fits(c, count) or c % 13 in out:
            continue
        pts = play_out([list(hands[0]), list(hands[1])], turn, list(seq), count, last, forced=i)
        out[c % 13] = float(pts[turn] - pts[1 - turn])
    return out


def minimax_values(hands: list[list[int]], turn: int, seq: list[int], count: int) -> dict[int, float]:
    """Per playable rank of the mover: the exact face-up minimax value of playing it
    (``_search.search_values`` with the opponent's true cards as the one world)."""
    from jass_sim.cribbage._search import NOT_SEARCHED, search_values

    mine = np.array(hands[turn], dtype=np.int64)
    opp = np.zeros((1, 4), dtype=np.int64)
    opp[0, :len(hands[1 - turn])] = hands[1 - turn]
    buf = np.zeros(16, dtype=np.int64)
    buf[:len(seq)] = seq
    totals = search_values(mine, len(mine), opp, 1, len(hands[1 - turn]), buf, len(seq), count)
    return {int(c) % 13: float(t) for c, t in zip(mine, totals) if t != NOT_SEARCHED}


def deal_hands(n: int, seed: int) -> np.ndarray:
    """``int64[n, 2, 4]``: the kept fours of the pone (0) and the dealer (1) on ``n`` uniform deals,
    each throwing by the ``expect`` player (stream ``cribbage.report-deals``)."""
    from jass_sim.core.rng import check_seed
    from jass_sim.cribbage._exact import discard_pair
    from jass_sim.cribbage._players import DISCARD_EXPECT, choose_discard
    from jass_sim.cribbage.discards import crib_rank_table
    from jass_sim.cribbage.streams import STREAMS

    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(check_seed(seed),
                                                                     spawn_key=(STREAMS["cribbage.report-deals"],))))
    table = crib_rank_table()
    state = np.zeros(4, dtype=np.uint64)  # expect draws nothing
    buf = np.empty(5, dtype=np.int64)
    out = np.empty((n, 2, 4), dtype=np.int64)
    for d in range(n):
        cards = rng.choice(52, 12, replace=False).astype(np.int64)
        for p, sign in ((0, -1), (1, 1)):
            six = np.sort(cards[6 * p:6 * p + 6])
            i, j = discard_pair(int(choose_discard(DISCARD_EXPECT, six, sign, table, state, buf)))
            out[d, p] = [six[a] for a in range(6) if a not in (i, j)]
    return out


#: The rules measured (the report cites the sources): the first three here, the others in
#: :mod:`jass_sim.cribbage.report_pegmore` (issue 51 item 7).
RULES = ("no_five_lead", "lead_from_pair", "off_21") + M.MORE_RULES
#: The rules of the pone's first lead.
LEAD_RULES = ("no_five_lead", "lead_from_pair", "lead_five_sum")


def _lead_split(rule: str, ranks: list[int]):
    """The (recommended, discouraged) ranks of a lead rule for the pone's kept ranks, or None when
    the rule does not apply (no choice between the two groups)."""
    distinct = sorted(set(ranks))
    if rule == "lead_five_sum":
        return M.lead_split(ranks)
    if rule == "no_five_lead":
        good, bad = [r for r in distinct if r != 4], [r for r in distinct if r == 4]
    else:  # lead_from_pair
        paired = [r for r in distinct if ranks.count(r) >= 2]
        good, bad = paired, [r for r in distinct if ranks.count(r) == 1]
    return (good, bad) if good and bad else None


def _twenty_one(hands, turn, seq, count, last=-1):
    """At a decision: the ranks that make the count 21 scoring nothing now, and the other ranks
    that score nothing now (None when either group is empty)."""
    from jass_sim.cribbage._pegrules import peg_points

    buf = np.zeros(16, dtype=np.int64)
    buf[:len(seq)] = seq
    make, other = set(), set()
    for c in hands[turn]:
        if not fits(c, count):
            continue
        new = count + card_value(c)
        buf[len(seq)] = c
        if peg_points(buf, len(seq) + 1, new) != 0:
            continue
        (make if new == 21 else other).add(c % 13)
    other -= make
    return (sorted(other), sorted(make)) if make and other else None


def first_21_position(kept: np.ndarray):
    """The first decision of a greedy-pegged hand where the mover can make 21 scoring nothing or
    play another card scoring nothing: ``(hands, turn, seq, count, last, (good, bad))`` or None."""
    hands = [[int(c) for c in kept[0]], [int(c) for c in kept[1]]]
    return greedy_pegging(hands, 0, [], 0, -1, stop=_twenty_one)[1]


def first_position(kept: np.ndarray, rule: str):
    """The first decision of a greedy-pegged hand (the pone leads) where the non-lead ``rule`` of
    :mod:`~jass_sim.cribbage.report_pegmore` applies: ``(hands, turn, seq, count, last, (good,
    bad))`` or None."""
    hands = [[int(c) for c in kept[0]], [int(c) for c in kept[1]]]
    return greedy_pegging(hands, 0, [], 0, -1, stop=lambda h, t, s, c, last: M.split(rule, h, t, s, c, last))[1]


#: The rules measured at the first decision of a hand where they apply (not at the first lead).
WALK_RULES = ("off_21",) + tuple(r for r in M.MORE_RULES if r not in LEAD_RULES)


def first_positions(kept: np.ndarray) -> dict[str, tuple]:
    """Per rule of :data:`WALK_RULES` (in that order) that applies somewhere in the greedy-pegged
    hand, its first position, as :func:`first_21_position` and :func:`first_position` give it; one
    walk for all (the stop answers None, so the play is the same)."""
    found: dict[str, tuple] = {}

    def stop(h, t, s, c, last):
        for rule in WALK_RULES:
            if rule not in found:
                sp = _twenty_one(h, t, s, c) if rule == "off_21" else M.split(rule, h, t, s, c, last)
                if sp is not None:
                    found[rule] = ([list(h[0]), list(h[1])], t, list(s), c, last, sp)
        return None

    greedy_pegging([[int(c) for c in kept[0]], [int(c) for c in kept[1]]], 0, [], 0, -1, stop=stop)
    return {rule: found[rule] for rule in WALK_RULES if rule in found}


def _diff(values: dict[int, float], good: list[int], bad: list[int]) -> float:
    """Recommended minus discouraged: the mean value of the ``good`` ranks minus the ``bad`` ranks'."""
    return float(np.mean([values[r] for r in good]) - np.mean([values[r] for r in bad]))


def pegging_rules(kept: np.ndarray, progress=None) -> pd.DataFrame:
    """The rules (:data:`RULES`) on the deals ``kept`` (:func:`deal_hands`): per rule and valuation
    (``greedy``, ``minimax``), ``n`` deals it covers, the mean of (recommended minus discouraged)
    with its 95% CI, and the share of deals where the recommended options are better (Wilson;
    ties count as not better); with the verdict columns of
    :func:`jass_sim.cribbage.report_pegmore.decide`."""
    diffs = {(r, m): [] for r in RULES for m in ("greedy", "minimax")}
    for d in range(len(kept)):
        hands = [list(kept[d, 0]), list(kept[d, 1])]
        ranks = [c % 13 for c in hands[0]]
        lead = None  # the first lead's values, computed once for the lead rules that apply
        for rule in LEAD_RULES:
            split = _lead_split(rule, ranks)
            if split is None:
                continue
            lead = lead or (greedy_values(hands, 0, [], 0, -1), minimax_values(hands, 0, [], 0))
            for method, values in zip(("greedy", "minimax"), lead):
                diffs[rule, method].append(_diff(values, *split))
        cache: dict[tuple, tuple] = {}  # a position several rules share is valued once
        for rule, pos in first_positions(kept[d]).items():
            hs, turn, seq, count, last, (good, bad) = pos
            key = (tuple(map(tuple, hs)), turn, tuple(seq), count, last)
            if key not in cache:
                cache[key] = (greedy_values(hs, turn, seq, count, last), minimax_values(hs, turn, seq, count))
            for method, values in zip(("greedy", "minimax"), cache[key]):
                diffs[rule, method].append(_diff(values, good, bad))
        if progress is not None and (d + 1) % 1000 == 0:
            progress(d + 1)
    rows = []
    for (rule, method), d in diffs.items():
        x = np.asarray(d, dtype=float)
        m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
        p, plo, phi = wilson_ci(int((x > 0).sum()), len(x))
        rows.append({"rule": rule, "valuation": method, "n": len(x), "mean": m, "ci95_lo": lo, "ci95_hi": hi,
                     "share_better": p, "share_lo": plo, "share_hi": phi})
    return M.decide(pd.DataFrame(rows))
