"""Capture priorities and folk rules of Basra, tested (report section 5, issue 51 item 7).

Positions met in greedy play where the player to move has at least two legal cards and the table is
not empty; each legal card's net (our points minus theirs to the end of the round, greedy players
after the move) on the same sampled worlds, as in the Jack section. A rule splits a position's cards
into those that follow it and those that break it; the position counts when both exist. Its figure
is the best following card minus the best breaking card, **cross-fitted**: each best card is picked
on one half of the worlds and valued on the other half, both ways, averaged (so that picking the
luckiest card does not count as a gain); the positions are the units of the 95% CI.

Verdicts (one family, Holm's correction over the rules): *confirmed* / *refuted* where the
Holm-adjusted p < 0.05 and the mean is above / below zero; *mixed* where it is not and the CI lies
within ±:data:`EQUIVALENCE` points (no difference a player would notice); *not enough data*
otherwise, or under :data:`MIN_POSITIONS` positions. No published Basra strategy text was found to
cite: the rules are folk advice, stated as players put it, and say so.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from jass_sim.basra.cards import cards_to_mask, parse_card
from jass_sim.core.stats import Z95, mean_ci, wilson_ci

#: Fewer positions than this: no verdict.
MIN_POSITIONS = 10
#: Net points per round within which a rule makes no difference a player would notice.
EQUIVALENCE = 0.5
#: Family-wise error rate of the verdicts.
ALPHA = 0.05
TEN_DIAMONDS, TWO_CLUBS = parse_card("D10"), parse_card("C2")
#: The rules: key, the advice as players give it, what follows it (the test's wording).
RULES = (
    ("basra", "Make a Basra whenever you can", "a card that clears the table (a Basra) against any other card"),
    ("ten_diamonds", "Take the 10♦ whenever you can (3 points)", "a card that wins the 10♦ against any other card"),
    ("two_clubs", "Take the 2♣ whenever you can (2 points)", "a card that wins the 2♣ against any other card"),
    ("capture", "Capture rather than lay a card", "a capturing card against a card that captures nothing"),
    ("most_cards", "When several captures are possible, take the most cards",
     "the capture of the most cards against a capture of fewer"),
    ("basra_over_ten", "A Basra is worth more than the 10♦", "a Basra without the 10♦ against a capture of the 10♦ "
     "that is no Basra"),
    ("no_lone_card", "Never leave a single card on the table (the next player may take it with a Basra)",
     "a card after which the table does not hold exactly one card against one that leaves one"),
)
COLUMNS = ("rule", "text", "test", "n", "targeted", "mean", "ci95_lo", "ci95_hi", "share", "share_lo", "share_hi",
           "p_value", "p_holm", "verdict")
#: Rules too rare among the positions of play for a verdict (the 10♦ or the 2♣ to take: about 2% of
#: positions): positions where they apply are also sampled on purpose from further greedy rounds,
#: each counted only for the rule it was drawn for (:func:`rare_positions`).
RARE = ("ten_diamonds", "two_clubs", "basra_over_ten")
#: At most this many greedy rounds walked for them (a Basra beside a 10♦ capture: about one position
#: in 400 rounds).
MAX_RARE_ROUNDS = 8000
#: Offset of the sampled worlds' seeds of the positions sampled on purpose (after the others').
RARE_SEED = 150_000


def moves(pos: dict, cands, rules) -> list[dict]:
    """What each candidate card does in position ``pos``: ``captured`` (cards taken from the
    table), ``basra``, ``wins`` (the cards that go to our pile: the captured ones and the card
    played, when it captures), ``left`` (table cards after the move)."""
    from jass_sim.basra.rules import capture

    table = cards_to_mask(pos["table"])
    out = []
    for c in cands:
        got, basra = capture(int(c), table, rules)
        n_got = int(got).bit_count()
        wins = (int(got) | (1 << int(c))) if n_got else 0
        out.append({"card": int(c), "captured": n_got, "basra": basra, "wins": wins,
                    "left": len(pos["table"]) - n_got if n_got else len(pos["table"]) + 1})
    return out


def follows(rule: str, mv: list[dict]) -> np.ndarray | None:
    """Per candidate: True if it follows ``rule``, False if it breaks it, None entries excluded
    (returned as a float array with NaN); None when the rule does not apply to the position."""
    f = np.full(len(mv), np.nan)
    if rule == "basra":
        f[:] = [m["basra"] for m in mv]
    elif rule in ("ten_diamonds", "two_clubs"):
        card = TEN_DIAMONDS if rule == "ten_diamonds" else TWO_CLUBS
        f[:] = [bool(m["wins"] >> card & 1) for m in mv]
    elif rule == "capture":
        f[:] = [m["captured"] > 0 for m in mv]
    elif rule == "most_cards":
        sizes = [m["captured"] for m in mv]
        top = max(sizes)
        for k, s in enumerate(sizes):
            if s > 0:
                f[k] = s == top
    elif rule == "basra_over_ten":
        for k, m in enumerate(mv):
            ten = bool(m["wins"] >> TEN_DIAMONDS & 1)
            if m["basra"] and not ten:
                f[k] = True
            elif ten and not m["basra"]:
                f[k] = False
    elif rule == "no_lone_card":
        f[:] = [m["left"] != 1 for m in mv]
    ok = f[~np.isnan(f)]
    if not (ok == 1).any() or not (ok == 0).any():
        return None
    return f


def cross_fit(net: np.ndarray, yes: np.ndarray, no: np.ndarray) -> float:
    """Best ``yes`` column minus best ``no`` column of ``net`` (worlds x cards), each best picked
    on one half of the worlds and valued on the other, both ways, averaged."""
    half = len(net) // 2
    out = []
    for pick, judge in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
        m = net[pick].mean(axis=0)
        a = yes[np.argmax(m[yes])]
        b = no[np.argmax(m[no])]
        out.append(net[judge, a].mean() - net[judge, b].mean())
    return float(np.mean(out))


def choice_positions(n: int, rules, seed: int, want: int) -> list[dict]:
    """Positions met in greedy play with two or more cards in hand and a table that is not empty
    (rounds replayed from ``seed``), at most ``want``."""
    from jass_sim.basra.report_positions import walk_positions

    out = []
    for pos in walk_positions(n, rules, seed, 50 * want + 100):
        if len(out) >= want:
            break
        if pos["table"] and len(pos["hand"]) >= 2:
            out.append(pos)
    return out


def _p(mean: float, lo: float, hi: float) -> float:
    se = (hi - lo) / (2 * Z95)
    if not (np.isfinite(se) and se > 0):
        return math.nan
    return math.erfc(abs(mean) / se / math.sqrt(2))


def holm(p) -> np.ndarray:
    """Holm's step-down adjusted p-values (NaN entries stay NaN and do not count)."""
    p = np.asarray(p, dtype=float)
    out = np.full(len(p), math.nan)
    idx = np.flatnonzero(np.isfinite(p))
    running = 0.0
    for rank, i in enumerate(idx[np.argsort(p[idx], kind="stable")]):
        running = max(running, min(1.0, (len(idx) - rank) * p[i]))
        out[i] = running
    return out


