"""``differenzler report`` (issue 52 item 7): what the adviser announces, in card terms.

Sampled hands (a uniform deal, the dealer at seat 3, the asking seat cycling 0..3 so that every
place in the announcing order has a quarter of the hands, the trump card a random card of the
dealer's hand) are each given to the adviser's simulation (:func:`~.engine.run_rounds` with the
deals conditioned on the seat's view, as ``differenzler advise`` does): the expected penalty of
every announcement 0..157 on the same deals. From it, per hand: the best announcement, its expected
penalty (the error no announcement avoids), and the extra expected penalty of each folk rule's
announcement over the best one (paired: the same deals). Open announcements: for the seats that
announce after others, the same deals played again with the earlier seats' true numbers (the fast
announcer's on their real hands) fixed, as ``advise --bids`` would be told them.

The hands are the units of every CI (each hand's own figures are means over its deals, so their
deal noise is inside the spread between hands). The document is in :mod:`.report_doc`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pandas as pd

from jass_sim.core.stats import Z95, wilson_ci
from jass_sim.jass.streams import STREAMS

#: The dealer of every sampled deal (the asking seat's place in the announcing order is its seat).
DEALER = 3
_J, _NINE, _A = 5, 3, 8
TRUMP_VALUES = (0, 0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_VALUES = (0, 0, 0, 0, 10, 2, 3, 4, 11)

#: The folk rules: (key, name, source, the announcement from a hand's row of features).
FOLK_RULES = (
    ("twice_trumps_11_aces", "twice the trump values plus 11 per side ace",
     "the bidder of github.com/matthias-research/differenzler (design/variants.md)",
     lambda f: 2 * f["trump_points"] + 11 * f["side_aces"]),
    ("card_points", "announce your card points", "a common first guess (the points one holds)",
     lambda f: f["card_points"]),
    ("tricks_17", "17 points per trick: trumps held plus side aces",
     "tricks-times-N (157 points over 9 tricks)",
     lambda f: 17 * (f["trumps"] + f["side_aces"])),
    ("average_39", "announce the average, 39", "the even share of 157 points",
     lambda f: 39),
    ("fast_announcer", "the package's fast announcer", "jass_sim.jass.differenzler._announce (fitted model)",
     lambda f: f["announcer"]),
)


def _buur_nell(buur: int, nell: int) -> str:
    return {(1, 1): "Buur+Nell", (1, 0): "Buur", (0, 1): "Nell", (0, 0): "neither"}[(int(buur), int(nell))]


def sample_hands(hands: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(deals int64[hands, 4, 9], seats, trump cards, adviser seeds)``: uniform deals, seat ``i % 4``
    asking, the trump card a random card of the dealer's (seat 3) hand."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(STREAMS["jass.differenzler-report"],)))
    deals = np.zeros((hands, 4, 9), dtype=np.int64)
    cards = np.zeros(hands, dtype=np.int64)
    seeds = np.zeros(hands, dtype=np.int64)
    for i in range(hands):
        deals[i] = np.sort(rng.permutation(36).reshape(4, 9), axis=1)
        cards[i] = deals[i, DEALER, rng.integers(9)]
        seeds[i] = rng.integers(0, 2 ** 62)
    return deals, np.arange(hands) % 4, cards, seeds


def hand_features(cards, trump: int) -> dict:
    """The card terms of a hand: trumps held, Buur, Nell, side aces, trump values, card points."""
    cards = [int(c) for c in cards]
    trumps = [c for c in cards if c // 9 == trump]
    side_aces = sum(1 for c in cards if c // 9 != trump and c % 9 == _A)
    tp = sum(TRUMP_VALUES[c % 9] for c in trumps)
    pts = tp + sum(PLAIN_VALUES[c % 9] for c in cards if c // 9 != trump)
    return {"trumps": len(trumps), "buur": int(9 * trump + _J in trumps), "nell": int(9 * trump + _NINE in trumps),
            "side_aces": side_aces, "trump_points": tp, "card_points": pts}


def _mask(cards) -> int:
    return sum(1 << int(c) for c in cards)


def analyse_hands(hands: int, samples: int, seed: int, threads: int | None = None,
                  progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per sampled hand: its features, the adviser's best announcement and expected
    penalty, every folk rule's announcement and extra penalty, and (seats 1-3) the open answer."""
    from jass_sim.jass.cards import MODE_NAMES, format_card
    from jass_sim.jass.differenzler._announce import announce, model_coefficients
    from jass_sim.jass.differenzler._batch import MADE
    from jass_sim.jass.differenzler.advise import penalty_table
    from jass_sim.jass.differenzler.engine import run_rounds
    from jass_sim.jass.differenzler.rules import MAX_BID, get_rules

    bonus = get_rules("differenzler").exact_bonus
    coef = model_coefficients()
    deals, seats, trump_cards, seeds = sample_hands(hands, seed)
    stream = STREAMS["jass.differenzler-advise"]
    rows = []
    for i in range(hands):
        seat, card = int(seats[i]), int(trump_cards[i])
        trump = card // 9
        masks = [_mask(deals[i, s]) for s in range(4)]
        numbers = [int(announce(np.uint64(masks[s]), trump, (s - DEALER - 1) & 3, coef)) for s in range(4)]
        fixed: list[int | None] = [None] * 4
        fixed[seat] = numbers[seat]
        known = (seat, masks[seat], DEALER, card)

        def table(bids):
            made = run_rounds(samples, int(seeds[i]), "number", bids=bids, known=known, stream=stream,
                              threads=threads)[:, MADE + seat]
            dist = np.bincount(made, minlength=MAX_BID + 1)[:MAX_BID + 1] / samples
            return penalty_table(dist, samples, bonus)

        mean, var = table(fixed)
        best = int(np.argmin(mean))
        row = {"hand": " ".join(format_card(int(c)) for c in deals[i, seat]), "seat": seat,
               "trump": MODE_NAMES[trump], "trump_card": format_card(card), **hand_features(deals[i, seat], trump),
               "announcer": numbers[seat], "best_bid": best, "min_penalty": float(mean[best]),
               "min_penalty_half": float(Z95 * math.sqrt(var[best]))}
        row["buur_nell"] = _buur_nell(row["buur"], row["nell"])
        for key, _, _, rule in FOLK_RULES:
            b = int(np.clip(rule(row), 0, MAX_BID))
            row[f"bid_{key}"] = b
            row[f"extra_{key}"] = float(mean[b] - mean[best])
        if seat > 0:  # the seats after the first know the earlier numbers when announcements are open
            open_fixed = list(fixed)
            for s in range(seat):
                open_fixed[s] = numbers[s]
            mean_o, _ = table(open_fixed)
            best_o = int(np.argmin(mean_o))
            row.update(best_open=best_o, shift_open=best_o - best,
                       value_open=float(mean_o[best] - mean_o[best_o]))
        else:
            row.update(best_open=best, shift_open=0, value_open=0.0)
        rows.append(row)
        if progress is not None:
            progress(i + 1)
    return pd.DataFrame(rows)


