"""The discard sections of ``jass-sim cribbage report``: published rules of thumb about what to
keep and what to throw, tested on the exact tables the package computes.

Two kinds of figures:

- **exact** (no sampling): the crib expectation of every thrown pair of cards against two random
  other crib cards and a random starter (:func:`thrown_pairs`, kernel
  ``_exact.crib_pair_table``), and the value of his nobs and of a four-card flush (closed forms,
  checked against the scoring kernels by the tests);
- **exact per hand, sampled over hands**: for ``hands`` uniformly random six-card hands, every
  one of the 15 discards valued exactly (kernel ``_exact.discard_exact``: the kept hand over the
  46 unseen starters, the crib over the opponent's two cards uniform among the 46 unseen and the
  starter among the 44 left); the hands are the units of the 95% CIs.

The opponent's two crib cards are uniform (``--opponent random``), not thrown by a model: the
crib figures are those of an opponent who throws at random, and the CIs do not cover that choice.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.cribbage.cards import N_RANKS, RANKS, card_index

#: Cases of the exact crib of a thrown pair: the other two crib cards from the 50 others, the
#: starter from the 48 left.
PAIR_CASES = 1225 * 48
#: Cases of the exact crib of a discard: the opponent's two cards from the 46 unseen, the starter
#: from the 44 left.
DISCARD_CASES = 1035 * 44
TEN_CARDS = ("T", "J", "Q", "K")


def _value(rank: int) -> int:
    return min(rank + 1, 10)


def thrown_pairs() -> pd.DataFrame:
    """Exact crib expectation of every thrown pair of cards, by ranks and suitedness.

    One row per rank pair ``r1 <= r2`` and ``suited`` (False, and True for different ranks):
    ``rank1, rank2, suited, crib_ev, kind`` where ``kind`` is ``pair``, ``fifteen``,
    ``touching`` (adjacent ranks), ``gap1`` (one rank between them), or ``wide``; and ``five``,
    whether a 5 is thrown. Exact: the other two crib cards and the starter uniform over the
    other 50 cards (kernel ``_exact.crib_pair_table``).
    """
    from jass_sim.cribbage._exact import crib_pair_table

    keys, first, second = [], [], []
    for r1 in range(N_RANKS):
        for r2 in range(r1, N_RANKS):
            for suited in ((False, True) if r1 != r2 else (False,)):
                keys.append((r1, r2, suited))
                first.append(card_index(0, r1))
                second.append(card_index(0 if suited else 1, r2))
    sums = crib_pair_table(np.array(first, dtype=np.int64), np.array(second, dtype=np.int64))
    rows = []
    for (r1, r2, suited), s in zip(keys, sums):
        if r1 == r2:
            kind = "pair"
        elif _value(r1) + _value(r2) == 15:
            kind = "fifteen"
        elif r2 - r1 == 1:
            kind = "touching"
        elif r2 - r1 == 2:
            kind = "gap1"
        else:
            kind = "wide"
        rows.append({"rank1": RANKS[r1], "rank2": RANKS[r2], "suited": suited, "crib_ev": float(s) / PAIR_CASES,
                     "kind": kind, "five": RANKS[r1] == "5" or RANKS[r2] == "5"})
    return pd.DataFrame(rows)


def pair_weight(df: pd.DataFrame) -> np.ndarray:
    """How many card pairs each row of :func:`thrown_pairs` stands for (16 unsuited and 4 suited
    card pairs per two ranks, 6 for a pair): the weights of a uniformly random thrown pair."""
    return np.where(df["rank1"] == df["rank2"], 6, np.where(df["suited"], 4, 12)).astype(float)


def thrown_rules(pairs: pd.DataFrame) -> pd.DataFrame:
    """The exact figures behind the discard rules: mean crib expectation (weighted as random card
    pairs) of groups of thrown pairs. ``group, pairs, crib_ev`` (``pairs``: card pairs)."""
    w = pair_weight(pairs)
    rank_has = {r: (pairs["rank1"] == r) | (pairs["rank2"] == r) for r in RANKS}
    groups = {
        "all pairs": np.ones(len(pairs), dtype=bool),
        "with a 5": pairs["five"].to_numpy(),
        "without a 5": ~pairs["five"].to_numpy(),
        "a pair (same rank)": (pairs["kind"] == "pair").to_numpy(),
        "a fifteen": (pairs["kind"] == "fifteen").to_numpy(),
        "touching ranks": (pairs["kind"] == "touching").to_numpy(),
        "one rank apart": (pairs["kind"] == "gap1").to_numpy(),
        "wide (no 5, pair, fifteen, touching or one apart)": ((pairs["kind"] == "wide") & ~pairs["five"]).to_numpy(),
        "same suit (different ranks)": pairs["suited"].to_numpy(),
        "different suits (different ranks)": ((~pairs["suited"]) & (pairs["rank1"] != pairs["rank2"])).to_numpy(),
    }
    for r in RANKS:
        groups[f"with a {r}"] = rank_has[r].to_numpy()
    rows = []
    for name, sel in groups.items():
        ww = w[sel]
        rows.append({"group": name, "pairs": int(ww.sum()),
                     "crib_ev": float((pairs["crib_ev"].to_numpy()[sel] * ww).sum() / ww.sum())})
    return pd.DataFrame(rows)


def suited_gap(pairs: pd.DataFrame) -> tuple[float, float, float]:
    """``(mean, min, max)`` over the 78 rank pairs of different ranks of the crib expectation of
    the suited pair minus the unsuited one (exact)."""
    s = pairs[pairs["suited"]].set_index(["rank1", "rank2"])["crib_ev"]
    u = pairs[~pairs["suited"] & (pairs["rank1"] != pairs["rank2"])].set_index(["rank1", "rank2"])["crib_ev"]
    d = (s - u.loc[s.index]).to_numpy()
    return float(d.mean()), float(d.min()), float(d.max())


def nobs_table() -> pd.DataFrame:
    """Exact value of his nobs for a jack in the hand (or thrown to the crib), seen from the six
    cards one holds: the starter is uniform over the 46 unseen cards, and ``12 - k`` of them are
    of the jack's suit when ``k`` other cards of that suit are among the six. ``other_same_suit,
    p_nobs`` (the point's expectation). His heels (the dealer's 2 for a jack turned) beside it:
    ``2 * (4 - j) / 46`` with ``j`` jacks among one's six."""
    return pd.DataFrame({"other_same_suit": range(6), "p_nobs": [(12 - k) / 46 for k in range(6)],
                         "jacks_held": range(6), "heels_ev": [2 * max(4 - j, 0) / 46 for j in range(6)]})