def verdict(n: int, mean: float, lo: float, hi: float, p_holm: float) -> str:
    """The rule's verdict (see the module)."""
    if n < MIN_POSITIONS:
        return "not enough data"
    if np.isfinite(p_holm) and p_holm < ALPHA:
        return "confirmed" if mean > 0 else "refuted"
    if -EQUIVALENCE <= lo and hi <= EQUIVALENCE:
        return "mixed"
    return "not enough data"


def rare_positions(n: int, rules, seed: int, want: int) -> list[tuple[dict, tuple[str, ...]]]:
    """Positions sampled on purpose for the :data:`RARE` rules: positions met in greedy play
    (rounds replayed from ``seed``, at most ``min(MAX_RARE_ROUNDS, 40 * want + 100)``) where such a
    rule applies to the hand's cards, as ``(position, the rules it was drawn for)``. A rule takes
    every such position met until it has ``want``, then no more, so each rule's positions are those
    of play where it applies, in the order met: its figure needs no weights."""
    from jass_sim.basra.report_positions import walk_positions

    count = dict.fromkeys(RARE, 0)
    out: list[tuple[dict, tuple[str, ...]]] = []
    if want <= 0:
        return out
    for pos in walk_positions(n, rules, seed, min(MAX_RARE_ROUNDS, 40 * want + 100)):
        if min(count.values()) >= want:
            break
        if not pos["table"] or len(pos["hand"]) < 2:
            continue
        mv = moves(pos, pos["hand"], rules)
        keys = tuple(k for k in RARE if count[k] < want and follows(k, mv) is not None)
        for k in keys:
            count[k] += 1
        if keys:
            out.append((pos, keys))
    return out