def mean_ci(x) -> dict:
    """``n, mean, sd, ci95_lo, ci95_hi`` of the values ``x`` (normal 95% CI of the mean; NaN with
    fewer than two values)."""
    x = np.asarray(x, dtype=float)
    n = len(x)
    m = float(x.mean()) if n else math.nan
    sd = float(x.std(ddof=1)) if n > 1 else math.nan
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.nan
    return {"n": n, "mean": m, "sd": sd, "ci95_lo": m - half, "ci95_hi": m + half}


def grouped(df: pd.DataFrame, by: list[str], column: str) -> pd.DataFrame:
    """``mean_ci`` of ``column`` per group of ``by`` (the groups in sorted order)."""
    out = [{**dict(zip(by, key if isinstance(key, tuple) else (key,))), **mean_ci(g[column])}
           for key, g in df.groupby(by, sort=True)]
    return pd.DataFrame(out, columns=[*by, "n", "mean", "sd", "ci95_lo", "ci95_hi"])


def rules_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per folk rule: the mean extra penalty over the adviser's best (paired per hand, 95%
    CI) and the verdict of :mod:`jass_sim.jass.report.verdicts`, decided on the rule's gain (its
    penalty's advantage over the adviser's best, minus the extra penalty: positive = rule better)."""
    from jass_sim.jass.report.verdicts import decide, holm, p_value

    rows = []
    for key, name, source, _ in FOLK_RULES:
        s = mean_ci(df[f"extra_{key}"])
        parts = []
        for a, g in df.groupby("side_aces", sort=True):
            if len(g) >= 2:
                q = mean_ci(-g[f"extra_{key}"])
                parts.append((int(a), q["mean"], q["ci95_lo"], q["ci95_hi"]))
        rows.append({"rule": key, "name": name, "source": source, **s,
                     "p_value": p_value(-s["mean"], -s["ci95_hi"], -s["ci95_lo"]),
                     "share_best": float((df[f"bid_{key}"] == df["best_bid"]).mean()), "_parts": parts})
    out = pd.DataFrame(rows)
    out["p_holm"] = holm(out["p_value"])
    verdicts = [decide(int(r["n"]), -r["mean"], -r["ci95_hi"], -r["ci95_lo"], r["p_holm"], r["_parts"])
                for _, r in out.iterrows()]
    out["verdict"] = [v for v, _ in verdicts]
    out["decided_by"] = [d for _, d in verdicts]
    return out.drop(columns="_parts")


def open_table(df: pd.DataFrame) -> pd.DataFrame:
    """Per seat 1..3 (knowing 1..3 earlier numbers): the paired shift of the best announcement
    (open minus secret), its size, the share of hands whose best changes (Wilson CI) and what
    keeping the secret answer costs when the numbers are open (expected penalty, paired)."""
    rows = []
    for seat, g in df[df["seat"] > 0].groupby("seat", sort=True):
        shift, size, value = mean_ci(g["shift_open"]), mean_ci(g["shift_open"].abs()), mean_ci(g["value_open"])
        k = int((g["shift_open"] != 0).sum())
        p, lo, hi = wilson_ci(k, len(g))
        secret, opened = mean_ci(g["best_bid"]), mean_ci(g["best_open"])
        rows.append({"seat": int(seat), "earlier_numbers": int(seat), "n": len(g),
                     "mean_secret": float(g["best_bid"].mean()), "mean_open": float(g["best_open"].mean()),
                     "shift": shift["mean"], "shift_lo": shift["ci95_lo"], "shift_hi": shift["ci95_hi"],
                     "abs_shift": size["mean"], "abs_shift_lo": size["ci95_lo"], "abs_shift_hi": size["ci95_hi"],
                     "changed": k, "share_changed": p, "share_lo": lo, "share_hi": hi,
                     "cost_secret": value["mean"], "cost_lo": value["ci95_lo"], "cost_hi": value["ci95_hi"],
                     "mean_secret_lo": secret["ci95_lo"], "mean_secret_hi": secret["ci95_hi"],
                     "mean_open_lo": opened["ci95_lo"], "mean_open_hi": opened["ci95_hi"]})
    return pd.DataFrame(rows)


def error_fit(df: pd.DataFrame) -> pd.DataFrame:
    """Least-squares fit of the unavoidable error (the best announcement's expected penalty) on the
    card terms: a coefficient per feature with its 95% CI (ordinary standard errors)."""
    names = ["trumps", "buur", "nell", "side_aces", "card_points"]
    seats = [f"seat_{s}" for s in range(1, 4)]
    X = np.column_stack([np.ones(len(df))] + [df[c].to_numpy(float) for c in names]
                        + [(df["seat"] == s).to_numpy(float) for s in range(1, 4)])
    y = df["min_penalty"].to_numpy(float)
    cols = ["intercept", *names, *seats]
    if len(y) <= X.shape[1]:
        return pd.DataFrame({"feature": cols, "coef": math.nan, "ci95_lo": math.nan, "ci95_hi": math.nan,
                             "n": len(y)})
    beta, *_ = np.linalg.lstsq(X, y, rcond=None)
    resid = y - X @ beta
    s2 = float(resid @ resid) / (len(y) - X.shape[1])
    se = np.sqrt(np.diag(s2 * np.linalg.pinv(X.T @ X)))
    return pd.DataFrame({"feature": cols, "coef": beta, "ci95_lo": beta - Z95 * se, "ci95_hi": beta + Z95 * se,
                         "n": len(y)})


class DifferenzlerReport:
    """The analysis: ``tables`` (every CSV of the report), the sizes and the command line."""

    def __init__(self, hands: int, samples: int, seed: int, command: str, df: pd.DataFrame, seconds: float):
        self.hands, self.samples, self.seed, self.command, self.seconds = hands, samples, seed, command, seconds
        df = df.assign(trumps_group=np.minimum(df["trumps"], 5))
        self.tables = {
            "hands": df.drop(columns="trumps_group"),
            "best_by_cards": grouped(df, ["trumps", "buur_nell", "side_aces", "seat"], "best_bid"),
            "best_by_trumps": grouped(df, ["trumps_group", "buur_nell"], "best_bid"),
            "best_by_aces_seat": grouped(df, ["side_aces", "seat"], "best_bid"),
            "rules": rules_table(df),
            "open": open_table(df),
            "error_by_trumps": grouped(df, ["trumps_group", "buur_nell"], "min_penalty"),
            "error_by_aces": grouped(df, ["side_aces"], "min_penalty"),
            "error_fit": error_fit(df),
        }


def build_report(hands: int, samples: int, seed: int = 0, command: str = "", threads: int | None = None,
                 progress: Callable[[int], None] | None = None) -> DifferenzlerReport:
    """Analyse ``hands`` sampled hands with ``samples`` deals each (see the module docstring)."""
    import time

    t0 = time.perf_counter()
    df = analyse_hands(hands, samples, seed, threads, progress)
    return DifferenzlerReport(hands, samples, seed, command, df, time.perf_counter() - t0)