def flush_table() -> pd.DataFrame:
    """Exact value of a four-card flush kept in the hand: 4, plus 1 when the starter is of its suit
    (``13 - m`` of the 46 unseen cards with ``m`` cards of the suit among one's six). In the crib
    only a five-card flush counts (5): the chance, for two thrown cards of one suit, that the other
    two crib cards and the starter are all of it."""
    rows = [{"suit_cards_held": m, "hand_flush_ev": 4 + (13 - m) / 46} for m in (4, 5, 6)]
    return pd.DataFrame(rows)


def crib_flush_chance(suit_cards_held: int = 2) -> float:
    """Chance that a crib holding two thrown cards of one suit is a five-card flush, with
    ``suit_cards_held`` cards of that suit among the thrower's six (the other crib cards from the
    46 unseen uniform: a random opponent; exact)."""
    left = 13 - suit_cards_held
    return (left * (left - 1) / (46 * 45)) * ((left - 2) / 44)


def sample_hands(n: int, seed: int) -> np.ndarray:
    """``n`` uniformly random six-card hands (sorted ``int64[n, 6]``) from stream
    ``cribbage.report-hands`` (numpy's generator seeded by ``SeedSequence(seed, spawn_key=(stream,))``)."""
    from jass_sim.core.rng import check_seed
    from jass_sim.cribbage.streams import STREAMS

    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(check_seed(seed),
                                                                     spawn_key=(STREAMS["cribbage.report-hands"],))))
    hands = np.empty((n, 6), dtype=np.int64)
    for i in range(n):
        hands[i] = np.sort(rng.choice(52, 6, replace=False))
    return hands