def rules_table(positions: list[dict], n: int, rules, samples: int, seed: int,
                rare: list[tuple[dict, tuple[str, ...]]] = ()) -> pd.DataFrame:
    """Every rule of :data:`RULES` on ``positions`` (:data:`COLUMNS`): the cross-fitted best
    following minus best breaking net, mean and 95% CI over the positions where the rule applies;
    ``share``: how often the following card is the better one (Wilson); the verdict. ``rare``
    (:func:`rare_positions`) add positions to the rules they were drawn for only (``targeted``:
    how many)."""
    from jass_sim.basra.report_positions import nets as _nets

    diffs: dict[str, list[float]] = {k: [] for k, _, _ in RULES}
    targeted = dict.fromkeys(diffs, 0)
    jobs = [(pos, tuple(diffs), seed + i, False) for i, pos in enumerate(positions)]
    jobs += [(pos, keys, seed + RARE_SEED + j, True) for j, (pos, keys) in enumerate(rare)]
    for pos, keys, world_seed, on_purpose in jobs:
        cands, net = _nets(pos, n, rules, samples, world_seed)
        if len(cands) < 2:
            continue
        mv = moves(pos, cands, rules)
        for key in keys:
            f = follows(key, mv)
            if f is not None:
                diffs[key].append(cross_fit(net.astype(np.float64), np.flatnonzero(f == 1), np.flatnonzero(f == 0)))
                targeted[key] += on_purpose
    rows = []
    for key, text, test in RULES:
        d = np.asarray(diffs[key])
        m, lo, hi = mean_ci(float(d.sum()), float((d * d).sum()), len(d)) if len(d) else (math.nan,) * 3
        p, plo, phi = wilson_ci(int((d > 0).sum()), len(d)) if len(d) else (math.nan,) * 3
        rows.append({"rule": key, "text": text, "test": test, "n": len(d), "targeted": targeted[key], "mean": m, "ci95_lo": lo, "ci95_hi": hi,
                     "share": p, "share_lo": plo, "share_hi": phi,
                     "p_value": _p(m, lo, hi) if len(d) >= MIN_POSITIONS else math.nan})
    df = pd.DataFrame(rows)
    df["p_holm"] = holm(df["p_value"].to_numpy())
    df["verdict"] = [verdict(int(r["n"]), r["mean"], r["ci95_lo"], r["ci95_hi"], r["p_holm"]) for _, r in df.iterrows()]
    return df[list(COLUMNS)]


def blocks(table: pd.DataFrame, positions: int, samples: int, pm, pct_ci) -> list[tuple]:
    """Section 5 of the report (``pm``, ``pct_ci``: the report's CI formats)."""
    out: list[tuple] = [("h2", "5. Which capture: priorities and folk rules, tested")]
    out.append(("p", f"Positions met in greedy play where the player to move has two or more cards and the table is "
                     f"not empty ({positions} positions, {samples} sampled worlds each). A rule splits a position's "
                     "legal cards into those that follow it and those that break it; where both exist, the figure "
                     "is the best following card's net minus the best breaking card's (net: our points minus "
                     "theirs to the end of the round, greedy play after the move), each best card picked on one "
                     "half of the worlds and valued on the other (cross-fitting), the positions the units of the "
                     "95% CI. **Verdicts** (Holm's correction over the rules, one family): *confirmed* / "
                     f"*refuted*: adjusted p < {ALPHA}, mean above / below zero; *mixed*: not significant and the CI "
                     f"within ±{EQUIVALENCE:g} points; *not enough data*: under {MIN_POSITIONS} positions or a CI "
                     "too wide. The rare rules (the 10♦, the 2♣, a Basra over the 10♦) also get positions sampled "
                     "on purpose: further greedy rounds are walked and every position where such a rule applies "
                     "is kept, up to a quarter of the positions per rule, each counted only for the rule it was "
                     "drawn for (so a rule's figure is over the positions of play where it applies, and needs no "
                     "weights; column *of which on purpose*). No published Basra strategy text was found: these "
                     "are folk rules, as players state them. The CIs cover the sampled worlds, not the greedy "
                     "play model."))
    rows = [[r["text"], f"**{r['verdict']}**", str(int(r["n"])), str(int(r.get("targeted", 0))),
             pm(r) if r["n"] >= 2 else "—",
             pct_ci(r["share"], r["share_lo"], r["share_hi"]) if r["n"] else "—", r["test"]]
            for _, r in table.iterrows()]
    out.append(("table", ["rule", "verdict", "positions", "of which on purpose", "following minus breaking (net)",
                          "following better", "test"], rows, "Capture priorities and folk rules", "llrrrrl"))
    return out