def discard_values(hands: np.ndarray, sign: int, progress=None) -> np.ndarray:
    """``float64[n, 15]``: the exact net of each discard (pairs of positions in lexicographic
    order) of each hand: the kept hand's mean over the 46 starters plus ``sign`` times the crib's
    mean (random opponent), ``sign`` +1 for the dealer, -1 for the pone."""
    from jass_sim.cribbage._exact import discard_exact

    out = np.empty((len(hands), 15))
    for i, h in enumerate(hands):
        unseen = np.array(sorted(set(range(52)) - set(int(c) for c in h)), dtype=np.int64)
        hand_sum, crib_sum, _ = discard_exact(h, unseen, sign)
        out[i] = hand_sum / 46 + sign * crib_sum / DISCARD_CASES
        if progress is not None and (i + 1) % 500 == 0:
            progress(i + 1)
    return out


def _pairs15() -> list[tuple[int, int]]:
    return [(i, j) for i in range(6) for j in range(i + 1, 6)]


def _row(rule: str, role: str, d: list[float], better: int, **extra) -> dict:
    x = np.asarray(d, dtype=float)
    m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
    p, plo, phi = wilson_ci(better, len(x))
    return {"rule": rule, "role": role, "n": len(x), "mean": m, "ci95_lo": lo, "ci95_hi": hi,
            "share": p, "share_lo": plo, "share_hi": phi} | extra


def hand_rules(hands: np.ndarray, nets: dict[str, np.ndarray]) -> pd.DataFrame:
    """Per role, on the sampled hands a rule covers: the best discard that follows the rule minus
    the best that breaks it (exact per hand; mean and 95% CI over the hands), and the share of
    the hands whose best discard follows it (Wilson).

    Rules: ``keep_fives`` (hands with a 5: keep every 5 / throw one), ``keep_flush`` (hands with
    four or more cards of one suit: keep four of them / keep no four-card flush),
    ``keep_jack`` (hands with a jack: keep every jack / throw one)."""
    rows = []
    pairs = _pairs15()
    ranks = hands % 13
    suits = hands // 13
    for role, net in nets.items():
        for rule in ("keep_fives", "keep_flush", "keep_jack"):
            diffs, follow = [], 0
            for h in range(len(hands)):
                if rule == "keep_fives":
                    special = ranks[h] == 4
                elif rule == "keep_jack":
                    special = ranks[h] == 10
                else:
                    counts = np.bincount(suits[h], minlength=4)
                    special = None if counts.max() < 4 else counts
                if special is None or (rule != "keep_flush" and not special.any()):
                    continue
                ok = np.zeros(15, dtype=bool)
                for k, (i, j) in enumerate(pairs):
                    if rule == "keep_flush":
                        kept = [suits[h][a] for a in range(6) if a not in (i, j)]
                        ok[k] = len(set(kept)) == 1
                    else:
                        ok[k] = not (special[i] or special[j])
                if ok.all() or not ok.any():
                    continue  # every discard follows (or breaks) the rule: no choice
                a, b = net[h][ok].max(), net[h][~ok].max()
                diffs.append(a - b)
                follow += a >= b
            if diffs:
                rows.append(_row(rule, role, diffs, follow))
    return pd.DataFrame(rows, columns=["rule", "role", "n", "mean", "ci95_lo", "ci95_hi", "share", "share_lo",
                                       "share_hi"])
